/**
 * The template function table: Go text/template builtins are the engine's; this is the
 * deterministic part of sprig 3.2.3 plus the Kalypso scheduler's custom functions.
 */
import type { FunctionTable, TemplateFunction } from '../function-table.ts';
import { customFunctions } from './custom.ts';
import { dateFunctions } from './durations.ts';
import { defaultFunctions } from './defaults.ts';
import { passwordFunctions } from './derive-password.ts';
import { dictFunctions } from './dicts.ts';
import { encodingFunctions, goJsonFunctions } from './encoding.ts';
import { excludedFunctions } from './excluded.ts';
import { listFunctions } from './lists.ts';
import { mathFunctions } from './math.ts';
import { pathFunctions } from './paths.ts';
import { reflectionFunctions } from './reflection.ts';
import { regexFunctions } from './regex.ts';
import { semverFunctions } from './semver.ts';
import { stringFunctions } from './strings.ts';
import { urlFunctions } from './url.ts';

export { excludedFunctions };
export { sprig3OnlyFunctions } from './sprig3-only.ts';

const sprigFunctions: Record<string, TemplateFunction> = {
  ...stringFunctions,
  ...mathFunctions,
  ...listFunctions,
  ...dictFunctions,
  ...defaultFunctions,
  ...encodingFunctions,
  ...reflectionFunctions,
  ...regexFunctions,
  ...pathFunctions,
  ...semverFunctions,
  ...urlFunctions,
  ...dateFunctions,
  ...passwordFunctions,
};

/**
 * Every function a Kalypso template may call besides Go's builtins. The custom functions
 * override sprig's same-named ones, and sprig's `slice` overrides Go's builtin `slice` (user
 * functions win in text/template). Functions in {@link excludedFunctions} are never present.
 */
export const templateFunctions: FunctionTable = new Map(
  Object.entries({ ...sprigFunctions, ...customFunctions }).filter(
    ([name]) => !excludedFunctions.has(name),
  ),
);

/**
 * {@link templateFunctions} with the JSON functions of Go's encoding/json: a mapping parsed from
 * a config value makes `toJson` print "" as on the operator. The renderer falls back to it where
 * the JSON text it writes instead would make the nested re-render fail
 * (docs/decisions/json-of-config-mappings.md).
 */
export const goJsonTemplateFunctions: FunctionTable = new Map([
  ...templateFunctions,
  ...Object.entries(goJsonFunctions),
]);
