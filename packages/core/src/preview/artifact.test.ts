import { describe, expect, it } from 'vitest';
import type { EnvironmentPreview, FileDiff } from '../render/compare.ts';
import { artifactContent, keepFullDiff, MAX_ARTIFACT_DIFF_BYTES } from './artifact.ts';
import {
  COMMENT_LIMIT,
  previewFits,
  previewMarkdown,
  SUMMARY_LIMIT,
  type PreviewView,
} from './markdown.ts';
import type { PreviewArtifactContent, PreviewArtifacts } from './ports.ts';

const changed = (i: number): FileDiff => ({
  path: `edge/t${i}/config.yaml`,
  status: 'changed',
  patch: `--- a/edge/t${i}/config.yaml\n+++ b/edge/t${i}/config.yaml\n@@ -1 +1 @@\n-KEY: ${'o'.repeat(40)}\n+KEY: ${'n'.repeat(40)}\n`,
});

function compared(files: FileDiff[]): EnvironmentPreview {
  return {
    environment: 'prod',
    kind: 'compared',
    baseBroken: false,
    clusterTypes: [],
    files,
    removals: [],
  };
}

function view(environment: EnvironmentPreview, artifact?: PreviewView['artifact']): PreviewView {
  return {
    target: { kind: 'environment', environment: 'prod' },
    pullRequest: { baseRef: 'prod', baseCommit: 'a'.repeat(40), headCommit: 'b'.repeat(40) },
    environments: [environment],
    problems: [],
    removals: [],
    allowRemovalLabel: 'kalypso/allow-removal',
    blocked: false,
    links: { serverUrl: 'https://github.com', repository: 'acme/cp', runUrl: 'https://run/9' },
    ...(artifact === undefined ? {} : { artifact }),
  };
}

const pr = { number: 7, baseCommit: 'a'.repeat(40), headCommit: 'b'.repeat(40) };

describe('the full diff as an artifact', () => {
  it('keeps every file: patches, and a line for a hidden or undiffed one; the plan lists them all', () => {
    const files = [
      changed(1),
      { path: 'edge/t2/big.yaml', status: 'changed' as const, patch: '' },
      { path: 'edge/t3/app.yaml', status: 'added' as const, patch: '', hidden: true },
    ];
    const content = artifactContent('kalypso-preview-pr-7', pr, [
      compared(files),
      { environment: 'dev', kind: 'skipped', reason: 'no branch' },
    ]);
    expect(content.files).toBe(3);
    expect(content.diffs).toHaveLength(1);
    expect(content.diffs[0]!.patches[0]).toBe(files[0]!.patch);
    expect(content.diffs[0]!.patches[1]).toMatch(
      /^# kalypso: edge\/t2\/big\.yaml \(changed\): not diffed line by line/,
    );
    expect(content.diffs[0]!.patches[2]).toMatch(
      /^# kalypso: edge\/t3\/app\.yaml \(added\): content hidden/,
    );
    expect(content.diffBytes).toBe(content.diffs[0]!.patches.join('').length);
    expect(JSON.parse(JSON.stringify(content.plan))).toMatchObject({
      pullRequest: pr,
      environments: [
        {
          environment: 'prod',
          files: [
            { path: 'edge/t1/config.yaml', status: 'changed' },
            { path: 'edge/t2/big.yaml', status: 'changed', diffed: false },
            { path: 'edge/t3/app.yaml', status: 'added', hidden: true },
          ],
        },
        { environment: 'dev', kind: 'skipped' },
      ],
    });
  });

  it('refuses a diff over the budget with the counts, and turns a failing upload into its message', async () => {
    const kept: PreviewArtifactContent[] = [];
    const store: PreviewArtifacts = {
      keep: (content) => {
        kept.push(content);
        return Promise.resolve({
          kind: 'uploaded',
          name: content.name,
          url: 'u',
          bytes: 10,
          diffBytes: 20,
        });
      },
    };
    const content = artifactContent('n', pr, [compared([changed(1), changed(2)])]);
    expect(await keepFullDiff(store, content, 100)).toEqual({
      kind: 'too-large',
      diffBytes: content.diffBytes,
      budget: 100,
      files: 2,
    });
    expect(kept).toEqual([]);
    expect(await keepFullDiff(store, content)).toMatchObject({ kind: 'uploaded', name: 'n' });
    expect(MAX_ARTIFACT_DIFF_BYTES).toBe(256 * 1024 * 1024);
    const broken: PreviewArtifacts = {
      keep: () => Promise.reject(new Error('409 already exists')),
    };
    expect(await keepFullDiff(broken, content)).toEqual({
      kind: 'failed',
      error: '409 already exists',
    });
  });

  it('links the artifact with its size from the comment and the summary, never the summary from itself', () => {
    const big = compared(Array.from({ length: 20_000 }, (_, i) => changed(i)));
    expect(previewFits(view(big), COMMENT_LIMIT)).toBe(false);
    expect(previewFits(view(compared([changed(1)])), COMMENT_LIMIT)).toBe(true);
    const uploaded = {
      kind: 'uploaded' as const,
      name: 'kalypso-preview-pr-7-attempt-1',
      url: 'https://gh/a/1',
      bytes: 123_456,
      diffBytes: 3_456_789,
    };
    for (const [limit, marker] of [
      [COMMENT_LIMIT, true],
      [SUMMARY_LIMIT, false],
    ] as const) {
      const page = previewMarkdown(view(big, uploaded), { limit, marker });
      expect(page).toContain(
        '📦 **The full diff** (3.3 MiB of unified diff) **is the artifact [`kalypso-preview-pr-7-attempt-1`](https://gh/a/1) (120.6 KiB)** of this run',
      );
      expect(page).toMatch(
        /not (shown|fit) here: the artifact \[`kalypso-preview-pr-7-attempt-1`\]\(https:\/\/gh\/a\/1\) \(120\.6 KiB\) has/,
      );
      expect(page).not.toContain('job summary');
    }
    const summary = previewMarkdown(view(big), { limit: SUMMARY_LIMIT, marker: false });
    expect(summary).not.toContain('job summary');
  });

  it('says why the diff is not kept: the budget with its counts, or no artifact storage', () => {
    const big = compared(Array.from({ length: 20_000 }, (_, i) => changed(i)));
    const tooLarge = previewMarkdown(
      view(big, {
        kind: 'too-large',
        diffBytes: 300 * 1024 * 1024,
        budget: MAX_ARTIFACT_DIFF_BYTES,
        files: 900_000,
      }),
      { limit: COMMENT_LIMIT, marker: true },
    );
    expect(tooLarge).toContain(
      '> The full diff does not fit here and is not kept as an artifact: its 900000 files make 300.0 MiB of unified diff, more than the artifact budget of 256.0 MiB.',
    );
    const none = previewMarkdown(view(big, { kind: 'unavailable', reason: 'no runtime token' }), {
      limit: SUMMARY_LIMIT,
      marker: false,
    });
    expect(none).toContain('is not kept as an artifact: no runtime token.');
  });
});
