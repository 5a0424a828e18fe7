// "Which version runs where": the promotion chain read back from the deployments ledger, one view
// per environment, for `kalypso status` and the chain table of every action's summary
// (docs/decisions/deployments-ledger.md).
import { messageOf } from '../model/problem.ts';
import type { StatusText } from '../status/vocabulary.ts';
import type { DeploymentLedger, LedgerEntry, LedgerState } from './ledger.ts';

export interface LedgerEnvironmentView {
  readonly environment: string;
  /** What runs there now: the newest entry whose latest state is `success`. */
  readonly current?: LedgerEntry;
  /** The newest entry when it is not `current` and still matters: on its way, or failed. */
  readonly latest?: LedgerEntry;
  /**
   * The commit the previous environment runs, when this environment has not seen it: with the
   * `<env> environment` status on it (`Held: …`), when there is one.
   */
  readonly waiting?: { readonly commit: string; readonly status?: StatusText };
  /** Why the ledger of this environment could not be read. */
  readonly unreadable?: string;
}

/** Reads the `<env> environment` commit status of a commit, if any (optional, for `waiting`). */
export type EnvironmentStatusOf = (
  commit: string,
  environment: string,
) => Promise<StatusText | undefined>;

const matters: readonly LedgerState[] = ['queued', 'in_progress', 'failure', 'error'];

/** One view per environment of `chain`, in order; a failed read is that environment's `unreadable`. */
export async function readChainView(
  chain: readonly string[],
  ledger: DeploymentLedger,
  statusOf?: EnvironmentStatusOf,
): Promise<LedgerEnvironmentView[]> {
  const views: LedgerEnvironmentView[] = [];
  for (const environment of chain) {
    try {
      const [newest] = await ledger.history(environment, 1);
      const current =
        newest?.state === 'success'
          ? newest
          : newest
            ? await ledger.current(environment)
            : undefined;
      const latest =
        newest && newest !== current && matters.includes(newest.state) ? newest : undefined;
      const previous = views.at(-1)?.current?.commit;
      let waiting: LedgerEnvironmentView['waiting'];
      if (previous && previous !== current?.commit && previous !== latest?.commit) {
        const status = statusOf
          ? await statusOf(previous, environment).catch(() => undefined)
          : undefined;
        waiting = { commit: previous, ...(status ? { status } : {}) };
      }
      views.push({
        environment,
        ...(current ? { current } : {}),
        ...(latest ? { latest } : {}),
        ...(waiting ? { waiting } : {}),
      });
    } catch (error) {
      views.push({ environment, unreadable: messageOf(error) });
    }
  }
  return views;
}

/** The mark of a ledger state in the chain line. */
export function stateMark(state: LedgerState): string {
  switch (state) {
    case 'success':
      return '✅';
    case 'queued':
    case 'in_progress':
      return '⏳';
    case 'failure':
    case 'error':
      return '❌';
    case 'inactive':
      return '·';
  }
}

/** `dev ✅ 1a2b3c4 → stage ✅ 0f0f0f0 ⏳ 1a2b3c4 → prod ·`: one line, plain text. */
export function chainStateLine(views: readonly LedgerEnvironmentView[]): string {
  return views
    .map((v) => {
      const parts = [v.environment];
      if (v.unreadable !== undefined) parts.push('❔');
      if (v.current) parts.push(`✅ ${v.current.commit.slice(0, 7)}`);
      if (v.latest) parts.push(`${stateMark(v.latest.state)} ${v.latest.commit.slice(0, 7)}`);
      if (parts.length === 1) parts.push('·');
      return parts.join(' ');
    })
    .join(' → ');
}

/** What an environment waits for, in words (empty when nothing). */
export function waitingText(view: LedgerEnvironmentView): string {
  const parts: string[] = [];
  if (view.latest) {
    const counts = view.latest.evidence;
    parts.push(
      `${view.latest.commit.slice(0, 7)} ${view.latest.state.replace('_', ' ')}${counts ? ` (${counts.deployed} of ${counts.clusters} clusters${counts.failed > 0 ? `, ${counts.failed} failed` : ''})` : ''}`,
    );
  }
  if (view.waiting) {
    const sha = view.waiting.commit.slice(0, 7);
    parts.push(
      view.waiting.status
        ? `${sha}: ${view.waiting.status.description}`
        : `${sha}: deployed before, not promoted here yet`,
    );
  }
  return parts.join('; ');
}
