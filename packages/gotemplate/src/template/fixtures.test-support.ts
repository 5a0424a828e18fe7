/** Shared test data: a scheduler-like data struct and a few sprig-like functions for templates. */
import { formatValue, quote } from '../go/format.ts';
import { GoMap, GoStruct, type GoValue } from '../go/values.ts';
import type { FunctionTable, TemplateFunction } from './function-table.ts';

const database = new GoMap(
  [
    ['host', 'lifts-db'],
    ['port', 5432n],
    ['password', null],
  ],
  'map[interface {}]interface {}',
);

export const data = new GoStruct('scheduler.dataType', [
  ['DeploymentTargetName', 'lift-status-board'],
  ['Namespace', 'dev-base-lodge-lift-status-board'],
  ['Environment', 'dev'],
  ['Workspace', 'ski'],
  ['Workload', 'lift-status'],
  ['Labels', GoMap.ofStrings({ workload: 'lift-status', workspace: 'ski' })],
  [
    'Manifests',
    GoMap.ofStrings({
      repo: 'https://github.com/alpineskihouse/lift-status-gitops',
      branch: 'dev',
      path: './board',
    }),
  ],
  ['ClusterType', 'base-lodge'],
  [
    'ConfigData',
    GoMap.fromRecord({
      DATABASE: database,
      ZONES: ['north-face', 'summit', 'village'],
      EMPTY: [],
      HOLES: [null, 'a'],
      QUOTA_SIZE: 'large',
    }),
  ],
]);

function isEmpty(v: GoValue): boolean {
  if (v === null || v === '' || v === false || v === 0n || v === 0) return true;
  if (Array.isArray(v)) return v.length === 0;
  return v instanceof GoMap && v.size === 0;
}

const fn = (arity: number, call: TemplateFunction['call'], variadic = false): TemplateFunction => ({
  arity,
  variadic,
  call,
});

/** Just enough of sprig for the golden templates exercised here. */
export const sprigLike: FunctionTable = new Map<string, TemplateFunction>([
  [
    'quote',
    fn(0, (a) => a.map((v) => quote(typeof v === 'string' ? v : formatValue(v))).join(' '), true),
  ],
  ['default', fn(1, ([d = null, v = null]) => (isEmpty(v) ? d : v), true)],
  ['mul', fn(1, (a) => a.reduce<bigint>((p, v) => p * (typeof v === 'bigint' ? v : 0n), 1n), true)],
  ['hasKey', fn(2, ([m, k]) => m instanceof GoMap && typeof k === 'string' && m.has(k))],
  ['until', fn(1, ([n]) => Array.from({ length: Number(n) }, (_, i) => BigInt(i)))],
  [
    'fail',
    fn(1, ([msg]) => {
      throw new Error(typeof msg === 'string' ? msg : formatValue(msg ?? null));
    }),
  ],
]);
