// Every sentence the inbox shows, in one place, so wording stays consistent and a later
// translation has one file to touch.

/** "1 message", "3 messages". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const TOKEN_REJECTED = 'That token was not accepted';

export const text = {
  // The sign-in form and the console say the same name (issue 22).
  title: 'Agent console',
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
  // The console (issue 14).
  consoleTitle: 'Agent console',
  navLabel: 'Console',
  views: {
    inbox: 'Inbox', conversations: 'Conversations', unanswered: 'Unanswered', knowledge: 'Knowledge', contacts: 'Contacts', numbers: 'Numbers', webhooks: 'Webhooks',
  },
  claim: 'Claim',
  release: 'Release',
  handBack: 'Hand back to bot',
  closeWithNote: 'Close with note',
  noteLabel: 'Note for colleagues (optional)',
  deleteConversation: 'Delete conversation',
  deleteSession: 'Delete everything of this visitor session',
  confirmDelete: 'Delete this conversation for good? The visitor loses its history too.',
  confirmDeleteSession: 'Delete every conversation and contact submission of this visitor session for good?',
  claimedByYou: 'You have this conversation.',
  released: 'Released to the team.',
  handedBack: 'Handed back to the bot.',
  deletedCounts: (scope: 'conversation' | 'session', d: { deleted_conversations: number; deleted_messages: number; deleted_contacts: number }) =>
    `${scope === 'conversation' ? 'Conversation deleted' : `Everything of that visitor session deleted (${plural(d.deleted_conversations, 'conversation')})`}: `
    + `${plural(d.deleted_messages, 'message')}, ${plural(d.deleted_contacts, 'contact submission')}.`,
  deletedBy: (by: string | null) => `${by ?? 'An admin'} deleted this conversation.`,
  assignedTo: (agent: string) => `Assigned to ${agent}.`,
  tagAdded: (tag: string) => `Tagged “${tag}”.`,
  tagRemoved: (tag: string) => `Tag “${tag}” removed.`,
  moreActions: 'More actions',
  assignTo: 'Assign to',
  assign: 'Assign',
  tags: 'Tags',
  addTag: 'Add tag',
  removeTag: (tag: string) => `Remove tag ${tag}`,
  confirm: 'Delete for good',
  cancel: 'Cancel',
  visitorPanel: 'Visitor',
  earlier: 'Earlier conversations',
  unread: 'unread',
  refused: 'That was refused.',
  actionOffline: 'The server cannot be reached. Try again.',
  actionFailed: 'That did not work. Try again.',
  cannedHint: 'Type / and a shortcut for a canned reply.',
  cannedLabel: 'Canned replies',
  timelineLabel: 'What happened',
  liveOn: 'Live',
  liveOff: 'Reconnecting…',
  soundOn: 'Sound on',
  soundOff: 'Sound off',
  enableNotifications: 'Enable notifications',
  loadMore: 'Load more',
  downloadCsv: 'Download CSV',
  search: 'Search messages',
  applyFilters: 'Apply filters',
  noConversations: 'No conversation matches these filters.',
  noUnanswered: 'Nothing left unanswered. New questions the bot cannot answer appear here.',
  markHandled: 'Mark handled',
  showHandled: 'Show handled',
  noContacts: 'No contact form was sent yet.',
  noDeliveries: 'No webhook was sent yet.',
  loading: 'Loading…',
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
