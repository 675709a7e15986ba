import { useStore } from '../context';
import { statusOf } from '../status';

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
  const contact = (
    <button type="button" onClick={() => (s.contact.open.value = true)}>
      {l.t('contact')}
    </button>
  );
  let line: string | null = null;
  let action = null;
  switch (st.kind) {
    case 'form':
      return null;
    case 'sent':
      line = st.text;
      break;
    case 'connected':
      line = l.t('handoffConnected', { name: st.name });
      break;
    case 'waiting':
      line = l.t('handoffWaiting');
      break;
    case 'closed':
      line = l.t('handoffClosed');
      break;
    case 'returned':
      line = l.t('handoffReturned');
      break;
    case 'offline':
      if (!st.said) line = c.handoff_offline_message || l.t('notice.handoff_offline');
      if (st.action) action = contact;
      break;
    case 'idle':
      if (st.action === 'handoff') {
        action = (
          <button type="button" onClick={s.requestHandoff}>
            {l.t('handoff')}
          </button>
        );
      } else if (st.action === 'contact') action = contact;
      break;
  }
  return line || action ? (
    <div class="bar">
      {line && <span role="status">{line}</span>}
      {action}
    </div>
  ) : null;
}
