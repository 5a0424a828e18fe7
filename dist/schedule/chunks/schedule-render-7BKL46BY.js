import { createRequire as __kalypsoCreateRequire } from 'node:module'; const require = __kalypsoCreateRequire(import.meta.url);
import {
  blobObject,
  indexFolderTrees,
  notedTree
} from "./chunk-YLJZ7P7U.js";
import {
  compareRenders,
  renderEnvironment,
  renderScheduled,
  scheduleEnvironmentSources
} from "./chunk-IK5TWDY5.js";
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
  gitopsTarget,
  isSafeTreePath,
  normaliseGitOpsPath,
  proposalToNote,
  propose,
  renderedGitOpsRepo
} from "./chunk-JBCVXYWW.js";

// packages/core/src/publish/early-gitops.ts
function startGitOps(request, ports, gitOpsRepo, readBranches = true) {
  const target = gitopsTarget(request, gitOpsRepo);
  if ("problem" in target) return void 0;
  const branch = request.pullRequestBranch;
  const gitopsPath = normaliseGitOpsPath(gitOpsRepo?.path ?? ".");
  const opening = ports.openGitOps(target.repository);
  const started = readBranches ? opening.then(
    ({ repository }) => repository.folders ? { folded: repository.folders.read(target.base, branch, gitopsPath) } : { read: repository.read(target.base, branch) }
  ) : void 0;
  const settled = started?.then(
    ({ read, folded }) => read ?? folded
  );
  const reading = (settled ?? opening).catch(() => void 0);
  return {
    repository: target.repository,
    base: target.base,
    gitopsPath,
    reading,
    async opened(wanted) {
      const gitops = await opening;
      if (wanted !== branch || started === void 0) return gitops;
      const { read, folded } = await started;
      const inner = gitops.repository;
      const folders = inner.folders;
      const own = (base, other) => base === target.base && other === branch;
      const repository = {
        ...inner,
        ...read ? { read: (base, other) => own(base, other) ? read : inner.read(base, other) } : {},
        ...folded && folders ? {
          folders: {
            objectId: (object) => folders.objectId(object),
            read: (base, other, path) => own(base, other) && path === gitopsPath ? folded : folders.read(base, other, path)
          }
        } : {}
      };
      return { ...gitops, repository };
    }
  };
}
function openedFor(early, target, branch, ports) {
  return early && early.repository === target.repository && early.base === target.base ? early.opened(branch) : ports.openGitOps(target.repository);
}
function readsFor(early, request, gitOpsRepo) {
  const target = gitopsTarget(request, gitOpsRepo);
  return !("problem" in target) && target.repository === early.repository && target.base === early.base && normaliseGitOpsPath(gitOpsRepo?.path ?? ".") === early.gitopsPath;
}
async function composeShards(request, ports, compose, sources, scheduled, early) {
  const { warnings, notes } = scheduled;
  if (scheduled.problems.length > 0)
    return { ok: false, problems: scheduled.problems, warnings, notes };
  const target = gitopsTarget(request, scheduled.view.gitOpsRepos[0]);
  if ("problem" in target) return { ok: false, problems: [target.problem], warnings, notes };
  const open = () => openedFor(early, target, request.pullRequestBranch, ports);
  await early?.reading;
  try {
    return await ports.reporter.group(
      `Joining the shards of environment '${request.environment}'`,
      () => compose({ sources, scheduled }, open)
    );
  } catch (error) {
    await early?.reading;
    throw error;
  }
}

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
function formatRenderIndex(index) {
  const lines = [HEADER];
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

// packages/core/src/publish/folded-index.ts
var encoder = new TextEncoder();
async function readFoldedIndex(folders, notes, where) {
  const { base, branch, gitopsPath } = where;
  const read = await folders.read(base, branch, gitopsPath);
  const { tree, text, where: said } = await notedTree(notes, where, read.base, read.branch);
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
  const prefix = gitopsPath === "" ? "" : `${gitopsPath}/`;
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
    folded: { gitopsPath, treeId: tree.treeId, proven }
  };
}

// packages/core/src/publish/render-index-note.ts
async function readIndex(early, branch, reporter) {
  try {
    const { repository } = await early.opened(branch);
    const notes = repository.renderIndex;
    if (notes === void 0) return void 0;
    const folders = repository.folders;
    if (folders !== void 0) {
      const found = await readFoldedIndex(folders, notes, {
        base: early.base,
        branch,
        gitopsPath: early.gitopsPath
      });
      reportRead(reporter, early.base, found.text, found.where, found.entries.size, found.parsed);
      return {
        entries: found.entries,
        digest: (t) => notes.digest(t),
        base: early.base,
        treeId: found.treeId,
        text: found.text,
        complete: found.text !== void 0 && found.entries.size === found.parsed,
        ...found.folded ? { folded: found.folded } : {}
      };
    }
    const read = await repository.read(early.base, branch);
    const { tree, text, where } = await notedTree(
      notes,
      { base: early.base, branch },
      read.base,
      read.branch
    );
    const treeId = tree?.treeId;
    const files = tree === void 0 ? void 0 : tree === read.base ? read.base.files : await read.branch?.files();
    const parsed = text === void 0 ? /* @__PURE__ */ new Map() : parseRenderIndex(text);
    const entries = files ? verifiedRenderIndex(parsed, files) : /* @__PURE__ */ new Map();
    reportRead(reporter, early.base, text, where, entries.size, parsed.size);
    const complete = text !== void 0 && entries.size === parsed.size;
    return { entries, digest: (t) => notes.digest(t), base: early.base, treeId, text, complete };
  } catch (error) {
    reporter.info(`The render index is not used: ${messageOf(error)}`);
    return void 0;
  }
}
function nextIndexText(rendered, proposed) {
  if (rendered.keys === void 0) return void 0;
  return { proposed, text: formatRenderIndex(renderIndexOf(rendered.keys, proposed.files)) };
}
async function writeIndex(index, early, branch, rendered, result, reporter, proposal, made) {
  const { proposed } = result;
  if (proposed === void 0 || rendered.keys === void 0) return;
  try {
    const { repository } = await early.opened(branch);
    const notes = repository.renderIndex;
    if (notes === void 0) return;
    const sameTree = proposed.treeId === index.treeId;
    const sameProposal = await notes.proposal?.(index.base) === proposal;
    if (sameTree && sameProposal && index.complete && sameIndexKeys(rendered.keys, index.entries))
      return;
    const text = made !== void 0 && made.proposed.treeId === proposed.treeId && made.proposed.files === proposed.files ? made.text : formatRenderIndex(renderIndexOf(rendered.keys, proposed.files));
    if (sameTree && sameProposal && text === index.text) return;
    const written = await notes.write(index.base, proposed.treeId, text, index.treeId, proposal);
    if (!written) return;
    reporter.info(
      `Noted the render index of ${rendered.keys.size} assignments on tree ${proposed.treeId.slice(0, 7)}${proposal === void 0 ? "" : ", with what this run proposed"} (refs/notes/kalypso-render/${index.base}).`
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
  let early = first?.certain ? startGitOps(request, { openGitOps }, first.gitOpsRepo, true) : void 0;
  state.early = early;
  if (read.readDeferred) read = await read.readDeferred();
  if (!read.sources) return fail(read.problems);
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
  const index = early && !ports.compose ? await readIndex(early, request.pullRequestBranch, reporter) : void 0;
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
      renderScheduled(scheduled, index ? { index: index.entries, digest: index.digest } : {})
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
    made = nextIndexText(rendered, proposed);
    return Promise.resolve();
  } : void 0;
  return propose(request, ports, fail, {
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
          result,
          {
            assignments: rendered.assignments.length,
            clusterTypes: rendered.view.clusterTypes.length
          },
          detailsComplete
        ),
        made
      )
    } : {}
  });
}
export {
  renderAndPropose
};
//# sourceMappingURL=schedule-render-7BKL46BY.js.map
