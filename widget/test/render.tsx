// Renders the whole widget app for a store wired to a stubbed fetch.
import { render } from '@testing-library/preact';
import { App } from '../components/app';
import { renderMarkdown } from '../markdown';
import { paintMarkdown } from '../markdown-live';
import { createParser } from 'eventsource-parser';
import { provideChunk } from '../chunk';
import { createStore } from '../state';

provideChunk({ render: renderMarkdown, paint: paintMarkdown, createParser });
import { BASE, BOT, config, json, stubFetch } from './helpers';
import type { BotConfig } from '../types';

type Routes = Parameters<typeof stubFetch>[0];

export async function renderWidget(cfg: Partial<BotConfig> = {}, routes: Routes = {}) {
  const net = stubFetch({ 'GET /config$': () => json(config(cfg)), ...routes });
  const store = createStore({ botId: BOT, apiBase: BASE });
  const r = await store.init();
  if (!r.ok) throw new Error('config failed in test');
  const view = render(<App store={store} />);
  return { store, net, view };
}
