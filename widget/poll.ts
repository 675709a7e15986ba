// A polite poller for history while a human is in the conversation. It runs at most every
// `ms` (the history endpoint allows 30/min per IP; 5 s leaves room for a second tab), pauses
// while the tab is hidden or offline, and polls at once when the user comes back.
export interface Poller { start(): void; stop(): void }

/** `tick` resolves to a delay override in ms (e.g. a 429's Retry-After), or nothing. */
export function poller(tick: () => Promise<number | void>, ms = 5000): Poller {
  let on = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let last = 0;
  const visible = () => document.visibilityState !== 'hidden' && navigator.onLine !== false;

  const schedule = (delay = ms) => {
    clearTimeout(timer);
    if (on) timer = setTimeout(run, delay);
  };
  async function run() {
    if (!on || inFlight) return;
    if (!visible()) return; // resumed by the listeners below
    // Focus/online events may fire in bursts; never poll more often than every `ms`.
    const wait = last + ms - Date.now();
    if (wait > 0) return schedule(wait);
    last = Date.now();
    inFlight = true;
    let next: number | void;
    try {
      next = await tick();
    } finally {
      inFlight = false;
    }
    schedule(Math.max(ms, next || 0));
  }
  const wake = () => {
    if (on && visible()) run();
  };
  return {
    start() {
      if (on) return;
      on = true;
      document.addEventListener('visibilitychange', wake);
      window.addEventListener('online', wake);
      window.addEventListener('focus', wake);
      run();
    },
    stop() {
      on = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', wake);
      window.removeEventListener('focus', wake);
    },
  };
}
