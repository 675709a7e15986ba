import { expect, test } from 'vitest';
import { lang, noticeKey, tables } from './i18n';

test('every language has every key, non-empty and with the same placeholders', () => {
  const keys = Object.keys(tables.en).sort();
  for (const [code, table] of Object.entries(tables)) {
    expect(Object.keys(table).sort(), code).toEqual(keys);
    for (const k of keys) {
      const v = table[k as keyof typeof table];
      expect(v.trim(), `${code}.${k}`).not.toBe('');
      expect(v.match(/\{\w+\}/g), `${code}.${k}`).toEqual(tables.en[k as keyof typeof table].match(/\{\w+\}/g));
    }
  }
  expect(Object.keys(tables).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr']);
});

test('language codes pick tables, regions fold, unknown falls back to English', () => {
  expect(lang('de-AT').t('send')).toBe('Senden');
  expect(lang('FR').t('open')).toBe('Ouvrir le chat');
  expect(lang('xx').code).toBe('en');
  expect(lang(undefined).code).toBe('en');
  expect(lang('en').t('retryIn', { n: 5 })).toBe('You can send again in 5 s.');
});

test('Arabic is right-to-left, the others left-to-right', () => {
  expect(lang('ar').dir).toBe('rtl');
  for (const c of ['en', 'de', 'fr', 'es']) expect(lang(c).dir).toBe('ltr');
});

test('notice message keys are localized; unknown keys get the generic line, never the raw key', () => {
  for (const k of ['notice.rag_unavailable', 'notice.handoff_active', 'notice.handoff_started', 'notice.handoff_offline'])
    expect(noticeKey(k)).toBe(k);
  expect(noticeKey('notice.something_new')).toBe('notice.generic');
  expect(noticeKey('open')).toBe('notice.generic');
  expect(lang('es').t(noticeKey('notice.rag_unavailable'))).toContain('Fuentes no disponibles');
});
