// localStorage can throw on access (Safari private mode, sandboxed iframes, disabled cookies)
// or on write (quota). The widget keeps working without it; it just forgets on reload.

/** Reads a per-bot JSON record; any failure reads as empty. */
export function load(key: string): Record<string, string> {
  try {
    const v = JSON.parse(window.localStorage.getItem(key) || '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

export function save(key: string, value: Record<string, string>): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: stay in memory */
  }
}

/** crypto.randomUUID exists only in secure contexts; an http:// host page still needs a session id. */
export function uuid(): string {
  try {
    if (crypto.randomUUID) return crypto.randomUUID();
  } catch {
    /* fall through */
  }
  const b = crypto.getRandomValues(new Uint8Array(16)); // available in insecure contexts too
  b[6] = (b[6] & 15) | 64;
  b[8] = (b[8] & 63) | 128;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
