import { useEffect, useMemo, useRef } from 'preact/hooks';
import { excerpt, matchPattern, visitorLabel } from '../format';
import { standing } from './conversation-item';
import { TagEditor } from './tag-editor';
import { VisitorPanel } from './visitor-panel';
import type { Inbox } from '../state';
import { text } from '../text';
import { ContactSubmissions } from './contact-submissions';
import { MessageItem, PendingItem } from './message-item';
import { EventTimeline } from './event-timeline';
import { ReplyForm } from './reply-form';
import { ThreadActions } from './thread-actions';

// Within this distance of the bottom the agent counts as following along, so new messages
// scroll into view; further up they are reading back and the view must not jump.
const FOLLOW_PX = 80;

/** Issue 21: whether the visitor has seen the latest reply, and is typing (with what, where the bot allows a preview). */
function VisitorActivity({ inbox }: { inbox: Inbox }) {
  const messages = inbox.thread.value?.messages ?? [];
  const seenId = inbox.visitorSeen.value;
  const lastReply = [...messages].reverse().find((m) => m.agent_name);
  const typing = inbox.visitorTyping.value;
  return (
    <div class="visitor-activity" aria-live="polite">
      {lastReply && seenId === lastReply.id && <p class="hint">{text.visitorSeen}</p>}
      {typing && <p class="hint">{typing.text ? `${text.visitorTyping}: ${typing.text}` : `${text.visitorTyping}…`}</p>}
    </div>
  );
}

export function ThreadView({ inbox }: { inbox: Inbox }) {
  const id = inbox.openId.value;
  const detail = inbox.thread.value;
  const pending = inbox.openPending.value;
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const count = (detail?.messages.length ?? 0) + pending.length;

  // A search's words are marked in the thread, and the first match is scrolled into view (issue 22).
  const query = inbox.route.value.view === 'conversations' ? inbox.route.value.params.q : undefined;
  const pattern = useMemo(() => matchPattern(query), [query]);
  const loaded = !!detail;

  useEffect(() => {
    following.current = true;
  }, [id]);

  useEffect(() => {
    const el = scroller.current;
    const mark = pattern && el?.querySelector('mark');
    if (mark) {
      following.current = false;
      mark.scrollIntoView({ block: 'center' });
    }
  }, [id, loaded, pattern]);

  useEffect(() => {
    const el = scroller.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [count, id]);

  function onScroll() {
    const el = scroller.current;
    if (el) following.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX;
  }

  const conversation = detail?.conversation;
  const title = conversation?.title || 'Conversation';
  return (
    <section class="thread" aria-labelledby="thread-heading">
      <header class="thread-head">
        <div>
          <h2 id="thread-heading">{excerpt(title, 60)}</h2>
          {conversation && (
            <p class="meta">
              {conversation.visitor && `${visitorLabel(conversation.visitor)} · `}
              {conversation.bot_name} · {standing(conversation, inbox.now.value)}
            </p>
          )}
          {conversation && <TagEditor inbox={inbox} tags={conversation.tags} />}
        </div>
        <ThreadActions inbox={inbox} />
      </header>
      <div class="thread-body">
      <div class="thread-scroll" ref={scroller} onScroll={onScroll}>
        {!detail ? (
          <p class="hint">{text.threadLoading}</p>
        ) : (
          <>
            {conversation?.status === 'closed' && <p class="hint">{text.statusClosed}</p>}
            <ContactSubmissions inbox={inbox} submissions={detail.contact_submissions ?? []} reply={(cid, body) => inbox.client()?.replyToContact(cid, body)} />
            <EventTimeline events={detail.events ?? []} />
            <ol class="messages" aria-label={text.threadLabel}>
              {detail.messages.map((m) => (
                <MessageItem key={m.id} message={m} pattern={pattern} />
              ))}
              {pending.map((p) => (
                <PendingItem key={`pending-${p.key}`} content={p.content} agentName={inbox.agentName.value} />
              ))}
            </ol>
            <VisitorActivity inbox={inbox} />
          </>
        )}
      </div>
      {detail && <VisitorPanel inbox={inbox} detail={detail} />}
      </div>
      <ReplyForm inbox={inbox} />
    </section>
  );
}
