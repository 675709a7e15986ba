import { describe, expect, test } from 'vitest';
import { parseConfig } from '../../config/config.ts';
import { botConfig, configError } from '../../test/fixtures.ts';
import { DEFAULT_CRAWL } from './crawl-config.ts';

const knowledgeOf = (knowledge: Record<string, unknown>) =>
  parseConfig({ workspaces: [{ id: 'ws1' }], bots: [botConfig({ knowledge })] }, '/base').bots.values().next().value!.knowledge;

const errorOf = (knowledge: Record<string, unknown>) => configError({ workspaces: [{ id: 'ws1' }], bots: [botConfig({ knowledge })] });

describe('sitemap config', () => {
  test('defaults: no sitemaps, 200 pages, every path, 10 s and 2 MB per request', () => {
    expect(knowledgeOf({ dir: 'k' })).toMatchObject({ sitemaps: [], crawl: DEFAULT_CRAWL });
    expect(DEFAULT_CRAWL).toEqual({ max_pages: 200, include: [], exclude: [], timeout_ms: 10_000, max_page_bytes: 2 * 1024 * 1024 });
    expect(knowledgeOf({ sitemaps: ['https://example.com/sitemap.xml'], crawl: { max_pages: 20, exclude: ['/blog/'] } })).toMatchObject({
      sitemaps: ['https://example.com/sitemap.xml'],
      crawl: { ...DEFAULT_CRAWL, max_pages: 20, exclude: ['/blog/'] },
    });
  });

  test('errors name the field', () => {
    expect(errorOf({ sitemaps: 'https://example.com/sitemap.xml' })).toBe('bots[0].knowledge.sitemaps: must be an array');
    expect(errorOf({ sitemaps: ['ftp://example.com/sitemap.xml'] })).toBe('bots[0].knowledge.sitemaps[0]: must be an http(s) URL like "https://example.com/sitemap.xml"');
    expect(errorOf({ sitemaps: ['sitemap.xml'] })).toBe('bots[0].knowledge.sitemaps[0]: must be an http(s) URL like "https://example.com/sitemap.xml"');
    expect(errorOf({ crawl: { max_pages: 0 } })).toBe('bots[0].knowledge.crawl.max_pages: must be at least 1');
    expect(errorOf({ crawl: { include: ['docs'] } })).toBe('bots[0].knowledge.crawl.include[0]: must be a path pattern starting with "/" or "*", like "/docs/" or "/*.pdf$"');
    expect(errorOf({ crawl: { timeout_ms: 50 } })).toBe('bots[0].knowledge.crawl.timeout_ms: must be at least 100');
    expect(errorOf({ crawl: { max_page_bytes: 'big' } })).toBe('bots[0].knowledge.crawl.max_page_bytes: must be a whole number');
  });
});
