import { createRequire as __kalypsoCreateRequire } from 'node:module'; const require = __kalypsoCreateRequire(import.meta.url);
import {
  blobObject,
  chunkRefLine,
  indexFolderTrees,
  notedTree,
  splitChunkRefs,
  withChunks
} from "./chunk-V7XJMI7L.js";
import {
  compareRenders,
  renderEnvironment,
  renderScheduled,
  scheduleEnvironmentSources
} from "./chunk-RMKKVNWK.js";
import {
  DEFAULT_MAX_FILES,
  PlannedListing,
  README_TEXT,
  RENDER_ENGINE_VERSION,
  TRACKING_FILE,
  UserError,
  chainSkipContext,
  chainSkipOf,
  checkFleetSize,
  clusterTypesReached,
  composeShards,
  gitopsTarget,
  isSafeTreePath,
  notedWorkloads,
  openedFor,
  proposalToNote,
  propose,
  readsFor,
  renderedGitOpsRepo,
  startGitOps
} from "./chunk-MSWBXDM5.js";

// packages/core/src/publish/promotion-details.ts
var MAX_COMPARED_FILES = 1e4;
async function describePromotion(request, ports, gitops, base, rendered, options = { compareConfig: true }) {
  const promoted = rendered.baseRepo?.commit ?? "";
  if (promoted === "") return {};
  const { reporter } = ports;
  const [facts, text, skipStatus] = await Promise.all([
    ports.sources.describeCommit?.(promoted),
    gitops.readText(base, TRACKING_FILE),
    ports.statuses?.latestStatus(promoted, chainSkipContext(request.environment))
  ]);
  const chainSkip = chainSkipOf(skipStatus);
  const tracked = text?.trim() ?? "";
  const previous = /^[0-9a-f]{40}$/.test(tracked) ? tracked : void 0;
  const described = {
    ...facts ? { promotedCommitFacts: { sha: promoted, ...facts } } : {},
    ...previous ? { previousPromotedCommit: previous } : {},
    ...chainSkip ? { chainSkip } : {}
  };
  if (previous === void 0 || previous === promoted || !options.compareConfig) return described;
  if (rendered.files.size > MAX_COMPARED_FILES) {
    reporter.info(
      `Config keys are not compared with ${previous.slice(0, 7)}: ${rendered.files.size} files is over ${MAX_COMPARED_FILES}.`
    );
    return described;
  }
  const before = await ports.sources.readEnvironment(request.environment, {
    mainCommit: previous
  });
  const outcome = before.sources ? renderEnvironment(before.sources) : void 0;
  if (!outcome?.ok) {
    reporter.info(
      `Config keys are not compared with ${previous.slice(0, 7)}: the environment does not render with it.`
    );
    return described;
  }
  const preview = compareRenders(request.environment, outcome.rendered, rendered);
  return preview.kind === "compared" ? { ...described, configChanges: preview.clusterTypes } : described;
}

// packages/core/src/render/render-index.ts
var MAX_INDEX_CHARS = 256 * 1024 * 1024;
var HEADER = `kalypso-render-index 1 ${RENDER_ENGINE_VERSION}`;
var FILE_NAMES = [
  "reconciler.yaml",
  "namespace.yaml",
  "platform-config.yaml",
  "platform-config.sh"
];
var NAME_OF_LENGTH = (() => {
  const byLength = [];
  for (const name of FILE_NAMES) byLength[name.length] = name;
  return byLength;
})();
var MODE_PREFIX = "100644 ";
function isHex(text, start, end) {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!(c >= 48 && c <= 57 || c >= 97 && c <= 102)) return false;
  }
  return true;
}
function isFileEntry(entry, blob) {
  return entry !== void 0 && entry.length === MODE_PREFIX.length + blob.length && entry.startsWith(MODE_PREFIX) && entry.endsWith(blob);
}
function formatRenderIndex(index, record) {
  const lines = [
    record === void 0 || record === "" ? HEADER : `${HEADER}
${record.slice(0, -1)}`
  ];
  for (const [folder, { key, files }] of index) {
    let line = `${folder}	${key}`;
    for (const [name, blob] of files) line += `	${name} ${blob}`;
    lines.push(line);
  }
  lines.push("");
  return lines.join("\n");
}
function parseRenderIndex(text) {
  const index = /* @__PURE__ */ new Map();
  if (text.length > MAX_INDEX_CHARS) return index;
  const headerEnd = text.indexOf("\n");
  if ((headerEnd < 0 ? text : text.slice(0, headerEnd)) !== HEADER) return index;
  let start = headerEnd < 0 ? text.length + 1 : headerEnd + 1;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const entry = parseLine(text, start, end);
    if (entry !== void 0 && !index.has(entry[0])) index.set(entry[0], entry[1]);
    start = end + 1;
  }
  return index;
}
function parseLine(text, start, end) {
  const folderEnd = text.indexOf("	", start);
  if (folderEnd < 0 || folderEnd >= end) return void 0;
  const keyEnd = text.indexOf("	", folderEnd + 1);
  if (keyEnd < 0 || keyEnd >= end || keyEnd - folderEnd - 1 !== 64) return void 0;
  if (!isHex(text, folderEnd + 1, keyEnd)) return void 0;
  const folder = text.slice(start, folderEnd);
  if (!isSafeTreePath(folder)) return void 0;
  const files = /* @__PURE__ */ new Map();
  let field = keyEnd + 1;
  while (field <= end) {
    if (files.size === 3) return void 0;
    let fieldEnd = text.indexOf("	", field);
    if (fieldEnd < 0 || fieldEnd > end) fieldEnd = end;
    const space = text.indexOf(" ", field);
    if (space < 0 || space >= fieldEnd) return void 0;
    const blobLength = fieldEnd - space - 1;
    if (blobLength !== 40 && blobLength !== 64) return void 0;
    if (!isHex(text, space + 1, fieldEnd)) return void 0;
    const name = NAME_OF_LENGTH[space - field];
    if (name === void 0 || !text.startsWith(name, field) || files.has(name)) return void 0;
    files.set(name, text.slice(space + 1, fieldEnd));
    field = fieldEnd + 1;
  }
  if (files.size < 2) return void 0;
  return [folder, { key: text.slice(folderEnd + 1, keyEnd), files }];
}
function verifiedRenderIndex(index, tree) {
  const verified = /* @__PURE__ */ new Map();
  for (const [folder, entry] of index) {
    const listed = [];
    for (const [name, blob] of entry.files) {
      const path = `${folder}/${name}`;
      const found = tree.get(path);
      if (!isFileEntry(found, blob)) break;
      listed.push(path, found);
    }
    if (listed.length === entry.files.size * 2)
      verified.set(folder, { key: entry.key, files: entry.files, listed, listedIn: tree });
  }
  return verified;
}
function renderIndexOf(keys, tree) {
  const index = /* @__PURE__ */ new Map();
  const planned = tree instanceof PlannedListing && tree.takenBy === keys;
  for (const [folder, { key, names, indexed }] of keys) {
    if (indexed !== void 0 && planned && sameNames(indexed, names)) {
      index.set(folder, { key, files: indexed.files });
      continue;
    }
    if (indexed?.listed !== void 0 && holdsListed(folder, indexed, names, tree)) {
      index.set(folder, { key, files: indexed.files });
      continue;
    }
    const files = /* @__PURE__ */ new Map();
    for (const name of names) {
      const entry = tree.get(`${folder}/${name}`);
      if (entry === void 0 || !entry.startsWith(MODE_PREFIX)) break;
      files.set(name, entry.slice(MODE_PREFIX.length));
    }
    if (files.size === names.length) index.set(folder, { key, files });
  }
  return index;
}
function sameNames(entry, names) {
  if (names.length !== entry.files.size) return false;
  let i = 0;
  for (const name of entry.files.keys()) if (names[i++] !== name) return false;
  return true;
}
function holdsListed(folder, entry, names, tree) {
  const listed = entry.listed;
  if (names.length !== entry.files.size || listed.length !== names.length * 2) return false;
  if (names.length > 0 && listed[0] !== `${folder}/${names[0]}`) return false;
  let i = 0;
  for (const [name, blob] of entry.files) {
    if (names[i] !== name || !isFileEntry(tree.get(listed[i * 2]), blob)) return false;
    i++;
  }
  return true;
}
function sameIndexKeys(keys, index) {
  if (keys.size !== index.size) return false;
  for (const [folder, { key, names }] of keys) {
    const entry = index.get(folder);
    if (entry === void 0 || entry.key !== key || entry.files.size !== names.length) return false;
    for (const name of names) if (!entry.files.has(name)) return false;
  }
  return true;
}

// packages/core/src/render/reach-record.ts
var MAX_DEPTH = 64;
var INPUTS = ":inputs ";
var CONFIG_MAP = ":configmap ";
var HEX64 = /^[0-9a-f]{64}$/;
var NotExact = class extends Error {
};
function encode(value, out, depth) {
  if (depth > MAX_DEPTH) throw new NotExact();
  if (value === null) return void out.push("n");
  switch (typeof value) {
    case "undefined":
      return void out.push("u");
    case "string":
      return void out.push("s", JSON.stringify(value));
    case "boolean":
      return void out.push(value ? "t" : "f");
    case "number":
      if (!Number.isFinite(value)) throw new NotExact();
      return void out.push("d", Object.is(value, -0) ? "-0" : String(value), ";");
    case "object":
      break;
    default:
      throw new NotExact();
  }
  if (Array.isArray(value)) {
    out.push("[", String(value.length), ";");
    for (const item of value) encode(item, out, depth + 1);
    return void out.push("]");
  }
  if (value instanceof Map) {
    out.push("M", String(value.size), ";");
    for (const [key, item] of value) {
      encode(key, out, depth + 1);
      encode(item, out, depth + 1);
    }
    return void out.push("]");
  }
  if (value instanceof Set) {
    out.push("S", String(value.size), ";");
    for (const item of value) encode(item, out, depth + 1);
    return void out.push("]");
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw new NotExact();
  const keys = Object.keys(value);
  out.push("{", String(keys.length), ";");
  for (const key of keys) {
    out.push(JSON.stringify(key));
    encode(value[key], out, depth + 1);
  }
  out.push("}");
}
function encoded(value) {
  const out = [];
  try {
    encode(value, out, 0);
  } catch (error) {
    if (error instanceof NotExact) return void 0;
    throw error;
  }
  return out.join("");
}
function reachRecordOf(view, digest, build) {
  const rest = {};
  for (const key of Object.keys(view))
    if (key !== "configMaps") rest[key] = view[key];
  const inputs = encoded([RENDER_ENGINE_VERSION, build, rest]);
  if (inputs === void 0) return void 0;
  const configMaps = /* @__PURE__ */ new Map();
  for (const cm of view.configMaps) {
    if (configMaps.has(cm.name)) return void 0;
    const text = encoded([cm.name, cm.labels, cm.data]);
    if (text === void 0) return void 0;
    configMaps.set(cm.name, {
      digest: digest(text),
      reach: clusterTypesReached({ name: cm.name, labels: cm.labels, data: cm.data })
    });
  }
  return { inputs: digest(inputs), configMaps };
}
function formatReachRecord(record) {
  let text = `${INPUTS}${record.inputs}
`;
  for (const [name, { digest, reach }] of record.configMaps)
    text += `${CONFIG_MAP}${JSON.stringify([name, digest, reach ?? null])}
`;
  return text;
}
function parseReachRecord(text) {
  if (text === void 0) return void 0;
  const start = text.indexOf("\n") + 1;
  if (start === 0 || !text.startsWith(INPUTS, start)) return void 0;
  let end = text.indexOf("\n", start);
  if (end < 0) return void 0;
  const inputs = text.slice(start + INPUTS.length, end);
  if (!HEX64.test(inputs)) return void 0;
  const configMaps = /* @__PURE__ */ new Map();
  let line = end + 1;
  while (text.startsWith(CONFIG_MAP, line)) {
    end = text.indexOf("\n", line);
    if (end < 0) return void 0;
    const entry = configMapLine(text.slice(line + CONFIG_MAP.length, end));
    if (entry === void 0 || configMaps.has(entry[0])) return void 0;
    configMaps.set(entry[0], entry[1]);
    line = end + 1;
  }
  if (text.charCodeAt(line) === 58) return void 0;
  return { record: { inputs, configMaps }, text: text.slice(start, line) };
}
function configMapLine(json) {
  let value;
  try {
    value = JSON.parse(json);
  } catch {
    return void 0;
  }
  if (!Array.isArray(value) || value.length !== 3) return void 0;
  const [name, digest, reach] = value;
  if (typeof name !== "string" || typeof digest !== "string" || !HEX64.test(digest))
    return void 0;
  if (reach === null) return [name, { digest, reach: void 0 }];
  if (!Array.isArray(reach) || !reach.every((n) => typeof n === "string")) return void 0;
  return [name, { digest, reach }];
}
function reachedClusterTypes(noted, current) {
  if (noted === void 0 || current === void 0 || noted.inputs !== current.inputs)
    return void 0;
  const reached = /* @__PURE__ */ new Set();
  const names = /* @__PURE__ */ new Set([...noted.configMaps.keys(), ...current.configMaps.keys()]);
  for (const name of names) {
    const was = noted.configMaps.get(name);
    const now = current.configMaps.get(name);
    if (was !== void 0 && now !== void 0 && was.digest === now.digest) continue;
    for (const version of [was, now]) {
      if (version === void 0) continue;
      if (version.reach === void 0) return void 0;
      for (const clusterType of version.reach) reached.add(clusterType);
    }
  }
  return reached;
}

// packages/core/src/publish/folded-index.ts
var encoder = new TextEncoder();
async function readFoldedIndex(folders, notes, where, scope) {
  const { base, branch, gitopsPath } = where;
  const read = await folders.read(base, branch, gitopsPath);
  const noted = await notedTree(notes, where, read.base, read.branch);
  const { tree, where: said } = noted;
  const prefix = gitopsPath === "" ? "" : `${gitopsPath}/`;
  let text = noted.text;
  const whole = /* @__PURE__ */ new Map();
  if (text !== void 0 && tree !== void 0) {
    const { body, refs } = splitChunkRefs(text);
    if (refs.length > 0) {
      const record = parseReachRecord(body);
      const reached = scope?.reached({
        ...record ? { noted: record } : {},
        digest: (t) => notes.digest(t)
      });
      const wanted = [];
      for (const ref of refs) {
        const folder = `${prefix}${ref.clusterType}`;
        const treeId = tree.folders.get(folder);
        if (reached !== void 0 && !reached.has(ref.clusterType) && treeId !== void 0 && read.base?.folders.get(folder) === treeId && scope?.assignments.get(ref.clusterType) === ref.entries)
          whole.set(folder, { treeId, ref });
        else wanted.push(ref);
      }
      text = await withChunksRead(notes, base, body, wanted);
    }
  }
  const parsed = text === void 0 ? /* @__PURE__ */ new Map() : parseRenderIndex(text);
  if (tree === void 0 || text === void 0)
    return {
      entries: /* @__PURE__ */ new Map(),
      parsed: parsed.size,
      treeId: tree?.treeId,
      text,
      where: said,
      folded: void 0
    };
  const proven = /* @__PURE__ */ new Map();
  const readme = /* @__PURE__ */ new Map([
    ["README.md", folders.objectId(blobObject(encoder.encode(README_TEXT)))]
  ]);
  const trees = indexFolderTrees(parsed, gitopsPath, (o) => folders.objectId(o), readme);
  for (const [folder, made] of trees)
    if (tree.folders.get(folder) === made.id) proven.set(folder, made);
  const entries = /* @__PURE__ */ new Map();
  for (const made of proven.values())
    for (const [folder, entry] of made.folders) entries.set(folder, entry);
  const rest = /* @__PURE__ */ new Map();
  const listed = /* @__PURE__ */ new Set();
  for (const [folder, entry] of parsed) {
    if (entries.has(folder)) continue;
    rest.set(folder, entry);
    const slash = folder.startsWith(prefix) ? folder.indexOf("/", prefix.length) : -1;
    const clusterType = slash < 0 ? void 0 : folder.slice(0, slash);
    if (clusterType !== void 0 && tree.folders.has(clusterType)) listed.add(clusterType);
  }
  if (rest.size > 0) {
    const listing = new Map(await tree.list([...listed]));
    for (const [path, entry] of tree.outside) listing.set(path, entry);
    for (const [folder, entry] of verifiedRenderIndex(rest, listing)) entries.set(folder, entry);
  }
  return {
    entries,
    parsed: parsed.size,
    treeId: tree.treeId,
    text,
    where: said,
    folded: { gitopsPath, treeId: tree.treeId, proven, whole, readme }
  };
}
async function withChunksRead(notes, base, body, refs) {
  if (refs.length === 0) return body;
  const texts = await notes.chunks?.(
    base,
    refs.map((ref) => ref.id)
  );
  return withChunks(body, texts ?? []);
}

// packages/core/src/publish/render-index-note.ts
async function readIndex(early, branch, reporter, scope) {
  try {
    const { repository } = await early.opened(branch);
    const notes = repository.renderIndex;
    if (notes === void 0) return void 0;
    const folders = repository.folders;
    if (folders !== void 0) {
      const found = await readFoldedIndex(
        folders,
        notes,
        { base: early.base, branch, gitopsPath: early.gitopsPath },
        scope
      );
      reportRead(reporter, early.base, found.text, found.where, found.entries.size, found.parsed);
      const whole = found.folded?.whole.size ?? 0;
      if (whole > 0)
        reporter.info(
          `${whole} cluster types no change reaches are kept whole: their folders as the tree holds them, their chunks of the render index neither read nor rendered.`
        );
      return {
        entries: found.entries,
        digest: (t) => notes.digest(t),
        base: early.base,
        treeId: found.treeId,
        text: found.text,
        complete: found.text !== void 0 && found.entries.size === found.parsed,
        ...found.folded ? { folded: found.folded } : {},
        ...notedRecord(found.text)
      };
    }
    const read = await repository.read(early.base, branch);
    const {
      tree,
      text: noted,
      where
    } = await notedTree(notes, { base: early.base, branch }, read.base, read.branch);
    const treeId = tree?.treeId;
    const named = noted === void 0 ? void 0 : splitChunkRefs(noted);
    const text = named && await withChunksRead(notes, early.base, named.body, named.refs);
    const files = tree === void 0 ? void 0 : tree === read.base ? read.base.files : await read.branch?.files();
    const parsed = text === void 0 ? /* @__PURE__ */ new Map() : parseRenderIndex(text);
    const entries = files ? verifiedRenderIndex(parsed, files) : /* @__PURE__ */ new Map();
    reportRead(reporter, early.base, text, where, entries.size, parsed.size);
    const complete = text !== void 0 && entries.size === parsed.size;
    return {
      entries,
      digest: (t) => notes.digest(t),
      base: early.base,
      treeId,
      text,
      complete,
      ...notedRecord(text)
    };
  } catch (error) {
    reporter.info(`The render index is not used: ${messageOf(error)}`);
    return void 0;
  }
}
function notedRecord(text) {
  const noted = parseReachRecord(text);
  return noted === void 0 ? {} : { noted };
}
function runReach(index, view, reporter, build) {
  const record = build === void 0 ? void 0 : reachRecordOf(view, index.digest, build);
  const reached = reachedClusterTypes(index.noted?.record, record);
  if (reached !== void 0)
    reporter.info(
      `Only ConfigMaps changed since the render the index describes: the assignments of ${reached.size} of ${view.clusterTypes.length} cluster types, those a changed ConfigMap may reach, are keyed; the folders of the others are taken as the index holds them.`
    );
  return { record: record === void 0 ? "" : formatReachRecord(record), reached };
}
function nextIndexText(rendered, proposed, record = "", index) {
  if (rendered.keys === void 0) return void 0;
  return { proposed, text: indexText(rendered.keys, proposed.files, record, index) };
}
function indexText(keys, files, record, index) {
  let text = formatRenderIndex(renderIndexOf(keys, files), record);
  for (const { ref } of index?.folded?.whole.values() ?? []) text += chunkRefLine(ref);
  return text;
}
async function writeIndex(index, early, branch, rendered, result, reporter, proposal, made, record = "") {
  const { proposed } = result;
  if (proposed === void 0 || rendered.keys === void 0) return;
  try {
    const { repository } = await early.opened(branch);
    const notes = repository.renderIndex;
    if (notes === void 0) return;
    const sameTree = proposed.treeId === index.treeId;
    const sameProposal = await notes.proposal?.(index.base) === proposal;
    if (sameTree && sameProposal && index.complete && (index.noted?.text ?? "") === record && sameIndexKeys(rendered.keys, index.entries))
      return;
    const text = made !== void 0 && made.proposed.treeId === proposed.treeId && made.proposed.files === proposed.files ? made.text : indexText(rendered.keys, proposed.files, record, index);
    if (sameTree && sameProposal && text === index.text) return;
    const written = await notes.write(index.base, proposed.treeId, text, index.treeId, proposal);
    if (!written) return;
    const whole = index.folded?.whole.size ?? 0;
    reporter.info(
      `Noted the render index of ${rendered.keys.size} assignments${whole > 0 ? ` and of ${whole} cluster types kept whole (their chunks by id)` : ""} on tree ${proposed.treeId.slice(0, 7)}${proposal === void 0 ? "" : ", with what this run proposed"} (refs/notes/kalypso-render/${index.base}).`
    );
  } catch (error) {
    reporter.warning(
      `The render index was not written (${messageOf(error)}): the next run renders every assignment.`
    );
  }
}
function reportRead(reporter, base, text, where, held, parsed) {
  reporter.info(
    text === void 0 ? `No render index for the GitOps branch '${base}': every assignment is rendered.` : `The render index of ${where} holds ${held} of ${parsed} assignment folders as its tree does: those whose inputs did not change are not rendered again.`
  );
}
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

// packages/core/src/publish/schedule-render.ts
async function renderAndPropose(request, ports, run) {
  const { environment } = request;
  const { reporter } = ports;
  const { openGitOps, fail, inputs, statusCommit, state } = run;
  let { read } = run;
  const first = !ports.compose && run.lastFits && read.sources && read.problems.length === 0 ? renderedGitOpsRepo(read.sources, ports.loads) : void 0;
  let early = state.early ?? (first?.certain ? startGitOps(request, { openGitOps }, first.gitOpsRepo, true) : void 0);
  state.early = early;
  if (read.readDeferred) read = await read.readDeferred();
  if (!read.sources) return fail(read.problems);
  const { base, controlPlane, workloads } = read.sources;
  await state.finishParsing?.([base, controlPlane, ...workloads]);
  const scheduled = scheduleEnvironmentSources(
    read.sources,
    ports.loads ? { loads: ports.loads } : {}
  );
  const tooLarge = ports.compose ? void 0 : checkFleetSize(scheduled, request.maxFiles ?? DEFAULT_MAX_FILES);
  const wanted = read.problems.length === 0 && scheduled.problems.length === 0;
  const gitOpsRepo = scheduled.view.gitOpsRepos[0];
  if (early && (tooLarge !== void 0 || !wanted || !readsFor(early, request, gitOpsRepo))) {
    await early.reading;
    early = void 0;
  }
  if (tooLarge !== void 0) return { kind: "error", error: new UserError(tooLarge) };
  if (!early && wanted)
    state.early = early = startGitOps(request, { openGitOps }, gitOpsRepo, !ports.compose);
  const sources = read.sources;
  const blobId = ports.inputs?.blobId?.bind(ports.inputs);
  let reach;
  const reachOf = (read2) => reach ??= runReach(read2, scheduled.view, reporter, ports.inputs?.build());
  const index = early && !ports.compose ? await readIndex(early, request.pullRequestBranch, reporter, {
    reached: (read2) => reachOf(read2).reached,
    assignments: assignmentsByClusterType(scheduled.assignments)
  }) : void 0;
  if (index) reachOf(index);
  const whole = /* @__PURE__ */ new Set();
  for (const { ref } of index?.folded?.whole.values() ?? []) whole.add(ref.clusterType);
  const outcome = ports.compose ? await composeShards(
    request,
    { ...ports, openGitOps },
    ports.compose,
    sources,
    scheduled,
    early
  ) : await reporter.group(
    `Rendering environment '${environment}'`,
    () => Promise.resolve(
      renderScheduled(
        scheduled,
        index ? {
          index: index.entries,
          digest: index.digest,
          ...reach?.reached && { reached: reach.reached },
          ...whole.size > 0 && { whole }
        } : {}
      )
    )
  );
  for (const note of outcome.notes) reporter.debug(note);
  const warnings = outcome.warnings;
  state.warnings = warnings;
  if (!outcome.ok || read.problems.length > 0)
    return fail([...read.problems, ...outcome.ok ? [] : outcome.problems]);
  const { rendered } = outcome;
  const composed = "composed" in outcome ? outcome.composed : void 0;
  reporter.info(
    composed ? `Joined ${rendered.assignments.length} assignments on ${rendered.view.clusterTypes.length} cluster types (${composed.files + rendered.files.size} files).` : `Rendered ${rendered.assignments.length} assignments on ${rendered.view.clusterTypes.length} cluster types (${rendered.files.size} files).`
  );
  const target = gitopsTarget(request, rendered.gitOpsRepo);
  if ("problem" in target) return fail([target.problem]);
  const earlyRead = early;
  const gitops = () => openedFor(earlyRead, target, request.pullRequestBranch, { openGitOps });
  let detailsComplete = true;
  const promotion = async () => describePromotion(request, ports, (await gitops()).repository, target.base, rendered, {
    compareConfig: composed === void 0
  }).catch((error) => {
    detailsComplete = false;
    reporter.info(
      `The pull request leaves out the promotion details: ${error instanceof Error ? error.message : String(error)}`
    );
    return {};
  });
  let made;
  const whilePushing = index && earlyRead ? (proposed) => {
    made = nextIndexText(rendered, proposed, reach?.record, index);
    return Promise.resolve();
  } : void 0;
  return propose(request, ports, fail, {
    endReadsAhead: true,
    target,
    gitOpsRepo: rendered.gitOpsRepo,
    gitops,
    promotedCommit: rendered.baseRepo?.commit,
    assignments: rendered.assignments.length,
    publish: {
      rendered,
      promotion,
      ...composed ? { composed } : {},
      ...index?.folded ? { folded: index.folded } : {},
      ...whilePushing ? { whilePushing } : {}
    },
    warnings,
    mainCommit: read.baseCommit,
    statusCommit,
    ...index && earlyRead ? {
      noteIndex: (result) => writeIndex(
        index,
        earlyRead,
        request.pullRequestBranch,
        rendered,
        result,
        reporter,
        proposalToNote(
          inputs,
          run.controlPlaneInputs,
          result,
          {
            assignments: rendered.assignments.length,
            clusterTypes: rendered.view.clusterTypes.length
          },
          detailsComplete,
          // The workload texts read: the next run takes them from the note.
          blobId && notedWorkloads(sources.workloads, blobId)
        ),
        made,
        reach?.record
      )
    } : {}
  }).finally(() => earlyRead?.reading);
}
function assignmentsByClusterType(assignments) {
  const counts = /* @__PURE__ */ new Map();
  for (const { clusterType } of assignments)
    counts.set(clusterType.name, (counts.get(clusterType.name) ?? 0) + 1);
  return counts;
}
export {
  renderAndPropose
};
//# sourceMappingURL=schedule-render-36C6XX6Z.js.map
