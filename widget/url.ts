// The one URL check used for links, citations, avatars and image previews.
// The URL parser does the unescaping, whitespace stripping and case folding that attackers
// rely on (`JaVa\tScRiPt:`), so we compare the parsed protocol, never the raw string.
const LINK = new Set(['http:', 'https:', 'mailto:']);
const IMAGE = new Set(['http:', 'https:']);

function parse(raw: string): URL | null {
  try {
    // A base is needed for relative links; an opaque one keeps them from resolving to the host page.
    return new URL(raw.trim(), 'https://invalid.invalid/');
  } catch {
    return null;
  }
}

/** A link target that may be shown: http(s) or mailto only, absolute. Returns the normalised URL or null. */
export function safeLink(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const u = parse(raw);
  if (!u || !LINK.has(u.protocol) || u.hostname === 'invalid.invalid') return null;
  return u.href;
}

/** An image source: absolute http(s), or an inline raster `data:image/…;base64` (never SVG). */
export function safeImage(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (/^data:image\/(png|jpeg|webp|gif);base64,[a-z0-9+/=\s]+$/i.test(raw)) return raw;
  const u = parse(raw);
  return u && IMAGE.has(u.protocol) && u.hostname !== 'invalid.invalid' ? u.href : null;
}
