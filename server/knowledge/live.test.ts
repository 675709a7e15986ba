/**
 * A bot's live knowledge with the sources of the `sources` work: PDF and DOCX files in the
 * folder (read before `ready`, watched, in the stored index's key) and crawled pages (in
 * batches, kept across a file-change reload). Real files in a temp folder, real PDF/DOCX.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { KnowledgeBase, MIN_RELEVANCE } from './knowledge.ts';
import { LiveKnowledge, mayBeKnowledge } from './live.ts';
import { makeDocx, makePdf } from '../test/documents.ts';
import { jsonLines, runCli } from '../test/cli.ts';
import { BOT_ID, botConfig, writeFixture } from '../test/fixtures.ts';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'live-'));
  dirs.push(d);
  return d;
};
const warnings: string[] = [];
beforeAll(() => void vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line)));
afterAll(() => {
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  vi.restoreAllMocks();
});

const relevant = (kb: KnowledgeBase, q: string) => kb.search(q).passages.filter((p) => p.score >= MIN_RELEVANCE).map((p) => p.sourceId);
const DAYS: Record<string, string> = { norway: 'five', sweden: 'three', finland: 'four' };
const page = (country: string) => ({ id: `https://shop.example/help/${country}`, title: `Delivery to ${country}`, url: `https://shop.example/help/${country}`, text: `Parcels to ${country} arrive within ${DAYS[country]} working days.` });

describe('PDF and DOCX files in a knowledge folder', () => {
  test('are indexed before ready, kept in the stored index under their own key, and watched', async () => {
    const dir = temp();
    const cacheDir = join(dir, '.index');
    writeFileSync(join(dir, 'manual.pdf'), await makePdf([[['Battery'], ['The battery lasts twelve hours on a full charge.']]], { title: 'Lamp manual' }));
    writeFileSync(join(dir, 'care.docx'), await makeDocx([{ h1: 'Care' }, { p: 'Wipe the oak base with a dry cloth.' }]));
    const bot = { id: 'b', language: 'en', knowledge: { dir, documents: [] } };

    const first = new LiveKnowledge(bot, { cacheDir, name: 'b' });
    await first.ready;
    expect(first.current.fromCache).toBe(false);
    expect(first.current.problems).toEqual([]);
    expect(relevant(first.current, 'How long does the battery last?')[0]).toBe('manual.pdf');
    expect(relevant(first.current, 'clean the oak base')[0]).toBe('care.docx');

    // A restart with the same files reads the stored index; a changed PDF is a new key.
    const second = new LiveKnowledge(bot, { cacheDir, name: 'b' }).watch();
    try {
      await second.ready;
      expect(second.current.fromCache).toBe(true);
      writeFileSync(join(dir, 'manual.pdf'), await makePdf([[['Battery'], ['The battery lasts twenty hours with the eco mode.']]]));
      await expect.poll(() => second.current.search('How long does the battery last?').passages[0]?.text, { timeout: 10_000 }).toContain('twenty hours');
      expect(second.current.fromCache).toBe(false);
    } finally {
      second.close();
    }
    expect(['manual.pdf', 'sub/Care.DOCX'].map(mayBeKnowledge)).toEqual([true, true]);
  });

  test('a broken file is a problem of the base, logged by a reload; the synchronous constructor names what it cannot read', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'specs.pdf'), '%PDF-1.7 garbage');
    writeFileSync(join(dir, 'notes.md'), '# Notes\n\nThe shade is linen.');
    const live = new LiveKnowledge({ id: 'broken', language: 'en', knowledge: { dir, documents: [] } }, {});
    await live.ready;
    expect(live.current.degraded).toBe(true);
    expect(live.current.problems).toEqual([expect.stringMatching(/specs\.pdf: not a readable PDF/)]);
    expect(relevant(live.current, 'Is the shade linen?')).toEqual(['notes.md']);
    // The first read's problems are the server's to log (startServer); a reload logs its own.
    expect(warnings.filter((w) => w.includes('specs.pdf'))).toEqual([]);
    await live.reload();
    expect(warnings.filter((w) => w.startsWith('[knowledge] bot broken: cannot read ') && w.includes('specs.pdf'))).toHaveLength(1);

    const sync = new KnowledgeBase({ knowledge: { dir, documents: [] } });
    expect(sync.problems).toEqual([`${join(dir, 'specs.pdf')}: PDF and DOCX files are read only by KnowledgeBase.load`]);
  });
});

describe('crawled pages', () => {
  test('join the index in one batch, leave the index a turn holds alone, and survive a file-change reload', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'hours.md'), '# Opening hours\n\nSupport answers from 9 to 17 on weekdays.');
    const live = new LiveKnowledge({ id: 'site', language: 'en', knowledge: { dir, documents: [] } }, {});
    try {
      await live.ready;
      const held = live.current;
      live.addDocuments([page('norway')]);
      live.addDocuments([page('sweden'), page('finland')]);
      // Not yet: pages wait for their batch.
      expect(live.current).toBe(held);
      await live.flush();
      expect(live.reloads).toBe(1);
      expect(relevant(live.current, 'When do parcels to Sweden arrive?')[0]).toBe('https://shop.example/help/sweden');
      expect(live.current.size).toBe(4);
      // The base a turn already searched is untouched.
      expect(relevant(held, 'When do parcels to Sweden arrive?')).toEqual([]);

      // A page fetched again replaces itself.
      live.addDocuments([{ ...page('norway'), text: 'Parcels to norway now arrive the next day.' }]);
      await live.flush();
      expect(live.current.size).toBe(4);
      expect(live.current.search('parcels to norway').passages[0].text).toBe('Parcels to norway now arrive the next day.');

      // A file change reads the folder again and keeps the pages.
      writeFileSync(join(dir, 'returns.md'), '# Returns\n\nReturns are accepted within thirty days.');
      await live.reload();
      expect(relevant(live.current, 'returns accepted')[0]).toBe('returns.md');
      expect(relevant(live.current, 'When do parcels to Finland arrive?')[0]).toBe('https://shop.example/help/finland');

      // A sitemap that could not be read degrades the knowledge, across reloads too.
      live.addProblems(['https://shop.example/sitemap.xml: HTTP 503']);
      await live.flush();
      expect(live.current.problems).toEqual(['https://shop.example/sitemap.xml: HTTP 503']);
      await live.reload();
      expect(live.current.degraded).toBe(true);
      expect(relevant(live.current, 'When do parcels to Finland arrive?')[0]).toBe('https://shop.example/help/finland');
    } finally {
      live.close();
    }
  });

  test('are not stored in the data dir: a restart reads the folder\'s index back', async () => {
    const dir = temp();
    const cacheDir = join(dir, '.index');
    writeFileSync(join(dir, 'hours.md'), '# Opening hours\n\nSupport answers from 9 to 17 on weekdays.');
    const bot = { id: 'site', language: 'en', knowledge: { dir, documents: [] } };
    const live = new LiveKnowledge(bot, { cacheDir, name: 'site' });
    await live.ready;
    live.addDocuments([page('norway')]);
    await live.flush();
    expect(live.current.fromCache).toBe(false);
    const restarted = new LiveKnowledge(bot, { cacheDir, name: 'site' });
    await restarted.ready;
    expect(restarted.current.fromCache).toBe(true);
    expect(restarted.current.size).toBe(1);
  });
});

describe('in the server, its problems are JSON log lines', () => {
  test('a folder that cannot be watched: a knowledge_watch_failed line on stdout, nothing on stderr', async () => {
    const { dir, configPath } = writeFixture({ bots: [botConfig({ knowledge: { dir: 'missing-folder', documents: [{ id: 'd', text: 'Some text.' }] } })] });
    dirs.push(dir);
    // The watcher's line may come before or just after "listening": wait for both (stopped
    // before it listens, the server has no SIGTERM handler yet and dies of the signal).
    const both = /"event":"knowledge_watch_failed"[\s\S]*"event":"listening"|"event":"listening"[\s\S]*"event":"knowledge_watch_failed"/;
    const r = await runCli(['--config', configPath, '--port', '0', '--host', '127.0.0.1', '--data-dir', join(dir, 'data')], both);
    expect(r.err).toBe('');
    const lines = jsonLines(r.out); // throws on any line that is not JSON
    expect(lines.find((l) => l.event === 'knowledge_watch_failed')).toMatchObject({
      level: 40, bot_id: BOT_ID, dir: join(dir, 'missing-folder'), err: 'ENOENT', msg: `bot ${BOT_ID}: cannot watch ${join(dir, 'missing-folder')}: ENOENT`,
    });
    expect(lines.find((l) => l.event === 'knowledge_unreadable')).toMatchObject({ level: 40, bot_id: BOT_ID });
    expect(r.code).toBe(0);
  });
});
