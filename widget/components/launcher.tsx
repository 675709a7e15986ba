import type { Ref } from 'preact';
import { useStore } from '../context';
import { ChatIcon, CloseIcon } from './icons';

/** The floating button. Its accessible name is the localized "Open chat" / "Close chat". */
export function Launcher({ buttonRef }: { buttonRef: Ref<HTMLButtonElement> }) {
  const s = useStore();
  const open = s.isOpen.value;
  return (
    <button
      ref={buttonRef}
      type="button"
      class="launcher"
      aria-label={s.l.value.t(open ? 'close' : 'open')}
      aria-expanded={open}
      onClick={s.toggle}
    >
      {open ? <CloseIcon /> : <ChatIcon />}
    </button>
  );
}
