// The widget's status area as one state machine (issue 21): from the handoff's state, the
// contact form's and the config, exactly one state at a time, each with at most one line and
// one action. Every state is replaced as soon as its truth changes (asked → waiting → Ana is
// here → handed back / closed; offline → contact form → sent), so no line outlives its truth.
import type { HandoffState } from './handoff';

export type StatusState =
  | { kind: 'idle'; action: 'handoff' | 'contact' | null }
  | { kind: 'waiting' }
  | { kind: 'connected'; name: string }
  | { kind: 'closed' }
  | { kind: 'returned' }
  /** Nobody online. `said`: the bot's reply already said so, the line stays empty. */
  | { kind: 'offline'; said: boolean; action: 'contact' | null }
  /** The contact form is open (a sheet of its own): the line stays empty. */
  | { kind: 'form' }
  | { kind: 'sent'; text: string };

export interface StatusInput {
  handoff: HandoffState;
  /** The agent who has the conversation (or the bot's agent label). */
  agentName: string;
  offlineSaid: boolean;
  /** The bot offers handoff and the server has it. */
  handoffOn: boolean;
  /** The visitor may ask for a person by a button (trigger `button`/`both`). */
  byButton: boolean;
  /** `handoff_available` as last read (false: nobody online). */
  available: boolean;
  hasConversation: boolean;
  contactOpen: boolean;
  /** The thank-you line, while it has not been read; null otherwise. */
  thanks: string | null;
  /** The contact button's display rule allows it now. */
  contactButton: boolean;
  /** The contact form can be offered at all (enabled, not yet sent). */
  contactOffered: boolean;
}

export function statusOf(i: StatusInput): StatusState {
  if (i.contactOpen) return { kind: 'form' };
  if (i.thanks !== null) return { kind: 'sent', text: i.thanks };
  if (i.handoffOn) {
    if (i.handoff === 'connected') return { kind: 'connected', name: i.agentName };
    if (i.handoff === 'active') return { kind: 'waiting' };
    if (i.handoff === 'offline') return { kind: 'offline', said: i.offlineSaid, action: i.contactOffered ? 'contact' : null };
    if (i.handoff === 'closed') return { kind: 'closed' };
    if (i.handoff === 'returned') return { kind: 'returned' };
  }
  // Nothing to tell: one action at most. A person when one is online, else the contact form.
  if (i.handoffOn && i.byButton && i.hasConversation && i.available) return { kind: 'idle', action: 'handoff' };
  return { kind: 'idle', action: i.contactButton ? 'contact' : null };
}
