#!/usr/bin/env node

// packages/cli/src/command-specs.ts
var environmentOptions = {
  environment: {
    type: "string",
    value: "<name>",
    help: "the environment (= branch) to render; one of main's .github/promotion-chain.yaml when there is one"
  },
  base: { type: "string", value: "<dir>", help: "control-plane main at the promoted commit" },
  "control-plane": {
    type: "string",
    value: "<dir>",
    help: "the environment's branch of the control plane"
  },
  workload: {
    type: "string",
    multiple: true,
    value: "<registration>=<dir-or-file>",
    help: "where a WorkloadRegistration's Workload files are (otherwise read from its repository with git)"
  },
  "allow-local-workloads": {
    type: "boolean",
    help: "also fetch WorkloadRegistrations whose repo is a local path or file:// URL (offline use; otherwise https:// only)"
  }
};
var outputOptions = {
  quiet: {
    type: "boolean",
    short: "q",
    help: "no progress messages on stderr (they are shown only when stderr is a terminal and CI is not set)"
  },
  "no-color": {
    type: "boolean",
    help: "no colours (the default on a terminal, unless NO_COLOR is set; FORCE_COLOR=1 colours a pipe)"
  }
};
var formatOption = {
  type: "string",
  value: "text|json",
  help: "json: one JSON document on stdout (problems and warnings included) for scripts"
};
var previewFormatOption = {
  type: "string",
  value: "text|markdown|json",
  help: "text (default): assignments, reasons, config keys and the unified diff; markdown: the sections of the preview comment; json: the structured comparison for scripts"
};
var helpOption = { type: "boolean", short: "h", help: "show this help" };
var COMMANDS = [
  {
    name: "render",
    summary: "render an environment into a GitOps working tree",
    usage: "kalypso render --environment <name> --base <dir> --control-plane <dir> [--workload <registration>=<dir-or-file>]... --out <dir> [--create]",
    options: {
      ...environmentOptions,
      out: {
        type: "string",
        value: "<dir>",
        help: "a working tree of the GitOps repository's environment branch, updated in place (files outside the scheduler's folders are kept)"
      },
      create: {
        type: "boolean",
        help: "--out may be a folder that does not exist yet: create it (without --create, kalypso asks on a terminal and stops otherwise)"
      },
      verbose: {
        type: "boolean",
        help: "list every scheduled target in the summary (long lists are folded)"
      },
      ...outputOptions,
      help: helpOption
    }
  },
  {
    name: "validate",
    summary: "check that an environment (or every environment of a clone) renders",
    usage: [
      "kalypso validate --environment <name> --base <dir> --control-plane <dir> [--workload ...] [--format json]",
      "kalypso validate --repo <control-plane clone> --all-environments [--workload ...] [--format json]"
    ].join("\n       "),
    options: {
      ...environmentOptions,
      repo: {
        type: "string",
        value: "<dir>",
        help: "a clone of the control-plane repository: read main and the environment branches from git, without checking them out"
      },
      "all-environments": {
        type: "boolean",
        help: "with --repo: every environment of main's .github/promotion-chain.yaml (else every branch holding a gitops-repo.yaml)"
      },
      format: formatOption,
      ...outputOptions,
      help: helpOption
    }
  },
  {
    name: "plan",
    summary: "print what render would change in a GitOps working tree (the preview of a pull request), writing nothing",
    usage: "kalypso plan --environment <name> --base <dir> --control-plane <dir> [--workload ...] --out <dir> [--format text|markdown|json]",
    options: {
      ...environmentOptions,
      out: {
        type: "string",
        value: "<dir>",
        help: "the GitOps working tree to compare with (an existing folder)"
      },
      format: previewFormatOption,
      ...outputOptions,
      help: helpOption
    }
  },
  {
    name: "explain",
    summary: "say, policy by policy, why a deployment target is (not) scheduled on cluster types",
    usage: "kalypso explain --environment <name> --base <dir> --control-plane <dir> [--workload ...] --target <deployment target> [--cluster-type <name>] [--format json]",
    options: {
      ...environmentOptions,
      target: { type: "string", value: "<name>", help: "the deployment target to explain" },
      "cluster-type": {
        type: "string",
        value: "<name>",
        help: "only this cluster type (default: every cluster type)"
      },
      format: formatOption,
      ...outputOptions,
      help: helpOption
    }
  },
  {
    name: "diff",
    summary: "compare the render of an environment with its live GitOps branch (read-only)",
    usage: "kalypso diff --environment <name> --base <dir> --control-plane <dir> [--workload ...] --gitops <url-or-path> --branch <branch> [--format text|markdown|json] [--exit-code]",
    options: {
      ...environmentOptions,
      gitops: {
        type: "string",
        value: "<url-or-path>",
        help: "the GitOps repository, cloned shallow and read-only"
      },
      branch: {
        type: "string",
        value: "<branch>",
        help: "the GitOps repository's environment branch"
      },
      format: previewFormatOption,
      "exit-code": {
        type: "boolean",
        help: "exit with 1 when the branch differs from the render, 0 when it does not (as git diff --exit-code)"
      },
      ...outputOptions,
      help: helpOption
    }
  },
  {
    name: "status",
    summary: "say which main commit runs in which environment, since when, by which run and what is waiting (reads the deployments ledger on GitHub)",
    usage: "kalypso status [--repo <owner/name>] [--api-url <url>] [--format text|json]   (token: GITHUB_TOKEN or GH_TOKEN)",
    options: {
      repo: {
        type: "string",
        value: "<owner/name>",
        help: 'the control-plane repository (default: the GitHub remote "origin" of the clone in the current folder)'
      },
      "api-url": {
        type: "string",
        value: "<url>",
        help: "GitHub's REST API: https://api.github.com (default; GITHUB_API_URL when set), https://<host>/api/v3 on GitHub Enterprise Server"
      },
      format: formatOption,
      ...outputOptions,
      help: helpOption
    }
  },
  ...["lock", "unlock"].map((name) => ({
    name,
    summary: name === "lock" ? "hold the promotions of an environment (or of one cluster type): add a lock to its branch's .kalypso/locks.yaml" : "let promotions go again: remove a lock from the environment branch's .kalypso/locks.yaml",
    usage: name === "lock" ? "kalypso lock --environment <name> --reason <text> [--scope environment|<cluster type>] [--expires 4h|<instant>] [--control-plane <dir>] [--by <login>] [--commit]" : "kalypso unlock --environment <name> [--scope environment|<cluster type>] [--reason <text>] [--control-plane <dir>] [--by <login>] [--commit]",
    options: {
      environment: {
        type: "string",
        value: "<name>",
        help: "the environment (= branch) whose promotions the lock holds"
      },
      scope: {
        type: "string",
        value: "environment|<cluster type>",
        help: "what the lock holds: the whole environment (default) or one cluster type"
      },
      reason: {
        type: "string",
        value: "<text>",
        help: name === "lock" ? "why promotions stop, one line of at most 200 characters (e.g. 'INC-4211: payments outage')" : "only the lock of the scope with this reason (default: every lock of the scope)"
      },
      ...name === "lock" ? {
        expires: {
          type: "string",
          value: "4h|<instant>",
          help: "when the lock lifts by itself: a duration from now (4h, 1d, 1h30m) or an instant with a timezone (2026-11-26T18:00:00Z); default: until unlocked"
        }
      } : {},
      "control-plane": {
        type: "string",
        value: "<dir>",
        help: "a working tree of the environment's branch of the control plane (default: the current folder)"
      },
      by: {
        type: "string",
        value: "<login>",
        help: "who changes the lock (default: git config github.user, else user.name)"
      },
      commit: {
        type: "boolean",
        help: "commit .kalypso/locks.yaml alone, with the Kalypso-Lock trailers (the environment branch must be checked out); push it yourself"
      },
      ...outputOptions,
      help: helpOption
    }
  }))
];
var EXIT_CODES = `Exit status:
  0  success (diff --exit-code: no difference)
  1  problems in the control plane (each printed as file:line: Kind 'name': message; nothing written),
     a repository that cannot be read (status: a ledger that cannot be read), or (diff --exit-code) a
     difference
  2  usage error: unknown command, option or environment, missing or invalid argument,
     an --out that does not exist without --create`;
function mainHelp(version) {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `kalypso ${version}: render, validate, plan, explain and diff a Kalypso control plane; status of its promotions; lock and unlock them.`,
    "",
    "Usage: kalypso <command> [options]",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Options:",
    "  -h, --help     show help (kalypso <command> --help for one command)",
    "  -V, --version  print the version",
    "",
    "Colours on a terminal only: NO_COLOR=1 or --no-color turns them off, FORCE_COLOR=1 on.",
    "",
    EXIT_CODES
  ].join("\n");
}
function commandHelp(command) {
  const options = Object.entries(command.options).flatMap(([name, o]) => [
    `  ${o.short ? `-${o.short}, ` : ""}--${name}${o.value ? ` ${o.value}` : ""}${o.multiple ? "  (repeatable)" : ""}`,
    `      ${o.help}`
  ]);
  return [
    `kalypso ${command.name}: ${command.summary}.`,
    "",
    `Usage: ${command.usage}`,
    "",
    "Options:",
    ...options,
    "",
    EXIT_CODES
  ].join("\n");
}
function quickAnswer(argv2, version) {
  const [name, ...rest] = argv2;
  if (name === void 0) return { stderr: mainHelp(version()), code: 2 };
  if ((name === "--help" || name === "-h" || name === "help") && rest.length === 0)
    return { stdout: mainHelp(version()), code: 0 };
  if ((name === "--version" || name === "-V" || name === "version") && rest.length === 0)
    return { stdout: version(), code: 0 };
  const helpOf = (commandName) => {
    const command = COMMANDS.find((c) => c.name === commandName);
    return command ? { stdout: commandHelp(command), code: 0 } : void 0;
  };
  if ((name === "--help" || name === "-h" || name === "help") && rest.length === 1)
    return helpOf(rest[0]);
  if (rest.length === 1 && (rest[0] === "--help" || rest[0] === "-h")) return helpOf(name);
  return void 0;
}

// packages/cli/src/version.ts
import { readFileSync } from "node:fs";
function cliVersion() {
  if (true) return "0.1.0";
  const manifest = JSON.parse(
    readFileSync(new URL("../package.json", import.meta.url), "utf8")
  );
  return manifest.version ?? "0.0.0";
}

// packages/cli/src/main.ts
var argv = process.argv.slice(2);
var answer = quickAnswer(argv, cliVersion);
if (answer) {
  if (answer.stdout !== void 0) console.log(answer.stdout);
  if (answer.stderr !== void 0) console.error(answer.stderr);
  process.exitCode = answer.code;
} else {
  const { run } = await import("./kalypso-engine.mjs");
  process.exitCode = await run(argv);
}
//# sourceMappingURL=kalypso.mjs.map
