/**
 * User images: jpeg/png/webp as base64 without a data: prefix, magic bytes checked against
 * the declared type, at most 4 MB decoded. History keeps a small `image_preview` data URL.
 *
 * Preview decision: without a native image library the server cannot downscale JPEG or
 * WebP, so an image up to PREVIEW_MAX_BYTES is kept as is (a data URL of at most ~32 KB),
 * and a larger one becomes a tiny SVG placeholder (an image glyph with the type and pixel
 * size, in the image's aspect ratio). Both render with <img src> and keep history small.
 */
import { badRequest } from './errors.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
export const PREVIEW_MAX_BYTES = 24 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function magicMatches(buf: Buffer, type: ImageType): boolean {
  switch (type) {
    case 'image/jpeg': return buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff;
    case 'image/png': return buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/webp': return buf.length > 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP';
  }
}

/** Decodes and checks an image; throws a 400 naming the problem. */
export function decodeImage(data: string, mediaType: string): { buf: Buffer; type: ImageType } {
  if (data.startsWith('data:')) throw badRequest('image_data: must be plain base64 without a "data:" prefix', 'invalid_image');
  if (!(IMAGE_TYPES as readonly string[]).includes(mediaType)) throw badRequest(`image_media_type: must be one of ${IMAGE_TYPES.join(', ')}`, 'invalid_image');
  if (data.length > Math.ceil(MAX_IMAGE_BYTES / 3) * 4) throw badRequest('image_data: the image is larger than 4 MB', 'image_too_large');
  if (data.length % 4 !== 0 || !BASE64.test(data)) throw badRequest('image_data: must be valid base64', 'invalid_image');
  const buf = Buffer.from(data, 'base64');
  if (buf.length > MAX_IMAGE_BYTES) throw badRequest('image_data: the image is larger than 4 MB', 'image_too_large');
  const type = mediaType as ImageType;
  if (!magicMatches(buf, type)) throw badRequest(`image_data: the bytes are not a ${type.slice(6).toUpperCase()} image`, 'invalid_image');
  return { buf, type };
}

/** Pixel size from the file header, when it can be read cheaply. */
export function imageSize(buf: Buffer, type: ImageType): { width: number; height: number } | null {
  try {
    if (type === 'image/png') return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
    if (type === 'image/webp') {
      const kind = buf.toString('latin1', 12, 16);
      if (kind === 'VP8X') return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
      if (kind === 'VP8L') {
        const b = buf.readUInt32LE(21);
        return { width: 1 + (b & 0x3fff), height: 1 + ((b >> 14) & 0x3fff) };
      }
      if (kind === 'VP8 ') return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
      return null;
    }
    // JPEG: walk the segments to the first start-of-frame marker.
    let i = 2;
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) return null;
      const marker = buf[i + 1];
      const len = buf.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
      }
      i += 2 + len;
    }
  } catch {
    return null;
  }
  return null;
}

export function imagePreview(buf: Buffer, type: ImageType): string {
  if (buf.length <= PREVIEW_MAX_BYTES) return `data:${type};base64,${buf.toString('base64')}`;
  const size = imageSize(buf, type);
  const w = 160;
  const h = size && size.width > 0 ? Math.max(60, Math.min(240, Math.round((w * size.height) / size.width))) : 120;
  const label = `${type.slice(6).toUpperCase()}${size ? ` ${size.width}×${size.height}` : ''}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="${w}" height="${h}" rx="8" fill="#e5e7eb"/>` +
    `<path d="M${w / 2 - 36} ${h / 2 + 18}l22-28 16 20 10-12 24 20z" fill="#9ca3af"/>` +
    `<circle cx="${w / 2 + 22}" cy="${h / 2 - 16}" r="7" fill="#9ca3af"/>` +
    `<text x="${w / 2}" y="${h - 10}" font-family="sans-serif" font-size="11" text-anchor="middle" fill="#4b5563">${label}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
