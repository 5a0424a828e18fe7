import type { EnvironmentSources } from '../model/environment.ts';
import type { Problem } from '../model/problem.ts';
import type { RepositoryVisibility } from './private-content.ts';

/** Port: reads the control plane as a pull request would change it (git, read-only). */
export interface PreviewSources {
  /** Every file of a control-plane commit; undefined when the commit cannot be read. */
  readTree(commit: string): Promise<ReadonlyMap<string, Uint8Array> | undefined>;
  /**
   * Resolves the heads of these environment branches at once (one listing), before they are read
   * one by one; optional (docs/decisions/deadline-rule.md).
   */
  resolveBranches?(environments: readonly string[]): Promise<void>;
  /**
   * Reads one environment: its branch at `environmentCommit` (default: the branch head) with
   * `main` at `mainCommit` (default: the promoted commit of its BaseRepo). `head` is undefined
   * when the environment branch does not exist.
   */
  readEnvironment(
    environment: string,
    at: { mainCommit?: string; environmentCommit?: string },
  ): Promise<{
    head: string | undefined;
    sources: EnvironmentSources | undefined;
    problems: readonly Problem[];
    /** How visible each WorkloadRegistration's repository is, by registration name. */
    visibility?: Readonly<Record<string, RepositoryVisibility>>;
  }>;
}

/**
 * Port: the one preview comment of a pull request (issue comments, found by a hidden marker and
 * written by the token's own login).
 */
export interface PreviewComments {
  /** The first comment of the pull request that starts with `marker` and that this token wrote. */
  find(marker: string): Promise<{ id: number; url: string } | undefined>;
  create(body: string): Promise<{ id: number; url: string }>;
  update(id: number, body: string): Promise<{ id: number; url: string }>;
}
