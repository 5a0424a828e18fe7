import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { GoMap, type GoValue } from '../go/values.ts';
import { marshalYaml } from './emit.ts';
import { parseYaml11 } from './yaml11.ts';

/**
 * The golden corpus's config values → the `data:` blocks its expected ConfigMaps contain, which
 * templates print with `toYaml .ConfigData | indent 2` (or `stringify`). Config collection itself
 * lives elsewhere; the few lines of docs/kalypso-compatibility.md#value-parsing and docs/kalypso-compatibility.md#merge-rules needed to build ConfigData are restated here.
 */

const GOLDEN = new URL('../../../../test/golden/', import.meta.url).pathname;

const toYaml = (v: GoValue) => marshalYaml(v).replace(/\n$/, '');

/** docs/kalypso-compatibility.md#value-parsing: single quotes stripped, sequences and mappings parsed, anything else verbatim. */
function configValue(raw: string): GoValue {
  const trimmed = raw.trim();
  if (trimmed.startsWith("'") && trimmed.endsWith("'")) return trimmed.replace(/^'+|'+$/g, '');
  try {
    const parsed = parseYaml11(raw);
    if (Array.isArray(parsed) || parsed instanceof GoMap) return parsed;
  } catch {
    // Not YAML: kept as written.
  }
  return raw;
}

const nameOf = (v: GoValue) => (v instanceof GoMap ? (v.get('name') ?? null) : undefined);

/** docs/kalypso-compatibility.md#merge-rules. */
function mergeValues(existing: GoValue, incoming: GoValue): GoValue {
  if (Array.isArray(existing) && Array.isArray(incoming)) {
    const out = [...existing];
    for (const item of incoming) {
      let matched = false;
      if (item instanceof GoMap) {
        for (let i = 0; i < out.length; i++) {
          const current = out[i] ?? null;
          if (current instanceof GoMap && nameOf(current) === nameOf(item)) {
            out[i] = mergeValues(current, item);
            matched = true;
          }
        }
      }
      if (!matched) out.push(item);
    }
    return out;
  }
  if (existing instanceof GoMap && incoming instanceof GoMap) {
    const out = new GoMap(existing.entries, existing.type);
    for (const [k, v] of incoming.entries) {
      out.entries.set(k, out.has(k) ? mergeValues(out.get(k) ?? null, v) : v);
    }
    return out;
  }
  return incoming;
}

interface ConfigMap {
  name: string;
  data: Record<string, string>;
}

function configMaps(dir: string): ConfigMap[] {
  const maps: ConfigMap[] = [];
  for (const file of readdirSync(dir).sort()) {
    for (const doc of parseAllDocuments(readFileSync(join(dir, file), 'utf8'))) {
      const obj = doc.toJS() as { kind?: string; metadata: { name: string }; data: object };
      if (obj.kind === 'ConfigMap') {
        const data = Object.fromEntries(Object.entries(obj.data).map(([k, v]) => [k, String(v)]));
        maps.push({ name: obj.metadata.name, data });
      }
    }
  }
  return maps.sort((a, b) => (a.name < b.name ? -1 : 1));
}

function configData(maps: readonly ConfigMap[]): GoMap {
  const data = new GoMap();
  for (const map of maps) {
    for (const [k, raw] of Object.entries(map.data)) {
      const value = configValue(raw);
      data.entries.set(k, data.has(k) ? mergeValues(data.get(k) ?? null, value) : value);
    }
  }
  return data;
}

/** `stringify` (docs/kalypso-compatibility.md#custom-functions): lists and map[string]any values become their YAML text. */
function stringify(v: GoValue): string {
  if (!(v instanceof GoMap) || v.type !== 'map[string]interface {}') return toYaml(v);
  const out = new GoMap([], v.type);
  for (const [k, value] of v.entries) {
    const convert = Array.isArray(value) || (value instanceof GoMap && value.type === v.type);
    out.entries.set(k, convert ? marshalYaml(value) : value);
  }
  return toYaml(out);
}

/** The `data:` blocks of a rendered file, with the 2-space indentation removed. */
function dataBlocks(text: string): string[] {
  const blocks: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== 'data:') continue;
    const block: string[] = [];
    while (i + 1 < lines.length && (lines[i + 1] ?? '').startsWith('  ')) {
      block.push((lines[++i] ?? '').slice(2));
    }
    blocks.push(block.join('\n'));
  }
  return blocks;
}

const read = (path: string) => readFileSync(join(GOLDEN, path), 'utf8');

describe('docs/kalypso-compatibility.md#config-value-examples: ConfigMap value → toYaml of {K: value}', () => {
  it.each<[string, string]>([
    ['8080', 'K: "8080"'],
    ['3.14', 'K: "3.14"'],
    ['1e3', 'K: "1e3"'],
    ['0777', 'K: "0777"'],
    ['0x1F', 'K: "0x1F"'],
    ...['true', 'false', 'yes', 'on', 'y', 'NO'].map((s): [string, string] => [s, `K: "${s}"`]),
    ['null', 'K: "null"'],
    ['~', 'K: "~"'],
    ['', 'K: ""'],
    ['2024-01-01', 'K: "2024-01-01"'],
    [' padded ', "K: ' padded '"],
    ["'quoted'", 'K: quoted'],
    ["'123'", 'K: "123"'],
    ["'", 'K: ""'],
    ['"dq"', `K: '"dq"'`],
    ['Host: foo', 'K:\n    Host: foo'],
    ['a: b: c', "K: 'a: b: c'"],
    ['[1, 2]', 'K:\n    - 1\n    - 2'],
    ['- x\n- y', 'K:\n    - x\n    - true'],
    ['- single', 'K:\n    - single'],
    ['line1\nline2', 'K: |-\n    line1\n    line2'],
    ...['#c', '@at', '*star', '!bang', '%pct'].map((s): [string, string] => [s, `K: '${s}'`]),
    ['mysql://west:8806/mysql2', 'K: mysql://west:8806/mysql2'],
  ])('%j', (raw, expected) => {
    expect(toYaml(GoMap.fromRecord({ K: configValue(raw) }))).toBe(expected);
  });
});

describe('golden corpus: config values → toYaml', () => {
  it('config-structured-values (toYaml, then stringify)', () => {
    const data = configData(configMaps(join(GOLDEN, 'config-structured-values/env/configs')));
    const [plain, flat] = dataBlocks(
      read('config-structured-values/expected/shared/booking-api/platform-config.yaml'),
    );
    expect(toYaml(data)).toBe(plain);
    expect(stringify(data)).toBe(flat);
  });

  it('template-custom-functions (stringify, toYaml of scalars and map[string]string)', () => {
    const data = configData(configMaps(join(GOLDEN, 'template-custom-functions/env/configs')));
    const expected = read(
      'template-custom-functions/expected/general/orders-api/platform-config.yaml',
    );
    expect(stringify(data)).toBe(dataBlocks(expected)[0]);
    expect(expected).toContain(`AS_YAML_STRING: ${toYaml(data.get('FLAG') ?? null)}\n`);
    expect(expected).toContain(`AS_YAML_NULL: ${toYaml(data.get('NOPE') ?? null)}\n`);
    expect(expected).toContain(`AS_YAML_INT: ${toYaml(8080n)}\n`);
    const manifests = GoMap.ofStrings({
      repo: 'https://github.com/tailwind/orders-gitops',
      branch: 'dev',
      path: './api',
    });
    const indent4 = (s: string) => s.replace(/^/gm, '    ');
    expect(expected).toContain(`MANIFESTS: |\n${indent4(toYaml(manifests))}\n`);
    expect(expected).toContain(
      `CIDRS: |\n${indent4(stringify(data.get('ALLOWED_CIDRS') ?? null))}`,
    );
  });

  it.each([
    ['general', ['10-base-observability']],
    ['hpc', ['10-base-observability', '20-region-north', '30-cluster-hpc']],
  ])('config-deep-merge on %s', (clusterType, names) => {
    const maps = configMaps(join(GOLDEN, 'config-deep-merge/env/configs'));
    const data = configData(maps.filter((m) => names.includes(m.name)));
    const expected = read(
      `config-deep-merge/expected/${clusterType}/simulation-solver/platform-config.yaml`,
    );
    expect(toYaml(data)).toBe(dataBlocks(expected)[0]);
  });
});

/** Every expected ConfigMap written by `toYaml .ConfigData`, re-parsed and re-emitted. */
function toYamlRenderedFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.yaml')) files.push(path);
    }
  };
  for (const name of readdirSync(GOLDEN)) {
    // Nested re-rendering (docs/kalypso-compatibility.md#nested-re-rendering) rewrites toYaml's output after the fact.
    if (name === 'template-nested-rerender') continue;
    const templates = join(GOLDEN, name, 'base/templates');
    const expected = join(GOLDEN, name, 'expected');
    let usesToYaml = false;
    try {
      usesToYaml = readdirSync(templates).some((f) =>
        /toYaml \.ConfigData \| n?indent 2/.test(readFileSync(join(templates, f), 'utf8')),
      );
      if (usesToYaml) walk(expected);
    } catch {
      // Error cases have no expected tree.
    }
  }
  return files.filter((f) => readFileSync(f, 'utf8').includes('\ndata:\n'));
}

describe('golden corpus: toYaml output is a fixed point of parse → marshal', () => {
  const files = toYamlRenderedFiles();
  it('finds rendered ConfigMaps', () => {
    expect(files.length).toBeGreaterThan(20);
  });
  it.each(files.map((f) => [f.slice(GOLDEN.length)]))('%s', (file) => {
    for (const block of dataBlocks(read(file))) {
      expect(toYaml(parseYaml11(block))).toBe(block);
    }
  });
});
