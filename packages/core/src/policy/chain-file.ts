import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type YAMLMap } from 'yaml';
import { didYouMean } from '../model/did-you-mean.ts';
import { isValidBranchName } from '../model/branch-name.ts';
import { ControlPlaneError, type Problem } from '../model/problem.ts';
import { readFailures } from './read-failures.ts';
import { readTimeZone } from './read-values.ts';
import { readDuration, readTrain, readWindow } from './read-window.ts';
import { DEFAULT_TIMEZONE } from './timezone.ts';
import type {
  BreakGlassPolicy,
  EnvironmentPolicy,
  OnFailure,
  PolicyWindow,
  PolicyConfig,
} from './types.ts';
import { clip, PolicyReader } from './yaml-reading.ts';

/** What `.github/promotion-chain.yaml` says: the chain and its promotion policy. */
export interface PromotionChainFile {
  readonly environments: readonly string[];
  readonly policy: PolicyConfig;
  /** False for the plain form (`environments: [dev, stage, prod]`), which keeps today's behaviour. */
  readonly declaresPolicy: boolean;
  /** Unknown keys and the like: shown, never failing a run. */
  readonly warnings: readonly Problem[];
}

const TOP_KEYS = ['environments', 'timezone', 'freezes', 'breakGlass'];
const ENVIRONMENT_KEYS = ['name', 'timezone', 'soak', 'allow', 'train', 'failures', 'onFailure'];
const ON_FAILURE: readonly OnFailure[] = ['none', 'hold', 'revert'];
const SHAPE = `Declare the chain as 'environments: [dev, stage, prod]'.`;
const MAX_FREEZES = 100;
const MAX_ALLOW = 50;

/**
 * The most environments a promotion chain may list. Every run that walks the chain (ci-gate,
 * preview, which also runs for pull requests from forks) does a bounded amount of work per
 * environment, so the chain's length bounds the run (docs/decisions/deadline-rule.md).
 */
export const MAX_CHAIN_ENVIRONMENTS = 32;

/**
 * Reads the promotion chain file: `environments:` with a non-empty list of unique branch names,
 * each a plain name or a mapping with its rules, plus the optional `timezone`, `freezes` and
 * `breakGlass`. Throws a ControlPlaneError listing every problem with its line. The plain form is
 * read exactly as before (docs/decisions/promotion-chain.md, docs/decisions/promotion-windows.md).
 */
export function readPromotionChainFile(text: string, file: string): PromotionChainFile {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const reader = new PolicyReader(file, lines);
  const yamlProblems: Problem[] = document.errors.map((error) => ({
    file,
    line: lines.linePos(error.pos[0]).line,
    message: `is not valid YAML: ${error.message.split('\n')[0]}.`,
  }));
  if (yamlProblems.length > 0) throw new ControlPlaneError(yamlProblems);

  const root = document.contents;
  if (!isMap(root)) {
    reader.fail(root, undefined, `must be a mapping with the key 'environments'. ${SHAPE}`);
    throw new ControlPlaneError(reader.problems);
  }
  let declaresPolicy = false;
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (TOP_KEYS.includes(key)) {
      if (key !== 'environments') declaresPolicy = true;
      continue;
    }
    const near = didYouMean(key, TOP_KEYS);
    reader.fail(
      pair.key as Node,
      undefined,
      `unknown key '${clip(key)}'.${near ? ` Did you mean '${near}'?` : ''} ${SHAPE}`,
    );
  }
  const list = root.get('environments', true) as Node | undefined;
  if (!isSeq(list) || list.items.length === 0) {
    reader.fail(
      list ?? root,
      undefined,
      `'environments' must be a non-empty list of environment names. ${SHAPE}`,
    );
    throw new ControlPlaneError(reader.problems);
  }

  const tzNode = reader.value(root, 'timezone');
  const timezone =
    (tzNode ? readTimeZone(reader, tzNode, undefined) : undefined) ?? DEFAULT_TIMEZONE;

  if (list.items.length > MAX_CHAIN_ENVIRONMENTS) {
    // Only the first ones are read: a chain this long is refused whatever its names are.
    reader.fail(
      list.items[MAX_CHAIN_ENVIRONMENTS] as Node,
      undefined,
      `'environments' lists ${list.items.length} environments; a promotion chain has at most ${MAX_CHAIN_ENVIRONMENTS}. Shorten the chain (the environment on this line is number ${MAX_CHAIN_ENVIRONMENTS + 1}).`,
    );
  }
  const entries: { name: string; map?: YAMLMap; node: Node }[] = [];
  for (const item of (list.items as Node[]).slice(0, MAX_CHAIN_ENVIRONMENTS)) {
    const name = environmentName(reader, item);
    if (name === undefined) continue;
    if (entries.some((e) => e.name === name)) {
      reader.fail(
        item,
        undefined,
        `environment '${name}' is listed twice. An environment can appear once in the chain.`,
      );
      continue;
    }
    entries.push({ name, node: item, ...(isMap(item) ? { map: item } : {}) });
    if (isMap(item)) declaresPolicy = true;
  }
  const chain = entries.map((e) => e.name);

  const environments = entries.map((entry, index) =>
    entry.map
      ? readEnvironment(reader, entry.map, entry.name, index, timezone, chain)
      : plainEnvironment(entry.name, timezone),
  );
  const freezes = readFreezes(reader, root, timezone, chain);
  const breakGlass = readBreakGlass(reader, root);

  if (reader.problems.length > 0) throw new ControlPlaneError(reader.problems);
  return {
    environments: chain,
    policy: {
      file,
      timezone,
      freezes,
      environments,
      ...(breakGlass ? { breakGlass } : {}),
    },
    declaresPolicy,
    warnings: reader.warnings,
  };
}

/** The policy of a chain declared without one: always open, no soak, no train, no threshold. */
export function defaultPolicy(environments: readonly string[], file: string): PolicyConfig {
  return {
    file,
    timezone: DEFAULT_TIMEZONE,
    freezes: [],
    environments: environments.map((name) => plainEnvironment(name, DEFAULT_TIMEZONE)),
  };
}

function plainEnvironment(name: string, timezone: string): EnvironmentPolicy {
  return { name, timezone, allow: [], onFailure: 'none' };
}

function environmentName(reader: PolicyReader, item: Node): string | undefined {
  let nameNode: Node | undefined = item;
  if (isMap(item)) {
    nameNode = reader.value(item, 'name');
    if (!nameNode) {
      reader.fail(
        item,
        undefined,
        `an environment written as a mapping needs 'name', e.g. '- { name: prod, soak: 2h }'.`,
      );
      return undefined;
    }
  }
  const value = isScalar(nameNode) ? nameNode.value : undefined;
  if (typeof value !== 'string' || !isValidBranchName(value)) {
    reader.fail(
      nameNode,
      undefined,
      `environment ${JSON.stringify(isScalar(nameNode) ? nameNode.value : String(nameNode))} is not a valid branch name. Use the name of the environment's branch, e.g. 'dev'.`,
    );
    return undefined;
  }
  return value;
}

function readEnvironment(
  reader: PolicyReader,
  map: YAMLMap,
  name: string,
  index: number,
  fileTimezone: string,
  chain: readonly string[],
): EnvironmentPolicy {
  const object = `environment '${name}'`;
  reader.checkKeys(map, ENVIRONMENT_KEYS, object, 'an environment');
  const tzNode = reader.value(map, 'timezone');
  const timezone = (tzNode ? readTimeZone(reader, tzNode, object) : undefined) ?? fileTimezone;

  const soakNode = reader.value(map, 'soak');
  const soak = soakNode ? readDuration(reader, soakNode, object, 'soak') : undefined;
  if (soakNode && index === 0)
    reader.fail(
      soakNode,
      object,
      `'soak' needs a previous environment, but '${name}' is the first of the chain; remove it or move it to the environment after.`,
    );

  const allow: PolicyWindow[] = [];
  const allowNode = reader.value(map, 'allow');
  if (allowNode) {
    const items = reader.list(allowNode, object, 'allow', MAX_ALLOW) ?? [];
    items.forEach((item, i) => {
      const window = readWindow(reader, item, 'allow', i, timezone, chain, name);
      if (window) allow.push(window);
    });
    uniqueNames(reader, items, allow, object, 'allow window');
    if (items.length === 0)
      reader.warn(
        allowNode,
        object,
        `'allow' is empty, which leaves the environment always open; remove it or add a window.`,
      );
  }

  const trainNode = reader.value(map, 'train');
  const train = trainNode ? readTrain(reader, trainNode, object, timezone) : undefined;
  const failuresNode = reader.value(map, 'failures');
  const failures = failuresNode ? readFailures(reader, failuresNode, object) : undefined;

  let onFailure: OnFailure = 'none';
  const onFailureNode = reader.value(map, 'onFailure');
  if (onFailureNode) {
    const text = reader.text(onFailureNode, object, 'onFailure');
    if (ON_FAILURE.includes(text as OnFailure)) onFailure = text as OnFailure;
    else if (text !== undefined)
      reader.fail(
        onFailureNode,
        object,
        `'onFailure' is '${clip(text)}'; write none, hold or revert.`,
      );
  }
  const line = reader.lineOf(map);
  return {
    name,
    timezone,
    ...(soak !== undefined ? { soak } : {}),
    allow,
    ...(train ? { train } : {}),
    ...(failures ? { failures } : {}),
    onFailure,
    ...(line !== undefined ? { line } : {}),
  };
}

function readFreezes(
  reader: PolicyReader,
  root: YAMLMap,
  timezone: string,
  chain: readonly string[],
): PolicyWindow[] {
  const node = reader.value(root, 'freezes');
  if (!node) return [];
  const items = reader.list(node, undefined, 'freezes', MAX_FREEZES) ?? [];
  const freezes: PolicyWindow[] = [];
  items.forEach((item, i) => {
    const freeze = readWindow(reader, item, 'freeze', i, timezone, chain);
    if (freeze) freezes.push(freeze);
  });
  uniqueNames(reader, items, freezes, undefined, 'freeze');
  return freezes;
}

/** Names identify windows in statuses and in the preview of a policy change: one each. */
function uniqueNames(
  reader: PolicyReader,
  items: readonly Node[],
  windows: readonly PolicyWindow[],
  object: string | undefined,
  what: string,
): void {
  const seen = new Set<string>();
  for (const window of windows) {
    if (window.name === undefined) continue;
    if (seen.has(window.name)) {
      const node = items.find((item) => reader.lineOf(item) === window.line);
      reader.fail(
        node,
        object ?? `${what} '${window.name}'`,
        `${what} name '${window.name}' is used twice; give each its own name.`,
      );
    }
    seen.add(window.name);
  }
}

function readBreakGlass(reader: PolicyReader, root: YAMLMap): BreakGlassPolicy | undefined {
  const node = reader.value(root, 'breakGlass');
  if (!node) return undefined;
  const object = 'breakGlass';
  const map = reader.mapping(
    node,
    object,
    'breakGlass',
    `breakGlass: { environment: break-glass, label: kalypso/break-glass }`,
  );
  if (!map) return undefined;
  reader.checkKeys(map, ['environment', 'label'], object, `'breakGlass'`);
  const envNode = reader.value(map, 'environment');
  const labelNode = reader.value(map, 'label');
  const environment = envNode
    ? reader.line(envNode, object, 'breakGlass.environment', 255)
    : undefined;
  const label = labelNode ? reader.line(labelNode, object, 'breakGlass.label', 50) : undefined;
  if (!envNode && !labelNode)
    reader.fail(
      map,
      object,
      `'breakGlass' needs an 'environment' (a GitHub Environment with required reviewers), a 'label', or both.`,
    );
  if (environment === undefined && label === undefined) return undefined;
  return {
    ...(environment !== undefined ? { environment } : {}),
    ...(label !== undefined ? { label } : {}),
  };
}
