import type { Message } from '../api';
import { formatTime, splitMatches } from '../format';
import { text } from '../text';
import { CitationList } from './citation-list';

function author(message: Message): { kind: 'user' | 'bot' | 'agent'; label: string } {
  if (message.role === 'user') return { kind: 'user', label: text.visitor };
  if (message.agent_name) return { kind: 'agent', label: `${message.agent_name} (agent)` };
  return { kind: 'bot', label: text.bot };
}

/**
 * One message of the thread. Content is untrusted (visitor and model text): it goes into a
 * text node as it is, Markdown and all, never parsed as HTML.
 */
export function MessageItem({ message, pattern = null }: { message: Message; pattern?: RegExp | null }) {
  const { kind, label } = author(message);
  return (
    <li class={`msg msg-${kind}`}>
      <p class="msg-meta">
        <span class="msg-who">{label}</span> <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
      </p>
      <p class="msg-text">
        {splitMatches(message.content, pattern).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))}
      </p>
      {message.image_preview != null &&
        // Only the server's own thumbnails (data:image/webp): never a remote URL that would tell a third party the agent looked.
        (message.image_preview.startsWith('data:image/webp;base64,') ? <img class="msg-image" src={message.image_preview} alt="Image the visitor attached" /> : <p class="hint">(image attached)</p>)}
      {message.feedback && <p class="msg-feedback">{message.feedback === 'positive' ? '👍 Helpful' : '👎 Not helpful'} (visitor feedback)</p>}
      {message.citations && message.citations.length > 0 && <CitationList citations={message.citations} />}
    </li>
  );
}

/** A reply the server has not confirmed yet. */
export function PendingItem({ content, agentName }: { content: string; agentName: string | null }) {
  return (
    <li class="msg msg-agent msg-pending" aria-busy="true">
      <p class="msg-meta">
        <span class="msg-who">{agentName ? `${agentName} (agent)` : 'You'}</span> <span>{text.sending}</span>
      </p>
      <p class="msg-text">{content}</p>
    </li>
  );
}
