import type { Citation } from '../api';
import { safeHttpUrl } from '../format';
import { text } from '../text';

/** The sources under a bot answer: title, and a link only for an absolute http(s) URL. */
export function CitationList({ citations }: { citations: Citation[] }) {
  return (
    <div class="sources">
      <p class="sources-label">{text.sources}</p>
      <ul>
        {citations.map((c, i) => {
          const url = safeHttpUrl(c.source_url);
          const title = c.page_title || url || c.source_id || 'Untitled source';
          return (
            <li key={`${c.source_id}-${i}`}>
              {url ? (
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {title}
                </a>
              ) : (
                <span>{title}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
