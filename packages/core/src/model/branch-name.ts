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
