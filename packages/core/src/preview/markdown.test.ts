import { describe, expect, it } from 'vitest';
import type { EnvironmentPreview, FileDiff } from '../render/compare.ts';
import { utf8Bytes } from '../markdown/markdown.ts';
import { appendAll } from '../model/append.ts';
import { COMMENT_LIMIT, SUMMARY_LIMIT, previewMarkdown, type PreviewView } from './markdown.ts';

function file(i: number, lines: number): FileDiff {
  const body = Array.from({ length: lines }, (_, n) => `+line ${n} of file ${i}`).join('\n');
  return {
    path: `edge/t${i}/reconciler.yaml`,
    status: 'added',
    patch: `--- /dev/null\n+++ b/edge/t${i}/reconciler.yaml\n@@ -0,0 +1,${lines} @@\n${body}\n`,
  };
}

function environment(name: string, files: FileDiff[]): EnvironmentPreview {
  return {
    environment: name,
    kind: 'compared',
    baseBroken: false,
    clusterTypes: [
      {
        clusterType: 'edge',
        status: 'kept',
        added: files.map((_, i) => ({ target: `t${i}`, reasons: ["selected by policy 'all'"] })),
        removed: [],
        rerendered: [],
        config: [],
      },
    ],
    files,
    removals: [],
  };
}

function view(environments: EnvironmentPreview[]): PreviewView {
  return {
    target: { kind: 'main' },
    pullRequest: { baseRef: 'main', baseCommit: 'a'.repeat(40), headCommit: 'b'.repeat(40) },
    environments,
    problems: [],
    removals: [],
    allowRemovalLabel: 'kalypso/allow-removal',
    blocked: false,
    links: { serverUrl: 'https://github.com', repository: 'acme/cp', runUrl: 'https://run/9' },
  };
}

describe('previewMarkdown folding', () => {
  it('cuts the largest environment’s diff first, keeps the small one whole, and stays within the limit', () => {
    const big = environment(
      'dev',
      Array.from({ length: 40 }, (_, i) => file(i, 100)),
    );
    const small = environment('stage', [file(0, 3)]);
    const text = previewMarkdown(view([big, small]), { limit: COMMENT_LIMIT, marker: true });
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(text).toMatch(
      /\n\d+ more files not shown here: \[the job summary\]\(https:\/\/run\/9\) has the full diff\.\n/,
    );
    const stage = text.slice(text.indexOf('### `stage`'));
    expect(stage).toContain('+line 2 of file 0\n```\n');
    expect(stage).not.toContain('not shown here');
  });

  it.each([
    ['comment', COMMENT_LIMIT, 10, 250],
    ['summary', SUMMARY_LIMIT, 75, 500],
  ] as const)(
    'measures the %s limit in UTF-8 bytes: a diff of 3-byte characters that fits in characters is cut',
    (_, limit, files, lines) => {
      const wide = (i: number): FileDiff => {
        const body = Array.from({ length: lines }, (_, n) => `+€€€€€€€€ ${n} ${i}`).join('\n');
        return {
          ...file(i, 1),
          patch: `--- /dev/null\n+++ b/x${i}\n@@ -0,0 +1,${lines} @@\n${body}\n`,
        };
      };
      const preview = view([
        environment(
          'dev',
          Array.from({ length: files }, (_, i) => wide(i)),
        ),
      ]);
      const whole = previewMarkdown(preview, { limit: Number.POSITIVE_INFINITY, marker: true });
      expect(whole.length).toBeLessThan(limit);
      expect(utf8Bytes(whole)).toBeGreaterThan(limit);
      const text = previewMarkdown(preview, { limit, marker: true });
      expect(utf8Bytes(text)).toBeLessThanOrEqual(limit);
      expect(text).toContain('not shown here');
    },
  );

  it('never exceeds the limit, however many environments there are', () => {
    const many = Array.from({ length: 2_000 }, (_, i) =>
      environment(
        `env-${i}`,
        Array.from({ length: 5 }, (_, j) => file(j, 20)),
      ),
    );
    const text = previewMarkdown(view(many), { limit: COMMENT_LIMIT, marker: true });
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(text.startsWith('<!-- kalypso-preview -->\n')).toBe(true);
    expect(text).toMatch(/has the rest\.\n$/);
  });

  it('fences a diff that itself holds backticks so that it cannot close the block', () => {
    const hostile: FileDiff = {
      path: 'edge/t/reconciler.yaml',
      status: 'added',
      patch: '+```\n+</details>\n+::error::x\n',
    };
    const text = previewMarkdown(view([environment('dev', [hostile])]), {
      limit: COMMENT_LIMIT,
      marker: false,
    });
    expect(text).toContain('````diff\n+```\n+</details>\n+::error::x\n````\n');
  });
});

describe('previewMarkdown notes', () => {
  it('folds the warnings of the changed files, at most 50, and counts the others', () => {
    const warnings = Array.from({ length: 52 }, (_, i) => ({
      file: 'cluster-types/edge.yaml',
      line: i + 1,
      object: "ClusterType 'edge'",
      message: `found 'owner${i}' under spec.`,
      severity: 'warning' as const,
    }));
    const body = previewMarkdown(
      { ...view([environment('dev', [file(1, 2)])]), warnings, otherWarnings: 3 },
      { limit: COMMENT_LIMIT, marker: true },
    );
    expect(body).toContain(
      '<details><summary>⚠️ Warnings: 52 in the changed files (they do not fail the check)</summary>\n\n' +
        "- cluster-types/edge.yaml:1: ClusterType 'edge': found 'owner0' under spec.\n",
    );
    expect(body).toContain("- cluster-types/edge.yaml:50: ClusterType 'edge': found 'owner49'");
    expect(body).not.toContain("found 'owner50'");
    expect(body).toContain(
      '- and 2 more\n\n3 more warnings in files this change does not touch.\n\n</details>\n',
    );
    // Only warnings elsewhere: nothing for the reviewer (they are annotations).
    const none = previewMarkdown(
      { ...view([environment('dev', [file(1, 2)])]), warnings: [], otherWarnings: 3 },
      { limit: COMMENT_LIMIT, marker: true },
    );
    expect(none).not.toContain('Warnings');
  });

  it('says which environments leave or join the chain, as a note', () => {
    const body = previewMarkdown(
      {
        ...view([environment('dev', [])]),
        chainChanges: [
          "environment 'qa' leaves the promotion chain: it is not previewed and main is no longer promoted to it; its branch and GitOps output stay as they are (nothing is removed).",
        ],
      },
      { limit: COMMENT_LIMIT, marker: true },
    );
    expect(body).toContain(
      "> [!NOTE]\n> - environment 'qa' leaves the promotion chain: it is not previewed and main is no longer promoted to it; its branch and GitOps output stay as they are (nothing is removed).\n",
    );
    expect(body).not.toContain('[!CAUTION]');
  });

  it('heads a local comparison by its command', () => {
    const local = { ...view([environment('dev', [])]), pullRequest: undefined };
    const plan = previewMarkdown(
      { ...local, target: { kind: 'environment', environment: 'dev' }, local: { command: 'plan' } },
      { limit: COMMENT_LIMIT, marker: false },
    );
    expect(plan.split('\n').slice(0, 3)).toEqual([
      '## Kalypso plan: environment `dev`',
      '',
      'The environment rendered from the local checkouts, compared with the GitOps working tree in `--out`.',
    ]);
  });
});

describe('previewMarkdown at the scale of a fleet-wide change', () => {
  // 100,000 changed files on one cluster type: 200,000 lines of assignment rows and diff blocks,
  // more than one call can take as arguments (a spread of them overflowed the stack).
  const files = Array.from({ length: 100_000 }, (_, i) => ({
    path: `edge/t${i}/config.yaml`,
    status: 'changed' as const,
    patch: `--- a/edge/t${i}/config.yaml\n+++ b/edge/t${i}/config.yaml\n@@ -1 +1 @@\n-KEY: old\n+KEY: new\n`,
  }));
  const huge = environment('prod', files);

  it('folds 200,000 lines into a comment and a summary within their limits, naming the count', () => {
    const comment = previewMarkdown(view([huge]), { limit: COMMENT_LIMIT, marker: true });
    expect(utf8Bytes(comment)).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(comment).toContain('| `prod` | ✏️ changes | 100000 | 0 | 0 | 0 | 100000 |');
    const summary = previewMarkdown(view([huge]), { limit: SUMMARY_LIMIT, marker: false });
    expect(utf8Bytes(summary)).toBeLessThanOrEqual(SUMMARY_LIMIT);
    expect(summary).toContain('100000 rendered files change');
  });

  it('appends 200,000 lines without a spread (appendAll)', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `line ${i}`);
    expect(() => [].push(...(lines as never[]))).toThrow(RangeError);
    const out = appendAll(['head'], lines, ['tail']);
    expect(out).toHaveLength(200_002);
    expect(out[200_000]).toBe('line 199999');
    expect(out.at(-1)).toBe('tail');
  });
});
