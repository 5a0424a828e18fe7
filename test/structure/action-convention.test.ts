// One convention for every action, literally (docs/decisions/action-shape.md): its ports come from
// one factory `<id>Ports(access, endpoints, scratch, reporter)` in packages/github/src/wiring/<id>.ts
// that does no I/O itself; its use case returns a report; main.ts sets the outputs, writes the
// summary and fails the step from that report through pure functions `outputsOf`, `summaryOf`
// and `failureOf` of the action's own files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const actions = readdirSync(join(root, 'actions')).filter((id) =>
  statSync(join(root, 'actions', id, 'src', 'main.ts'), { throwIfNoEntry: false })?.isFile(),
);
const wiring = join(root, 'packages', 'github', 'src', 'wiring');

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** `ci-gate` → `ciGatePorts`. */
function factoryName(id: string): string {
  return `${id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}Ports`;
}

/** The exported function declarations of a file, by name. */
function exportedFunctions(source: ts.SourceFile): Map<string, ts.FunctionDeclaration> {
  const found = new Map<string, ts.FunctionDeclaration>();
  for (const statement of source.statements)
    if (
      ts.isFunctionDeclaration(statement) &&
      statement.name &&
      statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    )
      found.set(statement.name.text, statement);
  return found;
}

/** Every module specifier a file imports (values and types). */
function imports(source: ts.SourceFile): string[] {
  return source.statements.flatMap((s) =>
    ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier)
      ? [s.moduleSpecifier.text]
      : [],
  );
}

/** The action's source file that exports `name` (main.ts excluded), if any. */
function definingFile(id: string, name: string): string | undefined {
  const dir = join(root, 'actions', id, 'src');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'main.ts')
    .map((f) => join(dir, f))
    .find((file) => exportedFunctions(parse(file)).has(name));
}

describe('the action convention', () => {
  it('finds every action', () => {
    expect(actions).toEqual(
      expect.arrayContaining([
        'ci-gate',
        'cd-promote',
        'schedule',
        'check-promote',
        'notify',
        'preview',
      ]),
    );
  });

  it.each(actions)(
    '%s: one factory <id>Ports(access, endpoints, scratch, reporter) in packages/github/src/wiring/<id>.ts, no I/O of its own',
    (id) => {
      const file = join(wiring, `${id}.ts`);
      expect(existsSync(file), `packages/github/src/wiring/${id}.ts`).toBe(true);
      const factory = exportedFunctions(parse(file)).get(factoryName(id));
      expect(factory, `export function ${factoryName(id)}`).toBeDefined();
      const params = factory!.parameters.map((p) => [
        p.name.getText().replace(/^_/, ''),
        p.type?.getText(),
      ]);
      expect(params.map(([name]) => name)).toEqual(['access', 'endpoints', 'scratch', 'reporter']);
      expect(params.slice(1).map(([, type]) => type)).toEqual([
        'RunnerContext',
        'string',
        'Reporter',
      ]);
      // Synchronous: every read (the pull request, a fetch) is a port call inside the use case.
      expect(factory!.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)).toBeFalsy();
      expect(factory!.type?.getText()).not.toMatch(/^Promise</);
      const main = readFileSync(join(root, 'actions', id, 'src', 'main.ts'), 'utf8');
      expect(main).toContain(`${factoryName(id)}(access, endpoints, scratch, reporter)`);
    },
  );

  it('keeps the factories in wiring/ only', () => {
    const outside = readdirSync(join(root, 'packages', 'github', 'src'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) =>
        [...exportedFunctions(parse(join(root, 'packages', 'github', 'src', f))).keys()]
          .filter((name) => /Ports$/.test(name))
          .map((name) => `${f}: ${name}`),
      );
    expect(outside).toEqual([]);
  });

  it.each(actions)(
    '%s: main.ts reports from the report alone: outputsOf, summaryOf, failureOf',
    (id) => {
      const main = readFileSync(join(root, 'actions', id, 'src', 'main.ts'), 'utf8');
      expect(main).toContain('setOutputs(outputsOf(report))');
      expect(main).toContain('await writeSummary(summaryOf(report))');
      expect(main).toContain('const failure = failureOf(report);');
      expect(main).toMatch(/if \(failure !== undefined\) fail\(failure, /);
      // The use case never throws: main catches only what happens before it (inputs, scratch).
      expect(main.match(/\bcatch\b/g) ?? []).toHaveLength(1);
      expect(main).not.toMatch(/failureMessage|\.message\b/);
    },
  );

  it.each(actions)(
    '%s: outputsOf, summaryOf and failureOf are pure functions of its report',
    (id) => {
      for (const name of ['outputsOf', 'summaryOf', 'failureOf']) {
        const file = definingFile(id, name);
        expect(file, `actions/${id}/src exports ${name}`).toBeDefined();
        const declaration = exportedFunctions(parse(file!)).get(name)!;
        expect(declaration.parameters.map((p) => p.name.getText())).toEqual(['report']);
        // Pure: the markdown kit and the report's types from core, nothing that does I/O.
        expect(
          imports(parse(file!)).filter((m) => m !== '@kalypso/core' && !m.startsWith('./')),
        ).toEqual([]);
      }
    },
  );
});
