/**
 * Public files from dist/ (and the demo page), served with the brotli and gzip copies the
 * build wrote beside each one (scripts/compress.mjs, highest quality), chosen by the
 * request's Accept-Encoding with its q-values (@fastify/accept-negotiator). Every
 * representation has its own strong ETag, so If-None-Match gets a 304. Files are re-read
 * when their size or time changes, so a rebuilt widget is served without a restart; a
 * compressed copy older than its file is ignored (a rebuild without compression).
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { apiError } from '../errors.ts';

type Encoding = 'br' | 'gzip' | 'identity';
interface Variant { body: Buffer; etag: string }
/** A file's representations; `key` changes whenever its content does. */
export interface Asset { key: string; variants: Partial<Record<Encoding, Variant>> }

const SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };
const cache = new Map<string, Asset>();

function variant(body: Buffer, encoding: Encoding): Variant {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return { body, etag: `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"` };
}

/** The file and its compressed copies, re-read only when the file changed; null when it is not there. */
export async function loadAsset(file: string): Promise<Asset | null> {
  let info;
  try {
    info = await stat(file);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  const key = `${info.size}:${info.mtimeMs}`;
  const hit = cache.get(file);
  if (hit?.key === key) return hit;
  const asset: Asset = { key, variants: { identity: variant(await readFile(file), 'identity') } };
  for (const enc of ['br', 'gzip'] as const) {
    try {
      const compressed = await stat(file + SUFFIX[enc]);
      if (compressed.mtimeMs >= info.mtimeMs) asset.variants[enc] = variant(await readFile(file + SUFFIX[enc]), enc);
    } catch {
      /* no compressed copy: the plain file is served */
    }
  }
  cache.set(file, asset);
  return asset;
}

/** True when the If-None-Match header lists this ETag (or is `*`); weak forms compare equal. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

export interface AssetOptions { type: string; cache: string; missing: string }

/** Sends `file` in the best encoding the client accepts; HEAD gets the same headers. */
export async function sendAsset(request: FastifyRequest, reply: FastifyReply, file: string, o: AssetOptions) {
  const asset = await loadAsset(file);
  if (!asset) throw apiError('not_found', o.missing);
  return sendVariants(request, reply, asset, o);
}

/**
 * A body made at run time (not a file in dist/) as an asset: compressed once, as the build
 * compresses files (brotli at its highest quality, gzip -9), off the event loop.
 */
export async function compressedAsset(key: string, body: Buffer): Promise<Asset> {
  const [br, gz] = await Promise.all([
    promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    promisify(gzip)(body, { level: 9 }),
  ]);
  return { key, variants: { identity: variant(body, 'identity'), br: variant(br, 'br'), gzip: variant(gz, 'gzip') } };
}

/** Sends the best representation of `asset` the client accepts, or 304 when it has that one. */
export function sendVariants(request: FastifyRequest, reply: FastifyReply, asset: Asset, o: Omit<AssetOptions, 'missing'>) {
  const offered = (['br', 'gzip'] as const).filter((e) => asset.variants[e]);
  const accept = request.headers['accept-encoding'];
  const chosen = (accept && offered.length ? negotiate(accept, [...offered, 'identity']) : null) as Encoding | null;
  const encoding: Encoding = chosen && asset.variants[chosen] ? chosen : 'identity';
  const v = asset.variants[encoding]!;
  reply.header('content-type', o.type).header('cache-control', o.cache).header('etag', v.etag).header('vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (matches(request.headers['if-none-match'], v.etag)) return reply.code(304).send();
  reply.header('content-length', v.body.length);
  return reply.send(v.body);
}
