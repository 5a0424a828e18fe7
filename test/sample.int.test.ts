// Renders every environment of the embedded sample control plane (examples/control-plane) through
// the `kalypso` CLI and the demo as processes, and checks what a platform team would look at.
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const run = promisify(execFile);
const repositoryRoot = join(import.meta.dirname, '..');
const sampleRoot = join(repositoryRoot, 'examples', 'control-plane');
const cli = join(repositoryRoot, 'packages', 'cli', 'bin', 'kalypso.js');
const demo = join(repositoryRoot, 'packages', 'cli', 'src', 'demo.ts');
const registrations = ['guest-services', 'lift-ops', 'platform-svc'];
const README = 'This folder contains deployment targets scheduled on the cluster type';

const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

async function node(args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: repositoryRoot });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

function kalypso(
  command: 'render' | 'validate',
  environment: string,
  options: { sample?: string; out?: string } = {},
) {
  const sample = options.sample ?? sampleRoot;
  const args = [cli, command, '--environment', environment];
  args.push('--base', join(sample, 'main'), '--control-plane', join(sample, environment));
  for (const registration of registrations)
    args.push('--workload', `${registration}=${join(sample, 'workloads', registration)}`);
  if (options.out !== undefined) args.push('--out', options.out);
  return node(args);
}

function filesBelow(root: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(root)) return out;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else out.set(relative(root, full).split(sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  visit(root);
  return out;
}

/** cluster type → deployment target folders → file names, from a rendered tree. */
function layout(files: Map<string, string>): Record<string, Record<string, string[]>> {
  const out: Record<string, Record<string, string[]>> = {};
  for (const path of files.keys()) {
    const [clusterType, target, file] = path.split('/');
    if (clusterType!.startsWith('.') || target === undefined) continue;
    out[clusterType!] ??= {};
    if (file !== undefined) (out[clusterType!]![target] ??= []).push(file);
  }
  for (const targets of Object.values(out)) for (const f of Object.values(targets)) f.sort();
  return out;
}

const yamlFiles = ['namespace.yaml', 'platform-config.yaml', 'reconciler.yaml'];
const shFiles = ['namespace.yaml', 'platform-config.sh', 'reconciler.yaml'];

/** The assignments the sample is designed to produce, per environment and cluster type. */
const expectedAssignments: Record<string, Record<string, string[]>> = {
  dev: {
    'edge-alps': ['lift-control-functional-test', 'observability-logs-dev'],
    'gpu-westeu': ['lift-control-snow-forecast', 'observability-gpu-metrics-dev'],
    'hub-eastus': ['lift-control-integration', 'observability-metrics-dev', 'ticketing-api-dev'],
    'hub-westeu': ['lift-control-integration', 'observability-metrics-dev', 'ticketing-api-dev'],
    'lift-gateway': ['lift-control-functional-test', 'observability-logs-dev'],
    'web-eastus': ['ticketing-web-dev'],
  },
  stage: {
    'edge-alps': ['lift-control-canary', 'observability-logs-stage'],
    'hub-eastus': ['observability-metrics-stage', 'ticketing-api-stage'],
    'hub-westeu': ['lift-control-uat', 'observability-metrics-stage', 'ticketing-api-stage'],
    'lift-gateway': ['lift-control-canary', 'observability-logs-stage'],
    'web-eastus': ['ticketing-web-stage'],
  },
  prod: {
    'edge-alps': ['lift-control-edge', 'observability-logs-prod'],
    'edge-rockies': ['lift-control-edge', 'observability-logs-prod'],
    'hub-eastus': ['observability-metrics-prod', 'ticketing-api-prod'],
    'hub-westeu': ['lift-control-control-room', 'observability-metrics-prod', 'ticketing-api-prod'],
    'lift-gateway': ['lift-control-edge', 'observability-logs-prod'],
    'web-westeu': ['ticketing-web-prod'],
  },
};
const environments = Object.keys(expectedAssignments);

/** Each environment rendered once into its own temporary GitOps tree. */
const renders = new Map<
  string,
  Promise<{ code: number; output: string; files: Map<string, string> }>
>();
function rendered(environment: string) {
  let result = renders.get(environment);
  if (!result) {
    const out = tempDir(`sample-${environment}-`);
    result = kalypso('render', environment, { out }).then((r) => ({
      ...r,
      files: filesBelow(out),
    }));
    renders.set(environment, result);
  }
  return result;
}

/** The data of the ConfigMap named `name` in a rendered platform-config.yaml. */
function configMapData(text: string, name: string): Record<string, unknown> {
  const docs = parseAllDocuments(text).map(
    (d) => d.toJS() as { metadata: { name: string }; data: Record<string, unknown> },
  );
  const doc = docs.find((d) => d.metadata.name === name);
  if (!doc) throw new Error(`no ConfigMap '${name}' in:\n${text}`);
  return doc.data;
}

describe.each(environments)('the sample environment %s', (environment) => {
  it('renders with exit status 0', async () => {
    const result = await rendered(environment);
    expect(result.code, result.output).toBe(0);
  });

  it('schedules exactly the designed assignments, each with its three files', async () => {
    const { files } = await rendered(environment);
    const expected: Record<string, Record<string, string[]>> = {};
    for (const [clusterType, targets] of Object.entries(expectedAssignments[environment]!)) {
      expected[clusterType] = {};
      for (const target of targets)
        expected[clusterType][target] = clusterType === 'lift-gateway' ? shFiles : yamlFiles;
    }
    expect(layout(files)).toEqual(expected);
  });

  it('writes a README per cluster type and the promoted commit of its BaseRepo', async () => {
    const { files } = await rendered(environment);
    for (const clusterType of Object.keys(expectedAssignments[environment]!))
      expect(files.get(`${clusterType}/README.md`)).toBe(README);
    const baseRepo = parse(
      readFileSync(join(sampleRoot, environment, 'base-repo.yaml'), 'utf8'),
    ) as {
      spec: { commit: string };
    };
    expect(baseRepo.spec.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(files.get('.github/tracking/Promoted_Commit_Id')).toBe(baseRepo.spec.commit);
    const rootFiles = [...files.keys()].filter((p) => !p.includes('/') || p.startsWith('.'));
    expect(rootFiles).toEqual(['.github/tracking/Promoted_Commit_Id']);
  });

  it('passes kalypso validate', async () => {
    const result = await kalypso('validate', environment);
    const total = Object.values(expectedAssignments[environment]!).flat().length;
    const types = Object.keys(expectedAssignments[environment]!).length;
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`${total} assignments on ${types} cluster types`);
  });
});

describe('the rendered sample', () => {
  it('emits the structured LIFTS value as a YAML block in the flat ConfigMap and as a list in the file', async () => {
    const { files } = await rendered('dev');
    const text = files.get('edge-alps/lift-control-functional-test/platform-config.yaml')!;
    expect(text).toContain(
      [
        '  LIFTS: |',
        '      - capacity: 2400',
        '        name: summit-express',
        '        type: chairlift',
        '      - capacity: 3000',
        '        heated: true',
        '        name: glacier-gondola',
        '        type: gondola',
        '  LOG_LEVEL: debug',
      ].join('\n'),
    );
    const flat = configMapData(text, 'platform-config');
    expect(flat.LIFTS).toBe(
      '- capacity: 2400\n  name: summit-express\n  type: chairlift\n- capacity: 3000\n  heated: true\n  name: glacier-gondola\n  type: gondola\n',
    );
    const file = parse(
      configMapData(text, 'platform-config-file')['platform-config.yaml'] as string,
    );
    expect(file.LIFTS).toEqual([
      { capacity: 2400, name: 'summit-express', type: 'chairlift' },
      { capacity: 3000, heated: true, name: 'glacier-gondola', type: 'gondola' },
    ]);
  });

  it('keeps string config values strings, quoting those that would read as other types', async () => {
    const { files } = await rendered('dev');
    const text = files.get('hub-westeu/ticketing-api-dev/platform-config.yaml')!;
    expect(text).toContain('  SNOWCAM_ENABLED: "false"\n');
    expect(text).toContain('  TRACING_SAMPLE_RATIO: "1.0"\n');
    expect(text).toContain("  SUPPORT_CHANNEL: '#platform-dev'\n");
    expect(text).toMatch(/frostvale\.example\/config-hash: "\d+"\n/);
  });

  it('collects config by region, cluster type, workspace label and azure-app-config keys', async () => {
    const { files } = await rendered('dev');
    const web = configMapData(
      files.get('web-eastus/ticketing-web-dev/platform-config.yaml')!,
      'platform-config',
    );
    expect(web).toMatchObject({
      CLUSTER_NAME: 'Web East US',
      REGION: 'East US',
      DATABASE_URL: 'postgres://guests-eus.dev.frostvale.internal:5432/guests?sslmode=require',
      PAYMENT_GATEWAY_URL: 'https://payments.sandbox.frostvale.example/v2',
      CHECKOUT_TIMEOUT: '45s',
      MAINTENANCE_WINDOW: 'Sun 03:00-05:00 UTC',
      LOG_LEVEL: 'debug',
    });
    expect(web).not.toHaveProperty('OFFLINE_CACHE_MB');
    const metrics = configMapData(
      files.get('hub-westeu/observability-metrics-dev/platform-config.yaml')!,
      'platform-config',
    );
    expect(metrics).not.toHaveProperty('PAYMENT_GATEWAY_URL');
    expect(metrics).not.toHaveProperty('CHECKOUT_TIMEOUT');
  });

  it('writes platform-config.sh for the lift gateway, with the azure-app-config override applied', async () => {
    const { files } = await rendered('dev');
    const sh = files.get('lift-gateway/lift-control-functional-test/platform-config.sh')!;
    expect(
      sh.startsWith(
        '# Platform configuration for lift-control-functional-test on lift-gateway (dev)\n',
      ),
    ).toBe(true);
    expect(sh).toContain("export ENVIRONMENT='Dev'\n");
    expect(sh).toContain("export LOG_LEVEL='warn'\n");
    expect(sh).toContain("export LIFTS='- capacity: 2400\n  name: summit-express\n");
    expect(sh.endsWith("export TRACING_SAMPLE_RATIO='1.0'\n")).toBe(true);
  });

  it('uses the Argo CD reconciler on web clusters, without pruning in prod', async () => {
    const dev = (await rendered('dev')).files.get('web-eastus/ticketing-web-dev/reconciler.yaml')!;
    const prod = (await rendered('prod')).files.get(
      'web-westeu/ticketing-web-prod/reconciler.yaml',
    )!;
    expect(parse(dev)).toMatchObject({
      kind: 'Application',
      metadata: { name: 'web-eastus-ticketing-web-dev' },
      spec: {
        destination: { namespace: 'dev-web-eastus-ticketing-web-dev' },
        syncPolicy: { automated: { prune: true } },
      },
    });
    expect(parse(prod)).toMatchObject({ spec: { syncPolicy: { automated: { prune: false } } } });
  });

  it('renders the same bytes every time', async () => {
    const out = tempDir('sample-again-');
    const again = await kalypso('render', 'dev', { out });
    expect(again.code, again.output).toBe(0);
    expect(filesBelow(out)).toEqual((await rendered('dev')).files);
  });
});

describe('a broken copy of the sample', () => {
  /** A copy of the sample with one file edited. */
  function brokenSample(
    file = 'dev/scheduling/platform/logs-on-edge.yaml',
    from = 'operator: Exists',
    to = 'operator: Within',
  ): string {
    const sample = tempDir('sample-broken-');
    cpSync(sampleRoot, sample, { recursive: true });
    const path = join(sample, file);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(from);
    writeFileSync(path, text.replace(from, to));
    return sample;
  }

  it('fails render and validate with exit 1 and the policy file:line, writing nothing', async () => {
    const sample = brokenSample();
    const out = tempDir('sample-broken-out-');
    const where = `${join(sample, 'dev', 'scheduling', 'platform', 'logs-on-edge.yaml')}:15:`;
    for (const result of [
      await kalypso('render', 'dev', { sample, out }),
      await kalypso('validate', 'dev', { sample }),
    ]) {
      expect(result.code, result.output).toBe(1);
      expect(result.output).toContain(where);
      expect(result.output).toContain("SchedulingPolicy 'logs-on-edge'");
      expect(result.output).toContain('"Within" is not a valid label selector operator');
    }
    expect(filesBelow(out).size).toBe(0);
  });

  it('fails every assignment whose config breaks a ConfigSchema, naming target and cluster type', async () => {
    const sample = brokenSample(
      'dev/configs/edge-and-restricted.yaml',
      'OFFLINE_CACHE_MB: "2048"',
      'OFFLINE_CACHE_MB: "256"',
    );
    const result = await kalypso('validate', 'dev', { sample });
    expect(result.code, result.output).toBe(1);
    for (const clusterType of ['edge-alps', 'lift-gateway']) {
      for (const target of ['lift-control-functional-test', 'observability-logs-dev']) {
        expect(result.output).toContain(
          `Assignment of deployment target '${target}' on cluster type '${clusterType}'`,
        );
      }
    }
    // alike problems are printed once with the places they occur (docs/decisions/cli-terminal-output.md)
    expect(
      result.output.match(/- OFFLINE_CACHE_MB: Must be greater than or equal to 512/g),
    ).toHaveLength(2);
    expect(result.output).toContain('4 problems found (2 different); nothing was written.');
  });

  it('makes the demo exit 1, listing the problem and still rendering the other environments', async () => {
    const out = tempDir('sample-broken-demo-');
    const result = await node([demo, '--sample', brokenSample(), '--out', out]);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain('❌ dev: 1 problem, nothing written');
    expect(result.output).toMatch(/logs-on-edge\.yaml:15: SchedulingPolicy 'logs-on-edge'/);
    expect(result.output).toContain('1 of 3 environments failed (dev)');
    expect(readdirSync(out).sort()).toEqual(['gitops-prod', 'gitops-stage']);
  });
});

describe('npm run demo:render', () => {
  it('renders dev, stage and prod into gitops-<env> folders with the same trees as the CLI', async () => {
    const out = tempDir('sample-demo-');
    const result = await node([demo, '--out', out]);
    expect(result.code, result.output).toBe(0);
    for (const environment of environments) {
      const total = Object.values(expectedAssignments[environment]!).flat().length;
      expect(result.output).toContain(`✅ ${environment} → ${join(out, `gitops-${environment}`)}/`);
      expect(result.output).toContain(`${total} assignments on`);
      expect(filesBelow(join(out, `gitops-${environment}`))).toEqual(
        (await rendered(environment)).files,
      );
    }
    expect(result.output).toContain('Rendered 3 environments into');
  });
});
