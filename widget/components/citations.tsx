import { useStore } from '../context';
import type { Citation } from '../types';
import { safeLink } from '../url';

/** Sources under an answer. A title is a link only when the server gave a URL that passes the URL check. */
export function Citations({ list }: { list: Citation[] }) {
  const l = useStore().l.value;
  if (!list.length) return null;
  return (
    <ul class="cites" aria-label={l.t('sources')}>
      {list.map((c, i) => {
        const href = safeLink(c.source_url);
        const title = c.page_title || href || c.source_id || '—';
        return (
          <li key={i}>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {title}
              </a>
            ) : (
              <span>{title}</span>
            )}
            {c.from_web_search && <span class="tag">{l.t('web')}</span>}
          </li>
        );
      })}
    </ul>
  );
}
