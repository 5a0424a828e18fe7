// The house's figures: files over 400 lines, functions over 60 lines, import cycles between
// files (type imports included), and the import graph between packages/core/src's folders (cycles,
// and folder pairs that import each other). `npm run structure` prints them;
// test/structure/core-folders.test.ts holds the line on the core's folders.
//
//   node scripts/node.mjs scripts/structure.ts [--list]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const root = join(import.meta.dirname, '..');
export const FILE_LINES = 400;
export const FUNCTION_LINES = 60;

/** Every `.ts` file under `dir`, recursively (node_modules excluded). */
export function tsFiles(dir: string): string[] {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Tests and their in-memory support, as opposed to the code that ships. */
export function isTestFile(path: string): boolean {
  return /\.(test|test-support|bench)\.ts$/.test(path);
}

/** The code that ships: packages/*\/src and actions/*\/src, tests excluded. */
export function sourceFiles(): string[] {
  const under = (parent: string) =>
    readdirSync(join(root, parent)).flatMap((name) => tsFiles(join(root, parent, name, 'src')));
  return [...under('packages'), ...under('actions')].filter((file) => !isTestFile(file)).sort();
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** Every module specifier a file imports or re-exports, `import type` and `import()` included. */
export function importSpecifiers(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a specifier names: relative paths, and `@kalypso/<package>` to its src/index.ts. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier);
  const match = /^@kalypso\/([a-z-]+)$/.exec(specifier);
  return match ? join(root, 'packages', match[1]!, 'src', 'index.ts') : undefined;
}

/** file → the files of the project it imports. */
export function importGraph(files: readonly string[]): Map<string, Set<string>> {
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of importSpecifiers(parse(file))) {
      const target = resolveSpecifier(file, specifier);
      if (target && known.has(target) && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components with more than one node: each is one import cycle. */
export function cycles<T>(graph: ReadonlyMap<T, ReadonlySet<T>>): T[][] {
  let index = 0;
  const indices = new Map<T, number>();
  const lowlink = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const found: T[][] = [];
  const connect = (node: T): void => {
    indices.set(node, index);
    lowlink.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        lowlink.set(node, Math.min(lowlink.get(node)!, lowlink.get(next)!));
      } else if (onStack.has(next)) {
        lowlink.set(node, Math.min(lowlink.get(node)!, indices.get(next)!));
      }
    }
    if (lowlink.get(node) === indices.get(node)) {
      const component: T[] = [];
      let member: T;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.reverse());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return found;
}

/**
 * The unit of packages/core/src a file belongs to: its first folder (`model`, `deployment`, …),
 * or the file itself for the few at the top (`ports.ts`). The barrel `index.ts` is no unit.
 */
export function coreUnit(file: string): string | undefined {
  const core = join(root, 'packages', 'core', 'src');
  const path = relative(core, file);
  if (path.startsWith('..') || path === 'index.ts') return undefined;
  return path.split(sep)[0];
}

/** unit → the other units of packages/core/src its files import (tests excluded). */
export function coreFolderGraph(): Map<string, Set<string>> {
  const files = tsFiles(join(root, 'packages', 'core', 'src')).filter((f) => !isTestFile(f));
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of importGraph(files)) {
    const from = coreUnit(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of targets) {
      const to = coreUnit(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The files of `from` that import a file of `to` (for messages). */
export function coreImportsBetween(from: string, to: string): string[] {
  const core = join(root, 'packages', 'core', 'src');
  const files = tsFiles(core).filter((f) => !isTestFile(f));
  return [...importGraph(files)]
    .filter(([file]) => coreUnit(file) === from)
    .flatMap(([file, targets]) =>
      [...targets]
        .filter((t) => coreUnit(t) === to)
        .map((t) => `${relative(core, file)} → ${relative(core, t)}`),
    );
}

/** Pairs of units that import each other, each once (`a ↔ b`, a < b). */
export function mutualPairs(graph: ReadonlyMap<string, ReadonlySet<string>>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [a, targets] of graph)
    for (const b of targets) if (a < b && graph.get(b)?.has(a)) pairs.push([a, b]);
  return pairs.sort();
}

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** Functions, methods and arrow functions longer than `limit` lines (nested ones counted too). */
export function longFunctions(files: readonly string[], limit = FUNCTION_LINES): LongFunction[] {
  const found: LongFunction[] = [];
  for (const file of files) {
    const source = parse(file);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > limit) {
          const named = node.name && ts.isIdentifier(node.name) ? node.name.text : undefined;
          const holder =
            !named && ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)
              ? node.parent.name.text
              : undefined;
          found.push({
            file: relative(root, file),
            line: start + 1,
            name: named ?? holder ?? '(anonymous)',
            lines,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** Files longer than `limit` lines. */
export function longFiles(files: readonly string[], limit = FILE_LINES): [string, number][] {
  return files
    .map((file): [string, number] => [
      relative(root, file),
      readFileSync(file, 'utf8').trimEnd().split('\n').length,
    ])
    .filter(([, lines]) => lines > limit);
}

function main(list: boolean): void {
  const source = sourceFiles();
  const tests = [
    ...readdirSync(join(root, 'packages')).flatMap((p) =>
      tsFiles(join(root, 'packages', p, 'src')),
    ),
    ...readdirSync(join(root, 'actions')).flatMap((a) => tsFiles(join(root, 'actions', a, 'src'))),
  ].filter(isTestFile);
  const bigFiles = longFiles(source);
  const bigFunctions = longFunctions(source);
  const fileCycles = cycles(importGraph(source));
  const folders = coreFolderGraph();
  const folderCycles = cycles(folders);
  const pairs = mutualPairs(folders);
  const show = <T>(title: string, items: T[], line: (item: T) => string) => {
    console.log(`${title}: ${items.length}`);
    if (list) for (const item of items) console.log(`  ${line(item)}`);
  };
  console.log(`Shipped source: ${source.length} files (packages/*/src, actions/*/src, no tests)`);
  show(`Files over ${FILE_LINES} lines`, bigFiles, ([f, n]) => `${f} (${n})`);
  show(`Test files over ${FILE_LINES} lines`, longFiles(tests), ([f, n]) => `${f} (${n})`);
  show(
    `Functions over ${FUNCTION_LINES} lines`,
    bigFunctions,
    (f) => `${f.file}:${f.line} ${f.name} (${f.lines})`,
  );
  show('Import cycles between files (type imports included)', fileCycles, (c) =>
    c.map((f) => relative(root, f)).join(' → '),
  );
  show("Import cycles between packages/core/src's folders", folderCycles, (c) => c.join(' → '));
  show('Folder pairs of packages/core/src importing each other', pairs, ([a, b]) => `${a} ↔ ${b}`);
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('scripts/structure.ts')) {
  main(process.argv.includes('--list'));
}
