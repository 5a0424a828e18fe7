// `node bench/template.bench.ts [--large] [scenario]`: the template engine on its own, one JSON
// line per scenario with the seconds it took, a floor (the same work done by a minimal native
// loop, measured in the same run before the engine's part), their ratio and the peak RSS. Each scenario runs in its own
// process so that its peak RSS is its own. Figures, not assertions.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  executeTemplate,
  GoMap,
  GoStruct,
  marshalYaml,
  parseTemplate,
  templateFunctions,
  type GoValue,
} from '@kalypso/gotemplate';

const large = process.argv.includes('--large');
const scale = large ? 10 : 1;

interface Measured {
  seconds: number;
  floorSeconds: number;
  [extra: string]: number | string | boolean;
}

function time<T>(body: () => T): [T, number] {
  const started = performance.now();
  const result = body();
  return [result, (performance.now() - started) / 1000];
}

function data(config: Record<string, GoValue>): GoStruct {
  return new GoStruct('scheduler.dataType', [
    ['DeploymentTargetName', 'bench'],
    ['ConfigData', GoMap.fromRecord(config)],
  ]);
}

function render(text: string, dot: GoValue, maxSteps?: number): string {
  const limits = maxSteps === undefined ? {} : { maxSteps };
  return executeTemplate(parseTemplate(text, templateFunctions, 'bench'), dot, limits);
}

/** Config values of the shape platform teams keep: host names, versions, lists of zones. */
function configValues(n: number): Record<string, GoValue> {
  const out: Record<string, GoValue> = {};
  for (let i = 0; i < n; i++) {
    out[`KEY_${String(i).padStart(6, '0')}`] =
      i % 3 === 0
        ? `svc-${i}.region-${i % 17}.example.com`
        : i % 3 === 1
          ? `v1.${i}.${i % 7}`
          : `zone-${i}`;
  }
  return out;
}

const scenarios: Record<string, () => Measured> = {
  // Many regex functions over config values, plus the pattern that backtracks exponentially
  // (`^(a+)+$` on 29 characters took 32 s with a backtracking engine).
  'regex-heavy-template': () => {
    const n = 2_000 * scale;
    const config = configValues(n);
    const evil = 'a'.repeat(28) + 'b';
    const template = `{{ range $k, $v := .ConfigData }}{{ if regexMatch "^[a-z0-9.-]+\\\\.example\\\\.com$" $v }}{{ regexReplaceAll "\\\\.example\\\\.com$" $v ".internal" }}{{ end }}{{ regexFindAll "[0-9]+" $v -1 | len }}{{ regexMatch "^(a+)+$" "${evil}" }}
{{ end }}`;
    // Floor: the same matches and replacements with native RegExp in a plain loop; for the
    // pathological pattern its linear equivalent /^a+$/ (same answer).
    const values = Object.keys(config)
      .sort()
      .map((k) => config[k] as string);
    const [floorOut, floorSeconds] = time(() => {
      let s = '';
      const host = /^[a-z0-9.-]+\.example\.com$/;
      const digits = /[0-9]+/g;
      const evilEquivalent = /^a+$/;
      for (const v of values) {
        if (host.test(v)) s += v.replace(/\.example\.com$/, '.internal');
        s += String(v.match(digits)?.length ?? 0) + String(evilEquivalent.test(evil)) + '\n';
      }
      return s;
    });
    const [out, seconds] = time(() => render(template, data(config)));
    return {
      seconds,
      floorSeconds,
      values: n,
      outputBytes: out.length,
      sameOutput: out === floorOut,
    };
  },

  // The engine's own overhead: a loop writing text and an integer per iteration.
  'template-loop': () => {
    const n = 200_000 * scale;
    // The floor runs first, so that the engine's garbage is not collected during it.
    const [floorOut, floorSeconds] = time(() => {
      let s = '';
      for (let i = 0; i < n; i++) s += `item ${i}\n`;
      return s;
    });
    const [out, seconds] = time(() =>
      render(`{{ range ${n} }}item {{ . }}\n{{ end }}`, data({}), 10 * n),
    );
    return { seconds, floorSeconds, iterations: n, sameOutput: out === floorOut };
  },

  // toYaml of a large config map (the config template of every assignment does this).
  'toyaml-config': () => {
    const n = 20_000 * scale;
    const config = configValues(n);
    // Floor: the same keys and values joined as `key: value` lines, no quoting decisions.
    const [floorOut, floorSeconds] = time(() =>
      Object.keys(config)
        .sort()
        .map((k) => `${k}: ${config[k] as string}`)
        .join('\n'),
    );
    const [out, seconds] = time(() => render('{{ toYaml .ConfigData }}', data(config)));
    return {
      seconds,
      floorSeconds,
      keys: n,
      outputBytes: out.length,
      floorBytes: floorOut.length,
      marshalMatches: marshalYaml(GoMap.fromRecord(config)).startsWith(out.slice(0, 100)),
    };
  },

  // Runaway templates stop at the budget instead of exhausting memory: seconds until the error.
  'budget-runaway': () => {
    const [errors, seconds] = time(() => {
      const failed: string[] = [];
      for (const text of [
        '{{ range until 100000000 }}x{{ end }}',
        '{{ repeat 30000000 "abcdefghij" }}',
        '{{ range 100000000 }}{{ end }}',
      ]) {
        try {
          render(text, data({}));
        } catch (error) {
          failed.push((error as Error).message);
        }
      }
      return failed;
    });
    // Floor: a native loop of as many iterations as the step budget allows.
    const [, floorSeconds] = time(() => {
      let x = 0;
      for (let i = 0; i < 10_000_000; i++) x += i & 1;
      return x;
    });
    return { seconds, floorSeconds, stopped: errors.length };
  },
};

function round(n: number): number {
  return Math.round(n * 1e4) / 1e4;
}

function runScenario(name: string): void {
  const run = scenarios[name];
  if (run === undefined)
    throw new Error(`unknown scenario ${name}; one of ${Object.keys(scenarios).join(', ')}`);
  const { seconds, floorSeconds, ...rest } = run();
  console.log(
    JSON.stringify({
      scenario: name,
      large,
      seconds: round(seconds),
      floorSeconds: round(floorSeconds),
      ratio: floorSeconds > 0 ? round(seconds / floorSeconds) : null,
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      ...rest,
    }),
  );
}

const only = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (only !== undefined) {
  runScenario(only);
} else {
  for (const name of Object.keys(scenarios)) {
    const child = spawnSync(
      process.execPath,
      [fileURLToPath(import.meta.url), name, ...(large ? ['--large'] : [])],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) process.exitCode = 1;
  }
}
