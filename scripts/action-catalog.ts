// Regenerates the input/output tables of action-catalog.md from each <id>/action.yml, between
// `<!-- inputs:<id> -->` … `<!-- /inputs:<id> -->` markers (and the same for outputs).
// `npm run catalog` writes; test/action-metadata.test.ts fails when the committed file drifts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const ACTION_IDS = [
  'ci-gate',
  'cd-promote',
  'schedule',
  'check-promote',
  'notify',
  'preview',
] as const;

export interface ActionMetadata {
  name: string;
  description: string;
  inputs?: Record<
    string,
    { description?: string; required?: boolean; default?: string | boolean | number }
  >;
  outputs?: Record<string, { description?: string }>;
  runs: { using: string; main: string };
}

export function readActionMetadata(root: string, id: string): ActionMetadata {
  return parse(readFileSync(join(root, id, 'action.yml'), 'utf8')) as ActionMetadata;
}

function cell(text: string | undefined): string {
  return (text ?? '')
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .replaceAll('|', '\\|');
}

export function inputsTable(meta: ActionMetadata): string {
  const rows = Object.entries(meta.inputs ?? {}).map(([name, input]) => {
    const def = input.default === undefined ? '' : `\`${String(input.default)}\``;
    return `| \`${name}\` | ${input.required ? 'yes' : 'no'} | ${def} | ${cell(input.description)} |`;
  });
  return [
    '| input | required | default | description |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

export function outputsTable(meta: ActionMetadata): string {
  const rows = Object.entries(meta.outputs ?? {}).map(
    ([name, output]) => `| \`${name}\` | ${cell(output.description)} |`,
  );
  return ['| output | description |', '| --- | --- |', ...rows].join('\n');
}

/** The catalog with every marked table replaced by the one generated from action.yml. */
export function regenerateCatalog(root: string, catalog: string): string {
  let text = catalog;
  for (const id of ACTION_IDS) {
    let meta: ActionMetadata;
    try {
      meta = readActionMetadata(root, id);
    } catch {
      continue; // an action that does not exist yet has no tables
    }
    text = replaceBetween(text, `inputs:${id}`, inputsTable(meta));
    text = replaceBetween(text, `outputs:${id}`, outputsTable(meta));
  }
  return text;
}

function replaceBetween(text: string, marker: string, content: string): string {
  const open = `<!-- ${marker} -->`;
  const close = `<!-- /${marker} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) return text;
  return `${text.slice(0, start + open.length)}\n${content}\n${text.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(import.meta.dirname, '..');
  const path = join(root, 'action-catalog.md');
  writeFileSync(path, regenerateCatalog(root, readFileSync(path, 'utf8')));
  console.log('action-catalog.md regenerated');
}
