import { createRequire as __kalypsoCreateRequire } from 'node:module'; const require = __kalypsoCreateRequire(import.meta.url);
import {
  autoShardCount,
  effectiveShardCount,
  fingerprintParts,
  parseShardPlan,
  scheduleEnvironment,
  scheduleFacts,
  shardRef,
  splitClusterTypes
} from "./chunk-JINW3WNH.js";
import {
  renderScheduled
} from "./chunk-RMKKVNWK.js";
import {
  DEFAULT_MAX_FILES,
  TRACKING_FILE,
  UserError,
  assembleEnvironment,
  compareBytes,
  deploymentTargetsOf,
  formatBytes,
  gitopsTarget,
  inputLimits,
  normaliseGitOpsPath,
  policySelectsTarget,
  schedule,
  selectorMatches
} from "./chunk-MSWBXDM5.js";

// packages/core/src/preview/artifact.ts
var MAX_ARTIFACT_DIFF_BYTES = 256 * 1024 * 1024;

// packages/core/src/shard/check.ts
var REQUIRED_FILES = ["reconciler.yaml", "namespace.yaml"];
var CONFIG_FILES = /* @__PURE__ */ new Set(["platform-config.yaml", "platform-config.sh"]);
var ENTRY = /^100644 [0-9a-f]{40}$/;
var MAX_LISTED = 20;
function shardChecker(expected) {
  const problems = [];
  let more = 0;
  const add = (message) => {
    if (problems.length < MAX_LISTED) problems.push({ message });
    else more += 1;
  };
  const prefix = expected.gitopsPath === "" ? "" : `${expected.gitopsPath}/`;
  const ownerOf = /* @__PURE__ */ new Map();
  expected.groups.forEach((group, index) => {
    for (const clusterType of group) ownerOf.set(clusterType, index);
  });
  const check = (shard) => {
    const name = `Shard ${shard.index} (${shard.ref})`;
    const group = expected.groups[shard.index];
    if (group === void 0) return add(`${name} is not in the plan.`);
    if (shard.files === void 0)
      return add(
        `${name} is missing: its render job failed or did not run. Re-run the failed jobs of this workflow run; nothing was pushed.`
      );
    const done = /* @__PURE__ */ new Set();
    let current;
    let readme = false;
    let scheduled = /* @__PURE__ */ new Set();
    let present = /* @__PURE__ */ new Map();
    const finish = (clusterType) => {
      done.add(clusterType);
      if (!readme)
        add(`${name} lacks ${quoted(`${prefix}${clusterType}/README.md`)}. Nothing was pushed.`);
      for (const target of scheduled) {
        const files = present.get(target);
        for (const file of REQUIRED_FILES)
          if (!files?.has(file))
            add(
              `${name} lacks ${quoted(`${prefix}${clusterType}/${target}/${file}`)}. Nothing was pushed.`
            );
      }
    };
    const open = (clusterType) => {
      if (current !== void 0) finish(current);
      current = clusterType;
      readme = false;
      scheduled = expected.targets(clusterType);
      present = /* @__PURE__ */ new Map();
    };
    for (const [path, entry] of shard.files) {
      const shown = quoted(path);
      const rest = path.startsWith(prefix) ? path.slice(prefix.length) : void 0;
      const parts = rest?.split("/") ?? [];
      const clusterType = parts[0] ?? "";
      const owner = rest === void 0 ? void 0 : ownerOf.get(clusterType);
      if (owner !== shard.index) {
        add(
          `${name} holds ${shown}, outside its cluster types${owner === void 0 ? "" : ` (cluster type '${clusterType}' is shard ${owner}'s)`}. The ref was tampered with or written by another plan; nothing was pushed.`
        );
        continue;
      }
      if (clusterType !== current) {
        if (done.has(clusterType)) {
          add(`${name} lists ${shown} apart from the rest of its folder. Nothing was pushed.`);
          continue;
        }
        open(clusterType);
      }
      if (!ENTRY.test(entry)) {
        add(
          `${name} holds ${shown} as '${entry.slice(0, 60)}', not a plain file. Nothing was pushed.`
        );
        continue;
      }
      const fits = parts.length === 2 && parts[1] === "README.md" || parts.length === 3 && scheduled.has(parts[1]) && (REQUIRED_FILES.includes(parts[2]) || CONFIG_FILES.has(parts[2]));
      if (!fits) {
        add(`${name} holds ${shown}, which the schedule does not generate. Nothing was pushed.`);
        continue;
      }
      if (parts.length === 2) {
        readme = true;
        continue;
      }
      const files = present.get(parts[1]) ?? /* @__PURE__ */ new Set();
      if (CONFIG_FILES.has(parts[2]) && [...files].some((f) => CONFIG_FILES.has(f)))
        add(
          `${name} holds two config files in ${quoted(`${prefix}${clusterType}/${parts[1]}`)}. Nothing was pushed.`
        );
      files.add(parts[2]);
      present.set(parts[1], files);
    }
    if (current !== void 0) finish(current);
    current = void 0;
    for (const clusterType of group)
      if (!done.has(clusterType)) {
        open(clusterType);
        current = void 0;
        finish(clusterType);
      }
  };
  return {
    add,
    check,
    problems: () => more > 0 ? [...problems, { message: `\u2026 and ${more} more problems with the shards.` }] : [...problems]
  };
}
function quoted(path) {
  return `'${JSON.stringify(path.slice(0, 300)).slice(1, -1)}'`;
}
function composeShards(shards, expected) {
  const prefix = expected.gitopsPath === "" ? "" : `${expected.gitopsPath}/`;
  const folders = /* @__PURE__ */ new Map();
  shards.forEach((shard, index) => {
    for (const clusterType of expected.groups[index] ?? []) {
      const treeId = shard.folders.get(clusterType);
      if (treeId === void 0)
        throw new Error(`Shard ${index} has no folder for cluster type '${clusterType}'.`);
      folders.set(`${prefix}${clusterType}`, treeId);
    }
  });
  return folders;
}

// packages/core/src/shard/counts.ts
function assignmentCounts(view, targets) {
  const index = /* @__PURE__ */ new Map();
  for (const target of targets) if (!index.has(target.name)) index.set(target.name, index.size);
  const words = Math.ceil(index.size / 32);
  const selected = view.policies.map((policy) => {
    let bits;
    for (const target of targets) {
      if (!policySelectsTarget(policy, target)) continue;
      bits ??= new Uint32Array(words);
      const i = index.get(target.name);
      bits[i >>> 5] |= 1 << (i & 31);
    }
    return bits;
  });
  const policiesOf = /* @__PURE__ */ new Map();
  for (const clusterType of view.clusterTypes) {
    const set = policiesOf.get(clusterType.name) ?? /* @__PURE__ */ new Set();
    view.policies.forEach((policy, p) => {
      if (selected[p] && selectorMatches(policy.clusterTypeSelector, clusterType.labels))
        set.add(p);
    });
    policiesOf.set(clusterType.name, set);
  }
  const bySignature = /* @__PURE__ */ new Map();
  const weights = [];
  for (const [name, set] of policiesOf) {
    const signature = [...set].sort((a, b) => a - b).join(",");
    let count = bySignature.get(signature);
    if (count === void 0) {
      const union = new Uint32Array(words);
      for (const p of set) {
        const bits = selected[p];
        for (let w = 0; w < words; w++) union[w] |= bits[w];
      }
      count = 0;
      for (let w = 0; w < words; w++) count += popcount(union[w]);
      bySignature.set(signature, count);
    }
    weights.push({ name, assignments: count });
  }
  return weights;
}
function popcount(value) {
  let v = value - (value >>> 1 & 1431655765);
  v = (v & 858993459) + (v >>> 2 & 858993459);
  return Math.imul(v + (v >>> 4) & 252645135, 16843009) >>> 24 & 255;
}
function loadEnvironment(sources) {
  const assembled = assembleEnvironment(sources, inputLimits());
  const problems = [...assembled.problems];
  const targets = deploymentTargetsOf(assembled.view, problems);
  return {
    view: assembled.view,
    targets,
    problems,
    loadFailed: assembled.problems.length > 0,
    warnings: assembled.warnings,
    notes: assembled.notes,
    environmentBranch: sources.controlPlane.files.length > 0
  };
}
function scheduleSome(loaded, only) {
  const view = {
    ...loaded.view,
    clusterTypes: loaded.view.clusterTypes.filter((c) => only(c.name))
  };
  return {
    view,
    targets: loaded.targets,
    assignments: schedule(view, loaded.targets),
    problems: loaded.problems,
    loadFailed: loaded.loadFailed,
    warnings: loaded.warnings,
    notes: loaded.notes,
    limits: inputLimits(),
    environmentBranch: loaded.environmentBranch
  };
}

// packages/core/src/shard/shard-steps.ts
function shardGroups(weights, shards) {
  return splitClusterTypes(weights, shards);
}
async function readLoaded(environment, ports) {
  const read = await ports.reporter.group(
    `Reading environment '${environment}'`,
    () => ports.sources.readEnvironment(environment)
  );
  if (!read.sources) return { ok: false, problems: read.problems };
  const loaded = loadEnvironment(read.sources);
  if (read.problems.length + loaded.problems.length > 0)
    return { ok: false, problems: [...read.problems, ...loaded.problems] };
  const weights = assignmentCounts(loaded.view, loaded.targets);
  return {
    ok: true,
    loaded,
    weights,
    assignments: weights.reduce((sum, w) => sum + w.assignments, 0),
    fingerprint: ports.digest(fingerprintParts(read.sources))
  };
}
function checkFingerprint(plan, fingerprint, assignments) {
  if (plan.fingerprint !== fingerprint || plan.assignments !== assignments)
    throw new UserError(
      `The environment '${plan.environment}' changed since the plan job read it (its branch, the promoted commit of main or a workload repository moved). Nothing was written; run the whole workflow again (a new run plans again).`
    );
}
async function planShards(request, ports) {
  const facts = scheduleFacts({ ...request, dryRun: false });
  try {
    const read = await readLoaded(request.environment, ports);
    if (!read.ok)
      return { ...facts, kind: "problems", problems: read.problems, statusSetOn: void 0 };
    const { loaded, weights, assignments } = read;
    const clusterTypes = loaded.view.clusterTypes.length;
    const count = request.shards === "auto" ? autoShardCount(assignments, clusterTypes) : effectiveShardCount(request.shards, clusterTypes);
    if (request.shards !== "auto" && count < request.shards)
      ports.reporter.info(
        `Planned ${count} shards, not ${request.shards}: the environment has ${clusterTypes} cluster types.`
      );
    const weightOf = new Map(weights.map((w) => [w.name, w.assignments]));
    const sizes = shardGroups(weights, count).map((group) => ({
      clusterTypes: group.length,
      assignments: group.reduce((sum, c) => sum + (weightOf.get(c) ?? 0), 0)
    }));
    const budget = request.maxFiles ?? DEFAULT_MAX_FILES;
    const largest = Math.max(...sizes.map((s) => s.assignments * 3 + s.clusterTypes));
    if (largest > budget)
      throw new UserError(
        `The largest of ${count} shards of '${request.environment}' would render up to ${largest.toLocaleString("en-US")} files, over the runner's budget of ${budget.toLocaleString("en-US")}. Nothing was written; set more shards (or 'auto'), or raise KALYPSO_SCHEDULE_MAX_FILES on larger runners.`
      );
    const plan = {
      version: 1,
      environment: request.environment,
      shards: count,
      fingerprint: read.fingerprint,
      assignments,
      clusterTypes
    };
    return { ...facts, kind: "planned", plan, shards: sizes, warnings: loaded.warnings };
  } catch (error) {
    return { ...facts, kind: "error", error };
  }
}

// packages/core/src/shard/render-shard.ts
var RENDER_CHUNK_ASSIGNMENTS = 1e4;
function* renderChunks(scheduled, size = RENDER_CHUNK_ASSIGNMENTS) {
  const types = [...scheduled.view.clusterTypes].sort((a, b) => compareBytes(a.name, b.name));
  const { assignments } = scheduled;
  let at = 0;
  let from = 0;
  let chunk = [];
  const flush = function* () {
    if (chunk.length === 0) return;
    yield {
      ...scheduled,
      view: { ...scheduled.view, clusterTypes: chunk },
      assignments: assignments.slice(from, at)
    };
    chunk = [];
    from = at;
  };
  for (let i = 0; i < types.length; i++) {
    const clusterType = types[i];
    chunk.push(clusterType);
    while (at < assignments.length && assignments[at].clusterType.name === clusterType.name) at++;
    if (at - from >= size && types[i + 1]?.name !== clusterType.name) yield* flush();
  }
  yield* flush();
}
var ShardProblems = class extends Error {
  problems;
  constructor(problems) {
    super("the shard has problems");
    this.problems = problems;
  }
};
function* shardFiles(scheduled, out) {
  const problems = [];
  const seen = /* @__PURE__ */ new Set();
  for (const chunk of renderChunks(scheduled)) {
    const outcome = renderScheduled(chunk);
    for (const warning of outcome.warnings) {
      const key = `${warning.file}\0${warning.line}\0${warning.object}\0${warning.message}`;
      if (!seen.has(key)) out.warnings.push(warning);
      seen.add(key);
    }
    if (!outcome.ok) {
      problems.push(...outcome.problems);
      continue;
    }
    if (problems.length > 0) continue;
    out.assignments += outcome.rendered.assignments.length;
    for (const [path, bytes] of outcome.rendered.files) {
      if (path === TRACKING_FILE) continue;
      out.bytes += bytes.length;
      yield [path, bytes];
    }
    if (out.bytes > scheduled.limits.maxOutputBytes) {
      problems.push({
        message: `the rendered GitOps files of this shard of '${scheduled.view.name}' exceed the output budget of ${formatBytes(scheduled.limits.maxOutputBytes)}; rendering stopped. Look for a template or config value that produces runaway output, or plan more shards.`
      });
      break;
    }
  }
  if (problems.length > 0) throw new ShardProblems(problems);
}
async function renderShard(request, ports) {
  const facts = scheduleFacts(request);
  const out = { warnings: [], assignments: 0, bytes: 0 };
  try {
    const plan = parseShardPlan(request.plan, request.environment);
    if (!Number.isInteger(request.shard) || request.shard < 0 || request.shard >= plan.shards)
      throw new UserError(
        `Input 'shard' is ${request.shard}, but the plan has shards 0 to ${plan.shards - 1}. Pass the matrix value: \`shard: \${{ matrix.shard }}\`.`
      );
    const ref = shardRef(request.runId, request.environment, request.shard);
    const read = await readLoaded(request.environment, ports);
    if (!read.ok)
      return { ...facts, kind: "problems", problems: read.problems, statusSetOn: void 0 };
    const { loaded, weights } = read;
    checkFingerprint(plan, read.fingerprint, read.assignments);
    const mine = new Set(shardGroups(weights, plan.shards)[request.shard]);
    const scheduled = scheduleSome(loaded, (name) => mine.has(name));
    const target = gitopsTarget(request, scheduled.view.gitOpsRepos[0]);
    if ("problem" in target)
      return { ...facts, kind: "problems", problems: [target.problem], statusSetOn: void 0 };
    const files = shardFiles(scheduled, out);
    let commit;
    let written = 0;
    await ports.reporter.group(
      `Rendering shard ${request.shard} of ${plan.shards} (${mine.size} cluster types, ${scheduled.assignments.length} assignments)`,
      async () => {
        if (request.dryRun) {
          for (const _file of files) written++;
          return;
        }
        const gitops = await ports.openGitOps(target.repository);
        if (!gitops.shards) throw new Error("This GitOps repository adapter has no shard refs.");
        const result = await gitops.shards.write(
          ref,
          files,
          `Kalypso shard ${request.shard} of ${plan.shards} for '${request.environment}'

Plan ${plan.fingerprint}
`
        );
        commit = result.commit;
        written = result.files;
        ports.reporter.info(
          `Pushed shard ${request.shard} (${written} files) to '${ref}' at ${commit.slice(0, 7)}.`
        );
      }
    );
    return {
      ...facts,
      kind: "shard-rendered",
      shard: request.shard,
      of: plan.shards,
      ref,
      commit,
      clusterTypes: mine.size,
      assignments: out.assignments,
      files: written,
      warnings: out.warnings
    };
  } catch (error) {
    if (error instanceof ShardProblems)
      return {
        ...facts,
        kind: "problems",
        problems: error.problems,
        statusSetOn: void 0,
        warnings: out.warnings
      };
    return { ...facts, kind: "error", error };
  }
}

// packages/core/src/shard/shard-schedule.ts
function shardExpectation(scheduled, shards) {
  const ranges = /* @__PURE__ */ new Map();
  const { assignments } = scheduled;
  for (let at = 0; at < assignments.length; ) {
    const name = assignments[at].clusterType.name;
    let end = at;
    while (end < assignments.length && assignments[end].clusterType.name === name) end++;
    ranges.set(name, [at, end]);
    at = end;
  }
  return {
    gitopsPath: normaliseGitOpsPath(scheduled.view.gitOpsRepos[0]?.path ?? "."),
    groups: shardGroups(assignmentCounts(scheduled.view, scheduled.targets), shards),
    targets(clusterType) {
      const [from, to] = ranges.get(clusterType) ?? [0, 0];
      return new Set(assignments.slice(from, to).map((a) => a.target.name));
    }
  };
}
async function checkAndCompose(environment, refs, read, expected) {
  const checker = shardChecker(expected);
  let files = 0;
  const counted = function* (entries) {
    for (const entry of entries) {
      files += 1;
      yield entry;
    }
  };
  for (const [index, ref] of refs.entries()) {
    const tree = read.get(ref);
    checker.check({ index, ref, files: tree && counted(await tree.entries()) });
  }
  const problems = checker.problems();
  if (problems.length > 0)
    throw new UserError(
      `The shards of '${environment}' cannot be joined (${problems.length} problem${problems.length === 1 ? "" : "s"}); nothing was pushed:
${problems.map((p) => `  ${p.message}`).join("\n")}`,
      problems
    );
  return {
    folders: composeShards(
      refs.map((ref) => read.get(ref)),
      expected
    ),
    files
  };
}
async function joinShards(request, ports) {
  let plan;
  let refs;
  try {
    plan = parseShardPlan(request.plan, request.environment);
    refs = Array.from(
      { length: plan.shards },
      (_, i) => shardRef(request.runId, request.environment, i)
    );
  } catch (error) {
    return { ...scheduleFacts(request), kind: "error", error };
  }
  const leases = /* @__PURE__ */ new Map();
  let store;
  const compose = async ({ sources, scheduled }, open) => {
    checkFingerprint(plan, ports.digest(fingerprintParts(sources)), scheduled.assignments.length);
    const expected = shardExpectation(scheduled, plan.shards);
    const gitops = await open();
    store = gitops.shards;
    if (!store) throw new Error("This GitOps repository adapter has no shard refs.");
    const read = await store.read(refs, expected.gitopsPath);
    const checked = await checkAndCompose(request.environment, refs, read, expected);
    const shardStore = store;
    for (const ref of refs) leases.set(ref, read.get(ref).commit);
    const view = scheduled.view;
    const baseRepo = view.baseRepos.find((b) => b.name === "main");
    const gitOpsRepo = view.gitOpsRepos[0];
    const own = /* @__PURE__ */ new Map();
    if (baseRepo?.commit) own.set(TRACKING_FILE, new TextEncoder().encode(baseRepo.commit));
    return {
      ok: true,
      rendered: {
        view,
        targets: scheduled.targets,
        assignments: scheduled.assignments,
        baseRepo,
        gitOpsRepo,
        gitopsPath: expected.gitopsPath,
        files: own
      },
      composed: { folders: checked.folders, files: checked.files, store: shardStore },
      warnings: scheduled.warnings,
      notes: scheduled.notes
    };
  };
  const report = await scheduleEnvironment(request, { ...ports, compose });
  if (report.kind !== "published" || request.dryRun || !store) return report;
  try {
    await store.remove(leases);
    ports.reporter.info(`Deleted the ${leases.size} shard refs of this run.`);
    return { ...report, joined: { shards: plan.shards, removed: true } };
  } catch (error) {
    ports.reporter.warning(
      `The shard refs of this run were not deleted (${error instanceof Error ? error.message : String(error)}); the pull request stands. Delete refs under refs/kalypso/shards/${request.runId}/ by hand.`
    );
    return { ...report, joined: { shards: plan.shards, removed: false } };
  }
}
export {
  joinShards,
  planShards,
  renderShard
};
//# sourceMappingURL=sharded-IRKQFAHA.js.map
