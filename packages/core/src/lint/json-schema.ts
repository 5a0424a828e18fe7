import {
  locksJsonSchema,
  LOCKS_SCHEMA,
  PROMOTION_CHAIN_SCHEMA,
  promotionChainJsonSchema,
} from '../policy/json-schema.ts';
import { documentShape, KALYPSO_API_VERSION, KALYPSO_KINDS, type Shape } from './shapes.ts';

/** File name of a kind's schema in `schemas/`: `ClusterType` → `cluster-type.schema.json`. */
export function schemaFileName(kind: string): string {
  if (kind === 'GitOpsRepo') return 'gitops-repo.schema.json';
  return `${kind.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.schema.json`;
}

export const INDEX_SCHEMA = 'kalypso.schema.json';

const DRAFT = 'http://json-schema.org/draft-07/schema#';

/**
 * The JSON Schemas (draft-07, for YAML language servers and ajv) of every Kalypso kind and of a
 * platform ConfigMap, generated from the same shapes the unknown-field lint uses, plus an index
 * that picks the kind's schema by `kind`. Keys are file names in `schemas/`.
 */
export function kalypsoJsonSchemas(): Map<string, object> {
  const out = new Map<string, object>();
  const kinds = [...KALYPSO_KINDS, 'ConfigMap'];
  for (const kind of kinds) {
    const shape = documentShape(kind)!;
    const schema = toSchema(shape) as { properties: Record<string, object> };
    schema.properties.apiVersion = { const: kind === 'ConfigMap' ? 'v1' : KALYPSO_API_VERSION };
    schema.properties.kind = { const: kind };
    out.set(schemaFileName(kind), {
      $schema: DRAFT,
      title: kind === 'ConfigMap' ? 'Platform config ConfigMap' : `Kalypso ${kind}`,
      description: `See docs/kalypso-compatibility.md (Data shapes). Unknown fields are flagged: Kubernetes drops them, so their values are never used.`,
      ...schema,
    });
  }
  out.set(INDEX_SCHEMA, {
    $schema: DRAFT,
    title: 'Kalypso control-plane object',
    description:
      'Any Kalypso kind (scheduler.kalypso.io/v1alpha1) or platform ConfigMap, checked against the schema of its kind.',
    type: 'object',
    required: ['apiVersion', 'kind'],
    allOf: kinds.map((kind) => ({
      if: { properties: { kind: { const: kind } }, required: ['kind'] },
      then: { $ref: schemaFileName(kind) },
    })),
  });
  // The policy files are not Kubernetes objects; their schemas sit beside the kinds'.
  out.set(PROMOTION_CHAIN_SCHEMA, promotionChainJsonSchema());
  out.set(LOCKS_SCHEMA, locksJsonSchema());
  return out;
}

function toSchema(shape: Shape): Record<string, unknown> {
  const description = shape.description ? { description: shape.description } : {};
  switch (shape.type) {
    case 'string':
      return { type: 'string', ...(shape.enum ? { enum: [...shape.enum] } : {}), ...description };
    case 'boolean':
      return { type: 'boolean', ...description };
    case 'stringMap':
      return { type: 'object', additionalProperties: { type: 'string' }, ...description };
    case 'any':
      return { ...description };
    case 'list':
      return { type: 'array', items: toSchema(shape.items), ...description };
    case 'object':
      return {
        type: 'object',
        ...description,
        ...(shape.required && shape.required.length > 0 ? { required: [...shape.required] } : {}),
        properties: Object.fromEntries(
          Object.entries(shape.fields).map(([name, field]) => [name, toSchema(field)]),
        ),
        additionalProperties: false,
      };
  }
}
