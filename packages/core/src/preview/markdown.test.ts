import { describe, expect, it } from 'vitest';
import type { EnvironmentPreview, FileDiff } from './compare.ts';
import { COMMENT_LIMIT, previewMarkdown, type PreviewView } from './markdown.ts';

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
