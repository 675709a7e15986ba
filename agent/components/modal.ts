import { useEffect, useRef } from 'preact/hooks';

/**
 * A <dialog> shown modally while `open` holds (focus kept inside, Esc closes it); where the
 * browser has no showModal (a test DOM) it is simply shown. Returns the ref for the dialog and
 * a close() that goes through the dialog, so its onClose runs either way.
 */
export function useModal(open: boolean, onClosed: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!open || !d || d.open) return;
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
  }, [open]);
  const close = () => (ref.current?.close ? ref.current.close() : onClosed());
  return { ref, close };
}
