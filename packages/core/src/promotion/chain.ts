import { LineCounter, parseDocument, isMap, isSeq, isScalar, type Node } from 'yaml';
import { ControlPlaneError, type Problem } from '../model/problem.ts';

/** Where the promotion chain is declared, on the control plane's `main` branch. */
export const promotionChainPath = '.github/promotion-chain.yaml';

/**
 * The most environments a promotion chain may list. Every run that walks the chain (ci-gate,
 * preview, which also runs for pull requests from forks) does a bounded amount of work per
 * environment, so the chain's length bounds the run (docs/decisions/deadline-rule.md).
 */
export const MAX_CHAIN_ENVIRONMENTS = 32;

/** The order in which a `main` commit is promoted through the environments. */
export interface PromotionChain {
  readonly environments: readonly string[];
  /** The file it was read from, for messages. */
  readonly file: string;
}

/**
 * Whether `name` is usable as a git branch name (the rules of `git check-ref-format --branch`),
 * since every environment is also a branch of the control plane and of the GitOps repository.
 */
export function isValidBranchName(name: string): boolean {
  return (
    name.length > 0 &&
    name !== '@' &&
    !name.startsWith('-') &&
    !name.startsWith('/') &&
    !name.endsWith('/') &&
    !name.endsWith('.') &&
    !name.endsWith('.lock') &&
    !name.includes('..') &&
    !name.includes('//') &&
    !name.includes('@{') &&
    !name.split('/').some((part) => part.startsWith('.')) &&
    !/[\x00-\x20\x7f~^:?*[\\]/.test(name)
  );
}

/**
 * Reads a promotion chain file: `environments:` with a non-empty list of at most
 * MAX_CHAIN_ENVIRONMENTS unique branch names. Throws a ControlPlaneError listing every problem
 * with its line.
 */
export function parsePromotionChain(
  text: string,
  file: string = promotionChainPath,
): PromotionChain {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const lineOf = (node: Node | null | undefined): number | undefined =>
    node?.range ? lines.linePos(node.range[0]).line : undefined;
  const problems: Problem[] = document.errors.map((error) => ({
    file,
    line: lines.linePos(error.pos[0]).line,
    message: `is not valid YAML: ${error.message.split('\n')[0]}.`,
  }));
  if (problems.length > 0) throw new ControlPlaneError(problems);

  const shape = `Declare the chain as 'environments: [dev, stage, prod]'.`;
  const root = document.contents;
  if (!isMap(root)) {
    throw new ControlPlaneError([
      {
        file,
        line: lineOf(root),
        message: `must be a mapping with the key 'environments'. ${shape}`,
      },
    ]);
  }
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (key !== 'environments') {
      problems.push({
        file,
        line: lineOf(pair.key as Node),
        message: `unknown key '${key}'. ${shape}`,
      });
    }
  }
  const list = root.get('environments', true);
  if (!isSeq(list) || list.items.length === 0) {
    problems.push({
      file,
      line: lineOf(list ?? root),
      message: `'environments' must be a non-empty list of environment names. ${shape}`,
    });
    throw new ControlPlaneError(problems);
  }
  if (list.items.length > MAX_CHAIN_ENVIRONMENTS) {
    // Only the first ones are checked: a chain this long is refused whatever its names are.
    problems.push({
      file,
      line: lineOf(list.items[MAX_CHAIN_ENVIRONMENTS] as Node),
      message: `'environments' lists ${list.items.length} environments; a promotion chain has at most ${MAX_CHAIN_ENVIRONMENTS}. Shorten the chain (the environment on this line is number ${MAX_CHAIN_ENVIRONMENTS + 1}).`,
    });
  }
  const environments: string[] = [];
  for (const item of list.items.slice(0, MAX_CHAIN_ENVIRONMENTS)) {
    const line = lineOf(item as Node);
    const value = isScalar(item) ? item.value : undefined;
    if (typeof value !== 'string' || !isValidBranchName(value)) {
      problems.push({
        file,
        line,
        message: `environment ${JSON.stringify(isScalar(item) ? item.value : String(item))} is not a valid branch name. Use the name of the environment's branch, e.g. 'dev'.`,
      });
      continue;
    }
    if (environments.includes(value)) {
      problems.push({
        file,
        line,
        message: `environment '${value}' is listed twice. An environment can appear once in the chain.`,
      });
      continue;
    }
    environments.push(value);
  }
  if (problems.length > 0) throw new ControlPlaneError(problems);
  return { environments, file };
}

/** The environment a new `main` commit is promoted to first. */
export function firstEnvironment(chain: PromotionChain): string {
  const first = chain.environments[0];
  if (first === undefined)
    throw new ControlPlaneError([{ file: chain.file, message: 'the promotion chain is empty.' }]);
  return first;
}

/**
 * The environment that follows `environment`, or undefined when it is the last one. Throws a
 * ControlPlaneError when `environment` is not part of the chain.
 */
export function nextEnvironment(chain: PromotionChain, environment: string): string | undefined {
  const index = chain.environments.indexOf(environment);
  if (index < 0) {
    throw new ControlPlaneError([
      {
        file: chain.file,
        message: `environment '${environment}' is not in the promotion chain (${chain.environments.join(' → ')}). Add it to 'environments' or check the environment name.`,
      },
    ]);
  }
  return chain.environments[index + 1];
}
