import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { Plan } from '../gitops/plan.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import type { Source, SourceFile } from '../model/source.ts';
import { planMarkdown } from './messages.ts';
import {
  boundedPlan,
  formatNotedProposal,
  inputsParts,
  MAX_NOTED_BLOB_CHARS,
  notedWorkloads,
  parseNotedProposal,
  type NotedProposal,
} from './noted-proposal.ts';

const digest = (parts: Iterable<string>) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

const sources: EnvironmentSources = {
  environment: 'dev',
  base: { origin: { kind: 'base' }, files: [{ path: 'main/templates.yaml', text: 'a: 1\n' }] },
  controlPlane: {
    origin: { kind: 'environment' },
    files: [{ path: 'cluster-types.yaml', text: 'b: 2\n' }],
  },
  workloads: [
    {
      origin: { kind: 'workload', registration: 'app' },
      files: [{ path: 'app/workload.yaml', text: 'c: 3\n' }],
    },
  ],
};
const request = { environment: 'dev', labels: ['x'], draft: false, runUrl: 'run/1', runId: '1' };
const read = { baseCommit: 'a'.repeat(40), sources };
const of = (changed: Partial<{ build: string; request: object; read: typeof read }>) =>
  digest(inputsParts(changed.build ?? 'build-1', changed.request ?? request, changed.read ?? read));

describe('inputsParts', () => {
  it('differs when any input differs, and not for the run link or the order of settings', () => {
    const same = of({});
    expect(
      of({
        request: { runId: '2', runUrl: 'run/2', draft: false, labels: ['x'], environment: 'dev' },
      }),
    ).toBe(same);
    const withFile = (where: 'base' | 'controlPlane', text: string) => ({
      ...read,
      sources: {
        ...sources,
        [where]: { ...sources[where], files: [{ ...sources[where].files[0]!, text }] },
      },
    });
    const changes = [
      of({ build: 'build-2' }),
      of({ request: { ...request, labels: ['y'] } }),
      of({ request: { ...request, draft: true } }),
      of({ read: { ...read, baseCommit: 'b'.repeat(40) } }),
      of({ read: withFile('base', 'a: 2\n') }),
      of({ read: withFile('controlPlane', 'b: 3\n') }),
      of({
        read: {
          ...read,
          sources: {
            ...sources,
            workloads: [
              { ...sources.workloads[0]!, files: [{ path: 'app/workload.yaml', text: 'c: 4\n' }] },
            ],
          },
        },
      }),
      // The same text under another path, another registration, or read with a byte budget note.
      of({
        read: {
          ...read,
          sources: {
            ...sources,
            workloads: [
              { ...sources.workloads[0]!, origin: { kind: 'workload', registration: 'other' } },
            ],
          },
        },
      }),
      of({
        read: {
          ...read,
          sources: {
            ...sources,
            workloads: [
              {
                ...sources.workloads[0]!,
                files: [{ path: 'app/workload.yaml', text: 'c: 3\n', invalidUtf8Lines: [1] }],
              },
            ],
          },
        },
      }),
      // Two files whose texts, joined, are one file's: told apart by the length prefixes.
      of({
        read: {
          ...read,
          sources: {
            ...sources,
            base: {
              origin: { kind: 'base' },
              files: [
                { path: 'main/templates.yaml', text: 'a: ' },
                { path: 'x.yaml', text: '1\n' },
              ],
            },
          },
        },
      }),
    ];
    expect(new Set([same, ...changes]).size).toBe(changes.length + 1);
  });
});

describe('inputsParts of a read that deferred workload files', () => {
  const withWorkloadFiles = (files: EnvironmentSources['workloads'][number]['files']) => ({
    ...read,
    sources: { ...sources, workloads: [{ ...sources.workloads[0]!, files }] },
  });
  const blob = (blobId: string, path = 'app/workload.yaml') => ({ path, text: '', blobId });

  it('digests a deferred file by its blob id and path, never as an empty file', () => {
    const byBlob = of({ read: withWorkloadFiles([blob('1'.repeat(40))]) });
    expect(of({ read: withWorkloadFiles([blob('1'.repeat(40))]) })).toBe(byBlob);
    const others = [
      of({}),
      of({ read: withWorkloadFiles([{ path: 'app/workload.yaml', text: '' }]) }),
      of({ read: withWorkloadFiles([blob('2'.repeat(40))]) }),
      of({ read: withWorkloadFiles([blob('1'.repeat(40), 'app/other.yaml')]) }),
      of({ read: withWorkloadFiles([blob('1'.repeat(40)), blob('2'.repeat(40), 'b.yaml')]) }),
      // A read file whose text spells a deferred file's part is still told apart.
      of({
        read: withWorkloadFiles([
          { path: 'app/workload.yaml', text: `["app/workload.yaml",{"blob":"${'1'.repeat(40)}"}]` },
        ]),
      }),
    ];
    expect(new Set([byBlob, ...others]).size).toBe(others.length + 1);
  });
});

describe('the noted proposal', () => {
  const plan: Plan = {
    added: Array.from(
      { length: 450 },
      (_, i) => `ct/t${String(i).padStart(3, '0')}/reconciler.yaml`,
    ),
    changed: ['.github/tracking/Promoted_Commit_Id'],
    removed: [],
    promoted: true,
    clusterTypes: [
      {
        clusterType: 'ct',
        assignmentsAdded: Array.from({ length: 40 }, (_, i) => `t${i}`),
        assignmentsRemoved: [],
        assignmentsChanged: [],
        filesChanged: 450,
      },
    ],
  };
  const proposal: NotedProposal = {
    tree: 'c'.repeat(40),
    inputs: 'd'.repeat(64),
    baseHead: 'e'.repeat(40),
    assignments: 450,
    clusterTypes: 1,
    plan: boundedPlan(plan),
    view: {
      environment: 'dev',
      base: 'dev',
      branch: 'kalypso/dev',
      promotedCommit: 'f'.repeat(40),
      promotedCommitShort: 'fffffff',
      promoted: true,
      assignments: 450,
      filesAdded: 450,
      filesChanged: 1,
      filesRemoved: 0,
      controlPlaneRepository: 'acme/cp',
      promotedCommitUrl: '',
      promotedCommitSubject: '',
      promotedCommitAuthor: '',
      promotedCommitLine: '',
      previousPromotedCommit: '',
      previousPromotedCommitShort: '',
      compareUrl: '',
      assignmentReasons: '',
      configChanges: '',
      promotes: 'promote fffffff',
    },
    chainSkip: undefined,
  };

  it('keeps what the body and the summary show of a plan', () => {
    const bounded = boundedPlan(plan);
    expect(bounded.added).toHaveLength(200);
    expect(bounded.counts).toEqual({ added: 450, changed: 1, removed: 0 });
    expect(planMarkdown(bounded)).toBe(planMarkdown(plan));
  });

  it('reads back what it writes', () => {
    expect(parseNotedProposal(formatNotedProposal(proposal))).toEqual(proposal);
    const skipped = { ...proposal, chainSkip: { actor: 'octocat', reason: 'hotfix' } };
    expect(parseNotedProposal(formatNotedProposal(skipped))).toEqual(skipped);
    const own = { ...proposal, controlPlaneInputs: 'a'.repeat(64) };
    expect(parseNotedProposal(formatNotedProposal(own))).toEqual(own);
    const id = gitBlobId('c: 3\n');
    const texts = {
      ...proposal,
      workloads: { files: [['app', 'app/workload.yaml', id] as const], texts: { [id]: 'c: 3\n' } },
    };
    expect(parseNotedProposal(formatNotedProposal(texts))).toEqual(texts);
  });

  it('ignores anything not exactly of its shape', () => {
    const id = gitBlobId('c: 3\n');
    const text = formatNotedProposal(proposal);
    const json = JSON.parse(text.slice(text.indexOf('\n') + 1)) as Record<string, unknown>;
    const header = text.slice(0, text.indexOf('\n'));
    const broken = (value: unknown) => `${header}\n${JSON.stringify(value)}\n`;
    for (const bad of [
      undefined,
      '',
      text.replace('kalypso-proposal 1', 'kalypso-proposal 2'),
      `${header}\n{not json`,
      broken({ ...json, inputs: 'short' }),
      broken({ ...json, controlPlaneInputs: 'short' }),
      broken({ ...json, controlPlaneInputs: 1 }),
      broken({ ...json, tree: `${'c'.repeat(39)}g` }),
      broken({ ...json, extra: 1 }),
      broken({ ...json, assignments: -1 }),
      broken({ ...json, plan: { ...(json.plan as object), added: ['../outside'] } }),
      broken({ ...json, plan: { ...(json.plan as object), added: Array(201).fill('a') } }),
      broken({ ...json, view: { ...(json.view as object), assignments: '450' } }),
      broken({ ...json, view: { ...(json.view as object), extra: '' } }),
      broken({ ...json, chainSkip: { actor: 1, reason: '' } }),
      broken({ ...json, workloads: { files: [], texts: { short: 'c: 3\n' } } }),
      broken({ ...json, workloads: { files: [], texts: { [id]: 3 } } }),
      broken({ ...json, workloads: { files: [['app', 'a.yaml', id]], texts: {} } }),
      broken({ ...json, workloads: { files: [['app', id]], texts: { [id]: 'c: 3\n' } } }),
      broken({ ...json, workloads: { files: [], texts: {}, extra: 1 } }),
      broken({
        ...json,
        workloads: {
          files: Array(3).fill(['app', 'a.yaml', id]),
          texts: { [id]: 'x'.repeat(MAX_NOTED_BLOB_CHARS / 2) },
        },
      }),
      `${header}\n${' '.repeat(4 * 1024 * 1024)}`,
    ])
      expect(parseNotedProposal(bad)).toBeUndefined();
  });
});

describe('notedWorkloads', () => {
  const file = (path: string, text: string, more: object = {}) => ({ path, text, ...more });
  const workload = (registration: string, files: SourceFile[]): Source => ({
    origin: { kind: 'workload', registration },
    files,
  });

  it('gives the files read with their registration and blob id, and leaves out what is not its bytes', () => {
    const noted = notedWorkloads(
      [
        { origin: { kind: 'base' }, files: [file('main/t.yaml', 't: 1\n')] },
        workload('a', [
          file('a/a.yaml', 'a: 1\n'),
          file('a/deferred.yaml', '', { blobId: 'b'.repeat(40) }),
          file('a/big.yaml', '', { unreadBytes: 9_000_000 }),
          file('a/latin1.yaml', 'x: \uFFFD\n', { invalidUtf8Lines: [1] }),
        ]),
        workload('b', [file('b/again.yaml', 'a: 1\n'), file('b/b.yaml', 'b: é\n')]),
      ],
      gitBlobId,
    );
    const [a, b] = [gitBlobId('a: 1\n'), gitBlobId('b: é\n')];
    expect(noted).toEqual({
      files: [
        ['a', 'a/a.yaml', a],
        ['b', 'b/again.yaml', a],
        ['b', 'b/b.yaml', b],
      ],
      texts: { [a]: 'a: 1\n', [b]: 'b: é\n' },
    });
    // git's own id of the bytes (`git hash-object` of 'a: 1\n').
    expect(a).toBe('a8926a52d8dcba5c4386945476ab6a2ad008afd4');
    const deferred = [workload('d', [file('d.yaml', '', { blobId: 'b'.repeat(40) })])];
    expect(notedWorkloads(deferred, gitBlobId)).toBeUndefined();
  });

  it('stops at MAX_NOTED_BLOB_CHARS together, a text counted for each file', () => {
    const half = 'x'.repeat(MAX_NOTED_BLOB_CHARS / 2);
    const noted = notedWorkloads(
      [workload('a', [file('1.yaml', half), file('2.yaml', half), file('3.yaml', 'y: 1\n')])],
      gitBlobId,
    );
    expect(noted?.files.map(([, path]) => path)).toEqual(['1.yaml', '2.yaml']);
    expect(Object.values(noted!.texts)).toEqual([half]);
    const over = [workload('a', [file('1.yaml', `${half}${half}!`)])];
    expect(notedWorkloads(over, gitBlobId)).toBeUndefined();
  });
});

/** git's blob id of a text's UTF-8 bytes. */
function gitBlobId(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}
