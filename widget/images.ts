// User images: the spec accepts jpeg/png/webp as base64 without a `data:` prefix. The size cap
// mirrors our server's documented 4 MB; other servers may be stricter and answer 400.
import { IMAGE_MEDIA_TYPES } from '../protocol/codes.ts';
import { MAX_IMAGE_BYTES } from '../protocol/limits.ts';
import type { ErrorCode } from './types';

export { MAX_IMAGE_BYTES };
export const IMAGE_TYPES: readonly string[] = IMAGE_MEDIA_TYPES;

export interface Picked { dataUrl: string; base64: string; type: string; name: string }

export function checkImage(file: File): ErrorCode | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'image_type';
  if (file.size > MAX_IMAGE_BYTES) return 'image_size';
  return null;
}

export function readImage(file: File): Promise<Picked | null> {
  return new Promise((resolve) => {
    const r = new FileReader();
    r.onload = () => {
      const dataUrl = String(r.result);
      const i = dataUrl.indexOf(',');
      resolve(i < 0 ? null : { dataUrl, base64: dataUrl.slice(i + 1), type: file.type, name: file.name });
    };
    r.onerror = () => resolve(null);
    r.readAsDataURL(file);
  });
}
