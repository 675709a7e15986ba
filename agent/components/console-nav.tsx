import { hashOf, VIEWS } from '../router';
import type { Inbox } from '../state';
import { text } from '../text';

/** The console's sections; Webhooks only for admins. Plain links to hash routes, so they work like links. */
export function ConsoleNav({ inbox }: { inbox: Inbox }) {
  const current = inbox.route.value.view;
  const admin = inbox.me.value?.role === 'admin';
  return (
    <nav class="console-nav" aria-label={text.navLabel}>
      <ul>
        {VIEWS.filter((v) => v !== 'webhooks' || admin).map((v) => (
          <li key={v}>
            <a href={hashOf(v)} aria-current={v === current ? 'page' : undefined}>
              {text.views[v]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
