// Controls added to a sanitized answer: a copy button on every code block and a focusable,
// labelled scroll region around every table. They are built with DOM calls after sanitizing
// (nothing an answer contains can produce them) and carry no class: styles.css finds them by
// structure. Listeners go on with addEventListener, so they work under a CSP without
// 'unsafe-inline'.
import { labels, type Labels } from './markdown-i18n';

const STATUS_MS = 2500;

/** Selects the code so that Ctrl+C / Cmd+C works when the Clipboard API is missing or refused. */
function select(code: Element) {
  const sel = code.ownerDocument.defaultView?.getSelection();
  if (!sel) return;
  const range = code.ownerDocument.createRange();
  range.selectNodeContents(code);
  sel.removeAllRanges();
  sel.addRange(range);
}

function codeBar(figure: Element, t: Labels) {
  const caption = figure.querySelector(':scope > figcaption');
  const code = figure.querySelector(':scope > pre > code');
  if (!caption || !code) return;
  const name = document.createElement('span');
  name.textContent = caption.textContent;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = t.copy;
  button.setAttribute('aria-label', t.copyCode);
  // Polite: the result is announced without moving focus off the button.
  const status = document.createElement('span');
  status.setAttribute('aria-live', 'polite');
  let timer: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener('click', async () => {
    let ok = false;
    try {
      await navigator.clipboard.writeText(code.textContent || '');
      ok = true;
    } catch {
      select(code); // no Clipboard API (insecure page, old browser) or permission refused
    }
    status.textContent = ok ? t.copied : t.copyFailed;
    clearTimeout(timer);
    timer = setTimeout(() => (status.textContent = ''), STATUS_MS);
  });
  caption.replaceChildren(name, status, button);
}

function scrollRegion(table: Element, t: Labels) {
  const region = document.createElement('div');
  region.setAttribute('role', 'region');
  region.tabIndex = 0; // keyboard users scroll it with the arrow keys
  const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
  region.setAttribute('aria-label', heads.length ? `${t.table}: ${heads.slice(0, 4).join(', ')}` : t.table);
  table.replaceWith(region);
  region.append(table);
}

export function addControls(root: DocumentFragment, lang?: string | null): void {
  const t = labels(lang);
  for (const figure of root.querySelectorAll('figure')) codeBar(figure, t);
  for (const table of root.querySelectorAll('table')) scrollRegion(table, t);
}
