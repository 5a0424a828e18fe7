import { createRequire as __kalypsoCreateRequire } from 'node:module'; const require = __kalypsoCreateRequire(import.meta.url);
import {
  DEFAULT_INPUT_LIMITS,
  DEFAULT_MAX_FILES,
  ProblemList,
  UserError,
  __commonJS,
  __toESM,
  chunkStarts,
  controlPlaneInputs,
  decodeSourceText,
  environmentStatusContext,
  firstObjectIn,
  fleetFiles,
  gitopsTarget,
  isManifestPath,
  isValidBranchName,
  loadFile,
  parseNotedProposal,
  propose,
  record,
  recordStateOf,
  reloadFrom,
  runInputs,
  scheduleFailureStatus,
  splittable,
  startGitOps,
  takeNotedProposal,
  withinBudget
} from "./chunk-MSWBXDM5.js";

// node_modules/ignore/index.js
var require_ignore = __commonJS({
  "node_modules/ignore/index.js"(exports, module) {
    function makeArray(subject) {
      return Array.isArray(subject) ? subject : [subject];
    }
    var UNDEFINED = void 0;
    var EMPTY = "";
    var SPACE = " ";
    var ESCAPE = "\\";
    var REGEX_LITERAL_SPECIAL = /[.*+?()[\]{}^$|\\/]/;
    var BOM = "\uFEFF";
    var REGEX_ANCHORED_GLOBSTAR = /^\/\*{2,}$/;
    var REGEX_REPLACE_LEADING_EXCAPED_EXCLAMATION = /^\\!/;
    var REGEX_REPLACE_LEADING_EXCAPED_HASH = /^\\#/;
    var REGEX_SPLITALL_CRLF = /\r?\n/g;
    var DOUBLE_SLASH = "//";
    var SLASH_CODE = 47;
    var DOT_CODE = 46;
    var SLASH = "/";
    var TMP_KEY_IGNORE = "node-ignore";
    if (typeof Symbol !== "undefined") {
      TMP_KEY_IGNORE = /* @__PURE__ */ Symbol.for("node-ignore");
    }
    var KEY_IGNORE = TMP_KEY_IGNORE;
    var define = (object, key, value) => {
      Object.defineProperty(object, key, { value });
      return value;
    };
    var RETURN_FALSE = () => false;
    var POSIX_CLASSES = {
      alnum: "0-9A-Za-z",
      alpha: "A-Za-z",
      blank: " \\t",
      cntrl: "\\x00-\\x1f\\x7f",
      digit: "0-9",
      graph: "!-.0-~",
      lower: "a-z",
      print: " -.0-~",
      punct: "!-.:-@\\[-`{-~",
      // git's `sane-ctype.h` classifies \v and \f as control, not space,
      //   unlike C's `isspace`
      space: " \\t\\n\\r",
      upper: "A-Z",
      xdigit: "0-9A-Fa-f"
    };
    var CLASS_MEMBERS_TO_ESCAPE = "\\]^-[";
    var escapeMember = (char) => CLASS_MEMBERS_TO_ESCAPE.indexOf(char) < 0 ? char : ESCAPE + char;
    var NON_SLASH = "(?!\\/)";
    var classSource = (negated, body) => {
      if (negated) {
        return `[^\\/${body}]`;
      }
      const source = `[${body}]`;
      return new RegExp(source).test("/") ? NON_SLASH + source : source;
    };
    var scanBracket = (pattern, start) => {
      const { length } = pattern;
      let index = start + 1;
      let negated = EMPTY;
      const lead = pattern[index];
      if (lead === "!" || lead === "^") {
        negated = "^";
        index++;
      }
      let body = EMPTY;
      let prev = EMPTY;
      for (; ; ) {
        const char = pattern[index];
        if (char === UNDEFINED) {
          return null;
        }
        if (char === ESCAPE) {
          const escaped = pattern[++index];
          body += escapeMember(escaped);
          prev = escaped;
        } else if (char === "-" && prev && index + 1 < length && pattern[index + 1] !== "]") {
          index++;
          let to = pattern[index];
          if (to === ESCAPE) {
            to = pattern[index += 1];
          }
          if (prev <= to) {
            body += `-${escapeMember(to)}`;
          }
          prev = EMPTY;
        } else if (char === "[" && pattern[index + 1] === ":") {
          const nameStart = index + 2;
          let end = nameStart;
          while (end < length && pattern[end] !== "]") {
            end++;
          }
          if (end === length) {
            return null;
          }
          if (end > nameStart && pattern[end - 1] === ":") {
            const name = pattern.slice(nameStart, end - 1);
            if (!Object.prototype.hasOwnProperty.call(POSIX_CLASSES, name)) {
              return null;
            }
            body += POSIX_CLASSES[name];
            prev = EMPTY;
            index = end;
          } else {
            body += escapeMember("[");
            prev = "[";
            index = nameStart - 2;
          }
        } else {
          body += escapeMember(char);
          prev = char;
        }
        index++;
        if (pattern[index] === "]") {
          return {
            end: index,
            source: classSource(negated, body)
          };
        }
      }
    };
    var NEVER_MATCH = "[]";
    var PLACEHOLDER = "\0";
    var REGEX_RESTORE_PLACEHOLDER = new RegExp(
      `${PLACEHOLDER}(\\d+)${PLACEHOLDER}`,
      "g"
    );
    var TRAILING_WILDCARD = "\uE000";
    var TRAILING_DOUBLESTAR = "\uE001";
    var isReserved = (char) => char === PLACEHOLDER || char === TRAILING_WILDCARD || char === TRAILING_DOUBLESTAR;
    var extractBrackets = (pattern) => {
      const sources = [];
      const hold = (source) => `${PLACEHOLDER}${sources.push(source) - 1}${PLACEHOLDER}`;
      const { length } = pattern;
      let out = EMPTY;
      let index = 0;
      while (index < length) {
        const char = pattern[index];
        if (char === ESCAPE) {
          const escaped = pattern[index + 1];
          if (escaped === SLASH && index + 2 === length) {
            out += hold(NEVER_MATCH);
          } else if (escaped === "*" || escaped === "[" || escaped === SPACE) {
            out += pattern.slice(index, index + 2);
          } else {
            out += hold(
              REGEX_LITERAL_SPECIAL.test(escaped) ? ESCAPE + escaped : isReserved(escaped) ? `[${escaped}]` : escaped
            );
          }
          index += 2;
        } else if (isReserved(char)) {
          out += hold(`[${char}]`);
          index++;
        } else if (char === "[") {
          const scanned = scanBracket(pattern, index);
          if (scanned === null) {
            out += hold(NEVER_MATCH);
            index = length;
          } else {
            out += hold(scanned.source);
            index = scanned.end + 1;
          }
        } else {
          out += char;
          index++;
        }
      }
      return {
        source: out,
        sources
      };
    };
    var DIRECT = null;
    var REGEX_INNER_SLASH = /\/(?!$)/;
    var WILDCARD = "[^\\/]*";
    var REPLACERS = [
      // Replace (\ ) with ' '
      // Only a space: an escaped tab or other whitespace is already a literal by
      //   the time it reaches here, and a bare tab must be left as one, not turned
      //   into a space.
      // (\ ) -> ' '
      // (\\ ) -> '\\ '
      // (\\\ ) -> '\\ '
      [
        // A run of backslashes is taken whole, from its first one, so no match
        //   ever starts again inside it -- `(\\+?) ` did, which made a long run
        //   quadratic.
        /(\\+)( ?)/g,
        (_, run, space) => space ? run.slice(0, run.length - run.length % 2) + SPACE : run,
        ESCAPE + SPACE
      ],
      // git's wildmatch() reads a run of two or more asterisks as one globstar
      //   whenever the run fills a path segment: it starts the pattern or follows
      //   a `/`, and it ends the pattern or comes before a `/`. A run of two is
      //   already `**`; a longer one is folded into `**` here, so the steps
      //   below only ever have to know `**`.
      // `***/foo` -> `**/foo`, `a/***/b` -> `a/**/b`, `a/***` -> `a/**`
      // git also takes a run beside a literal prefix (`a***/b`) or beside an
      //   escaped slash (`***\/b`) as a globstar, and this does not; the README
      //   lists both, under "A run of asterisks".
      [
        /(^|\/)\*{3,}(?=\/|$)/g,
        (_, start) => `${start}**`,
        "*"
      ],
      // Escape metacharacters
      // which is written down by users but means special for regular expressions.
      // > There are 12 characters with special meanings:
      // > - the backslash \,
      // > - the caret ^,
      // > - the dollar sign $,
      // > - the period or dot .,
      // > - the vertical bar or pipe symbol |,
      // > - the question mark ?,
      // > - the asterisk or star *,
      // > - the plus sign +,
      // > - the opening parenthesis (,
      // > - the closing parenthesis ),
      // > - and the opening square bracket [,
      // > - the opening curly brace {,
      // > These special characters are often called "metacharacters".
      [
        /[\\$.|*+(){^]/g,
        (match) => `\\${match}`
      ],
      [
        // > a question mark (?) matches a single character
        /(?!\\)\?/g,
        () => "[^/]",
        "?"
      ],
      // leading slash
      [
        // > A leading slash matches the beginning of the pathname.
        // > For example, "/*.c" matches "cat-file.c" but not "mozilla-sha1/sha1.c".
        // A leading slash matches the beginning of the pathname
        /^\//,
        () => "^",
        SLASH
      ],
      // replace special metacharacter slash after the leading slash
      [
        /\//g,
        () => "\\/",
        SLASH
      ],
      [
        // > A leading "**" followed by a slash means match in all directories.
        // > For example, "**/foo" matches file or directory "foo" anywhere,
        // > the same as pattern "foo".
        // > "**/foo/bar" matches file or directory "bar" anywhere that is directly
        // >   under directory "foo".
        // Notice that the '*'s have been replaced as '\\*'
        /^\^*(?:\\\*\\\*\\\/)+/,
        // '**/foo' <-> 'foo'
        () => "(?:^|\\/)",
        "*"
      ],
      // starting
      [
        // there will be no leading '/'
        //   (which has been replaced by section "leading slash")
        // If starts with '**', adding a '^' to the regular expression also works
        DIRECT,
        (source, pattern) => {
          if (!source || source[0] === "^" || source[0] === "(") {
            return source;
          }
          const anchor = !REGEX_INNER_SLASH.test(pattern) ? "(?:^|\\/)" : "^";
          return anchor + source;
        }
      ],
      // two globstars
      [
        // Use lookahead assertions so that we could match more than one `'/**'`
        /\\\/\\\*\\\*(?=\\\/|$)/g,
        // Zero, one or several directories
        // should not use '*', or it will be replaced by the next replacer
        // Check if it is not the last `'/**'`
        (_, index, str) => index + 6 < str.length ? str.slice(index + 6) === "\\/" ? "(?:\\/[^\\/]+)+" : "(?:\\/[^\\/]+)*" : `\\/${TRAILING_DOUBLESTAR}`,
        "*"
      ],
      // normal intermediate wildcards
      [
        // Never replace escaped '*'
        // ignore rule '\*' will match the path '*'
        // 'abc.*/' -> go
        // 'abc.*'  -> skip this rule,
        //    coz trailing single wildcard will be handed by [trailing wildcard]
        /(^|[^\\])(?:\\\*)+(?!$)/g,
        // '*.js' matches '.js'
        // '*.js' doesn't match 'abc'
        // 1. An asterisk "*" matches anything except a slash.
        // 2. Other consecutive asterisks are considered regular asterisks
        //    and collapse into one non-slash wildcard run.
        (_, p1) => p1 + WILDCARD,
        "*"
      ],
      // trailing wildcard, held apart from a literal star
      [
        // The step above leaves a trailing `*` alone, so a single `\*` is all that
        //   can be left at the end here, and what stands in front of it says which
        //   kind it is. A wildcard arrives as the escaper wrote it, `\*` with
        //   nothing before it; a literal arrives as the user's own escape, which
        //   the escaper doubled, and then the star's own -- `\\` and then `\*`.
        //   There is no third case: every backslash still reaching the chain is
        //   one `\*`, `\[` or `\ ` carries itself, and each is followed by its
        //   own character, so a longer run can never form. This runs while the
        //   two are still distinct, before the unescape steps below collapse the
        //   literal onto the very `\*` a wildcard leaves behind.
        /(^|[^\\])((?:\\\\)*)\\\*$/,
        (match, p1, p2) => p2 === EMPTY ? p1 + TRAILING_WILDCARD : match,
        "*"
      ],
      [
        // unescape, revert step 3 except for back slash
        // For example, if a user escape a '\\*',
        // after step 3, the result will be '\\\\\\*'
        /\\\\\\(?=[$.|*+(){^])/g,
        () => ESCAPE,
        ESCAPE + ESCAPE
      ],
      [
        // '\\\\' -> '\\'
        /\\\\/g,
        () => ESCAPE,
        ESCAPE + ESCAPE
      ],
      [
        // Every real bracket expression -- POSIX classes included -- has already
        //   been held aside by `extractBrackets`, so the only `[` left in the
        //   pattern is an escaped, literal one.
        // A backslash could only stand at the end of the range if it quoted the
        //   `]`, and `\]` is held aside long before this.
        /\\\[([^\]/]*?)($|\])/g,
        // '\\[bar]' -> '\\\\[bar]'
        (match, range, close) => `\\[${range}${close}`,
        "["
      ],
      // ending
      [
        // 'js' will not match 'js.'
        // 'ab' will not match 'abc'
        DIRECT,
        // WTF!
        // https://git-scm.com/docs/gitignore
        // changes in [2.22.1](https://git-scm.com/docs/gitignore/2.22.1)
        // which re-fixes #24, #38
        // > If there is a separator at the end of the pattern then the pattern
        // > will only match directories, otherwise the pattern can match both
        // > files and directories.
        // 'js*' will not match 'a.js'
        // 'js/' will not match 'a.js'
        // 'js' will match 'a.js' and 'a.js/'
        (source) => {
          const last = source[source.length - 1];
          if (!last || last === TRAILING_WILDCARD || last === TRAILING_DOUBLESTAR) {
            return source;
          }
          return last === SLASH ? `${source}$` : `${source}(?=$|\\/$)`;
        }
      ]
    ];
    var REGEX_REPLACE_TRAILING_WILDCARD = /(^|\\\/)?\uE000$/;
    var MODE_IGNORE = "regex";
    var MODE_CHECK_IGNORE = "checkRegex";
    var UNDERSCORE = "_";
    var replaceTrailingWildcard = (_, p1) => {
      const prefix = p1 ? `${p1}[^/]+` : "[^/]*";
      return `${prefix}(?=$|\\/$)`;
    };
    var REGEX_REPLACE_TRAILING_DOUBLESTAR = /\uE001$/;
    var replaceTrailingDoublestar = () => "[\\s\\S]";
    var separatorAfter = (run, at) => {
      let separator = EMPTY;
      for (let index = at + 1; index < run.length && !run[index].wildcard; index++) {
        separator += run[index].single;
      }
      return separator;
    };
    var pinWildcards = (source) => {
      if (source.indexOf(WILDCARD) < 0) {
        return source;
      }
      const tokens = [];
      const { length } = source;
      let index = 0;
      while (index < length) {
        const char = source[index];
        if (source.startsWith(WILDCARD, index)) {
          tokens.push({ wildcard: true });
          index += WILDCARD.length;
        } else if (char === "[") {
          let end = index + 1;
          if (source[end] === "^") {
            end++;
          }
          if (source[end] === "]") {
            end++;
          }
          while (end < length && source[end] !== "]") {
            end += source[end] === ESCAPE ? 2 : 1;
          }
          end++;
          tokens.push({ single: source.slice(index, end) });
          index = end;
        } else if (char === ESCAPE) {
          tokens.push({ single: source.slice(index, index + 2) });
          index += 2;
        } else if (char === "(") {
          let depth2 = 0;
          let end = index;
          do {
            if (source[end] === ESCAPE) {
              end++;
            } else if (source[end] === "(") {
              depth2++;
            } else if (source[end] === ")") {
              depth2--;
            }
            end++;
          } while (end < length && depth2 > 0);
          if ("*+?".indexOf(source[end]) >= 0) {
            end++;
          }
          tokens.push({ boundary: source.slice(index, end) });
          index = end;
        } else if (char === "^" || char === "$") {
          tokens.push({ boundary: char });
          index++;
        } else {
          tokens.push({ single: char });
          index++;
        }
      }
      let out = EMPTY;
      let run = [];
      const flush = () => {
        let lastWildcard;
        run.forEach((token, at) => {
          if (token.wildcard) {
            lastWildcard = at;
          }
        });
        run.forEach((token, at) => {
          if (!token.wildcard) {
            out += token.single;
            return;
          }
          out += at === lastWildcard ? WILDCARD : `(?:(?!${separatorAfter(run, at)})[^\\/])*`;
        });
        run = [];
      };
      tokens.forEach((token) => {
        if (token.boundary === void 0) {
          run.push(token);
          return;
        }
        flush();
        out += token.boundary;
      });
      flush();
      return out;
    };
    var makeRegexPrefix = (pattern) => {
      if (REGEX_ANCHORED_GLOBSTAR.test(pattern)) {
        pattern = "**";
      }
      const { source, sources } = extractBrackets(pattern);
      const replaced = REPLACERS.reduce(
        // A pass whose matcher finds nothing hands back the very string it was
        //   given, so asking first costs a search and saves a rewrite. Ten of the
        //   fifteen passes never fire for a typical .gitignore line, and between
        //   them they were 45% of this chain.
        (prev, [matcher, replacer, required]) => {
          if (matcher === DIRECT) {
            return replacer(prev, pattern);
          }
          if (required !== UNDEFINED && prev.indexOf(required) < 0) {
            return prev;
          }
          return matcher.test(prev) ? prev.replace(matcher, replacer.bind(pattern)) : prev;
        },
        source
      );
      return sources.length ? replaced.replace(
        REGEX_RESTORE_PLACEHOLDER,
        (match, index) => sources[index]
      ) : replaced;
    };
    var checkSourceOf = (body, prefix) => {
      if (body[body.length - 1] === SLASH) {
        prefix = makeRegexPrefix(body.slice(0, -1));
      }
      const head = prefix.slice(0, -1);
      const last = prefix[prefix.length - 1];
      return last === TRAILING_WILDCARD ? `${head}$` : last === TRAILING_DOUBLESTAR ? head : NEVER_MATCH;
    };
    var matchesBasename = (body) => {
      const index = body.indexOf(SLASH);
      return index < 0 || index === body.length - 1;
    };
    var basenameOf = (path) => {
      const end = path.length - 1;
      const index = path.lastIndexOf(
        SLASH,
        path[end] === SLASH ? end - 1 : end
      );
      return index < 0 ? path : path.slice(index + 1);
    };
    var parentOf = (path) => {
      if (path.charCodeAt(0) === SLASH_CODE || path.indexOf(DOUBLE_SLASH) >= 0) {
        const slices = path.split(SLASH).filter(Boolean);
        slices.pop();
        return slices.length ? slices.join(SLASH) + SLASH : EMPTY;
      }
      const end = path.length - 1;
      const cut = path.lastIndexOf(
        SLASH,
        path.charCodeAt(end) === SLASH_CODE ? end - 1 : end
      );
      return cut < 0 ? EMPTY : path.slice(0, cut + 1);
    };
    var isString = (subject) => typeof subject === "string";
    var checkPattern = (pattern) => pattern && isString(pattern);
    var splitPattern = (pattern) => (pattern[pattern.length - 1] === "\r" ? pattern.slice(0, -1) : pattern).split(REGEX_SPLITALL_CRLF).filter(Boolean);
    var IgnoreRule = class {
      constructor(pattern, mark, body, ignoreCase, negative, prefix) {
        this.pattern = pattern;
        this.mark = mark;
        this.negative = negative;
        define(this, "body", body);
        define(this, "ignoreCase", ignoreCase);
        define(this, "regexPrefix", prefix);
      }
      // Worked out on first use and kept behind an own property, the way `regex`
      //   caches itself in `_regex`. Deciding it in the constructor instead would
      //   add a fourth `defineProperty` to every rule ever built, which cost 4% of
      //   every compile -- including the compiles of rules that are never matched
      //   against anything.
      get _basenameOnly() {
        return define(this, "_basenameOnly", matchesBasename(this.body));
      }
      get regex() {
        const key = UNDERSCORE + MODE_IGNORE;
        if (this[key]) {
          return this[key];
        }
        return this._make(MODE_IGNORE, key);
      }
      get checkRegex() {
        const key = UNDERSCORE + MODE_CHECK_IGNORE;
        if (this[key]) {
          return this[key];
        }
        return this._make(MODE_CHECK_IGNORE, key);
      }
      _make(mode, key) {
        const str = pinWildcards(
          mode === MODE_IGNORE ? this.regexPrefix.replace(REGEX_REPLACE_TRAILING_WILDCARD, replaceTrailingWildcard).replace(REGEX_REPLACE_TRAILING_DOUBLESTAR, replaceTrailingDoublestar) : checkSourceOf(this.body, this.regexPrefix)
        );
        const regex = this.ignoreCase ? new RegExp(str, "i") : new RegExp(str);
        return define(this, key, regex);
      }
    };
    var hasTrailingBackslash = (str) => {
      let count2 = 0;
      while (str[str.length - count2 - 1] === ESCAPE) {
        count2++;
      }
      return count2 % 2 === 1;
    };
    var trimEnd = (body, stripLineEnd) => {
      let lineEnd = body.length;
      let end;
      for (; ; ) {
        if (stripLineEnd && body[lineEnd - 1] === "\r") {
          lineEnd--;
        }
        end = lineEnd;
        while (body[end - 1] === SPACE) {
          end--;
        }
        if (!stripLineEnd || body[end - 1] !== "\n") {
          break;
        }
        lineEnd = end - 1;
      }
      if (end === lineEnd) {
        return body.slice(0, lineEnd);
      }
      let backslashes = 0;
      while (body[end - backslashes - 1] === ESCAPE) {
        backslashes++;
      }
      return backslashes % 2 ? body.slice(0, end - 1) + SPACE : body.slice(0, end);
    };
    var createRule = (pattern, mark, ignoreCase, stripLineEnd, stripBOM) => {
      let body = stripBOM && pattern[0] === BOM ? pattern.slice(1) : pattern;
      if (body[0] === "#") {
        return;
      }
      let negative = false;
      if (body[0] === "!") {
        negative = true;
        body = body.slice(1);
      }
      const last = body[body.length - 1];
      if (last === SPACE || stripLineEnd && (last === "\r" || last === "\n")) {
        body = trimEnd(body, stripLineEnd);
      }
      if (!body || hasTrailingBackslash(body)) {
        return;
      }
      body = body.replace(REGEX_REPLACE_LEADING_EXCAPED_EXCLAMATION, "!").replace(REGEX_REPLACE_LEADING_EXCAPED_HASH, "#");
      const regexPrefix = makeRegexPrefix(body);
      return new IgnoreRule(
        pattern,
        mark,
        body,
        ignoreCase,
        negative,
        regexPrefix
      );
    };
    var RuleManager = class {
      constructor(ignoreCase) {
        this._ignoreCase = ignoreCase;
        this._rules = [];
        this._basenameCount = 0;
      }
      _add(pattern, index) {
        if (pattern && pattern[KEY_IGNORE]) {
          this._rules = this._rules.concat(pattern._rules._rules);
          this._basenameCount += pattern._rules._basenameCount;
          this._added = true;
          return;
        }
        const isStr = isString(pattern);
        const raw = isStr ? pattern : pattern.pattern;
        const rule = checkPattern(raw) && createRule(
          raw,
          isStr ? UNDEFINED : pattern.mark,
          this._ignoreCase,
          !this._split,
          this._stripBOM && !index
        );
        if (rule) {
          this._added = true;
          this._rules.push(rule);
          if (matchesBasename(rule.body)) {
            this._basenameCount++;
          }
        }
      }
      // @param {Array<string> | string | Ignore} pattern
      add(pattern) {
        this._added = false;
        this._split = isString(pattern);
        this._stripBOM = !this._split || pattern[0] === BOM;
        makeArray(
          this._split ? splitPattern(pattern) : pattern
        ).forEach(this._add, this);
        if (this._added) {
          this._literalRules = UNDEFINED;
        }
        return this._added;
      }
      // Match the literal 'abc/' for `checkIgnore`, last rule wins. Only a rule
      //   ending in a wildcard can match it (see `checkSourceOf`), so the rest
      //   are left out once, rather than tested or compiled for every path.
      testLiteral(path) {
        const rules = this._literalRules || (this._literalRules = this._rules.filter(
          ({ body }) => body[body.length - (body[body.length - 1] === SLASH ? 2 : 1)] === "*"
        ));
        let ignored = false;
        let unignored = false;
        let matchedRule;
        for (let index = rules.length - 1; index >= 0; index--) {
          const rule = rules[index];
          if (rule.checkRegex.test(path)) {
            ignored = !rule.negative;
            unignored = rule.negative;
            matchedRule = rule.negative ? UNDEFINED : rule;
            break;
          }
        }
        const ret = {
          ignored,
          unignored
        };
        if (matchedRule) {
          ret.rule = matchedRule;
        }
        return ret;
      }
      // Test one single path without recursively checking parent directories
      //
      // - mode `string` either `MODE_IGNORE` or `MODE_CHECK_IGNORE`
      // @returns {TestResult}
      test(path, mode) {
        const rules = this._rules;
        const { length } = rules;
        const shortcut = this._basenameCount * 2 >= length;
        const basename = shortcut ? basenameOf(path) : path;
        for (let index = length - 1; index >= 0; index--) {
          const rule = rules[index];
          if (rule[mode].test(
            shortcut && rule._basenameOnly ? basename : path
          )) {
            const { negative } = rule;
            const ret = {
              ignored: !negative,
              unignored: negative
            };
            if (!negative) {
              ret.rule = rule;
            }
            return ret;
          }
        }
        return {
          ignored: false,
          unignored: false
        };
      }
    };
    var throwError = (message, Ctor) => {
      throw new Ctor(message);
    };
    var checkPath = (path, originalPath, doThrow) => {
      if (!isString(path)) {
        return doThrow(
          `path must be a string, but got \`${originalPath}\``,
          TypeError
        );
      }
      if (!path) {
        return doThrow(`path must not be empty`, TypeError);
      }
      if (checkPath.isNotRelative(path)) {
        const r = "`path.relative()`d";
        return doThrow(
          `path should be a ${r} string, but got "${originalPath}"`,
          RangeError
        );
      }
      return true;
    };
    var isNotRelative = (path) => {
      const first = path.charCodeAt(0);
      if (first === SLASH_CODE) {
        return true;
      }
      if (first !== DOT_CODE) {
        return false;
      }
      if (path.length === 1) {
        return true;
      }
      const second = path.charCodeAt(1);
      if (second === SLASH_CODE) {
        return true;
      }
      if (second !== DOT_CODE) {
        return false;
      }
      return path.length === 2 || path.charCodeAt(2) === SLASH_CODE;
    };
    checkPath.isNotRelative = isNotRelative;
    checkPath.convert = (p) => p;
    var convertPath = (target) => isString(target) && checkPath.convert(target);
    var Ignore = class {
      constructor({
        ignorecase = true,
        ignoreCase = ignorecase,
        allowRelativePaths = false
      } = {}) {
        define(this, KEY_IGNORE, true);
        this._rules = new RuleManager(ignoreCase);
        this._strictPathCheck = !allowRelativePaths;
        this._initCache();
      }
      _initCache() {
        this._ignoreCache = /* @__PURE__ */ Object.create(null);
        this._testCache = /* @__PURE__ */ Object.create(null);
      }
      add(pattern) {
        if (this._rules.add(pattern)) {
          this._initCache();
        }
        return this;
      }
      // legacy
      addPattern(pattern) {
        return this.add(pattern);
      }
      // @returns {TestResult}
      _test(originalPath, cache, path) {
        checkPath(
          path,
          originalPath,
          this._strictPathCheck ? throwError : RETURN_FALSE
        );
        return path ? this._t(path, cache) : {
          ignored: false,
          unignored: false
        };
      }
      checkIgnore(target) {
        const path = convertPath(target);
        if (!path || path.charCodeAt(path.length - 1) !== SLASH_CODE) {
          return this._test(target, this._testCache, path);
        }
        const dir = this._t(path, this._testCache);
        if (dir.ignored) {
          return dir;
        }
        const literal = this._rules.testLiteral(path);
        return literal.ignored || literal.unignored ? literal : dir;
      }
      _t(path, cache) {
        if (path in cache) {
          return cache[path];
        }
        const parentPath = parentOf(path);
        const parent = parentPath ? this._t(parentPath, cache) : UNDEFINED;
        return cache[path] = parent && parent.ignored ? parent : this._rules.test(path, MODE_IGNORE);
      }
      ignores(path) {
        return this._test(path, this._ignoreCache, convertPath(path)).ignored;
      }
      createFilter() {
        return (path) => !this.ignores(path);
      }
      filter(paths) {
        return makeArray(paths).filter(this.createFilter());
      }
      // @returns {TestResult}
      test(path) {
        return this._test(path, this._testCache, convertPath(path));
      }
    };
    var factory = (options) => new Ignore(options);
    var isPathValid = (path) => checkPath(convertPath(path), path, RETURN_FALSE);
    var setupWindows = () => {
      const makePosix = (str) => /^\\\\\?\\/.test(str) || /["<>|\u0000-\u001F]+/u.test(str) ? str : str.replace(/\\/g, "/");
      checkPath.convert = makePosix;
      const REGEX_TEST_WINDOWS_PATH_ABSOLUTE = /^[a-z]:\//i;
      checkPath.isNotRelative = (path) => REGEX_TEST_WINDOWS_PATH_ABSOLUTE.test(path) || isNotRelative(path);
    };
    if (
      // Detect `process` so that it can run in browsers.
      typeof process !== "undefined" && process.platform === "win32"
    ) {
      setupWindows();
    }
    module.exports = factory;
    factory.default = factory;
    module.exports.isPathValid = isPathValid;
    define(module.exports, /* @__PURE__ */ Symbol.for("setupWindows"), setupWindows);
  }
});

// packages/core/src/model/preload.ts
var PRELOAD_SLICE_CHARS = 32 * 1024;
async function preloadSources(sources, cache, pause2, options = {}) {
  const limits = options.limits ?? DEFAULT_INPUT_LIMITS;
  const slice = options.sliceChars ?? PRELOAD_SLICE_CHARS;
  const budget = { remaining: limits.maxTotalBytes };
  const unsaid = new ProblemList();
  for (const source of sources) {
    const reload = reloadFrom(source.origin, limits.maxAliasCount);
    for (const file of source.files) {
      if (!isManifestPath(file.path) || file.blobId !== void 0) continue;
      if (cache.holds(file, source.origin, limits.maxAliasCount)) continue;
      if (!withinBudget(file, limits, budget, unsaid)) {
        if (budget.exceeded) return;
        continue;
      }
      for (const end of prefixEnds(file, slice)) {
        const part = { path: file.path, text: file.text.slice(0, end) };
        const loaded = cache.load(part, source.origin, limits.maxAliasCount, loadFile, reload);
        if (!await pause2()) return;
        if (loaded.marks?.clean !== true) break;
      }
      cache.load(file, source.origin, limits.maxAliasCount, loadFile, reload);
      if (!await pause2()) return;
    }
  }
}
function prefixEnds(file, slice) {
  if (file.text.length <= slice || !splittable(file)) return [];
  const ends = [];
  let last = 0;
  for (const start of chunkStarts(file.text)) {
    if (start - last < slice) continue;
    ends.push(start);
    last = start;
  }
  return ends;
}

// packages/core/src/publish/while-reading.ts
var pause = () => new Promise((resume) => setImmediate(resume));
function whileReading(request, ports) {
  let started;
  let decide = () => void 0;
  const renders = new Promise((resolve) => decide = resolve);
  let know = () => void 0;
  const noted = new Promise((resolve) => know = resolve);
  let parsing;
  let stopped = false;
  let early;
  const parse = async (sources, loads) => {
    if (stopped) return;
    await pause();
    await preloadSources(sources, loads, async () => {
      await pause();
      return !stopped;
    });
  };
  const start = async (read, sent) => {
    const sources = read.sources;
    const own = controlPlaneInputs(request, ports.inputs, read, false);
    if (sources === void 0 || own === void 0) return void 0;
    const found = await tipsOf([sources.base, sources.controlPlane]);
    if (found === void 0) return void 0;
    const { gitOpsRepo, tips } = found;
    await sent;
    const last = parseNotedProposal(tips.proposal);
    know(new Map(Object.entries(last?.workloads?.texts ?? {})));
    if (last !== void 0 && last.controlPlaneInputs === own) return void 0;
    decide(true);
    ports.reporter.debug(
      `The environment's own inputs differ from those of the last proposal: its GitOps branches are read while the workload repositories are.`
    );
    const fits = last !== void 0 && fleetFiles(last.assignments, last.clusterTypes) <= (request.maxFiles ?? DEFAULT_MAX_FILES);
    if (fits) early = startGitOps(request, ports, gitOpsRepo, true);
    if (ports.loads && !stopped)
      parsing = parse(
        [sources.base, sources.controlPlane, ...notedSources(last?.workloads)],
        ports.loads
      );
    await ports.importRender?.();
    return early;
  };
  const settledParse = () => quietly(parsing ?? Promise.resolve(), () => void 0);
  const stopParsing = async () => {
    stopped = true;
    await settledParse();
  };
  const quietly = (work, otherwise) => work.catch((error) => {
    ports.reporter.debug(
      `What a run starts while the workload repositories are read stopped: ${error instanceof Error ? error.message : String(error)}`
    );
    return otherwise();
  });
  const tipsOf = async (sources) => {
    const gitOpsRepo = firstObjectIn(sources, "GitOpsRepo", ports.loads);
    if (gitOpsRepo === void 0) return void 0;
    const target = gitopsTarget(request, gitOpsRepo);
    if ("problem" in target) return void 0;
    const gitops = await ports.openGitOps(target.repository);
    const tips = await gitops.repository.renderIndex?.tips?.(
      target.base,
      request.pullRequestBranch
    );
    return tips && { gitOpsRepo, tips };
  };
  return {
    tellBranch(branch) {
      if (started === void 0) tipsOf([branch]).catch(() => void 0);
    },
    tell(read, sent = Promise.resolve()) {
      started ??= quietly(start(read, sent), () => early).finally(() => {
        decide(false);
        know(/* @__PURE__ */ new Map());
      });
    },
    renders,
    noted,
    parseRead(source) {
      const loads = ports.loads;
      if (!loads || stopped) return;
      parsing = (parsing ?? Promise.resolve()).then(() => parse([source], loads));
    },
    early: () => started ?? Promise.resolve(void 0),
    stopParsing,
    async finishParsing(sources) {
      const loads = ports.loads;
      if (loads && !stopped)
        parsing = (parsing ?? Promise.resolve()).then(() => parse(sources, loads));
      await settledParse();
      await stopParsing();
    }
  };
}
function notedSources(noted) {
  const byRegistration = /* @__PURE__ */ new Map();
  for (const [registration, path, blob] of noted?.files ?? []) {
    let files = byRegistration.get(registration);
    if (!files) byRegistration.set(registration, files = []);
    files.push({ path, text: noted.texts[blob] });
  }
  return [...byRegistration].map(([registration, files]) => ({
    origin: { kind: "workload", registration },
    files
  }));
}

// packages/core/src/publish/schedule-environment.ts
function scheduleFacts(request) {
  const { environment, repository, serverUrl, dryRun } = request;
  return { environment, repository, serverUrl, dryRun };
}
async function scheduleEnvironment(request, ports) {
  const facts = scheduleFacts(request);
  try {
    return { ...facts, ...await scheduleAndPropose(request, ports) };
  } catch (error) {
    return { ...facts, kind: "error", error };
  }
}
async function scheduleAndPropose(request, ports) {
  const { environment } = request;
  const { reporter } = ports;
  const deferBlobs = ports.inputs !== void 0 && !request.dryRun && ports.compose === void 0;
  const opened = /* @__PURE__ */ new Map();
  const openGitOps = (repository) => {
    let found = opened.get(repository);
    if (!found) {
      found = ports.openGitOps(repository).then(tipsOnce);
      opened.set(repository, found);
    }
    return found;
  };
  const meanwhile = deferBlobs ? whileReading(request, {
    inputs: ports.inputs,
    openGitOps,
    reporter,
    ...ports.loads ? { loads: ports.loads } : {},
    importRender: () => import("./schedule-render-36C6XX6Z.js")
  }) : void 0;
  const read = await reporter.group(
    `Reading environment '${environment}'`,
    () => meanwhile ? ports.sources.readEnvironment(environment, void 0, {
      deferBlobs,
      whileReadingBase: (branch) => meanwhile.tellBranch(branch),
      whileReadingWorkloads: (own, sent) => meanwhile.tell(own, sent),
      readNow: meanwhile.renders,
      readAhead: (source) => meanwhile.parseRead(source),
      notedTexts: meanwhile.noted
    }) : ports.sources.readEnvironment(environment)
  ).catch(async (error) => {
    const started = await meanwhile?.early();
    await started?.reading;
    await meanwhile?.stopParsing();
    throw error;
  });
  const statusCommit = read.baseCommit ?? read.environmentHead;
  const writesStatus = request.setStatus && !request.dryRun && statusCommit !== void 0;
  const state = {
    warnings: [],
    early: await meanwhile?.early(),
    ...meanwhile ? {
      stopParsing: () => meanwhile.stopParsing(),
      finishParsing: (sources) => meanwhile.finishParsing(sources)
    } : {}
  };
  const fail = async (problems) => {
    const { warnings, early } = state;
    await early?.reading.catch(() => void 0);
    await state.stopParsing?.();
    if (!writesStatus) return { kind: "problems", problems, statusSetOn: void 0, warnings };
    const failed = scheduleFailureStatus();
    await ports.statuses.setStatus({
      sha: statusCommit,
      ...failed,
      context: environmentStatusContext(environment),
      ...request.runUrl ? { targetUrl: request.runUrl } : {}
    });
    await record(request, ports, statusCommit, recordStateOf(failed), failed.description);
    return { kind: "problems", problems, statusSetOn: statusCommit, warnings };
  };
  if (!read.sources) return fail(read.problems);
  const inputs = runInputs(request, ports.inputs, read, ports.compose !== void 0);
  const ownInputs = controlPlaneInputs(request, ports.inputs, read, ports.compose !== void 0);
  let lastFits = false;
  const taken = inputs === void 0 ? void 0 : await takeNotedProposal(request, { ...ports, openGitOps }, read, inputs, (last) => {
    lastFits = fleetFiles(last.assignments, last.clusterTypes) <= (request.maxFiles ?? DEFAULT_MAX_FILES);
  });
  if (taken) {
    await state.early?.reading;
    state.early = void 0;
    await state.stopParsing?.();
    reporter.info(
      `Took the last proposal: ${taken.proposal.assignments} assignments on ${taken.proposal.clusterTypes} cluster types.`
    );
    return propose(request, ports, fail, {
      target: taken.target,
      gitOpsRepo: taken.gitOpsRepo,
      gitops: () => Promise.resolve(taken.gitops),
      promotedCommit: taken.proposal.view?.promotedCommit,
      assignments: taken.proposal.assignments,
      publish: { noted: taken.noted },
      warnings: state.warnings,
      mainCommit: read.baseCommit,
      statusCommit
    });
  }
  const { renderAndPropose } = await import("./schedule-render-36C6XX6Z.js");
  return renderAndPropose(request, ports, {
    read,
    inputs,
    controlPlaneInputs: ownInputs,
    lastFits,
    openGitOps,
    fail,
    statusCommit,
    state
  });
}
function tipsOnce(gitops) {
  const index = gitops.repository.renderIndex;
  const tips = index?.tips?.bind(index);
  if (index === void 0 || tips === void 0) return gitops;
  const read = /* @__PURE__ */ new Map();
  return {
    ...gitops,
    repository: {
      ...gitops.repository,
      renderIndex: {
        ...index,
        tips: (base, branch) => {
          const key = `${base}\0${branch}`;
          let found = read.get(key);
          if (!found) {
            found = tips(base, branch);
            read.set(key, found);
          }
          return found;
        }
      }
    }
  };
}

// packages/core/src/model/source-ignore.ts
var import_ignore = __toESM(require_ignore(), 1);
var SOURCE_IGNORE_FILE = ".sourceignore";
var FLUX_DEFAULT_EXCLUSIONS = [
  // version control
  ".git/",
  ".gitignore",
  ".gitmodules",
  ".gitattributes",
  // binary and archive extensions
  "*.jpg",
  "*.jpeg",
  "*.gif",
  "*.png",
  "*.wmv",
  "*.flv",
  "*.tar.gz",
  "*.zip",
  // CI configurations
  ".github/",
  ".circleci/",
  ".travis.yml",
  ".gitlab-ci.yml",
  "appveyor.yml",
  ".drone.yml",
  "cloudbuild.yaml",
  "codeship-services.yml",
  "codeship-steps.yml",
  // tool configurations
  "**/.goreleaser.yml",
  "**/.sops.yaml",
  "**/.flux.yaml"
];
function sourceIgnoreMatcher(files, defaults = true) {
  if (files.size === 0 && defaults) return defaultsOnly ??= buildMatcher(files, defaults);
  return buildMatcher(files, defaults);
}
var defaultsOnly;
function buildMatcher(files, defaults) {
  const matcher = (0, import_ignore.default)({ allowRelativePaths: true });
  if (defaults) matcher.add(FLUX_DEFAULT_EXCLUSIONS);
  const folders = [...files.keys()].sort(
    (a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0)
  );
  for (const folder of folders) matcher.add(scopedRules(files.get(folder), folder));
  const cache = /* @__PURE__ */ new Map();
  const excluded = (path) => {
    let verdict = cache.get(path);
    if (verdict === void 0) {
      verdict = matcher.ignores(path);
      cache.set(path, verdict);
    }
    return verdict;
  };
  return (path) => {
    for (let slash = path.indexOf("/"); slash >= 0; slash = path.indexOf("/", slash + 1))
      if (excluded(path.slice(0, slash + 1))) return true;
    return excluded(path);
  };
}
function scopedRules(text2, folder) {
  const rules = [];
  for (const raw of text2.split("\n")) {
    const line = raw.replace(/\r$/, "");
    if (line.trim() === "" || line.startsWith("#")) continue;
    if (folder === "") {
      rules.push(line);
      continue;
    }
    const negated = line.startsWith("!");
    const body = negated ? line.slice(1) : line;
    const anchored = body.replace(/\/+\s*$/, "").includes("/");
    const scoped = anchored ? `/${folder}${body.replace(/^\//, "")}` : `/${folder}**/${body}`;
    rules.push(`${negated ? "!" : ""}${scoped}`);
  }
  return rules;
}
function depth(folder) {
  return folder === "" ? 0 : folder.split("/").length;
}
function normaliseSourcePath(path) {
  let p = path.trim();
  while (p.startsWith("./")) p = p.slice(2);
  while (p.endsWith("/")) p = p.slice(0, -1);
  return p === "." ? "" : p;
}
function sourceFromTree(tree, selection) {
  const root = normaliseSourcePath(selection.path);
  const prefix = root === "" ? "" : `${root}/`;
  const decoder = new TextDecoder();
  const ignoreFiles = /* @__PURE__ */ new Map();
  for (const [path, bytes] of tree) {
    if (path === SOURCE_IGNORE_FILE || path.endsWith(`/${SOURCE_IGNORE_FILE}`))
      ignoreFiles.set(
        path.slice(0, -SOURCE_IGNORE_FILE.length),
        // An omitted one (over the budget) cannot be read: it excludes nothing. A reader never
        // defers one (its rules decide which files the source has).
        bytes instanceof Uint8Array ? decoder.decode(bytes) : deferredIgnoreFile(path, bytes)
      );
  }
  const ignored = sourceIgnoreMatcher(ignoreFiles);
  const maxFileBytes = selection.maxFileBytes ?? DEFAULT_INPUT_LIMITS.maxFileBytes;
  const files = [];
  for (const [path, bytes] of tree) {
    if (!path.startsWith(prefix) || !isManifestPath(path) || ignored(path)) continue;
    const shown = `${selection.display ?? ""}${path}`;
    const size = bytes instanceof Uint8Array ? bytes.length : "blobId" in bytes ? bytes.size : bytes.omittedBytes;
    files.push(
      size > maxFileBytes || "omittedBytes" in bytes ? { path: shown, text: "", unreadBytes: size } : bytes instanceof Uint8Array ? { path: shown, ...decodeSourceText(bytes) } : { path: shown, text: "", blobId: bytes.blobId }
    );
  }
  files.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return { origin: selection.origin, files };
}
function deferredIgnoreFile(path, file) {
  if ("blobId" in file)
    throw new Error(`${path}: a '${SOURCE_IGNORE_FILE}' must be read, not deferred`);
  return "";
}

// packages/core/src/model/load-cache.ts
var MAX_KEPT_FILES = 1e5;
var MAX_VERSIONS = 2;
var LoadCache = class _LoadCache {
  kept = /* @__PURE__ */ new Map();
  /** Files taken from the cache instead of parsed (for tests and logs). */
  hits = 0;
  /** Files loaded from a kept version by parsing only the documents that differ (`reload`). */
  partial = 0;
  subsetCache;
  /**
   * A cache of its own for the parts of files that `objectsIn` parses (only the documents that
   * name a kind): kept apart, so that they never take the place of a whole file's versions here.
   * The base and the head of a preview read the same parts, parsed once.
   */
  get subsets() {
    return this.subsetCache ??= new _LoadCache();
  }
  /** Whether this very file (origin, path, text and alias budget) is kept. */
  holds(file, origin, maxAliasCount) {
    return this.kept.get(keyOf(origin, file))?.some((v) => v.maxAliasCount === maxAliasCount && sameFile(v.file, file)) ?? false;
  }
  load(file, origin, maxAliasCount, load, reload) {
    const id = keyOf(origin, file);
    const versions = this.kept.get(id);
    const kept = versions?.find((v) => v.maxAliasCount === maxAliasCount && sameFile(v.file, file));
    if (kept !== void 0) {
      this.hits += 1;
      return kept.loaded;
    }
    const previous = versions?.findLast((v) => v.maxAliasCount === maxAliasCount);
    const reloaded = previous === void 0 ? void 0 : reload?.(file, previous);
    if (reloaded !== void 0) this.partial += 1;
    const loaded = reloaded ?? load(file, origin, maxAliasCount);
    if (versions !== void 0) {
      if (versions.length >= MAX_VERSIONS) versions.shift();
      versions.push({ file, maxAliasCount, loaded });
    } else if (this.kept.size < MAX_KEPT_FILES)
      this.kept.set(id, [{ file, maxAliasCount, loaded }]);
    return loaded;
  }
};
function keyOf(origin, file) {
  return `${origin.kind}\0${origin.kind === "workload" ? origin.registration : ""}\0${file.path}`;
}
function sameFile(a, b) {
  if (a === b) return true;
  if (a.text !== b.text || a.unreadBytes !== b.unreadBytes) return false;
  if ((a.linesBefore ?? 0) !== (b.linesBefore ?? 0)) return false;
  const x = a.invalidUtf8Lines ?? [];
  const y = b.invalidUtf8Lines ?? [];
  return x.length === y.length && x.every((line, i) => line === y[i]);
}

// packages/core/src/shard/split.ts
var MAX_SHARDS = 256;
var AUTO_SHARD_ASSIGNMENTS = 1e5;
var LOAD_SLACK = 1.05;
function autoShardCount(assignments, clusterTypes) {
  return effectiveShardCount(Math.ceil(assignments / AUTO_SHARD_ASSIGNMENTS), clusterTypes);
}
function effectiveShardCount(requested, clusterTypes) {
  return Math.max(1, Math.min(requested, MAX_SHARDS, clusterTypes));
}
function splitClusterTypes(weights, shards) {
  if (!Number.isInteger(shards) || shards < 1)
    throw new RangeError(`shards must be a positive whole number, not ${shards}`);
  const groups = Array.from({ length: shards }, () => []);
  const load = new Array(shards).fill(0);
  const weightOf = (w) => w.assignments + 1;
  const ordered = [...weights].sort(
    (a, b) => weightOf(b) - weightOf(a) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
  const total = ordered.reduce((sum, w) => sum + weightOf(w), 0);
  const heaviest = ordered.length === 0 ? 0 : weightOf(ordered[0]);
  const cap = Math.max(heaviest, Math.ceil(total * LOAD_SLACK / shards));
  for (const item of ordered) {
    const weight = weightOf(item);
    const ranked = rankShards(item.name, shards);
    let chosen = ranked.find((shard) => load[shard] + weight <= cap);
    if (chosen === void 0) {
      chosen = 0;
      for (let shard = 1; shard < shards; shard++) if (load[shard] < load[chosen]) chosen = shard;
    }
    load[chosen] += weight;
    groups[chosen].push(item.name);
  }
  for (const group of groups) group.sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  return groups;
}
function rankShards(name, shards) {
  const base = fnv1a(name);
  const scores = Array.from(
    { length: shards },
    (_, shard) => mix(base ^ Math.imul(shard + 1, 2654435761))
  );
  return scores.map((score, shard) => ({ score, shard })).sort((a, b) => b.score - a.score || a.shard - b.shard).map((s) => s.shard);
}
function fnv1a(text2) {
  let hash = 2166136261;
  for (let i = 0; i < text2.length; i++) {
    hash ^= text2.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}
function mix(value) {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 2246822507);
  h ^= h >>> 13;
  h = Math.imul(h, 3266489909);
  h ^= h >>> 16;
  return h >>> 0;
}

// packages/core/src/shard/plan.ts
var MAX_PLAN_BYTES = 4096;
function encodeShardPlan(plan) {
  return JSON.stringify(plan);
}
function parseShardPlan(text2, environment) {
  const fix = "Pass the plan job's output: `plan: ${{ needs.<plan job>.outputs.plan }}` (docs/sharded-schedule.md).";
  if (text2.trim() === "") throw new UserError(`Input 'plan' is empty. ${fix}`);
  if (text2.length > MAX_PLAN_BYTES)
    throw new UserError(`Input 'plan' is ${text2.length} characters, not a shard plan. ${fix}`);
  let value;
  try {
    value = JSON.parse(text2);
  } catch {
    throw new UserError(`Input 'plan' is not JSON. ${fix}`);
  }
  const plan = value;
  const whole = (n, min, max) => typeof n === "number" && Number.isInteger(n) && n >= min && n <= max;
  const wrong = [];
  if (typeof value !== "object" || value === null || Array.isArray(value))
    wrong.push("not an object");
  else {
    if (plan.version !== 1) wrong.push("version is not 1");
    if (typeof plan.environment !== "string" || !isValidBranchName(plan.environment))
      wrong.push("environment is not a branch name");
    if (!whole(plan.shards, 1, MAX_SHARDS))
      wrong.push(`shards is not a whole number from 1 to ${MAX_SHARDS}`);
    if (typeof plan.fingerprint !== "string" || !/^[0-9a-f]{64}$/.test(plan.fingerprint))
      wrong.push("fingerprint is not a SHA-256 in hex");
    if (!whole(plan.assignments, 0, Number.MAX_SAFE_INTEGER))
      wrong.push("assignments is not a count");
    if (!whole(plan.clusterTypes, 0, Number.MAX_SAFE_INTEGER))
      wrong.push("clusterTypes is not a count");
  }
  if (wrong.length > 0)
    throw new UserError(`Input 'plan' is not a shard plan (${wrong.join("; ")}). ${fix}`);
  if (plan.environment !== environment)
    throw new UserError(
      `Input 'plan' plans environment '${String(plan.environment)}', not '${environment}'. Pass the plan of the same environment.`
    );
  return value;
}
function* fingerprintParts(sources) {
  yield `environment\0${sources.environment}\0`;
  for (const source of [sources.base, sources.controlPlane, ...sources.workloads]) {
    yield `source\0${JSON.stringify(source.origin)}\0${source.files.length}\0`;
    for (const file of source.files) {
      yield `file\0${file.path}\0${file.text.length}\0${file.unreadBytes ?? ""}\0${(file.invalidUtf8Lines ?? []).join(",")}\0`;
      yield file.text;
    }
  }
}
var SHARD_REF_ROOT = "refs/kalypso/shards";
function shardRef(runId, environment, index) {
  if (!/^[0-9]{1,20}$/.test(runId))
    throw new UserError(
      `The run id is '${runId.slice(0, 40)}', not a number: a sharded schedule runs in GitHub Actions (GITHUB_RUN_ID).`
    );
  return `${SHARD_REF_ROOT}/${runId}/${environment}/${index}`;
}

export {
  SOURCE_IGNORE_FILE,
  normaliseSourcePath,
  sourceFromTree,
  LoadCache,
  scheduleFacts,
  scheduleEnvironment,
  autoShardCount,
  effectiveShardCount,
  splitClusterTypes,
  encodeShardPlan,
  parseShardPlan,
  fingerprintParts,
  shardRef
};
//# sourceMappingURL=chunk-JINW3WNH.js.map
