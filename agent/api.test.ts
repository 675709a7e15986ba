import { describe, expect, test, vi } from 'vitest';
import { createAgentApi } from './api';
import { json } from './testing/fake-agent-api';

function client(answer: () => Promise<Response>) {
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  const onUnauthorized = vi.fn();
  const api = createAgentApi({ token: 's3cret', onUnauthorized, fetch, base: 'https://chat.example' });
  return { api, fetch, onUnauthorized };
}

describe('agent API client', () => {
  test('sends the bearer token and JSON only when there is a body', async () => {
    const { api, fetch } = client(async () => json({ id: 'm1' }, 201));
    await api.reply('conv/1', 'hi');
    await api.close('conv/1');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('https://chat.example/v1/agent/conversations/conv%2F1/messages');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer s3cret');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"content":"hi"}');
    const closeInit = fetch.mock.calls[1][1];
    expect(new Headers(closeInit?.headers).get('Content-Type')).toBeNull();
    expect(closeInit?.body).toBeUndefined();
  });

  test('a 401 calls the one handler and returns unauthorized', async () => {
    const { api, onUnauthorized } = client(async () => json({ error: 'unauthorized', message: 'no' }, 401));
    expect(await api.me()).toEqual({ ok: false, error: { code: 'unauthorized', status: 401 } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('failures become values: network, 404, 500 and a non-JSON success', async () => {
    const network = client(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await network.api.presence()).toEqual({ ok: false, error: { code: 'network', status: 0 } });
    const missing = client(async () => json({ error: 'not_found', message: 'Not found' }, 404));
    expect(await missing.api.getConversation('x')).toEqual({ ok: false, error: { code: 'not_found', status: 404, message: 'Not found' } });
    const broken = client(async () => json({ error: 'internal_error', message: 'x' }, 500));
    expect(await broken.api.listConversations()).toEqual({ ok: false, error: { code: 'server', status: 500, message: 'x' } });
    const html = client(async () => new Response('<html>proxy error</html>', { status: 200 }));
    expect(await html.api.me()).toEqual({ ok: false, error: { code: 'server', status: 200 } });
    expect(network.onUnauthorized).not.toHaveBeenCalled();
  });

  test('returns the parsed answer as data', async () => {
    const { api, fetch } = client(async () => json({ conversations: [] }));
    expect(await api.listConversations('closed')).toEqual({ ok: true, data: { conversations: [] } });
    expect(fetch.mock.calls[0][0]).toBe('https://chat.example/v1/agent/conversations?status=closed');
  });
});
