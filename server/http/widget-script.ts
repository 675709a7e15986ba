/**
 * `GET /widget.js?bot=<bot_id>`: the loader with the bot's configuration written into the
 * script (protocol/embed.ts), so a page that embeds the widget makes no request of its own
 * until the visitor interacts: the loader's config read costs the host page more main-thread
 * time than everything else the loader does before it (bench/page-cost.mjs).
 *
 * The config is written only when the config endpoint would have answered this page with it:
 * the bot exists, is public and active, and the page (Origin, or the Referer of a plain script
 * request) is in its allowed domains. Otherwise the plain loader is sent, which reads the
 * config itself and reports the refusal the way it always has; the X-Widget-Config header says
 * which of the two was sent, and why.
 *
 * The answer depends on the page and on live state (handoff_available), so it is never shared
 * between caches: `private, no-cache`, revalidated by an ETag of its content.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { EMBED_BOT_PARAM, EMBED_CONFIG_PROP, EMBED_HEADER } from '../../protocol/embed.ts';
import { compressedAsset, loadAsset, sendVariants, type Asset, type AssetOptions } from './assets.ts';
import type { Context } from '../context.ts';
import { ApiError, apiError } from '../errors.ts';
import { widgetConfig } from '../chat/widget-config.ts';
import { botById, checkBotAccess } from '../chat/access.ts';

const PRIVATE = 'private, no-cache';
/** Distinct scripts kept compressed: a bot has one or two (handoff available or not) per loader build. */
const MAX_KEPT = 256;
const kept = new Map<string, Promise<Asset>>();

type Inline = { ok: true; prefix: string } | { ok: false; reason: string };

/** The statement that hands the config to the loader, or why the loader must read it itself. */
async function inlineConfig(ctx: Context, request: FastifyRequest, botParam: unknown): Promise<Inline> {
  if (typeof botParam !== 'string') return { ok: false, reason: 'invalid_request' };
  try {
    const bot = botById(ctx, botParam);
    checkBotAccess(bot, request);
    return { ok: true, prefix: configStatement(await widgetConfig(ctx, bot)) };
  } catch (e) {
    // A refusal or a fault (presence in Redis, say) leaves the answer to the loader's own request;
    // a fault is logged, since the page itself will see only the plain script.
    if (e instanceof ApiError) return { ok: false, reason: e.code };
    request.log.warn({ err: e }, 'widget.js?bot=: the config could not be written in; the plain loader was sent');
    return { ok: false, reason: 'unavailable' };
  }
}

/**
 * The statement that puts `config` on the script's own element. JSON is a JavaScript
 * expression; every non-ASCII character is written as a \u escape (they can only be inside
 * strings), so the script stays pure ASCII like the loader itself (vite.config.ts): no charset
 * can garble it, and U+2028/U+2029 cannot end a line in engines older than ES2019. The script
 * is an external file, so no HTML parsing applies to it.
 */
export const configStatement = (config: unknown) =>
  `document.currentScript&&(document.currentScript.${EMBED_CONFIG_PROP}=${JSON.stringify(config).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)});\n`;

/**
 * The loader with the config statement in front of its code, but after its first line when
 * that is a `//# ` magic comment: V8's compile hint (vite.config.ts) counts only as the first line.
 */
export function withConfig(loader: Buffer, statement: string): Buffer {
  const at = loader.subarray(0, 4).toString() === '//# ' ? loader.indexOf(10) + 1 : 0;
  return Buffer.concat([loader.subarray(0, at), Buffer.from(statement), loader.subarray(at)]);
}

function keep(key: string, make: () => Promise<Asset>): Promise<Asset> {
  let hit = kept.get(key);
  if (hit) {
    kept.delete(key); // re-inserted below: the Map's order is the recency order
  } else {
    hit = make();
    hit.catch(() => kept.delete(key));
  }
  kept.set(key, hit);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return hit;
}

/** Sends dist/widget.js, with the config of the bot named by `?bot=` when it may be given. */
export async function sendWidgetScript(ctx: Context, request: FastifyRequest, reply: FastifyReply, file: string, o: AssetOptions) {
  const loader = await loadAsset(file);
  if (!loader) throw apiError('not_found', o.missing);
  const botParam = (request.query as Record<string, unknown> | undefined)?.[EMBED_BOT_PARAM];
  if (botParam === undefined) return sendVariants(request, reply, loader, o);
  const inline = await inlineConfig(ctx, request, botParam);
  if (!inline.ok) {
    reply.header(EMBED_HEADER, `request; ${inline.reason}`);
    return sendVariants(request, reply, loader, { ...o, cache: PRIVATE });
  }
  const body = withConfig(loader.variants.identity!.body, inline.prefix);
  const key = `${loader.key}:${createHash('sha256').update(inline.prefix).digest('base64url')}`;
  const asset = await keep(key, () => compressedAsset(key, body));
  reply.header(EMBED_HEADER, 'inline');
  return sendVariants(request, reply, asset, { ...o, cache: PRIVATE });
}
