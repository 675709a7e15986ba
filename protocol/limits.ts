/**
 * The numbers both sides of the wire agree on. Plain constants with no imports, so the
 * widget can use them without pulling in the schema library.
 */

/** A chat message, after trimming. */
export const MAX_MESSAGE_CHARS = 4000;
/** `session_id`: chosen by the client, opaque to the server. */
export const MAX_SESSION_ID_CHARS = 256;
/** `conversation_id` and message ids as sent back by a client. */
export const MAX_ID_CHARS = 100;
/** A bot-protection token (reCAPTCHA, hCaptcha and Turnstile tokens are a few KB at most). */
export const MAX_RECAPTCHA_TOKEN_CHARS = 10_000;
/** Decoded image size. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
/** A request body: room for a 4 MB image as base64 plus the rest. */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;
/** Contact-form values: a textarea may hold a message, every other field a short value. */
export const MAX_CONTACT_TEXTAREA_CHARS = 5000;
export const MAX_CONTACT_FIELD_CHARS = 500;
/** Identity verification (issue 15): the site's user id, and the name and e-mail it may pass along. */
export const MAX_USER_ID_CHARS = 256;
export const MAX_VISITOR_NAME_CHARS = 200;
export const MAX_EMAIL_CHARS = 320;
/** Proactive messages (issue 15): a line above the launcher, and its longest delay (10 minutes). */
export const MAX_PROACTIVE_TEXT_CHARS = 500;
export const MAX_PROACTIVE_DELAY_MS = 600_000;
/** The operator console (issue 14): an agent's note on closing a conversation. */
export const MAX_CLOSE_NOTE_CHARS = 2000;
/** Issue 22: the page a chat started on, as the widget sends it with the first turn (longer values are cut by the widget). */
export const MAX_PAGE_URL_CHARS = 2000;
export const MAX_PAGE_TITLE_CHARS = 300;
/** A tag agents put on a conversation: 1–40 characters, letters, digits, space, `-` and `_`. */
export const MAX_TAG_CHARS = 40;
/** The console's paged lists (conversations, contacts): rows per page by default and at most. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/** Issue 21: a visitor's typing preview as the console may see it (only when the bot allows previews). */
export const MAX_TYPING_PREVIEW_CHARS = 500;
