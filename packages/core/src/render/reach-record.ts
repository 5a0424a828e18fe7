// The per-source reach record of a render index (docs/decisions/incremental-render.md, "2026-11-27,
// later: the per-source reach map"): what a note says of the inputs of the render whose keys it
// holds — one digest of every input but the ConfigMaps, and per ConfigMap a digest of what the
// config collection reads of it and the cluster types it may reach. A later run whose own record
// has the same first digest differs from that render in ConfigMaps only, and only in those whose
// digest differs: an assignment of a cluster type none of them (old or new version) may reach
// has the key the note holds for its folder, so it need not be keyed. Anything not exactly known
// gives no record or no reach, and the run keys every assignment ("when in doubt, render"). Pure.
import { clusterTypesReached } from '../config/index.ts';
import type { EnvironmentView } from '../model/environment.ts';
import { RENDER_ENGINE_VERSION, type TextDigest } from './render-key.ts';

/** What the config collection reads of one ConfigMap, digested, and where it may reach. */
export interface ConfigMapReach {
  readonly digest: string;
  /** The cluster types it may supply ConfigData to; undefined: any. */
  readonly reach: readonly string[] | undefined;
}

export interface ReachRecord {
  /** The digest of the action's build, the engine version and the view without its ConfigMaps. */
  readonly inputs: string;
  /** Every ConfigMap of the view by name (names are unique in a record). */
  readonly configMaps: ReadonlyMap<string, ConfigMapReach>;
}

/** Nesting deeper than this is not encoded (no record: every assignment is keyed). */
const MAX_DEPTH = 64;
const INPUTS = ':inputs ';
const CONFIG_MAP = ':configmap ';
const HEX64 = /^[0-9a-f]{64}$/;

/** Thrown inside `encode` for a value it cannot encode exactly. */
class NotExact extends Error {}

/**
 * An exact, type-tagged encoding of a loaded value (plain objects in key order, arrays, maps and
 * sets in order, strings, finite numbers, booleans, null, undefined): equal encodings, values
 * that are the same to every reader (`same` of base-from-head.ts, with key order). Strings are
 * JSON, so the encoding is well formed (a lone surrogate is escaped).
 */
function encode(value: unknown, out: string[], depth: number): void {
  if (depth > MAX_DEPTH) throw new NotExact();
  if (value === null) return void out.push('n');
  switch (typeof value) {
    case 'undefined':
      return void out.push('u');
    case 'string':
      return void out.push('s', JSON.stringify(value));
    case 'boolean':
      return void out.push(value ? 't' : 'f');
    case 'number':
      if (!Number.isFinite(value)) throw new NotExact();
      return void out.push('d', Object.is(value, -0) ? '-0' : String(value), ';');
    case 'object':
      break;
    default:
      throw new NotExact(); // a bigint, a function, a symbol
  }
  if (Array.isArray(value)) {
    out.push('[', String(value.length), ';');
    for (const item of value) encode(item, out, depth + 1);
    return void out.push(']');
  }
  if (value instanceof Map) {
    out.push('M', String(value.size), ';');
    for (const [key, item] of value) {
      encode(key, out, depth + 1);
      encode(item, out, depth + 1);
    }
    return void out.push(']');
  }
  if (value instanceof Set) {
    out.push('S', String(value.size), ';');
    for (const item of value) encode(item, out, depth + 1);
    return void out.push(']');
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw new NotExact();
  const keys = Object.keys(value);
  out.push('{', String(keys.length), ';');
  for (const key of keys) {
    out.push(JSON.stringify(key));
    encode((value as Record<string, unknown>)[key], out, depth + 1);
  }
  out.push('}');
}

function encoded(value: unknown): string | undefined {
  const out: string[] = [];
  try {
    encode(value, out, 0);
  } catch (error) {
    if (error instanceof NotExact) return undefined;
    throw error;
  }
  return out.join('');
}

/**
 * The record of a view: undefined when a value of it cannot be encoded exactly or two ConfigMaps
 * share a name. A ConfigMap's digest covers what `ConfigCollector` reads of it (its name, labels
 * and data, in order); everything else of the view — its other objects whole, origins included —,
 * the engine version and `build` (the identity of the code that runs: a new build may read the
 * same ConfigMaps into other ConfigData, so its first run keys everything) are in `inputs`.
 */
export function reachRecordOf(
  view: EnvironmentView,
  digest: TextDigest,
  build: string,
): ReachRecord | undefined {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(view))
    if (key !== 'configMaps') rest[key] = view[key as keyof EnvironmentView];
  const inputs = encoded([RENDER_ENGINE_VERSION, build, rest]);
  if (inputs === undefined) return undefined;
  const configMaps = new Map<string, ConfigMapReach>();
  for (const cm of view.configMaps) {
    if (configMaps.has(cm.name)) return undefined;
    const text = encoded([cm.name, cm.labels, cm.data]);
    if (text === undefined) return undefined;
    configMaps.set(cm.name, {
      digest: digest(text),
      reach: clusterTypesReached({ name: cm.name, labels: cm.labels, data: cm.data }),
    });
  }
  return { inputs: digest(inputs), configMaps };
}

/** The record as the lines a note holds after its header (each ending in `\n`). */
export function formatReachRecord(record: ReachRecord): string {
  let text = `${INPUTS}${record.inputs}\n`;
  for (const [name, { digest, reach }] of record.configMaps)
    text += `${CONFIG_MAP}${JSON.stringify([name, digest, reach ?? null])}\n`;
  return text;
}

/**
 * The record an index text holds (the lines after its header that start with `:`) and those
 * lines as they are, or undefined when it holds none or they are not exactly well formed: an
 * `:inputs` line with a SHA-256, then `:configmap` lines, each a JSON array of a name, a SHA-256
 * and null or an array of names, each name once. Only the record's lines are read.
 */
export function parseReachRecord(
  text: string | undefined,
): { readonly record: ReachRecord; readonly text: string } | undefined {
  if (text === undefined) return undefined;
  const start = text.indexOf('\n') + 1;
  if (start === 0 || !text.startsWith(INPUTS, start)) return undefined;
  let end = text.indexOf('\n', start);
  if (end < 0) return undefined;
  const inputs = text.slice(start + INPUTS.length, end);
  if (!HEX64.test(inputs)) return undefined;
  const configMaps = new Map<string, ConfigMapReach>();
  let line = end + 1;
  while (text.startsWith(CONFIG_MAP, line)) {
    end = text.indexOf('\n', line);
    if (end < 0) return undefined;
    const entry = configMapLine(text.slice(line + CONFIG_MAP.length, end));
    if (entry === undefined || configMaps.has(entry[0])) return undefined;
    configMaps.set(entry[0], entry[1]);
    line = end + 1;
  }
  if (text.charCodeAt(line) === 0x3a) return undefined; // another `:` line: not this version's
  return { record: { inputs, configMaps }, text: text.slice(start, line) };
}

function configMapLine(json: string): [string, ConfigMapReach] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  const [name, digest, reach] = value as unknown[];
  if (typeof name !== 'string' || typeof digest !== 'string' || !HEX64.test(digest))
    return undefined;
  if (reach === null) return [name, { digest, reach: undefined }];
  if (!Array.isArray(reach) || !reach.every((n) => typeof n === 'string')) return undefined;
  return [name, { digest, reach: reach as string[] }];
}

/**
 * The cluster types whose assignments may have another key than the noted render gave them: those
 * a ConfigMap that differs — changed, added or removed, its noted or its current version — may
 * reach. Undefined when nothing says so: no record on either side, another `inputs` digest (an
 * input other than a ConfigMap differs), or a changed ConfigMap that may reach any cluster type.
 */
export function reachedClusterTypes(
  noted: ReachRecord | undefined,
  current: ReachRecord | undefined,
): ReadonlySet<string> | undefined {
  if (noted === undefined || current === undefined || noted.inputs !== current.inputs)
    return undefined;
  const reached = new Set<string>();
  const names = new Set([...noted.configMaps.keys(), ...current.configMaps.keys()]);
  for (const name of names) {
    const was = noted.configMaps.get(name);
    const now = current.configMaps.get(name);
    if (was !== undefined && now !== undefined && was.digest === now.digest) continue;
    for (const version of [was, now]) {
      if (version === undefined) continue;
      if (version.reach === undefined) return undefined;
      for (const clusterType of version.reach) reached.add(clusterType);
    }
  }
  return reached;
}
