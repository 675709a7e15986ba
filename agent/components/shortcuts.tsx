import { useLayoutEffect, useState } from 'preact/hooks';
import { useModal } from './modal';
import type { Inbox } from '../state';

/** Every shortcut, as the help overlay lists it (issue 22). Single keys, none while typing. */
export const SHORTCUTS: ReadonlyArray<[key: string, what: string]> = [
  ['j', 'Next conversation in the list'],
  ['k', 'Previous conversation in the list'],
  ['r', 'Reply: move to the reply box'],
  ['c', 'Claim the open conversation'],
  ['e', 'Close the open conversation'],
  ['/', 'Search conversations'],
  ['?', 'Show or hide these shortcuts'],
  ['Esc', 'Leave the reply box, close this help'],
];

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/** The keyboard of the console: moving through the list, reply, claim, close, search; `?` shows them. */
export function Shortcuts({ inbox }: { inbox: Inbox }) {
  const [help, setHelp] = useState(false);
  const dialog = useModal(help, () => setHelp(false));

  // Attached as the page renders (not after paint), so a key pressed at once is heard.
  useLayoutEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (e.key === 'Escape' && typing(e.target)) return void (e.target as HTMLElement).blur();
      if (typing(e.target) || document.querySelector('dialog[open]:not(.shortcuts)')) return;
      const act = KEYS[e.key];
      if (!act) return;
      e.preventDefault();
      act();
    }
    const move = (step: number) => {
      const view = inbox.route.value.view;
      const items = view === 'conversations' ? inbox.browse.items.value : view === 'inbox' ? inbox.conversations.value : [];
      if (!items.length) return;
      const at = items.findIndex((c) => c.conversation_id === inbox.openId.value);
      const next = items[at < 0 ? (step > 0 ? 0 : items.length - 1) : Math.min(items.length - 1, Math.max(0, at + step))];
      void inbox.openConversation(next.conversation_id);
      // The list's button of the conversation gets focus, so Enter and screen readers follow.
      requestAnimationFrame(() => [...document.querySelectorAll<HTMLElement>('.item')].find((b) => b.dataset.id === next.conversation_id)?.focus());
    };
    const KEYS: Record<string, () => void> = {
      j: () => move(1),
      k: () => move(-1),
      r: () => document.getElementById('reply-box')?.focus(),
      c: () => {
        const c = inbox.thread.value?.conversation;
        if (c && c.status === 'handoff' && !c.assignee) void inbox.claim();
      },
      e: () => {
        const c = inbox.thread.value?.conversation;
        if (c && c.status !== 'closed') void inbox.closeConversation();
      },
      '/': () => {
        if (inbox.route.value.view !== 'conversations') inbox.go('conversations', { status: 'all' });
        requestAnimationFrame(() => document.querySelector<HTMLInputElement>('input[name="q"]')?.focus());
      },
      '?': () => setHelp((h) => !h),
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [inbox]);

  if (!help) return null;
  return (
    <dialog ref={dialog.ref} class="confirm shortcuts" aria-labelledby="shortcuts-title" onClose={() => setHelp(false)}>
      <h3 id="shortcuts-title">Keyboard shortcuts</h3>
      <table class="data">
        <tbody>
          {SHORTCUTS.map(([key, what]) => (
            <tr key={key}>
              <th scope="row">
                <kbd>{key}</kbd>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="confirm-buttons">
        <button type="button" onClick={dialog.close} autoFocus>
          Close
        </button>
      </div>
    </dialog>
  );
}
