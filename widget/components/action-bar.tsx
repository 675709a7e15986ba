import { useStore } from '../context';
import { statusOf } from '../status';

/** The states whose line is a fixed string. */
const LINES = { waiting: 'handoffWaiting', closed: 'handoffClosed', returned: 'handoffReturned' } as const;

/**
 * The status line (issue 21): one state of status.ts at a time, at most one line and one
 * action. Changes of who is answering are announced (role=status) as well as shown.
 */
export function ActionBar() {
  const s = useStore();
  const c = s.config.value!;
  const l = s.l.value;
  const st = statusOf({
    handoff: s.handoff.state.value,
    agentName: s.handoff.agent.value || c.handoff_agent_label || l.t('agent'),
    offlineSaid: s.handoff.said.value,
    handoffOn: !!c.handoff_enabled && !s.handoff.off.value,
    byButton: c.handoff_trigger !== 'auto',
    available: c.handoff_available !== false,
    hasConversation: s.hasConversation.value,
    contactOpen: s.contact.open.value,
    thanks: s.contact.thanks.value ? s.contact.done.value || l.t('contactDone') : null,
    contactButton: s.contact.button.value,
    contactOffered: s.contact.offered.value,
  });
  if (st.kind === 'form') return null;
  const line =
    st.kind === 'sent' ? st.text
    : st.kind === 'connected' ? l.t('handoffConnected', { name: st.name })
    : st.kind in LINES ? l.t(LINES[st.kind as keyof typeof LINES])
    : st.kind === 'offline' && !st.said ? c.handoff_offline_message || l.t('notice.handoff_offline')
    : null;
  const wanted = st.kind === 'idle' || st.kind === 'offline' ? st.action : null;
  // The action's name is its label's key.
  const action = wanted && (
    <button type="button" onClick={wanted === 'contact' ? () => (s.contact.open.value = true) : s.requestHandoff}>
      {l.t(wanted)}
    </button>
  );
  return line || action ? (
    <div class="bar">
      {line && <span role="status">{line}</span>}
      {action}
    </div>
  ) : null;
}
