import { afterEach, expect, test, vi } from 'vitest';
import { recaptcha } from './recaptcha';

afterEach(() => {
  delete (window as any).grecaptcha;
  document.head.innerHTML = '';
});

test('loads the provider script lazily from the configured URL and fetches a fresh token per call', async () => {
  const rc = recaptcha('site-key-1', 'https://stub.test/recaptcha.js');
  expect(document.querySelector('script')).toBeNull(); // nothing until first use
  const first = rc.token();
  const s = document.querySelector<HTMLScriptElement>('script')!;
  expect(s.src).toBe('https://stub.test/recaptcha.js?render=site-key-1');
  let n = 0;
  const execute = vi.fn(async (key: string, opts: { action: string }) => `${key}:${opts.action}:${++n}`);
  (window as any).grecaptcha = { ready: (cb: () => void) => cb(), execute };
  s.onload!(new Event('load'));
  expect(await first).toBe('site-key-1:chat:1');
  expect(await rc.token()).toBe('site-key-1:chat:2');
  expect(document.querySelectorAll('script')).toHaveLength(1);
  rc.remove();
  expect(document.querySelector('script')).toBeNull();
});

test('a provider that fails to load yields no token (the turn reports a security-check failure)', async () => {
  const rc = recaptcha('k', 'https://stub.test/r.js');
  const t = rc.token();
  document.querySelector<HTMLScriptElement>('script')!.onerror!(new Event('error'));
  expect(await t).toBeNull();
});
