// Workload repositories read as a Flux GitRepository artifact delivers them: one real git
// repository whose .sourceignore files use every gitignore pattern shape, fetched by
// `kalypso render --allow-local-workloads`, and the exact set of deployment targets that results.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kalypso, World } from './support/cli-world.ts';

/** A Workload document with one deployment target named `name` in environment qa. */
function workload(name: string): string {
  return `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: Workload\nmetadata:\n  name: ${name}\nspec:\n  deploymentTargets:\n    - name: qa\n      environment: qa\n      manifests: {repo: https://git.example/${name}, branch: main, path: ./qa}\n`;
}

let world: World;
let targets: string[];
let result: Awaited<ReturnType<typeof kalypso>>;

beforeAll(async () => {
  world = new World();
  const files: Record<string, string> = {
    '.sourceignore': [
      '# every pattern shape of gitignore',
      'kalypso/drafts/*.yaml', // dir/*.yaml (a slash inside anchors it to this file's folder)
      '!kalypso/drafts/keep.yaml', // ! re-includes
      '**/generated/', // **/x/
      'secret-*.yaml', // wildcard
      'old?.yaml', // single character
      '/anchored.yaml', // anchored to the root
      'archive/', // folder
      '!kalypso/archive/revived.yaml', // cannot come back: its folder is excluded
      '!.sops.yaml', // a default exclusion re-included
    ].join('\n'),
    'kalypso/.sourceignore': 'local-*.yaml\n',
    'kalypso/plain.yaml': workload('plain'),
    'kalypso/drafts/wip.yaml': workload('draft-wip'),
    'kalypso/drafts/keep.yaml': workload('draft-keep'),
    'kalypso/drafts/deeper/nested.yaml': workload('draft-nested'),
    'kalypso/a/b/generated/gen.yaml': workload('generated'),
    'kalypso/generated.yaml': workload('generated-file'),
    'kalypso/secret-db.yaml': workload('secret-db'),
    'kalypso/secrets.yaml': workload('secrets'),
    'kalypso/old1.yaml': workload('old-one'),
    'kalypso/old12.yaml': workload('old-twelve'),
    'kalypso/anchored.yaml': workload('anchored-below-root'),
    'kalypso/archive/revived.yaml': workload('revived'),
    'kalypso/local-dev.yaml': workload('local-dev'),
    'kalypso/nested/local-x.yaml': workload('local-nested'),
    'kalypso/.github/workflows/ci.yaml': workload('ci-config'),
    'kalypso/cloudbuild.yaml': workload('cloudbuild'),
    'kalypso/.flux.yaml': workload('flux-v1'),
    'kalypso/.sops.yaml': workload('sops-reincluded'),
    'kalypso/notes.txt': 'not a manifest\n',
    'elsewhere/outside-path.yaml': workload('outside-path'),
  };
  const url = world.repo('inventory', files);
  world.register('inventory-api', url, './kalypso');
  result = await kalypso(
    'render',
    ...world.args(
      ...world.labelPrinter(),
      '--allow-local-workloads',
      '--verbose',
      '--out',
      world.out,
    ),
  );
  targets = readdirSync(join(world.out, 'hq-primary'))
    .filter((name) => name !== 'README.md')
    .sort();
});
afterAll(() => world.dispose());

describe('.sourceignore in a fetched workload repository', () => {
  it('renders', () => expect(result.code, result.stderr).toBe(0));

  it('schedules exactly the Workloads Flux would deliver', () => {
    expect(targets).toEqual([
      'anchored-below-root-qa', // `/anchored.yaml` only matches at the repository root
      'draft-keep-qa', // `!kalypso/drafts/keep.yaml`
      'draft-nested-qa', // `kalypso/drafts/*.yaml` does not reach into sub-folders
      'generated-file-qa', // `**/generated/` matches folders only
      'label-printer-qa-smoke', // the other registration, read with --workload
      'old-twelve-qa', // `old?.yaml` is one character
      'plain-qa',
      'secrets-qa',
      'sops-reincluded-qa', // `!.sops.yaml` overrides Flux's default
    ]);
  });

  it.each([
    ['draft-wip-qa', 'kalypso/drafts/*.yaml'],
    ['generated-qa', '**/generated/'],
    ['secret-db-qa', 'secret-*.yaml'],
    ['old-one-qa', 'old?.yaml'],
    ['revived-qa', 'archive/ (a ! rule cannot re-include below an excluded folder)'],
    ['local-dev-qa', 'kalypso/.sourceignore local-*.yaml'],
    ['local-nested-qa', 'kalypso/.sourceignore applies to its sub-folders'],
    ['ci-config-qa', "Flux's default .github/"],
    ['cloudbuild-qa', "Flux's default cloudbuild.yaml"],
    ['flux-v1-qa', "Flux's default **/.flux.yaml"],
    ['outside-path-qa', 'outside spec.workload.path'],
  ])('leaves %s out (%s)', (target) => expect(targets).not.toContain(target));
});
