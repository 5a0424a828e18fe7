import {
  clipDescription,
  fitDescription,
  heldDescription,
  STATUS_DESCRIPTION_LIMIT,
} from '../status/vocabulary.ts';
import { firstTickFrom } from './cron.ts';
import { formatDuration } from './duration.ts';
import { lockActiveAt, type Lock, type LockFile } from './locks.ts';
import { formatInstant } from './timezone.ts';
import type { EnvironmentPolicy, PolicyWindow, PolicyConfig } from './types.ts';
import { firstInstantInside, firstInstantOutside, occurrenceAt } from './windows.ts';

/** Why a promotion is held (docs/decisions/promotion-holds.md). */
export type HoldKind =
  'freeze' | 'outside-allow' | 'lock' | 'lock-file' | 'not-deployed' | 'soak' | 'train';

export interface HoldReason {
  readonly kind: HoldKind;
  /** Short, for statuses and summaries: `holiday-2026 freeze`, `locked: INC-4211 (alice)`. */
  readonly text: string;
  /** When this rule alone stops holding; absent when no time is known (a lock without expiry). */
  readonly until?: Date;
  /** The timezone `until` is shown in. */
  readonly timezone: string;
}

/** An audited override, from a reviewed break-glass run or label (docs/decisions/promotion-holds.md). */
export interface BreakGlass {
  readonly reason: string;
  readonly by?: string;
}

export interface PolicyEvaluationInput {
  readonly environment: string;
  readonly policy: PolicyConfig;
  /** The environment branch's `.kalypso/locks.yaml` (`readLockFile`). */
  readonly locks: LockFile;
  readonly now: Date;
  /** Since when the promoted commit has been Deployed in the previous environment (the ledger). */
  readonly deployedInPreviousSince?: Date;
  /** When this promotion was first held (trains count from it); default `now`. */
  readonly queuedSince?: Date;
  readonly breakGlass?: BreakGlass;
}

export type PolicyEvaluation =
  | {
      readonly verdict: 'go';
      /** For the `kalypso/policy` status: `Open`, or the break-glass that passed. ≤ 140 characters. */
      readonly description: string;
      /** Cluster types of the environment under an active lock: their GitOps folders stay as they are. */
      readonly lockedClusterTypes: readonly string[];
      /** Present when break-glass was asked for: what it passed (maybe nothing). */
      readonly breakGlass?: BreakGlass & { readonly overridden: readonly HoldReason[] };
    }
  | {
      readonly verdict: 'held';
      readonly reasons: readonly HoldReason[];
      /** When every rule lets it go, computed; absent when that depends on a person or evidence. */
      readonly until?: Date;
      /** `Held: holiday-2026 freeze (opens Mon 4 Jan 09:00 Europe/Berlin)`, ≤ 140 characters. */
      readonly description: string;
      /** When it may go, for people: `opens Mon 4 Jan 09:00 Europe/Berlin`, `until unlocked`. */
      readonly when: string;
      readonly lockedClusterTypes: readonly string[];
    };

export { STATUS_DESCRIPTION_LIMIT };
/** How far ahead an opening is searched for. */
const HORIZON_MS = 2 * 366 * 24 * 60 * 60 * 1000;
const MAX_ROUNDS = 200;

/** One rule: the first instant at or after `t` when it no longer holds (undefined: not by time). */
interface Rule {
  readonly reasonsAt: (t: number) => HoldReason[];
  readonly openFrom: (t: number) => { at: number | undefined; timezone: string };
}

/**
 * Whether a promotion into `environment` may go now, and if not, why and until when. Freezes close
 * (any active one), allow windows open (one must be, if there are any), environment locks hold
 * (until they expire; a broken lock file holds until fixed), soak waits for the previous
 * environment's Deployed time plus `soak`, and a train waits for its first tick after the promotion
 * was queued. `until` is the first instant when all rules let go at once. Break-glass passes every
 * rule and records what it passed. Pure: the clock is `now`.
 */
export function evaluatePolicy(input: PolicyEvaluationInput): PolicyEvaluation {
  const env = environmentPolicy(input.policy, input.environment);
  const now = input.now.getTime();
  const rules = rulesOf(input, env);
  const reasons = rules.flatMap((rule) => rule.reasonsAt(now));
  const lockedClusterTypes = clusterTypeLocks(input.locks, input.now);
  if (input.breakGlass) {
    const breakGlass = { ...input.breakGlass, overridden: reasons };
    return {
      verdict: 'go',
      description: breakGlassDescription(breakGlass),
      lockedClusterTypes,
      breakGlass,
    };
  }
  if (reasons.length === 0)
    return { verdict: 'go', description: openDescription(lockedClusterTypes), lockedClusterTypes };
  const opening = openingOf(rules, now);
  const until = opening.at === undefined ? undefined : new Date(opening.at);
  const when = whenText(reasons, until, opening.timezone, input.now);
  return {
    verdict: 'held',
    reasons,
    ...(until ? { until } : {}),
    description: heldDescription(
      reasons.map((r) => r.text),
      when,
    ),
    when,
    lockedClusterTypes,
  };
}

/** The rules of `name`, or those of a plain environment when the policy does not list it. */
export function environmentPolicy(policy: PolicyConfig, name: string): EnvironmentPolicy {
  return (
    policy.environments.find((e) => e.name === name) ?? {
      name,
      timezone: policy.timezone,
      allow: [],
      onFailure: 'none',
    }
  );
}

/** The freezes that close `environment`. */
export function freezesOf(policy: PolicyConfig, environment: string): PolicyWindow[] {
  return policy.freezes.filter(
    (f) => f.environments === undefined || f.environments.includes(environment),
  );
}

function rulesOf(input: PolicyEvaluationInput, env: EnvironmentPolicy): Rule[] {
  const rules: Rule[] = [];
  const freezes = freezesOf(input.policy, env.name);
  if (freezes.length > 0) rules.push(freezeRule(freezes, input.now.getTime()));
  if (env.allow.length > 0) rules.push(allowRule(env.allow));
  rules.push(...lockRules(input.locks, env));
  const index = input.policy.environments.findIndex((e) => e.name === env.name);
  const previous = index > 0 ? input.policy.environments[index - 1]?.name : undefined;
  if (env.soak !== undefined && previous !== undefined)
    rules.push(soakRule(env.soak, previous, input.deployedInPreviousSince, env.timezone));
  if (env.train) {
    const train = env.train;
    const first = firstTickFrom(train, (input.queuedSince ?? input.now).getTime());
    const reason = (until: number | undefined): HoldReason => ({
      kind: 'train',
      text: `train ${train.cron}`,
      ...(until !== undefined ? { until: new Date(until) } : {}),
      timezone: train.timezone,
    });
    rules.push({
      reasonsAt: (t) => (first === undefined || first > t ? [reason(first)] : []),
      openFrom: (t) => ({
        at: first === undefined ? undefined : Math.max(t, first),
        timezone: train.timezone,
      }),
    });
  }
  return rules;
}

function freezeRule(freezes: readonly PolicyWindow[], now: number): Rule {
  return {
    reasonsAt: (t) =>
      freezes.flatMap((freeze) => {
        const occurrence = occurrenceAt(freeze, t);
        if (!occurrence) return [];
        return [
          {
            kind: 'freeze' as const,
            text: freezeText(freeze),
            until: new Date(occurrence[1]),
            timezone: freeze.timezone,
          },
        ];
      }),
    openFrom: (t) => {
      const found = firstInstantOutside(freezes, t, now + HORIZON_MS);
      return { at: found.at, timezone: found.binding?.timezone ?? freezes[0]!.timezone };
    },
  };
}

function freezeText(freeze: PolicyWindow): string {
  if (freeze.name !== undefined) return `${freeze.name} freeze`;
  if (freeze.reason !== undefined) return `freeze: ${freeze.reason}`;
  return `freeze at line ${freeze.line ?? '?'}`;
}

function allowRule(allow: readonly PolicyWindow[]): Rule {
  const only = allow.length === 1 ? allow[0] : undefined;
  const text =
    only?.name !== undefined ? `outside the ${only.name} window` : 'outside the allow windows';
  return {
    reasonsAt: (t) => {
      const found = firstInstantInside(allow, t);
      if (found.at === t) return [];
      return [
        {
          kind: 'outside-allow',
          text,
          ...(found.at !== undefined ? { until: new Date(found.at) } : {}),
          timezone: found.binding?.timezone ?? allow[0]!.timezone,
        },
      ];
    },
    openFrom: (t) => {
      const found = firstInstantInside(allow, t);
      return { at: found.at, timezone: found.binding?.timezone ?? allow[0]!.timezone };
    },
  };
}

function lockRules(file: LockFile, env: EnvironmentPolicy): Rule[] {
  if (file.state === 'absent') return [];
  if (file.state === 'broken') {
    const reason: HoldReason = {
      kind: 'lock-file',
      text: `${file.file} does not parse`,
      timezone: env.timezone,
    };
    return [
      { reasonsAt: () => [reason], openFrom: () => ({ at: undefined, timezone: env.timezone }) },
    ];
  }
  const locks = file.locks.filter((l) => l.scope.type === 'environment');
  if (locks.length === 0) return [];
  const active = (t: number) => locks.filter((l) => lockActiveAt(l, new Date(t)));
  return [
    {
      reasonsAt: (t) => active(t).map((lock) => lockReason(lock, env.timezone)),
      openFrom: (t) => {
        const holding = active(t);
        if (holding.length === 0) return { at: t, timezone: env.timezone };
        if (holding.some((l) => l.until === undefined))
          return { at: undefined, timezone: env.timezone };
        return { at: Math.max(...holding.map((l) => l.until!.getTime())), timezone: env.timezone };
      },
    },
  ];
}

function lockReason(lock: Lock, timezone: string): HoldReason {
  return {
    kind: 'lock',
    text: `locked: ${lock.reason}${lock.by !== undefined ? ` (${lock.by})` : ''}`,
    ...(lock.until ? { until: lock.until } : {}),
    timezone,
  };
}

function soakRule(soak: number, previous: string, since: Date | undefined, timezone: string): Rule {
  if (since === undefined) {
    const reason: HoldReason = {
      kind: 'not-deployed',
      text: `not Deployed in ${previous} yet`,
      timezone,
    };
    return { reasonsAt: () => [reason], openFrom: () => ({ at: undefined, timezone }) };
  }
  const done = since.getTime() + soak;
  return {
    reasonsAt: (t) =>
      t >= done
        ? []
        : [
            {
              kind: 'soak',
              text: `soaking in ${previous}, ${formatDuration(Math.ceil((done - t) / 60_000) * 60_000)} of ${formatDuration(soak)} left`,
              until: new Date(done),
              timezone,
            },
          ],
    openFrom: (t) => ({ at: Math.max(t, done), timezone }),
  };
}

/** The first instant at or after `now` when every rule lets go: the rules' openings to a fixed point. */
function openingOf(
  rules: readonly Rule[],
  now: number,
): { at: number | undefined; timezone: string } {
  let at = now;
  let timezone = 'UTC';
  for (let round = 0; round < MAX_ROUNDS && at <= now + HORIZON_MS; round++) {
    let next = at;
    for (const rule of rules) {
      const open = rule.openFrom(at);
      if (open.at === undefined) return { at: undefined, timezone: open.timezone };
      if (open.at > next) {
        next = open.at;
        timezone = open.timezone;
      }
    }
    if (next === at) return { at, timezone };
    at = next;
  }
  return { at: undefined, timezone };
}

function clusterTypeLocks(file: LockFile, now: Date): string[] {
  if (file.state !== 'read') return [];
  const types = file.locks.flatMap((l) =>
    l.scope.type === 'cluster-type' && lockActiveAt(l, now) ? [l.scope.clusterType] : [],
  );
  return [...new Set(types)].sort();
}

function openDescription(lockedClusterTypes: readonly string[]): string {
  if (lockedClusterTypes.length === 0) return 'Open';
  return fitDescription('Open (locked: ', lockedClusterTypes, ')');
}

function breakGlassDescription(
  breakGlass: BreakGlass & { overridden: readonly HoldReason[] },
): string {
  const who = breakGlass.by !== undefined ? ` by ${breakGlass.by}` : '';
  const passes =
    breakGlass.overridden.length === 0
      ? 'nothing held'
      : `passes ${breakGlass.overridden.map((r) => r.text).join('; ')}`;
  return clipDescription(`Break-glass${who}: ${breakGlass.reason} (${passes})`);
}

/** `opens Mon 4 Jan 09:00 Europe/Berlin`, or what it waits for when no time is known. */
function whenText(
  reasons: readonly HoldReason[],
  until: Date | undefined,
  timezone: string,
  now: Date,
): string {
  if (until) return `opens ${formatInstant(until, timezone, now)}`;
  const stuck = reasons.find((r) => r.until === undefined) ?? reasons[0]!;
  return {
    'lock-file': 'fix it to promote',
    lock: 'until unlocked',
    'not-deployed': 'waits for Deployed',
    'outside-allow': 'no allow window opens again',
    freeze: 'no opening within 2 years',
    soak: 'waits for Deployed',
    train: 'the train never runs again',
  }[stuck.kind];
}
