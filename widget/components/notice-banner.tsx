import { useStore } from '../context';

/** A non-blocking banner for in-stream notices; the thread stays usable underneath. */
export function NoticeBanner() {
  const s = useStore();
  const key = s.banner.value;
  if (!key) return null;
  const l = s.l.value;
  return (
    <div class="banner" role="status">
      <span>{l.t(key)}</span>
      <button type="button" aria-label={l.t('dismiss')} onClick={() => (s.banner.value = null)}>
        ×
      </button>
    </div>
  );
}
