// Theme values come from a server we may not control: only well-formed values reach CSS.
import { THEMES, type WidgetTheme } from '../protocol/codes.ts';

/** `#rgb` or `#rrggbb` → [r, g, b]; anything else (names, url(), expressions) → null. */
export function parseHex(v: unknown): [number, number, number] | null {
  if (typeof v !== 'string') return null;
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(v.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: number[], b: number[]): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

export interface Theme { primary: string; onPrimary: string; position: 'left' | 'right'; scheme: WidgetTheme }

const DEFAULT_PRIMARY = '#2563eb';

/** Validates `widget_settings`; text on the primary colour is black or white, whichever contrasts more. */
export function theme(settings: Record<string, unknown> | null | undefined): Theme {
  const s = settings || {};
  const rgb = parseHex(s.primary_color) || parseHex(DEFAULT_PRIMARY)!;
  const primary = '#' + rgb.map((c) => c.toString(16).padStart(2, '0')).join('');
  const onPrimary = contrast(rgb, [0, 0, 0]) >= contrast(rgb, [255, 255, 255]) ? '#000000' : '#ffffff';
  const scheme = THEMES.includes(s.theme as WidgetTheme) ? (s.theme as WidgetTheme) : 'auto';
  return { primary, onPrimary, position: s.position === 'bottom-left' ? 'left' : 'right', scheme };
}
