// reCAPTCHA v3-style bot protection, loaded only for bots that have a site key.
// The script URL is configurable (data-recaptcha-src) so tests and self-hosted mirrors can
// provide a stand-in implementing the same `grecaptcha.ready/execute` API.
interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
}

export const DEFAULT_RECAPTCHA_SRC = 'https://www.google.com/recaptcha/api.js';
const TIMEOUT_MS = 10000;

export interface Recaptcha { preload(): void; token(): Promise<string | null>; remove(): void }

export function recaptcha(siteKey: string, src: string = DEFAULT_RECAPTCHA_SRC): Recaptcha {
  let script: HTMLScriptElement | null = null;
  let loaded: Promise<Grecaptcha | null> | null = null;

  const load = () =>
    (loaded ||= new Promise<Grecaptcha | null>((resolve) => {
      const g = () => (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g()) return g()!.ready(() => resolve(g()!));
      script = document.createElement('script');
      const url = new URL(src, document.baseURI);
      url.searchParams.set('render', siteKey);
      script.src = url.href;
      script.async = true;
      script.onload = () => (g() ? g()!.ready(() => resolve(g()!)) : resolve(null));
      script.onerror = () => {
        loaded = null; // allow a later turn to try again
        resolve(null);
      };
      document.head.appendChild(script);
    }));

  return {
    preload: () => void load(),
    /** A fresh token for one turn (tokens are single-use), or null when the provider fails. */
    async token() {
      const g = await Promise.race([load(), new Promise<null>((r) => setTimeout(r, TIMEOUT_MS, null))]);
      if (!g) return null;
      try {
        return (await g.execute(siteKey, { action: 'chat' })) || null;
      } catch {
        return null;
      }
    },
    remove() {
      script?.remove();
    },
  };
}
