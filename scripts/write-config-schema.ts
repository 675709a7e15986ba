// `npm run schema`: writes config.schema.json from the config's TypeBox definition
// (server/config-schema.ts). server/config.test.ts fails when the file is out of date.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configJsonSchema } from '../server/config/schema.ts';

const file = join(import.meta.dirname, '..', 'config.schema.json');
writeFileSync(file, JSON.stringify(configJsonSchema(), null, 2) + '\n');
console.log(`wrote ${file}`);
