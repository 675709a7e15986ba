// The openai engine must not keep anything per turn. With AbortSignal.any (Node 20) it kept
// about 2.3 KB of heap per turn for good; this measures live heap growth over 1,500 turns
// against the OpenAI-compatible stand-in in a child process with --expose-gc (measured before
// the fix: 2,342 bytes per turn; after: about 400-500, the warm-up of pools and JIT, falling
// as the run gets longer).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { ROOT, SERVER } from '../test/paths.ts';

test('1,500 turns of the openai engine leave under 1 KB of live heap per turn', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--expose-gc', '--import', 'tsx', join(SERVER, 'test', 'engine-heap.ts'), '500', '1500',
  ], { cwd: ROOT, timeout: 120_000 });
  const { turns, bytesPerTurn } = JSON.parse(stdout.trim().split('\n').at(-1)!);
  expect(turns).toBe(1500);
  expect(bytesPerTurn).toBeLessThan(1000);
}, 150_000);
