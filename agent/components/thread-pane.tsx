import type { Inbox } from '../state';
import { text } from '../text';
import { ThreadView } from './thread-view';

export function ThreadPane({ inbox }: { inbox: Inbox }) {
  return <main class="pane thread-pane">{inbox.openId.value ? <ThreadView inbox={inbox} /> : <p class="hint center">{text.pickOne}</p>}</main>;
}
