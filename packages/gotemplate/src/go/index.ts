/**
 * The Go layer of @kalypso/gotemplate without the template engine (`@kalypso/gotemplate/go`):
 * Go-shaped values, fmt, strconv, encoding/json, `path` and go-yaml, for code that reads or
 * writes such values but never parses or runs a template. Importing it keeps the engine, its
 * functions and re2js out of a bundle's start-up (docs/decisions/startup-cost.md).
 */
export * from './values.ts';
export {
  formatValue,
  sprint,
  sprintln,
  sprintf,
  formatFloat,
  quote,
  quoteRune,
  compareGoKeys,
  compareGoStrings,
  sortedEntries,
} from './format.ts';
export { goAtoi, goParseFloat, formatGoFloat } from './strconv.ts';
export {
  scanGoJson,
  toJsonValue,
  goJsonMarshal,
  UnsupportedJsonValue,
  type JsonValue,
} from './json.ts';
export { cleanPath } from './path.ts';
export { marshalYaml, parseYaml11, compareYamlKeys } from '../yaml/index.ts';
