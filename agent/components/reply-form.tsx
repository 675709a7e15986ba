import { useEffect, useRef } from 'preact/hooks';
import type { Inbox } from '../state';
import { text } from '../text';

export function ReplyForm({ inbox }: { inbox: Inbox }) {
  const box = useRef<HTMLTextAreaElement>(null);
  const id = inbox.openId.value;

  // Opening a conversation is almost always followed by answering it.
  useEffect(() => box.current?.focus(), [id]);

  // "/hou" offers the canned replies whose shortcut starts so; Enter or Tab takes the first.
  const typed = /^\/(\S*)$/.exec(inbox.draft.value);
  const canned = typed ? (inbox.me.value?.canned_replies ?? []).filter((c) => c.shortcut.startsWith(typed[1].toLowerCase())) : [];
  function insert(value: string) {
    inbox.setDraft(value);
    box.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (canned.length && (event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      insert(canned[0].text);
      return;
    }
    // isComposing: Enter that confirms an IME candidate (Japanese, Chinese…) must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void inbox.sendReply();
    }
  }

  function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    void inbox.sendReply();
    box.current?.focus();
  }

  return (
    <form class="reply" onSubmit={onSubmit}>
      <label for="reply-box">{text.reply}</label>
      <textarea
        ref={box}
        id="reply-box"
        rows={3}
        value={inbox.draft.value}
        onInput={(event) => inbox.setDraft(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        aria-describedby="reply-hint"
      />
      {canned.length > 0 && (
        <ul class="canned" aria-label={text.cannedLabel}>
          {canned.map((c) => (
            <li key={c.shortcut}>
              <button type="button" class="quiet" onClick={() => insert(c.text)}>
                /{c.shortcut}: {c.text}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="reply-foot">
        <span id="reply-hint" class="hint">
          {text.replyHint} {inbox.me.value?.canned_replies.length ? text.cannedHint : ''}
        </span>
        <button type="submit">{text.sendReply}</button>
      </div>
    </form>
  );
}
