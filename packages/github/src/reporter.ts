import * as core from '@actions/core';
import type { Reporter } from '@kalypso/core';

/** The Actions log as the core's Reporter: groups, and annotations that point at a file and line. */
export function createActionsReporter(): Reporter {
  return {
    debug: (message) => core.debug(message),
    info: (message) => core.info(message),
    warning: (message, where) =>
      core.warning(
        message,
        where
          ? { file: where.file, ...(where.line === undefined ? {} : { startLine: where.line }) }
          : {},
      ),
    error: (message, where) =>
      core.error(
        message,
        where
          ? { file: where.file, ...(where.line === undefined ? {} : { startLine: where.line }) }
          : {},
      ),
    group: (title, work) => core.group(title, work),
  };
}
