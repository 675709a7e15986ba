import { useStore } from '../context';

/** Preconfigured questions, only when the bot shows them, at most `suggested_questions_count`. */
export function Suggestions() {
  const s = useStore();
  const c = s.config.value!;
  const list = Array.isArray(c.suggested_questions) ? c.suggested_questions.filter((q) => typeof q === 'string' && q.trim()) : [];
  const n = typeof c.suggested_questions_count === 'number' ? Math.max(0, c.suggested_questions_count) : list.length;
  if (!c.show_suggested_questions || !list.length || !n) return null;
  const blocked = s.busy.value || s.retryUntil.value > Date.now(); // re-rendered when the countdown ends
  return (
    <div class="chips">
      {list.slice(0, n).map((q) => (
        <button type="button" key={q} disabled={blocked} onClick={() => s.send(q, null)}>
          {q}
        </button>
      ))}
    </div>
  );
}
