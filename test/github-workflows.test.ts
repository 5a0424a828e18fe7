// The project's own GitHub workflows (.github/workflows) and Dependabot configuration: valid against
// GitHub's workflow schema (@actions/workflow-parser, as for the example workflows), least
// privilege, third-party actions pinned to a full commit SHA, local actions that exist, no
// expression inlined into a shell script, and each workflow doing the job it is there for.
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '..');
const folder = join(root, '.github', 'workflows');
const files = readdirSync(folder).filter((f) => /\.ya?ml$/.test(f));

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on'?: string;
  needs?: string | string[];
  permissions?: Record<string, string> | string;
  strategy?: { matrix?: Record<string, unknown> };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: unknown;
  jobs: Record<string, Job>;
}

const load = (file: string) => parse(readFileSync(join(folder, file), 'utf8')) as Workflow;
const steps = (workflow: Workflow) => Object.values(workflow.jobs).flatMap((j) => j.steps);
/** Lines of a workflow file that reference an action, with their trailing comment. */
const usesLines = (file: string) =>
  readFileSync(join(folder, file), 'utf8')
    .split('\n')
    .filter((l) => /^\s*(- )?uses: /.test(l));

describe('the project workflows', () => {
  it('exist: CI, check-dist, end to end, CodeQL and release', () => {
    expect(files.sort()).toEqual(
      expect.arrayContaining([
        'check-dist.yaml',
        'ci.yaml',
        'codeql.yaml',
        'e2e.yaml',
        'release.yaml',
      ]),
    );
  });

  describe.each(files)('%s', (file) => {
    const content = readFileSync(join(folder, file), 'utf8');
    const workflow = load(file);

    it('is valid against the GitHub workflow schema', () => {
      const result = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
      expect(result.context.errors.getErrors().map((e) => e.message)).toEqual([]);
      expect(result.value).toBeDefined();
    });

    it('grants nothing at the top and explicit, minimal permissions per job', () => {
      expect(workflow.permissions).toEqual({});
      for (const [id, job] of Object.entries(workflow.jobs)) {
        expect(typeof job.permissions, `${file} ${id}`).toBe('object');
        const granted = job.permissions as Record<string, string>;
        for (const [scope, level] of Object.entries(granted)) {
          expect(['read', 'write', 'none'], `${file} ${id} ${scope}`).toContain(level);
          if (level === 'write')
            expect(
              `${file}:${id}:${scope}`,
              `${file} ${id}: '${scope}: write' is not needed here`,
            ).toMatch(
              /^(release\.yaml:release:contents|release\.yaml:npm:id-token|codeql\.yaml:[\w-]+:security-events)$/,
            );
        }
      }
    });

    it('pins every third-party action to a full commit SHA with its version as a comment', () => {
      for (const line of usesLines(file)) {
        const ref = /uses: (\S+)/.exec(line)![1]!;
        if (ref.startsWith('./')) {
          expect(existsSync(join(root, ref, 'action.yml')), `${file}: ${ref}`).toBe(true);
          continue;
        }
        expect(ref, `${file}: ${line.trim()}`).toMatch(
          /^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/,
        );
        expect(line, `${file}: ${line.trim()} names its version`).toMatch(/ # v\d+(\.\d+){0,2}$/);
      }
    });

    it('never interpolates an expression into a shell script', () => {
      for (const step of steps(workflow)) if (step.run) expect(step.run).not.toMatch(/\$\{\{/);
    });

    it('lets checkout keep no credentials unless the job pushes', () => {
      for (const [id, job] of Object.entries(workflow.jobs)) {
        const pushes = job.steps.some((s) => /git push/.test(s.run ?? ''));
        for (const step of job.steps.filter((s) => s.uses?.startsWith('actions/checkout@')))
          expect(step.with?.['persist-credentials'], `${file} ${id}`).toBe(
            pushes ? undefined : false,
          );
      }
    });
  });

  it('ci.yaml runs .ci/run on Linux and the unit tests on macOS and Windows with Node 24', () => {
    const ci = load('ci.yaml');
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    const linux = ci.jobs.linux!;
    expect(linux['runs-on']).toBe('ubuntu-latest');
    expect(linux.steps.map((s) => s.run).filter(Boolean)).toEqual(['bash .ci/run']);
    const unit = ci.jobs.unit!;
    expect(unit.strategy?.matrix?.os).toEqual(['macos-latest', 'windows-latest']);
    const setupNode = unit.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version']).toBe(24);
    expect(unit.steps.map((s) => s.run).filter(Boolean)).toEqual([
      'npm ci --no-audit --no-fund',
      'npm run test:unit',
    ]);
  });

  it('check-dist.yaml rebuilds dist/ and fails on any difference', () => {
    const runs = steps(load('check-dist.yaml')).map((s) => s.run ?? '');
    expect(runs).toContain('npm run build');
    expect(runs.join('\n')).toContain('git status --porcelain -- dist');
    expect(runs.join('\n')).toContain('exit 1');
  });

  it("e2e.yaml runs the repository's six actions against the local servers it starts", () => {
    const e2e = steps(load('e2e.yaml'));
    // all six actions, each once
    expect(e2e.filter((s) => s.uses?.startsWith('./')).map((s) => s.uses)).toEqual([
      './preview',
      './ci-gate',
      './cd-promote',
      './schedule',
      './notify',
      './check-promote',
    ]);
    const actions = readdirSync(root).filter((d) => existsSync(join(root, d, 'action.yml')));
    expect(actions.sort()).toEqual(
      e2e
        .filter((s) => s.uses?.startsWith('./'))
        .map((s) => s.uses!.slice(2))
        .sort(),
    );
    const start = e2e.find((s) => s.run?.includes('test/e2e/serve.ts'));
    expect(start).toBeDefined();
    expect(existsSync(join(root, 'test', 'e2e', 'serve.ts'))).toBe(true);
    for (const step of e2e.filter((s) => s.uses?.startsWith('./'))) {
      // the runner's GITHUB_* variables cannot be changed: the local GitHub answers through a proxy
      expect(step.env).not.toHaveProperty('GITHUB_API_URL');
      expect(step.env?.HTTPS_PROXY).toBe('${{ env.E2E_HTTPS_PROXY }}');
      expect(step.env?.NODE_EXTRA_CA_CERTS).toBe('${{ env.E2E_CA_BUNDLE }}');
      expect(step.env?.GIT_SSL_CAINFO).toBe('${{ env.E2E_CA_BUNDLE }}');
      expect(step.with?.['github-token']).toBe('${{ env.E2E_GITHUB_TOKEN }}');
    }
    // every input given is one the action declares
    for (const step of e2e.filter((s) => s.uses?.startsWith('./'))) {
      const meta = parse(readFileSync(join(root, step.uses!, 'action.yml'), 'utf8')) as {
        inputs: Record<string, unknown>;
      };
      for (const name of Object.keys(step.with ?? {}))
        expect(Object.keys(meta.inputs), `${step.uses} input ${name}`).toContain(name);
    }
  });

  it('release.yaml publishes on a vX.Y.Z tag or by hand, from CHANGELOG.md, and moves the major tag', () => {
    const release = load('release.yaml');
    expect(release.on).toMatchObject({
      push: { tags: ['v[0-9]+.[0-9]+.[0-9]+'] },
      workflow_dispatch: { inputs: { version: { required: true } } },
    });
    const script = steps(release)
      .map((s) => s.run ?? '')
      .join('\n');
    expect(script).toContain('npm run build');
    expect(script).toContain('git status --porcelain -- dist');
    expect(script).toContain('node scripts/release.mjs notes "$VERSION"');
    expect(script).toContain('gh release create "v$VERSION" --verify-tag');
    expect(script).toContain('git push --force origin "refs/tags/$MAJOR"');
  });

  it('release.yaml attaches the CLI package to the release, then publishes it to npm with provenance when NPM_TOKEN is set', () => {
    const release = load('release.yaml');
    const attach = release.jobs.release!.steps.map((s) => s.run ?? '').join('\n');
    // the package names this repository (npm provenance checks it), then goes to the release
    expect(attach).toContain(
      'node scripts/release.mjs cli-metadata "$GITHUB_SERVER_URL" "$GITHUB_REPOSITORY"',
    );
    expect(attach).toContain('npm pack --workspace packages/cli --pack-destination "$RUNNER_TEMP"');
    expect(attach).toContain(
      'gh release upload "v$VERSION" "$RUNNER_TEMP/kalypso-cli-$VERSION.tgz" --clobber',
    );
    expect(attach.indexOf('cli-metadata')).toBeLessThan(attach.indexOf('gh release upload'));

    const npm = release.jobs.npm!;
    expect(npm).toMatchObject({ needs: 'release' });
    // only this job can mint an OIDC token, and it cannot write to the repository
    expect(npm.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    const [check, ...publishing] = npm.steps;
    expect(check!.env).toEqual({ NPM_TOKEN: '${{ secrets.NPM_TOKEN }}' });
    expect(check!.run).toContain('::notice title=npm publish skipped::');
    for (const step of publishing)
      expect(step).toMatchObject({ if: "steps.token.outputs.publish == 'true'" });
    const publish = publishing.map((s) => s.run ?? '').join('\n');
    // the bytes users install from the release are the bytes published
    expect(publish).toContain(
      'gh release download "v$VERSION" --pattern "kalypso-cli-$VERSION.tgz"',
    );
    expect(publish).toContain('npm publish "$tarball" --provenance --access public');
    expect(publish).toContain('is on the npm registry already');
  });

  it('codeql.yaml analyses the TypeScript and the workflows', () => {
    const codeql = load('codeql.yaml');
    expect(codeql.jobs.analyze!.strategy?.matrix?.language).toEqual([
      'javascript-typescript',
      'actions',
    ]);
    const uses = steps(codeql).map((s) => s.uses?.split('@')[0]);
    expect(uses).toEqual(
      expect.arrayContaining(['github/codeql-action/init', 'github/codeql-action/analyze']),
    );
  });
});

describe('.github/dependabot.yml', () => {
  const config = parse(readFileSync(join(root, '.github', 'dependabot.yml'), 'utf8')) as {
    version: number;
    updates: { 'package-ecosystem': string; directory: string; schedule: { interval: string } }[];
  };

  it('updates npm packages and GitHub Actions', () => {
    expect(config.version).toBe(2);
    expect(config.updates.map((u) => u['package-ecosystem']).sort()).toEqual([
      'github-actions',
      'npm',
    ]);
    for (const update of config.updates) {
      expect(update.directory).toBe('/');
      expect(['daily', 'weekly', 'monthly']).toContain(update.schedule.interval);
    }
  });
});
