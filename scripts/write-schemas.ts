// Writes schemas/*.schema.json from the shapes in packages/core/src/lint/shapes.ts.
//   node scripts/node.mjs scripts/write-schemas.ts
// test/schemas.test.ts fails when the committed files differ from what this writes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kalypsoJsonSchemas } from '../packages/core/src/lint/json-schema.ts';

const dir = join(import.meta.dirname, '..', 'schemas');
mkdirSync(dir, { recursive: true });
for (const [name, schema] of kalypsoJsonSchemas())
  writeFileSync(join(dir, name), `${JSON.stringify(schema, null, 2)}\n`);
