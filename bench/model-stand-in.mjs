// An OpenAI-compatible chat-completions stand-in for the bench, speaking the real protocol
// (SSE `chat.completion.chunk` frames, then `[DONE]`) like server/test/stand-ins.ts, but
// paced: the streaming figures need an answer that arrives over time as a model's does, and
// the memory figure needs streams a model keeps open. What a request gets is read from the
// question our server forwards:
//   "bench-words-N"  N words of Markdown in 5-word chunks, one chunk every `intervalMs`
//   "bench-hold"     the first chunk, then nothing until the client goes away
import { createServer } from 'node:http';

export const WORDS_PER_CHUNK = 5;
const VOCAB = ('the widget streams answer text into one signal per message so a chunk re-renders nothing else '
  + 'while markdown is parsed once per frame and sanitized before it reaches the page of a site owner '
  + 'server sends status events then content and a final done with citations from the knowledge base').split(' ');

/** Deterministic Markdown of exactly `n` words: paragraphs, some bold and code, a list now and then. */
export function answerOf(n) {
  const words = [];
  for (let i = 0; i < n; i++) {
    let w = VOCAB[(i * 7 + (i >> 3)) % VOCAB.length];
    if (i % 23 === 5) w = `**${w}**`;
    else if (i % 31 === 9) w = `\`${w}\``;
    words.push(w);
  }
  let out = '';
  for (let i = 0; i < n; i++) {
    const para = Math.floor(i / 50);
    const inList = para % 4 === 3;
    const start = i % 50 === 0 && i > 0;
    const item = inList && i % 10 === 0;
    if (start) out += '\n\n';
    if (item) out += `${start ? '' : '\n'}- `;
    else if (i > 0 && !start) out += ' ';
    out += words[i];
  }
  return out;
}

/** Splits text into chunks of `size` words, keeping every character. */
export function chunksOf(text, size = WORDS_PER_CHUNK) {
  const tokens = text.match(/\s*\S+/g) ?? [];
  const out = [];
  for (let i = 0; i < tokens.length; i += size) out.push(tokens.slice(i, i + size).join(''));
  return out;
}

const frame = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

export async function startModelStandIn({ intervalMs = 10 } = {}) {
  const stats = { requests: 0, open: 0 };
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const c of req) body += c;
    stats.requests++;
    stats.open++;
    res.on('close', () => stats.open--);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(frame({ role: 'assistant', content: '' }));
    if (body.includes('bench-hold')) return void res.write(frame({ content: 'Held ' }));
    const n = Number(/bench-words-(\d+)/.exec(body)?.[1] ?? 50);
    const chunks = chunksOf(answerOf(n));
    let i = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      if (i < chunks.length) return void res.write(frame({ content: chunks[i++] }));
      clearInterval(timer);
      res.write(frame({}, 'stop'));
      res.end('data: [DONE]\n\n');
    }, intervalMs);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    stats,
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
