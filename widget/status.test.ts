// The status line's state machine (issue 21): one state at a time, each replaced when its truth changes.
import { describe, expect, test } from 'vitest';
import { statusOf, type StatusInput } from './status';

const base: StatusInput = {
  handoff: 'none', agentName: 'Ana', offlineSaid: false, handoffOn: true, byButton: true, available: true, hasConversation: true,
  contactOpen: false, thanks: null, contactButton: true, contactOffered: true,
};
const at = (o: Partial<StatusInput>) => statusOf({ ...base, ...o });

describe('the status line', () => {
  test('asked → waiting → Ana is here → handed back / closed: one state each, nothing left of the one before', () => {
    expect(at({})).toEqual({ kind: 'idle', action: 'handoff' });
    expect(at({ handoff: 'active' })).toEqual({ kind: 'waiting' });
    expect(at({ handoff: 'connected' })).toEqual({ kind: 'connected', name: 'Ana' });
    expect(at({ handoff: 'returned' })).toEqual({ kind: 'returned' });
    expect(at({ handoff: 'closed' })).toEqual({ kind: 'closed' });
  });
  test('offline → contact form → sent; the offline line is left out when the bot said it already', () => {
    expect(at({ handoff: 'offline' })).toEqual({ kind: 'offline', said: false, action: 'contact' });
    expect(at({ handoff: 'offline', offlineSaid: true })).toEqual({ kind: 'offline', said: true, action: 'contact' });
    expect(at({ handoff: 'offline', contactOpen: true })).toEqual({ kind: 'form' });
    expect(at({ handoff: 'offline', thanks: 'Thanks!', contactOffered: false })).toEqual({ kind: 'sent', text: 'Thanks!' });
    // Read (the visitor wrote again): the line goes; the form, sent once, is not offered again.
    expect(at({ handoff: 'none', available: false, contactOffered: false, contactButton: false })).toEqual({ kind: 'idle', action: null });
  });
  test('nobody online: no person offered, at most the contact button, no offline line after every answer', () => {
    expect(at({ available: false })).toEqual({ kind: 'idle', action: 'contact' });
    expect(at({ available: false, contactButton: false })).toEqual({ kind: 'idle', action: null });
  });
  test('handoff off, or trigger auto: never the handoff button', () => {
    expect(at({ handoffOn: false, handoff: 'active' })).toEqual({ kind: 'idle', action: 'contact' });
    expect(at({ byButton: false })).toEqual({ kind: 'idle', action: 'contact' });
  });
});
