import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { LiveKnowledge } from '../live.ts';
import { page, sitemapIndex, startSite, urlset, type Site } from '../../test/site.ts';
import { DEFAULT_CRAWL, type SitemapSources } from './crawl-config.ts';
import { crawlSitemaps, metaCharset } from './crawl.ts';
import { mainText } from './page.ts';
import { Politeness } from './politeness.ts';
import { parseRobots } from './robots.ts';
import { parseSitemap, pathMatches } from './sitemap.ts';

const BOT = 'bot-1';
const sources = (sitemaps: string[], crawl: Partial<SitemapSources['crawl']> = {}): SitemapSources => ({ sitemaps, crawl: { ...DEFAULT_CRAWL, ...crawl } });
/** A bot with no other knowledge, as the server holds it: crawled pages join its index in batches. */
const emptyKb = async () => {
  const live = new LiveKnowledge({ id: BOT, language: 'en', knowledge: { dir: null, documents: [] } }, {});
  await live.ready;
  return live;
};

let warnings: string[] = [];
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line));
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => void (warnings = []));
afterAll(() => vi.restoreAllMocks());

describe('a site crawled through its sitemap index', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/open.html\nCrawl-delay: 0.1\n' },
      '/sitemap.xml': { type: 'application/xml', body: sitemapIndex(['{site}/sitemaps/docs.xml.gz', '{site}/sitemaps/more.xml', '{site}/sitemaps/gone.xml', 'http://other.invalid/sitemap.xml']) },
      '/sitemaps/docs.xml.gz': { type: 'application/gzip', gzip: true, body: urlset(['{site}/docs/shipping', '{site}/docs/warranty', '{site}/private/internal', '{site}/private/open.html', '{site}/blog/news', 'http://elsewhere.invalid/page']) },
      '/sitemaps/more.xml': { type: 'text/xml', body: urlset(['{site}/missing', '{site}/slow', '{site}/docs/logo.png', '{site}/docs/shipping#top', '{site}/old-returns', '{site}/leave', '{site}/docs/cafe', '{site}/docs/draft', '{site}/docs/draft2', '{site}/docs/draft3']) },
      '/docs/draft3': { headers: { 'x-robots-tag': 'noindex' }, body: page('Draft 3', '<p>Unfinished draft text.</p>') },
      '/docs/draft': { body: '<html><head><meta name="robots" content="noindex, follow"><title>Draft</title></head><body><p>Unfinished draft text.</p></body></html>' },
      '/docs/draft2': { body: '<html><head><meta name="LumenChatBot" content="none"><title>Draft 2</title></head><body><p>Unfinished draft text.</p></body></html>' },
      '/old-returns': { status: 301, location: '/docs/returns' },
      '/docs/returns': { body: page('Returns', '<p>Returns are accepted within thirty days.</p>') },
      '/leave': { status: 302, location: 'http://localhost:9/internal' },
      '/docs/shipping': { body: page('Shipping | Nimbus Shop', '<h1>Shipping</h1><p>Orders leave our\n  warehouse within two working days.</p><h2>Costs</h2><p>Delivery inside the EU is free above 50 euros.</p>') },
      '/docs/warranty': { body: page('Warranty', '<header><h1>Warranty</h1></header><p>Every lamp carries a two year warranty.</p><footer>Updated in May</footer>', { wrap: 'article' }) },
      '/private/open.html': { body: page('Open page', '<p>This private-folder page is explicitly allowed.</p>', { wrap: 'none' }) },
      '/private/internal': { body: page('Internal', '<p>Staff only.</p>') },
      '/blog/news': { body: page('News', '<p>Blog news.</p>') },
      '/slow': { held: true },
      '/docs/logo.png': { type: 'image/png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      // No charset in the header, windows-1252 declared in the page: 0xE9 is "é".
      '/docs/cafe': { type: 'text/html', body: Buffer.concat([Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>Caf'), Buffer.from([0xe9]), Buffer.from('</title></head><body><p>The shop caf'), Buffer.from([0xe9]), Buffer.from(' serves espresso.</p></body></html>')]) },
    });
  });
  afterAll(() => site.close());

  test('indexes the pages it may fetch, cites their URLs, and logs one line per failure', async () => {
    const live = await emptyKb();
    const report = await crawlSitemaps(BOT, sources([`${site.url}/sitemap.xml`], { exclude: ['/blog/'], timeout_ms: 1500 }), live, new AbortController().signal);
    await live.flush();
    const kb = live.current;
    expect(report).toEqual({ listed: 12, indexed: 5, failed: 7 });
    expect(kb.search('unfinished draft').passages).toEqual([]);
    expect(kb.degraded).toBe(false);

    const shipping = kb.search('How fast do orders leave the warehouse?').passages[0];
    expect(shipping).toMatchObject({ sourceId: `${site.url}/docs/shipping`, url: `${site.url}/docs/shipping`, title: 'Shipping | Nimbus Shop', heading: 'Shipping' });
    // A sentence wrapped in the HTML source stays one sentence.
    expect(shipping.text).toBe('Orders leave our warehouse within two working days.');
    expect(kb.search('warranty years').passages[0]).toMatchObject({ sourceId: `${site.url}/docs/warranty`, heading: 'Warranty' });
    expect(kb.search('explicitly allowed').passages[0].sourceId).toBe(`${site.url}/private/open.html`);
    expect(kb.search('espresso').passages[0]).toMatchObject({ title: 'Café', text: 'The shop café serves espresso.' });
    // A redirect on the site is followed; the page keeps the URL its sitemap listed.
    expect(kb.search('returns accepted').passages[0].sourceId).toBe(`${site.url}/old-returns`);
    // Page chrome is not knowledge.
    for (const noise of ['newsletter signup', 'gift vouchers', 'copyright imprint', 'analytics beacon']) expect(kb.search(noise).passages).toEqual([]);

    // Disallowed, excluded and foreign pages are never requested; each page at most once.
    expect(site.requests).not.toContain('/private/internal');
    expect(site.requests).not.toContain('/blog/news');
    expect(site.requests.filter((p) => p === '/docs/shipping')).toHaveLength(1);
    expect(site.requests[0]).toBe('/robots.txt');
    expect(site.maxInFlight).toBeLessThanOrEqual(2);

    const sitemap = `[sitemap] bot ${BOT}:`;
    expect(warnings).toEqual(expect.arrayContaining([
      `${sitemap} skipped 1 page, disallowed by robots.txt: ${site.url}/private/internal`,
      `${sitemap} skipped 1 page, not on the site of their sitemap: http://elsewhere.invalid/page`,
      `${sitemap} sitemap ${site.url}/sitemaps/gone.xml: HTTP 404`,
      `${sitemap} skipped 1 sitemap, not on the site of their index: http://other.invalid/sitemap.xml`,
      `${sitemap} ${site.url}/missing: HTTP 404`,
      `${sitemap} ${site.url}/slow: timed out after 1500 ms`,
      `${sitemap} ${site.url}/docs/logo.png: not an HTML page (image/png)`,
      `${sitemap} ${site.url}/leave: redirected off the site, to http://localhost:9`,
      `${sitemap} ${site.url}/docs/draft: the page asks not to be indexed (noindex)`,
      `${sitemap} ${site.url}/docs/draft2: the page asks not to be indexed (noindex)`,
      `${sitemap} ${site.url}/docs/draft3: the page asks not to be indexed (noindex)`,
    ]));
    expect(warnings).toHaveLength(11);
  });

  test('requests to the site are spaced by its Crawl-delay', () => {
    // Every sitemap and page request waits its turn (robots.txt itself does not): 4 sitemaps
    // and 12 pages at 100 ms (a redirect's second request is part of its page's turn). Arrival times at the server jitter by a connection set-up or
    // two, so the whole span is checked rather than each gap.
    const paced = [...site.arrivals].filter(([path]) => path !== '/robots.txt').map(([, at]) => at).sort((a, b) => a - b);
    expect(paced).toHaveLength(17);
    expect(paced.at(-1)! - paced[0]).toBeGreaterThanOrEqual(15 * 100 - 50);
  });
});

describe('limits and failures', () => {
  test('two pages at a time, at most max_pages, include patterns honoured; no robots.txt allows all', async () => {
    const paths = Array.from({ length: 8 }, (_, i) => `/guide/${i}`);
    const site = await startSite({
      '/sitemap.xml': { body: urlset(['https://a.invalid/1', '{site}/other/x', 'https://a.invalid/2', 'mailto:x@a.invalid', ...paths.map((p) => `{site}${p}`)]), type: 'application/xml' },
      ...Object.fromEntries(paths.map((p, i) => [p, { delayMs: 80, body: page(`Guide ${i}`, `<p>Guide step number ${i} explained.</p>`) }])),
    });
    try {
      const live = await emptyKb();
      const report = await crawlSitemaps(BOT, sources([`${site.url}/sitemap.xml`], { include: ['/guide/*$'], max_pages: 5 }), live, new AbortController().signal);
      expect(report).toEqual({ listed: 5, indexed: 5, failed: 0 });
      await live.flush();
      expect(new Set(live.current.search('guide step number explained', 10).passages.map((p) => p.sourceId)).size).toBe(5);
      expect(site.requests.filter((p) => p.startsWith('/guide/'))).toHaveLength(5);
      expect(site.maxInFlight).toBe(2);
      // Skipped pages are one line per reason, not one per URL; excluded ones are not logged.
      expect(warnings).toEqual([
        `[sitemap] bot ${BOT}: skipped 2 pages, not on the site of their sitemap: https://a.invalid/1 and 1 more`,
        `[sitemap] bot ${BOT}: skipped 1 page, not an http(s) URL: mailto:x@a.invalid`,
      ]);
    } finally {
      await site.close();
    }
  });

  test('two bots crawling one site share its two slots', async () => {
    const routes = (lang: string) => Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`/${lang}/${i}`, { delayMs: 80, body: page(`${lang} ${i}`, `<p>Page ${i} in ${lang}.</p>`) }]));
    const site = await startSite({
      '/en.xml': { body: urlset(Array.from({ length: 4 }, (_, i) => `{site}/en/${i}`)) },
      '/de.xml': { body: urlset(Array.from({ length: 4 }, (_, i) => `{site}/de/${i}`)) },
      ...routes('en'),
      ...routes('de'),
    });
    try {
      const stop = new AbortController();
      const shared = new Politeness(stop.signal);
      const [en, de] = await Promise.all(['en', 'de'].map(async (lang) => crawlSitemaps(`bot-${lang}`, sources([`${site.url}/${lang}.xml`]), await emptyKb(), stop.signal, shared)));
      expect([en, de]).toEqual([{ listed: 4, indexed: 4, failed: 0 }, { listed: 4, indexed: 4, failed: 0 }]);
      expect(site.maxInFlight).toBe(2);
    } finally {
      await site.close();
    }
  });

  test('an unreachable sitemap or robots.txt marks the knowledge degraded, never throws', async () => {
    const dead = await startSite({});
    const deadUrl = dead.url;
    await dead.close();
    const live = await emptyKb();
    await crawlSitemaps(BOT, sources([`${deadUrl}/sitemap.xml`], { timeout_ms: 1000 }), live, new AbortController().signal);
    await live.flush();
    expect(live.current.degraded).toBe(true);
    expect(live.current.problems[0]).toMatch(new RegExp(`^${deadUrl}/sitemap.xml: ${deadUrl}/robots.txt: cannot fetch: ECONNREFUSED`));

    const site = await startSite({ '/robots.txt': { status: 503, body: 'busy' }, '/sitemap.xml': { body: urlset(['{site}/a']) } });
    try {
      const live2 = await emptyKb();
      await crawlSitemaps(BOT, sources([`${site.url}/sitemap.xml`]), live2, new AbortController().signal);
      await live2.flush();
      expect(live2.current.problems).toEqual([`${site.url}/sitemap.xml: ${site.url}/robots.txt answered HTTP 503`]);
      expect(site.requests).toEqual(['/robots.txt']);
    } finally {
      await site.close();
    }
  });

  test('closing the server stops a crawl at once', async () => {
    const site = await startSite({ '/sitemap.xml': { body: urlset(['{site}/held']) }, '/held': { held: true } });
    try {
      const stop = new AbortController();
      const live = await emptyKb();
      const crawl = crawlSitemaps(BOT, sources([`${site.url}/sitemap.xml`], { timeout_ms: 60_000 }), live, stop.signal);
      await vi.waitFor(() => expect(site.requests).toContain('/held'));
      stop.abort();
      expect(await crawl).toEqual({ listed: 1, indexed: 0, failed: 0 });
      expect(warnings).toEqual([]);
    } finally {
      await site.close();
    }
  });
});

describe('parts', () => {
  test('robots.txt: our own group replaces the * group; longest match wins; Crawl-delay is capped', () => {
    const rules = parseRobots('https://s.example/robots.txt', [
      'User-agent: *', 'Disallow: /', '',
      'User-agent: LumenChatBot', 'Disallow: /drafts/', 'Allow: /drafts/public', 'Crawl-delay: 600',
    ].join('\n'));
    expect(rules.allowed('https://s.example/docs/a')).toBe(true);
    expect(rules.allowed('https://s.example/drafts/x')).toBe(false);
    expect(rules.allowed('https://s.example/drafts/public-note')).toBe(true);
    expect(rules.delayMs).toBe(30_000);
    expect(parseRobots('https://s.example/robots.txt', 'User-agent: *\nDisallow: /tmp\n').allowed('https://s.example/tmp/1')).toBe(false);
  });

  test('sitemaps: urlset, index, gzip by magic bytes; garbage is a clear error', () => {
    expect(parseSitemap(Buffer.from(urlset([' https://s.example/a ', 'https://s.example/b'])))).toEqual({ kind: 'urlset', locs: ['https://s.example/a', 'https://s.example/b'] });
    expect(parseSitemap(Buffer.from(sitemapIndex(['https://s.example/s1.xml'])))).toEqual({ kind: 'index', locs: ['https://s.example/s1.xml'] });
    expect(() => parseSitemap(Buffer.from('<html><body>Not found</body></html>'))).toThrow('not a sitemap (no <urlset> or <sitemapindex>)');
    expect(() => parseSitemap(Buffer.from('<urlset><url><loc>x</url>'))).toThrow(/^not valid XML \(line 1: /);
    expect(() => parseSitemap(Buffer.from([0x1f, 0x8b, 1, 2, 3]))).toThrow('not a valid gzip file');
  });

  test('a charset declared in a <meta> is found when the header has none', () => {
    expect(metaCharset(Buffer.from('<html><head><meta charset="ISO-8859-1">'))).toBe('ISO-8859-1');
    expect(metaCharset(Buffer.from('<meta http-equiv="content-type" content="text/html; charset=shift_jis">'))).toBe('shift_jis');
    expect(metaCharset(Buffer.from('<p>no declaration</p>'))).toBeNull();
  });

  test('path patterns: prefix, * and $', () => {
    expect(pathMatches('/docs/', '/docs/a/b')).toBe(true);
    expect(pathMatches('/docs/', '/doc')).toBe(false);
    expect(pathMatches('/*.pdf$', '/files/a.pdf')).toBe(true);
    expect(pathMatches('/*.pdf$', '/files/a.pdf?x=1')).toBe(false);
  });

  test('main text: <main> preferred, headings kept, page title from <title> else <h1>', () => {
    const r = mainText('<body><nav>Menu</nav><div>Teaser</div><main><h1>Guide</h1><p>Body text.</p></main></body>');
    expect(r).toEqual({ title: 'Guide', text: '# Guide\n\nBody text.', noindex: false });
    expect(mainText('<p>Only <b>a</b>\n paragraph</p>')).toEqual({ title: null, text: 'Only a paragraph', noindex: false });
  });
});
