import type { Node } from 'yaml';
import { labelKeyError, labelValueError } from './labels.ts';
import type { Labels, LabelSelector, LabelSelectorRequirement } from './types.ts';
import type { ObjectReader } from './yaml-node.ts';

const OPERATORS = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist']);

/**
 * Reads a Kubernetes label selector, reporting everything `metav1.LabelSelectorAsSelector` would
 * reject: unknown operators, In/NotIn without values, Exists/DoesNotExist with values, invalid
 * label keys and values.
 */
export function readLabelSelector(
  reader: ObjectReader,
  parent: Node | undefined,
  path: string,
): LabelSelector {
  const node = reader.mapping(parent, 'labelSelector', `${path}.labelSelector`, true);
  const matchLabels =
    reader.stringMap(node, 'matchLabels', `${path}.labelSelector.matchLabels`, false) ?? {};
  for (const [key, value] of Object.entries(matchLabels)) {
    const problem = labelKeyError(key) ?? labelValueError(key, value);
    if (problem)
      reader.fail(
        reader.child(node, 'matchLabels'),
        `${path}.labelSelector.matchLabels: ${problem}`,
      );
  }
  const expressions: LabelSelectorRequirement[] = [];
  const items =
    reader.mappingList(node, 'matchExpressions', `${path}.labelSelector.matchExpressions`, false) ??
    [];
  items.forEach((item, i) => {
    const where = `${path}.labelSelector.matchExpressions[${i}]`;
    const key = reader.string(item, 'key', `${where}.key`, true);
    const operator = reader.string(item, 'operator', `${where}.operator`, true);
    const values = reader.stringList(item, 'values', `${where}.values`, false) ?? [];
    if (key === undefined || operator === undefined) return;
    const keyProblem = labelKeyError(key);
    if (keyProblem) reader.fail(item, `${where}: ${keyProblem}`);
    if (!OPERATORS.has(operator)) {
      reader.fail(
        reader.child(item, 'operator'),
        `${where}: "${operator}" is not a valid label selector operator; use one of In, NotIn, Exists, DoesNotExist (case-sensitive).`,
      );
      return;
    }
    if ((operator === 'In' || operator === 'NotIn') && values.length === 0) {
      reader.fail(item, `${where}: operator '${operator}' needs at least one value in 'values'.`);
    }
    if ((operator === 'Exists' || operator === 'DoesNotExist') && values.length > 0) {
      reader.fail(
        reader.child(item, 'values'),
        `${where}: operator '${operator}' takes no values; remove 'values'.`,
      );
    }
    for (const value of values) {
      const valueProblem = labelValueError(key, value);
      if (valueProblem) reader.fail(reader.child(item, 'values'), `${where}: ${valueProblem}`);
    }
    expressions.push({ key, operator: operator as LabelSelectorRequirement['operator'], values });
  });
  return { matchLabels, matchExpressions: expressions };
}

/** Kubernetes label-selector semantics: every term must hold; an empty selector matches everything. */
export function selectorMatches(selector: LabelSelector, labels: Labels): boolean {
  return firstFailingTerm(selector, labels) === undefined;
}

/** The first term of `selector` that `labels` do not satisfy, phrased for "why" explanations. */
export function firstFailingTerm(selector: LabelSelector, labels: Labels): string | undefined {
  for (const key in selector.matchLabels) {
    const want = selector.matchLabels[key];
    if (labels[key] !== want)
      return `matchLabels ${key}=${want} (has ${describeLabel(labels, key)})`;
  }
  for (const term of selector.matchExpressions) {
    const has = Object.hasOwn(labels, term.key);
    const value = labels[term.key];
    let ok: boolean;
    switch (term.operator) {
      case 'In':
        ok = has && term.values.includes(value!);
        break;
      case 'NotIn':
        ok = !has || !term.values.includes(value!);
        break;
      case 'Exists':
        ok = has;
        break;
      case 'DoesNotExist':
        ok = !has;
        break;
    }
    if (!ok) {
      const values = term.values.length ? ` [${term.values.join(', ')}]` : '';
      return `${term.key} ${term.operator}${values} (has ${describeLabel(labels, term.key)})`;
    }
  }
  return undefined;
}

function describeLabel(labels: Labels, key: string): string {
  return Object.hasOwn(labels, key) ? `${key}=${labels[key]}` : `no '${key}' label`;
}
