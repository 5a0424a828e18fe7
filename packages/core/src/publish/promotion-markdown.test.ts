import { describe, expect, it } from 'vitest';
import type { Assignment } from '../model/schedule.ts';
import type { ClusterTypePreview } from '../render/compare.ts';
import { DEFAULT_BODY_TEMPLATE } from './messages.ts';
import { utf8Bytes } from '../markdown/markdown.ts';
import {
  assignmentReasonsMarkdown,
  BODY_LIMIT,
  compareUrl,
  configChangesMarkdown,
  promotedCommitLine,
} from './promotion-markdown.ts';
import { boundedBody } from './publish-environment.ts';

const cp = 'https://github.com/acme/cp';
const sha = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const before = 'f'.repeat(40);

const assignment = (clusterType: string, target: string, policies: string[]) =>
  ({
    clusterType: { name: clusterType },
    target: { name: target },
    policies,
  }) as unknown as Assignment;

describe('promotion markdown for the GitOps pull request', () => {
  it('links the promoted commit with its subject and author, escaped, and the compare view', () => {
    expect(
      promotedCommitLine(cp, { sha, subject: 'Raise <LOG_LEVEL> for *edge*', author: 'Ana B' }),
    ).toBe(
      '[`1a2b3c4`](https://github.com/acme/cp/commit/1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b) Raise \\<LOG\\_LEVEL\\> for \\*edge\\* — Ana B',
    );
    expect(compareUrl(cp, before, sha)).toBe(`${cp}/compare/${before}...${sha}`);
    expect(compareUrl(cp, '', sha)).toBe('');
    expect(compareUrl(cp, sha, sha)).toBe('');
  });

  it('lists the policies behind each assignment, sorted and folded, counting what it leaves out', () => {
    const assignments = [
      assignment('edge', 'b-api', ['all']),
      assignment('cloud', 'a-api', ['cloud-only', 'all']),
      assignment('edge', 'a-api', ['all']),
    ];
    expect(assignmentReasonsMarkdown(assignments, 2)).toBe(
      [
        '<details><summary>Why each assignment (3 assignments)</summary>',
        '',
        '| cluster type | deployment target | selected by policy |',
        '| --- | --- | --- |',
        '| `cloud` | `a-api` | `cloud-only`, `all` |',
        '| `edge` | `a-api` | `all` |',
        '| … | and 1 more |  |',
        '',
        '</details>',
      ].join('\n'),
    );
    expect(assignmentReasonsMarkdown([])).toBe('');
  });

  it('lists the config keys that change, old → new', () => {
    const clusterTypes = [
      {
        clusterType: 'edge',
        config: [
          { key: 'LOG_LEVEL', before: 'info', after: 'debug', targets: ['a', 'b'] },
          { key: 'NEW', before: undefined, after: '1', targets: ['a'] },
        ],
      },
    ] as unknown as ClusterTypePreview[];
    expect(configChangesMarkdown(clusterTypes)).toBe(
      [
        '<details><summary>Config keys that change (2)</summary>',
        '',
        '| cluster type | key | old | new | targets |',
        '| --- | --- | --- | --- | --- |',
        '| `edge` | `LOG_LEVEL` | `info` | `debug` | 2 |',
        '| `edge` | `NEW` | *(absent)* | `1` | 1 |',
        '',
        '</details>',
      ].join('\n'),
    );
    expect(configChangesMarkdown([])).toBe('');
  });

  it('fills the default body, and keeps it under the limit when the tables are huge', () => {
    const view = {
      environment: 'dev',
      base: 'dev',
      branch: 'kalypso/dev',
      promotedCommit: sha,
      promotedCommitShort: sha.slice(0, 7),
      promoted: true,
      assignments: 1,
      filesAdded: 1,
      filesChanged: 0,
      filesRemoved: 0,
      plan: 'PLAN',
      controlPlaneRepository: 'acme/cp',
      runUrl: '',
      promotedCommitUrl: `${cp}/commit/${sha}`,
      promotedCommitSubject: 'Raise log level',
      promotedCommitAuthor: 'Ana',
      promotedCommitLine: promotedCommitLine(cp, {
        sha,
        subject: 'Raise log level',
        author: 'Ana',
      }),
      previousPromotedCommit: before,
      previousPromotedCommitShort: 'fffffff',
      compareUrl: compareUrl(cp, before, sha),
      assignmentReasons: 'REASONS',
      configChanges: 'CONFIG',
      promotes: 'promote 1a2b3c4: Raise log level',
    };
    expect(boundedBody(DEFAULT_BODY_TEMPLATE, view)).toBe(
      `This PR updates the manifests in GitOps Repo for the **dev** environment.

Promotes control-plane commit \`${sha}\`.
[\`1a2b3c4\`](${cp}/commit/${sha}) Raise log level — Ana · [changes since \`fffffff\`](${cp}/compare/${before}...${sha})
1 assignments; files: 1 added, 0 changed, 0 removed.

PLAN

CONFIG

REASONS

`,
    );
    const huge = boundedBody(DEFAULT_BODY_TEMPLATE, {
      ...view,
      assignmentReasons: 'x'.repeat(70_000),
      configChanges: 'y'.repeat(70_000),
    });
    expect(huge.length).toBeLessThan(65_536);
    expect(huge).toContain('*Left out: the body would exceed what GitHub accepts.');
    expect(huge).toContain('PLAN');
    expect(boundedBody('{{plan}}', { ...view, plan: 'z'.repeat(70_000) }).length).toBeLessThan(
      65_536,
    );
    // Measured in UTF-8 bytes: 30,000 three-byte characters fit in characters, not in bytes.
    const wide = boundedBody(DEFAULT_BODY_TEMPLATE, {
      ...view,
      assignmentReasons: '€'.repeat(30_000),
    });
    expect(wide.length).toBeLessThan(BODY_LIMIT);
    expect(utf8Bytes(wide)).toBeLessThanOrEqual(BODY_LIMIT);
    expect(wide).toContain('*Left out: the body would exceed what GitHub accepts.');
    // A body never shows the credentials of a URL.
    expect(boundedBody('{{plan}}', { ...view, plan: 'from https://u:ghp_x@github.com/a/b' })).toBe(
      'from https://***@github.com/a/b',
    );
  });

  it('pings no one from the promoted commit’s subject and author', () => {
    const line = promotedCommitLine(cp, {
      sha,
      subject: 'Page @acme/platform-team about it',
      author: '@octocat',
    });
    expect(line).toContain('Page @\u200bacme/platform-team about it — @\u200boctocat');
  });
});
