import type { Inbox } from '../state';
import { ConsolePage } from './console-page';
import { SignInForm } from './sign-in-form';

export function App({ inbox }: { inbox: Inbox }) {
  return inbox.token.value ? <ConsolePage inbox={inbox} /> : <SignInForm inbox={inbox} />;
}
