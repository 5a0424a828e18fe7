/**
 * JSON Schemas (draft-07) of the policy files, for editors with a YAML language server and for
 * ajv: `schemas/promotion-chain.schema.json` and `schemas/locks.schema.json`. The readers
 * (`readPromotionChainFile`, `readLockFile`) are the authority; the schemas follow them.
 */

const DRAFT = 'http://json-schema.org/draft-07/schema#';

export const PROMOTION_CHAIN_SCHEMA = 'promotion-chain.schema.json';
export const LOCKS_SCHEMA = 'locks.schema.json';

const timezone = {
  type: 'string',
  pattern: '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$',
  description: "IANA timezone, e.g. 'Europe/Berlin' (default UTC).",
};
const duration = {
  type: 'string',
  pattern: '^(?=.)([0-9]{1,6}d)?([0-9]{1,6}h)?([0-9]{1,6}m)?([0-9]{1,6}s)?$',
  description: "Whole numbers with units, largest first: '90m', '2h', '1h30m', '1d' (24 hours).",
};
const cron = {
  type: 'string',
  maxLength: 200,
  description:
    "Five fields (minute hour day-of-month month day-of-week) or @daily/@weekly/…, read in the timezone, e.g. '0 9 * * 1-5'.",
};
const dateTime = {
  type: 'string',
  pattern:
    '^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2})?)?(Z|[+-][0-9]{2}:[0-9]{2})?$',
  description:
    "ISO date-time, local to the window's timezone ('2026-12-19T18:00'), or an instant ('2026-12-19T17:00Z').",
};
const oneLine = (max: number, description: string) => ({
  type: 'string',
  minLength: 1,
  maxLength: max,
  pattern: '^[^\\u0000-\\u001f\\u007f]*$',
  description,
});
const windowProperties = {
  name: {
    type: 'string',
    pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$',
    description: 'Shown in statuses: letters, digits, ., _, -.',
  },
  reason: oneLine(200, 'Why the window exists, shown with it.'),
  timezone,
  from: dateTime,
  to: dateTime,
  cron,
  duration,
};
const schedule = {
  oneOf: [
    {
      required: ['from', 'to'],
      properties: { from: true, to: true, cron: false, duration: false },
    },
    {
      required: ['cron', 'duration'],
      properties: { cron: true, duration: true, from: false, to: false },
    },
  ],
};
const threshold = {
  anyOf: [
    { type: 'integer', minimum: 0 },
    { type: 'string', pattern: '^([0-9]{1,3}(\\.[0-9]{1,2})?%|[0-9]{1,7})$' },
  ],
  description: 'A number of clusters (5) or a percentage rounded up (5%).',
};
const clusterTypePattern = {
  type: 'string',
  pattern: '^[A-Za-z0-9*?._-]{1,100}$',
  description: "Cluster type name with wildcards '*' and '?', e.g. payments-*.",
};
const branchName = {
  type: 'string',
  minLength: 1,
  description: "The environment's branch name.",
};

/** The schema of `.github/promotion-chain.yaml`. */
export function promotionChainJsonSchema(): object {
  return {
    $schema: DRAFT,
    title: 'Kalypso promotion chain and policy',
    description:
      'The .github/promotion-chain.yaml of the control plane: the order of environments and their promotion policy. See docs/decisions/promotion-windows.md.',
    type: 'object',
    required: ['environments'],
    additionalProperties: false,
    properties: {
      environments: {
        type: 'array',
        minItems: 1,
        items: { anyOf: [branchName, { $ref: '#/definitions/environment' }] },
      },
      timezone,
      freezes: { type: 'array', maxItems: 100, items: { $ref: '#/definitions/freeze' } },
      breakGlass: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          environment: oneLine(
            255,
            'GitHub Environment (with required reviewers) a break-glass run uses.',
          ),
          label: oneLine(50, 'Pull request label that asks for break-glass.'),
        },
      },
    },
    definitions: {
      window: {
        type: 'object',
        additionalProperties: false,
        properties: windowProperties,
        ...schedule,
      },
      freeze: {
        type: 'object',
        additionalProperties: false,
        properties: {
          ...windowProperties,
          environments: {
            type: 'array',
            items: { type: 'string' },
            description: 'The environments it closes (default: all).',
          },
        },
        ...schedule,
      },
      environment: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: {
          name: branchName,
          timezone,
          soak: duration,
          allow: { type: 'array', maxItems: 50, items: { $ref: '#/definitions/window' } },
          train: {
            anyOf: [
              cron,
              {
                type: 'object',
                required: ['cron'],
                additionalProperties: false,
                properties: { cron, timezone },
              },
            ],
          },
          failures: {
            type: 'object',
            additionalProperties: false,
            properties: {
              max: threshold,
              unreachable: { type: 'string', enum: ['count', 'ignore'] },
              mandatory: { type: 'array', maxItems: 100, items: clusterTypePattern },
              perClusterType: {
                type: 'object',
                maxProperties: 100,
                propertyNames: clusterTypePattern,
                additionalProperties: threshold,
              },
            },
          },
          onFailure: { type: 'string', enum: ['none', 'hold', 'revert'] },
        },
      },
    },
  };
}

/** The schema of `.kalypso/locks.yaml` on an environment branch. */
export function locksJsonSchema(): object {
  const instant = {
    type: 'string',
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?(Z|[+-][0-9]{2}:[0-9]{2})$',
    description: 'An instant with its offset, e.g. 2026-11-26T16:00:00Z.',
  };
  return {
    $schema: DRAFT,
    title: 'Kalypso promotion locks',
    description:
      'The .kalypso/locks.yaml of an environment branch. See docs/decisions/promotion-locks.md.',
    type: 'object',
    additionalProperties: false,
    properties: {
      locks: {
        type: 'array',
        maxItems: 100,
        items: {
          type: 'object',
          required: ['reason'],
          additionalProperties: false,
          properties: {
            scope: { type: 'string', enum: ['environment', 'cluster-type'] },
            clusterType: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$' },
            reason: oneLine(200, 'Why promotions are held, e.g. the incident.'),
            by: oneLine(100, 'Who set the lock.'),
            since: instant,
            until: instant,
          },
        },
      },
    },
  };
}

/**
 * The policy files' schemas, keyed by their file name in `schemas/`. They are not Kubernetes
 * objects, so they sit beside the kinds' schemas (model/json-schema.ts) rather than in them.
 */
export function policyJsonSchemas(): Map<string, object> {
  return new Map<string, object>([
    [PROMOTION_CHAIN_SCHEMA, promotionChainJsonSchema()],
    [LOCKS_SCHEMA, locksJsonSchema()],
  ]);
}
