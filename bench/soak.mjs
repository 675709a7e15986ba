// The soak: three instances on PostgreSQL + Redis for 60 s of mixed load, spread round-robin
// by this script (the balancer), then exact counts. At once:
//   - visitors turning back to back, every third turn continuing the visitor's conversation on
//     the next instance (history read across instances), each turn from its own address;
//   - widgets polling a conversation's history on another instance than the one that answered;
//   - a thumbs-down on every fifth answer, on yet another instance: each is a feedback.negative
//     webhook to a local receiver, which must get each event exactly once (the delivery queue
//     is shared, any instance sends);
//   - one console live channel per instance (GET /v1/agent/events), each of which must hear
//     every visitor message of every instance exactly once (Redis fan-out).
// Afterwards: messages stored = 2 × answered turns, each console's visitor messages = turns,
// webhooks received = thumbs-down given, no duplicate, and no request failed.
//   node bench/soak.mjs [--quick]      (after npm run build; PostgreSQL and Redis on their default ports)
import { createServer, request as httpRequest, Agent } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpuTimeMs, fmt, fmtInt, log, main, percentile, sleep } from './common.mjs';
import { BOTS, QUESTION, writeBenchConfig } from './config.mjs';
import { setup } from './scale-out.mjs';

const TOKEN = 'bench-soak-agent-token-1';
const SECRET = 'bench-soak-webhook-secret';

/** A webhook receiver counting deliveries by their webhook-id. */
async function receiver() {
  const seen = new Map();
  const server = createServer((req, res) => {
    const id = req.headers['webhook-id'];
    req.resume();
    req.on('end', () => {
      seen.set(id, (seen.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, seen, close: () => new Promise((r) => server.close(r)) };
}

/** A console live channel on one instance: counts the events it hears by type. */
function consoleChannel(url) {
  const heard = new Map();
  const controller = new AbortController();
  const done = (async () => {
    const res = await fetch(`${url}/v1/agent/events`, { headers: { authorization: `Bearer ${TOKEN}` }, signal: controller.signal });
    if (res.status !== 200) throw new Error(`console channel: HTTP ${res.status}`);
    let buf = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        buf += decoder.decode(chunk, { stream: true });
        let at;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, at);
          buf = buf.slice(at + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data) {
            const type = JSON.parse(data.slice(6)).type;
            heard.set(type, (heard.get(type) ?? 0) + 1);
          }
        }
      }
    } catch (e) {
      if (!controller.signal.aborted) throw e;
    }
  })();
  return { heard, close: () => controller.abort(), done };
}

let address = 0;
const nextAddress = () => {
  const n = ++address;
  return `10.${200 + ((n >> 16) & 31)}.${(n >> 8) & 255}.${n & 255}`;
};

/** One HTTP request; resolves to {status, text}. */
function call(url, agent, method, path, body) {
  return new Promise((resolve) => {
    const req = httpRequest(`${url}${path}`, {
      method, agent,
      headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': nextAddress() },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', (e) => resolve({ status: 0, text: e.message }));
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The `done` event of a turn's stream, or null. */
function doneOf(text) {
  const m = /data: (\{"type":"done".*\})\n\n/.exec(text);
  return m ? JSON.parse(m[1]) : null;
}

async function measure({ quick = false } = {}) {
  const seconds = quick ? 10 : 60;
  const hook = await receiver();
  const cfgPath = writeBenchConfig({ name: 'soak' });
  const cfg = JSON.parse(readFileSync(cfgPath, 'utf8'));
  cfg.agents = [{ name: 'Soak', token: TOKEN }];
  cfg.workspaces[0].webhooks = [{ url: hook.url, secret: SECRET, events: ['feedback.negative'] }];
  writeFileSync(cfgPath, JSON.stringify(cfg, null, 2));

  log(`soak: 3 instances on PostgreSQL + Redis, ${seconds} s of mixed load`);
  const s = await setup('pg', 3, cfgPath);
  const urls = s.servers.map((x) => x.url);
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: 64 }));
  let rr = 0;
  const pick = (not = -1) => {
    let i = rr++ % urls.length;
    if (i === not) i = (i + 1) % urls.length;
    return i;
  };
  const consoles = urls.map(consoleChannel);
  const counts = { turns: 0, continued: 0, failedTurns: 0, polls: 0, failedPolls: 0, thumbsDown: 0, failedFeedback: 0 };
  const times = [];
  const answered = []; // {conversation, session, at (instance)}
  try {
    await sleep(500); // the console channels are connected before anything happens
    const before = await s.stored();
    const cpu0 = s.servers.map((x) => cpuTimeMs(x.pid));
    const end = performance.now() + seconds * 1000;
    let visitor = 0;

    const turner = async () => {
      let last = null;
      let n = 0;
      while (performance.now() < end) {
        const continuing = last && ++n % 3 === 0;
        const at = pick(continuing ? last.at : -1);
        const session = continuing ? last.session : `soak-${++visitor}`;
        const t0 = performance.now();
        const r = await call(urls[at], agents[at], 'POST', '/v1/public/chat/stream', {
          bot_id: BOTS.load, message: QUESTION, session_id: session, ...(continuing ? { conversation_id: last.conversation } : {}),
        });
        const done = r.status === 200 ? doneOf(r.text) : null;
        if (!done) {
          counts.failedTurns++;
          log(`soak: a turn failed: ${r.status} ${r.text.slice(0, 200)}`);
          continue;
        }
        times.push(performance.now() - t0);
        counts.turns++;
        if (continuing) counts.continued++;
        last = { conversation: done.conversation_id, session, at };
        answered.push(last);
        if (counts.turns % 5 === 0) {
          const f = pick(at);
          const fr = await call(urls[f], agents[f], 'POST', `/v1/public/messages/${done.assistant_message_id}/feedback`, { session_id: session, feedback: 'negative' });
          if (fr.status === 200) counts.thumbsDown++;
          else {
            counts.failedFeedback++;
            log(`soak: feedback failed: ${fr.status} ${fr.text.slice(0, 200)}`);
          }
        }
      }
    };
    const poller = async () => {
      while (performance.now() < end) {
        if (!answered.length) {
          await sleep(10);
          continue;
        }
        const c = answered[Math.floor(Math.random() * answered.length)];
        const at = pick(c.at);
        const r = await call(urls[at], agents[at], 'GET', `/v1/public/conversations/${c.conversation}/messages?session_id=${c.session}`);
        const ok = r.status === 200 && JSON.parse(r.text).messages.length >= 2;
        if (ok) counts.polls++;
        else {
          counts.failedPolls++;
          log(`soak: a history read failed: ${r.status} ${r.text.slice(0, 200)}`);
        }
        await sleep(5);
      }
    };
    await Promise.all([...Array.from({ length: 12 }, turner), ...Array.from({ length: 3 }, poller)]);
    const cpu = s.servers.reduce((sum, x, i) => sum + cpuTimeMs(x.pid) - cpu0[i], 0);

    // Events and deliveries still in flight settle (at most 20 s); then everything is counted.
    const settled = () => consoles.every((c) => (c.heard.get('message.visitor') ?? 0) >= counts.turns) && hook.seen.size >= counts.thumbsDown;
    for (const t0 = performance.now(); !settled() && performance.now() - t0 < 20_000;) await sleep(100);
    const stored = (await s.stored()) - before;
    const heard = consoles.map((c) => c.heard.get('message.visitor') ?? 0);
    const duplicates = [...hook.seen.values()].filter((n) => n > 1).length;
    const exact = stored === 2 * counts.turns && heard.every((h) => h === counts.turns) && hook.seen.size === counts.thumbsDown && duplicates === 0;
    const errors = counts.failedTurns + counts.failedPolls + counts.failedFeedback;
    return {
      title: 'Soak: three instances on PostgreSQL + Redis, mixed load',
      ...(exact && errors === 0 ? {} : { error: `counts not exact or requests failed: ${JSON.stringify({ ...counts, stored, heard, webhooks: hook.seen.size, duplicates })}` }),
      tables: [{
        caption: `**${seconds} s of mixed load over three instances** (12 visitors turning back to back, every third turn continuing its conversation on another instance; 3 widgets polling history on another instance; a thumbs-down on every fifth answer, a webhook each; one console live channel per instance; whole-turn latency ms)`,
        headers: ['turns', 'of them continued', 'turns/s', 'p50 ms', 'p99 ms', 'history reads', 'thumbs-down → webhooks received (duplicates)', 'visitor messages each console heard', 'messages stored / expected', 'server CPU µs / turn', 'failed requests'],
        rows: [[fmtInt(counts.turns), fmtInt(counts.continued), fmtInt(counts.turns / seconds), fmt(percentile(times, 50), 1), fmt(percentile(times, 99), 1), fmtInt(counts.polls),
          `${fmtInt(counts.thumbsDown)} → ${fmtInt(hook.seen.size)} (${duplicates})`, heard.map(fmtInt).join(' / '), `${fmtInt(stored)} / ${fmtInt(2 * counts.turns)}`,
          fmtInt((cpu / counts.turns) * 1000), fmtInt(errors)]],
      }],
      notes: [
        'Exact means: messages stored = 2 × answered turns, every console channel heard each visitor message once, each thumbs-down reached the webhook receiver once. A figure that is not exact makes this figure fail (npm run bench records the error).',
        'The script is the balancer (round-robin over the instances, as in the scale-out figure); the two shared cores run all three instances, PostgreSQL, Redis and the load.',
      ],
    };
  } finally {
    consoles.forEach((c) => c.close());
    agents.forEach((a) => a.destroy());
    await s.close();
    await hook.close();
  }
}

await main(import.meta.url, measure);
