/**
 * PDF, DOCX and sitemap knowledge through the real server over HTTP: a chat turn answers
 * from each and its citation names the file or the page.
 */
import type { Citation } from '../../protocol/schemas.ts';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { makeDocx, makePdf } from '../test/documents.ts';
import { botConfig, botId, startFixture, type TestServer } from '../test/fixtures.ts';
import { page, startSite, urlset, type Site } from '../test/site.ts';
import { turn } from '../test/turns.ts';

const BROKEN = botId(2);
const SITE_BOT = botId(3);
const INACTIVE = botId(4);

const citations = (r: Awaited<ReturnType<typeof turn>>) => (r.last?.citations ?? []) as Citation[];
const notices = (r: Awaited<ReturnType<typeof turn>>) => r.events.filter((e) => e.type === 'notice').map((e) => e.code);

let s: TestServer;
let site: Site;
/** The server's JSON log lines. */
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  // A reload of the broken bot's folder logs its problem again on the console.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const stream = new PassThrough();
  stream.on('data', (d: Buffer) => {
    for (const l of d.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l));
  });
  site = await startSite({
    '/sitemap.xml': { type: 'application/xml', body: urlset(['{site}/help/delivery']) },
    '/help/delivery': { held: true, body: page('Delivery times', '<h1>Delivery</h1><p>Parcels to Norway arrive within five working days.</p>') },
  });
  s = await startFixture({
    uniqueClients: true,
    start: { log: { level: 'info', stream } },
    files: {
      'knowledge/manual.pdf': await makePdf([
        [['Nimbus Lamp manual'], ['Unpack the lamp and place it on a flat surface.']],
        [['Battery'], ['The battery lasts twelve hours on a full charge and', 'recharges over USB-C in three hours.']],
      ], { title: 'Nimbus Lamp Manual' }),
      'knowledge/care.docx': await makeDocx([
        { h1: 'Care guide' },
        { p: 'Wipe the oak base with a dry cloth.' },
        { h2: 'Cleaning the shade' },
        { p: 'The linen shade can be washed by hand at 30 degrees.' },
      ], { title: 'Care and cleaning' }),
      'broken/specs.pdf': Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer garbage'),
      'broken/colours.md': '# Colours\n\nThe lamp comes in white, black and sage green.\n',
    },
    bots: [
      botConfig(),
      botConfig({ id: BROKEN, knowledge: { dir: 'broken' } }),
      botConfig({ id: SITE_BOT, knowledge: { documents: [{ id: 'hours', title: 'Opening hours', text: 'Support answers from 9 to 17 on weekdays.' }], sitemaps: [`${site.url}/sitemap.xml`] } }),
      botConfig({ id: INACTIVE, active: false, knowledge: { sitemaps: [`${site.url}/inactive-sitemap.xml`] } }),
    ],
  });
});
afterAll(async () => {
  await s?.stop();
  await site?.close();
  vi.restoreAllMocks();
});

describe('files in a knowledge folder', () => {
  test('a question answered from a PDF page cites the PDF', async () => {
    const r = await turn(s, { message: 'How long does the battery last?' });
    expect(r.text).toContain('The battery lasts twelve hours on a full charge and recharges over USB-C in three hours.');
    expect(citations(r)[0]).toMatchObject({ source_id: 'manual.pdf', page_title: 'Nimbus Lamp Manual', source_url: '' });
    expect(notices(r)).toEqual([]);
  });

  test('a question answered from a DOCX section cites the DOCX', async () => {
    const r = await turn(s, { message: 'How do I clean the linen shade?' });
    expect(r.text).toContain('The linen shade can be washed by hand at 30 degrees.');
    expect(citations(r)[0]).toMatchObject({ source_id: 'care.docx', page_title: 'Care and cleaning' });
  });

  test('a broken PDF degrades the knowledge (rag_unavailable) and the rest still answers', async () => {
    expect(lines.some((l) => l.event === 'knowledge_unreadable' && l.bot_id === BROKEN && String(l.problem).includes('specs.pdf: not a readable PDF'))).toBe(true);
    const r = await turn(s, { bot_id: BROKEN, message: 'Which colours does the lamp come in?' });
    expect(notices(r)).toEqual(['rag_unavailable']);
    expect(r.text).toContain('white, black and sage green');
    expect(citations(r)[0].source_id).toBe('colours.md');
  });
});

describe('a sitemap', () => {
  test('the server answers while pages are fetched; a fetched page then answers with its URL cited', async () => {
    // The page is still held by the site, yet the server listens and answers from what it has.
    await vi.waitFor(() => expect(site.requests).toContain('/help/delivery'));
    const before = await turn(s, { bot_id: SITE_BOT, message: 'How long do parcels to Norway take?' });
    expect(before.last?.type).toBe('done');
    expect(citations(before).map((c) => c.source_id)).not.toContain(`${site.url}/help/delivery`);
    const hours = await turn(s, { bot_id: SITE_BOT, message: 'When does support answer?' });
    expect(citations(hours)[0].source_id).toBe('hours');

    site.release('/help/delivery');
    await s.crawls;
    const after = await turn(s, { bot_id: SITE_BOT, message: 'How long do parcels to Norway take?' });
    expect(after.text).toContain('Parcels to Norway arrive within five working days.');
    expect(citations(after)[0]).toMatchObject({ source_id: `${site.url}/help/delivery`, source_url: `${site.url}/help/delivery`, page_title: 'Delivery times' });
    expect(notices(after)).toEqual([]);
    // A reload of the bots' files (SIGHUP, a file change) keeps the crawled page.
    await s.ctx.reloadKnowledge();
    const reloaded = await turn(s, { bot_id: SITE_BOT, message: 'How long do parcels to Norway take?' });
    expect(citations(reloaded)[0]?.source_id).toBe(`${site.url}/help/delivery`);
    // The crawl's summary is a line of the server's log.
    expect(lines.find((l) => l.event === 'crawl_done' && l.bot_id === SITE_BOT)?.msg).toMatch(/: 1 of 1 pages indexed, 0 failed, in /);
    // An inactive bot's sitemap is never fetched.
    expect(site.requests).not.toContain('/inactive-sitemap.xml');
  });
});
