import { createRequire as __kalypsoCreateRequire } from 'node:module'; const require = __kalypsoCreateRequire(import.meta.url);

// packages/core/src/render/folder-trees.ts
var encoder = new TextEncoder();
var FILE_MODE = encoder.encode("100644 ");
var TREE_MODE = encoder.encode("40000 ");
var HEX = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 16; i++) table["0123456789abcdef".charCodeAt(i)] = i;
  return table;
})();
function isSha1(id) {
  if (id.length !== 40) return false;
  for (let i = 0; i < 40; i++) if ((HEX[id.charCodeAt(i)] ?? -1) < 0) return false;
  return true;
}
function everySha1(files) {
  for (const id of files.values()) if (!isSha1(id)) return false;
  return true;
}
function compareEntries(a, b) {
  const x = a.name;
  const y = b.name;
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) if (x[i] !== y[i]) return x[i] - y[i];
  const c1 = length < x.length ? x[length] : a.folder ? 47 : 0;
  const c2 = length < y.length ? y[length] : b.folder ? 47 : 0;
  return c1 - c2;
}
function blobObject(bytes) {
  const header = encoder.encode(`blob ${bytes.length}\0`);
  const object = new Uint8Array(header.length + bytes.length);
  object.set(header, 0);
  object.set(bytes, header.length);
  return object;
}
function treeObject(entries) {
  entries.sort(compareEntries);
  let length = 0;
  for (const entry of entries)
    length += (entry.folder ? TREE_MODE : FILE_MODE).length + entry.name.length + 1 + 20;
  const header = encoder.encode(`tree ${length}\0`);
  const object = new Uint8Array(header.length + length);
  object.set(header, 0);
  let at = header.length;
  for (const entry of entries) {
    const mode = entry.folder ? TREE_MODE : FILE_MODE;
    object.set(mode, at);
    at += mode.length;
    object.set(entry.name, at);
    at += entry.name.length;
    object[at++] = 0;
    const id = entry.id;
    for (let i = 0; i < 40; i += 2)
      object[at++] = HEX[id.charCodeAt(i)] << 4 | HEX[id.charCodeAt(i + 1)];
  }
  return object;
}
function indexFolderTrees(index, gitopsPath, objectId, files) {
  const prefix = gitopsPath === "" ? "" : `${gitopsPath}/`;
  if (!everySha1(files)) return /* @__PURE__ */ new Map();
  const groups = /* @__PURE__ */ new Map();
  for (const [folder, entry] of index) {
    if (!folder.startsWith(prefix)) continue;
    const slash = folder.indexOf("/", prefix.length);
    if (slash <= prefix.length || folder.charCodeAt(prefix.length) === 46) continue;
    const clusterType = folder.slice(0, slash);
    let group = groups.get(clusterType);
    if (group === null) continue;
    const fits = folder.indexOf("/", slash + 1) < 0 && slash + 1 < folder.length && everySha1(entry.files);
    if (!fits) {
      groups.set(clusterType, null);
      continue;
    }
    if (group === void 0) groups.set(clusterType, group = /* @__PURE__ */ new Map());
    group.set(folder, entry);
  }
  const trees = /* @__PURE__ */ new Map();
  const encoded = /* @__PURE__ */ new Map();
  const bytesOf = (name) => {
    let bytes = encoded.get(name);
    if (bytes === void 0) encoded.set(name, bytes = encoder.encode(name));
    return bytes;
  };
  const files_ = new FilesTree(bytesOf);
  for (const [clusterType, group] of groups) {
    if (group === null) continue;
    const targets = [];
    for (const [name, id] of files) targets.push({ name: bytesOf(name), folder: false, id });
    for (const [folder, entry] of group) {
      targets.push({
        name: bytesOf(folder.slice(clusterType.length + 1)),
        folder: true,
        id: objectId(files_.object(entry.files))
      });
    }
    trees.set(clusterType, { id: objectId(treeObject(targets)), folders: group, files });
  }
  return trees;
}
var FilesTree = class {
  buffer = new Uint8Array(4096);
  headers = /* @__PURE__ */ new Map();
  names = [];
  ids = [];
  bytesOf;
  constructor(bytesOf) {
    this.bytesOf = bytesOf;
  }
  /** The tree object of these files (name → SHA-1 blob id). */
  object(files) {
    const { names, ids } = this;
    names.length = 0;
    ids.length = 0;
    let length = 0;
    for (const [name, id] of files) {
      const bytes = this.bytesOf(name);
      let at2 = names.length;
      while (at2 > 0 && compareNames(names[at2 - 1], bytes) > 0) {
        names[at2] = names[at2 - 1];
        ids[at2] = ids[at2 - 1];
        at2--;
      }
      names[at2] = bytes;
      ids[at2] = id;
      length += FILE_MODE.length + bytes.length + 1 + 20;
    }
    let header = this.headers.get(length);
    if (header === void 0)
      this.headers.set(length, header = encoder.encode(`tree ${length}\0`));
    const total = header.length + length;
    if (this.buffer.length < total) this.buffer = new Uint8Array(total * 2);
    const object = this.buffer;
    object.set(header, 0);
    let at = header.length;
    for (let n = 0; n < names.length; n++) {
      object.set(FILE_MODE, at);
      at += FILE_MODE.length;
      const name = names[n];
      object.set(name, at);
      at += name.length;
      object[at++] = 0;
      const id = ids[n];
      for (let i = 0; i < 40; i += 2)
        object[at++] = HEX[id.charCodeAt(i)] << 4 | HEX[id.charCodeAt(i + 1)];
    }
    return object.subarray(0, total);
  }
};
function compareNames(x, y) {
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

// packages/core/src/render/chunk-refs.ts
var PREFIX = ":chunk ";
var CHUNK_CLUSTER_TYPE = /^[a-z0-9](?:[-a-z0-9.]{0,251}[a-z0-9])?$/;
var LINE = /^:chunk ([0-9a-f]{40}|[0-9a-f]{64}) ([1-9][0-9]{0,6}) (\S+)$/;
function chunkRefLine(ref) {
  return `${PREFIX}${ref.id} ${ref.entries} ${ref.clusterType}
`;
}
function splitChunkRefs(text) {
  const at = text.startsWith(PREFIX) ? 0 : text.indexOf(`
${PREFIX}`) + 1;
  if (at <= 0 && !text.startsWith(PREFIX)) return { body: text, refs: [] };
  const refs = [];
  const named = /* @__PURE__ */ new Set();
  const twice = /* @__PURE__ */ new Set();
  for (const line of text.slice(at).split("\n")) {
    const match = LINE.exec(line);
    if (match === null || !CHUNK_CLUSTER_TYPE.test(match[3])) continue;
    const clusterType = match[3];
    if (named.has(clusterType)) twice.add(clusterType);
    named.add(clusterType);
    refs.push({ id: match[1], entries: Number(match[2]), clusterType });
  }
  return {
    body: text.slice(0, at),
    refs: refs.filter((ref) => !twice.has(ref.clusterType))
  };
}
function withChunks(body, texts) {
  const header = body.slice(0, body.indexOf("\n") + 1);
  if (header === "") return body;
  let text = body;
  for (const chunk of texts) if (chunk.startsWith(header)) text += chunk.slice(header.length);
  return text;
}

// packages/core/src/publish/noted-tree.ts
async function notedTree(notes, names, base, pending) {
  const text = base === void 0 ? void 0 : await notes.read(names.base, base.treeId);
  const onBase = pending !== void 0 && pending.parents.length === 1 && pending.parents[0] === base?.head && pending.treeId !== base?.treeId;
  if (text === void 0 && onBase) {
    const noted = await notes.read(names.base, pending.treeId);
    if (noted !== void 0)
      return { tree: pending, text: noted, where: `the pull request branch '${names.branch}'` };
  }
  return { tree: base, text, where: `the GitOps branch '${names.base}'` };
}

export {
  blobObject,
  indexFolderTrees,
  CHUNK_CLUSTER_TYPE,
  chunkRefLine,
  splitChunkRefs,
  withChunks,
  notedTree
};
//# sourceMappingURL=chunk-V7XJMI7L.js.map
