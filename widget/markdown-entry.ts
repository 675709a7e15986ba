// Entry of dist/widget-markdown.js: hands the sanitizing renderer to the widget already on the
// page through its one public object; no other global is created.
import { renderMarkdown } from './markdown';

const api = (window as unknown as { ChatWidget?: (m: string, fn: unknown) => void }).ChatWidget;
if (typeof api === 'function') api('_markdown', renderMarkdown);
