import { useEffect, useState } from 'preact/hooks';
import { useStore } from '../context';
import type { Key } from '../i18n';

/**
 * Failures before a stream opens (the text is already back in the composer). A 429 shows the
 * bot's own warning and counts down its Retry-After, during which Send stays disabled.
 */
export function ErrorLine() {
  const s = useStore();
  const l = s.l.value;
  const f = s.failure.value;
  const until = s.retryUntil.value;
  // A tick only re-renders; the clock is read at render time. (Holding Date.now() in state
  // from when the panel opened made the first line read Retry-After plus the time it had been open.)
  const [, tick] = useState(0);
  useEffect(() => {
    if (until <= Date.now()) return;
    const id = setInterval(() => {
      tick((n) => n + 1);
      if (Date.now() >= until) {
        clearInterval(id);
        s.retryUntil.value = 0;
      }
    }, 1000);
    return () => clearInterval(id);
  }, [until]);
  if (!f) return null;
  const text =
    f.code === 'rate_limited' ? s.config.value?.warning_message || l.t('error.rate_limited') : l.t(`error.${f.code}` as Key);
  const left = Math.ceil((until - Date.now()) / 1000);
  return (
    <div class="line" role="alert">
      {text}
      {left > 0 && ` ${l.t('retryIn', { n: left })}`}
    </div>
  );
}
