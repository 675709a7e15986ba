// A separate process with its own connection to a shared store, for store.test.ts: waits at
// a barrier until all racers are connected, then takes `n` credits or monthly counts as fast
// as it can and prints how many it got. Several of these at once prove the counters atomic
// across connections. With a database URL the store is PostgreSQL, else the SQLite file in dir.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../store/open.ts';

const [dir, op, n, cap, racers, databaseUrl] = process.argv.slice(2);
const store = await openStore({ dataDir: dir, databaseUrl });
writeFileSync(join(dir, `ready-${process.pid}`), '');
const deadline = Date.now() + 20_000;
while (readdirSync(dir).filter((f) => f.startsWith('ready-')).length < Number(racers)) {
  if (Date.now() > deadline) throw new Error('the other racers never arrived');
  await new Promise((r) => setTimeout(r, 2));
}
let got = 0;
for (let i = 0; i < Number(n); i++) {
  const ok = op === 'credit' ? await store.reserveCredit('ws', Number(cap)) : await store.countMonthlyChat('ws', Number(cap));
  if (ok) got++;
}
await store.close();
process.stdout.write(String(got));
