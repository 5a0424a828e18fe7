import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { yamlShape } from './rendered.ts';

const parses = (text: string) =>
  parseAllDocuments(text, { uniqueKeys: false }).every((doc) => doc.errors.length === 0);

describe('yamlShape: outputs that parse alike share a shape', () => {
  it('names, values and the number of alike entries do not change the shape', () => {
    const a = 'metadata:\n  name: app-1\ndata:\n  KEY_1: value-1\n  KEY_2: value-2\n';
    const b = 'metadata:\n  name: bench-ct-24-app-23\ndata:\n  K: v.2\n';
    expect(yamlShape(a)).toBe(yamlShape(b));
    expect(parses(a)).toBe(parses(b));
  });

  it('a value that breaks the YAML changes the shape', () => {
    const valid = 'metadata:\n  name: app\n';
    const nested = 'metadata:\n  name: app: x\n';
    const quote = 'metadata:\n  name: "app\n';
    const indent = 'metadata:\n name: app\n  x: y\n';
    expect(parses(valid)).toBe(true);
    for (const broken of [nested, quote, indent]) {
      expect(parses(broken)).toBe(false);
      expect(yamlShape(broken)).not.toBe(yamlShape(valid));
    }
  });

  it('lines with quotes or brackets are never merged: their count decides', () => {
    const one = 'a: "x\n  "\n';
    const two = 'a: "x\n  "\n  "\n';
    expect(parses(one)).not.toBe(parses(two));
    expect(yamlShape(one)).not.toBe(yamlShape(two));
  });

  it('text where a word matters (escapes, anchors, aliases, tags, directives) has no shape', () => {
    for (const text of ['a: "\\q"\n', 'a: &x 1\nb: *y\n', 'a: !!int x\n', '%YAML 1.2\n---\na: 1\n'])
      expect(yamlShape(text)).toBeUndefined();
  });
});
