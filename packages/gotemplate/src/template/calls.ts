/**
 * The functions a parsed template names, wherever they are (executed branches or not), with the
 * line of each call: what a linter needs to say "this template would not parse with another
 * function set" (Go resolves function names at parse time).
 */
import type { ArgNode, Node, PipeNode } from './ast.ts';
import type { Template } from './index.ts';

/** One call of a function by name, at a 1-based line of the template text. */
export interface FunctionCall {
  readonly name: string;
  readonly line: number;
}

/** Every function call of `template` (all its trees), in text order. */
export function functionCalls(template: Template): FunctionCall[] {
  const positions: { name: string; pos: number }[] = [];
  const visitArg = (arg: ArgNode): void => {
    if (arg.kind === 'identifier') positions.push({ name: arg.name, pos: arg.pos });
    else if (arg.kind === 'pipe') visitPipe(arg);
    else if (arg.kind === 'chain') visitArg(arg.node);
  };
  const visitPipe = (pipe: PipeNode | null): void => {
    for (const cmd of pipe?.cmds ?? []) cmd.args.forEach(visitArg);
  };
  const visitList = (list: readonly Node[] | null): void => {
    for (const node of list ?? []) {
      switch (node.kind) {
        case 'action':
          visitPipe(node.pipe);
          break;
        case 'if':
        case 'range':
        case 'with':
          visitPipe(node.pipe);
          visitList(node.list);
          visitList(node.elseList);
          break;
        case 'template':
          visitPipe(node.pipe);
          break;
        default:
          break;
      }
    }
  };
  for (const tree of template.trees.values()) visitList(tree.root);
  positions.sort((a, b) => a.pos - b.pos);
  const lineStarts = [0];
  for (let i = template.text.indexOf('\n'); i >= 0; i = template.text.indexOf('\n', i + 1))
    lineStarts.push(i + 1);
  return positions.map(({ name, pos }) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= pos) lo = mid;
      else hi = mid - 1;
    }
    return { name, line: lo + 1 };
  });
}
