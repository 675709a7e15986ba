/**
 * One chat turn after the request was accepted and the stream opened:
 * retrieve → generate → filter → persist, emitting events in the order of design.md:
 * status retrieving → notice* → status generating → content* → replace? → done | error.
 */
import type { VisitorContext } from '../../protocol/console.ts';
import type { BotSettings } from '../config/config.ts';
import type { Lease } from './admission.ts';
import type { Context } from '../context.ts';
import { EngineError, type EngineResult } from '../engines/engine.ts';
import { blockedMatcher, redact } from './filters.ts';
import { MIN_RELEVANCE } from '../knowledge/knowledge.ts';
import type { Passage, Turn } from '../knowledge/passage.ts';
import type { SearchResult } from '../knowledge/knowledge.ts';
import { phrase } from '../engines/phrases.ts';
import { asksForHuman, recordHandoff } from './handoff.ts';
import { messageLanguage } from '../knowledge/language.ts';
import { smallTalk, withoutSmallTalk } from './small-talk.ts';
import { searchAttempts } from './search-plan.ts';
import { publish } from '../console/publish.ts';
import { isServiceDown } from '../ops/outage.ts';
import type { NoticeCode, NoticeLevel, StreamErrorCode } from '../../protocol/codes.ts';
import type { ChatEvent } from './sse.ts';
import type { DomainEvent } from '../console/events.ts';
import type { TurnOutput } from './turn-stream.ts';
import type { Citation, Conversation } from '../store/store.ts';
import { terms } from '../knowledge/text.ts';

export interface TurnInput {
  bot: BotSettings;
  sessionId: string;
  message: string;
  conversation: Conversation | null;
  image: { data: string; mediaType: string; preview: string } | null;
  /** Where the visitor is (issue 22): kept with a conversation this turn starts. */
  context?: VisitorContext | null;
}

const MESSAGES = {
  filtered: 'This message could not be answered because it was blocked by a content filter.',
  unavailable: 'The assistant is unavailable right now. Please try again in a moment.',
  credits: 'The assistant is temporarily unavailable. Please try again later.',
  internal: 'Something went wrong while answering. Please try again.',
} as const;

const notice = (code: NoticeCode, level: NoticeLevel = 'warning'): ChatEvent => ({ type: 'notice', code, level, message_key: `notice.${code}` });

/**
 * Citations from the passages the answer used: distinct sources, best first, at most 3.
 * Without a list from the engine, a passage counts as used when much of the answer's
 * vocabulary appears in it.
 */
function citationsFor(bot: BotSettings, passages: Passage[], answer: string, used: string[] | undefined): Citation[] {
  let picked: Passage[];
  if (used) {
    picked = passages.filter((p) => used.includes(p.id));
  } else {
    const words = new Set(terms(answer));
    picked = passages.filter((p) => {
      if (words.size === 0) return false;
      const own = new Set(terms(p.text));
      let hit = 0;
      for (const w of words) if (own.has(w)) hit++;
      return hit / words.size >= 0.3;
    });
  }
  const bySource = new Map<string, Citation>();
  for (const p of [...picked].sort((a, b) => b.score - a.score)) {
    if (bySource.has(p.sourceId)) continue;
    bySource.set(p.sourceId, {
      page_title: p.title,
      source_url: bot.include_links_in_responses ? p.url : '',
      source_id: p.sourceId,
      score: Math.min(1, Math.max(0, p.score)),
      from_web_search: false,
    });
  }
  return [...bySource.values()].slice(0, 3);
}

/** What the bot says when asked for a person it cannot hand the conversation to right now. */
function personReply(bot: BotSettings, online: boolean): string {
  if (!bot.handoff.enabled) return phrase(bot.language, 'person_unavailable');
  if (!online) return bot.handoff.offline_message ?? phrase(bot.language, 'person_offline');
  return phrase(bot.language, 'person_button'); // trigger "button": handing over is the user's click
}

/** A fixed answer in the shape of an engine's: one chunk, no passages used (so no citations). */
async function* said(text: string): AsyncGenerator<string, EngineResult> {
  yield text;
  return { used: [] };
}

/** What a turn uses of the server: the store, the bot's knowledge and engine, presence, the log, and publishing. */
export type TurnDeps = Pick<Context, 'store' | 'knowledge' | 'engine' | 'presence' | 'log' | 'events' | 'instanceId'>;

/** Runs the turn; its one credit is taken from and given back through `lease` (admission.ts). */
export async function runTurn(ctx: TurnDeps, input: TurnInput, out: TurnOutput, lease: Lease): Promise<void> {
  const { bot, store } = { bot: input.bot, store: ctx.store };
  const isBlocked = blockedMatcher(bot.filters.blocked_terms);
  const fail = (error: StreamErrorCode, message: string) => out.send({ type: 'error', error, message });

  // A client that already left gets nothing done on its behalf.
  if (!(await out.send({ type: 'status', stage: 'retrieving' }))) return;
  if (isBlocked(input.message)) return void (await fail('content_filtered', MESSAGES.filtered));

  // A turn that makes no assistant message still ends with done, so the client learns the conversation.
  const doneWithoutAnswer = (conversationId: string) =>
    out.send({ type: 'done', conversation_id: conversationId, assistant_message_id: '', ...(bot.citations_enabled ? { citations: [] } : {}) });
  const userMessage = { role: 'user' as const, content: input.message, image_preview: input.image?.preview ?? null };

  // While a human has the conversation the bot stays quiet (and spends no credit).
  if (input.conversation?.status === 'handoff') {
    const c = input.conversation;
    const message = await store.addMessage(c.id, userMessage);
    await publish(ctx, { type: 'message.visitor', bot_id: c.bot_id, conversation_id: c.id, session_id: c.session_id, message });
    await out.send(notice('handoff_active', 'info'));
    return void (await doneWithoutAnswer(input.conversation.id));
  }

  // Take a credit up front so simultaneous turns cannot overspend; the lease gives it back if no answer is stored.
  if (!(await lease.takeCredit())) return void (await fail('service_unavailable', MESSAGES.credits));
  try {
    // A new conversation and its first message are one write (and have no history to read).
    const started = input.conversation ? null : await store.startConversation(bot.id, input.sessionId, userMessage);
    let conversation = started?.conversation ?? input.conversation!;
    // Not waited for: events go out in order on one connection (with Redis, in the same write as
    // the turn's next command), and publish() only logs a failure (console/publish.ts).
    const tell = (type: DomainEvent['type'], more: Partial<DomainEvent> = {}) =>
      void publish(ctx, { type, bot_id: bot.id, conversation_id: conversation.id, session_id: conversation.session_id, ...more });
    if (started) {
      // Where the chat started (the widget's page, browser and OS) is kept before anyone is told.
      if (input.context) await store.setVisitorContext(conversation.id, input.context);
      tell('conversation.created');
    }
    // A new message reopens a closed conversation.
    if (conversation.status === 'closed') {
      conversation = (await store.setStatus(conversation.id, 'open')) ?? conversation;
      await store.addEvent(conversation.id, { type: 'reopened' });
      tell('conversation.reopened');
    }
    const earlier = started ? [] : await store.messages(conversation.id);
    const history = Array.isArray(earlier) ? earlier.map((m) => ({ role: m.role, content: m.content })) : [];
    const asked = started?.message ?? (await store.addMessage(conversation.id, userMessage));
    tell('message.visitor', { message: asked });

    const kb = ctx.knowledge(bot);
    // Small talk is not searched ("hi" would only find "I couldn't find an answer"); a
    // self-contained question is searched alone, so an unrelated earlier turn cannot pull it
    // back to the old topic; only an elliptical follow-up ("and for the frame?") takes the
    // earlier turns along.
    const chat = input.image ? null : smallTalk(input.message);
    const engine = ctx.engine(bot);
    const visitorLanguage = messageLanguage(input.message);
    const otherLanguage = !!visitorLanguage && visitorLanguage !== bot.language.toLowerCase().split('-')[0];
    // An engine that can (a model) makes the message a standalone question in the knowledge's
    // language first: "and for the frame?" or a German question over English pages is then
    // searched as what it means. A failure here only costs that: the message is searched as is.
    // What the visitor asks, without the thanks or greeting around it ("Thanks! And for the
    // frame?" is a follow-up like "And for the frame?"); the message itself is stored as written.
    const question = chat ? input.message : withoutSmallTalk(input.message);
    const earlierAsked = history.filter((t) => t.role === 'user').map((t) => ({ role: t.role, content: withoutSmallTalk(t.content) }));
    // What is searched, with which earlier turns, and what is tried next when that finds no
    // answer (search-plan.ts): a restated "What about Plus?", the question told apart from chatter.
    const attempts = chat ? [{ question, searched: question, history: [] }]
      : searchAttempts(question, earlierAsked, bot.language, (t) => kb.knownWeight(t), !!engine.standalone);
    let { searched, history: searchHistory } = attempts[0];
    if (!chat && engine.standalone && (history.length > 0 || otherLanguage)) {
      try {
        searched = await engine.standalone({ question: input.message, history, language: bot.language, signal: out.signal });
        searchHistory = [];
      } catch (e) {
        ctx.log.warn({ event: 'standalone_failed', bot_id: bot.id, err: (e as Error).message }, 'the question is searched as written');
      }
    }
    // The built-in engine cannot translate: a question in another language than the bot's is
    // answered only from pages in that language (a German page among English ones). With the
    // other pages it shares only names, numbers and code words, and an answer picked by those
    // alone is a guess; the visitor is told, in their language, what the bot can do instead.
    const own = (r: SearchResult): SearchResult => (otherLanguage && !engine.standalone
      ? { ...r, passages: r.passages.filter((p) => messageLanguage(p.text) === visitorLanguage) } : r);
    // With an embeddings endpoint (knowledge.embeddings), the searched text's vector is asked for
    // first, within its timeout_ms and this turn's signal; without one, or when it fails, the
    // search is lexical (knowledge/embeddings.ts).
    const searchFor = async (text: string, turns: readonly Turn[]) => own(kb.search(text, { history: turns, vector: await kb.questionVector(text, out.signal) }));
    let found: SearchResult = chat ? { passages: [], degraded: false, weights: new Map<string, number>(), alternatives: new Map<string, string[]>(), unknownNames: [], spelled: searched }
      : await searchFor(searched, searchHistory);
    if (found.degraded) await out.send(notice('rag_unavailable'));

    const wantsPerson = !chat && asksForHuman(input.message, bot.language);
    const auto = bot.handoff.enabled && bot.handoff.trigger !== 'button';
    /**
     * The one "don't know", whether retrieval found nothing or the engine found nothing that
     * answers: the question goes on the console's to-do list, and a bot set to hand off does
     * so when a person is there. Returns true when the conversation was handed over.
     */
    const dontKnow = async (): Promise<boolean> => {
      await store.addQuestion({ bot_id: bot.id, conversation_id: conversation.id, message_id: asked.id, text: input.message, reason: 'no_answer' });
      await store.addEvent(conversation.id, { type: 'unanswered', message_id: asked.id });
      return auto && handOver();
    };
    const handOver = async (): Promise<boolean> => {
      if (!(await ctx.presence.available())) return false;
      await store.setStatus(conversation.id, 'handoff');
      await recordHandoff(ctx, conversation);
      await out.send(notice('handoff_started', 'info'));
      await doneWithoutAnswer(conversation.id);
      return true;
    };
    if (wantsPerson && auto) {
      if (await handOver()) return;
      // Only a visitor who asked for a person hears that no one is there.
      await out.send(notice('handoff_offline', 'info'));
    }
    // What the bot says when it has nothing. A model could have translated, so its "don't know"
    // is said in the visitor's language; the built-in engine cannot, so it says what it can do
    // ("our documentation is in English…").
    const noAnswer = () => (engine.standalone ? phrase(visitorLanguage ?? bot.language, 'no_answer')
      : otherLanguage ? phrase(visitorLanguage!, 'other_language', bot.language) : phrase(bot.language, 'no_answer'));

    let answer = '';
    let result: EngineResult | void = undefined;
    /** The engine asked one question with what the search found for it. */
    const ask = (q: string, r: SearchResult) => engine.answer({
      question: q, passages: r.passages, weights: r.weights, alternatives: r.alternatives, unknownNames: r.unknownNames, unknownWords: r.unknownWords, spelled: r.spelled, earlier: r.earlier, following: r.following, history, image: input.image,
      language: bot.language, botName: bot.name, signal: out.signal,
    });
    const answerable = found.passages.some((p) => p.score >= MIN_RELEVANCE);
    // A request for a person that no person can take now gets a plain reply; searching the
    // knowledge for "a human" would only produce a confusing "no answer". A question that
    // merely names a person-phrase ("customer service hours?") and that the knowledge
    // answers gets that answer.
    let turn = chat ? said(phrase(bot.language, chat))
      : wantsPerson && !answerable ? said(personReply(bot, await ctx.presence.available()))
        // The engine decides whether it can answer, with or without passages: the built-in one
        // cannot without, a model may (small talk, the conversation itself) or says NO_ANSWER.
        : ask(attempts[0].question, found);
    try {
      // The engine's first step says whether it has an answer at all: a "don't know" may
      // still hand the conversation over, which is told (a notice) before anything is generated.
      let step = await turn.next();
      // With no answer, the next try (search-plan.ts): the message as written, with the earlier
      // turns when it needs them.
      for (const next of attempts.slice(1)) {
        if (!(step.done && step.value?.unanswered)) break;
        found = await searchFor(next.searched, next.history);
        turn = ask(next.question, found);
        step = await turn.next();
      }
      if (step.done && step.value?.unanswered) {
        if (await dontKnow()) return;
        await turn.return(undefined).catch(() => undefined);
        turn = said(noAnswer());
        step = await turn.next();
      }
      if (!(await out.send({ type: 'status', stage: 'generating' }))) return;
      for (; !step.done; step = await turn.next()) {
        answer += step.value;
        if (isBlocked(answer)) return void (await fail('content_filtered', MESSAGES.filtered));
        if (!(await out.send({ type: 'content', content: step.value }))) break;
      }
      if (step.done) result = step.value;
    } catch (e) {
      if (!out.open) return;
      if (e instanceof EngineError) {
        ctx.log.warn({ event: 'model_failed', bot_id: bot.id, kind: e.kind }, `model ${e.kind}: ${e.message}`);
        return void (await fail('service_unavailable', MESSAGES.unavailable));
      }
      throw e;
    } finally {
      // Stops an engine still paused at a chunk (filtered, or the client left); ends its upstream request.
      await turn.return(undefined).catch(() => undefined);
    }
    // The client left or could not keep up: stop here, keep what was stored.
    if (!out.open) return;
    if (!answer.trim()) return void (await fail('service_unavailable', MESSAGES.unavailable));

    const final = redact(answer, bot.filters.redact);
    if (final !== answer) await out.send({ type: 'replace', content: final });
    const citations = bot.citations_enabled ? citationsFor(bot, found.passages, final, result?.used) : null;
    const saved = await store.addMessage(conversation.id, { role: 'assistant', content: final, citations });
    lease.settle();
    await out.send({
      type: 'done', conversation_id: conversation.id, assistant_message_id: saved.id,
      ...(citations ? { citations } : {}),
    });
  } catch (e) {
    if (isServiceDown(e)) {
      ctx.log.warn({ event: 'turn_failed', bot_id: bot.id, err: (e as Error).message }, 'storage unreachable');
      return void (await fail('service_unavailable', MESSAGES.unavailable));
    }
    ctx.log.error({ event: 'turn_failed', bot_id: bot.id, err: e }, 'turn failed');
    await fail('internal_error', MESSAGES.internal);
  }
}
