/**
 * User images: jpeg/png/webp as base64 without a data: prefix, magic bytes checked against
 * the declared type, at most 4 MB decoded, and the image must decode. History keeps a small
 * `image_preview`: a WebP thumbnail as a data: URL (see imagePreview).
 */
import sharp from 'sharp';
import { apiError } from '../errors.ts';

import { IMAGE_MEDIA_TYPES as IMAGE_TYPES, type ImageMediaType as ImageType } from '../../protocol/codes.ts';
import { MAX_IMAGE_BYTES } from '../../protocol/limits.ts';

export { IMAGE_TYPES, MAX_IMAGE_BYTES, type ImageType };
/** The thumbnail's long side: small enough that a history response stays small (~5-15 KB each). */
export const PREVIEW_EDGE = 320;
/** A 4 MB file can declare a gigapixel canvas; refuse to decode past this many pixels. */
const MAX_INPUT_PIXELS = 50_000_000;

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
  if (data.startsWith('data:')) throw apiError('invalid_image', 'image_data: must be plain base64 without a "data:" prefix');
  if (!(IMAGE_TYPES as readonly string[]).includes(mediaType)) throw apiError('invalid_image', `image_media_type: must be one of ${IMAGE_TYPES.join(', ')}`);
  if (data.length > Math.ceil(MAX_IMAGE_BYTES / 3) * 4) throw apiError('image_too_large');
  if (data.length % 4 !== 0 || !BASE64.test(data)) throw apiError('invalid_image', 'image_data: must be valid base64');
  const buf = Buffer.from(data, 'base64');
  if (buf.length > MAX_IMAGE_BYTES) throw apiError('image_too_large');
  const type = mediaType as ImageType;
  if (!magicMatches(buf, type)) throw apiError('invalid_image', `image_data: the bytes are not a ${type.slice(6).toUpperCase()} image`);
  return { buf, type };
}

/**
 * A thumbnail for history, re-encoded by sharp (libvips): at most PREVIEW_EDGE px on the
 * long side, WebP. Re-encoding also drops EXIF metadata (a phone photo's GPS position must
 * not come back out of a public history endpoint), and decoding the whole image is the real
 * check that the bytes are an image, beyond the magic bytes.
 */
export async function imagePreview(buf: Buffer, type: ImageType): Promise<string> {
  try {
    const thumb = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // honour EXIF orientation before the metadata is dropped
      .resize(PREVIEW_EDGE, PREVIEW_EDGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return `data:image/webp;base64,${thumb.toString('base64')}`;
  } catch {
    throw apiError('invalid_image', `image_data: the ${type.slice(6).toUpperCase()} image cannot be decoded`);
  }
}
