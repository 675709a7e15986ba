/**
 * Who may call: the origin check against a bot's allowed domains, the client IP (with the
 * trust_proxy rules), and the bot-protection siteverify call.
 */
import { domainToASCII } from 'node:url';
import { isIP } from 'node:net';
import type { RecaptchaConfig, TrustProxy } from '../config/config.ts';
import { apiError } from '../errors.ts';

/** The host of an http(s) Origin (or Referer) value, lower-case punycode; null when absent or unusable. */
export function requestHost(origin: string | undefined, referer: string | undefined): string | null {
  const raw = origin && origin !== 'null' ? origin : origin === 'null' ? undefined : referer;
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // URL already gives punycode for IDN hosts; domainToASCII also folds case and rejects junk.
  const host = domainToASCII(url.hostname.replace(/^\[|\]$/g, '')) || url.hostname;
  return host.toLowerCase().replace(/\.$/, '');
}

/** Turns a configured pattern into the punycode form the request host is compared in. */
function normalizePattern(p: string): { wildcard: boolean; host: string } {
  const wildcard = p.startsWith('*.');
  const bare = wildcard ? p.slice(2) : p;
  return { wildcard, host: (domainToASCII(bare) || bare).toLowerCase().replace(/\.$/, '') };
}

/**
 * True when `host` is allowed: an exact match, or for `*.example.com` any host ending in
 * `.example.com` on a label boundary (so `evilexample.com` does not match). The bare
 * `example.com` is not matched by `*.example.com`; list both to allow both.
 */
export function hostAllowed(host: string, patterns: string[]): boolean {
  return patterns.some((p) => {
    const { wildcard, host: h } = normalizePattern(p);
    return wildcard ? host.endsWith(`.${h}`) && host.length > h.length + 1 : host === h;
  });
}

/** The origin check of design.md: an empty list allows any caller, including none. */
export function checkOrigin(allowed: string[], origin: string | undefined, referer: string | undefined) {
  if (allowed.length === 0) return;
  const host = requestHost(origin, referer);
  if (!host) throw apiError('origin_not_allowed', 'This bot only answers requests from its allowed websites, and this request named none.');
  if (!hostAllowed(host, allowed)) {
    const seen = origin && origin !== 'null' ? `origin ${origin}` : `page ${referer}`;
    throw apiError('origin_not_allowed', `This request came from ${seen} (host ${host}), which is not in this bot's allowed_domains.`);
  }
}

// --- client IP --------------------------------------------------------------------------

/** Strips the IPv4-mapped IPv6 prefix so one client has one address form. */
export function normalizeIp(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1] : ip;
}

function trusted(ip: string, tp: TrustProxy, index: number): boolean {
  switch (tp.kind) {
    case 'none': return false;
    case 'all': return true;
    case 'hops': return index < tp.hops;
    case 'cidrs': {
      const family = isIP(ip);
      return family !== 0 && tp.list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
    }
  }
}

/**
 * The client address: the socket peer, or with trust_proxy the right-most hop of
 * X-Forwarded-For that is not a trusted proxy. Hops that are not IPs end the walk there,
 * so a forged entry cannot be skipped over.
 */
export function clientIp(socketIp: string, xff: string | string[] | undefined, tp: TrustProxy): string {
  const peer = normalizeIp(socketIp);
  if (tp.kind === 'none' || !xff) return peer;
  const hops = (Array.isArray(xff) ? xff.join(',') : xff).split(',').map((s) => normalizeIp(s.trim())).filter(Boolean);
  // chain[0] is the peer, then the forwarded hops from nearest to farthest.
  const chain = [peer, ...hops.reverse()];
  for (let i = 0; i < chain.length; i++) {
    const ip = chain[i];
    if (!isIP(ip)) return chain[Math.max(0, i - 1)];
    if (!trusted(ip, tp, i) || i === chain.length - 1) return ip;
  }
  return peer;
}

/** The rate-limit key of a client: IPv4 as is, IPv6 by its /64 (one subscriber's block). */
export function ipKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

// --- bot protection ---------------------------------------------------------------------

/**
 * Checks a token with the provider's siteverify endpoint (reCAPTCHA, hCaptcha and
 * Turnstile speak the same form-encoded protocol). Called once per request: tokens are
 * single-use.
 */
export async function verifyToken(rc: RecaptchaConfig, token: string | undefined, remoteIp: string, timeoutMs = 5000): Promise<void> {
  if (!token) throw apiError('recaptcha_required');
  const body = new URLSearchParams({ secret: rc.secret_key, response: token, remoteip: remoteIp });
  let result: { success?: unknown; score?: unknown };
  try {
    const res = await fetch(rc.verify_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`verifier status ${res.status}`);
    result = (await res.json()) as typeof result;
  } catch {
    throw apiError('recaptcha_unavailable');
  }
  if (result.success !== true) throw apiError('recaptcha_failed');
  if (typeof result.score === 'number' && result.score < rc.min_score) throw apiError('recaptcha_failed');
}
