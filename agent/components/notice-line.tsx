import type { Inbox } from '../state';
import { notices } from '../text';

/** The one non-blocking failure line. The live region stays mounted so screen readers hear each change. */
export function NoticeLine({ inbox }: { inbox: Inbox }) {
  const code = inbox.notice.value;
  return (
    <p class="notice" role="status">
      {code ? notices[code] : ''}
    </p>
  );
}
