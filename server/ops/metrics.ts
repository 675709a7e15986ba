/**
 * Prometheus metrics (prom-client) at GET /metrics. One registry per server, so servers
 * started side by side (tests) count apart. What is measured where:
 * - turns, stream errors and time to first content: MeteredSseWriter (every event a turn sends);
 * - HTTP responses by route and status, errors by code: the app's hooks and error handler;
 * - model and retrieval latency: timing wrappers around each bot's engine and knowledge;
 * - open streams and credits left: read when scraped.
 */
import type { ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppConfig, BotSettings } from '../config/config.ts';
import type { UsageStore } from '../store/usage.ts';
import type { Engine } from '../engines/engine.ts';
import type { KnowledgeBase } from '../knowledge/knowledge.ts';
import { SseWriter, type AbortReason, type ChatEvent, type SseOptions } from '../chat/sse.ts';

const seconds = (since: number) => (performance.now() - since) / 1000;

/** What the metrics read from the running server, and the two lookups they wrap with timing. */
export interface Watched {
  streams: { readonly size: number };
  config: Pick<AppConfig, 'workspaces'>;
  store: Pick<UsageStore, 'creditsSpent'>;
  engine(bot: BotSettings): Engine;
  knowledge(bot: BotSettings): KnowledgeBase;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly registers = [this.registry];

  readonly turns = new Counter({
    name: 'lumen_chat_turns_total', help: 'Chat turns streamed, by how they ended (done, an error code, or aborted when the client left).',
    labelNames: ['outcome'], registers: this.registers,
  });
  readonly errors = new Counter({
    name: 'lumen_chat_errors_total', help: 'Errors sent to clients by error code: `http` for JSON error responses, `stream` for error events.',
    labelNames: ['code', 'where'], registers: this.registers,
  });
  readonly responses = new Counter({
    name: 'lumen_chat_http_responses_total', help: 'HTTP responses by route pattern and status code (4xx and 429 included).',
    labelNames: ['method', 'route', 'status'], registers: this.registers,
  });
  readonly firstContent = new Histogram({
    name: 'lumen_chat_time_to_first_content_seconds', help: 'From a chat request\'s arrival to the first content event sent back.',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32], registers: this.registers,
  });
  readonly model = new Histogram({
    name: 'lumen_chat_model_seconds', help: 'Duration of an answer engine\'s whole answer, by engine type and outcome.',
    labelNames: ['engine', 'outcome'], buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64], registers: this.registers,
  });
  readonly retrieval = new Histogram({
    name: 'lumen_chat_retrieval_seconds', help: 'Duration of one knowledge search.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1], registers: this.registers,
  });
  readonly contacts = new Counter({
    name: 'lumen_chat_contact_submissions_total', help: 'Contact-form submissions stored, by bot.',
    labelNames: ['bot'], registers: this.registers,
  });
  readonly authFailures = new Counter({
    name: 'lumen_chat_agent_auth_failures_total', help: 'Agent API requests with a missing or wrong token.',
    registers: this.registers,
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'lumen_chat_' });
  }

  /** The gauges read from the running server, and the timing wrappers around engines and knowledge. */
  watch(ctx: Watched) {
    new Gauge({
      name: 'lumen_chat_open_streams', help: 'Chat streams open right now.', registers: this.registers,
      collect() {
        this.set(ctx.streams.size);
      },
    });
    new Gauge({
      name: 'lumen_chat_credits_left', help: 'Answer credits a workspace has left (workspaces with a credit limit only).',
      labelNames: ['workspace'], registers: this.registers,
      async collect() {
        for (const ws of ctx.config.workspaces.values()) {
          if (ws.credits === null) continue;
          this.set({ workspace: ws.id }, Math.max(0, ws.credits - (await ctx.store.creditsSpent(ws.id))));
        }
      },
    });
    const engine = ctx.engine;
    const timedEngines = new Map<Engine, Engine>();
    ctx.engine = (bot) => {
      const inner = engine(bot);
      let timed = timedEngines.get(inner);
      if (!timed) timedEngines.set(inner, (timed = this.timedEngine(inner, bot.engine.type)));
      return timed;
    };
    const knowledge = ctx.knowledge;
    const timedBases = new Map<KnowledgeBase, KnowledgeBase>();
    ctx.knowledge = (bot) => {
      const inner = knowledge(bot);
      let timed = timedBases.get(inner);
      if (!timed) timedBases.set(inner, (timed = this.timedKnowledge(inner)));
      return timed;
    };
  }

  private timedEngine(inner: Engine, type: string): Engine {
    const model = this.model;
    return {
      ...(inner.standalone ? { standalone: (req) => inner.standalone!(req) } : {}),
      async *answer(req) {
        const t0 = performance.now();
        let outcome = 'ok';
        try {
          return yield* inner.answer(req);
        } catch (e) {
          outcome = 'error';
          throw e;
        } finally {
          model.observe({ engine: type, outcome: req.signal.aborted ? 'aborted' : outcome }, seconds(t0));
        }
      },
    };
  }

  /** The same knowledge base with its searches timed (everything else read through to it). */
  private timedKnowledge(inner: KnowledgeBase): KnowledgeBase {
    const retrieval = this.retrieval;
    return Object.create(inner, {
      search: {
        value(...args: Parameters<KnowledgeBase['search']>) {
          const t0 = performance.now();
          const result = inner.search(...args);
          // Works for a search that returns a promise as well.
          Promise.resolve(result).finally(() => retrieval.observe(seconds(t0)));
          return result;
        },
      },
    }) as KnowledgeBase;
  }
}

/** An SseWriter that counts its turn: outcome, stream errors, time to the first content event. */
export class MeteredSseWriter extends SseWriter {
  private readonly metrics: Metrics;
  private readonly arrived = performance.now();
  private started = false;
  private sawContent = false;
  private outcome: string | null = null;

  constructor(res: ServerResponse, opts: SseOptions, metrics: Metrics) {
    super(res, opts);
    this.metrics = metrics;
  }

  override start(extraHeaders: Record<string, string>, flush = true) {
    this.started = true;
    super.start(extraHeaders, flush);
  }

  override send(event: ChatEvent, id?: string): Promise<boolean> {
    if (this.open) this.observe(event);
    return super.send(event, id);
  }

  override sendMany(events: ReadonlyArray<{ event: ChatEvent; id?: string }>, end = false): Promise<boolean> {
    if (this.open) for (const e of events) this.observe(e.event);
    return super.sendMany(events, end);
  }

  override closeWith(event: ChatEvent, id?: string) {
    if (this.open) this.observe(event);
    return super.closeWith(event, id);
  }

  override end(last?: string) {
    if (this.started && this.outcome === null) {
      this.outcome = 'aborted';
      this.metrics.turns.inc({ outcome: 'aborted' });
    }
    super.end(last);
  }

  override abort(reason: AbortReason) {
    if (this.started && this.outcome === null) {
      this.outcome = 'aborted';
      this.metrics.turns.inc({ outcome: 'aborted' });
    }
    super.abort(reason);
  }

  private observe(event: ChatEvent) {
    if (event.type === 'content' && !this.sawContent) {
      this.sawContent = true;
      this.metrics.firstContent.observe(seconds(this.arrived));
    }
    if (this.outcome !== null) return;
    if (event.type === 'done') this.outcome = 'done';
    if (event.type === 'error') {
      this.outcome = event.error;
      this.metrics.errors.inc({ code: event.error, where: 'stream' });
    }
    if (this.outcome) this.metrics.turns.inc({ outcome: this.outcome });
  }
}
