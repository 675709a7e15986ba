/**
 * Identity verification (issue 15, Intercom/Crisp style): the site owner's backend computes
 * user_hash = lowercase hex HMAC-SHA256(identity_secret, user_id) and the widget sends it with
 * the user id. Only a matching hash links a session to a user; nothing identifying is taken
 * from a request without it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** The hash the site's backend must send for `userId`. */
export const userHash = (secret: string, userId: string): string => createHmac('sha256', secret).update(userId, 'utf8').digest('hex');

/** True when `hash` is the lowercase hex HMAC of `userId`; compared in constant time. */
export function verifyUserHash(secret: string, userId: string, hash: string): boolean {
  if (!HEX_SHA256.test(hash)) return false;
  const expected = createHmac('sha256', secret).update(userId, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(hash, 'hex'));
}
