/**
 * The embed snippet's contract between the server that serves widget.js and the loader in it.
 * Plain constants with no imports (the loader bundles this file).
 *
 * `widget.js?bot=<bot_id>` asks our server for the loader with that bot's configuration
 * written into the script itself, so the page makes no request of its own before the visitor
 * interacts (the config read is the largest part of the loader's cost). The script sets the
 * configuration on its own <script> element (document.currentScript), not on a global.
 * Any copy of widget.js (a CDN, a server without this extension) works without it: the loader
 * then reads the config with GET /v1/public/bots/{bot_id}/config, as it always could.
 */

/** The query parameter of widget.js naming the bot (the loader also takes the bot id from it). */
export const EMBED_BOT_PARAM = 'bot';
/** The property of the <script> element that carries the bot's WidgetConfig. */
export const EMBED_CONFIG_PROP = 'chatWidgetConfig';
/**
 * The response header that says what the server put in the script: `inline`, or `request`
 * with the reason the loader will have to read the config itself (`request; origin_not_allowed`).
 */
export const EMBED_HEADER = 'x-widget-config';
