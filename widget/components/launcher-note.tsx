import { useStore } from '../context';

/**
 * A line above the closed launcher: the last reply that arrived while the panel was closed,
 * or a proactive message. Clicking it opens the chat; × dismisses it.
 */
export function LauncherNote() {
  const s = useStore();
  const l = s.l.value;
  const reply = s.preview.value;
  const pro = s.proactive.value;
  const text = reply || pro?.text;
  if (!text || s.launcherHidden.value) return null;
  const dismiss = () => {
    if (reply) s.preview.value = null;
    else s.dismissProactive();
  };
  return (
    <div class="note-card" role="status" dir="auto">
      <button type="button" class="note-text" onClick={() => s.open()}>
        {text}
      </button>
      <button type="button" class="note-x" aria-label={l.t('dismiss')} onClick={dismiss}>
        ×
      </button>
    </div>
  );
}
