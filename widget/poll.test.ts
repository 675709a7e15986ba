import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { poller } from './poll';

let hidden = false;
beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

test('polls at once, then every interval; never faster on focus bursts; stops', async () => {
  const tick = vi.fn(async () => {});
  const p = poller(tick, 5000);
  p.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(tick).toHaveBeenCalledTimes(1);
  for (let i = 0; i < 5; i++) window.dispatchEvent(new Event('focus'));
  await vi.advanceTimersByTimeAsync(100);
  expect(tick).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(60000);
  expect(tick.mock.calls.length).toBeLessThanOrEqual(13); // ≤ 12/min + the first: within 30/min
  p.stop();
  const n = tick.mock.calls.length;
  await vi.advanceTimersByTimeAsync(60000);
  expect(tick).toHaveBeenCalledTimes(n);
});

test('pauses while the tab is hidden and resumes when it is shown', async () => {
  const tick = vi.fn(async () => {});
  const p = poller(tick, 5000);
  hidden = true;
  p.start();
  await vi.advanceTimersByTimeAsync(30000);
  expect(tick).not.toHaveBeenCalled();
  hidden = false;
  document.dispatchEvent(new Event('visibilitychange'));
  await vi.advanceTimersByTimeAsync(0);
  expect(tick).toHaveBeenCalledTimes(1);
  p.stop();
});

test('a delay from the tick (Retry-After) pushes the next poll back', async () => {
  const tick = vi.fn(async () => 20000);
  const p = poller(tick, 5000);
  p.start();
  await vi.advanceTimersByTimeAsync(19000);
  expect(tick).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1500);
  expect(tick).toHaveBeenCalledTimes(2);
  p.stop();
});
