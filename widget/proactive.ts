// Proactive messages (config `proactive_messages`): a line shown above the launcher after a
// delay, on pages whose path matches a glob, once per visitor. The loader uses this to decide
// whether (and when) to fetch the app; the app shows the line.
import { load, save } from './storage';
import type { ProactiveMessage } from './types';

/** Glob on location.pathname: `*` is any run of characters except `/`, `**` any run at all, `?` one character. */
export function globMatch(pattern: string, path: string): boolean {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`).test(path);
}

const seenKey = (botId: string) => `chat-widget:${botId}:proactive`;

/** The first proactive message for this path that this visitor has not had yet (read-only). */
export function pickProactive(list: unknown, botId: string, path: string): ProactiveMessage | null {
  // Storage is read only when there is something to decide: the first localStorage access of
  // a page is a synchronous load of the whole area, a cost every page view would pay.
  if (!Array.isArray(list) || !list.length) return null;
  const seen = load(seenKey(botId));
  for (const m of list as ProactiveMessage[]) {
    if (!m || typeof m.text !== 'string' || !m.text.trim()) continue;
    if (m.url_pattern != null && !globMatch(String(m.url_pattern), path)) continue;
    if (m.once !== false && seen[m.text]) continue;
    return m;
  }
  return null;
}

/** Remembers that the visitor has had this message (called when they act on it: storage waits for an interaction). */
export function markProactiveSeen(botId: string, m: ProactiveMessage): void {
  if (m.once === false) return;
  save(seenKey(botId), { ...load(seenKey(botId)), [m.text]: '1' });
}
