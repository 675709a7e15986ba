import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Inbox } from '../state';
import { text } from '../text';

export function SignInForm({ inbox }: { inbox: Inbox }) {
  const value = useSignal('');
  const input = useRef<HTMLInputElement>(null);
  const error = inbox.authError.value;

  // The only thing to do on this page is type the token.
  useEffect(() => input.current?.focus(), []);

  function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    void inbox.signIn(value.value);
  }

  return (
    <main class="sign-in">
      <form onSubmit={onSubmit} aria-labelledby="sign-in-title" aria-busy={inbox.signingIn.value} novalidate>
        <h1 id="sign-in-title">{text.title}</h1>
        <label for="agent-token">{text.tokenLabel}</label>
        {/* A password field: masked in every browser, and password managers can keep the token. */}
        <input
          ref={input}
          id="agent-token"
          type="password"
          autocomplete="current-password"
          autocapitalize="off"
          spellcheck={false}
          value={value.value}
          onInput={(event) => (value.value = event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'sign-in-error' : undefined}
        />
        {error && (
          <p id="sign-in-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit">{text.signIn}</button>
      </form>
    </main>
  );
}
