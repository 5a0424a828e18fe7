// ESLint sees every JavaScript file that is source (scripts, launchers, the config itself), not
// only the TypeScript: built bundles, dependencies and test data are the only files it skips.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const javascript = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(js|mjs|cjs)$/.test(f))
  .filter((f) => !/^(dist|test\/golden|examples)\//.test(f));

describe('lint coverage', () => {
  const eslint = new ESLint({ cwd: root });

  it('finds the scripts, the CLI launcher and the config', () => {
    expect(javascript).toEqual(
      expect.arrayContaining([
        'eslint.config.js',
        'packages/cli/bin/kalypso.js',
        'scripts/build.mjs',
        'scripts/node.mjs',
      ]),
    );
  });

  it('lints every JavaScript source file for undefined names and unused variables', async () => {
    const problems: string[] = [];
    for (const file of javascript) {
      if (await eslint.isPathIgnored(join(root, file))) {
        problems.push(`${file}: ignored by eslint.config.js`);
        continue;
      }
      const config = (await eslint.calculateConfigForFile(join(root, file))) as {
        rules?: Record<string, unknown>;
      };
      for (const rule of ['no-undef', '@typescript-eslint/no-unused-vars']) {
        const setting = config.rules?.[rule];
        const level = Array.isArray(setting) ? (setting[0] as unknown) : setting;
        if (level !== 2 && level !== 'error') problems.push(`${file}: ${rule} is not an error`);
      }
    }
    expect(problems).toEqual([]);
  });
});
