// Every sentence the inbox shows, in one place, so wording stays consistent and a later
// translation has one file to touch.

export const TOKEN_REJECTED = 'That token was not accepted';

export const text = {
  title: 'Agent inbox',
  tokenLabel: 'Agent token',
  signIn: 'Sign in',
  signOut: 'Sign out',
  tokenMissing: 'Enter your agent token.',
  signInOffline: 'The server could not be reached. Check the connection and try again.',
  signInFailed: 'Signing in failed on the server side. Try again in a moment.',
  waitingHeading: 'Waiting for a human',
  listLoading: 'Loading conversations…',
  listEmpty: 'No one is waiting. New conversations appear here by themselves.',
  pickOne: 'Pick a conversation on the left to read it and reply.',
  threadLoading: 'Loading the conversation…',
  threadLabel: 'Conversation thread',
  reply: 'Reply',
  replyHint: 'Enter sends, Shift+Enter starts a new line.',
  sendReply: 'Send reply',
  closeConversation: 'Close conversation',
  closed: 'Conversation closed.',
  sending: 'Sending…',
  visitor: 'Visitor',
  bot: 'Bot',
  sources: 'Sources',
  contactHeading: 'Contact form',
  statusClosed: 'This conversation is closed; a new message from the visitor reopens it.',
} as const;

/** The non-blocking line under the header: a closed set of codes, one sentence each. */
export type NoticeCode = 'offline' | 'server' | 'send_offline' | 'send_failed' | 'close_failed' | 'gone';

export const notices: Record<NoticeCode, string> = {
  offline: 'The server cannot be reached. Retrying…',
  server: 'The server had a problem. Retrying…',
  send_offline: 'Your reply was not sent: the server cannot be reached. Your text is kept; try again.',
  send_failed: 'Your reply was not sent. Your text is kept; try again.',
  close_failed: 'The conversation was not closed. Try again.',
  gone: 'That conversation is no longer available.',
};
