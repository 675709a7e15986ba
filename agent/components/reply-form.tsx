import { useEffect, useRef } from 'preact/hooks';
import type { Inbox } from '../state';
import { text } from '../text';

export function ReplyForm({ inbox }: { inbox: Inbox }) {
  const box = useRef<HTMLTextAreaElement>(null);
  const id = inbox.openId.value;

  // Opening a conversation is almost always followed by answering it.
  useEffect(() => box.current?.focus(), [id]);

  function onKeyDown(event: KeyboardEvent) {
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
      <div class="reply-foot">
        <span id="reply-hint" class="hint">
          {text.replyHint}
        </span>
        <button type="submit">{text.sendReply}</button>
      </div>
    </form>
  );
}
