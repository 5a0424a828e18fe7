/**
 * @kalypso/gotemplate: Go's text/template with the sprig functions, Go's fmt, strconv and
 * encoding/json texts, go-yaml output and YAML 1.1 typing, over Go-shaped values. It knows nothing
 * of Kalypso (README.md says what it is compatible with).
 */
export * from './go/index.ts';
export {
  parseTemplate,
  executeTemplate,
  TemplateError,
  Budget,
  defaultTemplateLimits,
  maxTemplateDepth,
  type Template,
  type TemplateLimits,
  type FunctionTable,
  type TemplateFunction,
  type CallContext,
  type NoticeKind,
  type NoticeSink,
  type TemplateNotice,
} from './template/index.ts';
export {
  templateFunctions,
  excludedFunctions,
  goJsonTemplateFunctions,
  sprig3OnlyFunctions,
} from './template/functions/index.ts';
export { functionCalls, type FunctionCall } from './template/calls.ts';
