import { type PreviewReport } from '@kalypso/core';
import { newPreviewReport } from '@kalypso/core/render';
import { describe, expect, it } from 'vitest';
import { annotationsOf, failureOf, outputsOf, summaryOf } from './report.ts';

const report: PreviewReport = {
  target: { kind: 'environment', environment: 'stage' },
  pullRequest: {
    number: 3,
    baseRef: 'stage',
    baseCommit: 'a'.repeat(40),
    headCommit: 'b'.repeat(40),
    labels: [],
  },
  environments: [
    {
      environment: 'stage',
      kind: 'compared',
      baseBroken: false,
      clusterTypes: [],
      files: [{ path: 'edge/README.md', status: 'removed', patch: '' }],
      removals: ["cluster type 'edge' is removed"],
    },
  ],
  problems: [],
  warnings: [],
  otherWarnings: 0,
  chainChanges: [],
  annotations: [],
  removals: ["stage: cluster type 'edge' is removed"],
  allowRemovalLabel: 'kalypso/allow-removal',
  blocked: true,
  changed: true,
  comment: { operation: 'created', url: 'https://github.com/acme/cp/pull/3#issuecomment-1' },
  links: { serverUrl: 'https://github.com', repository: 'acme/cp', runUrl: '' },
};

/** A run that stopped with `error`. */
const failed = (error: unknown): PreviewReport => ({
  ...newPreviewReport({
    pullRequest: 3,
    allowRemovalLabel: 'kalypso/allow-removal',
    links: report.links,
  }),
  error,
});

describe('preview report', () => {
  it('sets every output', () => {
    expect(outputsOf(report)).toEqual({
      changed: 'true',
      removals: '1',
      blocked: 'true',
      problems: '0',
      'comment-url': 'https://github.com/acme/cp/pull/3#issuecomment-1',
    });
    // A run that stopped knows nothing of the change: `changed`, `removals`, `blocked` and
    // `problems` stay unset rather than claim "no change".
    expect(outputsOf({ ...report, error: new Error('x') })).toEqual({ 'comment-url': '' });
  });

  it('fails a blocked removal and says how to proceed; passes once allowed', () => {
    expect(failureOf(report)).toBe(
      "The preview fails: it removes deployments (1 removal(s)); review them in the preview and add the label 'kalypso/allow-removal' to the pull request to allow it.",
    );
    expect(failureOf({ ...report, blocked: false })).toBeUndefined();
  });

  it('fails on problems but not on warnings (severity from the lint)', () => {
    const problem = { file: 'a.yaml', line: 2, message: 'broken.' };
    const allowed = { ...report, blocked: false };
    expect(failureOf({ ...allowed, annotations: [problem] })).toBe(
      'The preview fails: the control plane has 1 problem(s) with this pull request; they are listed above and in the job summary.',
    );
    const warning = { ...problem, severity: 'warning' } as typeof problem;
    expect(failureOf({ ...allowed, annotations: [warning] })).toBeUndefined();
  });

  it('writes the summary without the comment marker, and an error as text', () => {
    const summary = summaryOf(report);
    expect(summary.startsWith('## Kalypso preview: environment `stage`\n')).toBe(true);
    expect(summary).toContain('`edge/README.md` (removed): too large to show line by line.');
    expect(summaryOf(failed(new Error('boom ```')))).toBe(
      // Kept verbatim, in a fence longer than any backtick run in it (codeBlock).
      '## ❌ The preview failed\n\n````text\nboom ```\n````\n',
    );
  });

  it('reports an error alone: no annotations, empty outputs, its message as the failure', () => {
    const stopped = failed(new Error('Reading pull request #3 failed.'));
    expect(annotationsOf(stopped)).toEqual([]);
    expect(annotationsOf({ ...report, annotations: [{ message: 'm' }] })).toEqual([
      { message: 'm' },
    ]);
    expect(outputsOf(stopped)).toEqual(outputsOf({ ...report, error: 'x' }));
    expect(failureOf(stopped)).toBe('Reading pull request #3 failed.');
  });
});
