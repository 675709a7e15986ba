import type { Inbox } from '../state';
import { InboxPage } from './inbox-page';
import { SignInForm } from './sign-in-form';

export function App({ inbox }: { inbox: Inbox }) {
  return inbox.token.value ? <InboxPage inbox={inbox} /> : <SignInForm inbox={inbox} />;
}
