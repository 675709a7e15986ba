/**
 * Post-filters on text: blocked terms (the turn ends with content_filtered) and redaction
 * of personal data in answers (one `replace` event carries the redacted full text).
 */
import type { Redaction } from '../../protocol/codes.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches any blocked term as a whole word (or phrase), ignoring case. */
export function blockedMatcher(terms: string[]): (text: string) => boolean {
  if (terms.length === 0) return () => false;
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map((t) => escape(t.trim())).join('|')})(?![\\p{L}\\p{N}])`, 'iu');
  return (text) => re.test(text);
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Digit runs that look like a phone number by count but are something else. */
const NOT_A_PHONE = [
  /^\d{4}([./-])\d{1,2}\1\d{1,2}$/, // 2024-01-15, 2024.01.15
  /^\d{1,2}([./-])\d{1,2}\1\d{4}$/, // 15.01.2024, 01-15-2024
  /^(1[89]|20)\d\d\s*-\s*(1[89]|20)\d\d$/, // 2019-2023
  /^\d{1,2}\.\d\d\s*-\s*\d{1,2}\.\d\d$/, // 09.00-17.30
  /^\d{1,3}(\.\d{1,3}){3}$/, // 192.168.100.200
];

/** One rule per kind, in the order they run: cards before phones (a card number also looks like a long phone number). */
const RULES: Record<Redaction, { re: RegExp; keep?: (m: string) => boolean; label: string }> = {
  email: { re: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, label: '[email removed]' },
  credit_card: {
    re: /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g,
    keep: (m) => !luhn(m.replace(/\D/g, '')),
    label: '[card number removed]',
  },
  // 7-15 digits with the usual separators, optionally +country. Versions have too few digits;
  // dates, year ranges, opening hours and IPv4 addresses have enough, so they are kept by shape.
  phone: {
    re: /(?<![\w+]|\d\.)\+?\(?\d[\d\s().-]{5,}\d(?!\w|\.\d)/g,
    keep: (m) => {
      const n = m.replace(/\D/g, '').length;
      return n < 7 || n > 15 || NOT_A_PHONE.some((re) => re.test(m.trim()));
    },
    label: '[phone removed]',
  },
};

/** The text with every configured kind of personal data replaced by a label. */
export function redact(text: string, kinds: readonly Redaction[]): string {
  const order = (Object.keys(RULES) as Redaction[]).filter((k) => kinds.includes(k));
  return order.reduce((t, kind) => {
    const rule = RULES[kind];
    return t.replace(rule.re, (m) => (rule.keep?.(m) ? m : rule.label));
  }, text);
}
