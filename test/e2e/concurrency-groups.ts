// GitHub's concurrency groups as the end-to-end driver plays them (facts from GitHub's
// "Control the concurrency of workflows and jobs" documentation).
export type Verdict = 'run' | 'cancelled';

/**
 * GitHub's concurrency groups: per repository, case-insensitive; in a group one run (or job) runs
 * and at most one waits; a newer waiting one cancels the older waiting one; when the running one
 * ends, the waiting one starts. Workflow-level and job-level groups share one namespace.
 */
export class ConcurrencyGroups {
  readonly #slots = new Map<string, { pending?: { label: string; start: (v: Verdict) => void } }>();
  readonly #narrate: (line: string) => void;

  constructor(narrate: (line: string) => void) {
    this.#narrate = narrate;
  }

  static key(repo: string, group: string): string {
    return `${repo}\u0000${group.toLowerCase()}`;
  }

  /** Resolves 'run' when the caller holds the group, or 'cancelled' when a newer one replaced it. */
  acquire(key: string, group: string, label: string): Promise<Verdict> {
    const slot = this.#slots.get(key);
    if (!slot) {
      this.#slots.set(key, {});
      return Promise.resolve('run');
    }
    if (slot.pending) {
      this.#narrate(`  ⊘ ${slot.pending.label} cancelled: a newer run is waiting in '${group}'`);
      slot.pending.start('cancelled');
    }
    return new Promise((start) => (slot.pending = { label, start }));
  }

  release(key: string): void {
    const slot = this.#slots.get(key);
    const next = slot?.pending;
    if (!slot || !next) {
      this.#slots.delete(key);
      return;
    }
    delete slot.pending;
    next.start('run');
  }
}
