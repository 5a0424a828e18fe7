// Structural checks of a parsed YAML document that the \`yaml\` library leaves to its caller (or
// makes quadratic): duplicate keys, and aliases that expand too much or point nowhere.
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  visit,
  type Document,
  type LineCounter,
  type YAMLMap,
} from 'yaml';

/**
 * Duplicate keys in any mapping of the document (its keys' mappings included), in the order the
 * mappings start: two keys are the same when their values have the same type and the same
 * `String` form. Linear in the document: one set per mapping. A walk of its own rather than the
 * library's `visit`, which copies the path to every node (a tenth of a large file's load).
 */
export function duplicateKeyErrors(
  doc: Document.Parsed,
  lines: LineCounter,
): { line: number | undefined; message: string }[] {
  const found: { line: number | undefined; message: string }[] = [];
  const check = (map: YAMLMap) => {
    if (map.items.length < 2) return;
    const seen = new Set<string>();
    for (const pair of map.items) {
      if (!isScalar(pair.key)) continue;
      const value: unknown = pair.key.value;
      const id = `${typeof value}:${String(value)}`;
      if (!seen.has(id)) {
        seen.add(id);
        continue;
      }
      const offset = pair.key.range?.[0];
      found.push({
        line: offset === undefined ? undefined : lines.linePos(offset).line,
        message: `YAML syntax error: Map keys must be unique (the key '${String(value)}' appears twice). Fix the file's YAML; nothing from it was read.`,
      });
    }
  };
  const walk = (node: unknown): void => {
    if (isMap(node)) {
      check(node);
      for (const pair of node.items) {
        walk(pair.key);
        walk(pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) walk(item);
    } else if (isPair(node)) {
      walk(node.key);
      walk(node.value);
    }
  };
  walk(doc.contents);
  return found;
}

/**
 * The `yaml` library's guard against alias bombs (`maxAliasCount`): a document whose aliases would
 * expand beyond the budget is refused before anything reads it.
 */
export function aliasErrors(
  doc: Document.Parsed,
  maxAliasCount: number,
): { line: number | undefined; message: string }[] {
  let hasAlias = false;
  visit(doc, {
    Alias() {
      hasAlias = true;
      return visit.BREAK;
    },
  });
  if (!hasAlias || doc.errors.length > 0) return [];
  try {
    doc.toJS({ maxAliasCount });
    return [];
  } catch (error) {
    if (!(error instanceof ReferenceError)) return [];
    const message = error.message.includes('Excessive alias count')
      ? `YAML aliases in this document expand too much (more than maxAliasCount ${maxAliasCount}): ${error.message}. Write the values out instead of nesting aliases; nothing from the document was read.`
      : `YAML error: ${error.message}. Anchors (&name) are per document: define the anchor above its alias (*name) in the same document; nothing from the document was read.`;
    return [{ line: undefined, message }];
  }
}
