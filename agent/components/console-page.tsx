import type { Inbox } from '../state';
import { text } from '../text';
import { ConsoleNav } from './console-nav';
import { ContactsView } from './contacts-view';
import { ConversationsView } from './conversations-view';
import { InboxView } from './inbox-view';
import { KnowledgeView } from './knowledge-view';
import { NoticeLine } from './notice-line';
import { NumbersView } from './numbers-view';
import { Shortcuts } from './shortcuts';
import { UnansweredView } from './unanswered-view';
import { WebhooksView } from './webhooks-view';

/** Signed in: the header with the agent's switches, the sections, and the current one. */
export function ConsolePage({ inbox }: { inbox: Inbox }) {
  const name = inbox.agentName.value;
  const view = inbox.route.value.view;
  const alerts = inbox.alerts;
  return (
    <div class="inbox">
      <header class="top">
        <h1>{text.consoleTitle}</h1>
        {name && <span class="who">Signed in as {name}{inbox.me.value?.role === 'admin' ? ' (admin)' : ''}</span>}
        <span class={inbox.live.value ? 'live on' : 'live'}>
          {inbox.live.value ? text.liveOn : text.liveOff}
        </span>
        <button type="button" class="quiet" aria-pressed={alerts.sound.value} onClick={() => alerts.toggleSound()}>
          {alerts.sound.value ? text.soundOn : text.soundOff}
        </button>
        {alerts.permission.value === 'default' && (
          <button type="button" class="quiet" onClick={() => void alerts.askPermission()}>
            {text.enableNotifications}
          </button>
        )}
        {/* Issue 21: Away: visitors are offered no person until switched back (presence ends at once). */}
        <button type="button" class="quiet" aria-pressed={inbox.away.value} onClick={() => inbox.setAway(!inbox.away.value)}>
          {text.away}
        </button>
        <span class="hint keys-hint">
          Press <kbd>?</kbd> for shortcuts
        </span>
        <button type="button" class="quiet" onClick={() => inbox.signOut()}>
          {text.signOut}
        </button>
      </header>
      <ConsoleNav inbox={inbox} />
      <NoticeLine inbox={inbox} />
      {view === 'inbox' && <InboxView inbox={inbox} />}
      {view === 'conversations' && <ConversationsView inbox={inbox} />}
      {view === 'unanswered' && <UnansweredView inbox={inbox} />}
      {view === 'knowledge' && <KnowledgeView inbox={inbox} />}
      {view === 'contacts' && <ContactsView inbox={inbox} />}
      {view === 'numbers' && <NumbersView inbox={inbox} />}
      {view === 'webhooks' && <WebhooksView inbox={inbox} />}
      <Shortcuts inbox={inbox} />
      <p class="visually-hidden" aria-live="polite">
        {inbox.announcement.value}
      </p>
    </div>
  );
}
