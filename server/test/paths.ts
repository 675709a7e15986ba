/** Where tests find the repository and the server's files, wherever the test file itself sits. */
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const SERVER = join(ROOT, 'server');
