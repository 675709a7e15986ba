import { useStore } from '../context';
import type { Msg } from '../messages';
import { DownIcon, UpIcon } from './icons';

/** Thumbs up/down (feedback extension). Pressing the active one again clears it. */
export function FeedbackButtons({ m }: { m: Msg }) {
  const s = useStore();
  const l = s.l.value;
  const v = m.feedback.value;
  return (
    <div class="row">
      <button type="button" aria-label={l.t('helpful')} aria-pressed={v === 'positive'} onClick={() => s.feedback(m, 'positive')}>
        <UpIcon />
      </button>
      <button type="button" aria-label={l.t('notHelpful')} aria-pressed={v === 'negative'} onClick={() => s.feedback(m, 'negative')}>
        <DownIcon />
      </button>
    </div>
  );
}
