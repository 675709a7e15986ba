import { useState } from 'preact/hooks';
import type { Inbox } from '../state';
import { text } from '../text';

/** The open conversation's tags (issue 22): each removable, and a field to add one. */
export function TagEditor({ inbox, tags }: { inbox: Inbox; tags: string[] }) {
  const [value, setValue] = useState('');
  async function add(event: SubmitEvent) {
    event.preventDefault();
    const tag = value.trim();
    if (!tag) return;
    if (await inbox.addTag(tag)) setValue('');
  }
  return (
    <div class="tags" role="group" aria-label={text.tags}>
      <ul class="tag-list">
        {tags.map((t) => (
          <li key={t} class="tag">
            <button type="button" class="link" title={`Show conversations tagged ${t}`} onClick={() => inbox.go('conversations', { status: 'all', tag: t })}>
              #{t}
            </button>
            <button type="button" class="tag-remove" aria-label={text.removeTag(t)} onClick={() => void inbox.removeTag(t)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <form class="tag-add" onSubmit={(e) => void add(e)}>
        <input aria-label={text.addTag} placeholder={`${text.addTag}…`} maxLength={40} value={value} onInput={(e) => setValue(e.currentTarget.value)} />
      </form>
    </div>
  );
}
