import type { Ref } from 'preact';
import { useStore } from '../context';
import { ChatIcon, CloseIcon } from './icons';

/**
 * The floating button. Its accessible name is the localized "Open chat" / "Close chat", plus
 * the number of unread replies, which also shows as a badge.
 */
export function Launcher({ buttonRef }: { buttonRef: Ref<HTMLButtonElement> }) {
  const s = useStore();
  const open = s.isOpen.value;
  const l = s.l.value;
  const n = s.unread.value;
  const name = l.t(open ? 'close' : 'open');
  return (
    <button
      ref={buttonRef}
      type="button"
      class="launcher"
      hidden={s.launcherHidden.value && !open}
      aria-label={n ? `${name} (${l.t('unread', { n })})` : name}
      aria-expanded={open}
      onClick={s.toggle}
    >
      {open ? <CloseIcon /> : <ChatIcon />}
      {n > 0 && (
        <span class="badge" aria-hidden="true">
          {n > 9 ? '9+' : n}
        </span>
      )}
    </button>
  );
}
