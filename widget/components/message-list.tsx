import { signal } from '@preact/signals';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { useStore } from '../context';
import { MarkdownBody } from './markdown-body';
import { MessageItem } from './message-item';
import { Suggestions } from './suggestions';

const NEAR_BOTTOM_PX = 32;

/** Issue 21: "Ana is typing…" while the live channel says a person is writing a reply. */
function TypingLine() {
  const s = useStore();
  const who = s.handoff.typing.value;
  if (who === null) return null;
  const l = s.l.value;
  const name = who || s.config.value?.handoff_agent_label || l.t('agent');
  return (
    <div class="typing" aria-live="polite">
      {l.t('agentTyping', { name })}
    </div>
  );
}

/**
 * The thread. It follows new content only while the reader is at the bottom: scrolling up to
 * re-read an answer must not be fought by the stream.
 */
export function MessageList() {
  const s = useStore();
  const msgs = s.messages.value;
  const welcome = s.config.value?.welcome_message;
  const welcomeText = useMemo(() => signal(welcome || ''), [welcome]);
  const ref = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  useEffect(() => {
    const el = ref.current!;
    const follow = () => {
      if (stick.current) el.scrollTop = el.scrollHeight;
    };
    follow();
    const mo = new MutationObserver(follow);
    mo.observe(el, { childList: true, subtree: true, characterData: true });
    return () => mo.disconnect();
  }, []);
  // Sending a message is a deliberate act: jump back to the bottom for it.
  const last = msgs[msgs.length - 1];
  useEffect(() => {
    if (last?.role === 'assistant' && last.state.peek() === 'streaming') {
      stick.current = true;
      ref.current!.scrollTop = ref.current!.scrollHeight;
    }
  }, [last]);

  return (
    <div
      class="list"
      ref={ref}
      tabIndex={0}
      aria-label={s.config.value?.bot_name}
      onScroll={() => {
        const el = ref.current!;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
      }}
    >
      {welcome && (
        <div class="msg">
          <MarkdownBody text={welcomeText} streaming={false} />
        </div>
      )}
      {msgs.map((m) => (
        <MessageItem key={m.key} m={m} />
      ))}
      {!msgs.length && <Suggestions />}
      <TypingLine />
    </div>
  );
}
