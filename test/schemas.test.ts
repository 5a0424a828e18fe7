// The JSON Schemas in schemas/ (what editors with a YAML language server check while typing):
// generated from the lint's shapes, accepting every object of the sample control plane, and
// flagging the mistakes the lint warns about.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { INDEX_SCHEMA, kalypsoJsonSchemas } from '../packages/core/src/model/json-schema.ts';
import { policyJsonSchemas } from '../packages/core/src/policy/json-schema.ts';

const root = join(import.meta.dirname, '..');
const schemasDir = join(root, 'schemas');
const sample = join(root, 'examples', 'control-plane');

function compileIndex(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: true });
  for (const name of readdirSync(schemasDir).filter((n) => n.endsWith('.schema.json')))
    if (name !== INDEX_SCHEMA)
      ajv.addSchema(JSON.parse(readFileSync(join(schemasDir, name), 'utf8')) as object, name);
  return ajv.compile(JSON.parse(readFileSync(join(schemasDir, INDEX_SCHEMA), 'utf8')) as object);
}

/** Every Kalypso object and platform ConfigMap of the sample, with its file. */
function sampleObjects(): { file: string; object: Record<string, unknown> }[] {
  const out: { file: string; object: Record<string, unknown> }[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.ya?ml$/.test(entry.name))
        for (const doc of parseAllDocuments(readFileSync(full, 'utf8')) as Iterable<{
          toJS(): unknown;
        }>) {
          const object = doc.toJS() as Record<string, unknown> | null;
          const api = object?.apiVersion;
          if (typeof api !== 'string') continue;
          if (api.startsWith('scheduler.kalypso.io/') || object?.kind === 'ConfigMap')
            out.push({ file: relative(sample, full), object: object! });
        }
    }
  };
  visit(sample);
  return out;
}

const broken = `apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata:
  name: edge-alps
labels:
  region: alps
spec:
  reconciler: flux
  namespaceServce: namespace
  configType: configmap
`;

describe('JSON Schemas', () => {
  it('are the ones generated from the lint shapes (node scripts/node.mjs scripts/write-schemas.ts)', () => {
    const generated = new Map([...kalypsoJsonSchemas(), ...policyJsonSchemas()]);
    expect(readdirSync(schemasDir).sort()).toEqual([...generated.keys()].sort());
    for (const [name, schema] of generated)
      expect(JSON.parse(readFileSync(join(schemasDir, name), 'utf8')), name).toEqual(schema);
  });

  it('accept every object of the sample control plane', () => {
    const validate = compileIndex();
    const objects = sampleObjects();
    const kinds = new Set(objects.map((o) => o.object.kind));
    expect([...kinds].sort()).toEqual([
      'BaseRepo',
      'ClusterType',
      'ConfigMap',
      'ConfigSchema',
      'Environment',
      'GitOpsRepo',
      'SchedulingPolicy',
      'Template',
      'Workload',
      'WorkloadRegistration',
    ]);
    for (const { file, object } of objects)
      expect(validate(object) ? [] : validate.errors, `${file}: ${String(object.kind)}`).toEqual(
        [],
      );
  });

  it('flag a mis-indented label block and a field typo', () => {
    const validate = compileIndex();
    const object = parseAllDocuments(broken)[0]!.toJS() as object;
    expect(validate(object)).toBe(false);
    const found = (validate.errors ?? []).map(
      (e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
    );
    expect(found).toContain(` must NOT have additional properties {"additionalProperty":"labels"}`);
    expect(found).toContain(
      `/spec must NOT have additional properties {"additionalProperty":"namespaceServce"}`,
    );
    expect(found).toContain(
      `/spec must have required property 'namespaceService' {"missingProperty":"namespaceService"}`,
    );
  });
});
