import type { StreamStage } from '../../protocol/codes.ts';
import { useStore } from '../context';
import type { Key } from '../i18n';
import type { Msg } from '../messages';
import { Citations } from './citations';
import { FeedbackButtons } from './feedback-buttons';
import { MarkdownBody } from './markdown-body';

/** A line for every stage of protocol/codes.ts; a stage another server invents shows as `…`. */
const STAGES: Record<string, Key> = { retrieving: 'retrieving', generating: 'generating' } satisfies Record<StreamStage, Key>;

/** One bubble. It reads only its own message's signals, so other messages never re-render. */
export function MessageItem({ m }: { m: Msg }) {
  const s = useStore();
  const l = s.l.value;
  if (m.role === 'user')
    return (
      <div class="msg user" dir="auto">
        {m.image && <img src={m.image} alt={l.t('yourImage')} />}
        {m.text}
      </div>
    );
  const state = m.state.value;
  const err = m.error.value;
  const stage = m.stage.value;
  const label = s.config.value?.handoff_agent_label || l.t('agent');
  return (
    <div class="msg" dir="auto" aria-busy={state === 'streaming'}>
      {m.agent && (
        <div class="agent">
          {m.agent} · {label}
        </div>
      )}
      {m.image && <img src={m.image} alt="" />}
      <MarkdownBody text={m.text} streaming={state === 'streaming'} />
      {state === 'streaming' && <div class="stage">{stage && STAGES[stage] ? l.t(STAGES[stage]) : '…'}</div>}
      {state === 'stopped' && <div class="note">{l.t('stopped')}</div>}
      {err && (
        <div class="row err" role="alert">
          <span>{err.message || l.t(`error.${err.code}` as Key)}</span>
          {m.retry && (
            <button type="button" onClick={() => s.retry(m)} disabled={s.busy.value}>
              {l.t('retry')}
            </button>
          )}
        </div>
      )}
      {state === 'done' && <Citations list={m.citations.value} />}
      {/* Thumbs only on the bot's answers: not on a person's, nor on what the system says. */}
      {state === 'done' && m.id && !m.agent && !m.system && !s.feedbackOff.value && <FeedbackButtons m={m} />}
    </div>
  );
}
