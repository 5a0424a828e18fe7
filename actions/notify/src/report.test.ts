import { describe, expect, it } from 'vitest';
import type { NotifyReport } from '@kalypso/core';
import { failureOf, outputsOf, summaryOf } from './report.ts';

const COMMIT = '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1';
const PROMOTED = 'aa11bb22cc33dd44ee55ff66aa77bb88cc99dd00';
const base: NotifyReport = {
  environment: 'dev',
  dryRun: false,
  gitops: { repository: 'contoso/gitops', branch: 'dev', commit: COMMIT },
  promotedCommit: PROMOTED,
  dispatched: { workflow: 'check-promote.yaml', repository: 'contoso/control-plane', ref: 'main' },
};

describe('notify report', () => {
  it('summarises a promotion it started', () => {
    expect(summaryOf(base)).toBe(
      [
        '## ✅ `dev` `4f2a9c1`: started check-promote for this promotion of `aa11bb2`',
        '',
        '| Item | Value |',
        '| --- | --- |',
        '| GitOps commit | `4f2a9c1` on `dev` of contoso/gitops |',
        '| Promoted commit | `aa11bb2` |',
        '| Next | started `check-promote.yaml` on `main` in contoso/control-plane |',
        '',
      ].join('\n'),
    );
    expect(outputsOf(base)).toEqual({ 'promoted-commit': PROMOTED, dispatched: 'true' });
  });

  it('says what a dry run would start, and dispatched stays false', () => {
    const { promotedCommit: _omitted, ...withoutCommit } = base;
    const report: NotifyReport = { ...withoutCommit, dryRun: true };
    const summary = summaryOf(report);
    expect(summary).toContain(
      '## ✅ `dev` `4f2a9c1`: dry run: would start check-promote for this merge',
    );
    expect(summary).toContain('| Promoted commit | none (not a promotion) |');
    expect(summary).toContain(
      '| Next | would start `check-promote.yaml` on `main` in contoso/control-plane |',
    );
    expect(outputsOf(report)).toEqual({ 'promoted-commit': '', dispatched: 'false' });
  });

  it('shows the error of a run that could not dispatch', () => {
    const { dispatched: _, ...rest } = base;
    const summary = summaryOf({
      ...rest,
      error: new Error("401 Bad credentials in 'github-token'"),
    });
    expect(summary).toContain('## ❌ `dev` `4f2a9c1`: could not start check-promote');
    expect(summary).toContain("401 Bad credentials in 'github-token'");
    expect(summary).not.toContain('| Next |');
    expect(failureOf({ ...rest, error: new Error('401 Bad credentials') })).toBe(
      '401 Bad credentials',
    );
    expect(failureOf(base)).toBeUndefined();
  });
});
