import { isScalar, type Node } from 'yaml';
import { didYouMean } from '../model/did-you-mean.ts';
import { cronProblem } from './cron.ts';
import { parseDuration } from './duration.ts';
import { parseDateTime } from './timezone.ts';
import type { PolicyWindow, Train, WindowSchedule } from './types.ts';
import { clip, PolicyReader } from './yaml-reading.ts';
import { readTimeZone } from './read-values.ts';

const WINDOW_KEYS = ['name', 'reason', 'timezone', 'from', 'to', 'cron', 'duration'];
const FREEZE_KEYS = [...WINDOW_KEYS, 'environments'];
/** Names appear in statuses and pull requests: short and plain. */
const WINDOW_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

const EXAMPLE_ONCE = `{ name: holiday-2026, from: 2026-12-19T18:00, to: 2027-01-04T08:00 }`;
const EXAMPLE_CRON = `{ cron: "0 9 * * 1-5", duration: 8h }`;

/**
 * One freeze (`kind` 'freeze', with the `environments` filter checked against `chain`) or allow
 * window, or undefined when it has problems (recorded on `reader`).
 */
export function readWindow(
  reader: PolicyReader,
  node: Node,
  kind: 'freeze' | 'allow',
  index: number,
  defaultTimezone: string,
  chain: readonly string[],
  owner?: string,
): PolicyWindow | undefined {
  const where = kind === 'freeze' ? `freeze #${index + 1}` : `allow window #${index + 1}`;
  const ownerText = owner === undefined ? '' : ` of environment '${owner}'`;
  const map = reader.mapping(node, `${where}${ownerText}`, where, EXAMPLE_ONCE);
  if (!map) return undefined;
  const nameNode = reader.value(map, 'name');
  let name = nameNode ? reader.text(nameNode, `${where}${ownerText}`, 'name') : undefined;
  if (name !== undefined && !WINDOW_NAME.test(name)) {
    reader.fail(
      nameNode,
      `${where}${ownerText}`,
      `name '${clip(name)}' must be 1–63 letters, digits, '.', '_' or '-', starting with a letter or digit.`,
    );
    name = undefined;
  }
  const object =
    name !== undefined
      ? `${kind === 'freeze' ? 'freeze' : 'allow window'} '${name}'${ownerText}`
      : `${where}${ownerText}`;
  const before = reader.problems.length;
  reader.checkKeys(
    map,
    kind === 'freeze' ? FREEZE_KEYS : WINDOW_KEYS,
    object,
    `a ${kind === 'freeze' ? 'freeze' : 'window'}`,
  );

  const reasonNode = reader.value(map, 'reason');
  const reason = reasonNode ? reader.line(reasonNode, object, 'reason', 200) : undefined;
  const tzNode = reader.value(map, 'timezone');
  const timezone = tzNode ? readTimeZone(reader, tzNode, object) : defaultTimezone;

  const fromNode = reader.value(map, 'from');
  const toNode = reader.value(map, 'to');
  const cronNode = reader.value(map, 'cron');
  const durationNode = reader.value(map, 'duration');
  const once = fromNode !== undefined || toNode !== undefined;
  const recurring = cronNode !== undefined || durationNode !== undefined;
  let schedule: WindowSchedule | undefined;
  if (once && recurring) {
    reader.fail(
      map,
      object,
      `mixes a one-shot window (from/to) with a recurring one (cron/duration); write one of ${EXAMPLE_ONCE} or ${EXAMPLE_CRON}.`,
    );
  } else if (once) {
    schedule = readOnce(reader, map, object, fromNode, toNode, timezone ?? 'UTC');
  } else if (recurring) {
    schedule = readRecurring(reader, map, object, cronNode, durationNode, timezone ?? 'UTC');
  } else {
    reader.fail(map, object, `says nothing about when; write ${EXAMPLE_ONCE} or ${EXAMPLE_CRON}.`);
  }

  let environments: string[] | undefined;
  const envNode = kind === 'freeze' ? reader.value(map, 'environments') : undefined;
  if (envNode) {
    const items = reader.list(envNode, object, 'environments', 100) ?? [];
    environments = [];
    for (const item of items) {
      const env = reader.text(item, object, 'environments');
      if (env === undefined) continue;
      if (!chain.includes(env)) {
        const near = didYouMean(env, chain);
        reader.fail(
          item,
          object,
          `'environments' names '${clip(env)}', which is not in the chain (${chain.join(', ')})${near ? `; did you mean '${near}'?` : '.'}`,
        );
        continue;
      }
      environments.push(env);
    }
    if (items.length === 0)
      reader.warn(
        envNode,
        object,
        `'environments' is empty, so this freeze closes nothing; list environments or remove the key to close all.`,
      );
  }
  if (reader.problems.length > before || !schedule || timezone === undefined) return undefined;
  const line = reader.lineOf(map);
  return {
    ...(name !== undefined ? { name } : {}),
    ...(reason !== undefined ? { reason } : {}),
    timezone,
    schedule,
    ...(environments !== undefined ? { environments } : {}),
    ...(line !== undefined ? { line } : {}),
  };
}

function readOnce(
  reader: PolicyReader,
  map: Node,
  object: string,
  fromNode: Node | undefined,
  toNode: Node | undefined,
  timezone: string,
): WindowSchedule | undefined {
  const instant = (node: Node | undefined, field: string): Date | undefined => {
    if (!node) {
      reader.fail(
        map,
        object,
        `a one-shot window needs both 'from' and '${field}'; e.g. ${EXAMPLE_ONCE}.`,
      );
      return undefined;
    }
    const text = reader.text(node, object, field);
    if (text === undefined) return undefined;
    const parsed = parseDateTime(text, timezone);
    if ('problem' in parsed) {
      reader.fail(node, object, `'${field}': ${parsed.problem}`);
      return undefined;
    }
    return parsed.date;
  };
  const from = instant(fromNode, 'from');
  const to = instant(toNode, 'to');
  if (!from || !to) return undefined;
  if (to.getTime() <= from.getTime()) {
    reader.fail(toNode, object, `'to' must be after 'from'.`);
    return undefined;
  }
  return { type: 'once', from, to };
}

function readRecurring(
  reader: PolicyReader,
  map: Node,
  object: string,
  cronNode: Node | undefined,
  durationNode: Node | undefined,
  timezone: string,
): WindowSchedule | undefined {
  if (!cronNode || !durationNode) {
    reader.fail(
      map,
      object,
      `a recurring window needs both 'cron' and 'duration'; e.g. ${EXAMPLE_CRON}.`,
    );
    return undefined;
  }
  const cron = reader.text(cronNode, object, 'cron');
  const problem = cron === undefined ? undefined : cronProblem(cron, timezone);
  if (problem) reader.fail(cronNode, object, problem);
  const duration = readDuration(reader, durationNode, object, 'duration');
  if (cron === undefined || problem || duration === undefined) return undefined;
  return { type: 'cron', cron: cron.trim(), duration };
}

/** A duration field in milliseconds, or a problem and undefined. */
export function readDuration(
  reader: PolicyReader,
  node: Node,
  object: string,
  field: string,
): number | undefined {
  const text = reader.text(node, object, field);
  if (text === undefined) return undefined;
  const parsed = parseDuration(text);
  if ('problem' in parsed) {
    reader.fail(node, object, `'${field}': ${parsed.problem}`);
    return undefined;
  }
  return parsed.ms;
}

/** `train: "0 10 * * 2,4"` or `train: { cron: "0 10 * * 2,4", timezone: Europe/Berlin }`. */
export function readTrain(
  reader: PolicyReader,
  node: Node,
  object: string,
  defaultTimezone: string,
): Train | undefined {
  let cronNode: Node | undefined = node;
  let timezone: string | undefined = defaultTimezone;
  if (!isScalar(node)) {
    const map = reader.mapping(node, object, 'train', `train: "0 10 * * 2,4"`);
    if (!map) return undefined;
    reader.checkKeys(map, ['cron', 'timezone'], object, 'a train');
    cronNode = reader.value(map, 'cron');
    const tzNode = reader.value(map, 'timezone');
    if (tzNode) timezone = readTimeZone(reader, tzNode, object);
    if (!cronNode) {
      reader.fail(map, object, `'train' needs 'cron', e.g. train: "0 10 * * 2,4".`);
      return undefined;
    }
  }
  const cron = reader.text(cronNode, object, 'train');
  if (cron === undefined || timezone === undefined) return undefined;
  const problem = cronProblem(cron, timezone);
  if (problem) {
    reader.fail(cronNode, object, `'train': ${problem}`);
    return undefined;
  }
  const line = reader.lineOf(node);
  return { cron: cron.trim(), timezone, ...(line !== undefined ? { line } : {}) };
}
