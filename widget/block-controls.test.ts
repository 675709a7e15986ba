// The controls the renderer adds: the copy button of code blocks and the scroll region of
// tables. jsdom has no Clipboard API, which is exactly the failure path (insecure pages, old
// browsers); copying that succeeds is checked in Chromium by e2e/markdown.spec.ts.
import { afterEach, expect, test } from 'vitest';
import { renderMarkdown } from './markdown';
import { labelTables } from './markdown-i18n';

const dom = (src: string, lang?: string) => {
  const div = document.createElement('div');
  div.append(renderMarkdown(src, lang));
  document.body.append(div);
  return div;
};

afterEach(() => {
  document.body.innerHTML = '';
});

test('a code block has its language and a labelled copy button of type button, with no inline handler', () => {
  const d = dom('```sh\nnpm i\n```');
  const caption = d.querySelector('figure > figcaption')!;
  expect(caption.querySelector('span')?.textContent).toBe('sh');
  const button = caption.querySelector('button')!;
  expect(button.type).toBe('button');
  expect(button.textContent).toBe('Copy');
  expect(button.getAttribute('aria-label')).toBe('Copy code');
  expect([...button.attributes].map((a) => a.name).sort()).toEqual(['aria-label', 'type']);
  expect(d.querySelector('figure > pre > code')?.textContent).toBe('npm i');
});

test('when the clipboard cannot be written, the code is selected and the failure is announced', async () => {
  expect(navigator.clipboard).toBeUndefined(); // jsdom: the real failure path, no stand-in
  const d = dom('Run:\n\n```\nnpm run build\n```');
  const status = d.querySelector('figcaption [aria-live="polite"]')!;
  expect(status.textContent).toBe('');
  d.querySelector('button')!.click();
  await expect.poll(() => status.textContent).toBe('Could not copy; the code is selected.');
  expect(document.getSelection()?.toString()).toBe('npm run build');
});

test('a table sits in a focusable scroll region labelled by its columns', () => {
  const d = dom('a | b\n--|--\n1 | 2');
  const region = d.querySelector('[role="region"]')!;
  expect(region.tagName).toBe('DIV');
  expect(region.getAttribute('tabindex')).toBe('0');
  expect(region.getAttribute('aria-label')).toBe('Table: a, b');
  expect(region.firstElementChild?.tagName).toBe('TABLE');
});

test('labels follow the widget language; unknown languages get English', () => {
  const d = dom('```\nx\n```\n\n| Plan |\n|---|\n| Pro |', 'de-AT');
  expect(d.querySelector('button')?.textContent).toBe('Kopieren');
  expect(d.querySelector('button')?.getAttribute('aria-label')).toBe('Code kopieren');
  expect(d.querySelector('[role="region"]')?.getAttribute('aria-label')).toBe('Tabelle: Plan');
  expect(dom('```\nx\n```', 'xx').querySelector('button')?.textContent).toBe('Copy');
  for (const table of Object.values(labelTables)) expect(Object.keys(table).sort()).toEqual(Object.keys(labelTables.en).sort());
});
