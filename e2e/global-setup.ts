// Starts what the end-to-end suite talks to, once per run:
//  - the siteverify and OpenAI-compatible stand-ins of the server's own tests (server/test/stand-ins.ts),
//  - the real server CLI with a config built in code (e2e/support/config.ts) and a temp data dir,
//  - the host-page server (another origin than the API),
//  - a small control endpoint that shows tests what the stand-ins saw (the verifier's calls).
// Tests find all of it through E2E_* environment variables; the returned function tears it down.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeModel, startVerifier, type ModelReply } from '../server/test/stand-ins.ts';
import { ADMIN, AGENT, BOT_KEYS, botId, buildConfig, FAIL_ONCE, MARKDOWN_ANSWER, MARKDOWN_QUESTION, MODEL_ANSWER } from './support/config.ts';
import { startHostServer } from './support/host-server.ts';
import { startWebhookReceiver } from './support/webhook-receiver.ts';
import { startServerProcess } from './support/server-process.ts';
import { ensureBuilt } from '../scripts/ensure-built.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Copies a knowledge folder, filling {{HOST}} so citation links point at real pages. */
function copyKnowledge(from: string, to: string, host: string) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    writeFileSync(join(to, name), readFileSync(join(from, name), 'utf8').replaceAll('{{HOST}}', host));
  }
}

export default async function globalSetup() {
  if (!ensureBuilt(root, (line) => console.log(`[e2e] ${line}`))) throw new Error('npm run build failed');
  const tmp = mkdtempSync(join(tmpdir(), 'chat-e2e-'));
  const stops: Array<() => Promise<void>> = [];
  try {
    const verifier = await startVerifier();
    stops.push(verifier.close);
    const model = await startFakeModel();
    stops.push(model.close);
    const failed = new Set<string>();
    // The model fails the first request for each question that carries FAIL_ONCE, then answers.
    model.script = (body: { messages?: Array<{ role: string; content: unknown }> }): ModelReply => {
      const last = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user');
      const text = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
      if (text.includes(FAIL_ONCE) && !failed.has(text)) {
        failed.add(text);
        return 'error';
      }
      return { chunks: text.includes(MARKDOWN_QUESTION) ? MARKDOWN_ANSWER : MODEL_ANSWER };
    };

    // A site owner's webhook endpoint: records what arrives, answers 200.
    const hooks = await startWebhookReceiver();
    stops.push(hooks.close);

    // Bot ids are fixed; the API origin is known only once the server listens, and the host
    // server reads `vars` per request, so it is filled in below.
    const vars: Record<string, string> = Object.fromEntries(BOT_KEYS.map((k) => [`BOT:${k}`, botId(k)]));
    const host = await startHostServer(join(root, 'e2e', 'pages'), vars, { '/esm/': join(root, 'dist', 'esm') });
    stops.push(host.close);

    copyKnowledge(join(root, 'e2e', 'knowledge', 'en'), join(tmp, 'knowledge-en'), host.url);
    copyKnowledge(join(root, 'e2e', 'knowledge', 'ar'), join(tmp, 'knowledge-ar'), host.url);
    const config = buildConfig({
      knowledgeEn: join(tmp, 'knowledge-en'),
      knowledgeAr: join(tmp, 'knowledge-ar'),
      missingDir: join(tmp, 'knowledge-that-does-not-exist'),
      verifyUrl: verifier.url,
      modelBaseUrl: model.baseUrl,
      webhookUrl: `${hooks.url}/hook`,
      knowledgeDemo: join(root, 'demo', 'knowledge'),
    });
    const configPath = join(tmp, 'config.json');
    writeFileSync(configPath, JSON.stringify(config, null, 2));
    mkdirSync(join(root, 'test-results'), { recursive: true });
    const logFile = join(root, 'test-results', 'e2e-server.log');
    const server = await startServerProcess(root, configPath, join(tmp, 'data'), logFile);
    stops.push(server.stop);
    vars.API = server.url;
    vars.HOST = host.url;

    // What the stand-ins saw, for assertions on traffic the browser cannot observe.
    const control = createServer((req, res) => {
      const body = req.url === '/verifier/calls' ? verifier.calls.map((c) => Object.fromEntries(c)) : req.url === '/webhooks/calls' ? hooks.calls : null;
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => control.close(() => resolve())));

    Object.assign(process.env, {
      E2E_API: server.url,
      E2E_HOST: host.url,
      E2E_CONTROL: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
      E2E_AGENT_TOKEN: AGENT.token,
      E2E_ADMIN_TOKEN: ADMIN.token,
      E2E_SERVER_LOG: logFile,
    });
  } catch (e) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }

  return async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  };
}
