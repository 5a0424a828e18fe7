// Every public action face: node24, an existing bundle, kebab-case names, every input documented,
// booleans defaulted, and action-catalog.md in sync with the action.yml files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_IDS, readActionMetadata, regenerateCatalog } from '../scripts/action-catalog.ts';

const root = resolve(import.meta.dirname, '..');
const present = ACTION_IDS.filter((id) => existsSync(join(root, id, 'action.yml')));
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

describe('action metadata', () => {
  it('has at least one public action', () => expect(present.length).toBeGreaterThan(0));

  it('registers every bundled action (actions/<id>/src/main.ts): <id>/action.yml and the catalog', () => {
    const bundled = readdirSync(join(root, 'actions')).filter((id) =>
      existsSync(join(root, 'actions', id, 'src', 'main.ts')),
    );
    expect([...present].sort()).toEqual(bundled.sort());
  });

  describe.each(present)('%s/action.yml', (id) => {
    const meta = readActionMetadata(root, id);

    it('runs the committed bundle on node24', () => {
      expect(meta.runs.using).toBe('node24');
      expect(meta.runs.main).toBe(`../dist/${id}/index.js`);
      expect(existsSync(resolve(root, id, meta.runs.main))).toBe(true);
      expect(existsSync(join(root, id, 'README.md'))).toBe(true);
    });

    it('names inputs and outputs in kebab-case and documents every one', () => {
      for (const [name, input] of Object.entries(meta.inputs ?? {})) {
        expect(name, `${id} input ${name}`).toMatch(KEBAB);
        expect(input.description?.trim(), `${id} input ${name} description`).toBeTruthy();
      }
      for (const [name, output] of Object.entries(meta.outputs ?? {})) {
        expect(name, `${id} output ${name}`).toMatch(KEBAB);
        expect(output.description?.trim(), `${id} output ${name} description`).toBeTruthy();
      }
    });

    it('gives every optional boolean input a default', () => {
      for (const [name, input] of Object.entries(meta.inputs ?? {})) {
        const looksBoolean =
          /^(true|false)$/.test(String(input.default ?? '')) ||
          /\b(whether|enable|disable)\b/i.test(input.description ?? '');
        if (looksBoolean && !input.required)
          expect(input.default, `${id} input ${name}`).toBeDefined();
      }
    });
  });

  it('keeps action-catalog.md in sync with action.yml (run `npm run catalog`)', () => {
    const catalog = readFileSync(join(root, 'action-catalog.md'), 'utf8');
    expect(regenerateCatalog(root, catalog)).toBe(catalog);
    for (const id of present) {
      expect(catalog).toContain(`<!-- inputs:${id} -->`);
      expect(catalog).toContain(`uses: <org>/kalypso-actions/${id}@v1`);
    }
  });
});
