// Entry of dist/widget-markdown.js: hands the sanitizing renderer and the SSE parser to the
// widget already on the page through its one public object; no other global is created.
import { createParser } from 'eventsource-parser';
import { renderMarkdown } from './markdown';

const api = (window as unknown as { ChatWidget?: (m: string, value: unknown) => void }).ChatWidget;
if (typeof api === 'function') api('_chunk', { render: renderMarkdown, createParser });
