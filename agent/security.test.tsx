import { fireEvent, screen, within } from '@testing-library/preact';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { citation, message } from './testing/fake-agent-api';
import { cleanupInbox, renderInbox, signIn } from './testing/render-inbox';

afterEach(() => {
  cleanupInbox();
  delete (globalThis as { __pwned?: unknown }).__pwned;
});

const IMG = '<img src=x onerror="globalThis.__pwned=1">';
const SCRIPT = '<script>globalThis.__pwned=1</script>[win a prize](javascript:globalThis.__pwned=1)';

describe('untrusted content', () => {
  test('visitor, model, agent and contact text render as text, never as markup', async () => {
    const { container } = renderInbox({
      conversations: [
        {
          id: 'evil',
          botName: '<i>bot</i>',
          waitingSince: '2025-01-01T10:00:00.000Z',
          messages: [
            message('user', IMG),
            message('assistant', SCRIPT, {
              citations: [
                citation('<b>bold title</b>', 'javascript:globalThis.__pwned=1'),
                citation('Data page', 'data:text/html,<script>alert(1)</script>'),
                citation('Real page', 'https://docs.example.com/real'),
              ],
            }),
            message('assistant', 'from a human', { agent_name: '<svg onload="globalThis.__pwned=1">' }),
          ],
          contactSubmissions: [{ id: 's1', fields: { name: '<iframe src="https://evil.test">' }, created_at: '2025-01-01T10:00:00Z' }],
        },
      ],
    });
    await signIn();
    fireEvent.click(await screen.findByRole('button', { name: new RegExp('img src=x') }));
    const thread = await screen.findByRole('list', { name: 'Conversation thread' });

    expect(within(thread).getByText(IMG)).toBeTruthy();
    expect(within(thread).getByText(SCRIPT)).toBeTruthy();
    expect(within(thread).getByText('<b>bold title</b>')).toBeTruthy();
    expect(within(thread).getByText('<svg onload="globalThis.__pwned=1"> (agent)')).toBeTruthy();
    expect(screen.getByText('<iframe src="https://evil.test">')).toBeTruthy();
    expect(container.querySelector('img, script, b, i, svg, iframe')).toBeNull();
    // Besides the console's own sections (#/…), the only link is the one http(s) citation.
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href')).filter((h) => !h?.startsWith('#/'));
    expect(hrefs).toEqual(['https://docs.example.com/real']);
    expect((globalThis as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  test('no source file of the inbox writes HTML (innerHTML, outerHTML, insertAdjacentHTML, dangerouslySetInnerHTML)', () => {
    const root = import.meta.dirname;
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return sources(path);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
      });
    const files = sources(root);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML/);
    }
  });
});
