// A file map that is another one with a few paths removed and a few set, without copying it: the
// base a preview derives from its head holds the head's hundreds of thousands of files but for the
// folders a changed ConfigMap reaches (docs/decisions/preview-base-from-head.md). Read-only; it
// behaves as `new Map(under)` with `removed` deleted and then `set` set, in that order, would
// (iteration order included). Pure.

export class OverlayFiles implements ReadonlyMap<string, Uint8Array> {
  readonly size: number;
  private readonly under: ReadonlyMap<string, Uint8Array>;
  /** Paths of `under` left out (a path also in `set` moves to the end, as a Map would do it). */
  private readonly removed: ReadonlySet<string>;
  private readonly set: ReadonlyMap<string, Uint8Array>;

  constructor(
    under: ReadonlyMap<string, Uint8Array>,
    removed: ReadonlySet<string>,
    set: ReadonlyMap<string, Uint8Array>,
  ) {
    this.under = under;
    this.removed = removed;
    this.set = set;
    let size = under.size + set.size;
    for (const path of removed) if (under.has(path)) size -= 1;
    for (const path of set.keys()) if (under.has(path) && !removed.has(path)) size -= 1;
    this.size = size;
  }

  get(path: string): Uint8Array | undefined {
    const bytes = this.set.get(path);
    if (bytes !== undefined || this.set.has(path)) return bytes;
    return this.removed.has(path) ? undefined : this.under.get(path);
  }

  has(path: string): boolean {
    return this.set.has(path) || (!this.removed.has(path) && this.under.has(path));
  }

  *entries(): MapIterator<[string, Uint8Array]> {
    for (const [path, bytes] of this.under) {
      if (this.removed.has(path)) continue;
      // Set over a path it did not remove: the Map keeps the path where it was.
      yield [path, this.set.has(path) ? this.set.get(path)! : bytes];
    }
    for (const entry of this.set) {
      if (this.under.has(entry[0]) && !this.removed.has(entry[0])) continue;
      yield entry;
    }
  }

  *keys(): MapIterator<string> {
    for (const [path] of this.entries()) yield path;
  }

  *values(): MapIterator<Uint8Array> {
    for (const [, bytes] of this.entries()) yield bytes;
  }

  [Symbol.iterator](): MapIterator<[string, Uint8Array]> {
    return this.entries();
  }

  forEach(
    callback: (value: Uint8Array, key: string, map: ReadonlyMap<string, Uint8Array>) => void,
    thisArg?: unknown,
  ): void {
    for (const [path, bytes] of this.entries()) callback.call(thisArg, bytes, path, this);
  }
}
