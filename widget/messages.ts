// A message in the thread. Its changing parts are signals so that streaming a chunk, a
// feedback click or an error touches one message's DOM and never re-renders the list.
import { signal, type Signal } from '@preact/signals';
import type { Picked } from './images';
import { safeImage } from './url';
import { FEEDBACK_VALUES, type FeedbackRating, type MessageRole } from '../protocol/codes.ts';
import type { Citation, Failure, HistoryMessage } from './types';

export interface Draft { text: string; image: Picked | null }

export interface Msg {
  key: string;
  /** Server message id, once known (history, or `assistant_message_id` of `done`). */
  id: string | null;
  role: MessageRole;
  text: Signal<string>;
  state: Signal<'streaming' | 'done' | 'error' | 'stopped'>;
  /** A `status` event's stage, as the server sent it (another server may send one we do not know). */
  stage: Signal<string | null>;
  citations: Signal<Citation[]>;
  feedback: Signal<FeedbackRating | null>;
  error: Signal<Failure | null>;
  agent: string | null;
  image: string | null;
  /** The system speaking, not the bot answering (e.g. "our team is offline"): no thumbs. */
  system?: boolean;
  /** On a failed answer: what the user sent, for Retry. */
  retry?: Draft;
}

let seq = 0;
/** A new message; `extra` sets fixed fields such as `id`, `image` or `agent`. */
export function message(role: Msg['role'], text = '', extra: Partial<Msg> = {}): Msg {
  return {
    key: `m${++seq}`,
    id: null,
    role,
    text: signal(text),
    state: signal('done'),
    stage: signal(null),
    citations: signal([]),
    feedback: signal(null),
    error: signal(null),
    agent: null,
    image: null,
    ...extra,
  };
}

export function fromHistory(m: HistoryMessage): Msg {
  const msg = message(m.role === 'user' ? 'user' : 'assistant', String(m.content ?? ''), {
    id: m.id,
    agent: m.agent_name || null,
    image: typeof m.image_preview === 'string' ? safeImage(m.image_preview) : null,
  });
  msg.citations.value = Array.isArray(m.citations) ? m.citations : [];
  msg.feedback.value = FEEDBACK_VALUES.includes(m.feedback as FeedbackRating) ? (m.feedback as FeedbackRating) : null;
  return msg;
}

