/**
 * Politeness per site, shared by every bot's crawl: at most PER_SITE requests to one site at
 * a time, and with a Crawl-delay each request starts at least that long after the previous
 * one to the site started. Two bots crawling the same site (say one per language) share it.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Requests in flight to one site, over all bots. */
export const PER_SITE = 2;

interface Site { active: number; waiting: Array<() => void>; next: number }

export class Politeness {
  private readonly sites = new Map<string, Site>();
  private readonly signal: AbortSignal;
  constructor(signal: AbortSignal) {
    this.signal = signal;
  }

  /** Waits for a slot on the site and its Crawl-delay turn; call the result when done. */
  async acquire(url: string, delayMs: number): Promise<() => void> {
    const origin = new URL(url).origin;
    let site = this.sites.get(origin);
    if (!site) this.sites.set(origin, (site = { active: 0, waiting: [], next: 0 }));
    if (site.active < PER_SITE) site.active++;
    else await this.queue(site); // the releasing request hands its slot over
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = site.waiting.shift();
      if (next) next();
      else site.active--;
    };
    try {
      if (delayMs > 0) {
        const now = Date.now();
        const at = Math.max(now, site.next);
        site.next = at + delayMs;
        if (at > now) await sleep(at - now, undefined, { signal: this.signal });
      }
    } catch (e) {
      release();
      throw e;
    }
    return release;
  }

  private queue(site: Site): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.signal.aborted) return reject(this.signal.reason);
      const go = () => {
        this.signal.removeEventListener('abort', stop);
        resolve();
      };
      const stop = () => {
        site.waiting.splice(site.waiting.indexOf(go), 1);
        reject(this.signal.reason);
      };
      site.waiting.push(go);
      this.signal.addEventListener('abort', stop, { once: true });
    });
  }
}
