import { useEffect, useRef, useState } from 'preact/hooks';
import type { Inbox } from '../state';
import { useModal } from './modal';
import { text } from '../text';

type Confirming = 'conversation' | 'session' | null;

/**
 * What an agent does with the open conversation (issue 22): the everyday action in view
 * (Claim, or Release when it is yours, and Close), the rest in one "More actions" menu: assign
 * to a colleague, hand back to the bot, close with a note, and for admins the two deletions,
 * each asked again in a dialog that says what goes, then the result said where the thread was.
 */
export function ThreadActions({ inbox }: { inbox: Inbox }) {
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState('');
  const [menu, setMenu] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const dialog = useModal(confirming !== null, () => setConfirming(null));
  const detail = inbox.thread.value;
  const me = inbox.agentName.value;
  const admin = inbox.me.value?.role === 'admin';
  const c = detail?.conversation;

  useEffect(() => {
    if (!menu) return;
    void inbox.loadAgents();
    // A click elsewhere or Escape closes the menu.
    const away = (e: Event) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenu(false);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenu(false);
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [menu]);
  if (!c) return null;
  const mine = c.assignee === me;
  const others = inbox.agents.value.filter((a) => a !== c.assignee);

  async function close(event?: SubmitEvent) {
    event?.preventDefault();
    await inbox.closeConversation(note);
    setNoting(false);
    setNote('');
    if (!inbox.openId.value) document.getElementById('waiting-heading')?.focus() ?? document.getElementById('conversations-heading')?.focus();
  }

  async function confirmDelete() {
    const scope = confirming;
    dialog.close();
    setConfirming(null);
    if (scope) await inbox.remove(scope);
  }

  function onAssign(event: SubmitEvent) {
    event.preventDefault();
    const to = new FormData(event.currentTarget as HTMLFormElement).get('agent');
    if (typeof to === 'string' && to) {
      setMenu(false);
      void inbox.assign(to);
    }
  }

  const pick = (run: () => void) => () => {
    setMenu(false);
    run();
  };

  return (
    <div class="actions">
      {c.status === 'handoff' && !c.assignee && <button type="button" onClick={() => void inbox.claim()}>{text.claim}</button>}
      {c.assignee && (mine || admin) && <button type="button" class="quiet" onClick={() => void inbox.release()}>{text.release}</button>}
      {c.status !== 'closed' && !noting && (
        <button type="button" onClick={() => void close()} aria-busy={inbox.closing.value}>{text.closeConversation}</button>
      )}
      <div class="menu" ref={menuRef}>
        <button type="button" class="quiet" aria-haspopup="true" aria-expanded={menu} onClick={() => setMenu(!menu)}>
          {text.moreActions}
          <span aria-hidden="true"> ▾</span>
        </button>
        {menu && (
          <div class="menu-list" role="group" aria-label={text.moreActions}>
            {(!c.assignee || mine || admin) && (
              <form class="assign" onSubmit={onAssign}>
                <label>
                  {text.assignTo}{' '}
                  <select name="agent">
                    {others.map((a) => (
                      <option key={a} value={a}>
                        {a === me ? `${a} (me)` : a}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" class="quiet" disabled={!others.length}>{text.assign}</button>
              </form>
            )}
            {c.status === 'handoff' && <button type="button" class="quiet" onClick={pick(() => void inbox.handBack())}>{text.handBack}</button>}
            {c.status !== 'closed' && <button type="button" class="quiet" onClick={pick(() => setNoting(true))}>{text.closeWithNote}</button>}
            {admin && (
              <>
                <hr />
                <button type="button" class="danger" onClick={pick(() => setConfirming('conversation'))}>{text.deleteConversation}…</button>
                <button type="button" class="danger" onClick={pick(() => setConfirming('session'))}>{text.deleteSession}…</button>
              </>
            )}
          </div>
        )}
      </div>
      {noting && (
        <form class="note" onSubmit={(e) => void close(e)}>
          <label>
            {text.noteLabel}
            <textarea rows={2} maxLength={2000} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
          </label>
          <button type="submit">{text.closeConversation}</button>
          <button type="button" class="quiet" onClick={() => setNoting(false)}>{text.cancel}</button>
        </form>
      )}
      {confirming && (
        <dialog ref={dialog.ref} class="confirm" aria-labelledby="confirm-title" onClose={() => setConfirming(null)}>
          <h3 id="confirm-title">{confirming === 'conversation' ? text.deleteConversation : text.deleteSession}?</h3>
          <p>{confirming === 'conversation' ? text.confirmDelete : text.confirmDeleteSession}</p>
          <div class="confirm-buttons">
            <button type="button" class="quiet" onClick={dialog.close} autoFocus>{text.cancel}</button>
            <button type="button" class="danger-solid" onClick={() => void confirmDelete()}>{text.confirm}</button>
          </div>
        </dialog>
      )}
      {inbox.actionError.value && <p class="error" role="alert">{inbox.actionError.value}</p>}
    </div>
  );
}
