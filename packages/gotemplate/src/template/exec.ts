/**
 * Walks a parsed template and writes its output: text, actions, if/with/range (with break and
 * continue), and template calls with a depth limit.
 */
import { formatValue } from '../go/format.ts';
import { quote } from '../go/format-quote.ts';
import { sortedEntries } from '../go/map-order.ts';
import { GoInt, GoMap, goInteger, type GoValue } from '../go/values.ts';
import type { BranchNode, Node, TemplateCallNode } from './ast.ts';
import { isTrue } from './builtins.ts';
import { withBudget, type Budget } from './budget.ts';
import { evalPipeline } from './eval.ts';
import { ExecState, type TemplateSet, type Value } from './exec-state.ts';
import type { NoticeSink } from './function-table.ts';

/**
 * Go allows 100000 nested template calls; each call costs several JavaScript stack frames, so the
 * limit here is 1000, which the default Node.js stack survives with room to spare.
 */
export const maxTemplateDepth = 1000;

const NORMAL = 0;
const BREAK = 1;
const CONTINUE = 2;
type Flow = typeof NORMAL | typeof BREAK | typeof CONTINUE;

function walkList(s: ExecState, dot: Value, list: readonly Node[]): Flow {
  for (const node of list) {
    const flow = walk(s, dot, node);
    if (flow !== NORMAL) return flow;
  }
  return NORMAL;
}

function walk(s: ExecState, dot: Value, node: Node): Flow {
  s.at(node);
  s.step();
  switch (node.kind) {
    case 'text':
      s.write(node.text);
      return NORMAL;
    case 'action': {
      const value = evalPipeline(s, dot, node.pipe);
      if (node.pipe.decl.length === 0) {
        s.at(node);
        // Go prints an invalid value (missing key, nil) as <no value>.
        s.write(
          value === undefined
            ? '<no value>'
            : typeof value === 'string'
              ? value
              : printed(s, value),
        );
      }
      return NORMAL;
    }
    case 'if':
    case 'with':
      return walkIfOrWith(s, dot, node);
    case 'range':
      walkRange(s, dot, node);
      return NORMAL;
    case 'template':
      walkTemplate(s, dot, node);
      return NORMAL;
    case 'break':
      return BREAK;
    case 'continue':
      return CONTINUE;
  }
}

/** fmt's %v of a value, with a budget it exhausts reported at the action. */
function printed(s: ExecState, value: GoValue): string {
  return s.budgeted(() => formatValue(value));
}

function walkIfOrWith(s: ExecState, dot: Value, node: BranchNode): Flow {
  const mark = s.mark();
  const value = evalPipeline(s, dot, node.pipe);
  let flow: Flow = NORMAL;
  if (isTrue(value)) flow = walkList(s, node.kind === 'with' ? value : dot, node.list);
  else if (node.elseList !== null) flow = walkList(s, dot, node.elseList);
  s.pop(mark);
  return flow;
}

function walkRange(s: ExecState, dot: Value, node: BranchNode): void {
  s.at(node);
  const mark = s.mark();
  const value = evalPipeline(s, dot, node.pipe);
  const bodyMark = s.mark();
  const { decl, isAssign } = node.pipe;
  const first = decl[0]?.ident[0] ?? '$';
  const second = decl[1]?.ident[0] ?? '$';
  /** Runs the body once; returns true on {{break}}. */
  const iteration = (index: Value, elem: Value): boolean => {
    if (decl.length === 1) {
      if (isAssign) s.setVar(first, elem);
      else s.setTopVar(1, elem);
    } else if (decl.length > 1) {
      if (isAssign) {
        s.setVar(first, index);
        s.setVar(second, elem);
      } else {
        s.setTopVar(1, elem);
        s.setTopVar(2, index);
      }
    }
    s.step();
    const flow = walkList(s, elem, node.list);
    s.pop(bodyMark);
    return flow === BREAK;
  };
  let ran = true;
  if (Array.isArray(value)) {
    ran = value.length > 0;
    for (let i = 0; i < value.length; i++) if (iteration(BigInt(i), value[i] ?? null)) break;
  } else if (value instanceof GoMap) {
    ran = value.size > 0;
    for (const [key, elem] of sortedEntries(value)) if (iteration(key, elem)) break;
  } else if (typeof value === 'bigint' || value instanceof GoInt) {
    // Go 1.22 ranges over integers of any integer type, with a single variable only; the
    // elements have the integer's type.
    const n = goInteger(value) ?? 0n;
    if (decl.length > 1) s.errorf(`can't use ${n} to iterate over more than one variable`);
    ran = n > 0n;
    const type = value instanceof GoInt ? value.type : undefined;
    for (let i = 0n; i < n; i++) {
      if (iteration(undefined, type === undefined ? i : new GoInt(i, type))) break;
    }
  } else if (value === undefined) {
    ran = false;
  } else {
    s.errorf(`range can't iterate over ${formatValue(value)}`);
  }
  if (!ran && node.elseList !== null) walkList(s, dot, node.elseList);
  s.pop(mark);
}

function walkTemplate(s: ExecState, dot: Value, node: TemplateCallNode): void {
  s.at(node);
  const tree = s.set.trees.get(node.name);
  if (tree === undefined) s.errorf(`template ${quote(node.name)} not defined`);
  if (s.depth >= maxTemplateDepth)
    s.errorf(`exceeded maximum template depth (${maxTemplateDepth})`);
  const newDot = evalPipeline(s, dot, node.pipe);
  // No dynamic scoping: the called template sees only $ (its dot).
  const sub = new ExecState(s.set, node.name, newDot, s.depth + 1, s.budget);
  sub.onNotice = s.onNotice;
  sub.out = s.out;
  walkList(sub, newDot, tree.root);
  s.out = sub.out;
}

/** Executes the set's main template with `data` as dot and `$`, counting against `budget`. */
export function execute(
  set: TemplateSet,
  data: GoValue,
  budget: Budget,
  onNotice?: NoticeSink,
): string {
  const dot: Value = data === null ? undefined : data;
  const s = new ExecState(set, set.name, dot, 0, budget);
  s.onNotice = onNotice;
  const tree =
    set.trees.get(set.name) ?? s.errorf(`${quote(set.name)} is an incomplete or empty template`);
  withBudget(budget, () => walkList(s, dot, tree.root));
  return s.out;
}
