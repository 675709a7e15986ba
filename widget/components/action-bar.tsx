import { useStore } from '../context';

/**
 * Handoff and contact affordances, exactly per config: the handoff button for trigger
 * `button`/`both` once a conversation exists (or the offline message when no agent is online),
 * the waiting line while in handoff, the contact button per its display rule.
 */
export function ActionBar() {
  const s = useStore();
  const c = s.config.value!;
  const l = s.l.value;
  const h = s.handoff.state.value;
  const offline = c.handoff_offline_message || l.t('notice.handoff_offline');
  const handoffOn = !!c.handoff_enabled && !s.handoff.off.value;
  const byButton = c.handoff_trigger !== 'auto';
  const items = [];
  if (handoffOn && h === 'active') items.push(<span key="w">{l.t('handoffWaiting')}</span>);
  // Changes of who is answering are announced (role=status) as well as shown.
  else if (handoffOn && h === 'connected') items.push(<span key="a" role="status">{l.t('handoffConnected', { name: s.handoff.agent.value || c.handoff_agent_label || l.t('agent') })}</span>);
  else if (handoffOn && h === 'closed') items.push(<span key="x" role="status">{l.t('handoffClosed')}</span>);
  else if (handoffOn && h === 'returned') items.push(<span key="r" role="status">{l.t('handoffReturned')}</span>);
  else if (handoffOn && h === 'offline') items.push(<span key="o">{offline}</span>);
  else if (handoffOn && byButton && s.hasConversation.value) {
    items.push(
      c.handoff_available === false ? (
        <span key="o">{offline}</span>
      ) : (
        <button type="button" key="h" onClick={s.requestHandoff}>
          {l.t('handoff')}
        </button>
      ),
    );
  }
  const done = s.contact.done.value;
  if (done !== null) items.push(<span key="d" role="status">{done || l.t('contactDone')}</span>);
  else if (s.contact.button.value && !s.contact.open.value)
    items.push(
      <button type="button" key="c" onClick={() => (s.contact.open.value = true)}>
        {l.t('contact')}
      </button>,
    );
  return items.length ? <div class="bar">{items}</div> : null;
}
