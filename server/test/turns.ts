/** Helpers to run a whole chat turn and look at it. */
import { expect } from 'vitest';
import type { TestServer } from './fixtures.ts';
import { readSse, type SseResult } from './sse-reader.ts';

export interface TurnResult extends SseResult {
  status: number;
  headers: Headers;
  text: string;
  last: SseResult['events'][number] | undefined;
  types: string[];
  body?: Record<string, unknown>;
}

export async function turn(s: TestServer, body: Record<string, unknown>, headers?: Record<string, string>): Promise<TurnResult> {
  const res = await s.chat(body, headers);
  if (res.status !== 200) {
    const json = (await res.json()) as Record<string, unknown>;
    return { status: res.status, headers: res.headers, events: [], ids: [], comments: [], raw: '', text: '', last: undefined, types: [], body: json };
  }
  const sse = await readSse(res);
  // Every replace discards what came before it, as a client must do.
  let text = '';
  for (const e of sse.events) {
    if (e.type === 'content') text += e.content as string;
    if (e.type === 'replace') text = e.content as string;
  }
  return { ...sse, status: 200, headers: res.headers, text, last: sse.events.at(-1), types: sse.events.map((e) => e.type) };
}

/** The event order of design.md: nothing before status retrieving, nothing after done/error. */
export const EVENT_ORDER = /^status:retrieving( notice)*( status:generating( content)*( replace)?)? (done|error)$/;

export function stages(events: SseResult['events']): string {
  return events.map((e) => (e.type === 'status' ? `status:${e.stage}` : e.type)).join(' ');
}

/** A 4xx JSON error with the given status and code. */
export function expectError(r: TurnResult, status: number, code: string) {
  expect({ status: r.status, error: r.body?.error }).toEqual({ status, error: code });
  expect(typeof r.body?.message).toBe('string');
  expect(String(r.body?.message)).not.toMatch(/\bat .*\.ts:\d+/);
}
