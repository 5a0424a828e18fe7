// Writes schemas/*.schema.json from the shapes in packages/core/src/model/shapes.ts and the policy
// files' schemas (packages/core/src/policy/json-schema.ts), formatted
// with the repository's Prettier settings.
//   node scripts/node.mjs scripts/write-schemas.ts
// test/schemas.test.ts fails when the committed schemas differ from what this writes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { kalypsoJsonSchemas } from '../packages/core/src/model/json-schema.ts';
import { policyJsonSchemas } from '../packages/core/src/policy/json-schema.ts';

const dir = join(import.meta.dirname, '..', 'schemas');
mkdirSync(dir, { recursive: true });
for (const [name, schema] of [...kalypsoJsonSchemas(), ...policyJsonSchemas()]) {
  const file = join(dir, name);
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(schema), { ...options, filepath: file }));
}
