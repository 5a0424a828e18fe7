// `GitOpsRepo.spec.path`: the folder of the GitOps repository an environment's files go under,
// checked when the control plane is loaded and cleaned the way the original cleans it.
import { cleanPath } from '@kalypso/gotemplate/go';

/** `GitOpsRepo.spec.path` cleaned, or why it cannot be used (it must stay inside the repository). */
export type GitOpsPathResult =
  { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

/**
 * `GitOpsRepo.spec.path` as a repository-relative folder: surrounding white space trimmed, cleaned
 * like Go's `path.Clean` (`clusters//dev` → `clusters/dev`, `x/../y` → `y`), `.` = the root ("").
 * Absolute paths, paths that leave the repository, paths into `.git` and paths that start with a
 * dot-folder (`.github`, `.flux`, …: the repository's own machinery) are refused
 * (docs/decisions/gitops-target-guard.md).
 */
export function cleanGitOpsPath(raw: string): GitOpsPathResult {
  const trimmed = raw.trim();
  if (/[\u0000-\u001f\u007f\\]/.test(trimmed)) {
    return {
      ok: false,
      reason: `spec.path '${JSON.stringify(raw).slice(1, -1)}' holds a control character or a backslash; write a folder such as 'clusters/dev' with '/' between its parts.`,
    };
  }
  if (trimmed.startsWith('/')) {
    return {
      ok: false,
      reason: `spec.path '${raw}' is absolute; write it relative to the GitOps repository root (e.g. 'clusters/dev', or '.' for the root).`,
    };
  }
  const cleaned = cleanPath(trimmed);
  if (cleaned === '..' || cleaned.startsWith('../')) {
    return {
      ok: false,
      reason: `spec.path '${raw}' leaves the GitOps repository (it cleans to '${cleaned}'); write a folder inside it (e.g. 'clusters/dev', or '.' for the root).`,
    };
  }
  if (cleaned.split('/').some((part) => part.toLowerCase() === '.git')) {
    return {
      ok: false,
      reason: `spec.path '${raw}' points into '.git', which git never stores; choose another folder.`,
    };
  }
  const first = cleaned.split('/')[0]!;
  if (first !== '.' && first.startsWith('.')) {
    return {
      ok: false,
      reason: `spec.path '${raw}' starts with the folder '${first}': a dot-folder at the root of the GitOps repository holds the repository's own machinery ('.github' its workflows, '.git' its history), and the manifests of an environment must not land there. Choose a folder such as 'clusters/dev'.`,
    };
  }
  return { ok: true, path: cleaned === '.' ? '' : cleaned };
}
