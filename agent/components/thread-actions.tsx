import { useState } from 'preact/hooks';
import type { Inbox } from '../state';
import { text } from '../text';

/**
 * What an agent does with the open conversation: claim or release it, hand it back to the
 * bot, close it with a note; admins may delete it or everything of its visitor session.
 */
export function ThreadActions({ inbox }: { inbox: Inbox }) {
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState('');
  const detail = inbox.thread.value;
  const me = inbox.agentName.value;
  const admin = inbox.me.value?.role === 'admin';
  const c = detail?.conversation;
  if (!c) return null;
  const mine = c.assignee === me;

  async function close(event?: SubmitEvent) {
    event?.preventDefault();
    await inbox.closeConversation(note);
    setNoting(false);
    setNote('');
    if (!inbox.openId.value) document.getElementById('waiting-heading')?.focus() ?? document.getElementById('conversations-heading')?.focus();
  }

  async function remove(scope: 'conversation' | 'session') {
    if (!confirm(scope === 'conversation' ? text.confirmDelete : text.confirmDeleteSession)) return;
    await inbox.remove(scope);
  }

  return (
    <div class="actions">
      {c.status === 'handoff' && !c.assignee && <button type="button" onClick={() => void inbox.claim()}>{text.claim}</button>}
      {c.assignee && (mine || admin) && <button type="button" class="quiet" onClick={() => void inbox.release()}>{text.release}</button>}
      {c.status === 'handoff' && <button type="button" class="quiet" onClick={() => void inbox.handBack()}>{text.handBack}</button>}
      {c.status !== 'closed' && !noting && (
        <>
          <button type="button" onClick={() => void close()} aria-busy={inbox.closing.value}>{text.closeConversation}</button>
          <button type="button" class="quiet" onClick={() => setNoting(true)}>{text.closeWithNote}</button>
        </>
      )}
      {noting && (
        <form class="note" onSubmit={(e) => void close(e)}>
          <label>
            {text.noteLabel}
            <textarea rows={2} maxLength={2000} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
          </label>
          <button type="submit">{text.closeConversation}</button>
          <button type="button" class="quiet" onClick={() => setNoting(false)}>Cancel</button>
        </form>
      )}
      {admin && (
        <>
          <button type="button" class="danger" onClick={() => void remove('conversation')}>{text.deleteConversation}</button>
          <button type="button" class="danger" onClick={() => void remove('session')}>{text.deleteSession}</button>
        </>
      )}
      {inbox.actionError.value && <p class="error" role="alert">{inbox.actionError.value}</p>}
    </div>
  );
}
