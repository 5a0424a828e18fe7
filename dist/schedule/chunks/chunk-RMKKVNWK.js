import { createRequire as __kalypsoCreateRequire } from 'node:module'; const require = __kalypsoCreateRequire(import.meta.url);
import {
  Budget,
  BudgetExceededError,
  ConfigCollector,
  GoInt,
  GoMap,
  GoStruct,
  IndexUse,
  RenderMemo,
  UnsupportedJsonValue,
  __commonJS,
  __toESM,
  abytes,
  aexists,
  ahash,
  anumber,
  aoutput,
  appendAll,
  asWarning,
  assembleEnvironment,
  assignmentKey,
  basePath,
  canonicalGoValue,
  chargeSteps,
  checkOpts,
  clean,
  cleanPath,
  compareBytes,
  compareGoStrings,
  createView,
  defaultTemplateLimits,
  deploymentTargetsOf,
  describeObject,
  didYouMean,
  dirPath,
  explainPair,
  extPath,
  formatBytes,
  formatFloat,
  formatGoFloat,
  formatValue,
  generatedFilesBuilder,
  goAtoi,
  goInteger,
  goJsonMarshal,
  goKindName,
  goParseFloat,
  goStringBytes,
  goStringFromBytes,
  goTypeName,
  inputLimits,
  int64,
  isNilSlice,
  isPrint,
  kdfInputToBytes,
  labelsMatchSubject,
  marshalYaml,
  nilSlice,
  normaliseGitOpsPath,
  parseGitHubRepositoryUrl,
  policySelectsTarget,
  quote,
  require_dist,
  reserve,
  rethrowBudget,
  rotl,
  scanGoJson,
  schedule,
  selectorMatches,
  sha256,
  sliceElement,
  sortedEntries,
  sprint,
  sprintf,
  sprintln,
  swap32IfBE,
  templateFileLine,
  toJsonValue,
  typedSlice,
  u32,
  unsafeTreePathReason,
  utf8Length,
  withBudget
} from "./chunk-MSWBXDM5.js";

// node_modules/ajv/dist/compile/codegen/code.js
var require_code = __commonJS({
  "node_modules/ajv/dist/compile/codegen/code.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.regexpCode = exports.getEsmExportName = exports.getProperty = exports.safeStringify = exports.stringify = exports.strConcat = exports.addCodeArg = exports.str = exports._ = exports.nil = exports._Code = exports.Name = exports.IDENTIFIER = exports._CodeOrName = void 0;
    var _CodeOrName = class {
    };
    exports._CodeOrName = _CodeOrName;
    exports.IDENTIFIER = /^[a-z$_][a-z$_0-9]*$/i;
    var Name = class extends _CodeOrName {
      constructor(s) {
        super();
        if (!exports.IDENTIFIER.test(s))
          throw new Error("CodeGen: name must be a valid identifier");
        this.str = s;
      }
      toString() {
        return this.str;
      }
      emptyStr() {
        return false;
      }
      get names() {
        return { [this.str]: 1 };
      }
    };
    exports.Name = Name;
    var _Code = class extends _CodeOrName {
      constructor(code) {
        super();
        this._items = typeof code === "string" ? [code] : code;
      }
      toString() {
        return this.str;
      }
      emptyStr() {
        if (this._items.length > 1)
          return false;
        const item = this._items[0];
        return item === "" || item === '""';
      }
      get str() {
        var _a;
        return (_a = this._str) !== null && _a !== void 0 ? _a : this._str = this._items.reduce((s, c) => `${s}${c}`, "");
      }
      get names() {
        var _a;
        return (_a = this._names) !== null && _a !== void 0 ? _a : this._names = this._items.reduce((names, c) => {
          if (c instanceof Name)
            names[c.str] = (names[c.str] || 0) + 1;
          return names;
        }, {});
      }
    };
    exports._Code = _Code;
    exports.nil = new _Code("");
    function _(strs, ...args) {
      const code = [strs[0]];
      let i = 0;
      while (i < args.length) {
        addCodeArg(code, args[i]);
        code.push(strs[++i]);
      }
      return new _Code(code);
    }
    exports._ = _;
    var plus = new _Code("+");
    function str2(strs, ...args) {
      const expr = [safeStringify(strs[0])];
      let i = 0;
      while (i < args.length) {
        expr.push(plus);
        addCodeArg(expr, args[i]);
        expr.push(plus, safeStringify(strs[++i]));
      }
      optimize(expr);
      return new _Code(expr);
    }
    exports.str = str2;
    function addCodeArg(code, arg2) {
      if (arg2 instanceof _Code)
        code.push(...arg2._items);
      else if (arg2 instanceof Name)
        code.push(arg2);
      else
        code.push(interpolate(arg2));
    }
    exports.addCodeArg = addCodeArg;
    function optimize(expr) {
      let i = 1;
      while (i < expr.length - 1) {
        if (expr[i] === plus) {
          const res = mergeExprItems(expr[i - 1], expr[i + 1]);
          if (res !== void 0) {
            expr.splice(i - 1, 3, res);
            continue;
          }
          expr[i++] = "+";
        }
        i++;
      }
    }
    function mergeExprItems(a, b) {
      if (b === '""')
        return a;
      if (a === '""')
        return b;
      if (typeof a == "string") {
        if (b instanceof Name || a[a.length - 1] !== '"')
          return;
        if (typeof b != "string")
          return `${a.slice(0, -1)}${b}"`;
        if (b[0] === '"')
          return a.slice(0, -1) + b.slice(1);
        return;
      }
      if (typeof b == "string" && b[0] === '"' && !(a instanceof Name))
        return `"${a}${b.slice(1)}`;
      return;
    }
    function strConcat(c1, c2) {
      return c2.emptyStr() ? c1 : c1.emptyStr() ? c2 : str2`${c1}${c2}`;
    }
    exports.strConcat = strConcat;
    function interpolate(x) {
      return typeof x == "number" || typeof x == "boolean" || x === null ? x : safeStringify(Array.isArray(x) ? x.join(",") : x);
    }
    function stringify2(x) {
      return new _Code(safeStringify(x));
    }
    exports.stringify = stringify2;
    function safeStringify(x) {
      return JSON.stringify(x).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
    }
    exports.safeStringify = safeStringify;
    function getProperty(key) {
      return typeof key == "string" && exports.IDENTIFIER.test(key) ? new _Code(`.${key}`) : _`[${key}]`;
    }
    exports.getProperty = getProperty;
    function getEsmExportName(key) {
      if (typeof key == "string" && exports.IDENTIFIER.test(key)) {
        return new _Code(`${key}`);
      }
      throw new Error(`CodeGen: invalid export name: ${key}, use explicit $id name mapping`);
    }
    exports.getEsmExportName = getEsmExportName;
    function regexpCode(rx) {
      return new _Code(rx.toString());
    }
    exports.regexpCode = regexpCode;
  }
});

// node_modules/ajv/dist/compile/codegen/scope.js
var require_scope = __commonJS({
  "node_modules/ajv/dist/compile/codegen/scope.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.ValueScope = exports.ValueScopeName = exports.Scope = exports.varKinds = exports.UsedValueState = void 0;
    var code_1 = require_code();
    var ValueError = class extends Error {
      constructor(name) {
        super(`CodeGen: "code" for ${name} not defined`);
        this.value = name.value;
      }
    };
    var UsedValueState;
    (function(UsedValueState2) {
      UsedValueState2[UsedValueState2["Started"] = 0] = "Started";
      UsedValueState2[UsedValueState2["Completed"] = 1] = "Completed";
    })(UsedValueState || (exports.UsedValueState = UsedValueState = {}));
    exports.varKinds = {
      const: new code_1.Name("const"),
      let: new code_1.Name("let"),
      var: new code_1.Name("var")
    };
    var Scope = class {
      constructor({ prefixes, parent } = {}) {
        this._names = {};
        this._prefixes = prefixes;
        this._parent = parent;
      }
      toName(nameOrPrefix) {
        return nameOrPrefix instanceof code_1.Name ? nameOrPrefix : this.name(nameOrPrefix);
      }
      name(prefix) {
        return new code_1.Name(this._newName(prefix));
      }
      _newName(prefix) {
        const ng = this._names[prefix] || this._nameGroup(prefix);
        return `${prefix}${ng.index++}`;
      }
      _nameGroup(prefix) {
        var _a, _b;
        if (((_b = (_a = this._parent) === null || _a === void 0 ? void 0 : _a._prefixes) === null || _b === void 0 ? void 0 : _b.has(prefix)) || this._prefixes && !this._prefixes.has(prefix)) {
          throw new Error(`CodeGen: prefix "${prefix}" is not allowed in this scope`);
        }
        return this._names[prefix] = { prefix, index: 0 };
      }
    };
    exports.Scope = Scope;
    var ValueScopeName = class extends code_1.Name {
      constructor(prefix, nameStr) {
        super(nameStr);
        this.prefix = prefix;
      }
      setValue(value, { property, itemIndex }) {
        this.value = value;
        this.scopePath = (0, code_1._)`.${new code_1.Name(property)}[${itemIndex}]`;
      }
    };
    exports.ValueScopeName = ValueScopeName;
    var line = (0, code_1._)`\n`;
    var ValueScope = class extends Scope {
      constructor(opts) {
        super(opts);
        this._values = {};
        this._scope = opts.scope;
        this.opts = { ...opts, _n: opts.lines ? line : code_1.nil };
      }
      get() {
        return this._scope;
      }
      name(prefix) {
        return new ValueScopeName(prefix, this._newName(prefix));
      }
      value(nameOrPrefix, value) {
        var _a;
        if (value.ref === void 0)
          throw new Error("CodeGen: ref must be passed in value");
        const name = this.toName(nameOrPrefix);
        const { prefix } = name;
        const valueKey = (_a = value.key) !== null && _a !== void 0 ? _a : value.ref;
        let vs = this._values[prefix];
        if (vs) {
          const _name = vs.get(valueKey);
          if (_name)
            return _name;
        } else {
          vs = this._values[prefix] = /* @__PURE__ */ new Map();
        }
        vs.set(valueKey, name);
        const s = this._scope[prefix] || (this._scope[prefix] = []);
        const itemIndex = s.length;
        s[itemIndex] = value.ref;
        name.setValue(value, { property: prefix, itemIndex });
        return name;
      }
      getValue(prefix, keyOrRef) {
        const vs = this._values[prefix];
        if (!vs)
          return;
        return vs.get(keyOrRef);
      }
      scopeRefs(scopeName, values = this._values) {
        return this._reduceValues(values, (name) => {
          if (name.scopePath === void 0)
            throw new Error(`CodeGen: name "${name}" has no value`);
          return (0, code_1._)`${scopeName}${name.scopePath}`;
        });
      }
      scopeCode(values = this._values, usedValues, getCode) {
        return this._reduceValues(values, (name) => {
          if (name.value === void 0)
            throw new Error(`CodeGen: name "${name}" has no value`);
          return name.value.code;
        }, usedValues, getCode);
      }
      _reduceValues(values, valueCode, usedValues = {}, getCode) {
        let code = code_1.nil;
        for (const prefix in values) {
          const vs = values[prefix];
          if (!vs)
            continue;
          const nameSet = usedValues[prefix] = usedValues[prefix] || /* @__PURE__ */ new Map();
          vs.forEach((name) => {
            if (nameSet.has(name))
              return;
            nameSet.set(name, UsedValueState.Started);
            let c = valueCode(name);
            if (c) {
              const def = this.opts.es5 ? exports.varKinds.var : exports.varKinds.const;
              code = (0, code_1._)`${code}${def} ${name} = ${c};${this.opts._n}`;
            } else if (c = getCode === null || getCode === void 0 ? void 0 : getCode(name)) {
              code = (0, code_1._)`${code}${c}${this.opts._n}`;
            } else {
              throw new ValueError(name);
            }
            nameSet.set(name, UsedValueState.Completed);
          });
        }
        return code;
      }
    };
    exports.ValueScope = ValueScope;
  }
});

// node_modules/ajv/dist/compile/codegen/index.js
var require_codegen = __commonJS({
  "node_modules/ajv/dist/compile/codegen/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.or = exports.and = exports.not = exports.CodeGen = exports.operators = exports.varKinds = exports.ValueScopeName = exports.ValueScope = exports.Scope = exports.Name = exports.regexpCode = exports.stringify = exports.getProperty = exports.nil = exports.strConcat = exports.str = exports._ = void 0;
    var code_1 = require_code();
    var scope_1 = require_scope();
    var code_2 = require_code();
    Object.defineProperty(exports, "_", { enumerable: true, get: function() {
      return code_2._;
    } });
    Object.defineProperty(exports, "str", { enumerable: true, get: function() {
      return code_2.str;
    } });
    Object.defineProperty(exports, "strConcat", { enumerable: true, get: function() {
      return code_2.strConcat;
    } });
    Object.defineProperty(exports, "nil", { enumerable: true, get: function() {
      return code_2.nil;
    } });
    Object.defineProperty(exports, "getProperty", { enumerable: true, get: function() {
      return code_2.getProperty;
    } });
    Object.defineProperty(exports, "stringify", { enumerable: true, get: function() {
      return code_2.stringify;
    } });
    Object.defineProperty(exports, "regexpCode", { enumerable: true, get: function() {
      return code_2.regexpCode;
    } });
    Object.defineProperty(exports, "Name", { enumerable: true, get: function() {
      return code_2.Name;
    } });
    var scope_2 = require_scope();
    Object.defineProperty(exports, "Scope", { enumerable: true, get: function() {
      return scope_2.Scope;
    } });
    Object.defineProperty(exports, "ValueScope", { enumerable: true, get: function() {
      return scope_2.ValueScope;
    } });
    Object.defineProperty(exports, "ValueScopeName", { enumerable: true, get: function() {
      return scope_2.ValueScopeName;
    } });
    Object.defineProperty(exports, "varKinds", { enumerable: true, get: function() {
      return scope_2.varKinds;
    } });
    exports.operators = {
      GT: new code_1._Code(">"),
      GTE: new code_1._Code(">="),
      LT: new code_1._Code("<"),
      LTE: new code_1._Code("<="),
      EQ: new code_1._Code("==="),
      NEQ: new code_1._Code("!=="),
      NOT: new code_1._Code("!"),
      OR: new code_1._Code("||"),
      AND: new code_1._Code("&&"),
      ADD: new code_1._Code("+")
    };
    var Node = class {
      optimizeNodes() {
        return this;
      }
      optimizeNames(_names, _constants) {
        return this;
      }
    };
    var Def = class extends Node {
      constructor(varKind, name, rhs) {
        super();
        this.varKind = varKind;
        this.name = name;
        this.rhs = rhs;
      }
      render({ es5, _n }) {
        const varKind = es5 ? scope_1.varKinds.var : this.varKind;
        const rhs = this.rhs === void 0 ? "" : ` = ${this.rhs}`;
        return `${varKind} ${this.name}${rhs};` + _n;
      }
      optimizeNames(names, constants) {
        if (!names[this.name.str])
          return;
        if (this.rhs)
          this.rhs = optimizeExpr(this.rhs, names, constants);
        return this;
      }
      get names() {
        return this.rhs instanceof code_1._CodeOrName ? this.rhs.names : {};
      }
    };
    var Assign = class extends Node {
      constructor(lhs, rhs, sideEffects) {
        super();
        this.lhs = lhs;
        this.rhs = rhs;
        this.sideEffects = sideEffects;
      }
      render({ _n }) {
        return `${this.lhs} = ${this.rhs};` + _n;
      }
      optimizeNames(names, constants) {
        if (this.lhs instanceof code_1.Name && !names[this.lhs.str] && !this.sideEffects)
          return;
        this.rhs = optimizeExpr(this.rhs, names, constants);
        return this;
      }
      get names() {
        const names = this.lhs instanceof code_1.Name ? {} : { ...this.lhs.names };
        return addExprNames(names, this.rhs);
      }
    };
    var AssignOp = class extends Assign {
      constructor(lhs, op, rhs, sideEffects) {
        super(lhs, rhs, sideEffects);
        this.op = op;
      }
      render({ _n }) {
        return `${this.lhs} ${this.op}= ${this.rhs};` + _n;
      }
    };
    var Label = class extends Node {
      constructor(label) {
        super();
        this.label = label;
        this.names = {};
      }
      render({ _n }) {
        return `${this.label}:` + _n;
      }
    };
    var Break = class extends Node {
      constructor(label) {
        super();
        this.label = label;
        this.names = {};
      }
      render({ _n }) {
        const label = this.label ? ` ${this.label}` : "";
        return `break${label};` + _n;
      }
    };
    var Throw = class extends Node {
      constructor(error) {
        super();
        this.error = error;
      }
      render({ _n }) {
        return `throw ${this.error};` + _n;
      }
      get names() {
        return this.error.names;
      }
    };
    var AnyCode = class extends Node {
      constructor(code) {
        super();
        this.code = code;
      }
      render({ _n }) {
        return `${this.code};` + _n;
      }
      optimizeNodes() {
        return `${this.code}` ? this : void 0;
      }
      optimizeNames(names, constants) {
        this.code = optimizeExpr(this.code, names, constants);
        return this;
      }
      get names() {
        return this.code instanceof code_1._CodeOrName ? this.code.names : {};
      }
    };
    var ParentNode = class extends Node {
      constructor(nodes = []) {
        super();
        this.nodes = nodes;
      }
      render(opts) {
        return this.nodes.reduce((code, n) => code + n.render(opts), "");
      }
      optimizeNodes() {
        const { nodes } = this;
        let i = nodes.length;
        while (i--) {
          const n = nodes[i].optimizeNodes();
          if (Array.isArray(n))
            nodes.splice(i, 1, ...n);
          else if (n)
            nodes[i] = n;
          else
            nodes.splice(i, 1);
        }
        return nodes.length > 0 ? this : void 0;
      }
      optimizeNames(names, constants) {
        const { nodes } = this;
        let i = nodes.length;
        while (i--) {
          const n = nodes[i];
          if (n.optimizeNames(names, constants))
            continue;
          subtractNames(names, n.names);
          nodes.splice(i, 1);
        }
        return nodes.length > 0 ? this : void 0;
      }
      get names() {
        return this.nodes.reduce((names, n) => addNames(names, n.names), {});
      }
    };
    var BlockNode = class extends ParentNode {
      render(opts) {
        return "{" + opts._n + super.render(opts) + "}" + opts._n;
      }
    };
    var Root = class extends ParentNode {
    };
    var Else = class extends BlockNode {
    };
    Else.kind = "else";
    var If = class _If extends BlockNode {
      constructor(condition, nodes) {
        super(nodes);
        this.condition = condition;
      }
      render(opts) {
        let code = `if(${this.condition})` + super.render(opts);
        if (this.else)
          code += "else " + this.else.render(opts);
        return code;
      }
      optimizeNodes() {
        super.optimizeNodes();
        const cond = this.condition;
        if (cond === true)
          return this.nodes;
        let e = this.else;
        if (e) {
          const ns = e.optimizeNodes();
          e = this.else = Array.isArray(ns) ? new Else(ns) : ns;
        }
        if (e) {
          if (cond === false)
            return e instanceof _If ? e : e.nodes;
          if (this.nodes.length)
            return this;
          return new _If(not(cond), e instanceof _If ? [e] : e.nodes);
        }
        if (cond === false || !this.nodes.length)
          return void 0;
        return this;
      }
      optimizeNames(names, constants) {
        var _a;
        this.else = (_a = this.else) === null || _a === void 0 ? void 0 : _a.optimizeNames(names, constants);
        if (!(super.optimizeNames(names, constants) || this.else))
          return;
        this.condition = optimizeExpr(this.condition, names, constants);
        return this;
      }
      get names() {
        const names = super.names;
        addExprNames(names, this.condition);
        if (this.else)
          addNames(names, this.else.names);
        return names;
      }
    };
    If.kind = "if";
    var For = class extends BlockNode {
    };
    For.kind = "for";
    var ForLoop = class extends For {
      constructor(iteration) {
        super();
        this.iteration = iteration;
      }
      render(opts) {
        return `for(${this.iteration})` + super.render(opts);
      }
      optimizeNames(names, constants) {
        if (!super.optimizeNames(names, constants))
          return;
        this.iteration = optimizeExpr(this.iteration, names, constants);
        return this;
      }
      get names() {
        return addNames(super.names, this.iteration.names);
      }
    };
    var ForRange = class extends For {
      constructor(varKind, name, from, to) {
        super();
        this.varKind = varKind;
        this.name = name;
        this.from = from;
        this.to = to;
      }
      render(opts) {
        const varKind = opts.es5 ? scope_1.varKinds.var : this.varKind;
        const { name, from, to } = this;
        return `for(${varKind} ${name}=${from}; ${name}<${to}; ${name}++)` + super.render(opts);
      }
      get names() {
        const names = addExprNames(super.names, this.from);
        return addExprNames(names, this.to);
      }
    };
    var ForIter = class extends For {
      constructor(loop, varKind, name, iterable) {
        super();
        this.loop = loop;
        this.varKind = varKind;
        this.name = name;
        this.iterable = iterable;
      }
      render(opts) {
        return `for(${this.varKind} ${this.name} ${this.loop} ${this.iterable})` + super.render(opts);
      }
      optimizeNames(names, constants) {
        if (!super.optimizeNames(names, constants))
          return;
        this.iterable = optimizeExpr(this.iterable, names, constants);
        return this;
      }
      get names() {
        return addNames(super.names, this.iterable.names);
      }
    };
    var Func = class extends BlockNode {
      constructor(name, args, async) {
        super();
        this.name = name;
        this.args = args;
        this.async = async;
      }
      render(opts) {
        const _async = this.async ? "async " : "";
        return `${_async}function ${this.name}(${this.args})` + super.render(opts);
      }
    };
    Func.kind = "func";
    var Return = class extends ParentNode {
      render(opts) {
        return "return " + super.render(opts);
      }
    };
    Return.kind = "return";
    var Try = class extends BlockNode {
      render(opts) {
        let code = "try" + super.render(opts);
        if (this.catch)
          code += this.catch.render(opts);
        if (this.finally)
          code += this.finally.render(opts);
        return code;
      }
      optimizeNodes() {
        var _a, _b;
        super.optimizeNodes();
        (_a = this.catch) === null || _a === void 0 ? void 0 : _a.optimizeNodes();
        (_b = this.finally) === null || _b === void 0 ? void 0 : _b.optimizeNodes();
        return this;
      }
      optimizeNames(names, constants) {
        var _a, _b;
        super.optimizeNames(names, constants);
        (_a = this.catch) === null || _a === void 0 ? void 0 : _a.optimizeNames(names, constants);
        (_b = this.finally) === null || _b === void 0 ? void 0 : _b.optimizeNames(names, constants);
        return this;
      }
      get names() {
        const names = super.names;
        if (this.catch)
          addNames(names, this.catch.names);
        if (this.finally)
          addNames(names, this.finally.names);
        return names;
      }
    };
    var Catch = class extends BlockNode {
      constructor(error) {
        super();
        this.error = error;
      }
      render(opts) {
        return `catch(${this.error})` + super.render(opts);
      }
    };
    Catch.kind = "catch";
    var Finally = class extends BlockNode {
      render(opts) {
        return "finally" + super.render(opts);
      }
    };
    Finally.kind = "finally";
    var CodeGen = class {
      constructor(extScope, opts = {}) {
        this._values = {};
        this._blockStarts = [];
        this._constants = {};
        this.opts = { ...opts, _n: opts.lines ? "\n" : "" };
        this._extScope = extScope;
        this._scope = new scope_1.Scope({ parent: extScope });
        this._nodes = [new Root()];
      }
      toString() {
        return this._root.render(this.opts);
      }
      // returns unique name in the internal scope
      name(prefix) {
        return this._scope.name(prefix);
      }
      // reserves unique name in the external scope
      scopeName(prefix) {
        return this._extScope.name(prefix);
      }
      // reserves unique name in the external scope and assigns value to it
      scopeValue(prefixOrName, value) {
        const name = this._extScope.value(prefixOrName, value);
        const vs = this._values[name.prefix] || (this._values[name.prefix] = /* @__PURE__ */ new Set());
        vs.add(name);
        return name;
      }
      getScopeValue(prefix, keyOrRef) {
        return this._extScope.getValue(prefix, keyOrRef);
      }
      // return code that assigns values in the external scope to the names that are used internally
      // (same names that were returned by gen.scopeName or gen.scopeValue)
      scopeRefs(scopeName) {
        return this._extScope.scopeRefs(scopeName, this._values);
      }
      scopeCode() {
        return this._extScope.scopeCode(this._values);
      }
      _def(varKind, nameOrPrefix, rhs, constant2) {
        const name = this._scope.toName(nameOrPrefix);
        if (rhs !== void 0 && constant2)
          this._constants[name.str] = rhs;
        this._leafNode(new Def(varKind, name, rhs));
        return name;
      }
      // `const` declaration (`var` in es5 mode)
      const(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.const, nameOrPrefix, rhs, _constant);
      }
      // `let` declaration with optional assignment (`var` in es5 mode)
      let(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.let, nameOrPrefix, rhs, _constant);
      }
      // `var` declaration with optional assignment
      var(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.var, nameOrPrefix, rhs, _constant);
      }
      // assignment code
      assign(lhs, rhs, sideEffects) {
        return this._leafNode(new Assign(lhs, rhs, sideEffects));
      }
      // `+=` code
      add(lhs, rhs) {
        return this._leafNode(new AssignOp(lhs, exports.operators.ADD, rhs));
      }
      // appends passed SafeExpr to code or executes Block
      code(c) {
        if (typeof c == "function")
          c();
        else if (c !== code_1.nil)
          this._leafNode(new AnyCode(c));
        return this;
      }
      // returns code for object literal for the passed argument list of key-value pairs
      object(...keyValues) {
        const code = ["{"];
        for (const [key, value] of keyValues) {
          if (code.length > 1)
            code.push(",");
          code.push(key);
          if (key !== value || this.opts.es5) {
            code.push(":");
            (0, code_1.addCodeArg)(code, value);
          }
        }
        code.push("}");
        return new code_1._Code(code);
      }
      // `if` clause (or statement if `thenBody` and, optionally, `elseBody` are passed)
      if(condition, thenBody, elseBody) {
        this._blockNode(new If(condition));
        if (thenBody && elseBody) {
          this.code(thenBody).else().code(elseBody).endIf();
        } else if (thenBody) {
          this.code(thenBody).endIf();
        } else if (elseBody) {
          throw new Error('CodeGen: "else" body without "then" body');
        }
        return this;
      }
      // `else if` clause - invalid without `if` or after `else` clauses
      elseIf(condition) {
        return this._elseNode(new If(condition));
      }
      // `else` clause - only valid after `if` or `else if` clauses
      else() {
        return this._elseNode(new Else());
      }
      // end `if` statement (needed if gen.if was used only with condition)
      endIf() {
        return this._endBlockNode(If, Else);
      }
      _for(node, forBody) {
        this._blockNode(node);
        if (forBody)
          this.code(forBody).endFor();
        return this;
      }
      // a generic `for` clause (or statement if `forBody` is passed)
      for(iteration, forBody) {
        return this._for(new ForLoop(iteration), forBody);
      }
      // `for` statement for a range of values
      forRange(nameOrPrefix, from, to, forBody, varKind = this.opts.es5 ? scope_1.varKinds.var : scope_1.varKinds.let) {
        const name = this._scope.toName(nameOrPrefix);
        return this._for(new ForRange(varKind, name, from, to), () => forBody(name));
      }
      // `for-of` statement (in es5 mode replace with a normal for loop)
      forOf(nameOrPrefix, iterable, forBody, varKind = scope_1.varKinds.const) {
        const name = this._scope.toName(nameOrPrefix);
        if (this.opts.es5) {
          const arr = iterable instanceof code_1.Name ? iterable : this.var("_arr", iterable);
          return this.forRange("_i", 0, (0, code_1._)`${arr}.length`, (i) => {
            this.var(name, (0, code_1._)`${arr}[${i}]`);
            forBody(name);
          });
        }
        return this._for(new ForIter("of", varKind, name, iterable), () => forBody(name));
      }
      // `for-in` statement.
      // With option `ownProperties` replaced with a `for-of` loop for object keys
      forIn(nameOrPrefix, obj, forBody, varKind = this.opts.es5 ? scope_1.varKinds.var : scope_1.varKinds.const) {
        if (this.opts.ownProperties) {
          return this.forOf(nameOrPrefix, (0, code_1._)`Object.keys(${obj})`, forBody);
        }
        const name = this._scope.toName(nameOrPrefix);
        return this._for(new ForIter("in", varKind, name, obj), () => forBody(name));
      }
      // end `for` loop
      endFor() {
        return this._endBlockNode(For);
      }
      // `label` statement
      label(label) {
        return this._leafNode(new Label(label));
      }
      // `break` statement
      break(label) {
        return this._leafNode(new Break(label));
      }
      // `return` statement
      return(value) {
        const node = new Return();
        this._blockNode(node);
        this.code(value);
        if (node.nodes.length !== 1)
          throw new Error('CodeGen: "return" should have one node');
        return this._endBlockNode(Return);
      }
      // `try` statement
      try(tryBody, catchCode, finallyCode) {
        if (!catchCode && !finallyCode)
          throw new Error('CodeGen: "try" without "catch" and "finally"');
        const node = new Try();
        this._blockNode(node);
        this.code(tryBody);
        if (catchCode) {
          const error = this.name("e");
          this._currNode = node.catch = new Catch(error);
          catchCode(error);
        }
        if (finallyCode) {
          this._currNode = node.finally = new Finally();
          this.code(finallyCode);
        }
        return this._endBlockNode(Catch, Finally);
      }
      // `throw` statement
      throw(error) {
        return this._leafNode(new Throw(error));
      }
      // start self-balancing block
      block(body, nodeCount) {
        this._blockStarts.push(this._nodes.length);
        if (body)
          this.code(body).endBlock(nodeCount);
        return this;
      }
      // end the current self-balancing block
      endBlock(nodeCount) {
        const len = this._blockStarts.pop();
        if (len === void 0)
          throw new Error("CodeGen: not in self-balancing block");
        const toClose = this._nodes.length - len;
        if (toClose < 0 || nodeCount !== void 0 && toClose !== nodeCount) {
          throw new Error(`CodeGen: wrong number of nodes: ${toClose} vs ${nodeCount} expected`);
        }
        this._nodes.length = len;
        return this;
      }
      // `function` heading (or definition if funcBody is passed)
      func(name, args = code_1.nil, async, funcBody) {
        this._blockNode(new Func(name, args, async));
        if (funcBody)
          this.code(funcBody).endFunc();
        return this;
      }
      // end function definition
      endFunc() {
        return this._endBlockNode(Func);
      }
      optimize(n = 1) {
        while (n-- > 0) {
          this._root.optimizeNodes();
          this._root.optimizeNames(this._root.names, this._constants);
        }
      }
      _leafNode(node) {
        this._currNode.nodes.push(node);
        return this;
      }
      _blockNode(node) {
        this._currNode.nodes.push(node);
        this._nodes.push(node);
      }
      _endBlockNode(N1, N2) {
        const n = this._currNode;
        if (n instanceof N1 || N2 && n instanceof N2) {
          this._nodes.pop();
          return this;
        }
        throw new Error(`CodeGen: not in block "${N2 ? `${N1.kind}/${N2.kind}` : N1.kind}"`);
      }
      _elseNode(node) {
        const n = this._currNode;
        if (!(n instanceof If)) {
          throw new Error('CodeGen: "else" without "if"');
        }
        this._currNode = n.else = node;
        return this;
      }
      get _root() {
        return this._nodes[0];
      }
      get _currNode() {
        const ns = this._nodes;
        return ns[ns.length - 1];
      }
      set _currNode(node) {
        const ns = this._nodes;
        ns[ns.length - 1] = node;
      }
    };
    exports.CodeGen = CodeGen;
    function addNames(names, from) {
      for (const n in from)
        names[n] = (names[n] || 0) + (from[n] || 0);
      return names;
    }
    function addExprNames(names, from) {
      return from instanceof code_1._CodeOrName ? addNames(names, from.names) : names;
    }
    function optimizeExpr(expr, names, constants) {
      if (expr instanceof code_1.Name)
        return replaceName(expr);
      if (!canOptimize(expr))
        return expr;
      return new code_1._Code(expr._items.reduce((items, c) => {
        if (c instanceof code_1.Name)
          c = replaceName(c);
        if (c instanceof code_1._Code)
          items.push(...c._items);
        else
          items.push(c);
        return items;
      }, []));
      function replaceName(n) {
        const c = constants[n.str];
        if (c === void 0 || names[n.str] !== 1)
          return n;
        delete names[n.str];
        return c;
      }
      function canOptimize(e) {
        return e instanceof code_1._Code && e._items.some((c) => c instanceof code_1.Name && names[c.str] === 1 && constants[c.str] !== void 0);
      }
    }
    function subtractNames(names, from) {
      for (const n in from)
        names[n] = (names[n] || 0) - (from[n] || 0);
    }
    function not(x) {
      return typeof x == "boolean" || typeof x == "number" || x === null ? !x : (0, code_1._)`!${par(x)}`;
    }
    exports.not = not;
    var andCode = mappend(exports.operators.AND);
    function and(...args) {
      return args.reduce(andCode);
    }
    exports.and = and;
    var orCode = mappend(exports.operators.OR);
    function or(...args) {
      return args.reduce(orCode);
    }
    exports.or = or;
    function mappend(op) {
      return (x, y) => x === code_1.nil ? y : y === code_1.nil ? x : (0, code_1._)`${par(x)} ${op} ${par(y)}`;
    }
    function par(x) {
      return x instanceof code_1.Name ? x : (0, code_1._)`(${x})`;
    }
  }
});

// node_modules/ajv/dist/compile/util.js
var require_util = __commonJS({
  "node_modules/ajv/dist/compile/util.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.checkStrictMode = exports.getErrorPath = exports.Type = exports.useFunc = exports.setEvaluated = exports.evaluatedPropsToName = exports.mergeEvaluated = exports.eachItem = exports.unescapeJsonPointer = exports.escapeJsonPointer = exports.escapeFragment = exports.unescapeFragment = exports.schemaRefOrVal = exports.schemaHasRulesButRef = exports.schemaHasRules = exports.checkUnknownRules = exports.alwaysValidSchema = exports.toHash = void 0;
    var codegen_1 = require_codegen();
    var code_1 = require_code();
    function toHash(arr) {
      const hash = {};
      for (const item of arr)
        hash[item] = true;
      return hash;
    }
    exports.toHash = toHash;
    function alwaysValidSchema(it, schema) {
      if (typeof schema == "boolean")
        return schema;
      if (Object.keys(schema).length === 0)
        return true;
      checkUnknownRules(it, schema);
      return !schemaHasRules(schema, it.self.RULES.all);
    }
    exports.alwaysValidSchema = alwaysValidSchema;
    function checkUnknownRules(it, schema = it.schema) {
      const { opts, self } = it;
      if (!opts.strictSchema)
        return;
      if (typeof schema === "boolean")
        return;
      const rules = self.RULES.keywords;
      for (const key in schema) {
        if (!rules[key])
          checkStrictMode(it, `unknown keyword: "${key}"`);
      }
    }
    exports.checkUnknownRules = checkUnknownRules;
    function schemaHasRules(schema, rules) {
      if (typeof schema == "boolean")
        return !schema;
      for (const key in schema)
        if (rules[key])
          return true;
      return false;
    }
    exports.schemaHasRules = schemaHasRules;
    function schemaHasRulesButRef(schema, RULES) {
      if (typeof schema == "boolean")
        return !schema;
      for (const key in schema)
        if (key !== "$ref" && RULES.all[key])
          return true;
      return false;
    }
    exports.schemaHasRulesButRef = schemaHasRulesButRef;
    function schemaRefOrVal({ topSchemaRef, schemaPath }, schema, keyword, $data) {
      if (!$data) {
        if (typeof schema == "number" || typeof schema == "boolean")
          return schema;
        if (typeof schema == "string")
          return (0, codegen_1._)`${schema}`;
      }
      return (0, codegen_1._)`${topSchemaRef}${schemaPath}${(0, codegen_1.getProperty)(keyword)}`;
    }
    exports.schemaRefOrVal = schemaRefOrVal;
    function unescapeFragment(str2) {
      return unescapeJsonPointer(decodeURIComponent(str2));
    }
    exports.unescapeFragment = unescapeFragment;
    function escapeFragment(str2) {
      return encodeURIComponent(escapeJsonPointer(str2));
    }
    exports.escapeFragment = escapeFragment;
    function escapeJsonPointer(str2) {
      if (typeof str2 == "number")
        return `${str2}`;
      return str2.replace(/~/g, "~0").replace(/\//g, "~1");
    }
    exports.escapeJsonPointer = escapeJsonPointer;
    function unescapeJsonPointer(str2) {
      return str2.replace(/~1/g, "/").replace(/~0/g, "~");
    }
    exports.unescapeJsonPointer = unescapeJsonPointer;
    function eachItem(xs, f) {
      if (Array.isArray(xs)) {
        for (const x of xs)
          f(x);
      } else {
        f(xs);
      }
    }
    exports.eachItem = eachItem;
    function makeMergeEvaluated({ mergeNames, mergeToName, mergeValues, resultToName }) {
      return (gen, from, to, toName) => {
        const res = to === void 0 ? from : to instanceof codegen_1.Name ? (from instanceof codegen_1.Name ? mergeNames(gen, from, to) : mergeToName(gen, from, to), to) : from instanceof codegen_1.Name ? (mergeToName(gen, to, from), from) : mergeValues(from, to);
        return toName === codegen_1.Name && !(res instanceof codegen_1.Name) ? resultToName(gen, res) : res;
      };
    }
    exports.mergeEvaluated = {
      props: makeMergeEvaluated({
        mergeNames: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true && ${from} !== undefined`, () => {
          gen.if((0, codegen_1._)`${from} === true`, () => gen.assign(to, true), () => gen.assign(to, (0, codegen_1._)`${to} || {}`).code((0, codegen_1._)`Object.assign(${to}, ${from})`));
        }),
        mergeToName: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true`, () => {
          if (from === true) {
            gen.assign(to, true);
          } else {
            gen.assign(to, (0, codegen_1._)`${to} || {}`);
            setEvaluated(gen, to, from);
          }
        }),
        mergeValues: (from, to) => from === true ? true : { ...from, ...to },
        resultToName: evaluatedPropsToName
      }),
      items: makeMergeEvaluated({
        mergeNames: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true && ${from} !== undefined`, () => gen.assign(to, (0, codegen_1._)`${from} === true ? true : ${to} > ${from} ? ${to} : ${from}`)),
        mergeToName: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true`, () => gen.assign(to, from === true ? true : (0, codegen_1._)`${to} > ${from} ? ${to} : ${from}`)),
        mergeValues: (from, to) => from === true ? true : Math.max(from, to),
        resultToName: (gen, items) => gen.var("items", items)
      })
    };
    function evaluatedPropsToName(gen, ps) {
      if (ps === true)
        return gen.var("props", true);
      const props = gen.var("props", (0, codegen_1._)`{}`);
      if (ps !== void 0)
        setEvaluated(gen, props, ps);
      return props;
    }
    exports.evaluatedPropsToName = evaluatedPropsToName;
    function setEvaluated(gen, props, ps) {
      Object.keys(ps).forEach((p) => gen.assign((0, codegen_1._)`${props}${(0, codegen_1.getProperty)(p)}`, true));
    }
    exports.setEvaluated = setEvaluated;
    var snippets = {};
    function useFunc(gen, f) {
      return gen.scopeValue("func", {
        ref: f,
        code: snippets[f.code] || (snippets[f.code] = new code_1._Code(f.code))
      });
    }
    exports.useFunc = useFunc;
    var Type;
    (function(Type2) {
      Type2[Type2["Num"] = 0] = "Num";
      Type2[Type2["Str"] = 1] = "Str";
    })(Type || (exports.Type = Type = {}));
    function getErrorPath(dataProp, dataPropType, jsPropertySyntax) {
      if (dataProp instanceof codegen_1.Name) {
        const isNumber2 = dataPropType === Type.Num;
        return jsPropertySyntax ? isNumber2 ? (0, codegen_1._)`"[" + ${dataProp} + "]"` : (0, codegen_1._)`"['" + ${dataProp} + "']"` : isNumber2 ? (0, codegen_1._)`"/" + ${dataProp}` : (0, codegen_1._)`"/" + ${dataProp}.replace(/~/g, "~0").replace(/\\//g, "~1")`;
      }
      return jsPropertySyntax ? (0, codegen_1.getProperty)(dataProp).toString() : "/" + escapeJsonPointer(dataProp);
    }
    exports.getErrorPath = getErrorPath;
    function checkStrictMode(it, msg, mode = it.opts.strictSchema) {
      if (!mode)
        return;
      msg = `strict mode: ${msg}`;
      if (mode === true)
        throw new Error(msg);
      it.self.logger.warn(msg);
    }
    exports.checkStrictMode = checkStrictMode;
  }
});

// node_modules/ajv/dist/compile/names.js
var require_names = __commonJS({
  "node_modules/ajv/dist/compile/names.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var names = {
      // validation function arguments
      data: new codegen_1.Name("data"),
      // data passed to validation function
      // args passed from referencing schema
      valCxt: new codegen_1.Name("valCxt"),
      // validation/data context - should not be used directly, it is destructured to the names below
      instancePath: new codegen_1.Name("instancePath"),
      parentData: new codegen_1.Name("parentData"),
      parentDataProperty: new codegen_1.Name("parentDataProperty"),
      rootData: new codegen_1.Name("rootData"),
      // root data - same as the data passed to the first/top validation function
      dynamicAnchors: new codegen_1.Name("dynamicAnchors"),
      // used to support recursiveRef and dynamicRef
      // function scoped variables
      vErrors: new codegen_1.Name("vErrors"),
      // null or array of validation errors
      errors: new codegen_1.Name("errors"),
      // counter of validation errors
      this: new codegen_1.Name("this"),
      // "globals"
      self: new codegen_1.Name("self"),
      scope: new codegen_1.Name("scope"),
      // JTD serialize/parse name for JSON string and position
      json: new codegen_1.Name("json"),
      jsonPos: new codegen_1.Name("jsonPos"),
      jsonLen: new codegen_1.Name("jsonLen"),
      jsonPart: new codegen_1.Name("jsonPart")
    };
    exports.default = names;
  }
});

// node_modules/ajv/dist/compile/errors.js
var require_errors = __commonJS({
  "node_modules/ajv/dist/compile/errors.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.extendErrors = exports.resetErrorsCount = exports.reportExtraError = exports.reportError = exports.keyword$DataError = exports.keywordError = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var names_1 = require_names();
    exports.keywordError = {
      message: ({ keyword }) => (0, codegen_1.str)`must pass "${keyword}" keyword validation`
    };
    exports.keyword$DataError = {
      message: ({ keyword, schemaType }) => schemaType ? (0, codegen_1.str)`"${keyword}" keyword must be ${schemaType} ($data)` : (0, codegen_1.str)`"${keyword}" keyword is invalid ($data)`
    };
    function reportError(cxt, error = exports.keywordError, errorPaths, overrideAllErrors) {
      const { it } = cxt;
      const { gen, compositeRule, allErrors } = it;
      const errObj = errorObjectCode(cxt, error, errorPaths);
      if (overrideAllErrors !== null && overrideAllErrors !== void 0 ? overrideAllErrors : compositeRule || allErrors) {
        addError(gen, errObj);
      } else {
        returnErrors(it, (0, codegen_1._)`[${errObj}]`);
      }
    }
    exports.reportError = reportError;
    function reportExtraError(cxt, error = exports.keywordError, errorPaths) {
      const { it } = cxt;
      const { gen, compositeRule, allErrors } = it;
      const errObj = errorObjectCode(cxt, error, errorPaths);
      addError(gen, errObj);
      if (!(compositeRule || allErrors)) {
        returnErrors(it, names_1.default.vErrors);
      }
    }
    exports.reportExtraError = reportExtraError;
    function resetErrorsCount(gen, errsCount) {
      gen.assign(names_1.default.errors, errsCount);
      gen.if((0, codegen_1._)`${names_1.default.vErrors} !== null`, () => gen.if(errsCount, () => gen.assign((0, codegen_1._)`${names_1.default.vErrors}.length`, errsCount), () => gen.assign(names_1.default.vErrors, null)));
    }
    exports.resetErrorsCount = resetErrorsCount;
    function extendErrors({ gen, keyword, schemaValue, data, errsCount, it }) {
      if (errsCount === void 0)
        throw new Error("ajv implementation error");
      const err = gen.name("err");
      gen.forRange("i", errsCount, names_1.default.errors, (i) => {
        gen.const(err, (0, codegen_1._)`${names_1.default.vErrors}[${i}]`);
        gen.if((0, codegen_1._)`${err}.instancePath === undefined`, () => gen.assign((0, codegen_1._)`${err}.instancePath`, (0, codegen_1.strConcat)(names_1.default.instancePath, it.errorPath)));
        gen.assign((0, codegen_1._)`${err}.schemaPath`, (0, codegen_1.str)`${it.errSchemaPath}/${keyword}`);
        if (it.opts.verbose) {
          gen.assign((0, codegen_1._)`${err}.schema`, schemaValue);
          gen.assign((0, codegen_1._)`${err}.data`, data);
        }
      });
    }
    exports.extendErrors = extendErrors;
    function addError(gen, errObj) {
      const err = gen.const("err", errObj);
      gen.if((0, codegen_1._)`${names_1.default.vErrors} === null`, () => gen.assign(names_1.default.vErrors, (0, codegen_1._)`[${err}]`), (0, codegen_1._)`${names_1.default.vErrors}.push(${err})`);
      gen.code((0, codegen_1._)`${names_1.default.errors}++`);
    }
    function returnErrors(it, errs) {
      const { gen, validateName, schemaEnv } = it;
      if (schemaEnv.$async) {
        gen.throw((0, codegen_1._)`new ${it.ValidationError}(${errs})`);
      } else {
        gen.assign((0, codegen_1._)`${validateName}.errors`, errs);
        gen.return(false);
      }
    }
    var E = {
      keyword: new codegen_1.Name("keyword"),
      schemaPath: new codegen_1.Name("schemaPath"),
      // also used in JTD errors
      params: new codegen_1.Name("params"),
      propertyName: new codegen_1.Name("propertyName"),
      message: new codegen_1.Name("message"),
      schema: new codegen_1.Name("schema"),
      parentSchema: new codegen_1.Name("parentSchema")
    };
    function errorObjectCode(cxt, error, errorPaths) {
      const { createErrors } = cxt.it;
      if (createErrors === false)
        return (0, codegen_1._)`{}`;
      return errorObject(cxt, error, errorPaths);
    }
    function errorObject(cxt, error, errorPaths = {}) {
      const { gen, it } = cxt;
      const keyValues = [
        errorInstancePath(it, errorPaths),
        errorSchemaPath(cxt, errorPaths)
      ];
      extraErrorProps(cxt, error, keyValues);
      return gen.object(...keyValues);
    }
    function errorInstancePath({ errorPath }, { instancePath }) {
      const instPath = instancePath ? (0, codegen_1.str)`${errorPath}${(0, util_1.getErrorPath)(instancePath, util_1.Type.Str)}` : errorPath;
      return [names_1.default.instancePath, (0, codegen_1.strConcat)(names_1.default.instancePath, instPath)];
    }
    function errorSchemaPath({ keyword, it: { errSchemaPath } }, { schemaPath, parentSchema }) {
      let schPath = parentSchema ? errSchemaPath : (0, codegen_1.str)`${errSchemaPath}/${keyword}`;
      if (schemaPath) {
        schPath = (0, codegen_1.str)`${schPath}${(0, util_1.getErrorPath)(schemaPath, util_1.Type.Str)}`;
      }
      return [E.schemaPath, schPath];
    }
    function extraErrorProps(cxt, { params, message }, keyValues) {
      const { keyword, data, schemaValue, it } = cxt;
      const { opts, propertyName, topSchemaRef, schemaPath } = it;
      keyValues.push([E.keyword, keyword], [E.params, typeof params == "function" ? params(cxt) : params || (0, codegen_1._)`{}`]);
      if (opts.messages) {
        keyValues.push([E.message, typeof message == "function" ? message(cxt) : message]);
      }
      if (opts.verbose) {
        keyValues.push([E.schema, schemaValue], [E.parentSchema, (0, codegen_1._)`${topSchemaRef}${schemaPath}`], [names_1.default.data, data]);
      }
      if (propertyName)
        keyValues.push([E.propertyName, propertyName]);
    }
  }
});

// node_modules/ajv/dist/compile/validate/boolSchema.js
var require_boolSchema = __commonJS({
  "node_modules/ajv/dist/compile/validate/boolSchema.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.boolOrEmptySchema = exports.topBoolOrEmptySchema = void 0;
    var errors_1 = require_errors();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var boolError = {
      message: "boolean schema is false"
    };
    function topBoolOrEmptySchema(it) {
      const { gen, schema, validateName } = it;
      if (schema === false) {
        falseSchemaError(it, false);
      } else if (typeof schema == "object" && schema.$async === true) {
        gen.return(names_1.default.data);
      } else {
        gen.assign((0, codegen_1._)`${validateName}.errors`, null);
        gen.return(true);
      }
    }
    exports.topBoolOrEmptySchema = topBoolOrEmptySchema;
    function boolOrEmptySchema(it, valid) {
      const { gen, schema } = it;
      if (schema === false) {
        gen.var(valid, false);
        falseSchemaError(it);
      } else {
        gen.var(valid, true);
      }
    }
    exports.boolOrEmptySchema = boolOrEmptySchema;
    function falseSchemaError(it, overrideAllErrors) {
      const { gen, data } = it;
      const cxt = {
        gen,
        keyword: "false schema",
        data,
        schema: false,
        schemaCode: false,
        schemaValue: false,
        params: {},
        it
      };
      (0, errors_1.reportError)(cxt, boolError, void 0, overrideAllErrors);
    }
  }
});

// node_modules/ajv/dist/compile/rules.js
var require_rules = __commonJS({
  "node_modules/ajv/dist/compile/rules.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.getRules = exports.isJSONType = void 0;
    var _jsonTypes = ["string", "number", "integer", "boolean", "null", "object", "array"];
    var jsonTypes = new Set(_jsonTypes);
    function isJSONType(x) {
      return typeof x == "string" && jsonTypes.has(x);
    }
    exports.isJSONType = isJSONType;
    function getRules() {
      const groups = {
        number: { type: "number", rules: [] },
        string: { type: "string", rules: [] },
        array: { type: "array", rules: [] },
        object: { type: "object", rules: [] }
      };
      return {
        types: { ...groups, integer: true, boolean: true, null: true },
        rules: [{ rules: [] }, groups.number, groups.string, groups.array, groups.object],
        post: { rules: [] },
        all: {},
        keywords: {}
      };
    }
    exports.getRules = getRules;
  }
});

// node_modules/ajv/dist/compile/validate/applicability.js
var require_applicability = __commonJS({
  "node_modules/ajv/dist/compile/validate/applicability.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.shouldUseRule = exports.shouldUseGroup = exports.schemaHasRulesForType = void 0;
    function schemaHasRulesForType({ schema, self }, type) {
      const group = self.RULES.types[type];
      return group && group !== true && shouldUseGroup(schema, group);
    }
    exports.schemaHasRulesForType = schemaHasRulesForType;
    function shouldUseGroup(schema, group) {
      return group.rules.some((rule) => shouldUseRule(schema, rule));
    }
    exports.shouldUseGroup = shouldUseGroup;
    function shouldUseRule(schema, rule) {
      var _a;
      return schema[rule.keyword] !== void 0 || ((_a = rule.definition.implements) === null || _a === void 0 ? void 0 : _a.some((kwd) => schema[kwd] !== void 0));
    }
    exports.shouldUseRule = shouldUseRule;
  }
});

// node_modules/ajv/dist/compile/validate/dataType.js
var require_dataType = __commonJS({
  "node_modules/ajv/dist/compile/validate/dataType.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.reportTypeError = exports.checkDataTypes = exports.checkDataType = exports.coerceAndCheckDataType = exports.getJSONTypes = exports.getSchemaTypes = exports.DataType = void 0;
    var rules_1 = require_rules();
    var applicability_1 = require_applicability();
    var errors_1 = require_errors();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var DataType;
    (function(DataType2) {
      DataType2[DataType2["Correct"] = 0] = "Correct";
      DataType2[DataType2["Wrong"] = 1] = "Wrong";
    })(DataType || (exports.DataType = DataType = {}));
    function getSchemaTypes(schema) {
      const types = getJSONTypes(schema.type);
      const hasNull = types.includes("null");
      if (hasNull) {
        if (schema.nullable === false)
          throw new Error("type: null contradicts nullable: false");
      } else {
        if (!types.length && schema.nullable !== void 0) {
          throw new Error('"nullable" cannot be used without "type"');
        }
        if (schema.nullable === true)
          types.push("null");
      }
      return types;
    }
    exports.getSchemaTypes = getSchemaTypes;
    function getJSONTypes(ts) {
      const types = Array.isArray(ts) ? ts : ts ? [ts] : [];
      if (types.every(rules_1.isJSONType))
        return types;
      throw new Error("type must be JSONType or JSONType[]: " + types.join(","));
    }
    exports.getJSONTypes = getJSONTypes;
    function coerceAndCheckDataType(it, types) {
      const { gen, data, opts } = it;
      const coerceTo = coerceToTypes(types, opts.coerceTypes);
      const checkTypes = types.length > 0 && !(coerceTo.length === 0 && types.length === 1 && (0, applicability_1.schemaHasRulesForType)(it, types[0]));
      if (checkTypes) {
        const wrongType2 = checkDataTypes(types, data, opts.strictNumbers, DataType.Wrong);
        gen.if(wrongType2, () => {
          if (coerceTo.length)
            coerceData(it, types, coerceTo);
          else
            reportTypeError(it);
        });
      }
      return checkTypes;
    }
    exports.coerceAndCheckDataType = coerceAndCheckDataType;
    var COERCIBLE = /* @__PURE__ */ new Set(["string", "number", "integer", "boolean", "null"]);
    function coerceToTypes(types, coerceTypes) {
      return coerceTypes ? types.filter((t) => COERCIBLE.has(t) || coerceTypes === "array" && t === "array") : [];
    }
    function coerceData(it, types, coerceTo) {
      const { gen, data, opts } = it;
      const dataType = gen.let("dataType", (0, codegen_1._)`typeof ${data}`);
      const coerced = gen.let("coerced", (0, codegen_1._)`undefined`);
      if (opts.coerceTypes === "array") {
        gen.if((0, codegen_1._)`${dataType} == 'object' && Array.isArray(${data}) && ${data}.length == 1`, () => gen.assign(data, (0, codegen_1._)`${data}[0]`).assign(dataType, (0, codegen_1._)`typeof ${data}`).if(checkDataTypes(types, data, opts.strictNumbers), () => gen.assign(coerced, data)));
      }
      gen.if((0, codegen_1._)`${coerced} !== undefined`);
      for (const t of coerceTo) {
        if (COERCIBLE.has(t) || t === "array" && opts.coerceTypes === "array") {
          coerceSpecificType(t);
        }
      }
      gen.else();
      reportTypeError(it);
      gen.endIf();
      gen.if((0, codegen_1._)`${coerced} !== undefined`, () => {
        gen.assign(data, coerced);
        assignParentData(it, coerced);
      });
      function coerceSpecificType(t) {
        switch (t) {
          case "string":
            gen.elseIf((0, codegen_1._)`${dataType} == "number" || ${dataType} == "boolean"`).assign(coerced, (0, codegen_1._)`"" + ${data}`).elseIf((0, codegen_1._)`${data} === null`).assign(coerced, (0, codegen_1._)`""`);
            return;
          case "number":
            gen.elseIf((0, codegen_1._)`${dataType} == "boolean" || ${data} === null
              || (${dataType} == "string" && ${data} && ${data} == +${data})`).assign(coerced, (0, codegen_1._)`+${data}`);
            return;
          case "integer":
            gen.elseIf((0, codegen_1._)`${dataType} === "boolean" || ${data} === null
              || (${dataType} === "string" && ${data} && ${data} == +${data} && !(${data} % 1))`).assign(coerced, (0, codegen_1._)`+${data}`);
            return;
          case "boolean":
            gen.elseIf((0, codegen_1._)`${data} === "false" || ${data} === 0 || ${data} === null`).assign(coerced, false).elseIf((0, codegen_1._)`${data} === "true" || ${data} === 1`).assign(coerced, true);
            return;
          case "null":
            gen.elseIf((0, codegen_1._)`${data} === "" || ${data} === 0 || ${data} === false`);
            gen.assign(coerced, null);
            return;
          case "array":
            gen.elseIf((0, codegen_1._)`${dataType} === "string" || ${dataType} === "number"
              || ${dataType} === "boolean" || ${data} === null`).assign(coerced, (0, codegen_1._)`[${data}]`);
        }
      }
    }
    function assignParentData({ gen, parentData, parentDataProperty }, expr) {
      gen.if((0, codegen_1._)`${parentData} !== undefined`, () => gen.assign((0, codegen_1._)`${parentData}[${parentDataProperty}]`, expr));
    }
    function checkDataType(dataType, data, strictNums, correct = DataType.Correct) {
      const EQ = correct === DataType.Correct ? codegen_1.operators.EQ : codegen_1.operators.NEQ;
      let cond;
      switch (dataType) {
        case "null":
          return (0, codegen_1._)`${data} ${EQ} null`;
        case "array":
          cond = (0, codegen_1._)`Array.isArray(${data})`;
          break;
        case "object":
          cond = (0, codegen_1._)`${data} && typeof ${data} == "object" && !Array.isArray(${data})`;
          break;
        case "integer":
          cond = numCond((0, codegen_1._)`!(${data} % 1) && !isNaN(${data})`);
          break;
        case "number":
          cond = numCond();
          break;
        default:
          return (0, codegen_1._)`typeof ${data} ${EQ} ${dataType}`;
      }
      return correct === DataType.Correct ? cond : (0, codegen_1.not)(cond);
      function numCond(_cond = codegen_1.nil) {
        return (0, codegen_1.and)((0, codegen_1._)`typeof ${data} == "number"`, _cond, strictNums ? (0, codegen_1._)`isFinite(${data})` : codegen_1.nil);
      }
    }
    exports.checkDataType = checkDataType;
    function checkDataTypes(dataTypes, data, strictNums, correct) {
      if (dataTypes.length === 1) {
        return checkDataType(dataTypes[0], data, strictNums, correct);
      }
      let cond;
      const types = (0, util_1.toHash)(dataTypes);
      if (types.array && types.object) {
        const notObj = (0, codegen_1._)`typeof ${data} != "object"`;
        cond = types.null ? notObj : (0, codegen_1._)`!${data} || ${notObj}`;
        delete types.null;
        delete types.array;
        delete types.object;
      } else {
        cond = codegen_1.nil;
      }
      if (types.number)
        delete types.integer;
      for (const t in types)
        cond = (0, codegen_1.and)(cond, checkDataType(t, data, strictNums, correct));
      return cond;
    }
    exports.checkDataTypes = checkDataTypes;
    var typeError = {
      message: ({ schema }) => `must be ${schema}`,
      params: ({ schema, schemaValue }) => typeof schema == "string" ? (0, codegen_1._)`{type: ${schema}}` : (0, codegen_1._)`{type: ${schemaValue}}`
    };
    function reportTypeError(it) {
      const cxt = getTypeErrorContext(it);
      (0, errors_1.reportError)(cxt, typeError);
    }
    exports.reportTypeError = reportTypeError;
    function getTypeErrorContext(it) {
      const { gen, data, schema } = it;
      const schemaCode = (0, util_1.schemaRefOrVal)(it, schema, "type");
      return {
        gen,
        keyword: "type",
        data,
        schema: schema.type,
        schemaCode,
        schemaValue: schemaCode,
        parentSchema: schema,
        params: {},
        it
      };
    }
  }
});

// node_modules/ajv/dist/compile/validate/defaults.js
var require_defaults = __commonJS({
  "node_modules/ajv/dist/compile/validate/defaults.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.assignDefaults = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    function assignDefaults(it, ty) {
      const { properties, items } = it.schema;
      if (ty === "object" && properties) {
        for (const key in properties) {
          assignDefault(it, key, properties[key].default);
        }
      } else if (ty === "array" && Array.isArray(items)) {
        items.forEach((sch, i) => assignDefault(it, i, sch.default));
      }
    }
    exports.assignDefaults = assignDefaults;
    function assignDefault(it, prop, defaultValue) {
      const { gen, compositeRule, data, opts } = it;
      if (defaultValue === void 0)
        return;
      const childData = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(prop)}`;
      if (compositeRule) {
        (0, util_1.checkStrictMode)(it, `default is ignored for: ${childData}`);
        return;
      }
      let condition = (0, codegen_1._)`${childData} === undefined`;
      if (opts.useDefaults === "empty") {
        condition = (0, codegen_1._)`${condition} || ${childData} === null || ${childData} === ""`;
      }
      gen.if(condition, (0, codegen_1._)`${childData} = ${(0, codegen_1.stringify)(defaultValue)}`);
    }
  }
});

// node_modules/ajv/dist/vocabularies/code.js
var require_code2 = __commonJS({
  "node_modules/ajv/dist/vocabularies/code.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.validateUnion = exports.validateArray = exports.usePattern = exports.callValidateCode = exports.schemaProperties = exports.allSchemaProperties = exports.noPropertyInData = exports.propertyInData = exports.isOwnProperty = exports.hasPropFunc = exports.reportMissingProp = exports.checkMissingProp = exports.checkReportMissingProp = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var names_1 = require_names();
    var util_2 = require_util();
    function checkReportMissingProp(cxt, prop) {
      const { gen, data, it } = cxt;
      gen.if(noPropertyInData(gen, data, prop, it.opts.ownProperties), () => {
        cxt.setParams({ missingProperty: (0, codegen_1._)`${prop}` }, true);
        cxt.error();
      });
    }
    exports.checkReportMissingProp = checkReportMissingProp;
    function checkMissingProp({ gen, data, it: { opts } }, properties, missing) {
      return (0, codegen_1.or)(...properties.map((prop) => (0, codegen_1.and)(noPropertyInData(gen, data, prop, opts.ownProperties), (0, codegen_1._)`${missing} = ${prop}`)));
    }
    exports.checkMissingProp = checkMissingProp;
    function reportMissingProp(cxt, missing) {
      cxt.setParams({ missingProperty: missing }, true);
      cxt.error();
    }
    exports.reportMissingProp = reportMissingProp;
    function hasPropFunc(gen) {
      return gen.scopeValue("func", {
        // eslint-disable-next-line @typescript-eslint/unbound-method
        ref: Object.prototype.hasOwnProperty,
        code: (0, codegen_1._)`Object.prototype.hasOwnProperty`
      });
    }
    exports.hasPropFunc = hasPropFunc;
    function isOwnProperty(gen, data, property) {
      return (0, codegen_1._)`${hasPropFunc(gen)}.call(${data}, ${property})`;
    }
    exports.isOwnProperty = isOwnProperty;
    function propertyInData(gen, data, property, ownProperties) {
      const cond = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(property)} !== undefined`;
      return ownProperties ? (0, codegen_1._)`${cond} && ${isOwnProperty(gen, data, property)}` : cond;
    }
    exports.propertyInData = propertyInData;
    function noPropertyInData(gen, data, property, ownProperties) {
      const cond = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(property)} === undefined`;
      return ownProperties ? (0, codegen_1.or)(cond, (0, codegen_1.not)(isOwnProperty(gen, data, property))) : cond;
    }
    exports.noPropertyInData = noPropertyInData;
    function allSchemaProperties(schemaMap) {
      return schemaMap ? Object.keys(schemaMap).filter((p) => p !== "__proto__") : [];
    }
    exports.allSchemaProperties = allSchemaProperties;
    function schemaProperties(it, schemaMap) {
      return allSchemaProperties(schemaMap).filter((p) => !(0, util_1.alwaysValidSchema)(it, schemaMap[p]));
    }
    exports.schemaProperties = schemaProperties;
    function callValidateCode({ schemaCode, data, it: { gen, topSchemaRef, schemaPath, errorPath }, it }, func, context, passSchema) {
      const dataAndSchema = passSchema ? (0, codegen_1._)`${schemaCode}, ${data}, ${topSchemaRef}${schemaPath}` : data;
      const valCxt = [
        [names_1.default.instancePath, (0, codegen_1.strConcat)(names_1.default.instancePath, errorPath)],
        [names_1.default.parentData, it.parentData],
        [names_1.default.parentDataProperty, it.parentDataProperty],
        [names_1.default.rootData, names_1.default.rootData]
      ];
      if (it.opts.dynamicRef)
        valCxt.push([names_1.default.dynamicAnchors, names_1.default.dynamicAnchors]);
      const args = (0, codegen_1._)`${dataAndSchema}, ${gen.object(...valCxt)}`;
      return context !== codegen_1.nil ? (0, codegen_1._)`${func}.call(${context}, ${args})` : (0, codegen_1._)`${func}(${args})`;
    }
    exports.callValidateCode = callValidateCode;
    var newRegExp = (0, codegen_1._)`new RegExp`;
    function usePattern({ gen, it: { opts } }, pattern) {
      const u = opts.unicodeRegExp ? "u" : "";
      const { regExp } = opts.code;
      const rx = regExp(pattern, u);
      return gen.scopeValue("pattern", {
        key: rx.toString(),
        ref: rx,
        code: (0, codegen_1._)`${regExp.code === "new RegExp" ? newRegExp : (0, util_2.useFunc)(gen, regExp)}(${pattern}, ${u})`
      });
    }
    exports.usePattern = usePattern;
    function validateArray(cxt) {
      const { gen, data, keyword, it } = cxt;
      const valid = gen.name("valid");
      if (it.allErrors) {
        const validArr = gen.let("valid", true);
        validateItems(() => gen.assign(validArr, false));
        return validArr;
      }
      gen.var(valid, true);
      validateItems(() => gen.break());
      return valid;
      function validateItems(notValid) {
        const len = gen.const("len", (0, codegen_1._)`${data}.length`);
        gen.forRange("i", 0, len, (i) => {
          cxt.subschema({
            keyword,
            dataProp: i,
            dataPropType: util_1.Type.Num
          }, valid);
          gen.if((0, codegen_1.not)(valid), notValid);
        });
      }
    }
    exports.validateArray = validateArray;
    function validateUnion(cxt) {
      const { gen, schema, keyword, it } = cxt;
      if (!Array.isArray(schema))
        throw new Error("ajv implementation error");
      const alwaysValid = schema.some((sch) => (0, util_1.alwaysValidSchema)(it, sch));
      if (alwaysValid && !it.opts.unevaluated)
        return;
      const valid = gen.let("valid", false);
      const schValid = gen.name("_valid");
      gen.block(() => schema.forEach((_sch, i) => {
        const schCxt = cxt.subschema({
          keyword,
          schemaProp: i,
          compositeRule: true
        }, schValid);
        gen.assign(valid, (0, codegen_1._)`${valid} || ${schValid}`);
        const merged = cxt.mergeValidEvaluated(schCxt, schValid);
        if (!merged)
          gen.if((0, codegen_1.not)(valid));
      }));
      cxt.result(valid, () => cxt.reset(), () => cxt.error(true));
    }
    exports.validateUnion = validateUnion;
  }
});

// node_modules/ajv/dist/compile/validate/keyword.js
var require_keyword = __commonJS({
  "node_modules/ajv/dist/compile/validate/keyword.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.validateKeywordUsage = exports.validSchemaType = exports.funcKeywordCode = exports.macroKeywordCode = void 0;
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var code_1 = require_code2();
    var errors_1 = require_errors();
    function macroKeywordCode(cxt, def) {
      const { gen, keyword, schema, parentSchema, it } = cxt;
      const macroSchema = def.macro.call(it.self, schema, parentSchema, it);
      const schemaRef = useKeyword(gen, keyword, macroSchema);
      if (it.opts.validateSchema !== false)
        it.self.validateSchema(macroSchema, true);
      const valid = gen.name("valid");
      cxt.subschema({
        schema: macroSchema,
        schemaPath: codegen_1.nil,
        errSchemaPath: `${it.errSchemaPath}/${keyword}`,
        topSchemaRef: schemaRef,
        compositeRule: true
      }, valid);
      cxt.pass(valid, () => cxt.error(true));
    }
    exports.macroKeywordCode = macroKeywordCode;
    function funcKeywordCode(cxt, def) {
      var _a;
      const { gen, keyword, schema, parentSchema, $data, it } = cxt;
      checkAsyncKeyword(it, def);
      const validate = !$data && def.compile ? def.compile.call(it.self, schema, parentSchema, it) : def.validate;
      const validateRef = useKeyword(gen, keyword, validate);
      const valid = gen.let("valid");
      cxt.block$data(valid, validateKeyword);
      cxt.ok((_a = def.valid) !== null && _a !== void 0 ? _a : valid);
      function validateKeyword() {
        if (def.errors === false) {
          assignValid();
          if (def.modifying)
            modifyData(cxt);
          reportErrs(() => cxt.error());
        } else {
          const ruleErrs = def.async ? validateAsync() : validateSync();
          if (def.modifying)
            modifyData(cxt);
          reportErrs(() => addErrs(cxt, ruleErrs));
        }
      }
      function validateAsync() {
        const ruleErrs = gen.let("ruleErrs", null);
        gen.try(() => assignValid((0, codegen_1._)`await `), (e) => gen.assign(valid, false).if((0, codegen_1._)`${e} instanceof ${it.ValidationError}`, () => gen.assign(ruleErrs, (0, codegen_1._)`${e}.errors`), () => gen.throw(e)));
        return ruleErrs;
      }
      function validateSync() {
        const validateErrs = (0, codegen_1._)`${validateRef}.errors`;
        gen.assign(validateErrs, null);
        assignValid(codegen_1.nil);
        return validateErrs;
      }
      function assignValid(_await = def.async ? (0, codegen_1._)`await ` : codegen_1.nil) {
        const passCxt = it.opts.passContext ? names_1.default.this : names_1.default.self;
        const passSchema = !("compile" in def && !$data || def.schema === false);
        gen.assign(valid, (0, codegen_1._)`${_await}${(0, code_1.callValidateCode)(cxt, validateRef, passCxt, passSchema)}`, def.modifying);
      }
      function reportErrs(errors) {
        var _a2;
        gen.if((0, codegen_1.not)((_a2 = def.valid) !== null && _a2 !== void 0 ? _a2 : valid), errors);
      }
    }
    exports.funcKeywordCode = funcKeywordCode;
    function modifyData(cxt) {
      const { gen, data, it } = cxt;
      gen.if(it.parentData, () => gen.assign(data, (0, codegen_1._)`${it.parentData}[${it.parentDataProperty}]`));
    }
    function addErrs(cxt, errs) {
      const { gen } = cxt;
      gen.if((0, codegen_1._)`Array.isArray(${errs})`, () => {
        gen.assign(names_1.default.vErrors, (0, codegen_1._)`${names_1.default.vErrors} === null ? ${errs} : ${names_1.default.vErrors}.concat(${errs})`).assign(names_1.default.errors, (0, codegen_1._)`${names_1.default.vErrors}.length`);
        (0, errors_1.extendErrors)(cxt);
      }, () => cxt.error());
    }
    function checkAsyncKeyword({ schemaEnv }, def) {
      if (def.async && !schemaEnv.$async)
        throw new Error("async keyword in sync schema");
    }
    function useKeyword(gen, keyword, result) {
      if (result === void 0)
        throw new Error(`keyword "${keyword}" failed to compile`);
      return gen.scopeValue("keyword", typeof result == "function" ? { ref: result } : { ref: result, code: (0, codegen_1.stringify)(result) });
    }
    function validSchemaType(schema, schemaType, allowUndefined = false) {
      return !schemaType.length || schemaType.some((st) => st === "array" ? Array.isArray(schema) : st === "object" ? schema && typeof schema == "object" && !Array.isArray(schema) : typeof schema == st || allowUndefined && typeof schema == "undefined");
    }
    exports.validSchemaType = validSchemaType;
    function validateKeywordUsage({ schema, opts, self, errSchemaPath }, def, keyword) {
      if (Array.isArray(def.keyword) ? !def.keyword.includes(keyword) : def.keyword !== keyword) {
        throw new Error("ajv implementation error");
      }
      const deps = def.dependencies;
      if (deps === null || deps === void 0 ? void 0 : deps.some((kwd) => !Object.prototype.hasOwnProperty.call(schema, kwd))) {
        throw new Error(`parent schema must have dependencies of ${keyword}: ${deps.join(",")}`);
      }
      if (def.validateSchema) {
        const valid = def.validateSchema(schema[keyword]);
        if (!valid) {
          const msg = `keyword "${keyword}" value is invalid at path "${errSchemaPath}": ` + self.errorsText(def.validateSchema.errors);
          if (opts.validateSchema === "log")
            self.logger.error(msg);
          else
            throw new Error(msg);
        }
      }
    }
    exports.validateKeywordUsage = validateKeywordUsage;
  }
});

// node_modules/ajv/dist/compile/validate/subschema.js
var require_subschema = __commonJS({
  "node_modules/ajv/dist/compile/validate/subschema.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.extendSubschemaMode = exports.extendSubschemaData = exports.getSubschema = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    function getSubschema(it, { keyword, schemaProp, schema, schemaPath, errSchemaPath, topSchemaRef }) {
      if (keyword !== void 0 && schema !== void 0) {
        throw new Error('both "keyword" and "schema" passed, only one allowed');
      }
      if (keyword !== void 0) {
        const sch = it.schema[keyword];
        return schemaProp === void 0 ? {
          schema: sch,
          schemaPath: (0, codegen_1._)`${it.schemaPath}${(0, codegen_1.getProperty)(keyword)}`,
          errSchemaPath: `${it.errSchemaPath}/${keyword}`
        } : {
          schema: sch[schemaProp],
          schemaPath: (0, codegen_1._)`${it.schemaPath}${(0, codegen_1.getProperty)(keyword)}${(0, codegen_1.getProperty)(schemaProp)}`,
          errSchemaPath: `${it.errSchemaPath}/${keyword}/${(0, util_1.escapeFragment)(schemaProp)}`
        };
      }
      if (schema !== void 0) {
        if (schemaPath === void 0 || errSchemaPath === void 0 || topSchemaRef === void 0) {
          throw new Error('"schemaPath", "errSchemaPath" and "topSchemaRef" are required with "schema"');
        }
        return {
          schema,
          schemaPath,
          topSchemaRef,
          errSchemaPath
        };
      }
      throw new Error('either "keyword" or "schema" must be passed');
    }
    exports.getSubschema = getSubschema;
    function extendSubschemaData(subschema, it, { dataProp, dataPropType: dpType, data, dataTypes, propertyName }) {
      if (data !== void 0 && dataProp !== void 0) {
        throw new Error('both "data" and "dataProp" passed, only one allowed');
      }
      const { gen } = it;
      if (dataProp !== void 0) {
        const { errorPath, dataPathArr, opts } = it;
        const nextData = gen.let("data", (0, codegen_1._)`${it.data}${(0, codegen_1.getProperty)(dataProp)}`, true);
        dataContextProps(nextData);
        subschema.errorPath = (0, codegen_1.str)`${errorPath}${(0, util_1.getErrorPath)(dataProp, dpType, opts.jsPropertySyntax)}`;
        subschema.parentDataProperty = (0, codegen_1._)`${dataProp}`;
        subschema.dataPathArr = [...dataPathArr, subschema.parentDataProperty];
      }
      if (data !== void 0) {
        const nextData = data instanceof codegen_1.Name ? data : gen.let("data", data, true);
        dataContextProps(nextData);
        if (propertyName !== void 0)
          subschema.propertyName = propertyName;
      }
      if (dataTypes)
        subschema.dataTypes = dataTypes;
      function dataContextProps(_nextData) {
        subschema.data = _nextData;
        subschema.dataLevel = it.dataLevel + 1;
        subschema.dataTypes = [];
        it.definedProperties = /* @__PURE__ */ new Set();
        subschema.parentData = it.data;
        subschema.dataNames = [...it.dataNames, _nextData];
      }
    }
    exports.extendSubschemaData = extendSubschemaData;
    function extendSubschemaMode(subschema, { jtdDiscriminator, jtdMetadata, compositeRule, createErrors, allErrors }) {
      if (compositeRule !== void 0)
        subschema.compositeRule = compositeRule;
      if (createErrors !== void 0)
        subschema.createErrors = createErrors;
      if (allErrors !== void 0)
        subschema.allErrors = allErrors;
      subschema.jtdDiscriminator = jtdDiscriminator;
      subschema.jtdMetadata = jtdMetadata;
    }
    exports.extendSubschemaMode = extendSubschemaMode;
  }
});

// node_modules/fast-deep-equal/index.js
var require_fast_deep_equal = __commonJS({
  "node_modules/fast-deep-equal/index.js"(exports, module) {
    "use strict";
    module.exports = function equal(a, b) {
      if (a === b) return true;
      if (a && b && typeof a == "object" && typeof b == "object") {
        if (a.constructor !== b.constructor) return false;
        var length2, i, keys;
        if (Array.isArray(a)) {
          length2 = a.length;
          if (length2 != b.length) return false;
          for (i = length2; i-- !== 0; )
            if (!equal(a[i], b[i])) return false;
          return true;
        }
        if (a.constructor === RegExp) return a.source === b.source && a.flags === b.flags;
        if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
        if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();
        keys = Object.keys(a);
        length2 = keys.length;
        if (length2 !== Object.keys(b).length) return false;
        for (i = length2; i-- !== 0; )
          if (!Object.prototype.hasOwnProperty.call(b, keys[i])) return false;
        for (i = length2; i-- !== 0; ) {
          var key = keys[i];
          if (!equal(a[key], b[key])) return false;
        }
        return true;
      }
      return a !== a && b !== b;
    };
  }
});

// node_modules/json-schema-traverse/index.js
var require_json_schema_traverse = __commonJS({
  "node_modules/json-schema-traverse/index.js"(exports, module) {
    "use strict";
    var traverse = module.exports = function(schema, opts, cb) {
      if (typeof opts == "function") {
        cb = opts;
        opts = {};
      }
      cb = opts.cb || cb;
      var pre = typeof cb == "function" ? cb : cb.pre || function() {
      };
      var post = cb.post || function() {
      };
      _traverse(opts, pre, post, schema, "", schema);
    };
    traverse.keywords = {
      additionalItems: true,
      items: true,
      contains: true,
      additionalProperties: true,
      propertyNames: true,
      not: true,
      if: true,
      then: true,
      else: true
    };
    traverse.arrayKeywords = {
      items: true,
      allOf: true,
      anyOf: true,
      oneOf: true
    };
    traverse.propsKeywords = {
      $defs: true,
      definitions: true,
      properties: true,
      patternProperties: true,
      dependencies: true
    };
    traverse.skipKeywords = {
      default: true,
      enum: true,
      const: true,
      required: true,
      maximum: true,
      minimum: true,
      exclusiveMaximum: true,
      exclusiveMinimum: true,
      multipleOf: true,
      maxLength: true,
      minLength: true,
      pattern: true,
      format: true,
      maxItems: true,
      minItems: true,
      uniqueItems: true,
      maxProperties: true,
      minProperties: true
    };
    function _traverse(opts, pre, post, schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex2) {
      if (schema && typeof schema == "object" && !Array.isArray(schema)) {
        pre(schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex2);
        for (var key in schema) {
          var sch = schema[key];
          if (Array.isArray(sch)) {
            if (key in traverse.arrayKeywords) {
              for (var i = 0; i < sch.length; i++)
                _traverse(opts, pre, post, sch[i], jsonPtr + "/" + key + "/" + i, rootSchema, jsonPtr, key, schema, i);
            }
          } else if (key in traverse.propsKeywords) {
            if (sch && typeof sch == "object") {
              for (var prop in sch)
                _traverse(opts, pre, post, sch[prop], jsonPtr + "/" + key + "/" + escapeJsonPtr(prop), rootSchema, jsonPtr, key, schema, prop);
            }
          } else if (key in traverse.keywords || opts.allKeys && !(key in traverse.skipKeywords)) {
            _traverse(opts, pre, post, sch, jsonPtr + "/" + key, rootSchema, jsonPtr, key, schema);
          }
        }
        post(schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex2);
      }
    }
    function escapeJsonPtr(str2) {
      return str2.replace(/~/g, "~0").replace(/\//g, "~1");
    }
  }
});

// node_modules/ajv/dist/compile/resolve.js
var require_resolve = __commonJS({
  "node_modules/ajv/dist/compile/resolve.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.getSchemaRefs = exports.resolveUrl = exports.normalizeId = exports._getFullPath = exports.getFullPath = exports.inlineRef = void 0;
    var util_1 = require_util();
    var equal = require_fast_deep_equal();
    var traverse = require_json_schema_traverse();
    var SIMPLE_INLINED = /* @__PURE__ */ new Set([
      "type",
      "format",
      "pattern",
      "maxLength",
      "minLength",
      "maxProperties",
      "minProperties",
      "maxItems",
      "minItems",
      "maximum",
      "minimum",
      "uniqueItems",
      "multipleOf",
      "required",
      "enum",
      "const"
    ]);
    function inlineRef(schema, limit = true) {
      if (typeof schema == "boolean")
        return true;
      if (limit === true)
        return !hasRef(schema);
      if (!limit)
        return false;
      return countKeys(schema) <= limit;
    }
    exports.inlineRef = inlineRef;
    var REF_KEYWORDS = /* @__PURE__ */ new Set([
      "$ref",
      "$recursiveRef",
      "$recursiveAnchor",
      "$dynamicRef",
      "$dynamicAnchor"
    ]);
    function hasRef(schema) {
      for (const key in schema) {
        if (REF_KEYWORDS.has(key))
          return true;
        const sch = schema[key];
        if (Array.isArray(sch) && sch.some(hasRef))
          return true;
        if (typeof sch == "object" && hasRef(sch))
          return true;
      }
      return false;
    }
    function countKeys(schema) {
      let count = 0;
      for (const key in schema) {
        if (key === "$ref")
          return Infinity;
        count++;
        if (SIMPLE_INLINED.has(key))
          continue;
        if (typeof schema[key] == "object") {
          (0, util_1.eachItem)(schema[key], (sch) => count += countKeys(sch));
        }
        if (count === Infinity)
          return Infinity;
      }
      return count;
    }
    function getFullPath(resolver, id = "", normalize) {
      if (normalize !== false)
        id = normalizeId(id);
      const p = resolver.parse(id);
      return _getFullPath(resolver, p);
    }
    exports.getFullPath = getFullPath;
    function _getFullPath(resolver, p) {
      const serialized = resolver.serialize(p);
      return serialized.split("#")[0] + "#";
    }
    exports._getFullPath = _getFullPath;
    var TRAILING_SLASH_HASH = /#\/?$/;
    function normalizeId(id) {
      return id ? id.replace(TRAILING_SLASH_HASH, "") : "";
    }
    exports.normalizeId = normalizeId;
    function resolveUrl(resolver, baseId, id) {
      id = normalizeId(id);
      return resolver.resolve(baseId, id);
    }
    exports.resolveUrl = resolveUrl;
    var ANCHOR = /^[a-z_][-a-z0-9._]*$/i;
    function getSchemaRefs(schema, baseId) {
      if (typeof schema == "boolean")
        return {};
      const { schemaId, uriResolver } = this.opts;
      const schId = normalizeId(schema[schemaId] || baseId);
      const baseIds = { "": schId };
      const pathPrefix = getFullPath(uriResolver, schId, false);
      const localRefs = {};
      const schemaRefs = /* @__PURE__ */ new Set();
      traverse(schema, { allKeys: true }, (sch, jsonPtr, _, parentJsonPtr) => {
        if (parentJsonPtr === void 0)
          return;
        const fullPath = pathPrefix + jsonPtr;
        let innerBaseId = baseIds[parentJsonPtr];
        if (typeof sch[schemaId] == "string")
          innerBaseId = addRef.call(this, sch[schemaId]);
        addAnchor.call(this, sch.$anchor);
        addAnchor.call(this, sch.$dynamicAnchor);
        baseIds[jsonPtr] = innerBaseId;
        function addRef(ref) {
          const _resolve = this.opts.uriResolver.resolve;
          ref = normalizeId(innerBaseId ? _resolve(innerBaseId, ref) : ref);
          if (schemaRefs.has(ref))
            throw ambiguos(ref);
          schemaRefs.add(ref);
          let schOrRef = this.refs[ref];
          if (typeof schOrRef == "string")
            schOrRef = this.refs[schOrRef];
          if (typeof schOrRef == "object") {
            checkAmbiguosRef(sch, schOrRef.schema, ref);
          } else if (ref !== normalizeId(fullPath)) {
            if (ref[0] === "#") {
              checkAmbiguosRef(sch, localRefs[ref], ref);
              localRefs[ref] = sch;
            } else {
              this.refs[ref] = fullPath;
            }
          }
          return ref;
        }
        function addAnchor(anchor) {
          if (typeof anchor == "string") {
            if (!ANCHOR.test(anchor))
              throw new Error(`invalid anchor "${anchor}"`);
            addRef.call(this, `#${anchor}`);
          }
        }
      });
      return localRefs;
      function checkAmbiguosRef(sch1, sch2, ref) {
        if (sch2 !== void 0 && !equal(sch1, sch2))
          throw ambiguos(ref);
      }
      function ambiguos(ref) {
        return new Error(`reference "${ref}" resolves to more than one schema`);
      }
    }
    exports.getSchemaRefs = getSchemaRefs;
  }
});

// node_modules/ajv/dist/compile/validate/index.js
var require_validate = __commonJS({
  "node_modules/ajv/dist/compile/validate/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.getData = exports.KeywordCxt = exports.validateFunctionCode = void 0;
    var boolSchema_1 = require_boolSchema();
    var dataType_1 = require_dataType();
    var applicability_1 = require_applicability();
    var dataType_2 = require_dataType();
    var defaults_1 = require_defaults();
    var keyword_1 = require_keyword();
    var subschema_1 = require_subschema();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var resolve_1 = require_resolve();
    var util_1 = require_util();
    var errors_1 = require_errors();
    function validateFunctionCode(it) {
      if (isSchemaObj(it)) {
        checkKeywords(it);
        if (schemaCxtHasRules(it)) {
          topSchemaObjCode(it);
          return;
        }
      }
      validateFunction(it, () => (0, boolSchema_1.topBoolOrEmptySchema)(it));
    }
    exports.validateFunctionCode = validateFunctionCode;
    function validateFunction({ gen, validateName, schema, schemaEnv, opts }, body) {
      if (opts.code.es5) {
        gen.func(validateName, (0, codegen_1._)`${names_1.default.data}, ${names_1.default.valCxt}`, schemaEnv.$async, () => {
          gen.code((0, codegen_1._)`"use strict"; ${funcSourceUrl(schema, opts)}`);
          destructureValCxtES5(gen, opts);
          gen.code(body);
        });
      } else {
        gen.func(validateName, (0, codegen_1._)`${names_1.default.data}, ${destructureValCxt(opts)}`, schemaEnv.$async, () => gen.code(funcSourceUrl(schema, opts)).code(body));
      }
    }
    function destructureValCxt(opts) {
      return (0, codegen_1._)`{${names_1.default.instancePath}="", ${names_1.default.parentData}, ${names_1.default.parentDataProperty}, ${names_1.default.rootData}=${names_1.default.data}${opts.dynamicRef ? (0, codegen_1._)`, ${names_1.default.dynamicAnchors}={}` : codegen_1.nil}}={}`;
    }
    function destructureValCxtES5(gen, opts) {
      gen.if(names_1.default.valCxt, () => {
        gen.var(names_1.default.instancePath, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.instancePath}`);
        gen.var(names_1.default.parentData, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.parentData}`);
        gen.var(names_1.default.parentDataProperty, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.parentDataProperty}`);
        gen.var(names_1.default.rootData, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.rootData}`);
        if (opts.dynamicRef)
          gen.var(names_1.default.dynamicAnchors, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.dynamicAnchors}`);
      }, () => {
        gen.var(names_1.default.instancePath, (0, codegen_1._)`""`);
        gen.var(names_1.default.parentData, (0, codegen_1._)`undefined`);
        gen.var(names_1.default.parentDataProperty, (0, codegen_1._)`undefined`);
        gen.var(names_1.default.rootData, names_1.default.data);
        if (opts.dynamicRef)
          gen.var(names_1.default.dynamicAnchors, (0, codegen_1._)`{}`);
      });
    }
    function topSchemaObjCode(it) {
      const { schema, opts, gen } = it;
      validateFunction(it, () => {
        if (opts.$comment && schema.$comment)
          commentKeyword(it);
        checkNoDefault(it);
        gen.let(names_1.default.vErrors, null);
        gen.let(names_1.default.errors, 0);
        if (opts.unevaluated)
          resetEvaluated(it);
        typeAndKeywords(it);
        returnResults(it);
      });
      return;
    }
    function resetEvaluated(it) {
      const { gen, validateName } = it;
      it.evaluated = gen.const("evaluated", (0, codegen_1._)`${validateName}.evaluated`);
      gen.if((0, codegen_1._)`${it.evaluated}.dynamicProps`, () => gen.assign((0, codegen_1._)`${it.evaluated}.props`, (0, codegen_1._)`undefined`));
      gen.if((0, codegen_1._)`${it.evaluated}.dynamicItems`, () => gen.assign((0, codegen_1._)`${it.evaluated}.items`, (0, codegen_1._)`undefined`));
    }
    function funcSourceUrl(schema, opts) {
      const schId = typeof schema == "object" && schema[opts.schemaId];
      return schId && (opts.code.source || opts.code.process) ? (0, codegen_1._)`/*# sourceURL=${schId} */` : codegen_1.nil;
    }
    function subschemaCode(it, valid) {
      if (isSchemaObj(it)) {
        checkKeywords(it);
        if (schemaCxtHasRules(it)) {
          subSchemaObjCode(it, valid);
          return;
        }
      }
      (0, boolSchema_1.boolOrEmptySchema)(it, valid);
    }
    function schemaCxtHasRules({ schema, self }) {
      if (typeof schema == "boolean")
        return !schema;
      for (const key in schema)
        if (self.RULES.all[key])
          return true;
      return false;
    }
    function isSchemaObj(it) {
      return typeof it.schema != "boolean";
    }
    function subSchemaObjCode(it, valid) {
      const { schema, gen, opts } = it;
      if (opts.$comment && schema.$comment)
        commentKeyword(it);
      updateContext(it);
      checkAsyncSchema(it);
      const errsCount = gen.const("_errs", names_1.default.errors);
      typeAndKeywords(it, errsCount);
      gen.var(valid, (0, codegen_1._)`${errsCount} === ${names_1.default.errors}`);
    }
    function checkKeywords(it) {
      (0, util_1.checkUnknownRules)(it);
      checkRefsAndKeywords(it);
    }
    function typeAndKeywords(it, errsCount) {
      if (it.opts.jtd)
        return schemaKeywords(it, [], false, errsCount);
      const types = (0, dataType_1.getSchemaTypes)(it.schema);
      const checkedTypes = (0, dataType_1.coerceAndCheckDataType)(it, types);
      schemaKeywords(it, types, !checkedTypes, errsCount);
    }
    function checkRefsAndKeywords(it) {
      const { schema, errSchemaPath, opts, self } = it;
      if (schema.$ref && opts.ignoreKeywordsWithRef && (0, util_1.schemaHasRulesButRef)(schema, self.RULES)) {
        self.logger.warn(`$ref: keywords ignored in schema at path "${errSchemaPath}"`);
      }
    }
    function checkNoDefault(it) {
      const { schema, opts } = it;
      if (schema.default !== void 0 && opts.useDefaults && opts.strictSchema) {
        (0, util_1.checkStrictMode)(it, "default is ignored in the schema root");
      }
    }
    function updateContext(it) {
      const schId = it.schema[it.opts.schemaId];
      if (schId)
        it.baseId = (0, resolve_1.resolveUrl)(it.opts.uriResolver, it.baseId, schId);
    }
    function checkAsyncSchema(it) {
      if (it.schema.$async && !it.schemaEnv.$async)
        throw new Error("async schema in sync schema");
    }
    function commentKeyword({ gen, schemaEnv, schema, errSchemaPath, opts }) {
      const msg = schema.$comment;
      if (opts.$comment === true) {
        gen.code((0, codegen_1._)`${names_1.default.self}.logger.log(${msg})`);
      } else if (typeof opts.$comment == "function") {
        const schemaPath = (0, codegen_1.str)`${errSchemaPath}/$comment`;
        const rootName = gen.scopeValue("root", { ref: schemaEnv.root });
        gen.code((0, codegen_1._)`${names_1.default.self}.opts.$comment(${msg}, ${schemaPath}, ${rootName}.schema)`);
      }
    }
    function returnResults(it) {
      const { gen, schemaEnv, validateName, ValidationError, opts } = it;
      if (schemaEnv.$async) {
        gen.if((0, codegen_1._)`${names_1.default.errors} === 0`, () => gen.return(names_1.default.data), () => gen.throw((0, codegen_1._)`new ${ValidationError}(${names_1.default.vErrors})`));
      } else {
        gen.assign((0, codegen_1._)`${validateName}.errors`, names_1.default.vErrors);
        if (opts.unevaluated)
          assignEvaluated(it);
        gen.return((0, codegen_1._)`${names_1.default.errors} === 0`);
      }
    }
    function assignEvaluated({ gen, evaluated, props, items }) {
      if (props instanceof codegen_1.Name)
        gen.assign((0, codegen_1._)`${evaluated}.props`, props);
      if (items instanceof codegen_1.Name)
        gen.assign((0, codegen_1._)`${evaluated}.items`, items);
    }
    function schemaKeywords(it, types, typeErrors, errsCount) {
      const { gen, schema, data, allErrors, opts, self } = it;
      const { RULES } = self;
      if (schema.$ref && (opts.ignoreKeywordsWithRef || !(0, util_1.schemaHasRulesButRef)(schema, RULES))) {
        gen.block(() => keywordCode(it, "$ref", RULES.all.$ref.definition));
        return;
      }
      if (!opts.jtd)
        checkStrictTypes(it, types);
      gen.block(() => {
        for (const group of RULES.rules)
          groupKeywords(group);
        groupKeywords(RULES.post);
      });
      function groupKeywords(group) {
        if (!(0, applicability_1.shouldUseGroup)(schema, group))
          return;
        if (group.type) {
          gen.if((0, dataType_2.checkDataType)(group.type, data, opts.strictNumbers));
          iterateKeywords(it, group);
          if (types.length === 1 && types[0] === group.type && typeErrors) {
            gen.else();
            (0, dataType_2.reportTypeError)(it);
          }
          gen.endIf();
        } else {
          iterateKeywords(it, group);
        }
        if (!allErrors)
          gen.if((0, codegen_1._)`${names_1.default.errors} === ${errsCount || 0}`);
      }
    }
    function iterateKeywords(it, group) {
      const { gen, schema, opts: { useDefaults } } = it;
      if (useDefaults)
        (0, defaults_1.assignDefaults)(it, group.type);
      gen.block(() => {
        for (const rule of group.rules) {
          if ((0, applicability_1.shouldUseRule)(schema, rule)) {
            keywordCode(it, rule.keyword, rule.definition, group.type);
          }
        }
      });
    }
    function checkStrictTypes(it, types) {
      if (it.schemaEnv.meta || !it.opts.strictTypes)
        return;
      checkContextTypes(it, types);
      if (!it.opts.allowUnionTypes)
        checkMultipleTypes(it, types);
      checkKeywordTypes(it, it.dataTypes);
    }
    function checkContextTypes(it, types) {
      if (!types.length)
        return;
      if (!it.dataTypes.length) {
        it.dataTypes = types;
        return;
      }
      types.forEach((t) => {
        if (!includesType(it.dataTypes, t)) {
          strictTypesError(it, `type "${t}" not allowed by context "${it.dataTypes.join(",")}"`);
        }
      });
      narrowSchemaTypes(it, types);
    }
    function checkMultipleTypes(it, ts) {
      if (ts.length > 1 && !(ts.length === 2 && ts.includes("null"))) {
        strictTypesError(it, "use allowUnionTypes to allow union type keyword");
      }
    }
    function checkKeywordTypes(it, ts) {
      const rules = it.self.RULES.all;
      for (const keyword in rules) {
        const rule = rules[keyword];
        if (typeof rule == "object" && (0, applicability_1.shouldUseRule)(it.schema, rule)) {
          const { type } = rule.definition;
          if (type.length && !type.some((t) => hasApplicableType(ts, t))) {
            strictTypesError(it, `missing type "${type.join(",")}" for keyword "${keyword}"`);
          }
        }
      }
    }
    function hasApplicableType(schTs, kwdT) {
      return schTs.includes(kwdT) || kwdT === "number" && schTs.includes("integer");
    }
    function includesType(ts, t) {
      return ts.includes(t) || t === "integer" && ts.includes("number");
    }
    function narrowSchemaTypes(it, withTypes) {
      const ts = [];
      for (const t of it.dataTypes) {
        if (includesType(withTypes, t))
          ts.push(t);
        else if (withTypes.includes("integer") && t === "number")
          ts.push("integer");
      }
      it.dataTypes = ts;
    }
    function strictTypesError(it, msg) {
      const schemaPath = it.schemaEnv.baseId + it.errSchemaPath;
      msg += ` at "${schemaPath}" (strictTypes)`;
      (0, util_1.checkStrictMode)(it, msg, it.opts.strictTypes);
    }
    var KeywordCxt = class {
      constructor(it, def, keyword) {
        (0, keyword_1.validateKeywordUsage)(it, def, keyword);
        this.gen = it.gen;
        this.allErrors = it.allErrors;
        this.keyword = keyword;
        this.data = it.data;
        this.schema = it.schema[keyword];
        this.$data = def.$data && it.opts.$data && this.schema && this.schema.$data;
        this.schemaValue = (0, util_1.schemaRefOrVal)(it, this.schema, keyword, this.$data);
        this.schemaType = def.schemaType;
        this.parentSchema = it.schema;
        this.params = {};
        this.it = it;
        this.def = def;
        if (this.$data) {
          this.schemaCode = it.gen.const("vSchema", getData(this.$data, it));
        } else {
          this.schemaCode = this.schemaValue;
          if (!(0, keyword_1.validSchemaType)(this.schema, def.schemaType, def.allowUndefined)) {
            throw new Error(`${keyword} value must be ${JSON.stringify(def.schemaType)}`);
          }
        }
        if ("code" in def ? def.trackErrors : def.errors !== false) {
          this.errsCount = it.gen.const("_errs", names_1.default.errors);
        }
      }
      result(condition, successAction, failAction) {
        this.failResult((0, codegen_1.not)(condition), successAction, failAction);
      }
      failResult(condition, successAction, failAction) {
        this.gen.if(condition);
        if (failAction)
          failAction();
        else
          this.error();
        if (successAction) {
          this.gen.else();
          successAction();
          if (this.allErrors)
            this.gen.endIf();
        } else {
          if (this.allErrors)
            this.gen.endIf();
          else
            this.gen.else();
        }
      }
      pass(condition, failAction) {
        this.failResult((0, codegen_1.not)(condition), void 0, failAction);
      }
      fail(condition) {
        if (condition === void 0) {
          this.error();
          if (!this.allErrors)
            this.gen.if(false);
          return;
        }
        this.gen.if(condition);
        this.error();
        if (this.allErrors)
          this.gen.endIf();
        else
          this.gen.else();
      }
      fail$data(condition) {
        if (!this.$data)
          return this.fail(condition);
        const { schemaCode } = this;
        this.fail((0, codegen_1._)`${schemaCode} !== undefined && (${(0, codegen_1.or)(this.invalid$data(), condition)})`);
      }
      error(append, errorParams, errorPaths) {
        if (errorParams) {
          this.setParams(errorParams);
          this._error(append, errorPaths);
          this.setParams({});
          return;
        }
        this._error(append, errorPaths);
      }
      _error(append, errorPaths) {
        ;
        (append ? errors_1.reportExtraError : errors_1.reportError)(this, this.def.error, errorPaths);
      }
      $dataError() {
        (0, errors_1.reportError)(this, this.def.$dataError || errors_1.keyword$DataError);
      }
      reset() {
        if (this.errsCount === void 0)
          throw new Error('add "trackErrors" to keyword definition');
        (0, errors_1.resetErrorsCount)(this.gen, this.errsCount);
      }
      ok(cond) {
        if (!this.allErrors)
          this.gen.if(cond);
      }
      setParams(obj, assign) {
        if (assign)
          Object.assign(this.params, obj);
        else
          this.params = obj;
      }
      block$data(valid, codeBlock, $dataValid = codegen_1.nil) {
        this.gen.block(() => {
          this.check$data(valid, $dataValid);
          codeBlock();
        });
      }
      check$data(valid = codegen_1.nil, $dataValid = codegen_1.nil) {
        if (!this.$data)
          return;
        const { gen, schemaCode, schemaType, def } = this;
        gen.if((0, codegen_1.or)((0, codegen_1._)`${schemaCode} === undefined`, $dataValid));
        if (valid !== codegen_1.nil)
          gen.assign(valid, true);
        if (schemaType.length || def.validateSchema) {
          gen.elseIf(this.invalid$data());
          this.$dataError();
          if (valid !== codegen_1.nil)
            gen.assign(valid, false);
        }
        gen.else();
      }
      invalid$data() {
        const { gen, schemaCode, schemaType, def, it } = this;
        return (0, codegen_1.or)(wrong$DataType(), invalid$DataSchema());
        function wrong$DataType() {
          if (schemaType.length) {
            if (!(schemaCode instanceof codegen_1.Name))
              throw new Error("ajv implementation error");
            const st = Array.isArray(schemaType) ? schemaType : [schemaType];
            return (0, codegen_1._)`${(0, dataType_2.checkDataTypes)(st, schemaCode, it.opts.strictNumbers, dataType_2.DataType.Wrong)}`;
          }
          return codegen_1.nil;
        }
        function invalid$DataSchema() {
          if (def.validateSchema) {
            const validateSchemaRef = gen.scopeValue("validate$data", { ref: def.validateSchema });
            return (0, codegen_1._)`!${validateSchemaRef}(${schemaCode})`;
          }
          return codegen_1.nil;
        }
      }
      subschema(appl, valid) {
        const subschema = (0, subschema_1.getSubschema)(this.it, appl);
        (0, subschema_1.extendSubschemaData)(subschema, this.it, appl);
        (0, subschema_1.extendSubschemaMode)(subschema, appl);
        const nextContext = { ...this.it, ...subschema, items: void 0, props: void 0 };
        subschemaCode(nextContext, valid);
        return nextContext;
      }
      mergeEvaluated(schemaCxt, toName) {
        const { it, gen } = this;
        if (!it.opts.unevaluated)
          return;
        if (it.props !== true && schemaCxt.props !== void 0) {
          it.props = util_1.mergeEvaluated.props(gen, schemaCxt.props, it.props, toName);
        }
        if (it.items !== true && schemaCxt.items !== void 0) {
          it.items = util_1.mergeEvaluated.items(gen, schemaCxt.items, it.items, toName);
        }
      }
      mergeValidEvaluated(schemaCxt, valid) {
        const { it, gen } = this;
        if (it.opts.unevaluated && (it.props !== true || it.items !== true)) {
          gen.if(valid, () => this.mergeEvaluated(schemaCxt, codegen_1.Name));
          return true;
        }
      }
    };
    exports.KeywordCxt = KeywordCxt;
    function keywordCode(it, keyword, def, ruleType) {
      const cxt = new KeywordCxt(it, def, keyword);
      if ("code" in def) {
        def.code(cxt, ruleType);
      } else if (cxt.$data && def.validate) {
        (0, keyword_1.funcKeywordCode)(cxt, def);
      } else if ("macro" in def) {
        (0, keyword_1.macroKeywordCode)(cxt, def);
      } else if (def.compile || def.validate) {
        (0, keyword_1.funcKeywordCode)(cxt, def);
      }
    }
    var JSON_POINTER = /^\/(?:[^~]|~0|~1)*$/;
    var RELATIVE_JSON_POINTER = /^([0-9]+)(#|\/(?:[^~]|~0|~1)*)?$/;
    function getData($data, { dataLevel, dataNames, dataPathArr }) {
      let jsonPointer;
      let data;
      if ($data === "")
        return names_1.default.rootData;
      if ($data[0] === "/") {
        if (!JSON_POINTER.test($data))
          throw new Error(`Invalid JSON-pointer: ${$data}`);
        jsonPointer = $data;
        data = names_1.default.rootData;
      } else {
        const matches2 = RELATIVE_JSON_POINTER.exec($data);
        if (!matches2)
          throw new Error(`Invalid JSON-pointer: ${$data}`);
        const up = +matches2[1];
        jsonPointer = matches2[2];
        if (jsonPointer === "#") {
          if (up >= dataLevel)
            throw new Error(errorMsg("property/index", up));
          return dataPathArr[dataLevel - up];
        }
        if (up > dataLevel)
          throw new Error(errorMsg("data", up));
        data = dataNames[dataLevel - up];
        if (!jsonPointer)
          return data;
      }
      let expr = data;
      const segments = jsonPointer.split("/");
      for (const segment of segments) {
        if (segment) {
          data = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)((0, util_1.unescapeJsonPointer)(segment))}`;
          expr = (0, codegen_1._)`${expr} && ${data}`;
        }
      }
      return expr;
      function errorMsg(pointerType, up) {
        return `Cannot access ${pointerType} ${up} levels up, current level is ${dataLevel}`;
      }
    }
    exports.getData = getData;
  }
});

// node_modules/ajv/dist/runtime/validation_error.js
var require_validation_error = __commonJS({
  "node_modules/ajv/dist/runtime/validation_error.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var ValidationError = class extends Error {
      constructor(errors) {
        super("validation failed");
        this.errors = errors;
        this.ajv = this.validation = true;
      }
    };
    exports.default = ValidationError;
  }
});

// node_modules/ajv/dist/compile/ref_error.js
var require_ref_error = __commonJS({
  "node_modules/ajv/dist/compile/ref_error.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var resolve_1 = require_resolve();
    var MissingRefError = class extends Error {
      constructor(resolver, baseId, ref, msg) {
        super(msg || `can't resolve reference ${ref} from id ${baseId}`);
        this.missingRef = (0, resolve_1.resolveUrl)(resolver, baseId, ref);
        this.missingSchema = (0, resolve_1.normalizeId)((0, resolve_1.getFullPath)(resolver, this.missingRef));
      }
    };
    exports.default = MissingRefError;
  }
});

// node_modules/ajv/dist/compile/index.js
var require_compile = __commonJS({
  "node_modules/ajv/dist/compile/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.resolveSchema = exports.getCompilingSchema = exports.resolveRef = exports.compileSchema = exports.SchemaEnv = void 0;
    var codegen_1 = require_codegen();
    var validation_error_1 = require_validation_error();
    var names_1 = require_names();
    var resolve_1 = require_resolve();
    var util_1 = require_util();
    var validate_1 = require_validate();
    var SchemaEnv = class {
      constructor(env) {
        var _a;
        this.refs = {};
        this.dynamicAnchors = {};
        let schema;
        if (typeof env.schema == "object")
          schema = env.schema;
        this.schema = env.schema;
        this.schemaId = env.schemaId;
        this.root = env.root || this;
        this.baseId = (_a = env.baseId) !== null && _a !== void 0 ? _a : (0, resolve_1.normalizeId)(schema === null || schema === void 0 ? void 0 : schema[env.schemaId || "$id"]);
        this.schemaPath = env.schemaPath;
        this.localRefs = env.localRefs;
        this.meta = env.meta;
        this.$async = schema === null || schema === void 0 ? void 0 : schema.$async;
        this.refs = {};
      }
    };
    exports.SchemaEnv = SchemaEnv;
    function compileSchema2(sch) {
      const _sch = getCompilingSchema.call(this, sch);
      if (_sch)
        return _sch;
      const rootId = (0, resolve_1.getFullPath)(this.opts.uriResolver, sch.root.baseId);
      const { es5, lines } = this.opts.code;
      const { ownProperties } = this.opts;
      const gen = new codegen_1.CodeGen(this.scope, { es5, lines, ownProperties });
      let _ValidationError;
      if (sch.$async) {
        _ValidationError = gen.scopeValue("Error", {
          ref: validation_error_1.default,
          code: (0, codegen_1._)`require("ajv/dist/runtime/validation_error").default`
        });
      }
      const validateName = gen.scopeName("validate");
      sch.validateName = validateName;
      const schemaCxt = {
        gen,
        allErrors: this.opts.allErrors,
        data: names_1.default.data,
        parentData: names_1.default.parentData,
        parentDataProperty: names_1.default.parentDataProperty,
        dataNames: [names_1.default.data],
        dataPathArr: [codegen_1.nil],
        // TODO can its length be used as dataLevel if nil is removed?
        dataLevel: 0,
        dataTypes: [],
        definedProperties: /* @__PURE__ */ new Set(),
        topSchemaRef: gen.scopeValue("schema", this.opts.code.source === true ? { ref: sch.schema, code: (0, codegen_1.stringify)(sch.schema) } : { ref: sch.schema }),
        validateName,
        ValidationError: _ValidationError,
        schema: sch.schema,
        schemaEnv: sch,
        rootId,
        baseId: sch.baseId || rootId,
        schemaPath: codegen_1.nil,
        errSchemaPath: sch.schemaPath || (this.opts.jtd ? "" : "#"),
        errorPath: (0, codegen_1._)`""`,
        opts: this.opts,
        self: this
      };
      let sourceCode;
      try {
        this._compilations.add(sch);
        (0, validate_1.validateFunctionCode)(schemaCxt);
        gen.optimize(this.opts.code.optimize);
        const validateCode = gen.toString();
        sourceCode = `${gen.scopeRefs(names_1.default.scope)}return ${validateCode}`;
        if (this.opts.code.process)
          sourceCode = this.opts.code.process(sourceCode, sch);
        const makeValidate = new Function(`${names_1.default.self}`, `${names_1.default.scope}`, sourceCode);
        const validate = makeValidate(this, this.scope.get());
        this.scope.value(validateName, { ref: validate });
        validate.errors = null;
        validate.schema = sch.schema;
        validate.schemaEnv = sch;
        if (sch.$async)
          validate.$async = true;
        if (this.opts.code.source === true) {
          validate.source = { validateName, validateCode, scopeValues: gen._values };
        }
        if (this.opts.unevaluated) {
          const { props, items } = schemaCxt;
          validate.evaluated = {
            props: props instanceof codegen_1.Name ? void 0 : props,
            items: items instanceof codegen_1.Name ? void 0 : items,
            dynamicProps: props instanceof codegen_1.Name,
            dynamicItems: items instanceof codegen_1.Name
          };
          if (validate.source)
            validate.source.evaluated = (0, codegen_1.stringify)(validate.evaluated);
        }
        sch.validate = validate;
        return sch;
      } catch (e) {
        delete sch.validate;
        delete sch.validateName;
        if (sourceCode)
          this.logger.error("Error compiling schema, function code:", sourceCode);
        throw e;
      } finally {
        this._compilations.delete(sch);
      }
    }
    exports.compileSchema = compileSchema2;
    function resolveRef(root, baseId, ref) {
      var _a;
      ref = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, ref);
      const schOrFunc = root.refs[ref];
      if (schOrFunc)
        return schOrFunc;
      let _sch = resolve.call(this, root, ref);
      if (_sch === void 0) {
        const schema = (_a = root.localRefs) === null || _a === void 0 ? void 0 : _a[ref];
        const { schemaId } = this.opts;
        if (schema)
          _sch = new SchemaEnv({ schema, schemaId, root, baseId });
      }
      if (_sch === void 0)
        return;
      return root.refs[ref] = inlineOrCompile.call(this, _sch);
    }
    exports.resolveRef = resolveRef;
    function inlineOrCompile(sch) {
      if ((0, resolve_1.inlineRef)(sch.schema, this.opts.inlineRefs))
        return sch.schema;
      return sch.validate ? sch : compileSchema2.call(this, sch);
    }
    function getCompilingSchema(schEnv) {
      for (const sch of this._compilations) {
        if (sameSchemaEnv(sch, schEnv))
          return sch;
      }
    }
    exports.getCompilingSchema = getCompilingSchema;
    function sameSchemaEnv(s1, s2) {
      return s1.schema === s2.schema && s1.root === s2.root && s1.baseId === s2.baseId;
    }
    function resolve(root, ref) {
      let sch;
      while (typeof (sch = this.refs[ref]) == "string")
        ref = sch;
      return sch || this.schemas[ref] || resolveSchema.call(this, root, ref);
    }
    function resolveSchema(root, ref) {
      const p = this.opts.uriResolver.parse(ref);
      const refPath = (0, resolve_1._getFullPath)(this.opts.uriResolver, p);
      let baseId = (0, resolve_1.getFullPath)(this.opts.uriResolver, root.baseId, void 0);
      if (Object.keys(root.schema).length > 0 && refPath === baseId) {
        return getJsonPointer.call(this, p, root);
      }
      const id = (0, resolve_1.normalizeId)(refPath);
      const schOrRef = this.refs[id] || this.schemas[id];
      if (typeof schOrRef == "string") {
        const sch = resolveSchema.call(this, root, schOrRef);
        if (typeof (sch === null || sch === void 0 ? void 0 : sch.schema) !== "object")
          return;
        return getJsonPointer.call(this, p, sch);
      }
      if (typeof (schOrRef === null || schOrRef === void 0 ? void 0 : schOrRef.schema) !== "object")
        return;
      if (!schOrRef.validate)
        compileSchema2.call(this, schOrRef);
      if (id === (0, resolve_1.normalizeId)(ref)) {
        const { schema } = schOrRef;
        const { schemaId } = this.opts;
        const schId = schema[schemaId];
        if (schId)
          baseId = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schId);
        return new SchemaEnv({ schema, schemaId, root, baseId });
      }
      return getJsonPointer.call(this, p, schOrRef);
    }
    exports.resolveSchema = resolveSchema;
    var PREVENT_SCOPE_CHANGE = /* @__PURE__ */ new Set([
      "properties",
      "patternProperties",
      "enum",
      "dependencies",
      "definitions"
    ]);
    function getJsonPointer(parsedRef, { baseId, schema, root }) {
      var _a;
      if (((_a = parsedRef.fragment) === null || _a === void 0 ? void 0 : _a[0]) !== "/")
        return;
      for (const part2 of parsedRef.fragment.slice(1).split("/")) {
        if (typeof schema === "boolean")
          return;
        const partSchema = schema[(0, util_1.unescapeFragment)(part2)];
        if (partSchema === void 0)
          return;
        schema = partSchema;
        const schId = typeof schema === "object" && schema[this.opts.schemaId];
        if (!PREVENT_SCOPE_CHANGE.has(part2) && schId) {
          baseId = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schId);
        }
      }
      let env;
      if (typeof schema != "boolean" && schema.$ref && !(0, util_1.schemaHasRulesButRef)(schema, this.RULES)) {
        const $ref = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schema.$ref);
        env = resolveSchema.call(this, root, $ref);
      }
      const { schemaId } = this.opts;
      env = env || new SchemaEnv({ schema, schemaId, root, baseId });
      if (env.schema !== env.root.schema)
        return env;
      return void 0;
    }
  }
});

// node_modules/ajv/dist/refs/data.json
var require_data = __commonJS({
  "node_modules/ajv/dist/refs/data.json"(exports, module) {
    module.exports = {
      $id: "https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#",
      description: "Meta-schema for $data reference (JSON AnySchema extension proposal)",
      type: "object",
      required: ["$data"],
      properties: {
        $data: {
          type: "string",
          anyOf: [{ format: "relative-json-pointer" }, { format: "json-pointer" }]
        }
      },
      additionalProperties: false
    };
  }
});

// node_modules/fast-uri/lib/utils.js
var require_utils = __commonJS({
  "node_modules/fast-uri/lib/utils.js"(exports, module) {
    "use strict";
    var isUUID = RegExp.prototype.test.bind(/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/iu);
    var isIPv4 = RegExp.prototype.test.bind(/^(?:(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]\d|\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]\d|\d)$/u);
    var isPort = RegExp.prototype.test.bind(/^\d*$/u);
    var isHexPair = RegExp.prototype.test.bind(/^[\da-f]{2}$/iu);
    var isUnreserved = RegExp.prototype.test.bind(/^[\da-z\-._~]$/iu);
    var isPathCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/u);
    var isQueryFragmentCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/?]$/u);
    var isUserinfoCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:]$/u);
    var BYTE_HEX = new Array(256);
    {
      const HEX_DIGITS = "0123456789ABCDEF";
      for (let i = 0; i < 256; i++) {
        BYTE_HEX[i] = "%" + HEX_DIGITS[i >> 4] + HEX_DIGITS[i & 15];
      }
    }
    function percentEncodeNonAscii(cp) {
      if (cp < 2048) {
        return BYTE_HEX[192 | cp >> 6] + BYTE_HEX[128 | cp & 63];
      }
      if (cp < 65536) {
        return BYTE_HEX[224 | cp >> 12] + BYTE_HEX[128 | cp >> 6 & 63] + BYTE_HEX[128 | cp & 63];
      }
      return BYTE_HEX[240 | cp >> 18] + BYTE_HEX[128 | cp >> 12 & 63] + BYTE_HEX[128 | cp >> 6 & 63] + BYTE_HEX[128 | cp & 63];
    }
    function stringArrayToHexStripped(input) {
      let acc = "";
      let code = 0;
      let i = 0;
      for (i = 0; i < input.length; i++) {
        code = input[i].charCodeAt(0);
        if (code === 48) {
          continue;
        }
        if (!(code >= 48 && code <= 57 || code >= 65 && code <= 70 || code >= 97 && code <= 102)) {
          return "";
        }
        acc += input[i];
        break;
      }
      for (i += 1; i < input.length; i++) {
        code = input[i].charCodeAt(0);
        if (!(code >= 48 && code <= 57 || code >= 65 && code <= 70 || code >= 97 && code <= 102)) {
          return "";
        }
        acc += input[i];
      }
      return acc;
    }
    var isHextet = RegExp.prototype.test.bind(/^[\dA-Fa-f]{1,4}$/);
    var isIPvFuture = RegExp.prototype.test.bind(/^[vV][\dA-Fa-f]+\.[A-Za-z\d\-._~!$&'()*+,;=:]+$/);
    var isZoneCharacter = RegExp.prototype.test.bind(/^[A-Za-z\d\-._~]$/);
    var nonSimpleDomain = RegExp.prototype.test.bind(/[^!"$&'()*+,\-.;=_`a-z{}~]/u);
    function isZoneIdentifier(zone) {
      if (zone.length === 0) return false;
      for (let i = 0; i < zone.length; i++) {
        if (isZoneCharacter(zone[i])) continue;
        if (zone[i] === "%" && i + 2 < zone.length && isHexPair(zone.slice(i + 1, i + 3))) {
          i += 2;
          continue;
        }
        return false;
      }
      return true;
    }
    function compressIPv6ZeroRun(hextets) {
      let bestStart = -1;
      let bestLength = 0;
      let runStart = -1;
      let runLength = 0;
      for (let i = 0; i < hextets.length; i++) {
        if (hextets[i] === "0") {
          if (runStart === -1) runStart = i;
          runLength++;
          if (runLength > bestLength) {
            bestLength = runLength;
            bestStart = runStart;
          }
        } else {
          runStart = -1;
          runLength = 0;
        }
      }
      if (bestLength < 2) return hextets.join(":");
      const head = hextets.slice(0, bestStart).join(":");
      const tail = hextets.slice(bestStart + bestLength).join(":");
      return head + "::" + tail;
    }
    function normalizeIPv6Address(input) {
      const compression = input.indexOf("::");
      if (compression !== -1 && input.indexOf("::", compression + 1) !== -1) return void 0;
      const left = compression === -1 ? input.split(":") : input.slice(0, compression).split(":");
      const right = compression === -1 ? [] : input.slice(compression + 2).split(":");
      if (compression !== -1) {
        if (left.length === 1 && left[0] === "") left.length = 0;
        if (right.length === 1 && right[0] === "") right.length = 0;
      }
      const parts = left.concat(right);
      let hextetCount = 0;
      for (let i = 0; i < parts.length; i++) {
        const part2 = parts[i];
        if (part2 === "") return void 0;
        if (part2.indexOf(".") !== -1) {
          if (i !== parts.length - 1 || compression !== -1 && right.length === 0 || !isIPv4(part2)) return void 0;
          hextetCount += 2;
          continue;
        }
        if (!isHextet(part2)) return void 0;
        parts[i] = parseInt(part2, 16).toString(16);
        hextetCount++;
      }
      if (compression === -1) {
        if (hextetCount !== 8) return void 0;
        return compressIPv6ZeroRun(parts);
      }
      if (hextetCount >= 8) return void 0;
      const expanded = parts.slice(0, left.length);
      for (let i = hextetCount; i < 8; i++) expanded.push("0");
      for (let i = left.length; i < parts.length; i++) expanded.push(parts[i]);
      return compressIPv6ZeroRun(expanded);
    }
    function normalizeIPv6(host) {
      const bracketed = host[0] === "[" && host[host.length - 1] === "]";
      const hasBracket = host[0] === "[" || host[host.length - 1] === "]";
      if (hasBracket && !bracketed) return { host, isIPV6: false, error: true };
      let input = bracketed ? host.slice(1, -1) : host;
      if (bracketed && isIPvFuture(input)) {
        input = input.toLowerCase();
        return { host: `[${input}]`, escapedHost: input, isIPV6: false, isIPVFuture: true };
      }
      if (findToken(input, ":") < 2) {
        return { host, isIPV6: false, error: bracketed };
      }
      let zoneIdentifier = "";
      const zoneSeparator = input.indexOf("%");
      if (zoneSeparator !== -1) {
        const separatorLength = input.slice(zoneSeparator, zoneSeparator + 3).toLowerCase() === "%25" ? 3 : 1;
        zoneIdentifier = input.slice(zoneSeparator + separatorLength);
        if (!isZoneIdentifier(zoneIdentifier)) return { host, isIPV6: false, error: true };
        input = input.slice(0, zoneSeparator);
      }
      const address = normalizeIPv6Address(input);
      if (address === void 0) return { host, isIPV6: false, error: true };
      return {
        host: address + (zoneIdentifier ? "%" + zoneIdentifier : ""),
        escapedHost: address + (zoneIdentifier ? "%25" + zoneIdentifier : ""),
        isIPV6: true
      };
    }
    function findToken(str2, token) {
      let ind = 0;
      for (let i = 0; i < str2.length; i++) {
        if (str2[i] === token) ind++;
      }
      return ind;
    }
    function removeDotSegments(path) {
      let input = path;
      const output = [];
      let nextSlash = -1;
      let len = 0;
      while (len = input.length) {
        if (len === 1) {
          if (input === ".") {
            break;
          } else if (input === "/") {
            output.push("/");
            break;
          } else {
            output.push(input);
            break;
          }
        } else if (len === 2) {
          if (input[0] === ".") {
            if (input[1] === ".") {
              break;
            } else if (input[1] === "/") {
              input = input.slice(2);
              continue;
            }
          } else if (input[0] === "/") {
            if (input[1] === "." || input[1] === "/") {
              output.push("/");
              break;
            }
          }
        } else if (len === 3) {
          if (input === "/..") {
            if (output.length !== 0) {
              output.pop();
            }
            output.push("/");
            break;
          }
        }
        if (input[0] === ".") {
          if (input[1] === ".") {
            if (input[2] === "/") {
              input = input.slice(3);
              continue;
            }
          } else if (input[1] === "/") {
            input = input.slice(2);
            continue;
          }
        } else if (input[0] === "/") {
          if (input[1] === ".") {
            if (input[2] === "/") {
              input = input.slice(2);
              continue;
            } else if (input[2] === ".") {
              if (input[3] === "/") {
                input = input.slice(3);
                if (output.length !== 0) {
                  output.pop();
                }
                continue;
              }
            }
          }
        }
        if ((nextSlash = input.indexOf("/", 1)) === -1) {
          output.push(input);
          break;
        } else {
          output.push(input.slice(0, nextSlash));
          input = input.slice(nextSlash);
        }
      }
      return output.join("");
    }
    function removeDotSegmentsRelative(path) {
      if (path === "" || path[0] === "/") {
        return removeDotSegments(path);
      }
      const segments = path.split("/");
      const last2 = segments.length - 1;
      const output = [];
      let trailingDirectory = false;
      for (let i = 0; i <= last2; i++) {
        const segment = segments[i];
        if (segment === "." || segment === "..") {
          if (segment === "..") {
            if (output.length !== 0 && output[output.length - 1] !== "..") {
              output.pop();
            } else {
              output.push("..");
            }
          }
          trailingDirectory = i === last2;
        } else {
          output.push(segment);
        }
      }
      if (trailingDirectory && output[output.length - 1] !== "..") {
        output.push("");
      }
      if (output.length === 0 || output[0] === "" || output[0].includes(":")) {
        output.unshift(".");
      }
      return output.join("/");
    }
    var HOST_DELIMS = { "@": "%40", "/": "%2F", "?": "%3F", "#": "%23", ":": "%3A" };
    var HOST_DELIM_RE = /[@/?#:]/g;
    var HOST_DELIM_NO_COLON_RE = /[@/?#]/g;
    function reescapeHostDelimiters(host, isIP) {
      const re = isIP ? HOST_DELIM_NO_COLON_RE : HOST_DELIM_RE;
      re.lastIndex = 0;
      return host.replace(re, (ch) => HOST_DELIMS[ch]);
    }
    function normalizePercentEncoding(input, decodeUnreserved = false) {
      if (input.indexOf("%") === -1) {
        return input;
      }
      let output = "";
      for (let i = 0; i < input.length; i++) {
        if (input[i] === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            const normalizedHex = hex.toUpperCase();
            const decoded2 = String.fromCharCode(parseInt(normalizedHex, 16));
            if (decodeUnreserved && isUnreserved(decoded2)) {
              output += decoded2;
            } else {
              output += "%" + normalizedHex;
            }
            i += 2;
            continue;
          }
        }
        output += input[i];
      }
      return output;
    }
    function normalizePathEncoding(input) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            const normalizedHex = hex.toUpperCase();
            const decoded2 = String.fromCharCode(parseInt(normalizedHex, 16));
            if (decoded2 !== "." && isUnreserved(decoded2)) {
              output += decoded2;
            } else {
              output += "%" + normalizedHex;
            }
            i += 2;
            continue;
          }
        }
        if (isPathCharacter(ch)) {
          output += ch;
        } else {
          const code = input.charCodeAt(i);
          if (code < 128) {
            output += isEscapeSafe(code) ? ch : BYTE_HEX[code];
          } else if (code < 55296 || code > 57343) {
            output += percentEncodeNonAscii(code);
          } else if (code <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function serializePathEncoding(input, pathNoScheme = false) {
      let output = "";
      let firstSegment = pathNoScheme && input[0] !== "/";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            output += "%" + hex.toUpperCase();
            i += 2;
            continue;
          }
        }
        if (ch === "/") {
          firstSegment = false;
        }
        if (isPathCharacter(ch) && (ch !== ":" || !firstSegment)) {
          output += ch;
        } else {
          const code = input.charCodeAt(i);
          if (code < 128) {
            output += BYTE_HEX[code];
          } else if (code < 55296 || code > 57343) {
            output += percentEncodeNonAscii(code);
          } else if (code <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function encodeComponent(input, isAllowed) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            output += "%" + hex.toUpperCase();
            i += 2;
            continue;
          }
        }
        if (isAllowed(ch)) {
          output += ch;
        } else {
          const code = input.charCodeAt(i);
          if (code < 128) {
            output += BYTE_HEX[code];
          } else if (code < 55296 || code > 57343) {
            output += percentEncodeNonAscii(code);
          } else if (code <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function encodeUserinfo(input) {
      return encodeComponent(input, isUserinfoCharacter);
    }
    function encodeQuery(input) {
      return encodeComponent(input, isQueryFragmentCharacter);
    }
    function encodeFragment(input) {
      return encodeComponent(input, isQueryFragmentCharacter);
    }
    function isEscapeSafe(cp) {
      return cp >= 48 && cp <= 57 || cp >= 65 && cp <= 90 || cp >= 97 && cp <= 122 || cp === 42 || cp === 43 || cp === 45 || cp === 46 || cp === 47 || cp === 64 || cp === 95;
    }
    function normalizeQueryFragmentEncoding(input) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            const normalizedHex = hex.toUpperCase();
            const decoded2 = String.fromCharCode(parseInt(normalizedHex, 16));
            if (isUnreserved(decoded2)) {
              output += decoded2;
            } else {
              output += "%" + normalizedHex;
            }
            i += 2;
            continue;
          }
        }
        if (isQueryFragmentCharacter(ch)) {
          output += ch;
        } else {
          const code = input.charCodeAt(i);
          if (code < 128) {
            output += isEscapeSafe(code) ? ch : BYTE_HEX[code];
          } else if (code < 55296 || code > 57343) {
            output += percentEncodeNonAscii(code);
          } else if (code <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function escapePreservingEscapes(input) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        if (input[i] === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            output += "%" + hex.toUpperCase();
            i += 2;
            continue;
          }
        }
        output += escape(input[i]);
      }
      return output;
    }
    function recomposeAuthority(component) {
      const uriTokens = [];
      if (component.userinfo !== void 0) {
        uriTokens.push(encodeUserinfo(component.userinfo));
        uriTokens.push("@");
      }
      if (component.host !== void 0) {
        let host = component.host;
        if (!isIPv4(host)) {
          let ipV6res = normalizeIPv6(host);
          if (ipV6res.isIPV6 !== true && ipV6res.isIPVFuture !== true) {
            host = normalizePercentEncoding(host, true);
            ipV6res = normalizeIPv6(host);
          }
          if (ipV6res.isIPV6 === true || ipV6res.isIPVFuture === true) {
            host = `[${ipV6res.escapedHost}]`;
          } else {
            host = reescapeHostDelimiters(host, false);
          }
        }
        uriTokens.push(host);
      }
      if (typeof component.port === "number" || typeof component.port === "string") {
        const port = String(component.port);
        if (!isPort(port)) {
          throw new TypeError("URI port is malformed.");
        }
        uriTokens.push(":");
        uriTokens.push(port);
      }
      return uriTokens.length ? uriTokens.join("") : void 0;
    }
    module.exports = {
      nonSimpleDomain,
      recomposeAuthority,
      reescapeHostDelimiters,
      normalizePercentEncoding,
      normalizePathEncoding,
      serializePathEncoding,
      normalizeQueryFragmentEncoding,
      encodeUserinfo,
      encodeQuery,
      encodeFragment,
      escapePreservingEscapes,
      removeDotSegments,
      removeDotSegmentsRelative,
      isIPv4,
      isUUID,
      normalizeIPv6,
      stringArrayToHexStripped
    };
  }
});

// node_modules/fast-uri/lib/schemes.js
var require_schemes = __commonJS({
  "node_modules/fast-uri/lib/schemes.js"(exports, module) {
    "use strict";
    var { isUUID } = require_utils();
    var URN_REG = /^([\da-z][\d\-a-z]{0,31}):((?:[\w!$'()*+,\-./:;=@]|%[\da-f]{2})+)$/iu;
    var supportedSchemeNames = (
      /** @type {const} */
      [
        "http",
        "https",
        "ws",
        "wss",
        "urn",
        "urn:uuid"
      ]
    );
    function isValidSchemeName(name) {
      return supportedSchemeNames.indexOf(
        /** @type {*} */
        name
      ) !== -1;
    }
    function wsIsSecure(wsComponent) {
      if (wsComponent.secure === true) {
        return true;
      } else if (wsComponent.secure === false) {
        return false;
      } else if (wsComponent.scheme) {
        return wsComponent.scheme.length === 3 && (wsComponent.scheme[0] === "w" || wsComponent.scheme[0] === "W") && (wsComponent.scheme[1] === "s" || wsComponent.scheme[1] === "S") && (wsComponent.scheme[2] === "s" || wsComponent.scheme[2] === "S");
      } else {
        return false;
      }
    }
    function httpParse(component) {
      if (!component.host) {
        component.error = component.error || "HTTP URIs must have a host.";
      }
      return component;
    }
    function httpSerialize(component) {
      const secure = String(component.scheme).toLowerCase() === "https";
      if (component.port === (secure ? 443 : 80) || component.port === "") {
        component.port = void 0;
      }
      if (!component.path) {
        component.path = "/";
      }
      return component;
    }
    function wsParse(wsComponent) {
      wsComponent.secure = wsIsSecure(wsComponent);
      wsComponent.resourceName = (wsComponent.path || "/") + (wsComponent.query ? "?" + wsComponent.query : "");
      wsComponent.path = void 0;
      wsComponent.query = void 0;
      return wsComponent;
    }
    function wsSerialize(wsComponent) {
      if (wsComponent.port === (wsIsSecure(wsComponent) ? 443 : 80) || wsComponent.port === "") {
        wsComponent.port = void 0;
      }
      if (typeof wsComponent.secure === "boolean") {
        wsComponent.scheme = wsComponent.secure ? "wss" : "ws";
        wsComponent.secure = void 0;
      }
      if (wsComponent.resourceName) {
        const queryIndex = wsComponent.resourceName.indexOf("?");
        const path = queryIndex === -1 ? wsComponent.resourceName : wsComponent.resourceName.slice(0, queryIndex);
        wsComponent.path = path && path !== "/" ? path : void 0;
        wsComponent.query = queryIndex === -1 ? void 0 : wsComponent.resourceName.slice(queryIndex + 1);
        wsComponent.resourceName = void 0;
      }
      wsComponent.fragment = void 0;
      return wsComponent;
    }
    function urnParse(urnComponent, options) {
      if (!urnComponent.path) {
        urnComponent.error = "URN can not be parsed";
        return urnComponent;
      }
      const matches2 = urnComponent.path.match(URN_REG);
      if (matches2 && matches2[0] === urnComponent.path) {
        const scheme = options.scheme || urnComponent.scheme || "urn";
        urnComponent.nid = matches2[1].toLowerCase();
        urnComponent.nss = matches2[2];
        const urnScheme = `${scheme}:${options.nid || urnComponent.nid}`;
        const schemeHandler = getSchemeHandler(urnScheme);
        urnComponent.path = void 0;
        if (schemeHandler) {
          urnComponent = schemeHandler.parse(urnComponent, options);
        }
      } else {
        urnComponent.error = urnComponent.error || "URN can not be parsed.";
      }
      return urnComponent;
    }
    function urnSerialize(urnComponent, options) {
      if (urnComponent.nid === void 0) {
        throw new Error("URN without nid cannot be serialized");
      }
      const scheme = options.scheme || urnComponent.scheme || "urn";
      const nid = urnComponent.nid.toLowerCase();
      const urnScheme = `${scheme}:${options.nid || nid}`;
      const schemeHandler = getSchemeHandler(urnScheme);
      if (schemeHandler) {
        urnComponent = schemeHandler.serialize(urnComponent, options);
      }
      const uriComponent = urnComponent;
      const nss = urnComponent.nss;
      uriComponent.path = `${nid || options.nid}:${nss}`;
      options.skipEscape = true;
      return uriComponent;
    }
    function urnuuidParse(urnComponent, options) {
      const uuidComponent = urnComponent;
      uuidComponent.uuid = uuidComponent.nss;
      uuidComponent.nss = void 0;
      if (!options.tolerant && (!uuidComponent.uuid || !isUUID(uuidComponent.uuid))) {
        uuidComponent.error = uuidComponent.error || "UUID is not valid.";
      }
      return uuidComponent;
    }
    function urnuuidSerialize(uuidComponent) {
      const urnComponent = uuidComponent;
      urnComponent.nss = (uuidComponent.uuid || "").toLowerCase();
      return urnComponent;
    }
    var http = (
      /** @type {SchemeHandler} */
      {
        scheme: "http",
        domainHost: true,
        parse: httpParse,
        serialize: httpSerialize
      }
    );
    var https = (
      /** @type {SchemeHandler} */
      {
        scheme: "https",
        domainHost: http.domainHost,
        parse: httpParse,
        serialize: httpSerialize
      }
    );
    var ws = (
      /** @type {SchemeHandler} */
      {
        scheme: "ws",
        domainHost: true,
        parse: wsParse,
        serialize: wsSerialize
      }
    );
    var wss = (
      /** @type {SchemeHandler} */
      {
        scheme: "wss",
        domainHost: ws.domainHost,
        parse: ws.parse,
        serialize: ws.serialize
      }
    );
    var urn = (
      /** @type {SchemeHandler} */
      {
        scheme: "urn",
        parse: urnParse,
        serialize: urnSerialize,
        skipNormalize: true
      }
    );
    var urnuuid = (
      /** @type {SchemeHandler} */
      {
        scheme: "urn:uuid",
        parse: urnuuidParse,
        serialize: urnuuidSerialize,
        skipNormalize: true
      }
    );
    var SCHEMES = (
      /** @type {Record<SchemeName, SchemeHandler>} */
      {
        http,
        https,
        ws,
        wss,
        urn,
        "urn:uuid": urnuuid
      }
    );
    Object.setPrototypeOf(SCHEMES, null);
    function getSchemeHandler(scheme) {
      return scheme && (SCHEMES[
        /** @type {SchemeName} */
        scheme
      ] || SCHEMES[
        /** @type {SchemeName} */
        scheme.toLowerCase()
      ]) || void 0;
    }
    module.exports = {
      wsIsSecure,
      SCHEMES,
      isValidSchemeName,
      getSchemeHandler
    };
  }
});

// node_modules/fast-uri/index.js
var require_fast_uri = __commonJS({
  "node_modules/fast-uri/index.js"(exports, module) {
    "use strict";
    var { normalizeIPv6, removeDotSegments, removeDotSegmentsRelative, recomposeAuthority, normalizePercentEncoding, normalizePathEncoding, serializePathEncoding, normalizeQueryFragmentEncoding, encodeQuery, encodeFragment, reescapeHostDelimiters, isIPv4, nonSimpleDomain } = require_utils();
    var { SCHEMES, getSchemeHandler } = require_schemes();
    var VALID_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/u;
    var MALFORMED_SCHEME_ERROR = "URI scheme is malformed.";
    var MALFORMED_HOST_ERROR = "URI host is malformed.";
    var FORBIDDEN_DOMAIN_HOST_CHARACTER = /[\0-\x20"#/:<>?@[\\\]^`{|}\x7F]/u;
    function validateScheme(scheme) {
      const stringScheme = String(scheme);
      if (!VALID_SCHEME.test(stringScheme)) {
        throw new TypeError(MALFORMED_SCHEME_ERROR);
      }
      return stringScheme;
    }
    function normalize(uri, options) {
      if (typeof uri === "string") {
        uri = /** @type {T} */
        normalizeString(uri, options);
      } else if (typeof uri === "object") {
        uri = /** @type {T} */
        parse(serialize(uri, options), options);
      }
      return uri;
    }
    function resolve(baseURI, relativeURI, options) {
      const schemelessOptions = options ? Object.assign({ scheme: "null" }, options) : { scheme: "null" };
      const {
        parsed: baseParsed,
        malformedAuthorityOrPort: baseMalformed,
        malformedPercentEncoding: baseMalformedPercentEncoding,
        malformedSchemeSpecific: baseMalformedSchemeSpecific,
        malformedHost: baseMalformedHost,
        malformedScheme: baseMalformedScheme
      } = parseWithStatus(baseURI, schemelessOptions);
      const {
        parsed: relativeParsed,
        malformedAuthorityOrPort: relativeMalformed,
        malformedPercentEncoding: relativeMalformedPercentEncoding,
        malformedSchemeSpecific: relativeMalformedSchemeSpecific,
        malformedHost: relativeMalformedHost,
        malformedScheme: relativeMalformedScheme
      } = parseWithStatus(relativeURI, schemelessOptions);
      if (baseMalformed || relativeMalformed || baseMalformedPercentEncoding || relativeMalformedPercentEncoding || baseMalformedSchemeSpecific || relativeMalformedSchemeSpecific || baseMalformedHost || relativeMalformedHost || baseMalformedScheme || relativeMalformedScheme) {
        throw new Error(baseParsed.error || relativeParsed.error || "URI is malformed.");
      }
      const resolved = resolveComponent(baseParsed, relativeParsed, schemelessOptions, true);
      const resolvedSchemeHandler = getSchemeHandler(options && options.scheme || resolved.scheme);
      const resolvedHost = resolved.host;
      const resolvedHostIsIP = resolvedHost !== void 0 && resolvedHost !== "" && (isIPv4(resolvedHost) || normalizeIPv6(resolvedHost).isIPV6);
      if (hasForbiddenDomainHost(resolved, options || {}, resolvedSchemeHandler, resolvedHostIsIP)) {
        throw new Error(MALFORMED_HOST_ERROR);
      }
      canonicalizeHost(resolved, options || {}, resolvedSchemeHandler, resolvedHostIsIP);
      const encodedASCIIHost = resolvedHost && resolvedHost.indexOf("%") !== -1 && !new RegExp("\\P{ASCII}", "u").test(resolvedHost);
      if (resolved.error && !encodedASCIIHost) {
        throw new Error(resolved.error);
      }
      schemelessOptions.skipEscape = true;
      return serialize(resolved, schemelessOptions);
    }
    function resolveComponent(base, relative, options, skipNormalization) {
      const target = {};
      if (!skipNormalization) {
        base = parse(serialize(base, options), options);
        relative = parse(serialize(relative, options), options);
      }
      options = options || {};
      if (!options.tolerant && relative.scheme) {
        target.scheme = relative.scheme;
        target.userinfo = relative.userinfo;
        target.host = relative.host;
        target.port = relative.port;
        target.path = removeDotSegments(relative.path || "");
        target.query = relative.query;
      } else {
        if (relative.userinfo !== void 0 || relative.host !== void 0 || relative.port !== void 0) {
          target.userinfo = relative.userinfo;
          target.host = relative.host;
          target.port = relative.port;
          target.path = removeDotSegments(relative.path || "");
          target.query = relative.query;
        } else {
          if (!relative.path) {
            target.path = base.path;
            if (relative.query !== void 0) {
              target.query = relative.query;
            } else {
              target.query = base.query;
            }
          } else {
            if (relative.path[0] === "/") {
              target.path = removeDotSegments(relative.path);
            } else {
              const baseHasAuthority = base.userinfo !== void 0 || base.host !== void 0 || base.port !== void 0;
              if (baseHasAuthority && !base.path) {
                target.path = "/" + relative.path;
              } else if (!base.path) {
                target.path = relative.path;
              } else {
                target.path = base.path.slice(0, base.path.lastIndexOf("/") + 1) + relative.path;
              }
              target.path = base.scheme === void 0 && !baseHasAuthority && target.path[0] !== "/" ? removeDotSegmentsRelative(target.path) : removeDotSegments(target.path);
            }
            target.query = relative.query;
          }
          target.userinfo = base.userinfo;
          target.host = base.host;
          target.port = base.port;
        }
        target.scheme = base.scheme;
      }
      target.fragment = relative.fragment;
      return target;
    }
    function equal(uriA, uriB, options) {
      const normalizedA = normalizeComparableURI(uriA, options);
      const normalizedB = normalizeComparableURI(uriB, options);
      return normalizedA !== void 0 && normalizedB !== void 0 && normalizedA === normalizedB;
    }
    function serialize(cmpts, opts) {
      const component = {
        host: cmpts.host,
        scheme: cmpts.scheme,
        userinfo: cmpts.userinfo,
        port: cmpts.port,
        path: cmpts.path,
        query: cmpts.query,
        nid: cmpts.nid,
        nss: cmpts.nss,
        uuid: cmpts.uuid,
        fragment: cmpts.fragment,
        reference: cmpts.reference,
        resourceName: cmpts.resourceName,
        secure: cmpts.secure,
        error: ""
      };
      const options = Object.assign({}, opts);
      const uriTokens = [];
      if (component.scheme) {
        component.scheme = validateScheme(component.scheme);
      }
      const schemeHandler = getSchemeHandler(options.scheme || component.scheme);
      if (schemeHandler && schemeHandler.serialize) schemeHandler.serialize(component, options);
      const hasAuthority = component.userinfo !== void 0 || component.host !== void 0 || component.port !== void 0;
      const schemelessReference = (component.scheme === void 0 || options.reference === "suffix") && !hasAuthority;
      const pathNoScheme = !options.skipEscape && schemelessReference;
      if (component.path !== void 0) {
        if (!options.skipEscape) {
          component.path = serializePathEncoding(component.path, pathNoScheme);
        } else {
          component.path = normalizePercentEncoding(component.path);
        }
      }
      if (options.reference !== "suffix" && component.scheme) {
        component.scheme = validateScheme(component.scheme);
        uriTokens.push(component.scheme, ":");
      }
      const authority = recomposeAuthority(component);
      if (authority !== void 0) {
        if (options.reference !== "suffix") {
          uriTokens.push("//");
        }
        uriTokens.push(authority);
        if (component.path && component.path[0] !== "/") {
          uriTokens.push("/");
        }
      }
      if (component.path !== void 0) {
        let s = component.path;
        if (!options.absolutePath && (!schemeHandler || !schemeHandler.absolutePath)) {
          s = schemelessReference && s[0] !== "/" ? removeDotSegmentsRelative(s) : removeDotSegments(s);
        }
        if (schemelessReference) {
          s = serializePathEncoding(s, true);
        }
        if (authority === void 0 && s[0] === "/" && s[1] === "/") {
          s = "/%2F" + s.slice(2);
        }
        uriTokens.push(s);
      }
      if (component.query !== void 0) {
        uriTokens.push("?", encodeQuery(component.query));
      }
      if (component.fragment !== void 0) {
        uriTokens.push("#", encodeFragment(component.fragment));
      }
      return uriTokens.join("");
    }
    var URI_PARSE = /^(?:([^#/:?]+):)?(?:\/\/((?:([^#/?@]*)@)?(\[[^#/?\]]+\]|[^#/:?]*)(?::(\d*))?))?([^#?]*)(?:\?([^#]*))?(?:#((?:.|[\n\r])*))?/u;
    var AUTHORITY_PREFIX = /^(?:[^#/:?]+:)?\/\/([^/?#]*)/;
    var AUTHORITY_INTRODUCER_REGION = /^(?:[^#/:?]+:)?([/\\\t\n\r]*)/;
    function getParseError(parsed, matches2) {
      if (matches2[2] !== void 0 && parsed.path && parsed.path[0] !== "/") {
        return 'URI path must start with "/" when authority is present.';
      }
      if (typeof parsed.port === "number" && (parsed.port < 0 || parsed.port > 65535)) {
        return "URI port is malformed.";
      }
      return void 0;
    }
    function hasMalformedPercentEncoding(component) {
      if (component === void 0) return false;
      let percent = component.indexOf("%");
      while (percent !== -1) {
        if (percent + 2 >= component.length || !/^[\da-f]{2}$/iu.test(component.slice(percent + 1, percent + 3))) {
          return true;
        }
        percent = component.indexOf("%", percent + 3);
      }
      return false;
    }
    function isIPLiteral(host) {
      return host[0] === "[" && host[host.length - 1] === "]";
    }
    function hasMalformedComponentPercentEncoding(matches2) {
      const host = matches2[4];
      return hasMalformedPercentEncoding(matches2[3]) || host !== void 0 && !isIPLiteral(host) && hasMalformedPercentEncoding(host) || hasMalformedPercentEncoding(matches2[6]) || hasMalformedPercentEncoding(matches2[7]) || hasMalformedPercentEncoding(matches2[8]);
    }
    function canonicalizeHost(parsed, options, schemeHandler, isIP) {
      if (hasForbiddenDomainHost(parsed, options, schemeHandler, isIP)) {
        parsed.error = parsed.error || MALFORMED_HOST_ERROR;
        return true;
      }
      if (!options.unicodeSupport && (!schemeHandler || !schemeHandler.unicodeSupport) && parsed.host && !isIPLiteral(parsed.host) && (options.domainHost || schemeHandler && schemeHandler.domainHost) && isIP === false && nonSimpleDomain(parsed.host)) {
        let url;
        try {
          url = new URL("http://" + parsed.host);
        } catch (e) {
          parsed.error = parsed.error || "Host's domain name can not be converted to ASCII: " + e;
          return true;
        }
        if (!isHostOnlyURL(url)) {
          parsed.error = parsed.error || MALFORMED_HOST_ERROR;
          return true;
        }
        parsed.host = url.hostname;
      }
      return false;
    }
    function hasForbiddenDomainHost(parsed, options, schemeHandler, isIP) {
      return Boolean(
        parsed.host && isIP === false && !isIPLiteral(parsed.host) && (options.domainHost || schemeHandler && schemeHandler.domainHost) && FORBIDDEN_DOMAIN_HOST_CHARACTER.test(parsed.host)
      );
    }
    function isHostOnlyURL(url) {
      return url.username === "" && url.password === "" && url.port === "" && url.pathname === "/" && url.search === "" && url.hash === "" && url.hostname !== "";
    }
    function parseWithStatus(uri, opts) {
      const options = Object.assign({}, opts);
      const parsed = {
        scheme: void 0,
        userinfo: void 0,
        host: "",
        port: void 0,
        path: "",
        query: void 0,
        fragment: void 0
      };
      let malformedAuthorityOrPort = false;
      let malformedPercentEncoding = false;
      let malformedSchemeSpecific = false;
      let malformedHost = false;
      let malformedIPLiteral = false;
      let malformedScheme = false;
      let isIP = false;
      if (options.reference === "suffix") {
        if (options.scheme) {
          uri = options.scheme + ":" + uri;
        } else {
          uri = "//" + uri;
        }
      }
      const authorityMatch = uri.match(AUTHORITY_PREFIX);
      if (authorityMatch !== null && authorityMatch[1].indexOf("\\") !== -1) {
        parsed.error = "URI authority must not contain a literal backslash.";
        malformedAuthorityOrPort = true;
      }
      const introducerMatch = uri.match(AUTHORITY_INTRODUCER_REGION);
      if (introducerMatch !== null) {
        const region = introducerMatch[1];
        const normalizedRegion = region.replace(/[\t\n\r]/g, "");
        if (normalizedRegion.length >= 2) {
          if (normalizedRegion.slice(0, 2) !== "//") {
            parsed.error = parsed.error || "URI authority must not contain a literal backslash.";
            malformedAuthorityOrPort = true;
          } else if (region.length !== normalizedRegion.length) {
            parsed.error = parsed.error || "URI authority introducer must not contain whitespace.";
            malformedAuthorityOrPort = true;
          }
        }
      }
      const matches2 = uri.match(URI_PARSE);
      if (matches2) {
        parsed.scheme = matches2[1];
        parsed.userinfo = matches2[3];
        parsed.host = matches2[4];
        parsed.port = parseInt(matches2[5], 10);
        parsed.path = matches2[6] || "";
        parsed.query = matches2[7];
        parsed.fragment = matches2[8];
        if (parsed.scheme !== void 0) {
          if (VALID_SCHEME.test(parsed.scheme)) {
            parsed.scheme = parsed.scheme.toLowerCase();
          } else {
            parsed.error = parsed.error || MALFORMED_SCHEME_ERROR;
            malformedScheme = true;
          }
        }
        malformedPercentEncoding = hasMalformedComponentPercentEncoding(matches2);
        if (malformedPercentEncoding) {
          parsed.error = parsed.error || "URI contains malformed percent-encoding.";
        }
        if (isNaN(parsed.port)) {
          parsed.port = matches2[5];
        }
        const parseError = getParseError(parsed, matches2);
        if (parseError !== void 0) {
          parsed.error = parsed.error || parseError;
          malformedAuthorityOrPort = true;
        }
        if (parsed.host) {
          const ipv4result = isIPv4(parsed.host);
          if (ipv4result === false) {
            const bracketedIPLiteral = isIPLiteral(parsed.host);
            const hasIPLiteralBracket = parsed.host.indexOf("[") !== -1 || parsed.host.indexOf("]") !== -1;
            const ipv6result = normalizeIPv6(parsed.host);
            isIP = ipv6result.isIPV6 || ipv6result.isIPVFuture === true;
            malformedIPLiteral = hasIPLiteralBracket && (!bracketedIPLiteral || ipv6result.error === true);
            parsed.host = isIP ? ipv6result.host : ipv6result.host.toLowerCase();
            if (malformedIPLiteral) {
              parsed.error = parsed.error || MALFORMED_HOST_ERROR;
              malformedAuthorityOrPort = true;
            }
          } else {
            isIP = true;
          }
        }
        if (parsed.scheme === void 0 && parsed.userinfo === void 0 && parsed.host === void 0 && parsed.port === void 0 && parsed.query === void 0 && !parsed.path) {
          parsed.reference = "same-document";
        } else if (parsed.scheme === void 0) {
          parsed.reference = "relative";
        } else if (parsed.fragment === void 0) {
          parsed.reference = "absolute";
        } else {
          parsed.reference = "uri";
        }
        if (options.reference && options.reference !== "suffix" && options.reference !== parsed.reference) {
          parsed.error = parsed.error || "URI is not a " + options.reference + " reference.";
        }
        const schemeHandler = getSchemeHandler(options.scheme || parsed.scheme);
        if (!malformedIPLiteral) {
          malformedHost = canonicalizeHost(parsed, options, schemeHandler, isIP);
        }
        if (uri.indexOf("%") !== -1 && parsed.host !== void 0 && !malformedIPLiteral) {
          let host = isIP ? parsed.host : normalizePercentEncoding(parsed.host, true);
          if (!isIP) {
            host = normalizePercentEncoding(host.toLowerCase());
          }
          parsed.host = isIP || options.scheme !== "null" ? reescapeHostDelimiters(host, isIP) : host;
        }
        if (!schemeHandler || schemeHandler && !schemeHandler.skipNormalize) {
          if (parsed.path) {
            parsed.path = normalizePathEncoding(parsed.path);
          }
          if (parsed.query) {
            parsed.query = normalizeQueryFragmentEncoding(parsed.query);
          }
          if (parsed.fragment) {
            parsed.fragment = normalizeQueryFragmentEncoding(parsed.fragment);
          }
        }
        if (schemeHandler && schemeHandler.parse) {
          schemeHandler.parse(parsed, options);
          if (schemeHandler === SCHEMES.urn && parsed.nid === void 0) {
            malformedSchemeSpecific = true;
          }
        }
      } else {
        parsed.error = parsed.error || "URI can not be parsed.";
      }
      return { parsed, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme };
    }
    function parse(uri, opts) {
      return parseWithStatus(uri, opts).parsed;
    }
    function normalizeString(uri, opts) {
      return normalizeStringWithStatus(uri, opts).normalized;
    }
    function normalizeStringWithStatus(uri, opts) {
      const { parsed, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme } = parseWithStatus(uri, opts);
      return {
        normalized: malformedAuthorityOrPort || malformedPercentEncoding || malformedSchemeSpecific || malformedHost || malformedScheme ? uri : serialize(parsed, opts),
        malformedAuthorityOrPort,
        malformedPercentEncoding,
        malformedSchemeSpecific,
        malformedHost,
        malformedScheme
      };
    }
    function normalizeComparableURI(uri, opts) {
      if (typeof uri !== "string" && typeof uri !== "object") {
        return void 0;
      }
      let value;
      try {
        value = typeof uri === "string" ? uri : serialize(uri, opts);
      } catch {
        return void 0;
      }
      const { normalized, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme } = normalizeStringWithStatus(value, opts);
      return malformedAuthorityOrPort || malformedPercentEncoding || malformedSchemeSpecific || malformedHost || malformedScheme ? void 0 : normalized;
    }
    var fastUri = {
      SCHEMES,
      normalize,
      resolve,
      resolveComponent,
      equal,
      serialize,
      parse
    };
    module.exports = fastUri;
    module.exports.default = fastUri;
    module.exports.fastUri = fastUri;
  }
});

// node_modules/ajv/dist/runtime/uri.js
var require_uri = __commonJS({
  "node_modules/ajv/dist/runtime/uri.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var uri = require_fast_uri();
    uri.code = 'require("ajv/dist/runtime/uri").default';
    exports.default = uri;
  }
});

// node_modules/ajv/dist/core.js
var require_core = __commonJS({
  "node_modules/ajv/dist/core.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CodeGen = exports.Name = exports.nil = exports.stringify = exports.str = exports._ = exports.KeywordCxt = void 0;
    var validate_1 = require_validate();
    Object.defineProperty(exports, "KeywordCxt", { enumerable: true, get: function() {
      return validate_1.KeywordCxt;
    } });
    var codegen_1 = require_codegen();
    Object.defineProperty(exports, "_", { enumerable: true, get: function() {
      return codegen_1._;
    } });
    Object.defineProperty(exports, "str", { enumerable: true, get: function() {
      return codegen_1.str;
    } });
    Object.defineProperty(exports, "stringify", { enumerable: true, get: function() {
      return codegen_1.stringify;
    } });
    Object.defineProperty(exports, "nil", { enumerable: true, get: function() {
      return codegen_1.nil;
    } });
    Object.defineProperty(exports, "Name", { enumerable: true, get: function() {
      return codegen_1.Name;
    } });
    Object.defineProperty(exports, "CodeGen", { enumerable: true, get: function() {
      return codegen_1.CodeGen;
    } });
    var validation_error_1 = require_validation_error();
    var ref_error_1 = require_ref_error();
    var rules_1 = require_rules();
    var compile_1 = require_compile();
    var codegen_2 = require_codegen();
    var resolve_1 = require_resolve();
    var dataType_1 = require_dataType();
    var util_1 = require_util();
    var $dataRefSchema = require_data();
    var uri_1 = require_uri();
    var defaultRegExp = (str2, flags) => new RegExp(str2, flags);
    defaultRegExp.code = "new RegExp";
    var META_IGNORE_OPTIONS = ["removeAdditional", "useDefaults", "coerceTypes"];
    var EXT_SCOPE_NAMES = /* @__PURE__ */ new Set([
      "validate",
      "serialize",
      "parse",
      "wrapper",
      "root",
      "schema",
      "keyword",
      "pattern",
      "formats",
      "validate$data",
      "func",
      "obj",
      "Error"
    ]);
    var removedOptions = {
      errorDataPath: "",
      format: "`validateFormats: false` can be used instead.",
      nullable: '"nullable" keyword is supported by default.',
      jsonPointers: "Deprecated jsPropertySyntax can be used instead.",
      extendRefs: "Deprecated ignoreKeywordsWithRef can be used instead.",
      missingRefs: "Pass empty schema with $id that should be ignored to ajv.addSchema.",
      processCode: "Use option `code: {process: (code, schemaEnv: object) => string}`",
      sourceCode: "Use option `code: {source: true}`",
      strictDefaults: "It is default now, see option `strict`.",
      strictKeywords: "It is default now, see option `strict`.",
      uniqueItems: '"uniqueItems" keyword is always validated.',
      unknownFormats: "Disable strict mode or pass `true` to `ajv.addFormat` (or `formats` option).",
      cache: "Map is used as cache, schema object as key.",
      serialize: "Map is used as cache, schema object as key.",
      ajvErrors: "It is default now."
    };
    var deprecatedOptions = {
      ignoreKeywordsWithRef: "",
      jsPropertySyntax: "",
      unicode: '"minLength"/"maxLength" account for unicode characters by default.'
    };
    var MAX_EXPRESSION = 200;
    function requiredOptions(o) {
      var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, _y, _z, _0;
      const s = o.strict;
      const _optz = (_a = o.code) === null || _a === void 0 ? void 0 : _a.optimize;
      const optimize = _optz === true || _optz === void 0 ? 1 : _optz || 0;
      const regExp = (_c = (_b = o.code) === null || _b === void 0 ? void 0 : _b.regExp) !== null && _c !== void 0 ? _c : defaultRegExp;
      const uriResolver = (_d = o.uriResolver) !== null && _d !== void 0 ? _d : uri_1.default;
      return {
        strictSchema: (_f = (_e = o.strictSchema) !== null && _e !== void 0 ? _e : s) !== null && _f !== void 0 ? _f : true,
        strictNumbers: (_h = (_g = o.strictNumbers) !== null && _g !== void 0 ? _g : s) !== null && _h !== void 0 ? _h : true,
        strictTypes: (_k = (_j = o.strictTypes) !== null && _j !== void 0 ? _j : s) !== null && _k !== void 0 ? _k : "log",
        strictTuples: (_m = (_l = o.strictTuples) !== null && _l !== void 0 ? _l : s) !== null && _m !== void 0 ? _m : "log",
        strictRequired: (_p = (_o = o.strictRequired) !== null && _o !== void 0 ? _o : s) !== null && _p !== void 0 ? _p : false,
        code: o.code ? { ...o.code, optimize, regExp } : { optimize, regExp },
        loopRequired: (_q = o.loopRequired) !== null && _q !== void 0 ? _q : MAX_EXPRESSION,
        loopEnum: (_r = o.loopEnum) !== null && _r !== void 0 ? _r : MAX_EXPRESSION,
        meta: (_s = o.meta) !== null && _s !== void 0 ? _s : true,
        messages: (_t = o.messages) !== null && _t !== void 0 ? _t : true,
        inlineRefs: (_u = o.inlineRefs) !== null && _u !== void 0 ? _u : true,
        schemaId: (_v = o.schemaId) !== null && _v !== void 0 ? _v : "$id",
        addUsedSchema: (_w = o.addUsedSchema) !== null && _w !== void 0 ? _w : true,
        validateSchema: (_x = o.validateSchema) !== null && _x !== void 0 ? _x : true,
        validateFormats: (_y = o.validateFormats) !== null && _y !== void 0 ? _y : true,
        unicodeRegExp: (_z = o.unicodeRegExp) !== null && _z !== void 0 ? _z : true,
        int32range: (_0 = o.int32range) !== null && _0 !== void 0 ? _0 : true,
        uriResolver
      };
    }
    var Ajv2 = class {
      constructor(opts = {}) {
        this.schemas = {};
        this.refs = {};
        this.formats = /* @__PURE__ */ Object.create(null);
        this._compilations = /* @__PURE__ */ new Set();
        this._loading = {};
        this._cache = /* @__PURE__ */ new Map();
        opts = this.opts = { ...opts, ...requiredOptions(opts) };
        const { es5, lines } = this.opts.code;
        this.scope = new codegen_2.ValueScope({ scope: {}, prefixes: EXT_SCOPE_NAMES, es5, lines });
        this.logger = getLogger(opts.logger);
        const formatOpt = opts.validateFormats;
        opts.validateFormats = false;
        this.RULES = (0, rules_1.getRules)();
        checkOptions.call(this, removedOptions, opts, "NOT SUPPORTED");
        checkOptions.call(this, deprecatedOptions, opts, "DEPRECATED", "warn");
        this._metaOpts = getMetaSchemaOptions.call(this);
        if (opts.formats)
          addInitialFormats.call(this);
        this._addVocabularies();
        this._addDefaultMetaSchema();
        if (opts.keywords)
          addInitialKeywords.call(this, opts.keywords);
        if (typeof opts.meta == "object")
          this.addMetaSchema(opts.meta);
        addInitialSchemas.call(this);
        opts.validateFormats = formatOpt;
      }
      _addVocabularies() {
        this.addKeyword("$async");
      }
      _addDefaultMetaSchema() {
        const { $data, meta, schemaId } = this.opts;
        let _dataRefSchema = $dataRefSchema;
        if (schemaId === "id") {
          _dataRefSchema = { ...$dataRefSchema };
          _dataRefSchema.id = _dataRefSchema.$id;
          delete _dataRefSchema.$id;
        }
        if (meta && $data)
          this.addMetaSchema(_dataRefSchema, _dataRefSchema[schemaId], false);
      }
      defaultMeta() {
        const { meta, schemaId } = this.opts;
        return this.opts.defaultMeta = typeof meta == "object" ? meta[schemaId] || meta : void 0;
      }
      validate(schemaKeyRef, data) {
        let v;
        if (typeof schemaKeyRef == "string") {
          v = this.getSchema(schemaKeyRef);
          if (!v)
            throw new Error(`no schema with key or ref "${schemaKeyRef}"`);
        } else {
          v = this.compile(schemaKeyRef);
        }
        const valid = v(data);
        if (!("$async" in v))
          this.errors = v.errors;
        return valid;
      }
      compile(schema, _meta) {
        const sch = this._addSchema(schema, _meta);
        return sch.validate || this._compileSchemaEnv(sch);
      }
      compileAsync(schema, meta) {
        if (typeof this.opts.loadSchema != "function") {
          throw new Error("options.loadSchema should be a function");
        }
        const { loadSchema } = this.opts;
        return runCompileAsync.call(this, schema, meta);
        async function runCompileAsync(_schema, _meta) {
          await loadMetaSchema.call(this, _schema.$schema);
          const sch = this._addSchema(_schema, _meta);
          return sch.validate || _compileAsync.call(this, sch);
        }
        async function loadMetaSchema($ref) {
          if ($ref && !this.getSchema($ref)) {
            await runCompileAsync.call(this, { $ref }, true);
          }
        }
        async function _compileAsync(sch) {
          try {
            return this._compileSchemaEnv(sch);
          } catch (e) {
            if (!(e instanceof ref_error_1.default))
              throw e;
            checkLoaded.call(this, e);
            await loadMissingSchema.call(this, e.missingSchema);
            return _compileAsync.call(this, sch);
          }
        }
        function checkLoaded({ missingSchema: ref, missingRef }) {
          if (this.refs[ref]) {
            throw new Error(`AnySchema ${ref} is loaded but ${missingRef} cannot be resolved`);
          }
        }
        async function loadMissingSchema(ref) {
          const _schema = await _loadSchema.call(this, ref);
          if (!this.refs[ref])
            await loadMetaSchema.call(this, _schema.$schema);
          if (!this.refs[ref])
            this.addSchema(_schema, ref, meta);
        }
        async function _loadSchema(ref) {
          const p = this._loading[ref];
          if (p)
            return p;
          try {
            return await (this._loading[ref] = loadSchema(ref));
          } finally {
            delete this._loading[ref];
          }
        }
      }
      // Adds schema to the instance
      addSchema(schema, key, _meta, _validateSchema = this.opts.validateSchema) {
        if (Array.isArray(schema)) {
          for (const sch of schema)
            this.addSchema(sch, void 0, _meta, _validateSchema);
          return this;
        }
        let id;
        if (typeof schema === "object") {
          const { schemaId } = this.opts;
          id = schema[schemaId];
          if (id !== void 0 && typeof id != "string") {
            throw new Error(`schema ${schemaId} must be string`);
          }
        }
        key = (0, resolve_1.normalizeId)(key || id);
        this._checkUnique(key);
        this.schemas[key] = this._addSchema(schema, _meta, key, _validateSchema, true);
        return this;
      }
      // Add schema that will be used to validate other schemas
      // options in META_IGNORE_OPTIONS are alway set to false
      addMetaSchema(schema, key, _validateSchema = this.opts.validateSchema) {
        this.addSchema(schema, key, true, _validateSchema);
        return this;
      }
      //  Validate schema against its meta-schema
      validateSchema(schema, throwOrLogError) {
        if (typeof schema == "boolean")
          return true;
        let $schema;
        $schema = schema.$schema;
        if ($schema !== void 0 && typeof $schema != "string") {
          throw new Error("$schema must be a string");
        }
        $schema = $schema || this.opts.defaultMeta || this.defaultMeta();
        if (!$schema) {
          this.logger.warn("meta-schema not available");
          this.errors = null;
          return true;
        }
        const valid = this.validate($schema, schema);
        if (!valid && throwOrLogError) {
          const message = "schema is invalid: " + this.errorsText();
          if (this.opts.validateSchema === "log")
            this.logger.error(message);
          else
            throw new Error(message);
        }
        return valid;
      }
      // Get compiled schema by `key` or `ref`.
      // (`key` that was passed to `addSchema` or full schema reference - `schema.$id` or resolved id)
      getSchema(keyRef) {
        let sch;
        while (typeof (sch = getSchEnv.call(this, keyRef)) == "string")
          keyRef = sch;
        if (sch === void 0) {
          const { schemaId } = this.opts;
          const root = new compile_1.SchemaEnv({ schema: {}, schemaId });
          sch = compile_1.resolveSchema.call(this, root, keyRef);
          if (!sch)
            return;
          this.refs[keyRef] = sch;
        }
        return sch.validate || this._compileSchemaEnv(sch);
      }
      // Remove cached schema(s).
      // If no parameter is passed all schemas but meta-schemas are removed.
      // If RegExp is passed all schemas with key/id matching pattern but meta-schemas are removed.
      // Even if schema is referenced by other schemas it still can be removed as other schemas have local references.
      removeSchema(schemaKeyRef) {
        if (schemaKeyRef instanceof RegExp) {
          this._removeAllSchemas(this.schemas, schemaKeyRef);
          this._removeAllSchemas(this.refs, schemaKeyRef);
          return this;
        }
        switch (typeof schemaKeyRef) {
          case "undefined":
            this._removeAllSchemas(this.schemas);
            this._removeAllSchemas(this.refs);
            this._cache.clear();
            return this;
          case "string": {
            const sch = getSchEnv.call(this, schemaKeyRef);
            if (typeof sch == "object")
              this._cache.delete(sch.schema);
            delete this.schemas[schemaKeyRef];
            delete this.refs[schemaKeyRef];
            return this;
          }
          case "object": {
            const cacheKey = schemaKeyRef;
            this._cache.delete(cacheKey);
            let id = schemaKeyRef[this.opts.schemaId];
            if (id) {
              id = (0, resolve_1.normalizeId)(id);
              delete this.schemas[id];
              delete this.refs[id];
            }
            return this;
          }
          default:
            throw new Error("ajv.removeSchema: invalid parameter");
        }
      }
      // add "vocabulary" - a collection of keywords
      addVocabulary(definitions) {
        for (const def of definitions)
          this.addKeyword(def);
        return this;
      }
      addKeyword(kwdOrDef, def) {
        let keyword;
        if (typeof kwdOrDef == "string") {
          keyword = kwdOrDef;
          if (typeof def == "object") {
            this.logger.warn("these parameters are deprecated, see docs for addKeyword");
            def.keyword = keyword;
          }
        } else if (typeof kwdOrDef == "object" && def === void 0) {
          def = kwdOrDef;
          keyword = def.keyword;
          if (Array.isArray(keyword) && !keyword.length) {
            throw new Error("addKeywords: keyword must be string or non-empty array");
          }
        } else {
          throw new Error("invalid addKeywords parameters");
        }
        checkKeyword.call(this, keyword, def);
        if (!def) {
          (0, util_1.eachItem)(keyword, (kwd) => addRule.call(this, kwd));
          return this;
        }
        keywordMetaschema.call(this, def);
        const definition = {
          ...def,
          type: (0, dataType_1.getJSONTypes)(def.type),
          schemaType: (0, dataType_1.getJSONTypes)(def.schemaType)
        };
        (0, util_1.eachItem)(keyword, definition.type.length === 0 ? (k) => addRule.call(this, k, definition) : (k) => definition.type.forEach((t) => addRule.call(this, k, definition, t)));
        return this;
      }
      getKeyword(keyword) {
        const rule = this.RULES.all[keyword];
        return typeof rule == "object" ? rule.definition : !!rule;
      }
      // Remove keyword
      removeKeyword(keyword) {
        const { RULES } = this;
        delete RULES.keywords[keyword];
        delete RULES.all[keyword];
        for (const group of RULES.rules) {
          const i = group.rules.findIndex((rule) => rule.keyword === keyword);
          if (i >= 0)
            group.rules.splice(i, 1);
        }
        return this;
      }
      // Add format
      addFormat(name, format) {
        if (typeof format == "string")
          format = new RegExp(format);
        this.formats[name] = format;
        return this;
      }
      errorsText(errors = this.errors, { separator = ", ", dataVar = "data" } = {}) {
        if (!errors || errors.length === 0)
          return "No errors";
        return errors.map((e) => `${dataVar}${e.instancePath} ${e.message}`).reduce((text, msg) => text + separator + msg);
      }
      $dataMetaSchema(metaSchema, keywordsJsonPointers) {
        const rules = this.RULES.all;
        metaSchema = JSON.parse(JSON.stringify(metaSchema));
        for (const jsonPointer of keywordsJsonPointers) {
          const segments = jsonPointer.split("/").slice(1);
          let keywords2 = metaSchema;
          for (const seg of segments)
            keywords2 = keywords2[seg];
          for (const key in rules) {
            const rule = rules[key];
            if (typeof rule != "object")
              continue;
            const { $data } = rule.definition;
            const schema = keywords2[key];
            if ($data && schema)
              keywords2[key] = schemaOrData(schema);
          }
        }
        return metaSchema;
      }
      _removeAllSchemas(schemas, regex) {
        for (const keyRef in schemas) {
          const sch = schemas[keyRef];
          if (!regex || regex.test(keyRef)) {
            if (typeof sch == "string") {
              delete schemas[keyRef];
            } else if (sch && !sch.meta) {
              this._cache.delete(sch.schema);
              delete schemas[keyRef];
            }
          }
        }
      }
      _addSchema(schema, meta, baseId, validateSchema = this.opts.validateSchema, addSchema = this.opts.addUsedSchema) {
        let id;
        const { schemaId } = this.opts;
        if (typeof schema == "object") {
          id = schema[schemaId];
        } else {
          if (this.opts.jtd)
            throw new Error("schema must be object");
          else if (typeof schema != "boolean")
            throw new Error("schema must be object or boolean");
        }
        let sch = this._cache.get(schema);
        if (sch !== void 0)
          return sch;
        baseId = (0, resolve_1.normalizeId)(id || baseId);
        const localRefs = resolve_1.getSchemaRefs.call(this, schema, baseId);
        sch = new compile_1.SchemaEnv({ schema, schemaId, meta, baseId, localRefs });
        this._cache.set(sch.schema, sch);
        if (addSchema && !baseId.startsWith("#")) {
          if (baseId)
            this._checkUnique(baseId);
          this.refs[baseId] = sch;
        }
        if (validateSchema)
          this.validateSchema(schema, true);
        return sch;
      }
      _checkUnique(id) {
        if (this.schemas[id] || this.refs[id]) {
          throw new Error(`schema with key or id "${id}" already exists`);
        }
      }
      _compileSchemaEnv(sch) {
        if (sch.meta)
          this._compileMetaSchema(sch);
        else
          compile_1.compileSchema.call(this, sch);
        if (!sch.validate)
          throw new Error("ajv implementation error");
        return sch.validate;
      }
      _compileMetaSchema(sch) {
        const currentOpts = this.opts;
        this.opts = this._metaOpts;
        try {
          compile_1.compileSchema.call(this, sch);
        } finally {
          this.opts = currentOpts;
        }
      }
    };
    Ajv2.ValidationError = validation_error_1.default;
    Ajv2.MissingRefError = ref_error_1.default;
    exports.default = Ajv2;
    function checkOptions(checkOpts2, options, msg, log = "error") {
      for (const key in checkOpts2) {
        const opt = key;
        if (opt in options)
          this.logger[log](`${msg}: option ${key}. ${checkOpts2[opt]}`);
      }
    }
    function getSchEnv(keyRef) {
      keyRef = (0, resolve_1.normalizeId)(keyRef);
      return this.schemas[keyRef] || this.refs[keyRef];
    }
    function addInitialSchemas() {
      const optsSchemas = this.opts.schemas;
      if (!optsSchemas)
        return;
      if (Array.isArray(optsSchemas))
        this.addSchema(optsSchemas);
      else
        for (const key in optsSchemas)
          this.addSchema(optsSchemas[key], key);
    }
    function addInitialFormats() {
      for (const name in this.opts.formats) {
        const format = this.opts.formats[name];
        if (format)
          this.addFormat(name, format);
      }
    }
    function addInitialKeywords(defs) {
      if (Array.isArray(defs)) {
        this.addVocabulary(defs);
        return;
      }
      this.logger.warn("keywords option as map is deprecated, pass array");
      for (const keyword in defs) {
        const def = defs[keyword];
        if (!def.keyword)
          def.keyword = keyword;
        this.addKeyword(def);
      }
    }
    function getMetaSchemaOptions() {
      const metaOpts = { ...this.opts };
      for (const opt of META_IGNORE_OPTIONS)
        delete metaOpts[opt];
      return metaOpts;
    }
    var noLogs = { log() {
    }, warn() {
    }, error() {
    } };
    function getLogger(logger) {
      if (logger === false)
        return noLogs;
      if (logger === void 0)
        return console;
      if (logger.log && logger.warn && logger.error)
        return logger;
      throw new Error("logger must implement log, warn and error methods");
    }
    var KEYWORD_NAME = /^[a-z_$][a-z0-9_$:-]*$/i;
    function checkKeyword(keyword, def) {
      const { RULES } = this;
      (0, util_1.eachItem)(keyword, (kwd) => {
        if (RULES.keywords[kwd])
          throw new Error(`Keyword ${kwd} is already defined`);
        if (!KEYWORD_NAME.test(kwd))
          throw new Error(`Keyword ${kwd} has invalid name`);
      });
      if (!def)
        return;
      if (def.$data && !("code" in def || "validate" in def)) {
        throw new Error('$data keyword must have "code" or "validate" function');
      }
    }
    function addRule(keyword, definition, dataType) {
      var _a;
      const post = definition === null || definition === void 0 ? void 0 : definition.post;
      if (dataType && post)
        throw new Error('keyword with "post" flag cannot have "type"');
      const { RULES } = this;
      let ruleGroup = post ? RULES.post : RULES.rules.find(({ type: t }) => t === dataType);
      if (!ruleGroup) {
        ruleGroup = { type: dataType, rules: [] };
        RULES.rules.push(ruleGroup);
      }
      RULES.keywords[keyword] = true;
      if (!definition)
        return;
      const rule = {
        keyword,
        definition: {
          ...definition,
          type: (0, dataType_1.getJSONTypes)(definition.type),
          schemaType: (0, dataType_1.getJSONTypes)(definition.schemaType)
        }
      };
      if (definition.before)
        addBeforeRule.call(this, ruleGroup, rule, definition.before);
      else
        ruleGroup.rules.push(rule);
      RULES.all[keyword] = rule;
      (_a = definition.implements) === null || _a === void 0 ? void 0 : _a.forEach((kwd) => this.addKeyword(kwd));
    }
    function addBeforeRule(ruleGroup, rule, before) {
      const i = ruleGroup.rules.findIndex((_rule) => _rule.keyword === before);
      if (i >= 0) {
        ruleGroup.rules.splice(i, 0, rule);
      } else {
        ruleGroup.rules.push(rule);
        this.logger.warn(`rule ${before} is not defined`);
      }
    }
    function keywordMetaschema(def) {
      let { metaSchema } = def;
      if (metaSchema === void 0)
        return;
      if (def.$data && this.opts.$data)
        metaSchema = schemaOrData(metaSchema);
      def.validateSchema = this.compile(metaSchema, true);
    }
    var $dataRef = {
      $ref: "https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#"
    };
    function schemaOrData(schema) {
      return { anyOf: [schema, $dataRef] };
    }
  }
});

// node_modules/ajv/dist/vocabularies/core/id.js
var require_id = __commonJS({
  "node_modules/ajv/dist/vocabularies/core/id.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var def = {
      keyword: "id",
      code() {
        throw new Error('NOT SUPPORTED: keyword "id", use "$id" for schema ID');
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/core/ref.js
var require_ref = __commonJS({
  "node_modules/ajv/dist/vocabularies/core/ref.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.callRef = exports.getValidate = void 0;
    var ref_error_1 = require_ref_error();
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var compile_1 = require_compile();
    var util_1 = require_util();
    var def = {
      keyword: "$ref",
      schemaType: "string",
      code(cxt) {
        const { gen, schema: $ref, it } = cxt;
        const { baseId, schemaEnv: env, validateName, opts, self } = it;
        const { root } = env;
        if (($ref === "#" || $ref === "#/") && baseId === root.baseId)
          return callRootRef();
        const schOrEnv = compile_1.resolveRef.call(self, root, baseId, $ref);
        if (schOrEnv === void 0)
          throw new ref_error_1.default(it.opts.uriResolver, baseId, $ref);
        if (schOrEnv instanceof compile_1.SchemaEnv)
          return callValidate(schOrEnv);
        return inlineRefSchema(schOrEnv);
        function callRootRef() {
          if (env === root)
            return callRef(cxt, validateName, env, env.$async);
          const rootName = gen.scopeValue("root", { ref: root });
          return callRef(cxt, (0, codegen_1._)`${rootName}.validate`, root, root.$async);
        }
        function callValidate(sch) {
          const v = getValidate(cxt, sch);
          callRef(cxt, v, sch, sch.$async);
        }
        function inlineRefSchema(sch) {
          const schName = gen.scopeValue("schema", opts.code.source === true ? { ref: sch, code: (0, codegen_1.stringify)(sch) } : { ref: sch });
          const valid = gen.name("valid");
          const schCxt = cxt.subschema({
            schema: sch,
            dataTypes: [],
            schemaPath: codegen_1.nil,
            topSchemaRef: schName,
            errSchemaPath: $ref
          }, valid);
          cxt.mergeEvaluated(schCxt);
          cxt.ok(valid);
        }
      }
    };
    function getValidate(cxt, sch) {
      const { gen } = cxt;
      return sch.validate ? gen.scopeValue("validate", { ref: sch.validate }) : (0, codegen_1._)`${gen.scopeValue("wrapper", { ref: sch })}.validate`;
    }
    exports.getValidate = getValidate;
    function callRef(cxt, v, sch, $async) {
      const { gen, it } = cxt;
      const { allErrors, schemaEnv: env, opts } = it;
      const passCxt = opts.passContext ? names_1.default.this : codegen_1.nil;
      if ($async)
        callAsyncRef();
      else
        callSyncRef();
      function callAsyncRef() {
        if (!env.$async)
          throw new Error("async schema referenced by sync schema");
        const valid = gen.let("valid");
        gen.try(() => {
          gen.code((0, codegen_1._)`await ${(0, code_1.callValidateCode)(cxt, v, passCxt)}`);
          addEvaluatedFrom(v);
          if (!allErrors)
            gen.assign(valid, true);
        }, (e) => {
          gen.if((0, codegen_1._)`!(${e} instanceof ${it.ValidationError})`, () => gen.throw(e));
          addErrorsFrom(e);
          if (!allErrors)
            gen.assign(valid, false);
        });
        cxt.ok(valid);
      }
      function callSyncRef() {
        cxt.result((0, code_1.callValidateCode)(cxt, v, passCxt), () => addEvaluatedFrom(v), () => addErrorsFrom(v));
      }
      function addErrorsFrom(source) {
        const errs = (0, codegen_1._)`${source}.errors`;
        gen.assign(names_1.default.vErrors, (0, codegen_1._)`${names_1.default.vErrors} === null ? ${errs} : ${names_1.default.vErrors}.concat(${errs})`);
        gen.assign(names_1.default.errors, (0, codegen_1._)`${names_1.default.vErrors}.length`);
      }
      function addEvaluatedFrom(source) {
        var _a;
        if (!it.opts.unevaluated)
          return;
        const schEvaluated = (_a = sch === null || sch === void 0 ? void 0 : sch.validate) === null || _a === void 0 ? void 0 : _a.evaluated;
        if (it.props !== true) {
          if (schEvaluated && !schEvaluated.dynamicProps) {
            if (schEvaluated.props !== void 0) {
              it.props = util_1.mergeEvaluated.props(gen, schEvaluated.props, it.props);
            }
          } else {
            const props = gen.var("props", (0, codegen_1._)`${source}.evaluated.props`);
            it.props = util_1.mergeEvaluated.props(gen, props, it.props, codegen_1.Name);
          }
        }
        if (it.items !== true) {
          if (schEvaluated && !schEvaluated.dynamicItems) {
            if (schEvaluated.items !== void 0) {
              it.items = util_1.mergeEvaluated.items(gen, schEvaluated.items, it.items);
            }
          } else {
            const items = gen.var("items", (0, codegen_1._)`${source}.evaluated.items`);
            it.items = util_1.mergeEvaluated.items(gen, items, it.items, codegen_1.Name);
          }
        }
      }
    }
    exports.callRef = callRef;
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/core/index.js
var require_core2 = __commonJS({
  "node_modules/ajv/dist/vocabularies/core/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var id_1 = require_id();
    var ref_1 = require_ref();
    var core = [
      "$schema",
      "$id",
      "$defs",
      "$vocabulary",
      { keyword: "$comment" },
      "definitions",
      id_1.default,
      ref_1.default
    ];
    exports.default = core;
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitNumber.js
var require_limitNumber = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitNumber.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var ops = codegen_1.operators;
    var KWDs = {
      maximum: { okStr: "<=", ok: ops.LTE, fail: ops.GT },
      minimum: { okStr: ">=", ok: ops.GTE, fail: ops.LT },
      exclusiveMaximum: { okStr: "<", ok: ops.LT, fail: ops.GTE },
      exclusiveMinimum: { okStr: ">", ok: ops.GT, fail: ops.LTE }
    };
    var error = {
      message: ({ keyword, schemaCode }) => (0, codegen_1.str)`must be ${KWDs[keyword].okStr} ${schemaCode}`,
      params: ({ keyword, schemaCode }) => (0, codegen_1._)`{comparison: ${KWDs[keyword].okStr}, limit: ${schemaCode}}`
    };
    var def = {
      keyword: Object.keys(KWDs),
      type: "number",
      schemaType: "number",
      $data: true,
      error,
      code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        cxt.fail$data((0, codegen_1._)`${data} ${KWDs[keyword].fail} ${schemaCode} || isNaN(${data})`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/multipleOf.js
var require_multipleOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/multipleOf.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error = {
      message: ({ schemaCode }) => (0, codegen_1.str)`must be multiple of ${schemaCode}`,
      params: ({ schemaCode }) => (0, codegen_1._)`{multipleOf: ${schemaCode}}`
    };
    var def = {
      keyword: "multipleOf",
      type: "number",
      schemaType: "number",
      $data: true,
      error,
      code(cxt) {
        const { gen, data, schemaCode, it } = cxt;
        const prec = it.opts.multipleOfPrecision;
        const res = gen.let("res");
        const invalid = prec ? (0, codegen_1._)`Math.abs(Math.round(${res}) - ${res}) > 1e-${prec}` : (0, codegen_1._)`${res} !== parseInt(${res})`;
        cxt.fail$data((0, codegen_1._)`(${schemaCode} === 0 || (${res} = ${data}/${schemaCode}, ${invalid}))`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/runtime/ucs2length.js
var require_ucs2length = __commonJS({
  "node_modules/ajv/dist/runtime/ucs2length.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    function ucs2length(str2) {
      const len = str2.length;
      let length2 = 0;
      let pos = 0;
      let value;
      while (pos < len) {
        length2++;
        value = str2.charCodeAt(pos++);
        if (value >= 55296 && value <= 56319 && pos < len) {
          value = str2.charCodeAt(pos);
          if ((value & 64512) === 56320)
            pos++;
        }
      }
      return length2;
    }
    exports.default = ucs2length;
    ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitLength.js
var require_limitLength = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitLength.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var ucs2length_1 = require_ucs2length();
    var error = {
      message({ keyword, schemaCode }) {
        const comp = keyword === "maxLength" ? "more" : "fewer";
        return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} characters`;
      },
      params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
    };
    var def = {
      keyword: ["maxLength", "minLength"],
      type: "string",
      schemaType: "number",
      $data: true,
      error,
      code(cxt) {
        const { keyword, data, schemaCode, it } = cxt;
        const op = keyword === "maxLength" ? codegen_1.operators.GT : codegen_1.operators.LT;
        const len = it.opts.unicode === false ? (0, codegen_1._)`${data}.length` : (0, codegen_1._)`${(0, util_1.useFunc)(cxt.gen, ucs2length_1.default)}(${data})`;
        cxt.fail$data((0, codegen_1._)`${len} ${op} ${schemaCode}`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/pattern.js
var require_pattern = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/pattern.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var code_1 = require_code2();
    var util_1 = require_util();
    var codegen_1 = require_codegen();
    var error = {
      message: ({ schemaCode }) => (0, codegen_1.str)`must match pattern "${schemaCode}"`,
      params: ({ schemaCode }) => (0, codegen_1._)`{pattern: ${schemaCode}}`
    };
    var def = {
      keyword: "pattern",
      type: "string",
      schemaType: "string",
      $data: true,
      error,
      code(cxt) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        const u = it.opts.unicodeRegExp ? "u" : "";
        if ($data) {
          const { regExp } = it.opts.code;
          const regExpCode = regExp.code === "new RegExp" ? (0, codegen_1._)`new RegExp` : (0, util_1.useFunc)(gen, regExp);
          const valid = gen.let("valid");
          gen.try(() => gen.assign(valid, (0, codegen_1._)`${regExpCode}(${schemaCode}, ${u}).test(${data})`), () => gen.assign(valid, false));
          cxt.fail$data((0, codegen_1._)`!${valid}`);
        } else {
          const regExp = (0, code_1.usePattern)(cxt, schema);
          cxt.fail$data((0, codegen_1._)`!${regExp}.test(${data})`);
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitProperties.js
var require_limitProperties = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitProperties.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error = {
      message({ keyword, schemaCode }) {
        const comp = keyword === "maxProperties" ? "more" : "fewer";
        return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} properties`;
      },
      params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
    };
    var def = {
      keyword: ["maxProperties", "minProperties"],
      type: "object",
      schemaType: "number",
      $data: true,
      error,
      code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        const op = keyword === "maxProperties" ? codegen_1.operators.GT : codegen_1.operators.LT;
        cxt.fail$data((0, codegen_1._)`Object.keys(${data}).length ${op} ${schemaCode}`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/required.js
var require_required = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/required.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: ({ params: { missingProperty } }) => (0, codegen_1.str)`must have required property '${missingProperty}'`,
      params: ({ params: { missingProperty } }) => (0, codegen_1._)`{missingProperty: ${missingProperty}}`
    };
    var def = {
      keyword: "required",
      type: "object",
      schemaType: "array",
      $data: true,
      error,
      code(cxt) {
        const { gen, schema, schemaCode, data, $data, it } = cxt;
        const { opts } = it;
        if (!$data && schema.length === 0)
          return;
        const useLoop = schema.length >= opts.loopRequired;
        if (it.allErrors)
          allErrorsMode();
        else
          exitOnErrorMode();
        if (opts.strictRequired) {
          const props = cxt.parentSchema.properties;
          const { definedProperties } = cxt.it;
          for (const requiredKey of schema) {
            if ((props === null || props === void 0 ? void 0 : props[requiredKey]) === void 0 && !definedProperties.has(requiredKey)) {
              const schemaPath = it.schemaEnv.baseId + it.errSchemaPath;
              const msg = `required property "${requiredKey}" is not defined at "${schemaPath}" (strictRequired)`;
              (0, util_1.checkStrictMode)(it, msg, it.opts.strictRequired);
            }
          }
        }
        function allErrorsMode() {
          if (useLoop || $data) {
            cxt.block$data(codegen_1.nil, loopAllRequired);
          } else {
            for (const prop of schema) {
              (0, code_1.checkReportMissingProp)(cxt, prop);
            }
          }
        }
        function exitOnErrorMode() {
          const missing = gen.let("missing");
          if (useLoop || $data) {
            const valid = gen.let("valid", true);
            cxt.block$data(valid, () => loopUntilMissing(missing, valid));
            cxt.ok(valid);
          } else {
            gen.if((0, code_1.checkMissingProp)(cxt, schema, missing));
            (0, code_1.reportMissingProp)(cxt, missing);
            gen.else();
          }
        }
        function loopAllRequired() {
          gen.forOf("prop", schemaCode, (prop) => {
            cxt.setParams({ missingProperty: prop });
            gen.if((0, code_1.noPropertyInData)(gen, data, prop, opts.ownProperties), () => cxt.error());
          });
        }
        function loopUntilMissing(missing, valid) {
          cxt.setParams({ missingProperty: missing });
          gen.forOf(missing, schemaCode, () => {
            gen.assign(valid, (0, code_1.propertyInData)(gen, data, missing, opts.ownProperties));
            gen.if((0, codegen_1.not)(valid), () => {
              cxt.error();
              gen.break();
            });
          }, codegen_1.nil);
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitItems.js
var require_limitItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitItems.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error = {
      message({ keyword, schemaCode }) {
        const comp = keyword === "maxItems" ? "more" : "fewer";
        return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} items`;
      },
      params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
    };
    var def = {
      keyword: ["maxItems", "minItems"],
      type: "array",
      schemaType: "number",
      $data: true,
      error,
      code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        const op = keyword === "maxItems" ? codegen_1.operators.GT : codegen_1.operators.LT;
        cxt.fail$data((0, codegen_1._)`${data}.length ${op} ${schemaCode}`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/runtime/equal.js
var require_equal = __commonJS({
  "node_modules/ajv/dist/runtime/equal.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var equal = require_fast_deep_equal();
    equal.code = 'require("ajv/dist/runtime/equal").default';
    exports.default = equal;
  }
});

// node_modules/ajv/dist/vocabularies/validation/uniqueItems.js
var require_uniqueItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/uniqueItems.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var dataType_1 = require_dataType();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var equal_1 = require_equal();
    var error = {
      message: ({ params: { i, j } }) => (0, codegen_1.str)`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
      params: ({ params: { i, j } }) => (0, codegen_1._)`{i: ${i}, j: ${j}}`
    };
    var def = {
      keyword: "uniqueItems",
      type: "array",
      schemaType: "boolean",
      $data: true,
      error,
      code(cxt) {
        const { gen, data, $data, schema, parentSchema, schemaCode, it } = cxt;
        if (!$data && !schema)
          return;
        const valid = gen.let("valid");
        const itemTypes = parentSchema.items ? (0, dataType_1.getSchemaTypes)(parentSchema.items) : [];
        cxt.block$data(valid, validateUniqueItems, (0, codegen_1._)`${schemaCode} === false`);
        cxt.ok(valid);
        function validateUniqueItems() {
          const i = gen.let("i", (0, codegen_1._)`${data}.length`);
          const j = gen.let("j");
          cxt.setParams({ i, j });
          gen.assign(valid, true);
          gen.if((0, codegen_1._)`${i} > 1`, () => (canOptimize() ? loopN : loopN2)(i, j));
        }
        function canOptimize() {
          return itemTypes.length > 0 && !itemTypes.some((t) => t === "object" || t === "array");
        }
        function loopN(i, j) {
          const item = gen.name("item");
          const wrongType2 = (0, dataType_1.checkDataTypes)(itemTypes, item, it.opts.strictNumbers, dataType_1.DataType.Wrong);
          const indices = gen.const("indices", (0, codegen_1._)`{}`);
          gen.for((0, codegen_1._)`;${i}--;`, () => {
            gen.let(item, (0, codegen_1._)`${data}[${i}]`);
            gen.if(wrongType2, (0, codegen_1._)`continue`);
            if (itemTypes.length > 1)
              gen.if((0, codegen_1._)`typeof ${item} == "string"`, (0, codegen_1._)`${item} += "_"`);
            gen.if((0, codegen_1._)`typeof ${indices}[${item}] == "number"`, () => {
              gen.assign(j, (0, codegen_1._)`${indices}[${item}]`);
              cxt.error();
              gen.assign(valid, false).break();
            }).code((0, codegen_1._)`${indices}[${item}] = ${i}`);
          });
        }
        function loopN2(i, j) {
          const eql = (0, util_1.useFunc)(gen, equal_1.default);
          const outer = gen.name("outer");
          gen.label(outer).for((0, codegen_1._)`;${i}--;`, () => gen.for((0, codegen_1._)`${j} = ${i}; ${j}--;`, () => gen.if((0, codegen_1._)`${eql}(${data}[${i}], ${data}[${j}])`, () => {
            cxt.error();
            gen.assign(valid, false).break(outer);
          })));
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/const.js
var require_const = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/const.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var equal_1 = require_equal();
    var error = {
      message: "must be equal to constant",
      params: ({ schemaCode }) => (0, codegen_1._)`{allowedValue: ${schemaCode}}`
    };
    var def = {
      keyword: "const",
      $data: true,
      error,
      code(cxt) {
        const { gen, data, $data, schemaCode, schema } = cxt;
        if ($data || schema && typeof schema == "object") {
          cxt.fail$data((0, codegen_1._)`!${(0, util_1.useFunc)(gen, equal_1.default)}(${data}, ${schemaCode})`);
        } else {
          cxt.fail((0, codegen_1._)`${schema} !== ${data}`);
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/enum.js
var require_enum = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/enum.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var equal_1 = require_equal();
    var error = {
      message: "must be equal to one of the allowed values",
      params: ({ schemaCode }) => (0, codegen_1._)`{allowedValues: ${schemaCode}}`
    };
    var def = {
      keyword: "enum",
      schemaType: "array",
      $data: true,
      error,
      code(cxt) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        if (!$data && schema.length === 0)
          throw new Error("enum must have non-empty array");
        const useLoop = schema.length >= it.opts.loopEnum;
        let eql;
        const getEql = () => eql !== null && eql !== void 0 ? eql : eql = (0, util_1.useFunc)(gen, equal_1.default);
        let valid;
        if (useLoop || $data) {
          valid = gen.let("valid");
          cxt.block$data(valid, loopEnum);
        } else {
          if (!Array.isArray(schema))
            throw new Error("ajv implementation error");
          const vSchema = gen.const("vSchema", schemaCode);
          valid = (0, codegen_1.or)(...schema.map((_x, i) => equalCode(vSchema, i)));
        }
        cxt.pass(valid);
        function loopEnum() {
          gen.assign(valid, false);
          gen.forOf("v", schemaCode, (v) => gen.if((0, codegen_1._)`${getEql()}(${data}, ${v})`, () => gen.assign(valid, true).break()));
        }
        function equalCode(vSchema, i) {
          const sch = schema[i];
          return typeof sch === "object" && sch !== null ? (0, codegen_1._)`${getEql()}(${data}, ${vSchema}[${i}])` : (0, codegen_1._)`${data} === ${sch}`;
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/index.js
var require_validation = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var limitNumber_1 = require_limitNumber();
    var multipleOf_1 = require_multipleOf();
    var limitLength_1 = require_limitLength();
    var pattern_1 = require_pattern();
    var limitProperties_1 = require_limitProperties();
    var required_1 = require_required();
    var limitItems_1 = require_limitItems();
    var uniqueItems_1 = require_uniqueItems();
    var const_1 = require_const();
    var enum_1 = require_enum();
    var validation = [
      // number
      limitNumber_1.default,
      multipleOf_1.default,
      // string
      limitLength_1.default,
      pattern_1.default,
      // object
      limitProperties_1.default,
      required_1.default,
      // array
      limitItems_1.default,
      uniqueItems_1.default,
      // any
      { keyword: "type", schemaType: ["string", "array"] },
      { keyword: "nullable", schemaType: "boolean" },
      const_1.default,
      enum_1.default
    ];
    exports.default = validation;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/additionalItems.js
var require_additionalItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/additionalItems.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.validateAdditionalItems = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: ({ params: { len } }) => (0, codegen_1.str)`must NOT have more than ${len} items`,
      params: ({ params: { len } }) => (0, codegen_1._)`{limit: ${len}}`
    };
    var def = {
      keyword: "additionalItems",
      type: "array",
      schemaType: ["boolean", "object"],
      before: "uniqueItems",
      error,
      code(cxt) {
        const { parentSchema, it } = cxt;
        const { items } = parentSchema;
        if (!Array.isArray(items)) {
          (0, util_1.checkStrictMode)(it, '"additionalItems" is ignored when "items" is not an array of schemas');
          return;
        }
        validateAdditionalItems(cxt, items);
      }
    };
    function validateAdditionalItems(cxt, items) {
      const { gen, schema, data, keyword, it } = cxt;
      it.items = true;
      const len = gen.const("len", (0, codegen_1._)`${data}.length`);
      if (schema === false) {
        cxt.setParams({ len: items.length });
        cxt.pass((0, codegen_1._)`${len} <= ${items.length}`);
      } else if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
        const valid = gen.var("valid", (0, codegen_1._)`${len} <= ${items.length}`);
        gen.if((0, codegen_1.not)(valid), () => validateItems(valid));
        cxt.ok(valid);
      }
      function validateItems(valid) {
        gen.forRange("i", items.length, len, (i) => {
          cxt.subschema({ keyword, dataProp: i, dataPropType: util_1.Type.Num }, valid);
          if (!it.allErrors)
            gen.if((0, codegen_1.not)(valid), () => gen.break());
        });
      }
    }
    exports.validateAdditionalItems = validateAdditionalItems;
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/items.js
var require_items = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/items.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.validateTuple = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var code_1 = require_code2();
    var def = {
      keyword: "items",
      type: "array",
      schemaType: ["object", "array", "boolean"],
      before: "uniqueItems",
      code(cxt) {
        const { schema, it } = cxt;
        if (Array.isArray(schema))
          return validateTuple(cxt, "additionalItems", schema);
        it.items = true;
        if ((0, util_1.alwaysValidSchema)(it, schema))
          return;
        cxt.ok((0, code_1.validateArray)(cxt));
      }
    };
    function validateTuple(cxt, extraItems, schArr = cxt.schema) {
      const { gen, parentSchema, data, keyword, it } = cxt;
      checkStrictTuple(parentSchema);
      if (it.opts.unevaluated && schArr.length && it.items !== true) {
        it.items = util_1.mergeEvaluated.items(gen, schArr.length, it.items);
      }
      const valid = gen.name("valid");
      const len = gen.const("len", (0, codegen_1._)`${data}.length`);
      schArr.forEach((sch, i) => {
        if ((0, util_1.alwaysValidSchema)(it, sch))
          return;
        gen.if((0, codegen_1._)`${len} > ${i}`, () => cxt.subschema({
          keyword,
          schemaProp: i,
          dataProp: i
        }, valid));
        cxt.ok(valid);
      });
      function checkStrictTuple(sch) {
        const { opts, errSchemaPath } = it;
        const l = schArr.length;
        const fullTuple = l === sch.minItems && (l === sch.maxItems || sch[extraItems] === false);
        if (opts.strictTuples && !fullTuple) {
          const msg = `"${keyword}" is ${l}-tuple, but minItems or maxItems/${extraItems} are not specified or different at path "${errSchemaPath}"`;
          (0, util_1.checkStrictMode)(it, msg, opts.strictTuples);
        }
      }
    }
    exports.validateTuple = validateTuple;
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/prefixItems.js
var require_prefixItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/prefixItems.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var items_1 = require_items();
    var def = {
      keyword: "prefixItems",
      type: "array",
      schemaType: ["array"],
      before: "uniqueItems",
      code: (cxt) => (0, items_1.validateTuple)(cxt, "items")
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/items2020.js
var require_items2020 = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/items2020.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var code_1 = require_code2();
    var additionalItems_1 = require_additionalItems();
    var error = {
      message: ({ params: { len } }) => (0, codegen_1.str)`must NOT have more than ${len} items`,
      params: ({ params: { len } }) => (0, codegen_1._)`{limit: ${len}}`
    };
    var def = {
      keyword: "items",
      type: "array",
      schemaType: ["object", "boolean"],
      before: "uniqueItems",
      error,
      code(cxt) {
        const { schema, parentSchema, it } = cxt;
        const { prefixItems } = parentSchema;
        it.items = true;
        if ((0, util_1.alwaysValidSchema)(it, schema))
          return;
        if (prefixItems)
          (0, additionalItems_1.validateAdditionalItems)(cxt, prefixItems);
        else
          cxt.ok((0, code_1.validateArray)(cxt));
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/contains.js
var require_contains = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/contains.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: ({ params: { min, max } }) => max === void 0 ? (0, codegen_1.str)`must contain at least ${min} valid item(s)` : (0, codegen_1.str)`must contain at least ${min} and no more than ${max} valid item(s)`,
      params: ({ params: { min, max } }) => max === void 0 ? (0, codegen_1._)`{minContains: ${min}}` : (0, codegen_1._)`{minContains: ${min}, maxContains: ${max}}`
    };
    var def = {
      keyword: "contains",
      type: "array",
      schemaType: ["object", "boolean"],
      before: "uniqueItems",
      trackErrors: true,
      error,
      code(cxt) {
        const { gen, schema, parentSchema, data, it } = cxt;
        let min;
        let max;
        const { minContains, maxContains } = parentSchema;
        if (it.opts.next) {
          min = minContains === void 0 ? 1 : minContains;
          max = maxContains;
        } else {
          min = 1;
        }
        const len = gen.const("len", (0, codegen_1._)`${data}.length`);
        cxt.setParams({ min, max });
        if (max === void 0 && min === 0) {
          (0, util_1.checkStrictMode)(it, `"minContains" == 0 without "maxContains": "contains" keyword ignored`);
          return;
        }
        if (max !== void 0 && min > max) {
          (0, util_1.checkStrictMode)(it, `"minContains" > "maxContains" is always invalid`);
          cxt.fail();
          return;
        }
        if ((0, util_1.alwaysValidSchema)(it, schema)) {
          let cond = (0, codegen_1._)`${len} >= ${min}`;
          if (max !== void 0)
            cond = (0, codegen_1._)`${cond} && ${len} <= ${max}`;
          cxt.pass(cond);
          return;
        }
        it.items = true;
        const valid = gen.name("valid");
        if (max === void 0 && min === 1) {
          validateItems(valid, () => gen.if(valid, () => gen.break()));
        } else if (min === 0) {
          gen.let(valid, true);
          if (max !== void 0)
            gen.if((0, codegen_1._)`${data}.length > 0`, validateItemsWithCount);
        } else {
          gen.let(valid, false);
          validateItemsWithCount();
        }
        cxt.result(valid, () => cxt.reset());
        function validateItemsWithCount() {
          const schValid = gen.name("_valid");
          const count = gen.let("count", 0);
          validateItems(schValid, () => gen.if(schValid, () => checkLimits(count)));
        }
        function validateItems(_valid, block) {
          gen.forRange("i", 0, len, (i) => {
            cxt.subschema({
              keyword: "contains",
              dataProp: i,
              dataPropType: util_1.Type.Num,
              compositeRule: true
            }, _valid);
            block();
          });
        }
        function checkLimits(count) {
          gen.code((0, codegen_1._)`${count}++`);
          if (max === void 0) {
            gen.if((0, codegen_1._)`${count} >= ${min}`, () => gen.assign(valid, true).break());
          } else {
            gen.if((0, codegen_1._)`${count} > ${max}`, () => gen.assign(valid, false).break());
            if (min === 1)
              gen.assign(valid, true);
            else
              gen.if((0, codegen_1._)`${count} >= ${min}`, () => gen.assign(valid, true));
          }
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/dependencies.js
var require_dependencies = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/dependencies.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.validateSchemaDeps = exports.validatePropertyDeps = exports.error = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var code_1 = require_code2();
    exports.error = {
      message: ({ params: { property, depsCount, deps } }) => {
        const property_ies = depsCount === 1 ? "property" : "properties";
        return (0, codegen_1.str)`must have ${property_ies} ${deps} when property ${property} is present`;
      },
      params: ({ params: { property, depsCount, deps, missingProperty } }) => (0, codegen_1._)`{property: ${property},
    missingProperty: ${missingProperty},
    depsCount: ${depsCount},
    deps: ${deps}}`
      // TODO change to reference
    };
    var def = {
      keyword: "dependencies",
      type: "object",
      schemaType: "object",
      error: exports.error,
      code(cxt) {
        const [propDeps, schDeps] = splitDependencies(cxt);
        validatePropertyDeps(cxt, propDeps);
        validateSchemaDeps(cxt, schDeps);
      }
    };
    function splitDependencies({ schema }) {
      const propertyDeps = {};
      const schemaDeps = {};
      for (const key in schema) {
        if (key === "__proto__")
          continue;
        const deps = Array.isArray(schema[key]) ? propertyDeps : schemaDeps;
        deps[key] = schema[key];
      }
      return [propertyDeps, schemaDeps];
    }
    function validatePropertyDeps(cxt, propertyDeps = cxt.schema) {
      const { gen, data, it } = cxt;
      if (Object.keys(propertyDeps).length === 0)
        return;
      const missing = gen.let("missing");
      for (const prop in propertyDeps) {
        const deps = propertyDeps[prop];
        if (deps.length === 0)
          continue;
        const hasProperty = (0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties);
        cxt.setParams({
          property: prop,
          depsCount: deps.length,
          deps: deps.join(", ")
        });
        if (it.allErrors) {
          gen.if(hasProperty, () => {
            for (const depProp of deps) {
              (0, code_1.checkReportMissingProp)(cxt, depProp);
            }
          });
        } else {
          gen.if((0, codegen_1._)`${hasProperty} && (${(0, code_1.checkMissingProp)(cxt, deps, missing)})`);
          (0, code_1.reportMissingProp)(cxt, missing);
          gen.else();
        }
      }
    }
    exports.validatePropertyDeps = validatePropertyDeps;
    function validateSchemaDeps(cxt, schemaDeps = cxt.schema) {
      const { gen, data, keyword, it } = cxt;
      const valid = gen.name("valid");
      for (const prop in schemaDeps) {
        if ((0, util_1.alwaysValidSchema)(it, schemaDeps[prop]))
          continue;
        gen.if(
          (0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties),
          () => {
            const schCxt = cxt.subschema({ keyword, schemaProp: prop }, valid);
            cxt.mergeValidEvaluated(schCxt, valid);
          },
          () => gen.var(valid, true)
          // TODO var
        );
        cxt.ok(valid);
      }
    }
    exports.validateSchemaDeps = validateSchemaDeps;
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/propertyNames.js
var require_propertyNames = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/propertyNames.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: "property name must be valid",
      params: ({ params }) => (0, codegen_1._)`{propertyName: ${params.propertyName}}`
    };
    var def = {
      keyword: "propertyNames",
      type: "object",
      schemaType: ["object", "boolean"],
      error,
      code(cxt) {
        const { gen, schema, data, it } = cxt;
        if ((0, util_1.alwaysValidSchema)(it, schema))
          return;
        const valid = gen.name("valid");
        gen.forIn("key", data, (key) => {
          cxt.setParams({ propertyName: key });
          cxt.subschema({
            keyword: "propertyNames",
            data: key,
            dataTypes: ["string"],
            propertyName: key,
            compositeRule: true
          }, valid);
          gen.if((0, codegen_1.not)(valid), () => {
            cxt.error(true);
            if (!it.allErrors)
              gen.break();
          });
        });
        cxt.ok(valid);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/additionalProperties.js
var require_additionalProperties = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/additionalProperties.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var util_1 = require_util();
    var error = {
      message: "must NOT have additional properties",
      params: ({ params }) => (0, codegen_1._)`{additionalProperty: ${params.additionalProperty}}`
    };
    var def = {
      keyword: "additionalProperties",
      type: ["object"],
      schemaType: ["boolean", "object"],
      allowUndefined: true,
      trackErrors: true,
      error,
      code(cxt) {
        const { gen, schema, parentSchema, data, errsCount, it } = cxt;
        if (!errsCount)
          throw new Error("ajv implementation error");
        const { allErrors, opts } = it;
        it.props = true;
        if (opts.removeAdditional !== "all" && (0, util_1.alwaysValidSchema)(it, schema))
          return;
        const props = (0, code_1.allSchemaProperties)(parentSchema.properties);
        const patProps = (0, code_1.allSchemaProperties)(parentSchema.patternProperties);
        checkAdditionalProperties();
        cxt.ok((0, codegen_1._)`${errsCount} === ${names_1.default.errors}`);
        function checkAdditionalProperties() {
          gen.forIn("key", data, (key) => {
            if (!props.length && !patProps.length)
              additionalPropertyCode(key);
            else
              gen.if(isAdditional(key), () => additionalPropertyCode(key));
          });
        }
        function isAdditional(key) {
          let definedProp;
          if (props.length > 8) {
            const propsSchema = (0, util_1.schemaRefOrVal)(it, parentSchema.properties, "properties");
            definedProp = (0, code_1.isOwnProperty)(gen, propsSchema, key);
          } else if (props.length) {
            definedProp = (0, codegen_1.or)(...props.map((p) => (0, codegen_1._)`${key} === ${p}`));
          } else {
            definedProp = codegen_1.nil;
          }
          if (patProps.length) {
            definedProp = (0, codegen_1.or)(definedProp, ...patProps.map((p) => (0, codegen_1._)`${(0, code_1.usePattern)(cxt, p)}.test(${key})`));
          }
          return (0, codegen_1.not)(definedProp);
        }
        function deleteAdditional(key) {
          gen.code((0, codegen_1._)`delete ${data}[${key}]`);
        }
        function additionalPropertyCode(key) {
          if (opts.removeAdditional === "all" || opts.removeAdditional && schema === false) {
            deleteAdditional(key);
            return;
          }
          if (schema === false) {
            cxt.setParams({ additionalProperty: key });
            cxt.error();
            if (!allErrors)
              gen.break();
            return;
          }
          if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
            const valid = gen.name("valid");
            if (opts.removeAdditional === "failing") {
              applyAdditionalSchema(key, valid, false);
              gen.if((0, codegen_1.not)(valid), () => {
                cxt.reset();
                deleteAdditional(key);
              });
            } else {
              applyAdditionalSchema(key, valid);
              if (!allErrors)
                gen.if((0, codegen_1.not)(valid), () => gen.break());
            }
          }
        }
        function applyAdditionalSchema(key, valid, errors) {
          const subschema = {
            keyword: "additionalProperties",
            dataProp: key,
            dataPropType: util_1.Type.Str
          };
          if (errors === false) {
            Object.assign(subschema, {
              compositeRule: true,
              createErrors: false,
              allErrors: false
            });
          }
          cxt.subschema(subschema, valid);
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/properties.js
var require_properties = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/properties.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var validate_1 = require_validate();
    var code_1 = require_code2();
    var util_1 = require_util();
    var additionalProperties_1 = require_additionalProperties();
    var def = {
      keyword: "properties",
      type: "object",
      schemaType: "object",
      code(cxt) {
        const { gen, schema, parentSchema, data, it } = cxt;
        if (it.opts.removeAdditional === "all" && parentSchema.additionalProperties === void 0) {
          additionalProperties_1.default.code(new validate_1.KeywordCxt(it, additionalProperties_1.default, "additionalProperties"));
        }
        const allProps = (0, code_1.allSchemaProperties)(schema);
        for (const prop of allProps) {
          it.definedProperties.add(prop);
        }
        if (it.opts.unevaluated && allProps.length && it.props !== true) {
          it.props = util_1.mergeEvaluated.props(gen, (0, util_1.toHash)(allProps), it.props);
        }
        const properties = allProps.filter((p) => !(0, util_1.alwaysValidSchema)(it, schema[p]));
        if (properties.length === 0)
          return;
        const valid = gen.name("valid");
        for (const prop of properties) {
          if (hasDefault(prop)) {
            applyPropertySchema(prop);
          } else {
            gen.if((0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties));
            applyPropertySchema(prop);
            if (!it.allErrors)
              gen.else().var(valid, true);
            gen.endIf();
          }
          cxt.it.definedProperties.add(prop);
          cxt.ok(valid);
        }
        function hasDefault(prop) {
          return it.opts.useDefaults && !it.compositeRule && schema[prop].default !== void 0;
        }
        function applyPropertySchema(prop) {
          cxt.subschema({
            keyword: "properties",
            schemaProp: prop,
            dataProp: prop
          }, valid);
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/patternProperties.js
var require_patternProperties = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/patternProperties.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var util_2 = require_util();
    var def = {
      keyword: "patternProperties",
      type: "object",
      schemaType: "object",
      code(cxt) {
        const { gen, schema, data, parentSchema, it } = cxt;
        const { opts } = it;
        const patterns = (0, code_1.allSchemaProperties)(schema);
        const alwaysValidPatterns = patterns.filter((p) => (0, util_1.alwaysValidSchema)(it, schema[p]));
        if (patterns.length === 0 || alwaysValidPatterns.length === patterns.length && (!it.opts.unevaluated || it.props === true)) {
          return;
        }
        const checkProperties = opts.strictSchema && !opts.allowMatchingProperties && parentSchema.properties;
        const valid = gen.name("valid");
        if (it.props !== true && !(it.props instanceof codegen_1.Name)) {
          it.props = (0, util_2.evaluatedPropsToName)(gen, it.props);
        }
        const { props } = it;
        validatePatternProperties();
        function validatePatternProperties() {
          for (const pat of patterns) {
            if (checkProperties)
              checkMatchingProperties(pat);
            if (it.allErrors) {
              validateProperties(pat);
            } else {
              gen.var(valid, true);
              validateProperties(pat);
              gen.if(valid);
            }
          }
        }
        function checkMatchingProperties(pat) {
          for (const prop in checkProperties) {
            if (new RegExp(pat).test(prop)) {
              (0, util_1.checkStrictMode)(it, `property ${prop} matches pattern ${pat} (use allowMatchingProperties)`);
            }
          }
        }
        function validateProperties(pat) {
          gen.forIn("key", data, (key) => {
            gen.if((0, codegen_1._)`${(0, code_1.usePattern)(cxt, pat)}.test(${key})`, () => {
              const alwaysValid = alwaysValidPatterns.includes(pat);
              if (!alwaysValid) {
                cxt.subschema({
                  keyword: "patternProperties",
                  schemaProp: pat,
                  dataProp: key,
                  dataPropType: util_2.Type.Str
                }, valid);
              }
              if (it.opts.unevaluated && props !== true) {
                gen.assign((0, codegen_1._)`${props}[${key}]`, true);
              } else if (!alwaysValid && !it.allErrors) {
                gen.if((0, codegen_1.not)(valid), () => gen.break());
              }
            });
          });
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/not.js
var require_not = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/not.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var util_1 = require_util();
    var def = {
      keyword: "not",
      schemaType: ["object", "boolean"],
      trackErrors: true,
      code(cxt) {
        const { gen, schema, it } = cxt;
        if ((0, util_1.alwaysValidSchema)(it, schema)) {
          cxt.fail();
          return;
        }
        const valid = gen.name("valid");
        cxt.subschema({
          keyword: "not",
          compositeRule: true,
          createErrors: false,
          allErrors: false
        }, valid);
        cxt.failResult(valid, () => cxt.reset(), () => cxt.error());
      },
      error: { message: "must NOT be valid" }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/anyOf.js
var require_anyOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/anyOf.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var code_1 = require_code2();
    var def = {
      keyword: "anyOf",
      schemaType: "array",
      trackErrors: true,
      code: code_1.validateUnion,
      error: { message: "must match a schema in anyOf" }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/oneOf.js
var require_oneOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/oneOf.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: "must match exactly one schema in oneOf",
      params: ({ params }) => (0, codegen_1._)`{passingSchemas: ${params.passing}}`
    };
    var def = {
      keyword: "oneOf",
      schemaType: "array",
      trackErrors: true,
      error,
      code(cxt) {
        const { gen, schema, parentSchema, it } = cxt;
        if (!Array.isArray(schema))
          throw new Error("ajv implementation error");
        if (it.opts.discriminator && parentSchema.discriminator)
          return;
        const schArr = schema;
        const valid = gen.let("valid", false);
        const passing = gen.let("passing", null);
        const schValid = gen.name("_valid");
        cxt.setParams({ passing });
        gen.block(validateOneOf);
        cxt.result(valid, () => cxt.reset(), () => cxt.error(true));
        function validateOneOf() {
          schArr.forEach((sch, i) => {
            let schCxt;
            if ((0, util_1.alwaysValidSchema)(it, sch)) {
              gen.var(schValid, true);
            } else {
              schCxt = cxt.subschema({
                keyword: "oneOf",
                schemaProp: i,
                compositeRule: true
              }, schValid);
            }
            if (i > 0) {
              gen.if((0, codegen_1._)`${schValid} && ${valid}`).assign(valid, false).assign(passing, (0, codegen_1._)`[${passing}, ${i}]`).else();
            }
            gen.if(schValid, () => {
              gen.assign(valid, true);
              gen.assign(passing, i);
              if (schCxt)
                cxt.mergeEvaluated(schCxt, codegen_1.Name);
            });
          });
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/allOf.js
var require_allOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/allOf.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var util_1 = require_util();
    var def = {
      keyword: "allOf",
      schemaType: "array",
      code(cxt) {
        const { gen, schema, it } = cxt;
        if (!Array.isArray(schema))
          throw new Error("ajv implementation error");
        const valid = gen.name("valid");
        schema.forEach((sch, i) => {
          if ((0, util_1.alwaysValidSchema)(it, sch))
            return;
          const schCxt = cxt.subschema({ keyword: "allOf", schemaProp: i }, valid);
          cxt.ok(valid);
          cxt.mergeEvaluated(schCxt);
        });
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/if.js
var require_if = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/if.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: ({ params }) => (0, codegen_1.str)`must match "${params.ifClause}" schema`,
      params: ({ params }) => (0, codegen_1._)`{failingKeyword: ${params.ifClause}}`
    };
    var def = {
      keyword: "if",
      schemaType: ["object", "boolean"],
      trackErrors: true,
      error,
      code(cxt) {
        const { gen, parentSchema, it } = cxt;
        if (parentSchema.then === void 0 && parentSchema.else === void 0) {
          (0, util_1.checkStrictMode)(it, '"if" without "then" and "else" is ignored');
        }
        const hasThen = hasSchema(it, "then");
        const hasElse = hasSchema(it, "else");
        if (!hasThen && !hasElse)
          return;
        const valid = gen.let("valid", true);
        const schValid = gen.name("_valid");
        validateIf();
        cxt.reset();
        if (hasThen && hasElse) {
          const ifClause = gen.let("ifClause");
          cxt.setParams({ ifClause });
          gen.if(schValid, validateClause("then", ifClause), validateClause("else", ifClause));
        } else if (hasThen) {
          gen.if(schValid, validateClause("then"));
        } else {
          gen.if((0, codegen_1.not)(schValid), validateClause("else"));
        }
        cxt.pass(valid, () => cxt.error(true));
        function validateIf() {
          const schCxt = cxt.subschema({
            keyword: "if",
            compositeRule: true,
            createErrors: false,
            allErrors: false
          }, schValid);
          cxt.mergeEvaluated(schCxt);
        }
        function validateClause(keyword, ifClause) {
          return () => {
            const schCxt = cxt.subschema({ keyword }, schValid);
            gen.assign(valid, schValid);
            cxt.mergeValidEvaluated(schCxt, valid);
            if (ifClause)
              gen.assign(ifClause, (0, codegen_1._)`${keyword}`);
            else
              cxt.setParams({ ifClause: keyword });
          };
        }
      }
    };
    function hasSchema(it, keyword) {
      const schema = it.schema[keyword];
      return schema !== void 0 && !(0, util_1.alwaysValidSchema)(it, schema);
    }
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/thenElse.js
var require_thenElse = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/thenElse.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var util_1 = require_util();
    var def = {
      keyword: ["then", "else"],
      schemaType: ["object", "boolean"],
      code({ keyword, parentSchema, it }) {
        if (parentSchema.if === void 0)
          (0, util_1.checkStrictMode)(it, `"${keyword}" without "if" is ignored`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/index.js
var require_applicator = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var additionalItems_1 = require_additionalItems();
    var prefixItems_1 = require_prefixItems();
    var items_1 = require_items();
    var items2020_1 = require_items2020();
    var contains_1 = require_contains();
    var dependencies_1 = require_dependencies();
    var propertyNames_1 = require_propertyNames();
    var additionalProperties_1 = require_additionalProperties();
    var properties_1 = require_properties();
    var patternProperties_1 = require_patternProperties();
    var not_1 = require_not();
    var anyOf_1 = require_anyOf();
    var oneOf_1 = require_oneOf();
    var allOf_1 = require_allOf();
    var if_1 = require_if();
    var thenElse_1 = require_thenElse();
    function getApplicator(draft2020 = false) {
      const applicator = [
        // any
        not_1.default,
        anyOf_1.default,
        oneOf_1.default,
        allOf_1.default,
        if_1.default,
        thenElse_1.default,
        // object
        propertyNames_1.default,
        additionalProperties_1.default,
        dependencies_1.default,
        properties_1.default,
        patternProperties_1.default
      ];
      if (draft2020)
        applicator.push(prefixItems_1.default, items2020_1.default);
      else
        applicator.push(additionalItems_1.default, items_1.default);
      applicator.push(contains_1.default);
      return applicator;
    }
    exports.default = getApplicator;
  }
});

// node_modules/ajv/dist/vocabularies/format/format.js
var require_format = __commonJS({
  "node_modules/ajv/dist/vocabularies/format/format.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error = {
      message: ({ schemaCode }) => (0, codegen_1.str)`must match format "${schemaCode}"`,
      params: ({ schemaCode }) => (0, codegen_1._)`{format: ${schemaCode}}`
    };
    var def = {
      keyword: "format",
      type: ["number", "string"],
      schemaType: "string",
      $data: true,
      error,
      code(cxt, ruleType) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        const { opts, errSchemaPath, schemaEnv, self } = it;
        if (!opts.validateFormats)
          return;
        if ($data)
          validate$DataFormat();
        else
          validateFormat();
        function validate$DataFormat() {
          const fmts = gen.scopeValue("formats", {
            ref: self.formats,
            code: opts.code.formats
          });
          const fDef = gen.const("fDef", (0, codegen_1._)`${fmts}[${schemaCode}]`);
          const fType = gen.let("fType");
          const format = gen.let("format");
          gen.if((0, codegen_1._)`typeof ${fDef} == "object" && !(${fDef} instanceof RegExp)`, () => gen.assign(fType, (0, codegen_1._)`${fDef}.type || "string"`).assign(format, (0, codegen_1._)`${fDef}.validate`), () => gen.assign(fType, (0, codegen_1._)`"string"`).assign(format, fDef));
          cxt.fail$data((0, codegen_1.or)(unknownFmt(), invalidFmt()));
          function unknownFmt() {
            if (opts.strictSchema === false)
              return codegen_1.nil;
            return (0, codegen_1._)`${schemaCode} && !${format}`;
          }
          function invalidFmt() {
            const callFormat = schemaEnv.$async ? (0, codegen_1._)`(${fDef}.async ? await ${format}(${data}) : ${format}(${data}))` : (0, codegen_1._)`${format}(${data})`;
            const validData = (0, codegen_1._)`(typeof ${format} == "function" ? ${callFormat} : ${format}.test(${data}))`;
            return (0, codegen_1._)`${format} && ${format} !== true && ${fType} === ${ruleType} && !${validData}`;
          }
        }
        function validateFormat() {
          const formatDef = self.formats[schema];
          if (!formatDef) {
            unknownFormat();
            return;
          }
          if (formatDef === true)
            return;
          const [fmtType, format, fmtRef] = getFormat(formatDef);
          if (fmtType === ruleType)
            cxt.pass(validCondition());
          function unknownFormat() {
            if (opts.strictSchema === false) {
              self.logger.warn(unknownMsg());
              return;
            }
            throw new Error(unknownMsg());
            function unknownMsg() {
              return `unknown format "${schema}" ignored in schema at path "${errSchemaPath}"`;
            }
          }
          function getFormat(fmtDef) {
            const code = fmtDef instanceof RegExp ? (0, codegen_1.regexpCode)(fmtDef) : opts.code.formats ? (0, codegen_1._)`${opts.code.formats}${(0, codegen_1.getProperty)(schema)}` : void 0;
            const fmt = gen.scopeValue("formats", { key: schema, ref: fmtDef, code });
            if (typeof fmtDef == "object" && !(fmtDef instanceof RegExp)) {
              return [fmtDef.type || "string", fmtDef.validate, (0, codegen_1._)`${fmt}.validate`];
            }
            return ["string", fmtDef, fmt];
          }
          function validCondition() {
            if (typeof formatDef == "object" && !(formatDef instanceof RegExp) && formatDef.async) {
              if (!schemaEnv.$async)
                throw new Error("async format in sync schema");
              return (0, codegen_1._)`await ${fmtRef}(${data})`;
            }
            return typeof format == "function" ? (0, codegen_1._)`${fmtRef}(${data})` : (0, codegen_1._)`${fmtRef}.test(${data})`;
          }
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/format/index.js
var require_format2 = __commonJS({
  "node_modules/ajv/dist/vocabularies/format/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var format_1 = require_format();
    var format = [format_1.default];
    exports.default = format;
  }
});

// node_modules/ajv/dist/vocabularies/metadata.js
var require_metadata = __commonJS({
  "node_modules/ajv/dist/vocabularies/metadata.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.contentVocabulary = exports.metadataVocabulary = void 0;
    exports.metadataVocabulary = [
      "title",
      "description",
      "default",
      "deprecated",
      "readOnly",
      "writeOnly",
      "examples"
    ];
    exports.contentVocabulary = [
      "contentMediaType",
      "contentEncoding",
      "contentSchema"
    ];
  }
});

// node_modules/ajv/dist/vocabularies/draft7.js
var require_draft7 = __commonJS({
  "node_modules/ajv/dist/vocabularies/draft7.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var core_1 = require_core2();
    var validation_1 = require_validation();
    var applicator_1 = require_applicator();
    var format_1 = require_format2();
    var metadata_1 = require_metadata();
    var draft7Vocabularies = [
      core_1.default,
      validation_1.default,
      (0, applicator_1.default)(),
      format_1.default,
      metadata_1.metadataVocabulary,
      metadata_1.contentVocabulary
    ];
    exports.default = draft7Vocabularies;
  }
});

// node_modules/ajv/dist/vocabularies/discriminator/types.js
var require_types = __commonJS({
  "node_modules/ajv/dist/vocabularies/discriminator/types.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.DiscrError = void 0;
    var DiscrError;
    (function(DiscrError2) {
      DiscrError2["Tag"] = "tag";
      DiscrError2["Mapping"] = "mapping";
    })(DiscrError || (exports.DiscrError = DiscrError = {}));
  }
});

// node_modules/ajv/dist/vocabularies/discriminator/index.js
var require_discriminator = __commonJS({
  "node_modules/ajv/dist/vocabularies/discriminator/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var types_1 = require_types();
    var compile_1 = require_compile();
    var ref_error_1 = require_ref_error();
    var util_1 = require_util();
    var error = {
      message: ({ params: { discrError, tagName } }) => discrError === types_1.DiscrError.Tag ? `tag "${tagName}" must be string` : `value of tag "${tagName}" must be in oneOf`,
      params: ({ params: { discrError, tag, tagName } }) => (0, codegen_1._)`{error: ${discrError}, tag: ${tagName}, tagValue: ${tag}}`
    };
    var def = {
      keyword: "discriminator",
      type: "object",
      schemaType: "object",
      error,
      code(cxt) {
        const { gen, data, schema, parentSchema, it } = cxt;
        const { oneOf } = parentSchema;
        if (!it.opts.discriminator) {
          throw new Error("discriminator: requires discriminator option");
        }
        const tagName = schema.propertyName;
        if (typeof tagName != "string")
          throw new Error("discriminator: requires propertyName");
        if (schema.mapping)
          throw new Error("discriminator: mapping is not supported");
        if (!oneOf)
          throw new Error("discriminator: requires oneOf keyword");
        const valid = gen.let("valid", false);
        const tag = gen.const("tag", (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(tagName)}`);
        gen.if((0, codegen_1._)`typeof ${tag} == "string"`, () => validateMapping(), () => cxt.error(false, { discrError: types_1.DiscrError.Tag, tag, tagName }));
        cxt.ok(valid);
        function validateMapping() {
          const mapping = getMapping();
          gen.if(false);
          for (const tagValue in mapping) {
            gen.elseIf((0, codegen_1._)`${tag} === ${tagValue}`);
            gen.assign(valid, applyTagSchema(mapping[tagValue]));
          }
          gen.else();
          cxt.error(false, { discrError: types_1.DiscrError.Mapping, tag, tagName });
          gen.endIf();
        }
        function applyTagSchema(schemaProp) {
          const _valid = gen.name("valid");
          const schCxt = cxt.subschema({ keyword: "oneOf", schemaProp }, _valid);
          cxt.mergeEvaluated(schCxt, codegen_1.Name);
          return _valid;
        }
        function getMapping() {
          var _a;
          const oneOfMapping = {};
          const topRequired = hasRequired(parentSchema);
          let tagRequired = true;
          for (let i = 0; i < oneOf.length; i++) {
            let sch = oneOf[i];
            if ((sch === null || sch === void 0 ? void 0 : sch.$ref) && !(0, util_1.schemaHasRulesButRef)(sch, it.self.RULES)) {
              const ref = sch.$ref;
              sch = compile_1.resolveRef.call(it.self, it.schemaEnv.root, it.baseId, ref);
              if (sch instanceof compile_1.SchemaEnv)
                sch = sch.schema;
              if (sch === void 0)
                throw new ref_error_1.default(it.opts.uriResolver, it.baseId, ref);
            }
            const propSch = (_a = sch === null || sch === void 0 ? void 0 : sch.properties) === null || _a === void 0 ? void 0 : _a[tagName];
            if (typeof propSch != "object") {
              throw new Error(`discriminator: oneOf subschemas (or referenced schemas) must have "properties/${tagName}"`);
            }
            tagRequired = tagRequired && (topRequired || hasRequired(sch));
            addMappings(propSch, i);
          }
          if (!tagRequired)
            throw new Error(`discriminator: "${tagName}" must be required`);
          return oneOfMapping;
          function hasRequired({ required }) {
            return Array.isArray(required) && required.includes(tagName);
          }
          function addMappings(sch, i) {
            if (sch.const) {
              addMapping(sch.const, i);
            } else if (sch.enum) {
              for (const tagValue of sch.enum) {
                addMapping(tagValue, i);
              }
            } else {
              throw new Error(`discriminator: "properties/${tagName}" must have "const" or "enum"`);
            }
          }
          function addMapping(tagValue, i) {
            if (typeof tagValue != "string" || tagValue in oneOfMapping) {
              throw new Error(`discriminator: "${tagName}" values must be unique strings`);
            }
            oneOfMapping[tagValue] = i;
          }
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/refs/json-schema-draft-07.json
var require_json_schema_draft_07 = __commonJS({
  "node_modules/ajv/dist/refs/json-schema-draft-07.json"(exports, module) {
    module.exports = {
      $schema: "http://json-schema.org/draft-07/schema#",
      $id: "http://json-schema.org/draft-07/schema#",
      title: "Core schema meta-schema",
      definitions: {
        schemaArray: {
          type: "array",
          minItems: 1,
          items: { $ref: "#" }
        },
        nonNegativeInteger: {
          type: "integer",
          minimum: 0
        },
        nonNegativeIntegerDefault0: {
          allOf: [{ $ref: "#/definitions/nonNegativeInteger" }, { default: 0 }]
        },
        simpleTypes: {
          enum: ["array", "boolean", "integer", "null", "number", "object", "string"]
        },
        stringArray: {
          type: "array",
          items: { type: "string" },
          uniqueItems: true,
          default: []
        }
      },
      type: ["object", "boolean"],
      properties: {
        $id: {
          type: "string",
          format: "uri-reference"
        },
        $schema: {
          type: "string",
          format: "uri"
        },
        $ref: {
          type: "string",
          format: "uri-reference"
        },
        $comment: {
          type: "string"
        },
        title: {
          type: "string"
        },
        description: {
          type: "string"
        },
        default: true,
        readOnly: {
          type: "boolean",
          default: false
        },
        examples: {
          type: "array",
          items: true
        },
        multipleOf: {
          type: "number",
          exclusiveMinimum: 0
        },
        maximum: {
          type: "number"
        },
        exclusiveMaximum: {
          type: "number"
        },
        minimum: {
          type: "number"
        },
        exclusiveMinimum: {
          type: "number"
        },
        maxLength: { $ref: "#/definitions/nonNegativeInteger" },
        minLength: { $ref: "#/definitions/nonNegativeIntegerDefault0" },
        pattern: {
          type: "string",
          format: "regex"
        },
        additionalItems: { $ref: "#" },
        items: {
          anyOf: [{ $ref: "#" }, { $ref: "#/definitions/schemaArray" }],
          default: true
        },
        maxItems: { $ref: "#/definitions/nonNegativeInteger" },
        minItems: { $ref: "#/definitions/nonNegativeIntegerDefault0" },
        uniqueItems: {
          type: "boolean",
          default: false
        },
        contains: { $ref: "#" },
        maxProperties: { $ref: "#/definitions/nonNegativeInteger" },
        minProperties: { $ref: "#/definitions/nonNegativeIntegerDefault0" },
        required: { $ref: "#/definitions/stringArray" },
        additionalProperties: { $ref: "#" },
        definitions: {
          type: "object",
          additionalProperties: { $ref: "#" },
          default: {}
        },
        properties: {
          type: "object",
          additionalProperties: { $ref: "#" },
          default: {}
        },
        patternProperties: {
          type: "object",
          additionalProperties: { $ref: "#" },
          propertyNames: { format: "regex" },
          default: {}
        },
        dependencies: {
          type: "object",
          additionalProperties: {
            anyOf: [{ $ref: "#" }, { $ref: "#/definitions/stringArray" }]
          }
        },
        propertyNames: { $ref: "#" },
        const: true,
        enum: {
          type: "array",
          items: true,
          minItems: 1,
          uniqueItems: true
        },
        type: {
          anyOf: [
            { $ref: "#/definitions/simpleTypes" },
            {
              type: "array",
              items: { $ref: "#/definitions/simpleTypes" },
              minItems: 1,
              uniqueItems: true
            }
          ]
        },
        format: { type: "string" },
        contentMediaType: { type: "string" },
        contentEncoding: { type: "string" },
        if: { $ref: "#" },
        then: { $ref: "#" },
        else: { $ref: "#" },
        allOf: { $ref: "#/definitions/schemaArray" },
        anyOf: { $ref: "#/definitions/schemaArray" },
        oneOf: { $ref: "#/definitions/schemaArray" },
        not: { $ref: "#" }
      },
      default: true
    };
  }
});

// node_modules/ajv/dist/ajv.js
var require_ajv = __commonJS({
  "node_modules/ajv/dist/ajv.js"(exports, module) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.MissingRefError = exports.ValidationError = exports.CodeGen = exports.Name = exports.nil = exports.stringify = exports.str = exports._ = exports.KeywordCxt = exports.Ajv = void 0;
    var core_1 = require_core();
    var draft7_1 = require_draft7();
    var discriminator_1 = require_discriminator();
    var draft7MetaSchema = require_json_schema_draft_07();
    var META_SUPPORT_DATA = ["/properties"];
    var META_SCHEMA_ID = "http://json-schema.org/draft-07/schema";
    var Ajv2 = class extends core_1.default {
      _addVocabularies() {
        super._addVocabularies();
        draft7_1.default.forEach((v) => this.addVocabulary(v));
        if (this.opts.discriminator)
          this.addKeyword(discriminator_1.default);
      }
      _addDefaultMetaSchema() {
        super._addDefaultMetaSchema();
        if (!this.opts.meta)
          return;
        const metaSchema = this.opts.$data ? this.$dataMetaSchema(draft7MetaSchema, META_SUPPORT_DATA) : draft7MetaSchema;
        this.addMetaSchema(metaSchema, META_SCHEMA_ID, false);
        this.refs["http://json-schema.org/schema"] = META_SCHEMA_ID;
      }
      defaultMeta() {
        return this.opts.defaultMeta = super.defaultMeta() || (this.getSchema(META_SCHEMA_ID) ? META_SCHEMA_ID : void 0);
      }
    };
    exports.Ajv = Ajv2;
    module.exports = exports = Ajv2;
    module.exports.Ajv = Ajv2;
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.default = Ajv2;
    var validate_1 = require_validate();
    Object.defineProperty(exports, "KeywordCxt", { enumerable: true, get: function() {
      return validate_1.KeywordCxt;
    } });
    var codegen_1 = require_codegen();
    Object.defineProperty(exports, "_", { enumerable: true, get: function() {
      return codegen_1._;
    } });
    Object.defineProperty(exports, "str", { enumerable: true, get: function() {
      return codegen_1.str;
    } });
    Object.defineProperty(exports, "stringify", { enumerable: true, get: function() {
      return codegen_1.stringify;
    } });
    Object.defineProperty(exports, "nil", { enumerable: true, get: function() {
      return codegen_1.nil;
    } });
    Object.defineProperty(exports, "Name", { enumerable: true, get: function() {
      return codegen_1.Name;
    } });
    Object.defineProperty(exports, "CodeGen", { enumerable: true, get: function() {
      return codegen_1.CodeGen;
    } });
    var validation_error_1 = require_validation_error();
    Object.defineProperty(exports, "ValidationError", { enumerable: true, get: function() {
      return validation_error_1.default;
    } });
    var ref_error_1 = require_ref_error();
    Object.defineProperty(exports, "MissingRefError", { enumerable: true, get: function() {
      return ref_error_1.default;
    } });
  }
});

// node_modules/ajv-draft-04/dist/vocabulary/core.js
var require_core3 = __commonJS({
  "node_modules/ajv-draft-04/dist/vocabulary/core.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var ref_1 = require_ref();
    var core = [
      "$schema",
      "id",
      "$defs",
      { keyword: "$comment" },
      "definitions",
      ref_1.default
    ];
    exports.default = core;
  }
});

// node_modules/ajv-draft-04/dist/vocabulary/validation/limitNumber.js
var require_limitNumber2 = __commonJS({
  "node_modules/ajv-draft-04/dist/vocabulary/validation/limitNumber.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var core_1 = require_core();
    var codegen_1 = require_codegen();
    var ops = codegen_1.operators;
    var KWDs = {
      maximum: {
        exclusive: "exclusiveMaximum",
        ops: [
          { okStr: "<=", ok: ops.LTE, fail: ops.GT },
          { okStr: "<", ok: ops.LT, fail: ops.GTE }
        ]
      },
      minimum: {
        exclusive: "exclusiveMinimum",
        ops: [
          { okStr: ">=", ok: ops.GTE, fail: ops.LT },
          { okStr: ">", ok: ops.GT, fail: ops.LTE }
        ]
      }
    };
    var error = {
      message: (cxt) => core_1.str`must be ${kwdOp(cxt).okStr} ${cxt.schemaCode}`,
      params: (cxt) => core_1._`{comparison: ${kwdOp(cxt).okStr}, limit: ${cxt.schemaCode}}`
    };
    var def = {
      keyword: Object.keys(KWDs),
      type: "number",
      schemaType: "number",
      $data: true,
      error,
      code(cxt) {
        const { data, schemaCode } = cxt;
        cxt.fail$data(core_1._`${data} ${kwdOp(cxt).fail} ${schemaCode} || isNaN(${data})`);
      }
    };
    function kwdOp(cxt) {
      var _a;
      const keyword = cxt.keyword;
      const opsIdx = ((_a = cxt.parentSchema) === null || _a === void 0 ? void 0 : _a[KWDs[keyword].exclusive]) ? 1 : 0;
      return KWDs[keyword].ops[opsIdx];
    }
    exports.default = def;
  }
});

// node_modules/ajv-draft-04/dist/vocabulary/validation/limitNumberExclusive.js
var require_limitNumberExclusive = __commonJS({
  "node_modules/ajv-draft-04/dist/vocabulary/validation/limitNumberExclusive.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var KWDs = {
      exclusiveMaximum: "maximum",
      exclusiveMinimum: "minimum"
    };
    var def = {
      keyword: Object.keys(KWDs),
      type: "number",
      schemaType: "boolean",
      code({ keyword, parentSchema }) {
        const limitKwd = KWDs[keyword];
        if (parentSchema[limitKwd] === void 0) {
          throw new Error(`${keyword} can only be used with ${limitKwd}`);
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv-draft-04/dist/vocabulary/validation/index.js
var require_validation2 = __commonJS({
  "node_modules/ajv-draft-04/dist/vocabulary/validation/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var limitNumber_1 = require_limitNumber2();
    var limitNumberExclusive_1 = require_limitNumberExclusive();
    var multipleOf_1 = require_multipleOf();
    var limitLength_1 = require_limitLength();
    var pattern_1 = require_pattern();
    var limitProperties_1 = require_limitProperties();
    var required_1 = require_required();
    var limitItems_1 = require_limitItems();
    var uniqueItems_1 = require_uniqueItems();
    var const_1 = require_const();
    var enum_1 = require_enum();
    var validation = [
      // number
      limitNumber_1.default,
      limitNumberExclusive_1.default,
      multipleOf_1.default,
      // string
      limitLength_1.default,
      pattern_1.default,
      // object
      limitProperties_1.default,
      required_1.default,
      // array
      limitItems_1.default,
      uniqueItems_1.default,
      // any
      { keyword: "type", schemaType: ["string", "array"] },
      { keyword: "nullable", schemaType: "boolean" },
      const_1.default,
      enum_1.default
    ];
    exports.default = validation;
  }
});

// node_modules/ajv-draft-04/dist/vocabulary/draft4.js
var require_draft4 = __commonJS({
  "node_modules/ajv-draft-04/dist/vocabulary/draft4.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var core_1 = require_core3();
    var validation_1 = require_validation2();
    var applicator_1 = require_applicator();
    var format_1 = require_format2();
    var metadataVocabulary = ["title", "description", "default"];
    var draft4Vocabularies = [
      core_1.default,
      validation_1.default,
      applicator_1.default(),
      format_1.default,
      metadataVocabulary
    ];
    exports.default = draft4Vocabularies;
  }
});

// node_modules/ajv-draft-04/dist/refs/json-schema-draft-04.json
var require_json_schema_draft_04 = __commonJS({
  "node_modules/ajv-draft-04/dist/refs/json-schema-draft-04.json"(exports, module) {
    module.exports = {
      id: "http://json-schema.org/draft-04/schema#",
      $schema: "http://json-schema.org/draft-04/schema#",
      description: "Core schema meta-schema",
      definitions: {
        schemaArray: {
          type: "array",
          minItems: 1,
          items: { $ref: "#" }
        },
        positiveInteger: {
          type: "integer",
          minimum: 0
        },
        positiveIntegerDefault0: {
          allOf: [{ $ref: "#/definitions/positiveInteger" }, { default: 0 }]
        },
        simpleTypes: {
          enum: ["array", "boolean", "integer", "null", "number", "object", "string"]
        },
        stringArray: {
          type: "array",
          items: { type: "string" },
          minItems: 1,
          uniqueItems: true
        }
      },
      type: "object",
      properties: {
        id: {
          type: "string",
          format: "uri"
        },
        $schema: {
          type: "string",
          format: "uri"
        },
        title: {
          type: "string"
        },
        description: {
          type: "string"
        },
        default: {},
        multipleOf: {
          type: "number",
          minimum: 0,
          exclusiveMinimum: true
        },
        maximum: {
          type: "number"
        },
        exclusiveMaximum: {
          type: "boolean",
          default: false
        },
        minimum: {
          type: "number"
        },
        exclusiveMinimum: {
          type: "boolean",
          default: false
        },
        maxLength: { $ref: "#/definitions/positiveInteger" },
        minLength: { $ref: "#/definitions/positiveIntegerDefault0" },
        pattern: {
          type: "string",
          format: "regex"
        },
        additionalItems: {
          anyOf: [{ type: "boolean" }, { $ref: "#" }],
          default: {}
        },
        items: {
          anyOf: [{ $ref: "#" }, { $ref: "#/definitions/schemaArray" }],
          default: {}
        },
        maxItems: { $ref: "#/definitions/positiveInteger" },
        minItems: { $ref: "#/definitions/positiveIntegerDefault0" },
        uniqueItems: {
          type: "boolean",
          default: false
        },
        maxProperties: { $ref: "#/definitions/positiveInteger" },
        minProperties: { $ref: "#/definitions/positiveIntegerDefault0" },
        required: { $ref: "#/definitions/stringArray" },
        additionalProperties: {
          anyOf: [{ type: "boolean" }, { $ref: "#" }],
          default: {}
        },
        definitions: {
          type: "object",
          additionalProperties: { $ref: "#" },
          default: {}
        },
        properties: {
          type: "object",
          additionalProperties: { $ref: "#" },
          default: {}
        },
        patternProperties: {
          type: "object",
          additionalProperties: { $ref: "#" },
          default: {}
        },
        dependencies: {
          type: "object",
          additionalProperties: {
            anyOf: [{ $ref: "#" }, { $ref: "#/definitions/stringArray" }]
          }
        },
        enum: {
          type: "array",
          minItems: 1,
          uniqueItems: true
        },
        type: {
          anyOf: [
            { $ref: "#/definitions/simpleTypes" },
            {
              type: "array",
              items: { $ref: "#/definitions/simpleTypes" },
              minItems: 1,
              uniqueItems: true
            }
          ]
        },
        allOf: { $ref: "#/definitions/schemaArray" },
        anyOf: { $ref: "#/definitions/schemaArray" },
        oneOf: { $ref: "#/definitions/schemaArray" },
        not: { $ref: "#" }
      },
      dependencies: {
        exclusiveMaximum: ["maximum"],
        exclusiveMinimum: ["minimum"]
      },
      default: {}
    };
  }
});

// node_modules/ajv-draft-04/dist/index.js
var require_dist2 = __commonJS({
  "node_modules/ajv-draft-04/dist/index.js"(exports, module) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CodeGen = exports.Name = exports.nil = exports.stringify = exports.str = exports._ = exports.KeywordCxt = void 0;
    var core_1 = require_core();
    var draft4_1 = require_draft4();
    var discriminator_1 = require_discriminator();
    var draft4MetaSchema = require_json_schema_draft_04();
    var META_SUPPORT_DATA = ["/properties"];
    var META_SCHEMA_ID = "http://json-schema.org/draft-04/schema";
    var Ajv2 = class extends core_1.default {
      constructor(opts = {}) {
        super({
          ...opts,
          schemaId: "id"
        });
      }
      _addVocabularies() {
        super._addVocabularies();
        draft4_1.default.forEach((v) => this.addVocabulary(v));
        if (this.opts.discriminator)
          this.addKeyword(discriminator_1.default);
      }
      _addDefaultMetaSchema() {
        super._addDefaultMetaSchema();
        if (!this.opts.meta)
          return;
        const metaSchema = this.opts.$data ? this.$dataMetaSchema(draft4MetaSchema, META_SUPPORT_DATA) : draft4MetaSchema;
        this.addMetaSchema(metaSchema, META_SCHEMA_ID, false);
        this.refs["http://json-schema.org/schema"] = META_SCHEMA_ID;
      }
      defaultMeta() {
        return this.opts.defaultMeta = super.defaultMeta() || (this.getSchema(META_SCHEMA_ID) ? META_SCHEMA_ID : void 0);
      }
    };
    module.exports = exports = Ajv2;
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.default = Ajv2;
    var core_2 = require_core();
    Object.defineProperty(exports, "KeywordCxt", { enumerable: true, get: function() {
      return core_2.KeywordCxt;
    } });
    var core_3 = require_core();
    Object.defineProperty(exports, "_", { enumerable: true, get: function() {
      return core_3._;
    } });
    Object.defineProperty(exports, "str", { enumerable: true, get: function() {
      return core_3.str;
    } });
    Object.defineProperty(exports, "stringify", { enumerable: true, get: function() {
      return core_3.stringify;
    } });
    Object.defineProperty(exports, "nil", { enumerable: true, get: function() {
      return core_3.nil;
    } });
    Object.defineProperty(exports, "Name", { enumerable: true, get: function() {
      return core_3.Name;
    } });
    Object.defineProperty(exports, "CodeGen", { enumerable: true, get: function() {
      return core_3.CodeGen;
    } });
  }
});

// packages/core/src/config/schema-compile.ts
var import_ajv = __toESM(require_ajv(), 1);
var import_ajv_draft_04 = __toESM(require_dist2(), 1);

// packages/core/src/config/schema-formats.ts
var HOSTNAME_LABEL = "([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]{0,61}[a-zA-Z0-9])";
var HOSTNAME = new RegExp(`^${HOSTNAME_LABEL}(\\.${HOSTNAME_LABEL})*$`);
var UUID = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/i;
var DATE = "\\d{4}-\\d{2}-\\d{2}";
var TIME = "\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?";
var ZONE = "([zZ]|[+-]\\d{2}:\\d{2})";
var DATE_TIME = new RegExp(`^${DATE}[tT]${TIME}${ZONE}$`);
var IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
function isDate(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
function isIpv6(text) {
  if (!text.includes(":")) return false;
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}
function isUri(text) {
  try {
    return new URL(text).protocol !== "";
  } catch {
    return false;
  }
}
function isRegex(text) {
  try {
    new RegExp(text, "u");
    return true;
  } catch {
    return false;
  }
}
var GOJSONSCHEMA_FORMATS = {
  date: isDate,
  "date-time": (text) => DATE_TIME.test(text) && isDate(text.slice(0, 10)),
  time: new RegExp(`^${TIME}${ZONE}?$`),
  email: /^[^@\s<>]+@[^@\s<>]+$/,
  "idn-email": /^[^@\s<>]+@[^@\s<>]+$/,
  hostname: (text) => text.length <= 255 && HOSTNAME.test(text),
  ipv4: IPV4,
  ipv6: isIpv6,
  uri: isUri,
  iri: isUri,
  uuid: UUID,
  regex: isRegex,
  "json-pointer": /^(\/([^~/]|~[01])*)*$/
};

// packages/core/src/config/schema-compile.ts
var OPTIONS = {
  allErrors: true,
  // gojsonschema ignores unknown keywords and formats instead of rejecting the schema.
  strict: false,
  logger: false,
  formats: GOJSONSCHEMA_FORMATS,
  // gojsonschema divides exactly (big.Rat); this keeps 0.3 a multiple of 0.1 in floating point.
  multipleOfPrecision: 12
};
var draft07;
var draft04;
var cache = /* @__PURE__ */ new Map();
function compileSchema(text) {
  let compiled = cache.get(text);
  if (!compiled) cache.set(text, compiled = compileUncached(text));
  return compiled;
}
function compileUncached(text) {
  const scanned = scanGoJson(text);
  if ("error" in scanned) return { error: scanned.error };
  const document = JSON.parse(text.slice(0, scanned.end));
  if (typeof document !== "boolean" && !isObject(document)) {
    return { error: "Expected: valid schema, given: Invalid JSON" };
  }
  const useDraft04 = isObject(document) && prefersDraft04(document);
  const schema = isObject(document) ? inlineRefs(document, document, []) : document;
  if (isObject(schema)) delete schema.$schema;
  try {
    const ajv = useDraft04 ? draft04 ??= newDraft04() : draft07 ??= new import_ajv.Ajv(OPTIONS);
    return { validate: ajv.compile(schema), schema };
  } catch (error) {
    return {
      error: `invalid JSON schema: ${error instanceof Error ? error.message : String(error)}`
    };
  }
}
function newDraft04() {
  const Draft04 = import_ajv_draft_04.default.default ?? import_ajv_draft_04.default;
  return new Draft04(OPTIONS);
}
function prefersDraft04(schema) {
  const declared = schema.$schema;
  if (typeof declared === "string") return declared.includes("draft-04");
  return /"exclusive(Maximum|Minimum)"\s*:\s*(true|false)/.test(JSON.stringify(schema));
}
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
var DATA_KEYWORDS = /* @__PURE__ */ new Set(["enum", "const", "default", "examples"]);
function inlineRefs(root, node, active) {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(root, item, active));
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === "string") {
    const target = ref.startsWith("#") ? resolvePointer(root, ref.slice(1)) : void 0;
    if (target === void 0 || active.includes(ref)) return { $ref: ref };
    return inlineRefs(root, target, [...active, ref]);
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      DATA_KEYWORDS.has(key) ? value : inlineRefs(root, value, active)
    ])
  );
}
function resolvePointer(root, pointer) {
  let node = root;
  let decoded2;
  try {
    decoded2 = decodeURIComponent(pointer);
  } catch {
    return void 0;
  }
  if (decoded2 === "") return root;
  if (!decoded2.startsWith("/")) return void 0;
  for (const raw2 of decoded2.slice(1).split("/")) {
    const segment = raw2.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return void 0;
  }
  return node;
}

// packages/core/src/config/schema-messages.ts
function isObject2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function describeError(p) {
  const params = p.error.params;
  if (p.error.keyword === "uniqueItems") return uniqueItemErrors(p);
  const description = goDescription(p.error.keyword, params, p);
  return description === void 0 ? [] : [{ field: p.field, description, key: p.key }];
}
function uniqueItemErrors(p) {
  const items = Array.isArray(p.value) ? p.value : [];
  const seen = /* @__PURE__ */ new Map();
  const errors = [];
  items.forEach((item, j) => {
    const text = goJsonMarshal(item);
    const i = seen.get(text);
    if (i !== void 0) {
      errors.push({
        field: p.field,
        description: `array items[${i},${j}] must be unique`,
        key: [...p.key, j]
      });
    }
    seen.set(text, j);
  });
  return errors;
}
function goDescription(keyword, params, p) {
  const node = isObject2(p.node) ? p.node : {};
  const limit = () => formatGoFloat(Number(params.limit));
  const count = () => String(params.limit);
  switch (keyword) {
    case "required":
      return `${String(params.missingProperty)} is required`;
    case "type":
      return `Invalid type. Expected: ${expectedTypes(params.type)}, given: ${jsonType(p.value)}`;
    case "enum":
      return `${p.field} must be one of the following: ${(Array.isArray(node.enum) ? node.enum : []).map(goJsonMarshal).join(", ")}`;
    case "const":
      return `${p.field} does not match: ${goJsonMarshal(node.const ?? null)}`;
    case "maximum":
    case "exclusiveMaximum":
    case "minimum":
    case "exclusiveMinimum":
      return comparisonText(params.comparison, limit());
    case "multipleOf":
      return `Must be a multiple of ${formatGoFloat(Number(params.multipleOf))}`;
    case "minLength":
      return `String length must be greater than or equal to ${count()}`;
    case "maxLength":
      return `String length must be less than or equal to ${count()}`;
    case "pattern":
      return `Does not match pattern '${String(params.pattern)}'`;
    case "format":
      return `Does not match format '${String(params.format)}'`;
    case "minItems":
      return `Array must have at least ${count()} items`;
    case "maxItems":
      return `Array must have at most ${count()} items`;
    case "minProperties":
      return `Must have at least ${count()} properties`;
    case "maxProperties":
      return `Must have at most ${count()} properties`;
    case "additionalProperties":
      return `Additional property ${String(params.additionalProperty)} is not allowed`;
    case "additionalItems":
      return "No additional items allowed on array";
    case "dependencies":
      return `Has a dependency on ${String(params.missingProperty)}`;
    case "propertyNames":
      return `Property name of "${String(params.propertyName)}" does not match`;
    case "anyOf":
      return "Must validate at least one schema (anyOf)";
    case "oneOf":
      return "Must validate one and only one schema (oneOf)";
    case "not":
      return "Must not validate the schema (not)";
    case "contains":
      return "At least one of the items must match";
    case "if":
      return params.failingKeyword === "then" ? 'Must validate "then" as "if" was valid' : 'Must validate "else" as "if" was not valid';
    case "false schema":
      return "False always fails validation";
    default:
      return p.error.message;
  }
}
function comparisonText(comparison, limit) {
  switch (comparison) {
    case "<=":
      return `Must be less than or equal to ${limit}`;
    case "<":
      return `Must be less than ${limit}`;
    case ">=":
      return `Must be greater than or equal to ${limit}`;
    default:
      return `Must be greater than ${limit}`;
  }
}
function expectedTypes(type) {
  const types = Array.isArray(type) ? type.map(String) : String(type).split(",");
  return types.length > 1 ? `[${types.join(",")}]` : types[0] ?? "undefined";
}
function jsonType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

// packages/core/src/config/schema-errors.ts
var LAST = 1e9;
function gojsonschemaLines(errors, schema, data) {
  let placed = errors.map((error) => place(error, schema, data));
  placed = pruneAfterTypeErrors(placed);
  placed = keepClosestBranches(placed);
  const goErrors = placed.flatMap(describeError);
  goErrors.push(...allOfErrors(placed));
  return goErrors.map((error, index2) => ({ error, index: index2 })).sort((a, b) => compareKeys(a.error.key, b.error.key) || a.index - b.index).map(({ error }) => `${error.field}: ${error.description}`);
}
function compareKeys(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}
function isObject3(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function pointerSegments(pointer, uriEncoded) {
  if (pointer === "" || pointer === "#") return [];
  return pointer.replace(/^#?\//, "").split("/").map(
    (s) => (uriEncoded ? decodeURIComponent(s) : s).replaceAll("~1", "/").replaceAll("~0", "~")
  );
}
function keyIndex(value, key) {
  if (!isObject3(value) || typeof key !== "string") return 0;
  return Object.keys(value).sort().indexOf(key);
}
function keysOf(node, keyword) {
  return isObject3(node) && isObject3(node[keyword]) ? Object.keys(node[keyword]) : [];
}
function child(node, segment) {
  if (Array.isArray(node)) return node[Number(segment)] ?? null;
  return isObject3(node) ? node[segment] ?? null : null;
}
var COMBINATORS = { anyOf: 1, oneOf: 2, allOf: 3 };
var CONDITIONAL = { if: 0, then: 1, else: 2 };
function place(error, schema, data) {
  const path = pointerSegments(error.schemaPath, true);
  const instance = pointerSegments(error.instancePath, false);
  let consumed = 0;
  let nodePath = "#";
  const p = {
    error,
    field: instance.length === 0 ? "(root)" : instance.join("."),
    key: [],
    visits: [],
    branches: [],
    node: schema,
    value: data
  };
  const at = () => `${nodePath}|${instance.slice(0, consumed).join("/")}`;
  const consume = () => {
    const segment = instance[consumed++] ?? "";
    p.value = child(p.value, segment);
    return segment;
  };
  p.visits.push(at());
  const terminal = error.keyword === "false schema" ? path.length : path.length - 1;
  for (let i = 0; i < terminal; i++) {
    const start = i;
    const keyword = path[i] ?? "";
    const node = p.node;
    const parentValue = p.value;
    let next = null;
    if (keyword === "properties") {
      const name = path[++i] ?? "";
      p.key.push(30, keysOf(node, keyword).indexOf(name));
      next = child(child(node, keyword), name);
      consume();
    } else if (keyword === "patternProperties") {
      const pattern = path[++i] ?? "";
      const key = consume();
      p.key.push(13, keyIndex(parentValue, key), keysOf(node, keyword).indexOf(pattern));
      next = child(child(node, keyword), pattern);
    } else if (keyword === "additionalProperties" || keyword === "additionalItems") {
      const key = consume();
      p.key.push(keyword === "additionalItems" ? 10 : 13, keyIndex(parentValue, key), LAST);
      next = child(node, keyword);
    } else if (keyword === "items") {
      next = child(node, keyword);
      if (Array.isArray(next)) next = child(next, path[++i] ?? "");
      p.key.push(10, Number(consume()));
    } else if (keyword === "contains") {
      const where = at();
      const index2 = Number(consume());
      p.branches.push({ kind: keyword, at: where, index: index2, key: [...p.key], depth: p.visits.length });
      p.key.push(14, 0, index2);
      next = child(node, keyword);
    } else if (keyword === "propertyNames") {
      p.key.push(14, keyIndex(parentValue, error.propertyName), 1);
      next = child(node, keyword);
      p.value = error.propertyName ?? "";
    } else if (keyword in COMBINATORS) {
      const index2 = Number(path[++i]);
      p.branches.push({ kind: keyword, at: at(), index: index2, key: [...p.key], depth: p.visits.length });
      p.key.push(COMBINATORS[keyword] ?? 0, index2);
      next = child(child(node, keyword), String(index2));
    } else if (keyword in CONDITIONAL) {
      p.key.push(6, CONDITIONAL[keyword] ?? 0);
      next = child(node, keyword);
    } else if (keyword === "dependencies") {
      const property = path[++i] ?? "";
      p.key.push(5, keyIndex(parentValue, property));
      next = child(child(node, keyword), property);
    } else {
      p.key.push(LAST);
    }
    nodePath += `/${path.slice(start, i + 1).join("/")}`;
    p.node = next;
    p.visits.push(at());
  }
  p.key.push(...terminalRank(p));
  return p;
}
function terminalRank(p) {
  const { keyword, params } = p.error;
  const early = {
    type: [0],
    "false schema": [0],
    anyOf: [1, -1],
    oneOf: [2, -1],
    not: [4],
    dependencies: [5, keyIndex(p.value, params.property), 0],
    if: [6, -1],
    const: [20],
    enum: [21]
  };
  if (early[keyword]) return early[keyword];
  const v = p.value;
  if (isObject3(v)) {
    const required = isObject3(p.node) && Array.isArray(p.node.required) ? p.node.required : [];
    const ranks = {
      minProperties: [10],
      maxProperties: [11],
      required: [12, required.indexOf(params.missingProperty)],
      additionalProperties: [13, keyIndex(v, params.additionalProperty), LAST],
      propertyNames: [14, keyIndex(v, params.propertyName), 0]
    };
    return ranks[keyword] ?? [LAST];
  }
  if (Array.isArray(v)) {
    const ranks = {
      additionalItems: [10, LAST],
      minItems: [11],
      maxItems: [12],
      uniqueItems: [13],
      contains: [14, -1]
    };
    return ranks[keyword] ?? [LAST];
  }
  if (typeof v === "number") {
    const comparison = { "<=": 11, "<": 12, ">=": 13, ">": 14 };
    if (keyword === "multipleOf") return [10];
    if (keyword === "format") return [15];
    return [comparison[params.comparison] ?? LAST];
  }
  const stringRanks = {
    minLength: 30,
    maxLength: 31,
    pattern: 32,
    format: 33
  };
  return [stringRanks[keyword] ?? LAST];
}
function pruneAfterTypeErrors(placed) {
  const stops = new Set(
    placed.filter((p) => p.error.keyword === "type" || p.error.keyword === "false schema").map((p) => p.visits[p.visits.length - 1])
  );
  return placed.filter(
    (p) => p.error.keyword === "type" || p.error.keyword === "false schema" || !p.visits.some((visit) => stops.has(visit))
  );
}
function keepClosestBranches(placed) {
  const kinds = /* @__PURE__ */ new Set(["anyOf", "oneOf", "contains"]);
  const combinators = placed.filter((p) => kinds.has(p.error.keyword)).sort((a, b) => b.visits.length - a.visits.length);
  let kept = placed;
  for (const combinator of combinators) {
    const at = combinator.visits[combinator.visits.length - 1];
    const kind = combinator.error.keyword;
    const branchOf = (p) => p.branches.find((b) => b.kind === kind && b.at === at);
    const weights = /* @__PURE__ */ new Map();
    for (const p of kept) {
      const branch = branchOf(p);
      if (!branch) continue;
      const typeAtRoot = p.error.keyword === "type" && p.visits.length - 1 === branch.depth;
      weights.set(branch.index, (weights.get(branch.index) ?? 0) + (typeAtRoot ? LAST : 1));
    }
    const passing = combinator.error.params.passingSchemas;
    let best;
    if (passing === void 0 || passing === null) {
      for (const [index2, weight] of weights) {
        const bestWeight = best === void 0 ? Infinity : weights.get(best) ?? 0;
        if (weight < bestWeight || weight === bestWeight && index2 < (best ?? 0)) best = index2;
      }
    }
    kept = kept.filter((p) => {
      const index2 = branchOf(p)?.index;
      return index2 === void 0 || index2 === best;
    });
  }
  return kept;
}
function allOfErrors(placed) {
  const seen = /* @__PURE__ */ new Map();
  for (const p of placed) {
    for (const branch of p.branches) {
      if (branch.kind !== "allOf" || seen.has(branch.at)) continue;
      const instancePath = branch.at.slice(branch.at.indexOf("|") + 1);
      seen.set(branch.at, {
        field: instancePath === "" ? "(root)" : instancePath.split("/").join("."),
        description: "Must validate all the schemas (allOf)",
        key: [...branch.key, 3, LAST]
      });
    }
  }
  return [...seen.values()];
}

// packages/core/src/config/schema-validation.ts
function checkConfigData(data, schemas) {
  if (schemas.length === 0) return void 0;
  const document = validationDocument(data);
  const failures = [];
  for (const schema of schemas) {
    const text = schemaErrorText(document, schema);
    if (text !== void 0) failures.push({ schema, lines: text.replaceAll(" (root):", "") });
  }
  if (failures.length === 0) return void 0;
  return {
    text: `Config data validation failed: 
 ${failures.map((f) => f.lines).join("\n")}`,
    failures
  };
}
function validationDocument(data) {
  const json2 = /* @__PURE__ */ Object.create(null);
  const keys = [...data.entries.keys()].map(String).sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  for (const key of keys) {
    const value = data.get(key) ?? null;
    try {
      json2[key] = typeof value === "string" ? coerceTopLevel(value) : toJsonValue(value);
    } catch (error) {
      if (error instanceof UnsupportedJsonValue) {
        return { error: `${error.message} (config key '${key}')` };
      }
      throw error;
    }
  }
  return { json: json2 };
}
function coerceTopLevel(value) {
  const integer = goAtoi(value);
  if (integer !== void 0) return Number(integer);
  const float2 = goParseFloat(value);
  return float2 === void 0 ? value : toJsonValue(float2);
}
function schemaErrorText(document, ref) {
  const compiled = compileSchema(ref.text);
  if ("error" in compiled) return `${compiled.error} in ${ref.origin}`;
  if ("error" in document) return document.error;
  if (compiled.validate(document.json)) return void 0;
  const lines = gojsonschemaLines(compiled.validate.errors ?? [], compiled.schema, document.json);
  return lines.map((line) => `- ${line}
`).join("");
}

// packages/core/src/lint/rendered.ts
var import_yaml = __toESM(require_dist(), 1);
var NO_VALUE = "<no value>";
var MAX_YAML_CHECK_CHARS = 1024 * 1024;
var MAX_SHAPE_CHECK_CHARS = 8 * 1024 * 1024;
function yamlShape(text) {
  if (/[\\&*!%]/.test(text)) return void 0;
  return text.replace(/[A-Za-z0-9_][A-Za-z0-9_./-]*/g, "a").replace(/^([^\n"'[\]{}]*\n)\1+/gm, "$1");
}
var ROLES = [
  ["reconciler", "reconciler", "reconciler.yaml"],
  ["namespace", "namespaceService", "namespace.yaml"],
  ["config", "configType", "platform-config.yaml"]
];
function renderedLint(view) {
  const clusterTypes = new Map(view.clusterTypes.map((c) => [c.name, c]));
  const found = /* @__PURE__ */ new Map();
  const foundYaml = /* @__PURE__ */ new Map();
  let added = 0;
  const note = (map, key, template, kind, first2, rank = 0) => {
    const seen = map.get(key);
    if (seen) seen.count++;
    else map.set(key, { first: first2(), count: 1, template, kind, rank });
  };
  let budget = MAX_YAML_CHECK_CHARS;
  let shapeBudget = MAX_SHAPE_CHECK_CHARS;
  const shapes = /* @__PURE__ */ new Map();
  let partial = false;
  const checked = /* @__PURE__ */ new Set();
  return {
    add(pkg) {
      const clusterType = clusterTypes.get(pkg.clusterType);
      if (!clusterType) return;
      added++;
      const where = () => `deployment target '${pkg.target}' on cluster type '${pkg.clusterType}'`;
      for (const [role, field, fileName] of ROLES) {
        const text = pkg[role];
        const template = clusterType[field];
        const file = role === "config" ? pkg.configFileName : fileName;
        const at = text.indexOf(NO_VALUE);
        if (at >= 0) {
          note(
            found,
            `novalue\0${template}\0${role}`,
            template,
            "novalue",
            () => `the ${file} rendered for ${where()}{more} contains '<no value>' at line ${lineAt(text, at)}: the template reads a field or map key that the assignment does not have`
          );
        }
        if (!file.endsWith(".yaml")) continue;
        const key = `yaml\0${template}\0${role}`;
        const firstOutput = !checked.has(key);
        let shape;
        if (!firstOutput) {
          if (partial) continue;
          if (shapeBudget < text.length) {
            partial = true;
            continue;
          }
          shapeBudget -= text.length;
          shape = yamlShape(text);
          const verdict = shape === void 0 ? void 0 : shapes.get(`${key}\0${shape}`);
          if (verdict !== void 0) {
            if (verdict) foundYaml.get(key).count++;
            continue;
          }
          if (budget < text.length) {
            partial = true;
            continue;
          }
        } else {
          checked.add(key);
          shape = yamlShape(text);
        }
        budget -= text.length;
        const error = yamlError(text);
        if (shape !== void 0) shapes.set(`${key}\0${shape}`, error !== void 0);
        if (error !== void 0)
          note(
            foundYaml,
            key,
            template,
            "yaml",
            () => `the ${file} rendered for ${where()}{more} is not valid YAML (${error}), so Flux cannot apply it`,
            firstOutput ? added : Number.MAX_SAFE_INTEGER / 2 + added
          );
      }
    },
    warnings() {
      const warnings = [];
      const yaml = [...foundYaml.values()].sort((a, b) => a.rank - b.rank);
      for (const { first: first2, count, template, kind } of [...found.values(), ...yaml]) {
        const object = view.templates.get(template);
        const atLeast = kind === "yaml" && partial ? "at least " : "";
        const more = count > 1 ? ` (and ${atLeast}${count - 1} more assignment${count > 2 ? "s" : ""})` : "";
        const fix = kind === "novalue" ? "Check the field and key names (e.g. .Manifests.repo, .ConfigData.<key>) or give a default with 'default'." : "Check the indentation (nindent, toYaml) and quoting of the Template.";
        warnings.push({
          ...object ? { file: object.origin.file, line: object.origin.line } : {},
          object: object ? describeObject(object) : `Template '${template}'`,
          message: `${first2.replace("{more}", more)}. ${fix}`
        });
      }
      return warnings;
    }
  };
}
function lineAt(text, offset) {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
function yamlError(text) {
  const docs = (0, import_yaml.parseAllDocuments)(text, { uniqueKeys: false });
  for (const doc of Array.isArray(docs) ? docs : []) {
    const error = doc.errors[0];
    if (error) {
      const line = error.linePos?.[0]?.line;
      return `${line ? `line ${line}: ` : ""}${error.message.split("\n")[0].replace(/\s+at line \d+, column \d+:?$/, "")}`;
    }
  }
  return void 0;
}

// packages/core/src/lint/environment.ts
var MAX_KEYS = 200;
function lintSchedule(view, targets, assignments, options = { environmentBranch: true }) {
  const warnings = [];
  const unreadable = (...kinds) => [...view.unreadable].some((key) => kinds.some((kind) => key.startsWith(`${kind}/`)));
  const targetsKnown = !unreadable("Workload", "WorkloadRegistration");
  const typesKnown = !unreadable("ClusterType");
  const policiesKnown = !unreadable("SchedulingPolicy");
  const workspaces = [
    ...new Set(view.registrations.map((r) => r.workspace).filter((w) => w))
  ].sort();
  appendAll(warnings, handWrittenTargets(view, targets));
  const targetKeys = labelKeys(targets.map((t) => t.labels));
  const typeKeys = labelKeys(view.clusterTypes.map((c) => c.labels));
  for (const policy of view.policies) {
    const where = {
      file: policy.origin.file,
      line: policy.origin.line,
      object: describeObject(policy)
    };
    if (policy.workspace !== "" && !workspaces.includes(policy.workspace)) {
      const meant = didYouMean(policy.workspace, workspaces);
      warnings.push({
        ...where,
        message: `spec.deploymentTargetSelector.workspace '${policy.workspace}' is the workspace of no WorkloadRegistration, so this policy selects nothing${meant ? `; did you mean '${meant}'?` : "."} Workspaces delivered here: ${workspaces.length > 0 ? workspaces.map((w) => `'${w}'`).join(", ") : "none"}.`
      });
    } else if (targetsKnown && targets.length > 0 && !targets.some((t) => policySelectsTarget(policy, t))) {
      warnings.push({
        ...where,
        message: `selects no deployment target of environment '${view.name}' (spec.deploymentTargetSelector), so it schedules nothing.${keyHints(policy.targetSelector, targetKeys, "deployment target")} Check the selector against the targets' labels.`
      });
    }
    if (typesKnown && view.clusterTypes.length > 0 && !view.clusterTypes.some((c) => selectorMatches(policy.clusterTypeSelector, c.labels))) {
      warnings.push({
        ...where,
        message: `selects no cluster type (spec.clusterTypeSelector), so it schedules nothing.${keyHints(policy.clusterTypeSelector, typeKeys, "cluster type")} Check the selector against the ClusterTypes' metadata.labels.`
      });
    }
  }
  const scheduled = new Set(assignments.map((a) => a.target.name));
  for (const target of typesKnown && policiesKnown ? targets : []) {
    if (scheduled.has(target.name)) continue;
    const selecting = view.policies.filter((p) => policySelectsTarget(p, target)).map((p) => p.name);
    const why = selecting.length === 0 ? "no SchedulingPolicy selects it" : `the policies that select it (${selecting.map((n) => `'${n}'`).join(", ")}) select no cluster type`;
    warnings.push({
      file: target.workload.origin.file,
      line: target.entry.line,
      object: describeObject(target.workload),
      message: `deployment target '${target.name}' is scheduled on no cluster type: ${why}. Its labels: ${formatLabels(target.labels)}. Add or fix a SchedulingPolicy whose deploymentTargetSelector matches them.`
    });
  }
  if (!options.environmentBranch) return warnings;
  if (!view.baseRepos.some((b) => b.name === "main") && !view.unreadable.has("BaseRepo/main")) {
    warnings.push({
      object: `Environment '${view.name}'`,
      message: `the environment branch has no BaseRepo named 'main' (base-repo.yaml at its root, written by cd-promote), so no promoted commit is recorded and the operator would take nothing from main; promote to this environment with cd-promote or add base-repo.yaml.`
    });
  }
  if (view.gitOpsRepos.length === 0 && !unreadable("GitOpsRepo")) {
    warnings.push({
      object: `Environment '${view.name}'`,
      message: `the environment branch has no GitOpsRepo (gitops-repo.yaml), so there is no GitOps repository and branch to publish to; add gitops-repo.yaml with spec.repo, spec.branch and spec.path.`
    });
  }
  return warnings;
}
function labelKeys(labels) {
  const keys = /* @__PURE__ */ new Set();
  for (const set of labels) for (const key of Object.keys(set)) keys.add(key);
  return [...keys].sort().slice(0, MAX_KEYS);
}
function keyHints(selector, known, what) {
  const keys = [
    ...Object.keys(selector.matchLabels),
    ...selector.matchExpressions.filter((e) => e.operator === "In" || e.operator === "Exists").map((e) => e.key)
  ];
  const knownSet = new Set(known);
  const hints = [];
  for (const key of new Set(keys)) {
    if (knownSet.has(key)) continue;
    const meant = didYouMean(key, known);
    hints.push(` No ${what} has the label '${key}'${meant ? `; did you mean '${meant}'?` : "."}`);
  }
  return hints.join("");
}
function formatLabels(labels) {
  return Object.keys(labels).sort().map((k) => `${k}=${labels[k]}`).join(", ");
}
function handWrittenTargets(view, targets) {
  const workloads = new Set(view.workloads.map((w) => w.workload.name));
  const warnings = [];
  for (const target of targets) {
    const object = target.object;
    if (object === void 0) continue;
    const workload = object.labels["workload"];
    if (workload === void 0 || !workloads.has(workload)) continue;
    warnings.push({
      file: object.origin.file,
      line: object.origin.line,
      object: describeObject(object),
      message: `is labelled workload: ${workload}, the name of a Workload, but no entry of that Workload derives it: on the operator the Workload's reconcile deletes it and Flux applies it again, over and over, so it is scheduled only now and then. It is scheduled here. Make it an entry of Workload '${workload}', or change its workload label.`
    });
  }
  return warnings;
}

// packages/gotemplate/src/template/ast.ts
function listString(list) {
  return list.map(nodeString).join("");
}
function pipeString(p) {
  let out = "";
  if (p.decl.length > 0) out = p.decl.map(nodeString).join(", ") + " := ";
  return out + p.cmds.map(nodeString).join(" | ");
}
function nodeString(n) {
  switch (n.kind) {
    case "field":
      return "." + n.ident.join(".");
    case "variable":
      return n.ident.join(".");
    case "dot":
      return ".";
    case "nil":
      return "nil";
    case "bool":
      return n.value ? "true" : "false";
    case "number":
      return n.text;
    case "string":
      return n.quoted;
    case "identifier":
      return n.name;
    case "chain": {
      const head = n.node.kind === "pipe" ? `(${nodeString(n.node)})` : nodeString(n.node);
      return head + n.fields.map((f) => "." + f).join("");
    }
    case "command":
      return n.args.map((a) => a.kind === "pipe" ? `(${nodeString(a)})` : nodeString(a)).join(" ");
    case "pipe":
      return pipeString(n);
    case "text":
      return n.text;
    case "action":
      return `{{${pipeString(n.pipe)}}}`;
    case "if":
    case "range":
    case "with": {
      const elsePart = n.elseList === null ? "" : "{{else}}" + listString(n.elseList);
      return `{{${n.kind} ${pipeString(n.pipe)}}}${listString(n.list)}${elsePart}{{end}}`;
    }
    case "template":
      return `{{template ${quote(n.name)}${n.pipe === null ? "" : " " + pipeString(n.pipe)}}}`;
    case "break":
      return "{{break}}";
    case "continue":
      return "{{continue}}";
  }
}

// packages/gotemplate/src/template/compare.ts
function basicKind(v) {
  if (v instanceof GoInt) return v.type.startsWith("u") ? "uint" : "int";
  switch (typeof v) {
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    case "number":
      return "float";
    case "string":
      return "string";
    default:
      return "invalid";
  }
}
function isInteger(k) {
  return k === "int" || k === "uint";
}
function isNil(v) {
  return v === void 0 || v === null;
}
function typeOf(v) {
  return goTypeName(v ?? null);
}
function printed(v) {
  return v === void 0 ? "<invalid reflect.Value>" : formatValue(v);
}
function eq(arg1, others) {
  if (others.length === 0) throw new Error("missing argument for comparison");
  const k1 = basicKind(arg1);
  for (const arg2 of others) {
    const k2 = basicKind(arg2);
    let truth = false;
    if (isInteger(k1) && isInteger(k2) && k1 !== k2) {
      const a = goInteger(arg1) ?? 0n;
      const b = goInteger(arg2) ?? 0n;
      truth = a >= 0n && b >= 0n && a === b;
    } else if (k1 !== k2) {
      if (!isNil(arg1) && !isNil(arg2)) {
        throw new Error(`incompatible types for comparison: ${typeOf(arg1)} and ${typeOf(arg2)}`);
      }
    } else if (k1 === "int" || k1 === "uint") {
      truth = goInteger(arg1) === goInteger(arg2);
    } else if (k1 !== "invalid") {
      truth = arg1 === arg2;
    } else if (isNil(arg1) || isNil(arg2)) {
      truth = isNil(arg1) === isNil(arg2);
    } else {
      const sameKind = Array.isArray(arg1) && Array.isArray(arg2) || arg1 instanceof GoMap && arg2 instanceof GoMap || arg1 instanceof GoStruct && arg2 instanceof GoStruct;
      if (!sameKind) {
        throw new Error(
          `non-comparable types ${printed(arg1)}: ${typeOf(arg1)}, ${typeOf(arg2)}: ${printed(arg2)}`
        );
      }
      throw new Error(`non-comparable type ${printed(arg2)}: ${typeOf(arg2)}`);
    }
    if (truth) return true;
  }
  return false;
}
function lt(arg1, arg2) {
  const k1 = basicKind(arg1);
  const k2 = basicKind(arg2);
  if (k1 === "invalid" || k2 === "invalid") throw new Error("invalid type for comparison");
  if (isInteger(k1) && isInteger(k2)) return (goInteger(arg1) ?? 0n) < (goInteger(arg2) ?? 0n);
  if (k1 !== k2)
    throw new Error(`incompatible types for comparison: ${typeOf(arg1)} and ${typeOf(arg2)}`);
  if (k1 === "bool") throw new Error("invalid type for comparison");
  if (k1 === "string") return compareGoStrings(arg1, arg2) < 0;
  if (k1 === "int" || k1 === "uint") return (goInteger(arg1) ?? 0n) < (goInteger(arg2) ?? 0n);
  return arg1 < arg2;
}
function le(arg1, arg2) {
  return lt(arg1, arg2) || eq(arg1, [arg2]);
}

// packages/gotemplate/src/template/escape.ts
var htmlEntities = {
  "\0": "\uFFFD",
  '"': "&#34;",
  "'": "&#39;",
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;"
};
function escapeHTML(s) {
  return s.replace(/[\0"'&<>]/g, (c) => htmlEntities[c] ?? c);
}
var jsEscapes = {
  "\\": "\\\\",
  "'": "\\'",
  '"': '\\"',
  "<": "\\u003C",
  ">": "\\u003E",
  "&": "\\u0026",
  "=": "\\u003D"
};
function escapeJS(s) {
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    const simple = jsEscapes[ch];
    if (simple !== void 0) out += simple;
    else if (cp < 32) out += "\\u00" + cp.toString(16).toUpperCase().padStart(2, "0");
    else if (cp < 128 || isPrint(cp) || cp >= 56448 && cp <= 56575) out += ch;
    else out += "\\u" + cp.toString(16).toUpperCase().padStart(4, "0");
  }
  return out;
}
function escapeQuery(s) {
  let out = "";
  for (const b of goStringBytes(s)) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (b === 32) out += "+";
    else out += "%" + b.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

// packages/gotemplate/src/template/builtins.ts
var ArgTypeError = class extends Error {
  node;
  constructor(node, message) {
    super(message);
    this.node = node;
  }
};
function isTrue(v) {
  switch (typeof v) {
    case "undefined":
      return false;
    case "string":
      return v.length > 0;
    case "boolean":
      return v;
    case "bigint":
      return v !== 0n;
    case "number":
      return v !== 0;
  }
  if (v === null) return false;
  if (v instanceof GoInt) return v.value !== 0n;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof GoMap) return v.size > 0;
  return true;
}
function typeOf2(v) {
  return goTypeName(v ?? null);
}
function toGo(v) {
  return v === void 0 ? null : v;
}
function indexArg(index2, cap) {
  if (index2 === void 0 || index2 === null) throw new Error("cannot index slice/array with nil");
  const n = goInteger(index2);
  if (n === void 0) throw new Error(`cannot index slice/array with type ${typeOf2(index2)}`);
  if (n < 0n || n > BigInt(cap)) throw new Error(`index out of range: ${n}`);
  return Number(n);
}
function mapLookup(m, key) {
  if (key === void 0 || key === null) {
    if (m.hasStringKeys) throw new Error("value is nil; should be of type string");
    key = null;
  }
  if (m.hasStringKeys && typeof key !== "string") {
    throw new Error(`value has type ${typeOf2(key)}; should be string`);
  }
  if (typeof key === "object" && key !== null) {
    throw new Error(`runtime error: hash of unhashable type ${typeOf2(key)}`);
  }
  const found = m.get(key);
  return found === void 0 ? m.zeroElement : found;
}
function index(args) {
  let item = args[0];
  if (item === void 0 || item === null) throw new Error("index of untyped nil");
  for (let i = 1; i < args.length; i++) {
    const key = args[i];
    if (item === null) throw new Error("index of nil pointer");
    if (typeof item === "string") {
      const bytes = goStringBytes(item);
      const x = indexArg(key, bytes.length);
      if (x === bytes.length) throw new Error("reflect: string index out of range");
      item = new GoInt(BigInt(bytes[x] ?? 0), "uint8");
    } else if (Array.isArray(item)) {
      const x = indexArg(key, item.length);
      if (x === item.length) throw new Error("reflect: slice index out of range");
      item = item[x] ?? null;
    } else if (item instanceof GoMap) {
      item = mapLookup(item, key);
    } else {
      throw new Error(`can't index item of type ${typeOf2(item)}`);
    }
  }
  return item;
}
function slice(args) {
  const item = args[0];
  const indexes = args.slice(1);
  if (item === void 0 || item === null) throw new Error("slice of untyped nil");
  if (indexes.length > 3) throw new Error(`too many slice indexes: ${indexes.length}`);
  let length2;
  if (typeof item === "string") {
    if (indexes.length === 3) throw new Error("cannot 3-index slice a string");
    length2 = goStringBytes(item).length;
  } else if (Array.isArray(item)) {
    length2 = item.length;
  } else {
    throw new Error(`can't slice item of type ${typeOf2(item)}`);
  }
  const idx = [0, length2, length2];
  indexes.forEach((x, i) => idx[i] = indexArg(x, length2));
  const [from = 0, to = length2, max = length2] = idx;
  if (from > to) throw new Error(`invalid slice index: ${from} > ${to}`);
  if (indexes.length === 3 && to > max) throw new Error(`invalid slice index: ${to} > ${max}`);
  if (typeof item === "string") return goStringFromBytes(goStringBytes(item).subarray(from, to));
  return typedSlice(item.slice(from, to), sliceElement(item));
}
function length(args) {
  const item = args[0];
  if (item === void 0) throw new Error("reflect: call of reflect.Value.Type on zero Value");
  if (item === null) throw new Error("len of nil pointer");
  if (typeof item === "string") return BigInt(goStringBytes(item).length);
  if (Array.isArray(item)) return BigInt(item.length);
  if (item instanceof GoMap) return BigInt(item.size);
  throw new Error(`len of type ${typeOf2(item)}`);
}
function textOf(args) {
  if (args.length === 1 && typeof args[0] === "string") return args[0];
  return sprint(args.map((a) => a === void 0 || a === null ? "<no value>" : a));
}
function printfFormat(args, nodes) {
  const format = args[0];
  if (typeof format === "string") return format;
  const node = nodes[0];
  let message;
  if (node !== void 0 && (node.kind === "number" || node.kind === "bool")) {
    message = `expected string; found ${nodeString(node)}`;
  } else if (node?.kind === "nil") {
    message = "cannot assign nil to string";
  } else if (format === void 0) {
    message = "invalid value; expected string";
  } else {
    message = `wrong type for value; expected string; got ${format === null ? "interface {}" : typeOf2(format)}`;
  }
  throw new ArgTypeError(node, message);
}
var entries = [
  // and/or short-circuit in the executor; their call is never used.
  ["and", { arity: 1, variadic: true, call: (a) => a[a.length - 1] }],
  ["or", { arity: 1, variadic: true, call: (a) => a[a.length - 1] }],
  ["not", { arity: 1, call: (a) => !isTrue(a[0]) }],
  ["eq", { arity: 1, variadic: true, call: (a) => eq(a[0], a.slice(1)) }],
  ["ne", { arity: 2, call: (a) => !eq(a[0], [a[1]]) }],
  ["lt", { arity: 2, call: (a) => lt(a[0], a[1]) }],
  ["le", { arity: 2, call: (a) => le(a[0], a[1]) }],
  ["gt", { arity: 2, call: (a) => !le(a[0], a[1]) }],
  ["ge", { arity: 2, call: (a) => !lt(a[0], a[1]) }],
  ["len", { arity: 1, call: length }],
  ["index", { arity: 1, variadic: true, call: index }],
  ["slice", { arity: 1, variadic: true, call: slice }],
  ["print", { arity: 0, variadic: true, call: (a) => sprint(a.map(toGo)) }],
  ["println", { arity: 0, variadic: true, call: (a) => sprintln(a.map(toGo)) }],
  [
    "printf",
    {
      arity: 1,
      variadic: true,
      call: (a, nodes) => sprintf(printfFormat(a, nodes), a.slice(1).map(toGo))
    }
  ],
  ["html", { arity: 0, variadic: true, call: (a) => escapeHTML(textOf(a)) }],
  ["js", { arity: 0, variadic: true, call: (a) => escapeJS(textOf(a)) }],
  ["urlquery", { arity: 0, variadic: true, call: (a) => escapeQuery(textOf(a)) }],
  [
    "call",
    {
      arity: 1,
      variadic: true,
      call: (a, nodes) => {
        if (a[0] === void 0 || a[0] === null) throw new Error("call of nil");
        const name = nodes[0] === void 0 ? "" : nodeString(nodes[0]);
        throw new Error(`non-function ${name} of type ${typeOf2(a[0])}`);
      }
    }
  ]
];
var builtins = new Map(entries);

// packages/gotemplate/src/template/errors.ts
var TemplateError = class extends Error {
  phase;
  constructor(phase, message, options) {
    super(message, options);
    this.name = "TemplateError";
    this.phase = phase;
  }
};

// packages/gotemplate/src/template/exec-state.ts
var MISSING = /* @__PURE__ */ Symbol("missing");
var encoder = new TextEncoder();
var ExecState = class {
  out = "";
  /** Where notices go (none: they are dropped). */
  onNotice;
  /** The function being called, for {@link notice}. */
  calling;
  vars;
  node = null;
  set;
  tmplName;
  depth;
  budget;
  constructor(set, tmplName, dot, depth, budget) {
    this.set = set;
    this.tmplName = tmplName;
    this.vars = [{ name: "$", value: dot }];
    this.depth = depth;
    this.budget = budget;
  }
  /** Counts one step of the execution budget; fails at the current node when it runs out. */
  step() {
    try {
      this.budget.step();
    } catch (error) {
      if (error instanceof BudgetExceededError) this.errorf(error.message);
      throw error;
    }
  }
  /** Runs `body`, reporting a budget it exhausts at the current node. */
  budgeted(body) {
    try {
      return body();
    } catch (error) {
      if (error instanceof BudgetExceededError) this.errorf(error.message);
      throw error;
    }
  }
  /** Appends output, failing at the current node when the output budget runs out. */
  write(text) {
    this.out += text;
    if (this.out.length > this.budget.outputLeft) {
      try {
        this.budget.output(this.out.length);
      } catch (error) {
        if (error instanceof BudgetExceededError) this.errorf(error.message);
        throw error;
      }
    }
  }
  at(node) {
    this.node = node;
  }
  /** This state as the context of a call to the function `name` at `pos`. */
  callContext(name, pos) {
    this.calling = { name, pos };
    return this;
  }
  notice(kind, message) {
    if (this.onNotice === void 0 || this.calling === void 0) return;
    this.onNotice({
      kind,
      function: this.calling.name,
      message,
      line: this.lineOf(this.calling.pos)
    });
  }
  /** The 1-based line of an offset in the executed text. */
  lineOf(pos) {
    const before = this.set.text.slice(0, pos);
    let line = 1;
    for (let p = before.indexOf("\n"); p >= 0; p = before.indexOf("\n", p + 1)) line++;
    return line;
  }
  /** Throws Go's ExecError text: `template: NAME:LINE:COL: executing "T" at <node>: msg`. */
  errorf(message) {
    const node = this.node;
    if (node === null) throw new TemplateError("exec", `template: ${this.set.name}: ${message}`);
    const before = this.set.text.slice(0, node.pos);
    const lineStart = before.lastIndexOf("\n") + 1;
    let line = 1;
    for (let p = before.indexOf("\n"); p >= 0; p = before.indexOf("\n", p + 1)) line++;
    const col = encoder.encode(before.slice(lineStart)).length;
    const where = `${this.set.name}:${line}:${col}`;
    throw new TemplateError(
      "exec",
      `template: ${where}: executing ${quote(this.tmplName)} at <${nodeString(node)}>: ${message}`
    );
  }
  mark() {
    return this.vars.length;
  }
  pop(mark) {
    this.vars.length = mark;
  }
  push(name, value) {
    this.vars.push({ name, value });
  }
  setVar(name, value) {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v !== void 0 && v.name === name) {
        v.value = value;
        return;
      }
    }
    this.errorf(`undefined variable: ${name}`);
  }
  /** Overwrites the n-th variable from the top (1 = top), as range does per iteration. */
  setTopVar(n, value) {
    const v = this.vars[this.vars.length - n];
    if (v !== void 0) v.value = value;
  }
  varValue(name) {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v !== void 0 && v.name === name) return v.value;
    }
    return this.errorf(`undefined variable: ${name}`);
  }
};

// packages/gotemplate/src/template/eval.ts
var noArgs = [];
function toGo2(v) {
  return v === void 0 ? null : v;
}
function evalPipeline(s, dot, pipe) {
  if (pipe === null) return void 0;
  s.at(pipe);
  let value = MISSING;
  for (const cmd of pipe.cmds) {
    value = evalCommand(s, dot, cmd, value);
    if (value === null) value = void 0;
  }
  const result = value === MISSING ? void 0 : value;
  for (const v of pipe.decl) {
    const name = v.ident[0] ?? "$";
    if (pipe.isAssign) s.setVar(name, result);
    else s.push(name, result);
  }
  return result;
}
function notAFunction(s, args, final) {
  const first2 = args[0];
  if (args.length > 1 || final !== MISSING) {
    s.errorf(`can't give argument to non-function ${first2 === void 0 ? "" : nodeString(first2)}`);
  }
}
function constant(s, n) {
  s.at(n);
  if (n.value === null) s.errorf(`${n.text} overflows int`);
  return n.value;
}
function evalCommand(s, dot, cmd, final) {
  const first2 = cmd.args[0];
  if (first2 === void 0) return void 0;
  switch (first2.kind) {
    case "field":
      return evalFieldNode(s, dot, first2, cmd.args, final);
    case "chain":
      return evalChainNode(s, dot, first2, cmd.args, final);
    case "identifier":
      return evalFunction(s, dot, first2, cmd, cmd.args, final);
    case "pipe":
      notAFunction(s, cmd.args, final);
      return evalPipeline(s, dot, first2);
    case "variable":
      return evalVariableNode(s, dot, first2, cmd.args, final);
  }
  s.at(first2);
  notAFunction(s, cmd.args, final);
  switch (first2.kind) {
    case "bool":
      return first2.value;
    case "dot":
      return dot;
    case "nil":
      return s.errorf("nil is not a command");
    case "number":
      return constant(s, first2);
    case "string":
      return first2.text;
  }
}
function evalFieldNode(s, dot, field, args, final) {
  s.at(field);
  return evalFieldChain(s, dot, dot, field.ident, 0, args, final);
}
function evalChainNode(s, dot, chain, args, final) {
  s.at(chain);
  if (chain.node.kind === "nil")
    s.errorf(`indirection through explicit nil in ${nodeString(chain)}`);
  const receiver = evalArg(s, dot, chain.node);
  return evalFieldChain(s, dot, receiver, chain.fields, 0, args, final);
}
function evalVariableNode(s, dot, variable, args, final) {
  s.at(variable);
  const value = s.varValue(variable.ident[0] ?? "$");
  if (variable.ident.length === 1) {
    notAFunction(s, args, final);
    return value;
  }
  return evalFieldChain(s, dot, value, variable.ident, 1, args, final);
}
function evalFieldChain(s, dot, receiver, ident, from, args, final) {
  const last2 = ident.length - 1;
  for (let i = from; i < last2; i++)
    receiver = evalField(s, dot, ident[i] ?? "", [], MISSING, receiver);
  return evalField(s, dot, ident[last2] ?? "", args, final, receiver);
}
function evalField(s, dot, name, args, final, receiver) {
  if (receiver === void 0) return void 0;
  if (receiver === null) return s.errorf(`nil pointer evaluating interface {}.${name}`);
  const hasArgs = args.length > 1 || final !== MISSING;
  if (receiver instanceof GoMap) {
    if (hasArgs) s.errorf(`${name} is not a method but has arguments`);
    return receiver.get(name);
  }
  if (receiver instanceof GoStruct && receiver.fields.has(name)) {
    if (hasArgs) s.errorf(`${name} has arguments but cannot be invoked as function`);
    return receiver.fields.get(name);
  }
  const method = receiver instanceof GoStruct ? receiver.methods?.get(name) : void 0;
  if (method !== void 0) {
    const argv = args.slice(1).map((a) => toGo2(evalArg(s, dot, a)));
    if (final !== MISSING) argv.push(toGo2(final));
    if (argv.length !== method.arity)
      s.errorf(`wrong number of args for ${name}: want ${method.arity} got ${argv.length}`);
    try {
      return method.call(argv) ?? null;
    } catch (error) {
      if (error instanceof ArgTypeError) return s.errorf(error.message);
      return s.errorf(
        `error calling ${name}: ${error instanceof Error ? error.message : String(error)}`
      );
    }
  }
  return s.errorf(`can't evaluate field ${name} in type ${goTypeName(receiver)}`);
}
function evalFunction(s, dot, node, cmd, args, final) {
  s.at(node);
  s.step();
  const given = args.length > 1 ? args.slice(1) : noArgs;
  const numIn = given.length + (final === MISSING ? 0 : 1);
  const fn2 = node.fn;
  const spec = fn2.builtin ? builtins.get(fn2.name) : fn2.fn;
  if (spec === void 0) return s.errorf(`${JSON.stringify(node.name)} is not a defined function`);
  if (spec.variadic === true) {
    if (numIn < spec.arity) {
      s.errorf(
        `wrong number of args for ${node.name}: want at least ${spec.arity} got ${given.length}`
      );
    }
  } else if (numIn !== spec.arity) {
    s.errorf(`wrong number of args for ${node.name}: want ${spec.arity} got ${numIn}`);
  }
  if (fn2.builtin && (fn2.name === "and" || fn2.name === "or"))
    return andOr(s, dot, fn2.name, given, final);
  const argv = [];
  for (const arg2 of given)
    argv.push(fn2.builtin ? evalArg(s, dot, arg2) : toGo2(evalArg(s, dot, arg2)));
  if (final !== MISSING) argv.push(fn2.builtin ? final : toGo2(final));
  try {
    const result = fn2.builtin ? builtins.get(fn2.name)?.call(argv, given, final) ?? void 0 : fn2.fn.call(argv, s.callContext(node.name, node.pos)) ?? null;
    if (typeof result === "string") s.budget.reserve(result.length);
    else if (Array.isArray(result)) s.budget.reserve(0, result.length);
    return result;
  } catch (error) {
    if (error instanceof ArgTypeError) {
      if (error.node !== void 0) s.at(error.node);
      return s.errorf(error.message);
    }
    s.at(cmd);
    const message = error instanceof Error ? error.message : String(error);
    return s.errorf(`error calling ${node.name}: ${message}`);
  }
}
function andOr(s, dot, name, args, final) {
  let v = void 0;
  for (const arg2 of args) {
    v = evalArg(s, dot, arg2);
    if (isTrue(v) === (name === "or")) return v;
  }
  return final === MISSING ? v : final;
}
function evalArg(s, dot, n) {
  s.at(n);
  switch (n.kind) {
    case "dot":
      return dot;
    case "nil":
      return null;
    case "field":
      return evalFieldNode(s, dot, n, [n], MISSING);
    case "variable":
      return evalVariableNode(s, dot, n, [], MISSING);
    case "pipe":
      return evalPipeline(s, dot, n);
    case "identifier":
      return evalFunction(s, dot, n, n, [n], MISSING);
    case "chain":
      return evalChainNode(s, dot, n, [], MISSING);
    case "bool":
      return n.value;
    case "number":
      return constant(s, n);
    case "string":
      return n.text;
  }
}

// packages/gotemplate/src/template/exec.ts
var maxTemplateDepth = 1e3;
var NORMAL = 0;
var BREAK = 1;
var CONTINUE = 2;
function walkList(s, dot, list) {
  for (const node of list) {
    const flow = walk(s, dot, node);
    if (flow !== NORMAL) return flow;
  }
  return NORMAL;
}
function walk(s, dot, node) {
  s.at(node);
  s.step();
  switch (node.kind) {
    case "text":
      s.write(node.text);
      return NORMAL;
    case "action": {
      const value = evalPipeline(s, dot, node.pipe);
      if (node.pipe.decl.length === 0) {
        s.at(node);
        s.write(
          value === void 0 ? "<no value>" : typeof value === "string" ? value : printed2(s, value)
        );
      }
      return NORMAL;
    }
    case "if":
    case "with":
      return walkIfOrWith(s, dot, node);
    case "range":
      walkRange(s, dot, node);
      return NORMAL;
    case "template":
      walkTemplate(s, dot, node);
      return NORMAL;
    case "break":
      return BREAK;
    case "continue":
      return CONTINUE;
  }
}
function printed2(s, value) {
  return s.budgeted(() => formatValue(value));
}
function walkIfOrWith(s, dot, node) {
  const mark = s.mark();
  const value = evalPipeline(s, dot, node.pipe);
  let flow = NORMAL;
  if (isTrue(value)) flow = walkList(s, node.kind === "with" ? value : dot, node.list);
  else if (node.elseList !== null) flow = walkList(s, dot, node.elseList);
  s.pop(mark);
  return flow;
}
function walkRange(s, dot, node) {
  s.at(node);
  const mark = s.mark();
  const value = evalPipeline(s, dot, node.pipe);
  const bodyMark = s.mark();
  const { decl, isAssign } = node.pipe;
  const first2 = decl[0]?.ident[0] ?? "$";
  const second = decl[1]?.ident[0] ?? "$";
  const iteration = (index2, elem) => {
    if (decl.length === 1) {
      if (isAssign) s.setVar(first2, elem);
      else s.setTopVar(1, elem);
    } else if (decl.length > 1) {
      if (isAssign) {
        s.setVar(first2, index2);
        s.setVar(second, elem);
      } else {
        s.setTopVar(1, elem);
        s.setTopVar(2, index2);
      }
    }
    s.step();
    const flow = walkList(s, elem, node.list);
    s.pop(bodyMark);
    return flow === BREAK;
  };
  let ran = true;
  if (Array.isArray(value)) {
    ran = value.length > 0;
    for (let i = 0; i < value.length; i++) if (iteration(BigInt(i), value[i] ?? null)) break;
  } else if (value instanceof GoMap) {
    ran = value.size > 0;
    for (const [key, elem] of sortedEntries(value)) if (iteration(key, elem)) break;
  } else if (typeof value === "bigint" || value instanceof GoInt) {
    const n = goInteger(value) ?? 0n;
    if (decl.length > 1) s.errorf(`can't use ${n} to iterate over more than one variable`);
    ran = n > 0n;
    const type = value instanceof GoInt ? value.type : void 0;
    for (let i = 0n; i < n; i++) {
      if (iteration(void 0, type === void 0 ? i : new GoInt(i, type))) break;
    }
  } else if (value === void 0) {
    ran = false;
  } else {
    s.errorf(`range can't iterate over ${formatValue(value)}`);
  }
  if (!ran && node.elseList !== null) walkList(s, dot, node.elseList);
  s.pop(mark);
}
function walkTemplate(s, dot, node) {
  s.at(node);
  const tree = s.set.trees.get(node.name);
  if (tree === void 0) s.errorf(`template ${quote(node.name)} not defined`);
  if (s.depth >= maxTemplateDepth)
    s.errorf(`exceeded maximum template depth (${maxTemplateDepth})`);
  const newDot = evalPipeline(s, dot, node.pipe);
  const sub2 = new ExecState(s.set, node.name, newDot, s.depth + 1, s.budget);
  sub2.onNotice = s.onNotice;
  sub2.out = s.out;
  walkList(sub2, newDot, tree.root);
  s.out = sub2.out;
}
function execute(set, data, budget, onNotice) {
  const dot = data === null ? void 0 : data;
  const s = new ExecState(set, set.name, dot, 0, budget);
  s.onNotice = onNotice;
  const tree = set.trees.get(set.name) ?? s.errorf(`${quote(set.name)} is an incomplete or empty template`);
  withBudget(budget, () => walkList(s, dot, tree.root));
  return s.out;
}

// packages/gotemplate/src/template/tokens.ts
var Tok = {
  Error: 0,
  Bool: 1,
  Char: 2,
  CharConstant: 3,
  Complex: 4,
  Assign: 5,
  Declare: 6,
  EOF: 7,
  Field: 8,
  Identifier: 9,
  LeftDelim: 10,
  LeftParen: 11,
  Number: 12,
  Pipe: 13,
  RawString: 14,
  RightDelim: 15,
  RightParen: 16,
  Space: 17,
  String: 18,
  Text: 19,
  Variable: 20,
  // Keywords sort after this marker, as in Go (their error form is `<word>`).
  Keyword: 21,
  Block: 22,
  Break: 23,
  Continue: 24,
  Dot: 25,
  Define: 26,
  Else: 27,
  End: 28,
  If: 29,
  Nil: 30,
  Range: 31,
  Template: 32,
  With: 33
};
var keywords = /* @__PURE__ */ new Map([
  [".", Tok.Dot],
  ["block", Tok.Block],
  ["break", Tok.Break],
  ["continue", Tok.Continue],
  ["define", Tok.Define],
  ["else", Tok.Else],
  ["end", Tok.End],
  ["if", Tok.If],
  ["range", Tok.Range],
  ["nil", Tok.Nil],
  ["template", Tok.Template],
  ["with", Tok.With]
]);
function tokenString(t) {
  if (t.type === Tok.EOF) return "EOF";
  if (t.type === Tok.Error) return t.val;
  if (t.type > Tok.Keyword) return `<${t.val}>`;
  const runes2 = [...t.val];
  if (runes2.length > 10) return quote(runes2.slice(0, 10).join("")) + "...";
  return quote(t.val);
}
function describeRune(c) {
  const u = "U+" + c.toString(16).toUpperCase().padStart(4, "0");
  const printable = c >= 32 && c !== 127 && /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(String.fromCodePoint(c));
  return printable ? `${u} '${String.fromCodePoint(c)}'` : u;
}

// packages/gotemplate/src/template/lexer.ts
function isSpace(c) {
  return c === 32 || c === 9 || c === 13 || c === 10;
}
var alnum = /^[\p{L}\p{Nd}_]$/u;
function isAlphaNumeric(c) {
  if (c < 128) {
    return c === 95 || c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122;
  }
  return c >= 0 && alnum.test(String.fromCodePoint(c));
}
var EOF = -1;
function lex(input, options) {
  return new Lexer(input, options).run();
}
var Lexer = class {
  input;
  options;
  tokens = [];
  pos = 0;
  start = 0;
  parenDepth = 0;
  constructor(input, options) {
    this.input = input;
    this.options = options;
  }
  run() {
    while (this.lexText()) {
      if (!this.lexAction()) break;
    }
    return this.tokens;
  }
  code(i) {
    return i < this.input.length ? this.input.codePointAt(i) ?? EOF : EOF;
  }
  next() {
    const c = this.code(this.pos);
    if (c !== EOF) this.pos += c > 65535 ? 2 : 1;
    return c;
  }
  emit(type) {
    this.tokens.push({ type, pos: this.start, val: this.input.slice(this.start, this.pos) });
    this.start = this.pos;
  }
  error(message) {
    this.tokens.push({ type: Tok.Error, pos: this.start, val: message });
    return false;
  }
  hasLeftTrim(at) {
    return this.input.charCodeAt(at) === 45 && isSpace(this.input.charCodeAt(at + 1));
  }
  /** At `}}` or ` -}}`; returns 0 (no), 1 (plain) or 2 (with trim marker). */
  atRightDelim() {
    const s = this.input;
    const p = this.pos;
    if (isSpace(s.charCodeAt(p)) && s.charCodeAt(p + 1) === 45 && s.startsWith("}}", p + 2))
      return 2;
    return s.startsWith("}}", p) ? 1 : 0;
  }
  skipLeadingSpace() {
    while (this.pos < this.input.length && isSpace(this.input.charCodeAt(this.pos))) this.pos++;
    this.start = this.pos;
  }
  /** Text up to the next `{{`; returns false at end of input (after emitting EOF). */
  lexText() {
    const s = this.input;
    const x = s.indexOf("{{", this.pos);
    if (x < 0) {
      this.pos = s.length;
      if (this.pos > this.start) this.emit(Tok.Text);
      this.emit(Tok.EOF);
      return false;
    }
    let end = x;
    if (this.hasLeftTrim(x + 2)) {
      while (end > this.start && isSpace(s.charCodeAt(end - 1))) end--;
    }
    if (end > this.start) {
      this.pos = end;
      this.emit(Tok.Text);
    }
    this.pos = x;
    this.start = x;
    return true;
  }
  /** From `{{` through the closing `}}` (or a whole comment). */
  lexAction() {
    const s = this.input;
    this.pos += 2;
    const afterMarker = this.hasLeftTrim(this.pos) ? 2 : 0;
    if (s.startsWith("/*", this.pos + afterMarker)) {
      this.pos += afterMarker;
      this.start = this.pos;
      return this.lexComment();
    }
    this.emit(Tok.LeftDelim);
    this.pos += afterMarker;
    this.start = this.pos;
    this.parenDepth = 0;
    for (; ; ) {
      const delim = this.atRightDelim();
      if (delim !== 0) {
        if (this.parenDepth !== 0) return this.error("unclosed left paren");
        return this.lexRightDelim(delim === 2);
      }
      if (!this.lexInsideAction()) return false;
    }
  }
  lexComment() {
    const s = this.input;
    const x = s.indexOf("*/", this.pos + 2);
    if (x < 0) return this.error("unclosed comment");
    this.pos = x + 2;
    const delim = this.atRightDelim();
    if (delim === 0) return this.error("comment ends before closing delimiter");
    this.pos += delim === 2 ? 4 : 2;
    if (delim === 2) this.skipLeadingSpace();
    this.start = this.pos;
    return true;
  }
  lexRightDelim(trim) {
    if (trim) {
      this.pos += 2;
      this.start = this.pos;
    }
    this.pos += 2;
    this.emit(Tok.RightDelim);
    if (trim) this.skipLeadingSpace();
    return true;
  }
  lexInsideAction() {
    const r = this.next();
    if (r === EOF) return this.error("unclosed action");
    if (isSpace(r)) return this.lexSpace();
    switch (r) {
      case 61:
        this.emit(Tok.Assign);
        return true;
      case 58:
        if (this.next() !== 61) return this.error("expected :=");
        this.emit(Tok.Declare);
        return true;
      case 124:
        this.emit(Tok.Pipe);
        return true;
      case 34:
        return this.lexQuote();
      case 96:
        return this.lexRawQuote();
      case 36:
        return this.lexVariable();
      case 39:
        return this.lexChar();
      case 40:
        this.parenDepth++;
        this.emit(Tok.LeftParen);
        return true;
      case 41:
        this.parenDepth--;
        if (this.parenDepth < 0) return this.error("unexpected right paren");
        this.emit(Tok.RightParen);
        return true;
    }
    if (r === 46) {
      const c = this.input.charCodeAt(this.pos);
      if (this.pos >= this.input.length || c < 48 || c > 57)
        return this.lexFieldOrVariable(Tok.Field);
    }
    if (r === 43 || r === 45 || r === 46 || r >= 48 && r <= 57) {
      this.pos = this.start;
      return this.lexNumber();
    }
    if (isAlphaNumeric(r)) return this.lexIdentifier();
    if (r < 128 && r >= 32 && r !== 127) {
      this.emit(Tok.Char);
      return true;
    }
    return this.error(`unrecognized character in action: ${describeRune(r)}`);
  }
  lexSpace() {
    let numSpaces = 1;
    while (isSpace(this.input.charCodeAt(this.pos))) {
      this.pos++;
      numSpaces++;
    }
    const s = this.input;
    if (s.charCodeAt(this.pos) === 45 && s.startsWith("}}", this.pos + 1)) {
      this.pos--;
      if (numSpaces === 1) return true;
    }
    this.emit(Tok.Space);
    return true;
  }
  atTerminator() {
    const c = this.input.charCodeAt(this.pos);
    if (this.pos >= this.input.length || isSpace(c)) return true;
    switch (c) {
      case 46:
      case 44:
      case 124:
      case 58:
      case 41:
      case 40:
        return true;
    }
    return this.input.startsWith("}}", this.pos);
  }
  absorbAlphaNumeric() {
    for (; ; ) {
      const c = this.code(this.pos);
      if (c === EOF || !isAlphaNumeric(c)) return c;
      this.pos += c > 65535 ? 2 : 1;
    }
  }
  lexIdentifier() {
    const r = this.absorbAlphaNumeric();
    if (!this.atTerminator()) return this.error(`bad character ${describeRune(r)}`);
    const word = this.input.slice(this.start, this.pos);
    const key = keywords.get(word);
    if (key !== void 0) {
      const allowed = (key !== Tok.Break || this.options.breakOK) && (key !== Tok.Continue || this.options.continueOK);
      this.emit(allowed ? key : Tok.Identifier);
    } else if (word === "true" || word === "false") {
      this.emit(Tok.Bool);
    } else {
      this.emit(Tok.Identifier);
    }
    return true;
  }
  lexVariable() {
    if (this.atTerminator()) {
      this.emit(Tok.Variable);
      return true;
    }
    return this.lexFieldOrVariable(Tok.Variable);
  }
  lexFieldOrVariable(type) {
    if (this.atTerminator()) {
      this.emit(type === Tok.Variable ? Tok.Variable : Tok.Dot);
      return true;
    }
    const r = this.absorbAlphaNumeric();
    if (!this.atTerminator()) return this.error(`bad character ${describeRune(r)}`);
    this.emit(type);
    return true;
  }
  lexChar() {
    for (; ; ) {
      let c = this.next();
      if (c === 92) {
        c = this.next();
        if (c !== EOF && c !== 10) continue;
      }
      if (c === EOF || c === 10) return this.error("unterminated character constant");
      if (c === 39) break;
    }
    this.emit(Tok.CharConstant);
    return true;
  }
  lexQuote() {
    for (; ; ) {
      let c = this.next();
      if (c === 92) {
        c = this.next();
        if (c !== EOF && c !== 10) continue;
      }
      if (c === EOF || c === 10) return this.error("unterminated quoted string");
      if (c === 34) break;
    }
    this.emit(Tok.String);
    return true;
  }
  lexRawQuote() {
    const close = this.input.indexOf("`", this.pos);
    if (close < 0) return this.error("unterminated raw quoted string");
    this.pos = close + 1;
    this.emit(Tok.RawString);
    return true;
  }
  accept(valid) {
    const c = this.input.charAt(this.pos);
    if (c !== "" && valid.includes(c)) {
      this.pos++;
      return true;
    }
    return false;
  }
  acceptRun(valid) {
    while (this.accept(valid)) ;
  }
  scanNumber() {
    this.accept("+-");
    let digits = "0123456789_";
    if (this.accept("0")) {
      if (this.accept("xX")) digits = "0123456789abcdefABCDEF_";
      else if (this.accept("oO")) digits = "01234567_";
      else if (this.accept("bB")) digits = "01_";
    }
    this.acceptRun(digits);
    if (this.accept(".")) this.acceptRun(digits);
    if (digits.length === 11 && this.accept("eE")) {
      this.accept("+-");
      this.acceptRun("0123456789_");
    }
    if (digits.length === 23 && this.accept("pP")) {
      this.accept("+-");
      this.acceptRun("0123456789_");
    }
    this.accept("i");
    const c = this.code(this.pos);
    if (c !== EOF && isAlphaNumeric(c)) {
      this.next();
      return false;
    }
    return true;
  }
  lexNumber() {
    const bad = () => this.error(`bad number syntax: ${quote(this.input.slice(this.start, this.pos))}`);
    if (!this.scanNumber()) return bad();
    const sign = this.input.charAt(this.pos);
    if (sign === "+" || sign === "-") {
      if (!this.scanNumber() || this.input.charAt(this.pos - 1) !== "i") return bad();
      this.emit(Tok.Complex);
      return true;
    }
    this.emit(Tok.Number);
    return true;
  }
};

// packages/gotemplate/src/template/literals.ts
var simpleEscapes = {
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  "\\": 92
};
function unquoteChar(s, i, quoteChar) {
  const c = s.codePointAt(i);
  if (c === void 0) return null;
  if (c !== 92) return { cp: c, next: i + (c > 65535 ? 2 : 1) };
  const e = s.charAt(i + 1);
  const simple = simpleEscapes[e];
  if (simple !== void 0) return { cp: simple, next: i + 2 };
  if (e === "'" || e === '"') return e === quoteChar ? { cp: e.charCodeAt(0), next: i + 2 } : null;
  const hexLen = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
  if (hexLen > 0) {
    const digits = s.slice(i + 2, i + 2 + hexLen);
    if (digits.length !== hexLen || !/^[0-9a-fA-F]+$/.test(digits)) return null;
    const cp = parseInt(digits, 16);
    if (e !== "x" && (cp > 1114111 || cp >= 55296 && cp <= 57343)) return null;
    return { cp, next: i + 2 + hexLen };
  }
  const octal = s.slice(i + 1, i + 4);
  if (/^[0-7]{3}$/.test(octal)) {
    const cp = parseInt(octal, 8);
    return cp > 255 ? null : { cp, next: i + 4 };
  }
  return null;
}
function unquoteString(token) {
  if (token.startsWith("`")) return token.slice(1, -1).replaceAll("\r", "");
  if (!token.includes("\\")) return token.slice(1, -1);
  let out = "";
  const end = token.length - 1;
  for (let i = 1; i < end; ) {
    const r = unquoteChar(token, i, '"');
    if (r === null || r.next > end) return null;
    out += String.fromCodePoint(r.cp);
    i = r.next;
  }
  return out;
}
function parseCharConstant(token) {
  const r = unquoteChar(token, 1, "'");
  if (r === null) return { ok: false, message: "invalid syntax" };
  if (token.slice(r.next) !== "'")
    return { ok: false, message: `malformed character constant: ${token}` };
  return { ok: true, cp: r.cp };
}
function underscoreOK(text) {
  let s = text;
  if (s.startsWith("-") || s.startsWith("+")) s = s.slice(1);
  let saw = "^";
  let i = 0;
  let hex = false;
  if (s.length >= 2 && s[0] === "0" && "bBoOxX".includes(s.charAt(1))) {
    i = 2;
    saw = "0";
    hex = s.charAt(1).toLowerCase() === "x";
  }
  for (; i < s.length; i++) {
    const c = s.charAt(i);
    if (c >= "0" && c <= "9" || hex && /[a-fA-F]/.test(c)) {
      saw = "0";
    } else if (c === "_") {
      if (saw !== "0") return false;
      saw = "_";
    } else {
      if (saw === "_") return false;
      saw = "!";
    }
  }
  return saw !== "_";
}
var digitPatterns = {
  2: /^[01]+$/,
  8: /^[0-7]+$/,
  10: /^[0-9]+$/,
  16: /^[0-9a-fA-F]+$/
};
function parseInteger(text) {
  if (text.includes("_") && !underscoreOK(text)) return null;
  let s = text.replaceAll("_", "");
  let neg = false;
  const signed = s.startsWith("+") || s.startsWith("-");
  if (signed) {
    neg = s.startsWith("-");
    s = s.slice(1);
  }
  let base = 10;
  const prefix = s.slice(0, 2).toLowerCase();
  if (prefix === "0x" || prefix === "0o" || prefix === "0b") {
    base = prefix === "0x" ? 16 : prefix === "0o" ? 8 : 2;
    s = s.slice(2);
  } else if (s.length > 1 && s.startsWith("0")) {
    base = 8;
    s = s.slice(1);
  }
  if (!digitPatterns[base]?.test(s)) return null;
  const magnitude = base === 10 ? BigInt(s) : BigInt((base === 16 ? "0x" : base === 8 ? "0o" : "0b") + s);
  return { value: neg ? -magnitude : magnitude, signed };
}
function parseFloat64(text) {
  if (text.includes("_") && !underscoreOK(text)) return null;
  const s = text.replaceAll("_", "");
  const hexFloat = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?[0-9]+)$/.exec(s);
  if (hexFloat) {
    const [, sign = "", int2 = "", frac = "", exp = "0"] = hexFloat;
    if (int2 === "" && frac === "") return null;
    const mantissa = parseInt(int2 + frac || "0", 16);
    const value2 = mantissa * 2 ** (Number(exp) - 4 * frac.length);
    return Number.isFinite(value2) ? sign === "-" ? -value2 : value2 : null;
  }
  if (!/^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(s)) return null;
  const value = Number(s);
  return Number.isFinite(value) ? value : null;
}
var maxInt64 = (1n << 63n) - 1n;
var minInt64 = -(1n << 63n);
var maxUint64 = (1n << 64n) - 1n;
function parseNumber(text) {
  if (text.endsWith("i"))
    return { ok: false, message: `complex constant ${text} is not supported` };
  const int2 = parseInteger(text);
  const isInt = int2 !== null && int2.value >= minInt64 && int2.value <= maxInt64;
  const isUint = int2 !== null && !int2.signed && int2.value >= 0n && int2.value <= maxUint64;
  const hexInt = /^0[xX]/.test(text) && !/[pP]/.test(text);
  const floatSyntax = !hexInt && /[.eEpP]/.test(text);
  if (isInt || isUint) {
    if (floatSyntax) return { ok: true, value: Number(int2.value) };
    return { ok: true, value: isInt ? int2.value : null };
  }
  const f = parseFloat64(text);
  if (f === null) return { ok: false, message: `illegal number syntax: ${quote(text)}` };
  if (!/[.eEpP]/.test(text)) return { ok: false, message: `integer overflow: ${quote(text)}` };
  return { ok: true, value: f };
}

// packages/gotemplate/src/template/parse-pipeline.ts
var maxParenDepth = 1e3;
var TokenStream = class {
  tokens;
  name;
  lineStarts;
  resolve;
  i = 0;
  /** Index of the furthest token read; Go reports parse errors at that token's line. */
  furthest = 0;
  vars = ["$"];
  parenDepth = 0;
  actionLine = 0;
  rangeDepth = 0;
  constructor(tokens, name, text, resolve) {
    this.tokens = tokens;
    this.name = name;
    this.resolve = resolve;
    this.lineStarts = [0];
    for (let p = text.indexOf("\n"); p >= 0; p = text.indexOf("\n", p + 1))
      this.lineStarts.push(p + 1);
  }
  lineOf(pos) {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if ((this.lineStarts[mid] ?? 0) <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
  at(index2) {
    const t = this.tokens[Math.min(index2, this.tokens.length - 1)];
    if (t === void 0) throw new Error("empty token stream");
    if (index2 > this.furthest) this.furthest = index2;
    return t;
  }
  next() {
    return this.at(this.i++);
  }
  peek() {
    return this.at(this.i);
  }
  backup() {
    this.i--;
  }
  nextNonSpace() {
    let t = this.next();
    while (t.type === Tok.Space) t = this.next();
    return t;
  }
  peekNonSpace() {
    const t = this.nextNonSpace();
    this.backup();
    return t;
  }
  errorf(message) {
    const line = this.lineOf(this.at(this.furthest).pos);
    throw new TemplateError("parse", `template: ${this.name}:${line}: ${message}`);
  }
  unexpected(token, context) {
    if (token.type === Tok.Error) {
      let extra = "";
      const line = this.lineOf(token.pos);
      if (this.actionLine !== 0 && this.actionLine !== line) {
        extra = ` in action started at ${this.name}:${this.actionLine}`;
        if (token.val.endsWith(" action")) extra = extra.slice(" in action".length);
      }
      this.errorf(token.val + extra);
    }
    this.errorf(`unexpected ${tokenString(token)} in ${context}`);
  }
  expect(type, context) {
    const t = this.nextNonSpace();
    if (t.type !== type) this.unexpected(t, context);
    return t;
  }
};
function variableNode(pos, name) {
  return { kind: "variable", pos, ident: name.split(".") };
}
function pipeline(ts, context, end) {
  const start = ts.peekNonSpace();
  const decl = [];
  let isAssign = false;
  for (; ; ) {
    const v = ts.peekNonSpace();
    if (v.type !== Tok.Variable) break;
    const mark = ts.i;
    ts.nextNonSpace();
    const next = ts.peekNonSpace();
    if (next.type === Tok.Assign || next.type === Tok.Declare) {
      isAssign = next.type === Tok.Assign;
      ts.nextNonSpace();
      decl.push(variableNode(v.pos, v.val));
      ts.vars.push(v.val);
      break;
    }
    if (next.type === Tok.Char && next.val === ",") {
      ts.nextNonSpace();
      decl.push(variableNode(v.pos, v.val));
      ts.vars.push(v.val);
      if (context === "range" && decl.length < 2) {
        const after = ts.peekNonSpace().type;
        if (after === Tok.Variable || after === Tok.RightDelim || after === Tok.RightParen)
          continue;
        ts.errorf("range can only initialize variables");
      }
      ts.errorf(`too many declarations in ${context}`);
    }
    ts.i = mark;
    break;
  }
  const cmds = [];
  for (; ; ) {
    const token = ts.nextNonSpace();
    if (token.type === end) break;
    switch (token.type) {
      case Tok.Bool:
      case Tok.CharConstant:
      case Tok.Complex:
      case Tok.Dot:
      case Tok.Field:
      case Tok.Identifier:
      case Tok.Number:
      case Tok.Nil:
      case Tok.RawString:
      case Tok.String:
      case Tok.Variable:
      case Tok.LeftParen:
        ts.backup();
        cmds.push(command(ts));
        break;
      default:
        ts.unexpected(token, context);
    }
  }
  if (cmds.length === 0) ts.errorf(`missing value for ${context}`);
  for (let k = 1; k < cmds.length; k++) {
    const first2 = cmds[k]?.args[0]?.kind;
    if (first2 === "bool" || first2 === "dot" || first2 === "nil" || first2 === "number" || first2 === "string") {
      ts.errorf(`non executable command in pipeline stage ${k + 1}`);
    }
  }
  return { kind: "pipe", pos: start.pos, isAssign, decl, cmds };
}
function command(ts) {
  const pos = ts.peekNonSpace().pos;
  const args = [];
  for (; ; ) {
    ts.peekNonSpace();
    const op = operand(ts);
    if (op !== null) args.push(op);
    const token = ts.next();
    if (token.type === Tok.Space) continue;
    if (token.type === Tok.RightDelim || token.type === Tok.RightParen) ts.backup();
    else if (token.type !== Tok.Pipe) ts.unexpected(token, "operand");
    break;
  }
  if (args.length === 0) ts.errorf("empty command");
  return { kind: "command", pos, args };
}
function operand(ts) {
  const node = term(ts);
  if (node === null || ts.peek().type !== Tok.Field) return node;
  const pos = ts.peek().pos;
  const fields = [];
  while (ts.peek().type === Tok.Field) fields.push(ts.next().val.slice(1));
  switch (node.kind) {
    case "field":
      return { kind: "field", pos, ident: [...node.ident, ...fields] };
    case "variable":
      return { kind: "variable", pos, ident: [...node.ident, ...fields] };
    case "bool":
    case "string":
    case "number":
    case "nil":
    case "dot":
      ts.errorf(`unexpected . after term ${quote(nodeString(node))}`);
  }
  return { kind: "chain", pos, node, fields };
}
function term(ts) {
  const token = ts.nextNonSpace();
  switch (token.type) {
    case Tok.Identifier: {
      const fn2 = ts.resolve(token.val);
      if (fn2 === void 0) ts.errorf(`function ${quote(token.val)} not defined`);
      const node = { kind: "identifier", pos: token.pos, name: token.val, fn: fn2 };
      return node;
    }
    case Tok.Dot:
      return { kind: "dot", pos: token.pos };
    case Tok.Nil:
      return { kind: "nil", pos: token.pos };
    case Tok.Variable:
      if (!ts.vars.includes(token.val)) ts.errorf(`undefined variable ${quote(token.val)}`);
      return variableNode(token.pos, token.val);
    case Tok.Field:
      return { kind: "field", pos: token.pos, ident: token.val.slice(1).split(".") };
    case Tok.Bool:
      return { kind: "bool", pos: token.pos, value: token.val === "true" };
    case Tok.CharConstant: {
      const c = parseCharConstant(token.val);
      if (!c.ok) ts.errorf(c.message);
      return { kind: "number", pos: token.pos, text: token.val, value: BigInt(c.cp) };
    }
    case Tok.Complex:
    case Tok.Number: {
      const n = parseNumber(token.val);
      if (!n.ok) ts.errorf(n.message);
      return { kind: "number", pos: token.pos, text: token.val, value: n.value };
    }
    case Tok.LeftParen: {
      if (ts.parenDepth >= maxParenDepth) ts.errorf("max expression depth exceeded");
      ts.parenDepth++;
      const pipe = pipeline(ts, "parenthesized pipeline", Tok.RightParen);
      ts.parenDepth--;
      return pipe;
    }
    case Tok.String:
    case Tok.RawString: {
      const text = unquoteString(token.val);
      if (text === null) ts.errorf("invalid syntax");
      return { kind: "string", pos: token.pos, quoted: token.val, text };
    }
  }
  ts.backup();
  return null;
}

// packages/gotemplate/src/template/parser.ts
function isTerminator(n) {
  return n.kind === "end" || n.kind === "else";
}
function terminatorString(t) {
  return t.kind === "end" ? "{{end}}" : "{{else}}";
}
function isEmptyTree(list) {
  return list.every((n) => n.kind === "text" && n.text.trim() === "");
}
var Parser = class {
  ts;
  trees = /* @__PURE__ */ new Map();
  constructor(ts) {
    this.ts = ts;
  }
  add(name, root) {
    const existing = this.trees.get(name);
    if (existing === void 0 || isEmptyTree(existing.root)) {
      this.trees.set(name, { name, root });
    } else if (!isEmptyTree(root)) {
      this.ts.errorf(`template: multiple definition of template ${quote(name)}`);
    }
  }
  /** Runs a nested definition with a fresh variable scope, as Go's startParse does. */
  withFreshScope(body) {
    const saved = this.ts.vars;
    this.ts.vars = ["$"];
    try {
      return body();
    } finally {
      this.ts.vars = saved;
    }
  }
  parseTop(name) {
    const ts = this.ts;
    const root = [];
    while (ts.peek().type !== Tok.EOF) {
      if (ts.peek().type === Tok.LeftDelim) {
        const mark = ts.i;
        ts.next();
        if (ts.nextNonSpace().type === Tok.Define) {
          this.withFreshScope(() => this.parseDefinition());
          continue;
        }
        ts.i = mark;
      }
      const n = this.textOrAction();
      if (isTerminator(n)) return ts.errorf(`unexpected ${terminatorString(n)}`);
      root.push(n);
    }
    this.add(name, root);
  }
  parseDefinition() {
    const context = "define clause";
    const ts = this.ts;
    const token = ts.nextNonSpace();
    if (token.type !== Tok.String && token.type !== Tok.RawString) ts.unexpected(token, context);
    const name = unquoteString(token.val) ?? ts.errorf("invalid syntax");
    ts.expect(Tok.RightDelim, context);
    const { list, end } = this.itemList();
    if (end.kind !== "end") ts.errorf(`unexpected ${terminatorString(end)} in ${context}`);
    this.add(name, list);
  }
  itemList() {
    const list = [];
    while (this.ts.peekNonSpace().type !== Tok.EOF) {
      const n = this.textOrAction();
      if (isTerminator(n)) return { list, end: n };
      list.push(n);
    }
    return this.ts.errorf("unexpected EOF");
  }
  textOrAction() {
    const ts = this.ts;
    const token = ts.nextNonSpace();
    if (token.type === Tok.Text) return { kind: "text", pos: token.pos, text: token.val };
    if (token.type !== Tok.LeftDelim) ts.unexpected(token, "input");
    ts.actionLine = ts.lineOf(token.pos);
    try {
      return this.action();
    } finally {
      ts.actionLine = 0;
    }
  }
  action() {
    const ts = this.ts;
    const token = ts.nextNonSpace();
    switch (token.type) {
      case Tok.Block:
        return this.blockControl();
      case Tok.Break:
      case Tok.Continue:
        return this.loopControl(token);
      case Tok.Else: {
        const peek = ts.peekNonSpace();
        if (peek.type === Tok.If || peek.type === Tok.With) return { kind: "else", pos: peek.pos };
        return { kind: "else", pos: ts.expect(Tok.RightDelim, "else").pos };
      }
      case Tok.End:
        return { kind: "end", pos: ts.expect(Tok.RightDelim, "end").pos };
      case Tok.If:
        return this.control("if");
      case Tok.Range:
        return this.control("range");
      case Tok.Template:
        return this.templateControl();
      case Tok.With:
        return this.control("with");
    }
    ts.backup();
    const pos = ts.peek().pos;
    return { kind: "action", pos, pipe: pipeline(ts, "command", Tok.RightDelim) };
  }
  loopControl(token) {
    const ts = this.ts;
    const kind = token.type === Tok.Break ? "break" : "continue";
    const next = ts.nextNonSpace();
    if (next.type !== Tok.RightDelim) ts.unexpected(next, `{{${kind}}}`);
    if (ts.rangeDepth === 0) ts.errorf(`{{${kind}}} outside {{range}}`);
    return { kind, pos: token.pos };
  }
  control(kind) {
    const ts = this.ts;
    const varCount = ts.vars.length;
    try {
      const pipe = pipeline(ts, kind, Tok.RightDelim);
      if (kind === "range") ts.rangeDepth++;
      const { list, end } = this.itemList();
      if (kind === "range") ts.rangeDepth--;
      let elseList = null;
      if (end.kind === "else") {
        const chained = kind === "if" && ts.peek().type === Tok.If || kind === "with" && ts.peek().type === Tok.With;
        if (chained) {
          ts.next();
          elseList = [this.control(kind)];
        } else {
          const rest2 = this.itemList();
          if (rest2.end.kind !== "end")
            ts.errorf(`expected end; found ${terminatorString(rest2.end)}`);
          elseList = rest2.list;
        }
      }
      return { kind, pos: pipe.pos, pipe, list, elseList };
    } finally {
      ts.vars.length = varCount;
    }
  }
  templateName(token, context) {
    if (token.type !== Tok.String && token.type !== Tok.RawString)
      this.ts.unexpected(token, context);
    const name = unquoteString(token.val);
    return name ?? this.ts.errorf("invalid syntax");
  }
  templateControl() {
    const ts = this.ts;
    const token = ts.nextNonSpace();
    const name = this.templateName(token, "template clause");
    let pipe = null;
    if (ts.nextNonSpace().type !== Tok.RightDelim) {
      ts.backup();
      pipe = pipeline(ts, "template clause", Tok.RightDelim);
    }
    return { kind: "template", pos: token.pos, name, pipe };
  }
  blockControl() {
    const context = "block clause";
    const ts = this.ts;
    const token = ts.nextNonSpace();
    const name = this.templateName(token, context);
    const pipe = pipeline(ts, context, Tok.RightDelim);
    this.withFreshScope(() => {
      const { list, end } = this.itemList();
      if (end.kind !== "end") ts.errorf(`unexpected ${terminatorString(end)} in ${context}`);
      this.add(name, list);
    });
    return { kind: "template", pos: token.pos, name, pipe };
  }
};
function parseTrees(text, name, resolve) {
  const tokens = lex(text, {
    breakOK: resolve("break") === void 0,
    continueOK: resolve("continue") === void 0
  });
  const parser = new Parser(new TokenStream(tokens, name, text, resolve));
  parser.parseTop(name);
  return parser.trees;
}

// packages/gotemplate/src/template/index.ts
function isStackOverflow(error) {
  return error instanceof RangeError && /call stack/i.test(error.message);
}
function parseTemplate(text, functions, name = "template") {
  const resolve = (fn2) => {
    const own = functions.get(fn2);
    if (own !== void 0) return { builtin: false, fn: own };
    return builtins.has(fn2) ? { builtin: true, name: fn2 } : void 0;
  };
  try {
    return { name, text, trees: parseTrees(text, name, resolve) };
  } catch (error) {
    if (isStackOverflow(error)) {
      throw new TemplateError("parse", `template: ${name}: template nested too deeply`, {
        cause: error
      });
    }
    throw error;
  }
}
function executeTemplate(template, data, limits = {}, onNotice) {
  const budget = limits instanceof Budget ? limits : new Budget({ ...defaultTemplateLimits, ...limits });
  try {
    const output = execute(template, data, budget, onNotice);
    budget.wrote(output.length);
    return output;
  } catch (error) {
    if (isStackOverflow(error)) {
      throw new TemplateError(
        "exec",
        `template: ${template.name}: exceeded maximum template depth`,
        {
          cause: error
        }
      );
    }
    throw error;
  }
}

// packages/gotemplate/src/template/functions/args.ts
function fn(arity, call, variadic = false) {
  return variadic ? { arity, variadic, call } : { arity, call };
}
function arg(args, i) {
  return args[i] ?? null;
}
function wrongType(expected, value) {
  if (value === null) return new Error(`invalid value; expected ${expected}`);
  return new Error(`wrong type for value; expected ${expected}; got ${goTypeName(value)}`);
}
function str(value) {
  if (typeof value === "string") return value;
  throw wrongType("string", value);
}
function int(value) {
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number" && Number.isInteger(value)) return value;
  throw wrongType("int", value);
}
function float(value) {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  throw wrongType("float64", value);
}
function bool(value) {
  if (typeof value === "boolean") return value;
  throw wrongType("bool", value);
}
function dictArg(value) {
  if (value === null) return null;
  if (value instanceof GoMap && value.type === "map[string]interface {}") return value;
  throw wrongType("map[string]interface {}", value);
}
function strval(value) {
  return typeof value === "string" ? value : formatValue(value);
}
var INT64_MIN = -(1n << 63n);
var INT64_MAX = (1n << 63n) - 1n;
function wrap64(n) {
  return BigInt.asIntN(64, n);
}
function parseGoInt(s, base) {
  let body = s;
  let sign = 1n;
  if (body.startsWith("+") || body.startsWith("-")) {
    if (body.startsWith("-")) sign = -1n;
    body = body.slice(1);
  }
  let radix = base === 0 ? 10 : base;
  let underscores = false;
  if (base === 0) {
    underscores = true;
    const prefix = body.slice(0, 2).toLowerCase();
    if (prefix === "0x" || prefix === "0o" || prefix === "0b") {
      radix = prefix === "0x" ? 16 : prefix === "0o" ? 8 : 2;
      body = body.slice(2);
      if (body.startsWith("_")) body = body.slice(1);
    } else if (body.length > 1 && body.startsWith("0")) {
      radix = 8;
      body = body.slice(1);
    }
  }
  if (body === "") return void 0;
  if (underscores) {
    if (body.startsWith("_") || body.endsWith("_") || body.includes("__")) return void 0;
    body = body.replaceAll("_", "");
  }
  const digits = "0123456789abcdefghijklmnopqrstuvwxyz".slice(0, radix);
  let n = 0n;
  for (const ch of body.toLowerCase()) {
    const d = digits.indexOf(ch);
    if (d < 0) return void 0;
    n = n * BigInt(radix) + BigInt(d);
  }
  n *= sign;
  if (n > INT64_MAX) return { value: INT64_MAX, range: true };
  if (n < INT64_MIN) return { value: INT64_MIN, range: true };
  return { value: n, range: false };
}
var parseGoFloat = goParseFloat;
function toInt64(value) {
  if (value instanceof GoInt) {
    if ((value.type === "uint64" || value.type === "uint") && value.value > INT64_MAX)
      return INT64_MAX;
    return wrap64(value.value);
  }
  if (typeof value === "string") {
    const parsed = parseGoInt(value, 10);
    return parsed && !parsed.range ? parsed.value : 0n;
  }
  return castInt64(value);
}
function castInt64(value) {
  if (value instanceof GoInt) return wrap64(value.value);
  switch (typeof value) {
    case "bigint":
      return wrap64(value);
    case "number":
      return Number.isFinite(value) && Math.abs(value) < 2 ** 63 ? BigInt(Math.trunc(value)) : INT64_MIN;
    case "boolean":
      return value ? 1n : 0n;
    case "string": {
      const parsed = parseGoInt(trimZeroDecimal(value), 0);
      return parsed && !parsed.range ? parsed.value : 0n;
    }
    default:
      return 0n;
  }
}
function trimZeroDecimal(s) {
  let foundZero = false;
  for (let i = s.length; i > 0; i--) {
    const c = s[i - 1];
    if (c === ".") {
      if (foundZero) return s.slice(0, i - 1);
    } else if (c === "0") foundZero = true;
    else return s;
  }
  return s;
}
function castFloat64(value) {
  if (value instanceof GoInt) return Number(value.value);
  switch (typeof value) {
    case "number":
      return value;
    case "bigint":
      return Number(value);
    case "boolean":
      return value ? 1 : 0;
    case "string":
      return parseGoFloat(value) ?? 0;
    default:
      return 0;
  }
}
function isEmpty(value) {
  if (value === null) return true;
  switch (typeof value) {
    case "string":
      return value.length === 0;
    case "boolean":
      return !value;
    case "bigint":
      return value === 0n;
    case "number":
      return value === 0;
    default:
      if (value instanceof GoInt) return value.value === 0n;
      if (Array.isArray(value)) return value.length === 0;
      if (value instanceof GoMap) return value.size === 0;
      return false;
  }
}
var kindName = goKindName;

// packages/gotemplate/src/template/functions/text.ts
function utf8(s) {
  return goStringBytes(s);
}
function fromUtf8(bytes) {
  return goStringFromBytes(bytes);
}
function byteLength(s) {
  return goStringBytes(s).length;
}
function byteSlice(s, start, end) {
  const bytes = utf8(s);
  const stop = end ?? bytes.length;
  if (start < 0 || stop > bytes.length || start > stop) {
    const shown2 = end === void 0 ? `[${start}:]` : `[${start}:${stop}]`;
    throw new Error(
      `runtime error: slice bounds out of range ${shown2} with length ${bytes.length}`
    );
  }
  return fromUtf8(bytes.subarray(start, stop));
}
function bytesAsRunes(s) {
  return Array.from(utf8(s), (b) => String.fromCharCode(b));
}
function isSpace2(cp) {
  if (cp <= 255) {
    return cp >= 9 && cp <= 13 || cp === 32 || cp === 133 || cp === 160;
  }
  return new RegExp("^\\p{White_Space}$", "u").test(String.fromCodePoint(cp));
}
function isUpper(cp) {
  return new RegExp("^\\p{Lu}$", "u").test(String.fromCodePoint(cp));
}
function isLower(cp) {
  return new RegExp("^\\p{Ll}$", "u").test(String.fromCodePoint(cp));
}
function isTitle(cp) {
  return new RegExp("^\\p{Lt}$", "u").test(String.fromCodePoint(cp));
}
function isLetter(cp) {
  return new RegExp("^\\p{L}$", "u").test(String.fromCodePoint(cp));
}
function isNumber(cp) {
  return new RegExp("^\\p{N}$", "u").test(String.fromCodePoint(cp));
}
function isPunct(cp) {
  return new RegExp("^\\p{P}$", "u").test(String.fromCodePoint(cp));
}
var SIMPLE_LOWER = { 304: 105 };
var SIMPLE_UPPER = {
  8115: 8124,
  8131: 8140,
  8179: 8188
};
for (let cp = 8064; cp <= 8111; cp++) if ((cp & 15) < 8) SIMPLE_UPPER[cp] = cp + 8;
function mapSimple(cp, mapped) {
  const points = Array.from(mapped);
  return points.length === 1 ? points[0]?.codePointAt(0) ?? cp : cp;
}
function toUpperRune(cp) {
  const simple = SIMPLE_UPPER[cp];
  if (simple !== void 0) return simple;
  return mapSimple(cp, String.fromCodePoint(cp).toUpperCase());
}
function toLowerRune(cp) {
  const simple = SIMPLE_LOWER[cp];
  if (simple !== void 0) return simple;
  return mapSimple(cp, String.fromCodePoint(cp).toLowerCase());
}
function toTitleRune(cp) {
  const titles = {
    452: 453,
    453: 453,
    454: 453,
    455: 456,
    456: 456,
    457: 456,
    458: 459,
    459: 459,
    460: 459,
    497: 498,
    498: 498,
    499: 498
  };
  return titles[cp] ?? toUpperRune(cp);
}
function runes(s) {
  return Array.from(s, (ch) => ch.codePointAt(0) ?? 65533);
}
function fromRunes(cps) {
  return cps.map((cp) => String.fromCodePoint(cp)).join("");
}
function mapRunes(s, f) {
  return fromRunes(runes(s).map((cp) => f(cp >= 56448 && cp <= 56575 ? 65533 : cp)));
}
function trimSpace(s) {
  const cps = runes(s);
  let start = 0;
  let end = cps.length;
  while (start < end && isSpace2(cps[start] ?? 0)) start++;
  while (end > start && isSpace2(cps[end - 1] ?? 0)) end--;
  return fromRunes(cps.slice(start, end));
}
function trimCutset(s, cutset) {
  const cut = new Set(runes(cutset));
  const cps = runes(s);
  let start = 0;
  let end = cps.length;
  while (start < end && cut.has(cps[start] ?? 0)) start++;
  while (end > start && cut.has(cps[end - 1] ?? 0)) end--;
  return fromRunes(cps.slice(start, end));
}
function isSeparator(cp) {
  if (cp <= 127) {
    if (cp >= 48 && cp <= 57) return false;
    if (cp >= 97 && cp <= 122) return false;
    if (cp >= 65 && cp <= 90) return false;
    return cp !== 95;
  }
  if (isLetter(cp) || isNumber(cp)) return false;
  return isSpace2(cp);
}
function title(s) {
  let prev = 32;
  return mapRunes(s, (cp) => {
    const out = isSeparator(prev) ? toTitleRune(cp) : cp;
    prev = cp;
    return out;
  });
}
function goSplit(s, sep, n = -1) {
  if (n === 0) return [];
  if (sep === "") {
    const parts2 = Array.from(s);
    if (n > 0 && parts2.length > n) {
      return [...parts2.slice(0, n - 1), parts2.slice(n - 1).join("")];
    }
    return parts2;
  }
  const parts = s.split(sep);
  if (n > 0 && parts.length > n) {
    return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
  }
  return parts;
}
function replaceAll(s, old, replacement) {
  if (replacement.length > old.length) {
    const count = old === "" ? s.length + 1 : s.split(old).length - 1;
    reserve(s.length + count * (replacement.length - old.length));
  }
  if (old === "") {
    return replacement + Array.from(s).join(replacement) + (s === "" ? "" : replacement);
  }
  return s.split(old).join(replacement);
}

// packages/gotemplate/src/template/functions/hashstructure.ts
function fnv1(bytes) {
  let hi = 3421674724;
  let lo = 2216829733;
  for (const b of bytes) {
    const tLo = lo * 435;
    const tHi = hi * 435 + Math.floor(tLo / 4294967296);
    const shifted = lo << 8 >>> 0;
    lo = tLo >>> 0 ^ b;
    hi = tHi + shifted >>> 0;
    lo >>>= 0;
  }
  return BigInt(hi) << 32n | BigInt(lo);
}
function le64(n) {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt.asUintN(64, n), true);
  return out;
}
var SIZES = {
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4
};
function fixedSize(n) {
  const size = SIZES[n.type] ?? 8;
  return le64(n.value).subarray(0, size);
}
var pair = new DataView(new ArrayBuffer(16));
var pairBytes = new Uint8Array(pair.buffer);
function ordered(a, b) {
  pair.setBigUint64(0, a, true);
  pair.setBigUint64(8, b, true);
  return fnv1(pairBytes);
}
function hashValue(value) {
  chargeSteps(4);
  if (value === null) return fnv1(le64(0n));
  switch (typeof value) {
    case "string":
      return fnv1(utf8(value));
    case "bigint":
      return fnv1(le64(value));
    case "boolean":
      return fnv1(Uint8Array.of(value ? 1 : 0));
    case "number": {
      const bytes = new Uint8Array(8);
      new DataView(bytes.buffer).setFloat64(0, value, true);
      return fnv1(bytes);
    }
  }
  if (value instanceof GoInt) return fnv1(fixedSize(value));
  if (Array.isArray(value)) return value.reduce((h2, v) => ordered(h2, hashValue(v)), 0n);
  if (value instanceof GoMap) {
    let h2 = 0n;
    for (const [k, v] of value.entries) h2 ^= ordered(hashValue(k), hashValue(v));
    return h2;
  }
  const name = value.typeName.replace(/^\*+/, "").replace(/^.*\./, "");
  let h = hashValue(name);
  if (value.text !== void 0 || value.marshal === "empty") return h;
  for (const [field, v] of value.fields) h ^= ordered(hashValue(field), hashValue(v));
  return h;
}

// packages/gotemplate/src/template/functions/custom.ts
function toYaml(value) {
  try {
    const out = marshalYaml(value);
    return out.endsWith("\n") ? out.slice(0, -1) : out;
  } catch (error) {
    rethrowBudget(error);
    return "";
  }
}
function stringify(value) {
  if (!(value instanceof GoMap) || value.type !== "map[string]interface {}") return toYaml(value);
  const converted = new GoMap(
    [...value.entries].map(([k, v]) => {
      const asText = Array.isArray(v) && sliceElement(v) === "interface {}" || v instanceof GoMap && v.type === "map[string]interface {}";
      return [k, asText ? safeMarshal(v) : v];
    }),
    value.type
  );
  return toYaml(converted);
}
function safeMarshal(value) {
  try {
    return marshalYaml(value);
  } catch (error) {
    rethrowBudget(error);
    return "";
  }
}
function unquote(value) {
  if (typeof value !== "string") return "";
  return trimCutset(trimCutset(trimSpace(value), '"'), "'");
}
var customFunctions = {
  toYaml: fn(1, (a) => toYaml(arg(a, 0))),
  stringify: fn(1, (a) => stringify(arg(a, 0))),
  hash: fn(1, (a) => hashValue(arg(a, 0)).toString()),
  unquote: fn(1, (a) => unquote(arg(a, 0)))
};

// packages/gotemplate/src/template/functions/durations.ts
var SECOND = 1000000000n;
var MINUTE = 60n * SECOND;
var HOUR = 60n * MINUTE;
function fraction(v, digits) {
  const text = v.toString().padStart(digits, "0").replace(/0+$/, "");
  return text === "" ? "" : "." + text;
}
function formatDuration(nanos) {
  const d = BigInt.asIntN(64, nanos);
  if (d === 0n) return "0s";
  const sign = d < 0n ? "-" : "";
  const u = d < 0n ? -d : d;
  if (u < SECOND) {
    if (u < 1000n) return `${sign}${u}ns`;
    if (u < 1000000n) return `${sign}${u / 1000n}${fraction(u % 1000n, 3)}\xB5s`;
    return `${sign}${u / 1000000n}${fraction(u % 1000000n, 6)}ms`;
  }
  const seconds = `${u % MINUTE / SECOND}${fraction(u % SECOND, 9)}s`;
  if (u < MINUTE) return sign + seconds;
  const minutes = `${u % HOUR / MINUTE}m`;
  if (u < HOUR) return sign + minutes + seconds;
  return `${sign}${u / HOUR}h${minutes}${seconds}`;
}
var UNITS = {
  ns: 1n,
  us: 1000n,
  \u00B5s: 1000n,
  \u03BCs: 1000n,
  ms: 1000000n,
  s: SECOND,
  m: MINUTE,
  h: HOUR
};
function parseDuration(s) {
  let rest2 = s;
  let negative = false;
  if (rest2.startsWith("-") || rest2.startsWith("+")) {
    negative = rest2.startsWith("-");
    rest2 = rest2.slice(1);
  }
  if (rest2 === "0") return 0n;
  if (rest2 === "") return void 0;
  let total = 0n;
  while (rest2 !== "") {
    const m = /^(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/.exec(rest2);
    if (!m || m[1] === "" && (m[2] ?? "") === "") return void 0;
    const unit = UNITS[m[3] ?? ""] ?? 0n;
    const frac = m[2] ?? "";
    total += BigInt(m[1] || "0") * unit;
    if (frac !== "") total += BigInt(frac) * unit / 10n ** BigInt(frac.length);
    rest2 = rest2.slice(m[0].length);
  }
  if (total > (1n << 63n) - 1n) return void 0;
  return negative ? -total : total;
}
function duration(value) {
  let seconds = 0n;
  if (typeof value === "string") seconds = parseGoInt(value, 10)?.value ?? 0n;
  else if (value instanceof GoInt && value.type === "int64") seconds = value.value;
  return formatDuration(seconds * SECOND);
}
function durationRound(value) {
  let d = 0n;
  if (typeof value === "string") d = parseDuration(value) ?? 0n;
  else if (value instanceof GoInt && value.type === "int64") d = value.value;
  const u = d < 0n ? -d : d;
  const day = 24n * HOUR;
  const steps = [
    [365n * day, "y"],
    [30n * day, "mo"],
    [day, "d"],
    [HOUR, "h"],
    [MINUTE, "m"],
    [SECOND, "s"]
  ];
  for (const [size, unit] of steps) if (u > size) return `${u / size}${unit}`;
  return "0s";
}
var dateFunctions = {
  duration: fn(1, (a) => duration(arg(a, 0))),
  durationRound: fn(1, (a) => durationRound(arg(a, 0)))
};

// packages/gotemplate/src/template/functions/defaults.ts
var defaultFunctions = {
  // `default d given…`: the piped value when it is not empty (sprig's `empty`), otherwise `d`.
  default: fn(
    1,
    (a) => {
      const given = a.slice(1);
      return given.length === 0 || isEmpty(arg(given, 0)) ? arg(a, 0) : arg(given, 0);
    },
    true
  ),
  empty: fn(1, (a) => isEmpty(arg(a, 0))),
  coalesce: fn(0, (a) => a.find((v) => !isEmpty(v)) ?? null, true),
  all: fn(0, (a) => a.every((v) => !isEmpty(v)), true),
  any: fn(0, (a) => a.some((v) => !isEmpty(v)), true),
  ternary: fn(3, (a) => bool(arg(a, 2)) ? arg(a, 0) : arg(a, 1)),
  fail: fn(1, (a) => {
    throw new Error(str(arg(a, 0)));
  })
};

// node_modules/@noble/hashes/hmac.js
var _HMAC = class {
  oHash;
  iHash;
  blockLen;
  outputLen;
  canXOF = false;
  finished = false;
  destroyed = false;
  constructor(hash, key) {
    ahash(hash);
    abytes(key, void 0, "key");
    this.iHash = hash.create();
    if (typeof this.iHash.update !== "function")
      throw new Error("expected Hash instance");
    this.blockLen = this.iHash.blockLen;
    this.outputLen = this.iHash.outputLen;
    const blockLen = this.blockLen;
    const pad2 = new Uint8Array(blockLen);
    pad2.set(key.length > blockLen ? hash.create().update(key).digest() : key);
    for (let i = 0; i < pad2.length; i++)
      pad2[i] ^= 54;
    this.iHash.update(pad2);
    this.oHash = hash.create();
    for (let i = 0; i < pad2.length; i++)
      pad2[i] ^= 54 ^ 92;
    this.oHash.update(pad2);
    clean(pad2);
  }
  update(buf) {
    aexists(this);
    this.iHash.update(buf);
    return this;
  }
  digestInto(out) {
    aexists(this);
    aoutput(out, this);
    this.finished = true;
    const buf = out.subarray(0, this.outputLen);
    this.iHash.digestInto(buf);
    this.oHash.update(buf);
    this.oHash.digestInto(buf);
    this.destroy();
  }
  digest() {
    const out = new Uint8Array(this.oHash.outputLen);
    this.digestInto(out);
    return out;
  }
  _cloneInto(to) {
    to ||= Object.create(Object.getPrototypeOf(this), {});
    const { oHash, iHash, finished, destroyed, blockLen, outputLen, canXOF } = this;
    to = to;
    to.finished = finished;
    to.destroyed = destroyed;
    to.blockLen = blockLen;
    to.outputLen = outputLen;
    to.canXOF = canXOF;
    to.oHash = oHash._cloneInto(to.oHash);
    to.iHash = iHash._cloneInto(to.iHash);
    return to;
  }
  clone() {
    return this._cloneInto();
  }
  destroy() {
    this.destroyed = true;
    this.oHash.destroy();
    this.iHash.destroy();
  }
};
var hmac = /* @__PURE__ */ (() => {
  const hmac_ = ((hash, key, message) => new _HMAC(hash, key).update(message).digest());
  hmac_.create = (hash, key) => new _HMAC(hash, key);
  return hmac_;
})();

// node_modules/@noble/hashes/pbkdf2.js
function pbkdf2Init(hash, _password, _salt, _opts) {
  ahash(hash);
  const opts = checkOpts({ dkLen: 32, asyncTick: 10 }, _opts);
  const { c, dkLen, asyncTick } = opts;
  anumber(c, "c");
  anumber(dkLen, "dkLen");
  anumber(asyncTick, "asyncTick");
  if (c < 1)
    throw new Error('"c" (iterations) must be >= 1');
  if (dkLen < 1)
    throw new Error('"dkLen" must be >= 1');
  if (dkLen > (2 ** 32 - 1) * hash.outputLen)
    throw new Error("derived key too long");
  const p = kdfInputToBytes(_password, "password");
  try {
    const s = kdfInputToBytes(_salt, "salt");
    try {
      const DK = new Uint8Array(dkLen);
      const { iHash, oHash, outputLen } = hmac.create(hash, p);
      const u = new Uint8Array(outputLen);
      const eng = pbkdf2Engine(iHash, oHash, s, u);
      return { c, dkLen, asyncTick, DK, outputLen, eng };
    } finally {
      if (typeof _salt === "string")
        clean(s);
    }
  } finally {
    if (typeof _password === "string")
      clean(p);
  }
}
function pbkdf2Engine(iHash, oHash, salt, u) {
  const counter = new Uint8Array(4);
  const view = createView(counter);
  const salted = iHash._cloneInto().update(salt);
  const work = oHash._cloneInto();
  const iClone = iHash._cloneInto;
  const oClone = oHash._cloneInto;
  return {
    u1: (ti, Ti) => {
      view.setInt32(0, ti, false);
      salted._cloneInto(work).update(counter).digestInto(u);
      oHash._cloneInto(work).update(u).digestInto(u);
      Ti.set(u.subarray(0, Ti.length));
    },
    // Whole `F` inner loop for the sync variant: one optimized function owns the hot loop.
    rounds: (c, Ti) => {
      for (let ui = 1; ui < c; ui++) {
        iClone.call(iHash, work).update(u).digestInto(u);
        oClone.call(oHash, work).update(u).digestInto(u);
        for (let i = 0; i < Ti.length; i++)
          Ti[i] ^= u[i];
      }
    },
    output: (DK) => {
      iHash.destroy();
      oHash.destroy();
      salted.destroy();
      work.destroy();
      clean(u);
      return DK;
    }
  };
}
function pbkdf2(hash, password, salt, opts) {
  const { c, dkLen, DK, outputLen, eng } = pbkdf2Init(hash, password, salt, opts);
  for (let ti = 1, pos = 0; pos < dkLen; ti++, pos += outputLen) {
    const Ti = DK.subarray(pos, pos + outputLen);
    eng.u1(ti, Ti);
    eng.rounds(c, Ti);
  }
  return eng.output(DK);
}

// node_modules/@noble/hashes/scrypt.js
function XorAndSalsa(prev, pi, input, ii, out, oi) {
  let y00 = prev[pi++] ^ input[ii++], y01 = prev[pi++] ^ input[ii++];
  let y02 = prev[pi++] ^ input[ii++], y03 = prev[pi++] ^ input[ii++];
  let y04 = prev[pi++] ^ input[ii++], y05 = prev[pi++] ^ input[ii++];
  let y06 = prev[pi++] ^ input[ii++], y07 = prev[pi++] ^ input[ii++];
  let y08 = prev[pi++] ^ input[ii++], y09 = prev[pi++] ^ input[ii++];
  let y10 = prev[pi++] ^ input[ii++], y11 = prev[pi++] ^ input[ii++];
  let y12 = prev[pi++] ^ input[ii++], y13 = prev[pi++] ^ input[ii++];
  let y14 = prev[pi++] ^ input[ii++], y15 = prev[pi++] ^ input[ii++];
  let x00 = y00, x01 = y01, x02 = y02, x03 = y03, x04 = y04, x05 = y05, x06 = y06, x07 = y07, x08 = y08, x09 = y09, x10 = y10, x11 = y11, x12 = y12, x13 = y13, x14 = y14, x15 = y15;
  for (let i = 0; i < 8; i += 2) {
    x04 ^= rotl(x00 + x12 | 0, 7);
    x08 ^= rotl(x04 + x00 | 0, 9);
    x12 ^= rotl(x08 + x04 | 0, 13);
    x00 ^= rotl(x12 + x08 | 0, 18);
    x09 ^= rotl(x05 + x01 | 0, 7);
    x13 ^= rotl(x09 + x05 | 0, 9);
    x01 ^= rotl(x13 + x09 | 0, 13);
    x05 ^= rotl(x01 + x13 | 0, 18);
    x14 ^= rotl(x10 + x06 | 0, 7);
    x02 ^= rotl(x14 + x10 | 0, 9);
    x06 ^= rotl(x02 + x14 | 0, 13);
    x10 ^= rotl(x06 + x02 | 0, 18);
    x03 ^= rotl(x15 + x11 | 0, 7);
    x07 ^= rotl(x03 + x15 | 0, 9);
    x11 ^= rotl(x07 + x03 | 0, 13);
    x15 ^= rotl(x11 + x07 | 0, 18);
    x01 ^= rotl(x00 + x03 | 0, 7);
    x02 ^= rotl(x01 + x00 | 0, 9);
    x03 ^= rotl(x02 + x01 | 0, 13);
    x00 ^= rotl(x03 + x02 | 0, 18);
    x06 ^= rotl(x05 + x04 | 0, 7);
    x07 ^= rotl(x06 + x05 | 0, 9);
    x04 ^= rotl(x07 + x06 | 0, 13);
    x05 ^= rotl(x04 + x07 | 0, 18);
    x11 ^= rotl(x10 + x09 | 0, 7);
    x08 ^= rotl(x11 + x10 | 0, 9);
    x09 ^= rotl(x08 + x11 | 0, 13);
    x10 ^= rotl(x09 + x08 | 0, 18);
    x12 ^= rotl(x15 + x14 | 0, 7);
    x13 ^= rotl(x12 + x15 | 0, 9);
    x14 ^= rotl(x13 + x12 | 0, 13);
    x15 ^= rotl(x14 + x13 | 0, 18);
  }
  out[oi++] = y00 + x00 | 0;
  out[oi++] = y01 + x01 | 0;
  out[oi++] = y02 + x02 | 0;
  out[oi++] = y03 + x03 | 0;
  out[oi++] = y04 + x04 | 0;
  out[oi++] = y05 + x05 | 0;
  out[oi++] = y06 + x06 | 0;
  out[oi++] = y07 + x07 | 0;
  out[oi++] = y08 + x08 | 0;
  out[oi++] = y09 + x09 | 0;
  out[oi++] = y10 + x10 | 0;
  out[oi++] = y11 + x11 | 0;
  out[oi++] = y12 + x12 | 0;
  out[oi++] = y13 + x13 | 0;
  out[oi++] = y14 + x14 | 0;
  out[oi++] = y15 + x15 | 0;
}
function BlockMix(input, ii, out, oi, r) {
  let head = oi + 0;
  let tail = oi + 16 * r;
  for (let i = 0; i < 16; i++)
    out[tail + i] = input[ii + (2 * r - 1) * 16 + i];
  for (let i = 0; i < r; i++, head += 16, ii += 16) {
    XorAndSalsa(out, tail, input, ii, out, head);
    if (i > 0)
      tail += 16;
    XorAndSalsa(out, head, input, ii += 16, out, tail);
  }
}
var SCRYPT_DEFAULT_MAXMEM = 128 * 8 * (2 ** 20 + 1 + 1);
function scryptInit(password, salt, _opts) {
  const opts = checkOpts({
    dkLen: 32,
    asyncTick: 10,
    maxmem: SCRYPT_DEFAULT_MAXMEM
  }, _opts);
  const { N, r, p, dkLen, asyncTick, maxmem, onProgress } = opts;
  anumber(N, "N");
  anumber(r, "r");
  anumber(p, "p");
  anumber(dkLen, "dkLen");
  anumber(asyncTick, "asyncTick");
  anumber(maxmem, "maxmem");
  if (onProgress !== void 0 && typeof onProgress !== "function")
    throw new Error('"onProgress" must be a function');
  if (r < 1)
    throw new Error('"r" expected integer >= 1');
  const blockSize = 128 * r;
  const blockSize32 = blockSize / 4;
  const pow32 = Math.pow(2, 32);
  if (N <= 1 || (N & N - 1) !== 0 || N > pow32)
    throw new Error('"N" expected a power of 2, and 2^1 <= N <= 2^32');
  if (p < 1 || p > (pow32 - 1) * 32 / blockSize)
    throw new Error('"p" expected integer 1..((2^32 - 1) * 32) / (128 * r)');
  if (dkLen < 1 || dkLen > (pow32 - 1) * 32)
    throw new Error('"dkLen" expected integer 1..(2^32 - 1) * 32');
  const memUsed = blockSize * (N + p + 1);
  if (memUsed > maxmem)
    throw new Error('"maxmem" limit was hit: memUsed(128*r*(N+p+1))=' + memUsed + ", maxmem=" + maxmem);
  const B = pbkdf2(sha256, password, salt, { c: 1, dkLen: blockSize * p });
  const B322 = u32(B);
  const V = u32(new Uint8Array(blockSize * N));
  const tmp = u32(new Uint8Array(blockSize));
  let blockMixCb = () => {
  };
  if (onProgress) {
    const totalBlockMix = 2 * N * p;
    const callbackPer = Math.max(Math.floor(totalBlockMix / 1e4), 1);
    let blockMixCnt = 0;
    blockMixCb = () => {
      blockMixCnt++;
      if (onProgress && (!(blockMixCnt % callbackPer) || blockMixCnt === totalBlockMix)) {
        try {
          onProgress(blockMixCnt / totalBlockMix);
        } catch (e) {
          clean(B, V, tmp);
          throw e;
        }
      }
    };
  }
  return { N, r, p, dkLen, blockSize32, V, B32: B322, B, tmp, blockMixCb, asyncTick };
}
function scryptOutput(password, dkLen, B, V, tmp) {
  const res = pbkdf2(sha256, password, B, { c: 1, dkLen });
  clean(B, V, tmp);
  return res;
}
function scrypt(password, salt, opts) {
  const { N, r, p, dkLen, blockSize32, V, B32: B322, B, tmp, blockMixCb } = scryptInit(password, salt, opts);
  swap32IfBE(B322);
  for (let pi = 0; pi < p; pi++) {
    const Pi = blockSize32 * pi;
    for (let i = 0; i < blockSize32; i++)
      V[i] = B322[Pi + i];
    for (let i = 0, pos = 0; i < N - 1; i++) {
      BlockMix(V, pos, V, pos += blockSize32, r);
      blockMixCb();
    }
    BlockMix(V, (N - 1) * blockSize32, B322, Pi, r);
    blockMixCb();
    for (let i = 0; i < N; i++) {
      const j = (B322[Pi + blockSize32 - 16] & N - 1) >>> 0;
      for (let k = 0; k < blockSize32; k++)
        tmp[k] = B322[Pi + k] ^ V[j * blockSize32 + k];
      BlockMix(tmp, 0, B322, Pi, r);
      blockMixCb();
    }
  }
  swap32IfBE(B322);
  return scryptOutput(password, dkLen, B, V, tmp);
}

// packages/gotemplate/src/template/functions/derive-password.ts
var SEED = "com.lyndir.masterpassword";
var TEMPLATES = {
  maximum: ["anoxxxxxxxxxxxxxxxxx", "axxxxxxxxxxxxxxxxxno"],
  long: [
    "CvcvnoCvcvCvcv",
    "CvcvCvcvnoCvcv",
    "CvcvCvcvCvcvno",
    "CvccnoCvcvCvcv",
    "CvccCvcvnoCvcv",
    "CvccCvcvCvcvno",
    "CvcvnoCvccCvcv",
    "CvcvCvccnoCvcv",
    "CvcvCvccCvcvno",
    "CvcvnoCvcvCvcc",
    "CvcvCvcvnoCvcc",
    "CvcvCvcvCvccno",
    "CvccnoCvccCvcv",
    "CvccCvccnoCvcv",
    "CvccCvccCvcvno",
    "CvcvnoCvccCvcc",
    "CvcvCvccnoCvcc",
    "CvcvCvccCvccno",
    "CvccnoCvcvCvcc",
    "CvccCvcvnoCvcc",
    "CvccCvcvCvccno"
  ],
  medium: ["CvcnoCvc", "CvcCvcno"],
  short: ["Cvcn"],
  basic: ["aaanaaan", "aannaaan", "aaannaaa"],
  pin: ["nnnn"]
};
var CHARACTERS = {
  V: "AEIOU",
  C: "BCDFGHJKLMNPQRSTVWXYZ",
  v: "aeiou",
  c: "bcdfghjklmnpqrstvwxyz",
  A: "AEIOUBCDFGHJKLMNPQRSTVWXYZ",
  a: "AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz",
  n: "0123456789",
  o: "@&%?,=[]_:-+*$#!'^~;()/.",
  x: "AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz0123456789!@#$%^&*()"
};
function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
function uint32(n) {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n >>> 0);
  return out;
}
function derivePassword(counter, type, password, user, site) {
  const templates = TEMPLATES[type];
  if (templates === void 0) return `cannot find password template ${type}`;
  chargeSteps(1e6);
  const seed = utf8(SEED);
  const userBytes = utf8(user);
  const siteBytes = utf8(site);
  const key = scrypt(utf8(password), concat(seed, uint32(userBytes.length), userBytes), {
    N: 32768,
    r: 8,
    p: 2,
    dkLen: 64
  });
  const digest = hmac(
    sha256,
    key,
    concat(seed, uint32(siteBytes.length), siteBytes, uint32(counter))
  );
  const template = templates[(digest[0] ?? 0) % templates.length] ?? "";
  let out = "";
  for (let i = 0; i < template.length; i++) {
    const chars = CHARACTERS[template.charAt(i)] ?? "";
    out += chars.charAt((digest[i + 1] ?? 0) % chars.length);
  }
  return out;
}
var passwordFunctions = {
  derivePassword: fn(
    5,
    (a) => derivePassword(int(arg(a, 0)), str(arg(a, 1)), str(arg(a, 2)), str(arg(a, 3)), str(arg(a, 4)))
  )
};

// packages/gotemplate/src/template/functions/dicts.ts
function newDict(entries2 = []) {
  return new GoMap(entries2, "map[string]interface {}");
}
function sortedKeys(map) {
  return [...map.entries.keys()].map((k) => String(k)).sort(compareGoStrings);
}
function writable(map) {
  if (map === null) throw new Error("assignment to entry in nil map");
  return map;
}
function deepCopy(value) {
  chargeSteps(1);
  if (Array.isArray(value)) return typedSlice(value.map(deepCopy), sliceElement(value));
  if (value instanceof GoMap) {
    return new GoMap(
      [...value.entries].map(([k, v]) => [k, deepCopy(v)]),
      value.type
    );
  }
  if (value instanceof GoStruct) {
    return new GoStruct(
      value.typeName,
      [...value.fields].map(([k, v]) => [k, deepCopy(v)]),
      value.options
    );
  }
  return value;
}
function mergeInto(dst, src, overwrite) {
  for (const [key, srcValue] of src.entries) {
    const present = dst.has(key);
    const dstValue = dst.get(key) ?? null;
    if (srcValue === null) {
      if (overwrite) dst.entries.set(key, null);
      continue;
    }
    const srcIsCollection = srcValue instanceof GoMap || Array.isArray(srcValue);
    if (srcValue instanceof GoMap && dstValue instanceof GoMap) {
      mergeInto(dstValue, srcValue, overwrite);
    } else if (Array.isArray(srcValue) && overwrite) {
      dst.entries.set(key, srcValue);
      continue;
    }
    if (present && !isEmpty(dstValue) && srcIsCollection) continue;
    if (overwrite || !present || isEmpty(dstValue)) dst.entries.set(key, srcValue);
  }
}
function merge(overwrite) {
  return fn(
    1,
    (a) => {
      const dst = dictArg(arg(a, 0)) ?? newDict();
      for (const src of a.slice(1)) {
        const map = dictArg(src);
        if (map) mergeInto(dst, map, overwrite);
      }
      return dst;
    },
    true
  );
}
function dig(args) {
  if (args.length < 3) throw new Error("dig needs at least three arguments");
  const keys = args.slice(0, -2);
  const fallback = arg(args, args.length - 2);
  let current = args[args.length - 1] ?? null;
  for (const k of keys) {
    const key = str(k);
    const map = dictArgForDig(current);
    if (!map?.has(key)) return fallback;
    current = map.get(key) ?? null;
  }
  return current;
}
function dictArgForDig(value) {
  if (value instanceof GoMap && value.type === "map[string]interface {}") return value;
  if (value === null) return null;
  const type = value instanceof GoMap ? value.type : typeof value === "string" ? "string" : "other";
  throw new Error(`interface conversion: interface {} is ${type}, not map[string]interface {}`);
}
var dictFunctions = {
  dict: fn(
    0,
    (a) => {
      const d = newDict();
      for (let i = 0; i < a.length; i += 2) {
        d.entries.set(strval(arg(a, i)), i + 1 < a.length ? arg(a, i + 1) : "");
      }
      return d;
    },
    true
  ),
  get: fn(2, (a) => {
    const d = dictArg(arg(a, 0));
    const key = str(arg(a, 1));
    return d?.has(key) ? d.get(key) ?? null : "";
  }),
  set: fn(3, (a) => {
    const d = writable(dictArg(arg(a, 0)));
    d.entries.set(str(arg(a, 1)), arg(a, 2));
    return d;
  }),
  unset: fn(2, (a) => {
    const d = dictArg(arg(a, 0));
    d?.entries.delete(str(arg(a, 1)));
    return d;
  }),
  hasKey: fn(2, (a) => dictArg(arg(a, 0))?.has(str(arg(a, 1))) ?? false),
  pluck: fn(
    1,
    (a) => {
      const key = str(arg(a, 0));
      const out = [];
      for (const d of a.slice(1)) {
        const map = dictArg(d);
        if (map?.has(key)) out.push(map.get(key) ?? null);
      }
      return out;
    },
    true
  ),
  keys: fn(
    0,
    (a) => typedSlice(
      a.flatMap((d) => {
        const m = dictArg(d);
        return m ? sortedKeys(m) : [];
      }),
      "string"
    ),
    true
  ),
  pick: fn(
    1,
    (a) => {
      const d = dictArg(arg(a, 0));
      const out = newDict();
      for (const k of a.slice(1).map(str)) if (d?.has(k)) out.entries.set(k, d.get(k) ?? null);
      return out;
    },
    true
  ),
  omit: fn(
    1,
    (a) => {
      const d = dictArg(arg(a, 0));
      const omit = new Set(a.slice(1).map(str));
      const keys = d ? sortedKeys(d).filter((k) => !omit.has(k)) : [];
      return newDict(keys.map((k) => [k, d?.get(k) ?? null]));
    },
    true
  ),
  values: fn(1, (a) => {
    const d = dictArg(arg(a, 0));
    return d ? sortedKeys(d).map((k) => d.get(k) ?? null) : [];
  }),
  merge: merge(false),
  mustMerge: merge(false),
  mergeOverwrite: merge(true),
  mustMergeOverwrite: merge(true),
  dig: fn(0, dig, true),
  deepCopy: fn(1, (a) => deepCopy(arg(a, 0))),
  mustDeepCopy: fn(1, (a) => deepCopy(arg(a, 0)))
};

// packages/gotemplate/src/template/functions/digest.ts
function rotl2(x, n) {
  return x << n | x >>> 32 - n;
}
function rotr(x, n) {
  return x >>> n | x << 32 - n;
}
function pad(data) {
  const length2 = Math.ceil((data.length + 9) / 64) * 64;
  const bytes = new Uint8Array(length2);
  bytes.set(data);
  bytes[data.length] = 128;
  const view = new DataView(bytes.buffer);
  const bits = data.length * 8;
  view.setUint32(length2 - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(length2 - 4, bits >>> 0);
  return view;
}
function toHex(words) {
  return words.map((w) => (w >>> 0).toString(16).padStart(8, "0")).join("");
}
function sha1Hex(data) {
  const view = pad(data);
  const h = [1732584193, 4023233417, 2562383102, 271733878, 3285377520];
  const w = new Array(80).fill(0);
  for (let off = 0; off < view.byteLength; off += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(off + t * 4);
    for (let t = 16; t < 80; t++) {
      w[t] = rotl2((w[t - 3] ?? 0) ^ (w[t - 8] ?? 0) ^ (w[t - 14] ?? 0) ^ (w[t - 16] ?? 0), 1);
    }
    let [a, b, c, d, e] = h;
    for (let t = 0; t < 80; t++) {
      let f;
      let k;
      if (t < 20) [f, k] = [b & c | ~b & d, 1518500249];
      else if (t < 40) [f, k] = [b ^ c ^ d, 1859775393];
      else if (t < 60) [f, k] = [b & c | b & d | c & d, 2400959708];
      else [f, k] = [b ^ c ^ d, 3395469782];
      const temp = rotl2(a, 5) + f + e + k + (w[t] ?? 0) | 0;
      [e, d, c, b, a] = [d, c, rotl2(b, 30), a, temp];
    }
    const next = [a, b, c, d, e];
    for (let i = 0; i < 5; i++) h[i] = (h[i] ?? 0) + (next[i] ?? 0) | 0;
  }
  return toHex(h);
}
var K256 = [
  1116352408,
  1899447441,
  3049323471,
  3921009573,
  961987163,
  1508970993,
  2453635748,
  2870763221,
  3624381080,
  310598401,
  607225278,
  1426881987,
  1925078388,
  2162078206,
  2614888103,
  3248222580,
  3835390401,
  4022224774,
  264347078,
  604807628,
  770255983,
  1249150122,
  1555081692,
  1996064986,
  2554220882,
  2821834349,
  2952996808,
  3210313671,
  3336571891,
  3584528711,
  113926993,
  338241895,
  666307205,
  773529912,
  1294757372,
  1396182291,
  1695183700,
  1986661051,
  2177026350,
  2456956037,
  2730485921,
  2820302411,
  3259730800,
  3345764771,
  3516065817,
  3600352804,
  4094571909,
  275423344,
  430227734,
  506948616,
  659060556,
  883997877,
  958139571,
  1322822218,
  1537002063,
  1747873779,
  1955562222,
  2024104815,
  2227730452,
  2361852424,
  2428436474,
  2756734187,
  3204031479,
  3329325298
];
function sha256Words(data) {
  const view = pad(data);
  const h = [
    1779033703,
    3144134277,
    1013904242,
    2773480762,
    1359893119,
    2600822924,
    528734635,
    1541459225
  ];
  const w = new Array(64).fill(0);
  for (let off = 0; off < view.byteLength; off += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(off + t * 4);
    for (let t = 16; t < 64; t++) {
      const x = w[t - 15] ?? 0;
      const y = w[t - 2] ?? 0;
      const s0 = rotr(x, 7) ^ rotr(x, 18) ^ x >>> 3;
      const s1 = rotr(y, 17) ^ rotr(y, 19) ^ y >>> 10;
      w[t] = (w[t - 16] ?? 0) + s0 + (w[t - 7] ?? 0) + s1 | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let t = 0; t < 64; t++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = e & f ^ ~e & g;
      const t1 = hh + s1 + ch + (K256[t] ?? 0) + (w[t] ?? 0) | 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = a & b ^ a & c ^ b & c;
      const t2 = s0 + maj | 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, d + t1 | 0, c, b, a, t1 + t2 | 0];
    }
    const next = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = (h[i] ?? 0) + (next[i] ?? 0) | 0;
  }
  return h.map((x) => x >>> 0);
}
function sha256Hex(data) {
  return toHex(sha256Words(data));
}
function adler32(data) {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return b * 65536 + a >>> 0;
}

// packages/gotemplate/src/template/functions/json.ts
function hex4(n) {
  return n.toString(16).padStart(4, "0");
}
function jsonString(s, escapeHtml) {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === "\\") out += "\\" + ch;
    else if (cp < 32) {
      const short = { 8: "b", 9: "t", 10: "n", 12: "f", 13: "r" };
      out += short[cp] !== void 0 ? "\\" + short[cp] : "\\u" + hex4(cp);
    } else if (escapeHtml && (ch === "<" || ch === ">" || ch === "&")) out += "\\u" + hex4(cp);
    else if (cp === 8232 || cp === 8233) out += "\\u" + hex4(cp);
    else if (cp >= 55296 && cp <= 57343) out += "\\ufffd";
    else out += ch;
  }
  return out + '"';
}
function jsonFloat(x) {
  if (!Number.isFinite(x)) throw new Error(`json: unsupported value: ${formatValue(x)}`);
  const abs = Math.abs(x);
  if (abs !== 0 && (abs < 1e-6 || abs >= 1e21)) {
    return formatFloat(x, "e", -1).replace(/e([+-])0(\d)$/, "e$1$2");
  }
  return formatFloat(x, "f", -1);
}
function encode(value, opts, depth) {
  chargeSteps(1);
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return jsonString(value, opts.escapeHtml);
    case "boolean":
    case "bigint":
      return String(value);
    case "number":
      return jsonFloat(value);
  }
  if (value instanceof GoInt) return String(value.value);
  if (Array.isArray(value) && isNilSlice(value)) return "null";
  if (value instanceof GoStruct && (value.marshal === "text" || value.marshal === "json-text") && value.text !== void 0) {
    return jsonString(value.text, opts.escapeHtml);
  }
  if (value instanceof GoStruct && value.marshal === "empty") return "{}";
  const inner = opts.indent === void 0 ? void 0 : depth + opts.indent;
  const wrap = (open, items, close) => {
    if (items.length === 0) return open + close;
    const text = inner === void 0 ? open + items.join(",") + close : `${open}
${inner}${items.join(`,
${inner}`)}
${depth}${close}`;
    reserve(text.length);
    return text;
  };
  const colon = opts.indent === void 0 ? ":" : ": ";
  const member = (k, v) => jsonString(k, opts.escapeHtml) + colon + encode(v, opts, inner ?? "");
  if (Array.isArray(value))
    return wrap(
      "[",
      value.map((v) => encode(v, opts, inner ?? "")),
      "]"
    );
  if (value instanceof GoMap) {
    const entries2 = [...value.entries].map(
      ([k, v]) => [typeof k === "string" ? k : formatValue(k), v]
    );
    entries2.sort((x, y) => compareGoStrings(x[0], y[0]));
    return wrap(
      "{",
      entries2.map(([k, v]) => member(k, v)),
      "}"
    );
  }
  const struct = value;
  return wrap(
    "{",
    [...struct.fields].map(([k, v]) => member(k, v)),
    "}"
  );
}
function hasInterfaceKeyedMap(value) {
  chargeSteps(1);
  if (Array.isArray(value)) return value.some(hasInterfaceKeyedMap);
  if (value instanceof GoMap) {
    if (value.type === "map[interface {}]interface {}") return true;
    for (const v of value.entries.values()) if (hasInterfaceKeyedMap(v)) return true;
    return false;
  }
  if (value instanceof GoStruct && value.marshal === "fields") {
    for (const v of value.fields.values()) if (hasInterfaceKeyedMap(v)) return true;
  }
  return false;
}
function marshalJson(value, opts) {
  return encode(value, opts, "");
}
function toGo3(value) {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return value.map(toGo3);
  const entries2 = Object.entries(value);
  return new GoMap(
    entries2.map(([k, v]) => [k, toGo3(v)]),
    "map[string]interface {}"
  );
}
function unmarshalJson(text) {
  try {
    return toGo3(JSON.parse(text));
  } catch {
    throw new Error(jsonSyntaxError(text));
  }
}
function jsonSyntaxError(text) {
  if (text.trim() === "") return "unexpected end of JSON input";
  const first2 = text.trimStart()[0] ?? "";
  if (!'{["-0123456789tfn'.includes(first2)) {
    return `invalid character '${first2}' looking for beginning of value`;
  }
  return "unexpected end of JSON input";
}

// packages/gotemplate/src/template/functions/encoding.ts
var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
var B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function encodeBase(data, alphabet, bits) {
  const group = bits === 6 ? 4 : 8;
  let out = "";
  let buffer = 0;
  let count = 0;
  for (const byte of data) {
    buffer = buffer << 8 | byte;
    count += 8;
    while (count >= bits) {
      count -= bits;
      out += alphabet[buffer >> count & (1 << bits) - 1];
    }
    buffer &= (1 << count) - 1;
  }
  if (count > 0) out += alphabet[buffer << bits - count & (1 << bits) - 1];
  while (out.length % group !== 0) out += "=";
  return out;
}
function corrupt(name, at) {
  return new Error(`illegal ${name} data at input byte ${at}`);
}
function flush(out, symbols, count, bits) {
  let buffer = 0n;
  for (let j = 0; j < count; j++) buffer = buffer << BigInt(bits) | BigInt(symbols[j] ?? 0);
  const bytes = Math.floor(count * bits / 8);
  buffer >>= BigInt(count * bits - bytes * 8);
  for (let j = bytes - 1; j >= 0; j--) out.push(Number(buffer >> BigInt(j * 8) & 0xffn));
}
function decodeBase64(text) {
  const src = utf8(text);
  const out = [];
  let si = 0;
  for (; ; ) {
    const quantum = [];
    let dlen = 4;
    let j = 0;
    for (; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return Uint8Array.from(out);
        throw corrupt("base64", si - j);
      }
      const ch = src[si++] ?? 0;
      const value = B64.indexOf(String.fromCharCode(ch));
      if (ch < 128 && value >= 0) {
        quantum[j] = value;
        continue;
      }
      if (ch === 10 || ch === 13) {
        j--;
        continue;
      }
      if (ch !== 61 || j < 2) throw corrupt("base64", si - 1);
      if (j === 2) {
        while (si < src.length && (src[si] === 10 || src[si] === 13)) si++;
        if (si === src.length) throw corrupt("base64", src.length);
        if (src[si] !== 61) throw corrupt("base64", si - 1);
        si++;
      }
      while (si < src.length && (src[si] === 10 || src[si] === 13)) si++;
      if (si < src.length) throw corrupt("base64", si);
      dlen = j;
      break;
    }
    flush(out, quantum, dlen, 6);
    if (dlen < 4) return Uint8Array.from(out);
  }
}
function decodeBase32(text) {
  const src = utf8(text).filter((b) => b !== 10 && b !== 13);
  const olen = src.length;
  const out = [];
  let pos = 0;
  while (pos < olen) {
    const quantum = [];
    let dlen = 8;
    for (let j = 0; j < 8; ) {
      if (pos === olen) throw corrupt("base32", olen - (olen - pos) - j);
      const ch = src[pos++] ?? 0;
      const left = olen - pos;
      if (ch === 61 && j >= 2 && left < 8) {
        if (left + j < 7) throw corrupt("base32", olen);
        for (let k = 0; k < 7 - j; k++) {
          if (left > k && src[pos + k] !== 61) throw corrupt("base32", olen - left + k - 1);
        }
        dlen = j;
        if (dlen === 1 || dlen === 3 || dlen === 6) throw corrupt("base32", olen - left - 1);
        pos = olen;
        break;
      }
      const value = ch < 128 ? B32.indexOf(String.fromCharCode(ch)) : -1;
      if (value < 0) throw corrupt("base32", olen - left - 1);
      quantum[j++] = value;
    }
    flush(out, quantum, dlen, 5);
  }
  return Uint8Array.from(out);
}
function decoded(text, decode) {
  try {
    return fromUtf8(decode(text));
  } catch (error) {
    return error.message;
  }
}
function json(opts, must, goJson = false) {
  return fn(1, (a, context) => {
    const value = arg(a, 0);
    if (hasInterfaceKeyedMap(value)) {
      if (goJson) {
        if (must) throw new Error("json: unsupported type: map[interface {}]interface {}");
        return "";
      }
      context?.notice(
        "json-interface-map",
        `its value holds a map[interface {}]interface {}, which Go's encoding/json cannot encode: sprig prints "" for it, this engine writes the JSON`
      );
    }
    try {
      return marshalJson(value, opts);
    } catch (error) {
      rethrowBudget(error);
      if (must) throw error;
      return "";
    }
  });
}
var compact = { escapeHtml: true };
var pretty = { escapeHtml: true, indent: "  " };
var raw = { escapeHtml: false };
function fromJson(must) {
  return fn(1, (a) => {
    try {
      return unmarshalJson(str(arg(a, 0)));
    } catch (error) {
      if (must) throw error;
      return null;
    }
  });
}
var encodingFunctions = {
  b64enc: fn(1, (a) => encodeBase(utf8(str(arg(a, 0))), B64, 6)),
  b64dec: fn(1, (a) => decoded(str(arg(a, 0)), decodeBase64)),
  b32enc: fn(1, (a) => encodeBase(utf8(str(arg(a, 0))), B32, 5)),
  b32dec: fn(1, (a) => decoded(str(arg(a, 0)), decodeBase32)),
  toJson: json(compact, false),
  mustToJson: json(compact, true),
  toPrettyJson: json(pretty, false),
  mustToPrettyJson: json(pretty, true),
  toRawJson: json(raw, false),
  mustToRawJson: json(raw, true),
  fromJson: fromJson(false),
  mustFromJson: fromJson(true),
  sha1sum: fn(1, (a) => sha1Hex(utf8(str(arg(a, 0))))),
  sha256sum: fn(1, (a) => sha256Hex(utf8(str(arg(a, 0))))),
  adler32sum: fn(1, (a) => String(adler32(utf8(str(arg(a, 0))))))
};
var goJsonFunctions = {
  toJson: json(compact, false, true),
  mustToJson: json(compact, true, true),
  toPrettyJson: json(pretty, false, true),
  mustToPrettyJson: json(pretty, true, true),
  // sprig 3's toRawJson panics on an encoding error.
  toRawJson: json(raw, true, true),
  mustToRawJson: json(raw, true, true)
};

// packages/gotemplate/src/template/functions/excluded.ts
var excludedFunctions = /* @__PURE__ */ new Set([
  // Clock and dates (time.Time values, `now`, relative ages).
  "now",
  "date",
  "date_in_zone",
  "dateInZone",
  "date_modify",
  "dateModify",
  "must_date_modify",
  "mustDateModify",
  "ago",
  "toDate",
  "mustToDate",
  "unixEpoch",
  "htmlDate",
  "htmlDateInZone",
  // Environment.
  "env",
  "expandenv",
  // Randomness.
  "randAlpha",
  "randAlphaNum",
  "randAscii",
  "randNumeric",
  "randInt",
  "randBytes",
  "shuffle",
  "uuidv4",
  // Key, certificate and salted-hash generators (random keys, serials, salts or IVs).
  "genPrivateKey",
  "genCA",
  "genCAWithKey",
  "genSelfSignedCert",
  "genSelfSignedCertWithKey",
  "genSignedCert",
  "genSignedCertWithKey",
  "buildCustomCert",
  "encryptAES",
  "bcrypt",
  "htpasswd",
  // Network.
  "getHostByName"
]);

// packages/gotemplate/src/template/functions/reflection.ts
function deepEqual(a, b) {
  chargeSteps(1);
  if (a === null || b === null) return a === b;
  if (typeof a !== "object" || typeof b !== "object") return a === b;
  if (a instanceof GoInt) return b instanceof GoInt && a.type === b.type && a.value === b.value;
  if (Array.isArray(a)) {
    return Array.isArray(b) && sliceElement(a) === sliceElement(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i] ?? null));
  }
  if (a instanceof GoMap) {
    if (!(b instanceof GoMap) || a.type !== b.type || a.size !== b.size) return false;
    for (const [key, value] of a.entries) {
      if (!b.has(key)) return false;
      if (!deepEqual(value, b.get(key) ?? null)) return false;
    }
    return true;
  }
  if (!(b instanceof GoStruct) || a.typeName !== b.typeName) return false;
  for (const [name, value] of a.fields) {
    if (!deepEqual(value, b.fields.get(name) ?? null)) return false;
  }
  return true;
}
var reflectionFunctions = {
  typeOf: fn(1, (a) => goTypeName(arg(a, 0))),
  typeIs: fn(2, (a) => str(arg(a, 0)) === goTypeName(arg(a, 1))),
  typeIsLike: fn(2, (a) => {
    const target = str(arg(a, 0));
    const actual = goTypeName(arg(a, 1));
    return target === actual || "*" + target === actual;
  }),
  kindOf: fn(1, (a) => kindName(arg(a, 0))),
  kindIs: fn(2, (a) => str(arg(a, 0)) === kindName(arg(a, 1))),
  deepEqual: fn(2, (a) => deepEqual(arg(a, 0), arg(a, 1)))
};

// packages/gotemplate/src/template/functions/word-case.ts
var enum_ = {
  number: 1,
  upper: 2,
  alphabet: 3,
  connector: 4,
  punct: 5,
  other: 6
};
function isConnector(cp) {
  return cp === 45 || cp === 95 || isSpace2(cp);
}
function isAlphabet(cp) {
  if (cp <= 127) return cp >= 97 && cp <= 122 || cp >= 65 && cp <= 90;
  if (!isLetter(cp)) return false;
  const cjk = cp >= 13312 && cp <= 19903 || cp >= 19968 && cp <= 40959 || cp >= 131072 && cp <= 195103;
  return !cjk;
}
function takeWhile(cps, from, pred) {
  let i = from;
  while (i < cps.length && pred(cps[i] ?? 0)) i++;
  return i;
}
function splitWords(cps) {
  const words = [];
  let i = 0;
  while (i < cps.length) {
    const cp = cps[i] ?? 0;
    let end;
    let type;
    if (isConnector(cp)) {
      type = enum_.connector;
      end = takeWhile(cps, i + 1, isConnector);
    } else if (isPunct(cp)) {
      type = enum_.punct;
      end = takeWhile(cps, i + 1, isPunct);
    } else if (isUpper(cp)) {
      type = enum_.upper;
      const next = cps[i + 1];
      if (next !== void 0 && isUpper(next)) {
        end = takeWhile(cps, i + 1, isUpper);
        if (end < cps.length && isAlphabet(cps[end] ?? 0)) end--;
      } else if (next !== void 0 && isAlphabet(next)) {
        end = takeWhile(cps, i + 1, (c) => isAlphabet(c) && !isUpper(c));
      } else {
        end = i + 1;
      }
    } else if (isAlphabet(cp)) {
      type = enum_.alphabet;
      end = takeWhile(cps, i + 1, (c) => isAlphabet(c) && !isUpper(c));
    } else if (isNumber(cp)) {
      type = enum_.number;
      end = takeWhile(cps, i + 1, isNumber);
    } else {
      type = enum_.other;
      end = takeWhile(
        cps,
        i + 1,
        (c) => !(isConnector(c) || isAlphabet(c) || isNumber(c) || isPunct(c))
      );
    }
    words.push({ type, text: cps.slice(i, end) });
    i = end;
  }
  return words;
}
function lowerWord(word, connector) {
  if (word.type !== enum_.upper && word.type !== enum_.connector) return word.text;
  return word.text.map((cp) => isConnector(cp) ? connector : isUpper(cp) ? toLowerRune(cp) : cp);
}
function toDelimitedLower(s, connectorChar) {
  const connector = connectorChar.codePointAt(0) ?? 95;
  const words = splitWords(runes(s));
  const out = [];
  const emit = (w) => {
    if (w) out.push(...lowerWord(w, connector));
  };
  const sepBefore = (w) => {
    if (w && w.type !== enum_.punct && w.type !== enum_.connector) out.push(connector);
  };
  const isAlnum = (w) => w?.type === enum_.alphabet || w?.type === enum_.number;
  let i = 0;
  while (i < words.length - 1) {
    const prev = words[i];
    if (prev.type !== enum_.connector) emit(prev);
    i++;
    if (prev.type === enum_.number) {
      while (isAlnum(words[i])) emit(words[i++]);
      sepBefore(words[i]);
    } else if (prev.type === enum_.connector) {
      emit(prev);
    } else if (prev.type !== enum_.punct) {
      if (words[i]?.type !== enum_.number) {
        sepBefore(words[i]);
        continue;
      }
      if (i === words.length - 1) continue;
      const digits = { type: enum_.number, text: words[i].text };
      i++;
      if (words[i]?.type !== enum_.alphabet) {
        emit(digits);
        sepBefore(words[i]);
        continue;
      }
      out.push(connector);
      emit(digits);
      while (isAlnum(words[i])) emit(words[i++]);
      sepBefore(words[i]);
    }
  }
  emit(words[i]);
  return fromRunes(out);
}
function toCamelCase(s) {
  const cps = runes(s);
  if (cps.length === 0) return "";
  const out = [];
  let i = 0;
  let r0 = 0;
  while (i < cps.length) {
    r0 = cps[i++] ?? 0;
    if (!isConnector(r0)) {
      r0 = toUpperRune(r0);
      break;
    }
    out.push(r0);
  }
  if (i >= cps.length) {
    out.push(r0);
    return fromRunes(out);
  }
  for (; i < cps.length; i++) {
    const r1 = r0;
    r0 = cps[i] ?? 0;
    if (isConnector(r0) && isConnector(r1)) {
      out.push(r1);
      continue;
    }
    if (isConnector(r1)) r0 = toUpperRune(r0);
    else out.push(r1);
  }
  out.push(r0);
  return fromRunes(out);
}
function swapCase(s) {
  let whitespace = true;
  return fromRunes(
    runes(s).map((cp) => {
      if (isUpper(cp) || isTitle(cp)) {
        whitespace = false;
        return toLowerRune(cp);
      }
      if (isLower(cp)) {
        const out = whitespace ? toTitleRune(cp) : toUpperRune(cp);
        whitespace = false;
        return out;
      }
      whitespace = isSpace2(cp);
      return cp;
    })
  );
}
function uncapitalize(s) {
  let next = true;
  return fromRunes(
    runes(s).map((cp) => {
      if (isSpace2(cp)) {
        next = true;
        return cp;
      }
      if (!next) return cp;
      next = false;
      return toLowerRune(cp);
    })
  );
}
function initials(s) {
  let out = "";
  let gap = true;
  for (const ch of bytesAsRunes(s)) {
    if (isSpace2(ch.charCodeAt(0))) gap = true;
    else if (gap) {
      out += ch;
      gap = false;
    }
  }
  return out;
}
function deleteWhiteSpace(s) {
  const kept = bytesAsRunes(s).filter((ch) => !isSpace2(ch.charCodeAt(0)));
  return kept.length === utf8(s).length ? s : kept.join("");
}
function wrapCustom(s, width, newline, wrapLong) {
  if (s === "") return "";
  const nl = newline === "" ? "\n" : newline;
  const len = Math.max(width, 1);
  const b = utf8(s);
  const text = (from, to) => fromUtf8(b.subarray(from, to));
  let out = "";
  let offset = 0;
  while (b.length - offset > len) {
    if (b[offset] === 32) {
      offset++;
      continue;
    }
    const window = b.subarray(offset, Math.min(offset + len + 1, b.length));
    const space = window.lastIndexOf(32);
    if (space >= 0) {
      out += text(offset, offset + space) + nl;
      offset += space + 1;
    } else if (wrapLong) {
      out += text(offset, offset + len) + nl;
      offset += len;
    } else {
      const next = b.indexOf(32, offset + len);
      if (next >= 0) {
        out += text(offset, next) + nl;
        offset = next + 1;
      } else {
        out += text(offset, b.length);
        offset = b.length;
      }
    }
  }
  return out + text(offset, b.length);
}
function abbreviateFull(s, offsetIn, maxWidth) {
  if (s === "") return "";
  if (maxWidth < 4) return void 0;
  const b = utf8(s);
  const n = b.length;
  if (n <= maxWidth) return s;
  const text = (from, to) => fromUtf8(b.subarray(from, to));
  let offset = Math.min(offsetIn, n);
  if (n - offset < maxWidth - 3) offset = n - (maxWidth - 3);
  if (offset <= 4) return text(0, maxWidth - 3) + "...";
  if (maxWidth < 7) return void 0;
  if (offset + maxWidth - 3 < n) {
    return "..." + (abbreviateFull(text(offset, n), 0, maxWidth - 3) ?? "");
  }
  return "..." + text(n - (maxWidth - 3), n);
}

// packages/gotemplate/src/template/functions/strings.ts
function toStringList(value) {
  if (value === null) return [];
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(strval);
  return [strval(value)];
}
function unary(f) {
  return fn(1, (a) => f(str(arg(a, 0))));
}
function pipedPair(f) {
  return fn(2, (a) => f(str(arg(a, 1)), str(arg(a, 0))));
}
function trunc(c, s) {
  const n = byteLength(s);
  if (c < 0 && n + c > 0) return byteSlice(s, n + c);
  if (c >= 0 && n > c) return byteSlice(s, 0, c);
  return s;
}
function substring(start, end, s) {
  if (start < 0) return byteSlice(s, 0, end);
  if (end < 0 || end > byteLength(s)) return byteSlice(s, start);
  return byteSlice(s, start, end);
}
function indent(spaces, s) {
  const pad2 = repeat(spaces, " ");
  reserve(s.length + spaces * (s.split("\n").length + 1));
  return pad2 + s.replaceAll("\n", "\n" + pad2);
}
function repeat(count, s) {
  if (count < 0) throw new Error("strings: negative Repeat count");
  reserve(count * s.length);
  return s.repeat(count);
}
function indexedMap(parts) {
  return new GoMap(
    parts.map((p, i) => [`_${i}`, p]),
    "map[string]string"
  );
}
var stringFunctions = {
  abbrev: fn(2, (a) => {
    const width = int(arg(a, 0));
    const s = str(arg(a, 1));
    return width < 4 ? s : abbreviateFull(s, 0, width) ?? "";
  }),
  abbrevboth: fn(3, (a) => {
    const left = int(arg(a, 0));
    const right = int(arg(a, 1));
    const s = str(arg(a, 2));
    if (right < 4 || left > 0 && right < 7) return s;
    return abbreviateFull(s, left, right) ?? "";
  }),
  trunc: fn(2, (a, context) => {
    const c = int(arg(a, 0));
    const s = str(arg(a, 1));
    if (c < 0)
      context?.notice(
        "operator-fails",
        `the operator's sprig 2.22 fails on a negative length ("slice bounds out of range [:${c}]"); sprig 3 keeps the last ${-c} bytes`
      );
    return trunc(c, s);
  }),
  trim: unary(trimSpace),
  upper: unary((s) => mapRunes(s, toUpperRune)),
  lower: unary((s) => mapRunes(s, toLowerRune)),
  title: unary(title),
  untitle: unary(uncapitalize),
  substr: fn(3, (a) => substring(int(arg(a, 0)), int(arg(a, 1)), str(arg(a, 2)))),
  repeat: fn(2, (a) => repeat(int(arg(a, 0)), str(arg(a, 1)))),
  trimall: pipedPair((s, cutset) => trimCutset(s, cutset)),
  trimAll: pipedPair((s, cutset) => trimCutset(s, cutset)),
  trimSuffix: pipedPair(
    (s, suffix) => suffix !== "" && s.endsWith(suffix) ? s.slice(0, s.length - suffix.length) : s
  ),
  trimPrefix: pipedPair((s, prefix) => s.startsWith(prefix) ? s.slice(prefix.length) : s),
  nospace: unary(deleteWhiteSpace),
  initials: unary(initials),
  swapcase: unary(swapCase),
  snakecase: unary((s) => toDelimitedLower(s, "_")),
  camelcase: unary(toCamelCase),
  kebabcase: unary((s) => toDelimitedLower(s, "-")),
  wrap: fn(2, (a) => wrapCustom(str(arg(a, 1)), int(arg(a, 0)), "", false)),
  wrapWith: fn(3, (a) => wrapCustom(str(arg(a, 2)), int(arg(a, 0)), str(arg(a, 1)), true)),
  contains: pipedPair((s, sub2) => s.includes(sub2)),
  hasPrefix: pipedPair((s, prefix) => s.startsWith(prefix)),
  hasSuffix: pipedPair((s, suffix) => s.endsWith(suffix)),
  quote: fn(
    0,
    (a) => a.filter((v) => v !== null).map((v) => quote(strval(v))).join(" "),
    true
  ),
  squote: fn(
    0,
    (a) => a.filter((v) => v !== null).map((v) => `'${formatValue(v)}'`).join(" "),
    true
  ),
  cat: fn(
    0,
    (a) => a.filter((v) => v !== null).map(formatValue).join(" "),
    true
  ),
  indent: fn(2, (a) => indent(int(arg(a, 0)), str(arg(a, 1)))),
  nindent: fn(2, (a) => "\n" + indent(int(arg(a, 0)), str(arg(a, 1)))),
  replace: fn(3, (a) => replaceAll(str(arg(a, 2)), str(arg(a, 0)), str(arg(a, 1)))),
  plural: fn(3, (a) => int(arg(a, 2)) === 1 ? str(arg(a, 0)) : str(arg(a, 1))),
  toString: fn(1, (a) => strval(arg(a, 0))),
  toStrings: fn(1, (a) => typedSlice(toStringList(arg(a, 0)), "string")),
  splitList: fn(2, (a) => typedSlice(goSplit(str(arg(a, 1)), str(arg(a, 0))), "string")),
  split: fn(2, (a) => indexedMap(goSplit(str(arg(a, 1)), str(arg(a, 0))))),
  splitn: fn(3, (a) => indexedMap(goSplit(str(arg(a, 2)), str(arg(a, 0)), int(arg(a, 1))))),
  join: fn(2, (a) => toStringList(arg(a, 1)).join(str(arg(a, 0)))),
  hello: fn(0, () => "Hello!")
};

// packages/gotemplate/src/template/functions/lists.ts
var NIL_DEREF = "runtime error: invalid memory address or nil pointer dereference";
function listOf(value, message) {
  if (Array.isArray(value)) return value;
  if (value === null) throw new Error(NIL_DEREF);
  throw new Error(message(kindName(value)));
}
function listFunction(arity, message, body, variadic = false) {
  return fn(
    arity,
    (a) => {
      const list = listOf(arg(a, 0), message);
      chargeSteps(list.length);
      return body(list, a);
    },
    variadic
  );
}
var push = listFunction(
  2,
  (k) => `Cannot push on type ${k}`,
  (l, a) => [...l, arg(a, 1)]
);
var prepend = listFunction(
  2,
  (k) => `Cannot prepend on type ${k}`,
  (l, a) => [arg(a, 1), ...l]
);
var first = listFunction(
  1,
  (k) => `Cannot find first on type ${k}`,
  (l) => l[0] ?? null
);
var last = listFunction(
  1,
  (k) => `Cannot find last on type ${k}`,
  (l) => l[l.length - 1] ?? null
);
var rest = listFunction(
  1,
  (k) => `Cannot find rest on type ${k}`,
  (l) => l.length === 0 ? nilSlice() : l.slice(1)
);
var initial = listFunction(
  1,
  (k) => `Cannot find initial on type ${k}`,
  (l) => l.length === 0 ? nilSlice() : l.slice(0, -1)
);
var reverse = listFunction(
  1,
  (k) => `Cannot find reverse on type ${k}`,
  (l) => [...l].reverse()
);
var compact2 = listFunction(
  1,
  (k) => `Cannot compact on type ${k}`,
  (l) => l.filter((v) => !isEmpty(v))
);
var uniq = listFunction(
  1,
  (k) => `Cannot find uniq on type ${k}`,
  (l) => {
    const out = [];
    const seen = /* @__PURE__ */ new Set();
    const typed = /* @__PURE__ */ new Set();
    const ints = /* @__PURE__ */ new Set();
    const composites = [];
    for (const v of l) {
      if (typeof v === "bigint" && v <= 9007199254740991n && v >= -9007199254740991n) {
        const n = Number(v);
        if (ints.has(n)) continue;
        ints.add(n);
      } else if (v === null || typeof v !== "object") {
        if (seen.has(v) && !(typeof v === "number" && Number.isNaN(v))) continue;
        seen.add(v);
      } else if (v instanceof GoInt) {
        const key = `${v.type}:${v.value}`;
        if (typed.has(key)) continue;
        typed.add(key);
      } else {
        if (composites.some((o) => deepEqual(v, o))) continue;
        composites.push(v);
      }
      out.push(v);
    }
    return out;
  }
);
var without = listFunction(
  1,
  (k) => `Cannot find without on type ${k}`,
  (l, a) => {
    const omit = a.slice(1);
    return l.filter((v) => !omit.some((o) => deepEqual(v, o)));
  },
  true
);
var has = fn(2, (a) => {
  const haystack = arg(a, 1);
  if (haystack === null) return false;
  const l = listOf(haystack, (k) => `Cannot find has on type ${k}`);
  return l.some((v) => deepEqual(arg(a, 0), v));
});
function sliceWith(toIndex) {
  return (a) => {
    const l = listOf(arg(a, 0), (k) => `list should be type of slice or array but ${k}`);
    if (l.length === 0) return null;
    const start = a.length > 1 ? Number(toIndex(arg(a, 1))) : 0;
    const end = a.length > 2 ? Number(toIndex(arg(a, 2))) : l.length;
    if (start < 0 || end > l.length || start > end) {
      throw new Error("reflect: slice index out of range");
    }
    return typedSlice(l.slice(start, end), sliceElement(l));
  };
}
var slice2 = fn(
  1,
  (a, context) => {
    try {
      return sliceWith(toInt64)(a);
    } catch (error) {
      let sprig3;
      try {
        sprig3 = sliceWith(castInt64)(a);
      } catch {
        throw error;
      }
      context?.notice(
        "operator-fails",
        `the operator's sprig 2.22 reads the indices ${a.slice(1).map((v) => formatValue(v)).join(
          ", "
        )} in base 10 and fails with "${error instanceof Error ? error.message : String(error)}"; sprig 3 reads them in base 0`
      );
      return sprig3;
    }
  },
  true
);
var mustSlice = fn(1, sliceWith(castInt64), true);
var chunk = fn(2, (a) => {
  const size = int(arg(a, 0));
  const l = listOf(arg(a, 1), (k) => `Cannot chunk type ${k}`);
  if (l.length === 0) return [];
  if (size <= 0) throw new Error("runtime error: integer divide by zero");
  const out = [];
  for (let i = 0; i < l.length; i += size) out.push(l.slice(i, i + size));
  return typedSlice(out, "[]interface {}");
});
var concat2 = fn(
  0,
  (a) => {
    const out = [];
    for (const v of a) out.push(...listOf(v, (k) => `Cannot concat type ${k} as list`));
    return out;
  },
  true
);
var sortAlpha = fn(1, (a) => {
  const v = arg(a, 0);
  if (!Array.isArray(v)) return typedSlice([strval(v)], "string");
  return typedSlice(toStringList(v).sort(compareGoStrings), "string");
});
var listFunctions = {
  list: fn(0, (a) => [...a], true),
  tuple: fn(0, (a) => [...a], true),
  append: push,
  push,
  mustAppend: push,
  mustPush: push,
  prepend,
  mustPrepend: prepend,
  first,
  mustFirst: first,
  rest,
  mustRest: rest,
  last,
  mustLast: last,
  initial,
  mustInitial: initial,
  reverse,
  mustReverse: reverse,
  uniq,
  mustUniq: uniq,
  without,
  mustWithout: without,
  has,
  mustHas: has,
  slice: slice2,
  mustSlice,
  compact: compact2,
  mustCompact: compact2,
  chunk,
  mustChunk: chunk,
  concat: concat2,
  sortAlpha
};

// packages/gotemplate/src/template/functions/decimal.ts
var DIVISION_PRECISION = 16;
function fromFloat(x) {
  if (!Number.isFinite(x)) throw new Error(`Cannot create a Decimal from ${x}`);
  const [mantissa = "0", expPart] = x.toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const fracDigits = mantissa.includes(".") ? mantissa.split(".")[1]?.length ?? 0 : 0;
  return { coef: BigInt(digits), exp: Number(expPart) - fracDigits };
}
function align(a, b) {
  const exp = Math.min(a.exp, b.exp);
  return [a.coef * 10n ** BigInt(a.exp - exp), b.coef * 10n ** BigInt(b.exp - exp), exp];
}
function add(a, b) {
  const [x, y, exp] = align(a, b);
  return { coef: x + y, exp };
}
function sub(a, b) {
  const [x, y, exp] = align(a, b);
  return { coef: x - y, exp };
}
function mul(a, b) {
  return { coef: a.coef * b.coef, exp: a.exp + b.exp };
}
function div(a, b) {
  if (b.coef === 0n) throw new Error("decimal division by zero");
  const shift = a.exp - b.exp + DIVISION_PRECISION;
  let num = a.coef;
  let den = b.coef;
  if (shift >= 0) num *= 10n ** BigInt(shift);
  else den *= 10n ** BigInt(-shift);
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  let q = n / d;
  const r = n % d;
  if (r * 2n >= d) q += 1n;
  return { coef: negative ? -q : q, exp: -DIVISION_PRECISION };
}
function toFloat(d) {
  return Number(`${d.coef}e${d.exp}`);
}

// packages/gotemplate/src/template/functions/math.ts
function intOp(a, b, op) {
  return int64(op(toInt64(a), toInt64(b)));
}
function division(a, rem, context) {
  const x = arg(a, 0);
  const y = arg(a, 1);
  const divisor = toInt64(y);
  if (divisor === 0n) {
    const sprig3 = castInt64(y);
    if (sprig3 !== 0n) {
      context?.notice(
        "operator-fails",
        `the operator's sprig 2.22 reads the divisor ${formatValue(y)} as 0 and fails with "integer divide by zero"; sprig 3 reads it as ${sprig3}`
      );
      return int64(divide(castInt64(x), sprig3, rem));
    }
  }
  return int64(divide(toInt64(x), divisor, rem));
}
function divide(x, y, rem) {
  if (y === 0n) throw new Error("runtime error: integer divide by zero");
  return rem ? x % y : x / y;
}
function decimalOp(first2, rest2, op) {
  let acc = fromFloat(castFloat64(first2));
  for (const v of rest2) acc = op(acc, fromFloat(castFloat64(v)));
  return toFloat(acc);
}
function untilStep(start, stop, step) {
  const out = [];
  if (step !== 0 && (stop - start) / step > 0) reserve(0, Math.ceil((stop - start) / step));
  if (stop < start) {
    if (step >= 0) return out;
    for (let i = start; i > stop; i += step) out.push(BigInt(i));
    return out;
  }
  if (step <= 0) return out;
  for (let i = start; i < stop; i += step) out.push(BigInt(i));
  return out;
}
function seq(params) {
  const [a = 0, b = 0, c = 0] = params;
  let values;
  switch (params.length) {
    case 1:
      values = a < 1 ? untilStep(1, a - 1, -1) : untilStep(1, a + 1, 1);
      break;
    case 2:
      values = b < a ? untilStep(a, b - 1, -1) : untilStep(a, b + 1, 1);
      break;
    case 3:
      if (c < a) {
        if (b > 0) return "";
        values = untilStep(a, c - 1, b);
      } else {
        values = untilStep(a, c + 1, b);
      }
      break;
    default:
      return "";
  }
  return values.join(" ");
}
function round(value, places, roundOn) {
  const pow = 10 ** places;
  const digit = pow * value;
  const frac = digit - Math.trunc(digit);
  return (frac >= roundOn ? Math.ceil(digit) : Math.floor(digit)) / pow;
}
function atoi(s) {
  const parsed = parseGoInt(s, 10);
  return parsed?.value ?? 0n;
}
var mathFunctions = {
  atoi: fn(1, (a) => atoi(str(arg(a, 0)))),
  int: fn(1, (a) => toInt64(arg(a, 0))),
  int64: fn(1, (a) => int64(toInt64(arg(a, 0)))),
  float64: fn(1, (a) => castFloat64(arg(a, 0))),
  toDecimal: fn(1, (a) => {
    const parsed = parseGoInt(formatValue(arg(a, 0)), 8);
    return int64(parsed && !parsed.range ? parsed.value : 0n);
  }),
  seq: fn(0, (a) => seq(a.map(int)), true),
  until: fn(1, (a) => {
    const count = int(arg(a, 0));
    return typedSlice(untilStep(0, count, count < 0 ? -1 : 1), "int");
  }),
  untilStep: fn(
    3,
    (a) => typedSlice(untilStep(int(arg(a, 0)), int(arg(a, 1)), int(arg(a, 2))), "int")
  ),
  add1: fn(1, (a) => int64(toInt64(arg(a, 0)) + 1n)),
  add: fn(0, (a) => int64(a.reduce((acc, v) => wrap64(acc + toInt64(v)), 0n)), true),
  sub: fn(2, (a) => intOp(arg(a, 0), arg(a, 1), (x, y) => x - y)),
  div: fn(2, (a, context) => division(a, false, context)),
  mod: fn(2, (a, context) => division(a, true, context)),
  mul: fn(
    1,
    (a) => int64(a.slice(1).reduce((acc, v) => wrap64(acc * toInt64(v)), toInt64(arg(a, 0)))),
    true
  ),
  add1f: fn(1, (a) => decimalOp(arg(a, 0), [1n], add)),
  addf: fn(0, (a) => decimalOp(0, a, add), true),
  subf: fn(1, (a) => decimalOp(arg(a, 0), a.slice(1), sub), true),
  mulf: fn(1, (a) => decimalOp(arg(a, 0), a.slice(1), mul), true),
  divf: fn(1, (a) => decimalOp(arg(a, 0), a.slice(1), div), true),
  max: fn(1, (a) => int64(a.map(toInt64).reduce((x, y) => y > x ? y : x)), true),
  biggest: fn(1, (a) => int64(a.map(toInt64).reduce((x, y) => y > x ? y : x)), true),
  min: fn(1, (a) => int64(a.map(toInt64).reduce((x, y) => y < x ? y : x)), true),
  maxf: fn(1, (a) => a.map(castFloat64).reduce((x, y) => goMax(x, y)), true),
  minf: fn(1, (a) => a.map(castFloat64).reduce((x, y) => goMin(x, y)), true),
  floor: fn(1, (a) => Math.floor(castFloat64(arg(a, 0)))),
  ceil: fn(1, (a) => Math.ceil(castFloat64(arg(a, 0)))),
  round: fn(
    2,
    (a) => round(castFloat64(arg(a, 0)), int(arg(a, 1)), a.length > 2 ? float(arg(a, 2)) : 0.5),
    true
  )
};
function goMax(x, y) {
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  return Math.max(x, y);
}
function goMin(x, y) {
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  return Math.min(x, y);
}

// packages/gotemplate/src/template/functions/paths.ts
var unary2 = (f) => fn(1, (a) => f(str(arg(a, 0))));
var isAbs = (p) => p.startsWith("/");
var pathFunctions = {
  base: unary2(basePath),
  dir: unary2(dirPath),
  clean: unary2(cleanPath),
  ext: unary2(extPath),
  isAbs: unary2(isAbs),
  osBase: unary2(basePath),
  osDir: unary2(dirPath),
  osClean: unary2(cleanPath),
  osExt: unary2(extPath),
  osIsAbs: unary2(isAbs)
};

// node_modules/re2js/build/index.js
var RE2Flags = class RE2Flags2 {
  static FOLD_CASE = 1;
  static LITERAL = 2;
  static CLASS_NL = 4;
  static DOT_NL = 8;
  static ONE_LINE = 16;
  static NON_GREEDY = 32;
  static PERL_X = 64;
  static UNICODE_GROUPS = 128;
  static WAS_DOLLAR = 256;
  static LOOKBEHIND = 512;
  static MATCH_NL = RE2Flags2.CLASS_NL | RE2Flags2.DOT_NL;
  static PERL = RE2Flags2.CLASS_NL | RE2Flags2.ONE_LINE | RE2Flags2.PERL_X | RE2Flags2.UNICODE_GROUPS;
  static POSIX = 0;
  static UNANCHORED = 0;
  static ANCHOR_START = 1;
  static ANCHOR_BOTH = 2;
};
var PublicFlags = {
  CASE_INSENSITIVE: 1,
  DOTALL: 2,
  MULTILINE: 4,
  DISABLE_UNICODE_GROUPS: 8,
  LONGEST_MATCH: 16,
  LOOKBEHINDS: 512
};
var ASCII_SIZE = 128;
var ASCII_TO_UPPER = new Int32Array(ASCII_SIZE);
var ASCII_TO_LOWER = new Int32Array(ASCII_SIZE);
var MAX_BMP = 65535;
for (let i = 0; i < ASCII_SIZE; i++) {
  if (i >= 97 && i <= 122) ASCII_TO_UPPER[i] = i - 32;
  else ASCII_TO_UPPER[i] = i;
  if (i >= 65 && i <= 90) ASCII_TO_LOWER[i] = i + 32;
  else ASCII_TO_LOWER[i] = i;
}
var Codepoint = class {
  static CODES = Object.freeze({
    "\x07": 7,
    "\b": 8,
    "	": 9,
    "\n": 10,
    "\v": 11,
    "\f": 12,
    "\r": 13,
    " ": 32,
    '"': 34,
    $: 36,
    "&": 38,
    "'": 39,
    "(": 40,
    ")": 41,
    "*": 42,
    "+": 43,
    "-": 45,
    ".": 46,
    0: 48,
    1: 49,
    2: 50,
    3: 51,
    4: 52,
    5: 53,
    6: 54,
    7: 55,
    8: 56,
    9: 57,
    ":": 58,
    "<": 60,
    ">": 62,
    "?": 63,
    A: 65,
    B: 66,
    C: 67,
    F: 70,
    P: 80,
    Q: 81,
    U: 85,
    Z: 90,
    "[": 91,
    "\\": 92,
    "]": 93,
    "^": 94,
    _: 95,
    "`": 96,
    a: 97,
    b: 98,
    f: 102,
    i: 105,
    m: 109,
    n: 110,
    r: 114,
    s: 115,
    t: 116,
    v: 118,
    x: 120,
    z: 122,
    "{": 123,
    "|": 124,
    "}": 125
  });
  static toUpperCase(codepoint) {
    if (codepoint < ASCII_SIZE) return ASCII_TO_UPPER[codepoint];
    const s = String.fromCodePoint(codepoint).toUpperCase();
    const expectedLen = s.codePointAt(0) > MAX_BMP ? 2 : 1;
    if (s.length > expectedLen) return codepoint;
    const sOrigin = String.fromCodePoint(s.codePointAt(0)).toLowerCase();
    const originExpectedLen = sOrigin.codePointAt(0) > MAX_BMP ? 2 : 1;
    if (sOrigin.length > originExpectedLen || sOrigin.codePointAt(0) !== codepoint) return codepoint;
    return s.codePointAt(0);
  }
  static toLowerCase(codepoint) {
    if (codepoint < ASCII_SIZE) return ASCII_TO_LOWER[codepoint];
    const s = String.fromCodePoint(codepoint).toLowerCase();
    const expectedLen = s.codePointAt(0) > MAX_BMP ? 2 : 1;
    if (s.length > expectedLen) return codepoint;
    const sOrigin = String.fromCodePoint(s.codePointAt(0)).toUpperCase();
    const originExpectedLen = sOrigin.codePointAt(0) > MAX_BMP ? 2 : 1;
    if (sOrigin.length > originExpectedLen || sOrigin.codePointAt(0) !== codepoint) return codepoint;
    return s.codePointAt(0);
  }
};
var UnicodeRangeTable = class {
  /**
  * @param {Uint32Array | number[]} data
  * @param {boolean} isStride1
  */
  constructor(data, isStride1 = false) {
    this.data = data;
    this.isStride1 = isStride1;
    this.SIZE = isStride1 ? 2 : 3;
  }
  getLo(index2) {
    return this.data[index2 * this.SIZE];
  }
  getHi(index2) {
    return this.data[index2 * this.SIZE + 1];
  }
  getStride(index2) {
    return this.isStride1 ? 1 : this.data[index2 * this.SIZE + 2];
  }
  get length() {
    return this.data.length / this.SIZE;
  }
};
var B642 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-";
var B64_MAP = /* @__PURE__ */ new Uint8Array(256);
for (let i = 0; i < 64; i++) B64_MAP[B642.charCodeAt(i)] = i;
var decodeVLQ = (str2) => {
  const res = [];
  let value = 0;
  let shift = 0;
  for (let i = 0; i < str2.length; i++) {
    const digit = B64_MAP[str2.charCodeAt(i)];
    value |= (digit & 31) << shift;
    if ((digit & 32) === 0) {
      res.push(value);
      value = 0;
      shift = 0;
    } else shift += 5;
  }
  return res;
};
var decodeRanges = (str2, isStride1) => {
  const res = decodeVLQ(str2);
  const numRanges = isStride1 ? res.length / 2 : res.length / 3;
  const out = new Uint32Array(numRanges * 3);
  let current = 0;
  let resIdx = 0;
  for (let i = 0; i < numRanges; i++) {
    current += res[resIdx++];
    out[i * 3] = current;
    current += res[resIdx++];
    out[i * 3 + 1] = current;
    out[i * 3 + 2] = isStride1 ? 1 : res[resIdx++];
  }
  return out;
};
var decodeOrbit = (str2) => {
  const res = decodeVLQ(str2);
  const map = /* @__PURE__ */ new Map();
  let currentKey = 0;
  for (let i = 0; i < res.length; i += 2) {
    currentKey += res[i];
    const zz = res[i + 1];
    const delta = zz >>> 1 ^ -(zz & 1);
    map.set(currentKey, currentKey + delta);
  }
  return map;
};
var LazyMap = class {
  constructor(initializer) {
    this.initializer = initializer;
    this.cache = /* @__PURE__ */ new Map();
  }
  has(key) {
    return Object.hasOwn(this.initializer, key);
  }
  get(key) {
    if (this.cache.has(key)) return this.cache.get(key);
    const val = this.has(key) ? this.initializer[key]() : null;
    this.cache.set(key, val);
    return val;
  }
};
var UnicodeTables = class {
  static _CASE_ORBIT = null;
  static get CASE_ORBIT() {
    if (!this._CASE_ORBIT) this._CASE_ORBIT = decodeOrbit("rCgCIgCY+rQI4QiCuuBLgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCCgCBgCBgCBgCBgCBgCBgCB+7OB-BB-BB-BB-BB-BBskQB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BC-BB-BB-BB-BB-BB-BB-BByHBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBDCBBBCBBBCBBCCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBCCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBxHBCBBBCBBBCBBB3SBmMBkNBCBBBCBBB8MBCBBB6MB6MBCBBC+EB0MB2MBCBBB6MB+MBiGBmNBiNBCBBBmKBikzCBmNBqNBkIBsNBCBBBCBBBCBBB0NBCBBB0NDCBBB0NBCBBByNByNBCBBBCBBB2NBCBBDCBBCwDFCBCBDBCBCBDBCBCBDBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBB9EBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBCCBCBDBCBBBhGBvDBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBjICCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBH2iVBCBBBlKBwiVB+jVB+jVBCBBBlMBqEBuEBCBBBCBBBCBBBCBBBCBBB+hVB4hVB8hVBjNB7MC5MB5MCzMC1MB+0yCE5MB20yCC9MBu2yCBwyyCBo0yCChNBlNBo0yCBu-UBi0yCDlNC6-UBpNDrNIu+UDzNCm0yCBzNE0yyCBzNBpEBxNBxNBtEG1NLqxyCBkxyCnFoFrBCBBBCBBDCBBEkIBkIBkICoHHsCCqCBqCBqCCgEC+DB+DBmkOBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCC+BBgCBgCBgCBgCBgCBgCBgCBgCBrCBpCBpCBpCBmjOB-BB8BB-BB-BBgEB-BB-BByBBqgOBsDB-BBtwBB-BB-BB-BBsBBgDBCB-BB-BB-BBeB-BB-BB61OB-BB-BB-DB9DB9DBQB7DBmCE9CBrDBPBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBrFB-EBOBnHB3FB-FCCBBBNBCBBCjIBjIBjIBgFBgFBgFBgFBgFBgFBgFBgFBgFBgFBgFBgFBgFBgFBgFBgFBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCB-BB-BB8kMB-BB6kMB-BB-BB-BB-BB-BB-BB-BB-BB-BBokMB-BB-BBkkMBkkMB-BB-BB-BB-BB-BB-BB-BB4jMB-BB-BB-BB-BB-BB-EB-EB-EB-EB-EB-EB-EB-EB-EB-EB-EB-EB-EB-EB-EB-EBCBBBCBoiMBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBJCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBeBCBBBCBBBCBBBCBBBCBBBCBBBCBBBdBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBCgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDL-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-C64CgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOBgmOCgmOGgmODg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FBg8FDg8FBg8FBg8FhVg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBg9rCBQBQBQBQBQBQDPBPBPBPBPBPjkC7mMB5mMBnmMBjmMBCBlmMB3lMBpiMBk8kCBCBBG-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FB-7FD-7FB-7FB-7F6FoglCEsuHRwjlCyDCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCB0DBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBG1DD97OCCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBQBQBQBQBQBQBQBQBPBPBPBPBPBPBPBPBQBQBQBQBQBQDPBPBPBPBPBPDQBQBQBQBQBQBQBQBPBPBPBPBPBPBPBPBQBQBQBQBQBQBQBQBPBPBPBPBPBPBPBPBQBQBQBQBQBQDPBPBPBPBPBPEQCQCQCQCPCPCPCPBQBQBQBQBQBQBQBQBPBPBPBPBPBPBPBPB0EB0EBsFBsFBsFBsFBoGBoGBgIBgIBgHBgHB8HB8HDQBQBQBQBQBQBQBQBPBPBPBPBPBPBPBPBQBQBQBQBQBQBQBQBPBPBPBPBPBPBPBPBQBQBQBQBQBQBQBQBPBPBPBPBPBPBPBPBQBQCSFPBPBzEBzEBRCxnOFSFrFBrFBrFBrFBREQBQClkOFPBPBnGBnGFQBQCljOCODPBPB-GB-GBNHSF-HB-HB7HB7HBRqJ53OE9tQBrmQH4Bc3BSgBBgBBgBBgBBgBBgBBgBBgBBgBBgBBgBBgBBgBBgBBgBBgBBfBfBfBfBfBfBfBfBfBfBfBfBfBfBfBfECBByZ0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BB0BBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzBBzB34BgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDBgDB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CB-CBCBBBt-UBruHBt+UB1iVBviVBCBBBCBBBCBBB3hVB5-UB9hVB7hVCCBBCCBBI9jVB9jVBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBICBBBCBBECBBN-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOB-lOC-lOG-lOzoeCBBBCBBBCBBBCBBBCBBBCBl8kCBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBTCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBnECBBBCBBBCBBBCBBBCBBBCBBBCBBDCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBKCBBBCBBBnglCBCBBBCBBBCBBBCBBBCBBECBBBvyyCDCBBBCBBBgDCCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBn0yCB90yCB10yCBh0yCBn0yCCjxyCBzyyCBpxyCBg6BBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBB-CBl0yCBvjlCBCBBBCBBBt2yCBCBBBCBBBCBBBCBBBCBBBCBBBCBBBCBBBhkzCZCBB9a-5Bd-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCB-8rCm6TCBB7gBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCH-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BmlBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvChDwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCBwCFvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvCBvC1DuCBuCBuCBuCBuCBuCBuCBuCBuCBuCBuCCuCBuCBuCBuCBuCBuCBuCBuCBuCBuCBuCBuCBuCBuCBuCCuCBuCBuCBuCBuCBuCBuCCuCBuCCtCBtCBtCBtCBtCBtCBtCBtCBtCBtCBtCCtCBtCBtCBtCBtCBtCBtCBtCBtCBtCBtCBtCBtCBtCBtCCtCBtCBtCBtCBtCBtCBtCCtCBtCk2BgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEBgEO-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-DB-D+CgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCL-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-B74CgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BhrVgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCBgCB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BB-BhB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BB2BD1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BB1BtxekCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBkCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjCBjC");
    return this._CASE_ORBIT;
  }
  static _Print = null;
  static get Print() {
    if (!this._Print) this._Print = new UnicodeRangeTable(decodeRanges("hB9CBjBLBCpWBDFBFGBCCCBSBCsMBClBBDxBBDCBC2BBJaBFFBSVBC-FBCvBBD6BBDkDBP6BBDwBBDOBCbBDCCBJBGfBIqCBCgFBCHBDBBDVBCGBCEEBCBDIBDBBDDBJFFBCCBDBDYBDCBCFBFBBDVBCGBCBBCBBCBBDCCBDBFBBDCBEIIBCBCIIBPBLCBCIBCCBCVBCGBCBBCEBDJBCCBCCBDQQBCBDLBIGBCCBCHBDBBDVBCGBCBBCEBDIBDBBDCBICBFBBCEBDRBLBBCFBECBCDBEBBCCCBEEBEEBBBELBFEBECBCDBDHHPUBGMBCCBCWBCPBDIBCCBCDBIBBCCBCBBDDBDJBIVBCCBCWBCJBCEBDIBCCBCDBIBBGCBCDBDJBCCBNMBCCBCyBBCCBCFBFPBDZBCCBCRBEXBCIBCDDBFBEFFBEBCCCBGBHJBDCBN5BBFcBmBBBCCCBDBCXBCCCBVBDEBCCCBFBCJBDDBhBnCBCjBBFmBBCjBBCOBCMBmBlGBCGGD4LBCDBDGBCCCBCBDoBBCDBDgBBCDBDGBCCCBCBDOBC4BBCDBDiCBDfBEZBH1CBDFBD-TBCbBE4CBIVBKXBKTBNMBCCBCBBN9CBDJBHJBHNBCKBH4CBIqBBGlCBLeBCLBFLBFEEBoBBDEBMrBBFZBHKBE9BBDgCBCcBDKBHJBHNBDtBBDLBVsCBClFBJ7BBEOBE9BBGqBBDKBJqBBG1QBDFBDlBBDFBDHBCGCBdBD0BBCOBCNBDFBCSBDCBCIBSXBJuBBSBBDaBCMBEhBBPgBBQrEBF5UBXKBWz4BBD9LBGsBBCGGD3BBIBBPXBKGBCGBCGBCGBCGBCGBCGBCGBC9DBjBZBC4CBN1GBbPBC+BBC1CBDmDBGqBBC9CBC1CBKvBBCszcBE2BBK7KBV3FBJ8GBV7BBEJBH3BBJlCBJLBHzDBMdBEtCBCKBFgBBC2BBKNBDJBDmDBZbBLFBDFBDFBKGBCGBC7BBF9DBDJBHj9KBNWBFwBBloItLBDpDBnBGBNEBGZBCEBCCCBCCBCCBoUBhBpBBHyBBCSBCDBFEBCmEBF9FBEFBDFBDFBDCBEGBCGBOBBDLBCZBCSBCBBCOBDNBjB6DBGCBFsBBE3CBCMBEwBwBBsBBjEcBEwBBQbBFjBBKdBGqBBGdBCkBBFNBrB9EBDJBHjBBFjBBFnBBJzBBMLBCOBCGBCBBCKBCOBCGBCBBEzBBN2JBKVBLHBZFBCpBBCIBmCFBDCCBqBBCBBEDDBVBCnCBJIBxBSBCBBGgBBEaBGaBnB3BBFTBDxBBCBBGHBCCBCcBDCBFJBIIBI-BBhBmBBFLBK1BBEcBDaBGZBIDBNGBxCoCB4ByBBOyBBItBBJJBHlBBEcBJBBxGeBCpBBCCBDBBRFBJIBiBtBBJpBBXZBnBbBVWBKtCBFjBBK9BBCEBOYBIJBH0BBCRBJmBBK-CBCTBMRBCuBB-BGBCCCBCBCOBCKBH6BBGJBHDBCHBDBBDVBCGBCBBCEBCJBDBBDCBDHHGGBDGBEEBMJBCDDClBBCJBCDDCDBCJBCBBJBBe7CBCEBfnCBJJBnF1BBDlBBjBkCBMJBHMBU5BBHJBHTBdaBDOBFWB6F7BBlDyCBNHBDDDBGBCBBCdBCBBDLBKJBnCHBDtBBDKBcnCBJyCBOoCBIJB3CHB5ChBBPJBHIBCsBBCNBLcBEfBDVBCNBqCGBCBBCrBBECCBCCBHBJJBHFBCBBCkBBCBBCFBIJBHrBBFJB3HYBIQBCoBBEcB2CQQBwBBO6cBnDuDBCEBMjGBtyCiDBOvhBBRVBL68DBGmSB61G5BBn2B4RBIeBCJBFwCBCJBHdBDFBLlCBLJBCGBCUBGSBxN5BBnG6CBGYBDYBtBqCBF4BBIQBhCEBMGBK1mHBqBfBiDyDB+vIDBCGBCBBCiJBQeeBBBDPPBCBJrMBloCqDBGMBEIBIJBDDBh7D8HBEzNBHWBQQBQtBBDWBKzDB9B1HBLmBBDpCBJvDBWlCB7DTBNTBN2CBKYBoE0CBCmCBCBBDDDBDDBCBCLBCCCBFBCgCBCDBDHBCGBCbBCDBCEBCEEBFBCzKBDjJBD9VBQEBCOBxiBeBHFB2GGBCQBDGBCBBCEBG9BBiBxDxDBrBBENBDJBFBBhKeBS5BBGxOxOBoBB3GqBBFhGhGBdBCVBJBBhHGBCDBCBBCOBCkGBDPBqBrCBFJBFBByYjCBtC8BBjGDBCaBCBBCDDCJBCDBCCCHFFCECBBBCBBCDDCICBCCDDBCGBCDBCDBCCCBIBCQBGCBCEBCQB1BBBvIrBBFjDBNOBDOBCOBCkBBLtFB5BcBOrBBFIBIBBPFB7E4eBEQBEMBE5GBHLBFQQBKBF3BBJJBHnBBJdBDLBFBBPIBoB3KBJNBDMBEKBE4BBCFFBOBDLBFJBIyEBCmDBmgB-2pBBhB9oEBDt0FBDwpHBQtTBjtC9QBjvBq6EBGppIBnkzVvHB", false));
    return this._Print;
  }
  static CATEGORIES = new LazyMap({
    C: () => new UnicodeRangeTable(decodeRanges("AfBgDgBBOrWrWBHHBCBICCVuMuMnBBBzBBBE4B4BBGBcDBHQBXhGhGxBBB8BBBmDNB8BBByBBBQddBCCMEBhBGBsCiFiFJBBDBBXIICCBFBBKBBDBBFHBCDBDGGBaaBEEHDBDBBXIIDGDBCCGDBDBBECBCGBFCCBFBSJBEKKEXXIDDGBBLIEBCCBNBFBBNGBIEEJBBDBBXIIDGGBKKBDDBEEBFBEDBDGGBTTBIBDHHBBBEFFBBBDCCDCBDCBECBNDBGCBEFFBCCBEBCNBWEBOEEYRRBKKEFFBFBDEEDBBFBBLGBXEEYLLGBBKEEFGBDEBEFFBLLELBOEE0BEEHDBRBBbEETCBZKKCBBICBCDBHCCJFBLBBELB7BDBekBBDCCGZZCYYBGGCIILBBFfBpClBlBBCBoBlBlBQOOBjBBnGCCBDBCBB6LFFBIICFFBqBqBFBBiBFFBIICFFBQQ6BFFBkCkCBhBhBBBBbFB3CBBHBB+UCB6CGBXIBZIBVLBOEEDLB-CBBLFBLFBPMMBEB6CGBsBEBnCJBgBNNBCBNDBCCBrBBBGKBtBDBbFBMCB-BBBiCeeBMMBEBLFBPBBvBBBNTBuCnFnFBGB9BCBQCB-BEBsBBBMHBsBEB3QBBHBBnBBBHBBJGCgBBB2BQQPBBHUUBEEKMMBDBbEByBPBDBBcOOBBBjBNBiBOBtEDB7UVBMUB14BBB-LEBuBCCBDBCBB5BGBDNBZIBI4BI-DhBBb6C6CBKB3GZBxC3C3CBoDoDBDBsB-C-C3CIBxBuzcuzcBBB4BIB9KTB5FHB+GTB9BCBLFB5BHBnCHBNFB1DKBfCBvCMMBCBiB4B4BBHBPBBLBBoDXBdJBHBBHBBHIBIII9BDB-DBBLFBl9KLBYDByBjoIBvLBBrDlBBILBGEBbGGCGDrUfBrBFB0BUUFDBGoEoEBCB-FCBHBBHBBHBBECBIIIBLBDBBNbbUDDQBBPhBB8DEBEDBuBCB5COOBBBCuBBvBhEBeCByBOBdDBlBIBfEBsBEBfmBmBBCBPpBB-EBBLFBlBDBlBDBpBHB1BKBNQQIDDMQQIDDBBB1BLB4JIBXJBJXBHrBrBKkCBHBBCtBtBDCBCBBYpCpCBGBKvBBUDDBDBiBCBcEBclBB5BDBVBBzBDDBDBJEEeBBEDBLGBKGBhCfBoBDBNIB3BCBeBBcEBbGBFLBIvCBqC2BB0BMB0BGBvBHBLFBnBCBeHBDvGBgBrBrBEBBDPBHHBKgBBvBHBrBVBblBBdTBYIBvCDBlBIB-BGGBLBaGBLFB2BTTBGBoBIBhDVVBJBTwBwBB8BBICCFQQMFB8BEBLFBFJJBDDBXXIDDGLLBDDBEEBCCBEBCEBIBBICBGKBLCCBCCnBLLCBBCFFLDDBGBDcB9CGGBcBpCHBLlFB3BBBnBhBBmCKBLFBOSB7BFBLFBVbBcBBQDBY4FB9BjDB0CLBJBBCBBJDDfDDBNNBHBLlCBJBBvBBBMaBpCHB0CMBqCGBL1CBJ3CBjBNBLFBKuBuBPJBeCBhBBBXPPBnCBIDDtBCBCDDKHBLFBHDDmBDDHGBLFBtBDBL1HBaGBSqBqBBBBe0CBCOBzBMB8clDBwDGGBJBlGryCBkDMBxhBPBXJB88DEBoS41GB7Bl2BB6RGBgBLLBCByCLLBEBfBBHJBnCJBLIIWEBUvNB7BlGB8CEBaBBarBBsCDB6BGBS-BBGKBIIB3mHoBBhBgDB0D8vIBFIIDkJkJBNBCcBEBBCNBFHBtMjoCBsDEBOCBKGBLBBF-6DB+HCB1NFBYOBSOBvBBBYIB1D7BB3HJBoBBBrCHBxDUBnC5DBVLBVLB4CIBamEB2CoCoCDBBCBBDBBFNNCIIiCFFBJJIddFGGCCBI1K1KBlJlJB-V-VBNBGQQBuiBBgBFBH0GBISSBIIDGGBDB-BgBBCvDBuBCBPBBLDBD-JBgBQB7BEBCvOBrB1GBsBDBC-FBgBXXBGBD-GBIFFDQQmGBBRoBBtCDBLDBDwYBlCrCB+BhGBFccDCCBCCLFFCCCBEBCDBCECEDDCBBCICDCCBFFIKFCLLSEBEGGSzBBDtIBtBDBlDLBQBBQQQmBJBvF3BBeMBtBDBKGBDNBH5EB6eCBSCBOCB7GFBNDBCOBNDB5BHBLFBpBHBfBBNDBDNBKmBB5KHBPBBOCBMCB6BCCBCBRBBNDBLGB0EoDoDBjgBBh3pBfB-oEBBv0FBBypHOBvThtCB-QhvBBs6EEBrpIlkzVBxHvw-FB", false)),
    Cc: () => new UnicodeRangeTable(decodeRanges("AfgDgB", true)),
    Cf: () => new UnicodeRangeTable(decodeRanges("tFzqBzqBBEBXhGhGyBhMhMBxCxCs5D9-B9-BBDBbEByBEBCJBw03B6H6HBBBimEQQj7IPBhjiBDBwmFHBn0rYffB+CB", false)),
    Cn: () => new UnicodeRangeTable(decodeRanges("4bBBHDBICCVuMuMnBBBzBBBE4B4BBGBcDBHKBvI9B9BBmDmDBMB8BBByBBBQddBCCMEBjBEBuHJJBDDBXXICCBBBFBBKBBDBBFHBCDBDGGBaaBEEHDBDBBXIIDGDBCCGDBDBBECBCGBFCCBFBSJBEKKEXXIDDGBBLIEBCCBNBFBBNGBIEEJBBDBBXIIDGGBKKBDDBEEBFBEDBDGGBTTBIBDHHBBBEFFBBBDCCDCBDCBECBNDBGCBEFFBCCBEBCNBWEBOEEYRRBKKEFFBFBDEEDBBFBBLGBXEEYLLGBBKEEFGBDEBEFFBLLELBOEE0BEEHDBRBBbEETCBZKKCBBICBCDBHCCJFBLBBELB7BDBekBBDCCGZZCYYBGGCIILBBFfBpClBlBBCBoBlBlBQOOBjBBnGCCBDBCBB6LFFBIICFFBqBqBFBBiBFFBIICFFBQQ6BFFBkCkCBhBhBBBBbFB3CBBHBB+UCB6CGBXIBZIBVLBOEEDLB-CBBLFBLFBbFB6CGBsBEBnCJBgBNNBCBNDBCCBrBBBGKBtBDBbFBMCB-BBBiCeeBMMBEBLFBPBBvBBBNTBuCnFnFBGB9BCBQCB-BEBsBBBMHBsBEB3QBBHBBnBBBHBBJGCgBBB2BQQPBBHUUBEEKmDmDNBBcOOBBBjBNBiBOBtEDB7UVBMUB14BBB-LEBuBCCBDBCBB5BGBDNBZIBI4BI-DhBBb6C6CBKB3GZBxC3C3CBoDoDBDBsB-C-C3CIBxBuzcuzcBBB4BIB9KTB5FHB+GTB9BCBLFB5BHBnCHBNFB1DKBfCBvCMMBCBiB4B4BBHBPBBLBBoDXBdJBHBBHBBHIBIII9BDB-DBBLFBl9KLBYDByBDBvzIBBrDlBBILBGEBbGGCGDrUfBrBFB0BUUFDBGoEoEBCC-FCBHBBHBBHBBECBIIIBIBGBBNbbUDDQBBPhBB8DEBEDBuBCB5COOBBBCuBBvBhEBeCByBOBdDBlBIBfEBsBEBfmBmBBCBPpBB-EBBLFBlBDBlBDBpBHB1BKBNQQIDDMQQIDDBBB1BLB4JIBXJBJXBHrBrBKkCBHBBCtBtBDCBCBBYpCpCBGBKvBBUDDBDBiBCBcEBclBB5BDBVBBzBDDBDBJEEeBBEDBLGBKGBhCfBoBDBNIB3BCBeBBcEBbGBFLBIvCBqC2BB0BMB0BGBvBHBLFBnBCBeHBDvGBgBrBrBEBBDPBHHBKgBBvBHBrBVBblBBdTBYIBvCDBlBIBlCJBCBBaGBLFB2BTTBGBoBIBhDVVBJBTwBwBB8BBICCFQQMFB8BEBLFBFJJBDDBXXIDDGLLBDDBEEBCCBEBCEBIBBICBGKBLCCBCCnBLLCBBCFFLDDBGBDcB9CGGBcBpCHBLlFB3BBBnBhBBmCKBLFBOSB7BFBLFBVbBcBBQDBY4FB9BjDB0CLBJBBCBBJDDfDDBNNBHBLlCBJBBvBBBMaBpCHB0CMBqCGBL1CBJ3CBjBNBLFBKuBuBPJBeCBhBBBXPPBnCBIDDtBCBCDDKHBLFBHDDmBDDHGBLFBtBDBL1HBaGBSqBqBBBBe0CBCOBzBMB8clDBwDGGBJBlGryCBkDMB3iBJB88DEBoS41GB7Bl2BB6RGBgBLLBCByCLLBEBfBBHJBnCJBLIIWEBUvNB7BlGB8CEBaBBarBBsCDB6BGBS-BBGKBIIB3mHoBBhBgDB0D8vIBFIIDkJkJBNBCcBEBBCNBFHBtMjoCBsDEBOCBKGBLBBJ76DB+HCB1NFBYOBSOBvBBBYIB1D7BB3HJBoBBBjGUBnC5DBVLBVLB4CIBamEB2CoCoCDBBCBBDBBFNNCIIiCFFBJJIddFGGCCBI1K1KBlJlJB-V-VBNBGQQBuiBBgBFBH0GBISSBIIDGGBDB-BgBBCvDBuBCBPBBLDBD-JBgBQB7BEBCvOBrB1GBsBDBC-FBgBXXBGBD-GBIFFDQQmGBBRoBBtCDBLDBDwYBlCrCB+BhGBFccDCCBCCLFFCCCBEBCDBCECEDDCBBCICDCCBFFIKFCLLSEBEGGSzBBDtIBtBDBlDLBQBBQQQmBJBvF3BBeMBtBDBKGBDNBH5EB6eCBSCBOCB7GFBNDBCOBNDB5BHBLFBpBHBfBBNDBDNBKmBB5KHBPBBOCBMCB6BCCBCBRBBNDBLGB0EoDoDBjgBBh3pBfB-oEBBv0FBBypHOBvThtCB-QhvBBs6EEBrpIm8yVBCdBhD-DBxHvw-BB---BBB---BBB", false)),
    Co: () => new UnicodeRangeTable(decodeRanges("gg4B-nGh4hc9--BD9--B", true)),
    Cs: () => new UnicodeRangeTable(decodeRanges("gg2B--B", true)),
    L: () => new UnicodeRangeTable(decodeRanges("hCZBHZBwBLLFGGBVBCeBCpOBFLBPEBICCiEEBCBBDDBCHHCCBCCCBSBCyCBCqEBJlFBClBBDHHBnBBoCaBFDBuBqBBkBBBCiDBCQQBIIBLLBBBDRRCdBe4CBMZZBfBKBBFGGBUBFKKEYYBXBIKBGXBCGBRpBB7B1BBETTIJBQPBFHBDBBDVBCGBCEEBCBERROBBCCBPBBLJJBEBFBBDVBCGBCBBCBBCBBgBDBCUUBBBRIBCCBCVBCGBCBBCEBETTQBBYMMBGBDBBDVBCGBCBBCEBEffBCCBBBQSSCFBECBCDBEBBCCCBEEBEEBBBELBX1B1BBGBCCBCWBCPBEbbBBBCBBDBBfFFBGBCCBCWBCJBCEBEffBBBCBBQBBSIBCCBCoBBDRRGCBJCBZFBGRBEXBCIBCDDBFB7BvBBCBBNGB7BBBCCCBDBCXBCCCBIBCBBKDDBDBCWWBCBhBgCgCBGBCjBBcEB0DqBBVRRBEBFDBEEEBIIBBBFMBNSSBkBBCGGDqBBCsKBCDBDGBCCCBCBDoBBCDBDgBBCDBDGBCCCBCBDOBC4BBCDBDiCBmBPBR1CBDFBErTBDQBCZBGqCBHHBIRBOSBPRBPMBCCBQzBBkBFFkC4CBIEBDhBBCGGBkCBLeByBdBDEBMrBBFZB3BWBK0BBzC+C+CBtBBSHB3BdBOBBLrBBbjBBqBCBLjBBDKBGqBBDCBqBDBCFBCBBEGGB+FBhC1IBDFBDlBBDFBDHBCGCBdBD0BBCGBCEEBBBCGBEDBDFBFMBGCBCGB1DOORMBmDFFDJBCEEBDBHGCBCBCKBDDBGEBF1B1BB8zC8zCBjHBHDBEBBNlBBCGGD3BBIRRBVBKGBCGBCGBCGBCGBCGBCGBCGBxC2O2OBrBrBBDBGBBF1CBHCBC5CBCDBGqBBC9CBSfBxBPBhQ-tGBhCs0VBkCtBBDsIBEPBLBBVuBBReBDlCByBIBDmDBDxCBVQBCCBCDBCWBezBBPxBB-BFBECCBMMBaBLWBacBIuBBdRRBDBCJBLEBCoBBYCBCHBVWBEEEBwBBCEEBDDBDBDCCZCBDKBICBNFBDFBDFBKGBCGBCqBBCNBHyDBej9KBNWBFwBBloItLBDpDBnBGBNEBGCCBIBCMBCEBCCCBCCBCCBqDBiBqLBT-BBD1BBpBLB1DEBCmEBlBZBHZBM4CBEFBDFBDFBDCBkBLBCZBCSBCBBCOBDNBjB6DBmMcBEwBBwBfBOTBCHBHlBBLdBDjBBFHBxB9EBTjBBFjBBFnBBJzBBNKBCOBCGBCBBCKBCOBCGBCBBEzBBN2JBKVBLHBZFBCpBBCIBmCFBDCCBqBBCBBEDDBVBLWBKeBiCSBCBBLVBLZBHZBnB3BBHBBhCQQBCBCCBCcBrBcBEcBkBHBCbBc1BBLVBLSBORBvDoCB4ByBBOyBBOjBBnBbBKWB7HpBBHBBRFB5BcBLJJBUBrBRBvBUBcWBN0BB6BBBDOOBrBBhBYBbjBBeDDJiBBENNBuBBPDBWCCkBRBCYBUBBgCGBCCCBCBCOBCJBIuBBnBHBDBBDVBCGBCBBCEBETTNEBfJBCDDClBBCaaCtBtBBzBBTDBVCBfvBBVBBC5F5FBtBBqBDBlBvBBV8B8BBpBBOoCoCBZBmBGB6FrBB1D-BBgBHBDDDBGBCBBCXBQCC-CHBDmBBRCCdLLBmBBIWWMtBBUTTBnCBoGgBBgBIBCkBBSyByBBcBxDGBCBBClBBWaaBEBCBBCfBPYYBqBBlISBQCCBLBChBB9DwCwCB4cBnHjGBtyCgDBQvhBBSFBa68DBGmSB61GdBj3B4RBIeBSuCBSdBTvBBRDBgBUBGSBxNsBB0G-BBhBYBDYBtBqCBGjCjCBLBhCBBCPPBNNB0mHBqBfBiDyDB+vIDBCGBCBBCiJBQeeBBBDPPBCBJrMBloCqDBGMBEIBIJBn7F0CBCmCBCBBDDDBDDBCBCLBCCCBFBCgCBCDBDHBCGBCbBCDBCEBCEEBFBCzKBDYBCYBCeBCYBCeBCYBCeBCYBCeBCYBCHB15BeBHFBmI9BBzEsBBLGBRiKiKBcBTrBBlPbBlHdBDwGwGBdBCCBCBBCGBDEBKBBhHGBCDBCBBCOBCkGB8BjCBI1lB1lBBCBCaBCBBCDDCJBCDBCCCHFFCECBBBCBBCDDCICBCCDDBCGBCDBCDBCCCBIBCQBGCBCEBCQBlqE-2pBBhB9oEBDt0FBDwpHBQtTBjtC9QBjvBq6EBGppIB", false)),
    LC: () => new UnicodeRangeTable(decodeRanges("hCZBHZB7BLLBVBCeBCiGBCDBFvGBDZBhGDBDBBECBCHHCCBCCCBSBCyCBCqEBJlFBClBBKoBB44ClBBCGGDqBBDCBhV1CBDFBjkCKBGqBBDCBhCrBBgCMBChBBmD1IBDFBDlBBDFBDHBCGCBdBD0BBCGBCEEBBBCGBEDBDFBFMBGCBCGBmIFFDJBCEEBDBHGCBCBCFBFDDBCBGEBF1B1BB8zC8zCB6DBDmDBHDBEBBNlBBCGGzoetBBTbBnEtCBCWBEDBCsCBZBBE2Z2ZBpBBGIBIvCBh6TGBNEBqgBZBHZBmlBvCBhDjBBFjBB1DKBCOBCGBCBBCKBCOBCGBCBBk2ByBBOyBB+CVBLVB74C-BBhrV-BBhBYBDYBtpZ0CBCmCBCBBDDDBDDBCBCLBCCCBFBCgCBCDBDHBCGBCbBCDBCEBCEEBFBCzKBDYBCYBCeBCYBCeBCYBCeBCYBCeBCYBCHB15BJBCTBHFB2uCjCB", false)),
    Ll: () => new UnicodeRangeTable(decodeRanges("hDZB7BqBqBBWBCHBC2BCBQCBuBCDECBBBDCCDEEBFFDEEBBBDDDCCCDCCBCCDEECDDBDDBBBHGDCOCBSCBDDCEEC4BCBFBDDDBCCFICBjCBDZBiGCCEEEBBBTccBhBBCBBECBCWCBDBCGDB0B0BBuBBCgBCK0BCDMCBgDCxBoBBo6CqBBDCB5XFBjkCIBC2D2DBqBBgCMBChBBnD0ECBHBCgDCBHBJFBLHBJHBJFBLHBJHBJNBDHBJHBJHBJEBCBBHEEBBBCBBJDBDBBJHBLCBCBBzIEEBEEcKFDBBJDBF2B2Bs1CvBBCEEBGCFCCBCCBEBGiDCBIICFFNlBBCGG0oesBCUaCoEMCBBBC+BCBGBCCCDICFCCDCCBBBCSCGGGCMCFCCDOCbEE2ZqBBGIBIvCBh6TGBNEBqhBZBumBnBBpEjBB8EKBCOBCGBCBBk4ByBB+DVB75CfBhsVfB8BYBnqZZBbGBCRBbZBbDBCCCBFBCKBbZBbZBbZBbZBbZBbZBbZBbZBbbBdYBCFBbYBCFBbYBCFBbYBCFBbYBCFBC15B15BBIBCTBHFB4vChBB", false)),
    Lm: () => new UnicodeRangeTable(decodeRanges("wVRBFLBPEBICCmEGG-OnHnHlFBBuIBBFgBgBKEEhFoFoF1mBgEgE2R72B72BsDkTkTxOFBvF+BBOjBjBBjBByVOORMBg-CBByHgGgG2OsBsBBDBGiDiDB+C+CBBB34bjnBjnBBEBvIzDzDdBB6DIBxCYYpDDBEBB2OXXqEtDtDWBBoDDBKngVngVuBBBh-BFBCpBBCIB0sBhBhB2K04D04DnrTDB9PCBpBBBnRMBhCBBCPPB9-P9-PBCBCGBCBByhM9BBqGGBud0Q0QsSAB", false)),
    Lo: () => new UnicodeRangeTable(decodeRanges("qFQQhIFFBCBxGBB7ZaBFDBuBfBCJBkBBBCiDBCZZBLLBBBDRRCdBe4CBMZZBfBWVBrBYBIKBGXBCGBRoBB8B1BBETTIJBROBFHBDBBDVBCGBCEEBCBERROBBCCBPBBLJJBEBFBBDVBCGBCBBCBBCBBgBDBCUUBBBRIBCCBCVBCGBCBBCEBETTQBBYMMBGBDBBDVBCGBCBBCEBEffBCCBBBQSSCFBECBCDBEBBCCCBEEBEEBBBELBX1B1BBGBCCBCWBCPBEbbBBBCBBDBBfFFBGBCCBCWBCJBCEBEffBBBCBBQBBSIBCCBCoBBDRRGCBJCBZFBGRBEXBCIBCDDBFB7BvBBCBBNFB8BBBCCCBDBCXBCCCBIBCBBKDDBDBYDBhBgCgCBGBCjBBcEB0DqBBVRRBEBFDBEEEBIIBBBFMBNyDyDBnKBCDBDGBCCCBCBDoBBCDBDgBBCDBDGBCCCBCBDOBC4BBCDBDiCBmBPByDrTBDQBCZBGqCBHHBIRBOSBPRBPMBCCBQzBBpBkCkCBhBBC0BBIEBDhBBCGGBkCBLeByBdBDEBMrBBFZB3BWBK0BBxFuBBSHB3BdBOBBLrBBbjBBqBCBLdByDDBCFBCBBE7hB7hBBCB4-C3BBZWBKGBCGBCGBCGBCGBCGBCGBCGBoR2B2BF1CBJCCB4CBFGGBpBBC9CBSfBxBPBhQ-tGBhC0wUBC2jBBkCnBBJrIBFPBLBBjCyByBBkCBqFoDoDEGBCCBCDBCWBezBBPxBB-BFBECCBMMBaBLWBacBIuBBuBEBDIBLEBCoBBYCBCHBVPBCFBEEEBwBBCEEBDDBDBDCCZBBEKBIPPBEBDFBDFBKGBCGByEiBBej9KBNWBFwBBloItLBDpDBkCCCBIBCMBCEBCCCBCCBCCBqDBiBqLBT-BBD1BBpBLB1DEBCmEBqDJBCsBBDeBEFBDFBDFBDCBkBLBCZBCSBCBBCOBDNBjB6DBmMcBEwBBwBfBOTBCHBHlBBLdBDjBBFHBhEtCBjDnBBJzBB9CzBBN2JBKVBLHB5EFBDCCBqBBCBBEDDBVBLWBKeBiCSBCBBLVBLZBHZBnB3BBHBBhCQQBCBCCBCcBrBcBEcBkBHBCbBc1BBLVBLSBORBvDoCB4FjBBnBDBCxJxJBoBBHBBRCBCBB5BcBLJJBUBrBRBvBUBcWBN0BB6BBBDOOBrBBhBYBbjBBeDDJiBBENNBuBBPDBWCCkBRBCYBUBBgCGBCCCBCBCOBCJBIuBBnBHBDBBDVBCGBCBBCEBETTNEBfJBCDDClBBCaaCtBtBBzBBTDBVCBfvBBVBBC5F5FBtBBqBDBlBvBBV8B8BBpBBOoCoCBZBmBGB6FrBB0GHBDDDBGBCBBCXBQCC-CHBDmBBRCCdLLBmBBIWWMtBBUTTBnCBoGgBBgBIBCkBBSyByBBcBxDGBCBBClBBWaaBEBCBBCfBPYYBnBBCBBlISBQCCBLBChBB9DwCwCB4cBnHjGBtyCgDBQvhBBSFBa68DBGmSB61GdBj3B4RBIeBSuCBSdBTvBB0BUBGSB0NnBB2MqCBGwFwFB0mHBqBfBiDyDBuwIiJBQeeBBBDPPBCBJrMBloCqDBGMBEIBIJBxzI2P2PBrBBiBiKiKBcBTrBBlPaBmHdBDwGwGBdBCCBCBBCGBDEBKiHiHBFBCDBCBBCOBCkGB8pBDBCaBCBBCDDCJBCDBCCCHFFCECBBBCBBCDDCICBCCDDBCGBCDBCDBCCCBIBCQBGCBCEBCQBlqE-2pBBhB9oEBDt0FBDwpHBQtTBjtC9QBjvBq6EBGppIB", false)),
    Lt: () => new UnicodeRangeTable(decodeRanges("lOGDnB2sH2sHBGBJHBJHBNQQwBAB", false)),
    Lu: () => new UnicodeRangeTable(decodeRanges("hCZBmDWBCGBiB2BCDOCDuBCBECEBBCCCBCCBBBDDBCBBCCBEBBCBBCECBCCDCCBCCBBBCCCBEEIJDCMCDQCDDDCCBC4BCIBBCBBDCCBCBCGCiJCCEJJHCCBBBCCCBCCBPBCIBkBDDBBBEWCGDDCBBDyBBxBgBCK2BCBMCD+CCDlBBq6ClBBCGGzW1CB0kCHHBpBBDCBhK0ECKgDCKHBJFBLHBJHBJFBMGCJHBpCDBNDBNDBNEBMDBnIFFECBDCBDEEBDBHGCBCBDDBLBBG+B+B9zCvBBxBCCBBBDGCBCBCDDJCBCgDCJCCFuqeuqeCqBCUaCoEMCE8BCLECBICFCCDCCEUCBDBCEBCOCBCBCCCBQCZs5Vs5VBYBmmBnBBpEjBB9EKBCOBCGBCBBr3ByBB+EVB75CfBhsVfBhCYBoqZZBbZBbZBbCCBGDBDDBCBCHBbZBbBBCDBDHBCGBcBBCDBCEBCEEBFBcZBbZBbZBbZBbZBbZBfYBiBYBiBYBiBYBiBYBiB2pE2pEBgBB", false)),
    M: () => new UnicodeRangeTable(decodeRanges("gYvDB0IGBoIsBBCCCBCCBCCpCKBxBUBRmDmDBFBDFBDBBCDBkBffBZB8CKB7BIBKZZBCBCIBCCBCEBsBCB8BIBrBXBCgBB3BCBCRBCGBLBBeCB5BCCBFBDBBDCBKLLBbbDCB5BCCBDBFBBDCBEffBEEMCB5BCCBGBCCBCCBVBBXFBCCB5BCCBFBDBBDCBICBLBBf8B8BBDBECBCDBKpBpBBDB4BCCBFBCCBCDBIBBMBBeCB5BCCBFBCCBCDBIBBMBBQNNBCB4BBBCGBCCBCDBKLLBeeBBBnCFFBEBCCCBGBTBB+BDDBFBNHBjDDDBHBMGBqCBBcECFBByBTBCBBGKBCjBBKlDlDBSBYDBFCBCCBDGBEDBOLBCLLBCBgWCBzdDBdCBeBBfBBhCfBKuBuBBBBC2D2DBjBjB3DLBFLB8GEB6BJBCcBDxBxBBsBBDLBVEBwBQBnBIBNCBfMB5BNBxBTB5ECBCUBFHHDCBnG-BBxWgBB--CCBuEhDhDBeBrRFBqDBB1udDBCJBhBBBxCBBxIEEFYYBDBF0C0CBzBzBBQBbRBOnBnBBGBaMBtBDBwBNBlBkCkCBMBNJJBuBuBBBBzBCCBBBDBBGBBCqBqBBDBGBBtHHBCBBx5TiXiXBOBRPBuejHjH2EEBn0BCBCBBGDBpBCBFmFmFB+R+RBCBiCEB+JBBuCFBnCKByBDB7DCB2BOBqBDDBLLBCBuBKBI+B+BBBBlBNBRBBtBNNBBBxBNBJDBCBB9CLBHDD+ELBWDB4BBBCGBDBBDCBKLLBDDBFBEEBkCIBCDDCDBCEBCPPBzCzCBQBYyCyCBSBsHGBDIBcBBzCQBrDMBmDOBhIOB2HFBCBBDDBCCCBuEuEBFBDGBEddBIBpBGBCDBJKKBJBvBPBnGHBoGHBCHBzCVBCNB7DFBECCBCCBFBCjCjCBDBCBBCEB8KDBKBBCxBxBBFBEEBYmnFmnFHOBpmLRBhuCEB8BGB5gBCCB1BBIDByCMMBslTslTBizEizEBsBBDWB-QEBEFBJHBDGBfDB1ECB89B2BBFxBBJPPXEBCOBxqBGBCQBDGBCBBCEBlDhFhFBFB4L+B+BBCB9PDB-HBB0HDDIBBG7O7OBFBuDGB29lYvHB", false)),
    Mc: () => new UnicodeRangeTable(decodeRanges("joC4B4BDCBJDBCBBzBBB7BCBHBBDBBLsBsB7BCBjC7B7BBBBJCCB2B2BB7B7BCHHBDDBLLnDBBCBBECBCCBLqBqBBBB+BDB+BBB7BCCBDBDBBCBBKBBdPPB7B7BBBBGCBCCBLrBrBBsCsCBBBHHBTBBrKBBgCsFsFBFFHDDBaaBLLBBBDGBWBBDFBDLLBBB5zBffiEIIBGBCBB7KDBDCBFBBCFBhHBB7BCCKCCBJJBEByExBxBGCCBDBCBB+BffFBBD9B9BDCBCEEBxBxBBGBJBBsFWW35EBB0-dBBD5C5CBzBzBBOBvEBBwBxBxBBFFBDDBBBvDBBDBBZuBuBCuDuDDBBGuHuHBCCBCCBCC0gZCCgEuBuBBBBFBB0DZZB8B8BxBCBKBBO+C+CBBBEBBCrFrFBBBgBBB7BBBCDBDBBDCBKLLB1C1CBBBIDDCDBCBBCmDmDBBBJBBErDrDBBBHCCBCBDuHuHBBBHDBDyDyDBBBJBBCuDuDCBBHoDoDCBBFmImIBBBK4H4HBEBCBBFDDCvEvEBBBJDBF1C1CeBB-BqGqGECCoGPPrDIID2G2GBDBFBBC-K-KBNNxBBBJBBCpvQpvQBBBlxD2BBpDBB0rYBBHFB", false)),
    Me: () => new UnicodeRangeTable(decodeRanges("okBBB1xF-wB-wBBCBCCBsshBCB", false)),
    Mn: () => new UnicodeRangeTable(decodeRanges("gYvDB0IEBqIsBBCCCBCCBCCpCKBxBUBRmDmDBFBDFBDBBCDBkBffBZB8CKB7BIBKZZBCBCIBCCBCEBsBCB8BIBrBXBCfB4BCCFHBFEEBFBLBBe7B7BFDBJVVBbbDBB6BFFBFFBDDBBBEffBEEMBB6BFFBDBCBBFVVBXXBEBC7B7BDCCBCBJIIBMMBff+BNNzBEE4BCCBBBGCBCDBIBBMBBe7B7BDHHGBBVBBdBB6BBBFDBJVVBeepCIIBBBC7C7CDGBNHBjDDDBHBMGBqCBBcEC4BNBCEBCBBGKBCjBBKnDnDBCBCFBCBBDBBaBBFCBRDBODDBHHQgWgWBBBzdCBeBBfBBfBBhCBBCGBJDDBJBKuBuBBBBC2D2DBjBjB3DCBFBBKHHBBB8GBBD7B7BCGBCCCDHBHJBDxBxBBMBCeBDLBVDBxBCCBDBCGGpBIBNBBhBDBDBBCCB5BCCBEECCB7BHBDBB5ECBCMBCGBFHHEBBnG-BBxWMBFEEBKB--CCBuEhDhDBeBrRDBsDBB1udFFBIBhBBBxCBBxIEEFaaBGG4EBBbRBOnBnBBGBaKBvBCBxBDDBCBDBBoBkCkCBEBDBBDBBNJJwB0B0BCCBDBBGBBCrBrBBJJvHDDFx5Tx5TiXPBRPBuejHjH2EEBn0BCBCBBGDBpBCBFmFmFB+R+RBCBiCEB+JBBuCFBnCKByBDB8D3B3BBNBqBDDBLLBBByBDBDBBI+B+BBBBlBEBCHB-BNNB1B1BBHBLDBDgDgDBBBDCCBHHD+E+EEHBWBB6BBBEmBmBBFBEEBnCFBOECPBB2CHBDCBCYY1CFBCFFBCCBvHvHBCBHBBCBBcBB2CHBDCCBrDrDCDDBEBCmDmDCDDBCBCEBkIIBCBBhIBBCFFxEDBDBBFhBhBBIBpBFBDDBJKKBEBDCBvBMBCBBnGCCBBBCqGqGBFBCFBCzCzCBUBDGBCBBCBB7DFBECCBCCBFBCpCpCBEEC8K8KBMMB1B1BBDBGCCYmnFmnFHOBpmLLBECBhuCEB8BGB5gBgCgCBCByC5lT5lTBizEizEBsBBDWBhRCBSHBDGBfDB1ECB89B2BBFxBBJPPXEBCOBxqBGBCQBDGBCBBCEBlDhFhFBFB4L+B+BBCB9PDB-HBB0HDDIBBG7O7OBFBuDGB29lYvHB", false)),
    N: () => new UnicodeRangeTable(decodeRanges("wBJB5DBBGDDBBBitBJBnEJBnGJB9MJB3DJBFFBtDJB3DJB3DJBDFBvDMB0DJBJGBoDJBpDGBISBuDJBhDJB3DJBnCTBtIJBnCJBwWTBybCBwHJBHJBXJBtJJBhEKBmFJBHJB3FJB3CJBnEJBHJB3gBEEBEBHJBnGyBBDEB3W7BBvCVB3TdBqrBqYqYaIBPCB4KDBrEJBfHBCOBhBJBoBOBh7cJB9FJBhKFB7EJBnBJBnGJBXJB3CJB3MJB34UJBuPsBBN4BBSBB2KaBlBDBeJJnEEBrGJBvdHBaGBoBIBsCEBXFBhFBBDPBDtBBhCIB1BBBfCBsCEBpDHBZHBqBGBrKFBxBJBHJB3IeB-EJBrBDBxDGBnEdBhEJB9BJBxEJBITB8HJB3KJB3DJB3LJBnDJBHTBtCLBlNSB+CJB3UJB3CcBkHJBnCJB3BJBnLJBnDUBshBuDBimPJBnpCJB3CJBnEJBCGBvQJBnIWB+KCB6nXJBnuBTBNTBtDYB2iBxBBhqCJBnNJB3PJB4HJBtWIBhEJB4Y6BBCCBCDBtCsBBCOBjeMBk3CJB", false)),
    Nd: () => new UnicodeRangeTable(decodeRanges("wBJnxBJnEJnGJ9MJ3DJ3DJ3DJ3DJ3DJ3DJ3DJ3DJ3DJhDJ3DJnCJ3IJnCJn6BJnBJtJJhEJnFJHJ3FJ3CJnEJHJnuiBJnVJnBJnGJXJ3CJ3MJ34UJnsBJnkCJHJ9YJhEJ9BJxEJ3IJ3KJ3DJ3LJnDJHTtCJnNJnDJ3UJ3CJ3HJnCJ3BJnLJ3uQJnpCJ3CJnEJ3QJ37XJ12CxBhqCJnNJ3PJ4HJ2aJ30EJ", true)),
    Nl: () => new UnicodeRangeTable(decodeRanges("u3FCBwzCiBBDDB-zDaaBHBPCBs1dJBxyW0BBtOJJnEEBrhIuDBm8SCB", false)),
    No: () => new UnicodeRangeTable(decodeRanges("yFBBGDDBBB2pCFB5LFB5DCBmEGB6GGBSIByNJB2hBTB0jBJBhP20B20BEFBHJBnGPBqB3W3WB6BBvCVB3TdBqrB1kB1kBBCBrEJBfHBCOBhBJBoBOBxrdFBymWsBBiCDBSBB2KaBlBDB1pBHBaGBoBIBsCEBXFBhFBBDPBDtBBhCIB1BBBfCBsCEBpDHBZHBqBGBrKFBhLeB-EJBrBDBxDGBnETB8LTBmqBBBvNIBobSB0aUBn8SGB-YWBqhZTBNTBtDYBvqFIBid6BBCCBCDBtCsBBCOBjeMB", false)),
    P: () => new UnicodeRangeTable(decodeRanges("hBCBCFBCDBLBBEBBbCBCccCkBkBGEELBBEEE-VJJzOFBqBBB0BCCDDDtBBBVBBCBBOCCBBBrCDBnDsBsBBMBqHCB3BOBgBmImIBLLtE5D5D6DnMnMNwLwL7CLLBpFpFBNBCmBmBBCBoCrCrCBDBFBBwDFBsFlTlTBHB4EuTuTtBBBvCCBoCBB+ECBCCBmBKB6JBB5GBBhEGBCFBhFBBLGBdCB9DDB8BEB-BBBhCHBM9Z9ZBWBJTBCMBCLBfBBPBB6TDBeBB+hBNBwCBBgBJB0MVBgCDBhBBB8XDBCBBxDwEwEBtBBCfBDLBkNCBFJBDLBRNNjD7C7CjgdBBuICBkDLL0DFB9LDB3CBBpBCBCyByBBwBwBiDMBRBB9DDB-DBBRBB6HzqUzqUBxGxGBIBXiBBCNBCFFCBB2ECBCFBCDBLBBEBBbCBCccCCCBFB7MCB9UxBxB-MoXoXoGgBgBxIIBnBxDxDBFBjCGB6CDByO-J-JjBlElEBDBtBDB+FGBuDBBCDB-DDBxBBBwCDBFOOCCB5CFBsDrJrJBCCBzDzDBDBLBBCpDpD7HWBqDCBdMBtCjEjEBBB9HpIpIBBB8E9C9CBGB0CCBCEB+CJB4GgDgDBDBrBBBmUBBrCMBwFxjBxjBBDB97CBB8zOBBmEiCiCBDBJpRpRBBBoJDBoK9lT9lTovHEB07C-a-aBAB", false)),
    Pc: () => new UnicodeRangeTable(decodeRanges("-Cg-Hg-HBUU-u3BBBZCBwHAB", false)),
    Pd: () => new UnicodeRangeTable(decodeRanges("tB9qB9qB0BiyDiyDmgBqgCqgCBEBiwDDDgBBBFdd-NUUwDxszBxszBBmBmBLqFqFhzD-J-J", false)),
    Pe: () => new UnicodeRangeTable(decodeRanges("pB0B0BgB+1D+1DC-6B-6BqtC4B4BQ7T7TCff-hBMCxChBhBCGC1MUChCCCiBmhBmhBCECtBGCtNICEGCDBB-ozB6G6GeOCESSCCCrF0B0BgBGD", false)),
    Pf: () => new UnicodeRangeTable(decodeRanges("7F+6H+6HEddpuDCCFDDQEE", false)),
    Pi: () => new UnicodeRangeTable(decodeRanges("rFt7Ht7HDBBDaapuDCCFDDQEE", false)),
    Po: () => new UnicodeRangeTable(decodeRanges("hBCBCCBDECBLLBEEBcclCGGPBBI-V-VJzOzOBEBqB3B3BDDDtBBBVBBCBBOCCBBBrCDBnDsBsBBMBqHCB3BOBgBmImIBLLtE5D5D6DnMnMNwLwL7CLLBpFpFBNBCxDxDrCEBFBBwDFBsFlTlTBHBmY9D9DBBBoCBB+ECBCCBmBFBCDB6JBB5GBBhEGBCFBhFBBLGBdCB9DDB8BEB-BBBhCHBMjajaBJJBGBJIBDDBDCBEKBCCCBIB7kDDBCBBxDwEwEBFFBBBDDDBHBCBBCDDBLLBDBCJBDDBCCCBLBDCBtNCB6B+F+FjgdBBuICBkDLL0DFB9LDB3CBBpBCBCyByBBwBwBiDMBRBB9DDB-DBBRBB6HlxUlxUBFBDXXVBBDDBECBCDBICBHCCB2E2EBBBCCBDECBLLBEEBcclBDDB7M7MBBB9UxBxB-MoXoXoGgBgBxIIBnBxDxDBFBjCGB6CDB0ZlElEBDBtBDB+FGBuDBBCDB-DDBxBBBwCDBFOOCCB5CFBsDrJrJBCCBzDzDBDBLBBCpDpD7HWBqDCBdMBtCjEjEBBB9HpIpIBBB8E9C9CBGB0CCBCEB+CJB4GgDgDBDBrBBBmUBBrCMBwFxjBxjBBDB97CBB8zOBBmEiCiCBDBJpRpRBBBoJDBoK9lT9lTovHEB07C-a-aBAB", false)),
    Ps: () => new UnicodeRangeTable(decodeRanges("oBzBzBgB-1D-1DC-6B-6B-rCEEnB4B4BQ7T7TCff-hBMCxChBhBCGC1MUChCCCiBmhBmhBCECaTTCECtNICEGCDipzBipzB4GeeCMCESSCCCrFzBzBgBEEDAB", false)),
    S: () => new UnicodeRangeTable(decodeRanges("kBHHRCBgBCCcCCkBEBCBBDCCBCBDEEfgBgBrODBNNBGGBCCCBPB2DPPBxDxDsErIrIBBB3DCBDDDBvGvGLUUB4H4HIBBpEqLqLBHHB2H2H-DjEjEBGBlEwGwGqBmGmGiGCBQCCBBBDFBVECmEHBCFBCBBGDBmGBBxXJB0WuLuLlL+E+EBgBBiLJBKIBhiBCCBBBMCBOCBOCBOBBmCOOoBCBOCBUhBB-BBBCDBCBBLCCBBBGFBCECFMMBFFBDBGDBC7B7BBFFB2LBFcBD+HBXKByCtCBXnTBtBwBBDeBLyMBX+BBFfBD1LBDpEBmHFBmLBBvBZBC4CBN1GBbPBFOOBNNWBBHBB8CBB0HBBFJBhBlBBKRRBdBMdBJQQBeBLmBBQ-JBhuG-BBx0V2BB6RWBKBBoDBB+EDBLDB+RCBiHPPB+9T+9TpEgBBuLPBhCBB3BHBtBDBjDCCBBBD7E7EHRRBBBgBCCcCCiEGBCGBOBB6JIB6BQBDCBCMBEwBwBBrBB7zBBBwSmWmWBiKiKBGBnjC2kC2kCBbBr6SDBG3qU3qUk7DvHBLCBEzNBHWBQQBgDzDB9B1HBLmBBD7BBGCBXBBIdBF8BBWhCBE7F7FB1CBrbaagBaagBaagBaagBaa9B-PB4BDBzBHBCNBCBBp2BwNwNttCEE+DiOiOBvIvIBqBBFjDBNOBDOBCOBCkBBYgFB5BcBOrBBFIBIBBPFB7E4eBEQBEMBE5GBHLBFQQBKBF3BBJJBHnBBJdBDLBFBBPIBoB3KBJNBDMBEKBE4BBCFFBOBDLBFJBIyEBC7CBLAB", false)),
    Sc: () => new UnicodeRangeTable(decodeRanges("kB+D+DBCBqnB8D8DzPBBzPBBI2H2HoImSmS8sClmClmCBgBB37hBkuVkuVtD7E7E8GBBEBB3-HDB-4wBxtCxtC", false)),
    Sk: () => new UnicodeRangeTable(decodeRanges("+CCCoCHHFEEqQDBNNBGGBCCCBPB2DPPBjoBjoB15FCCBBBMCBOCBOCBOBB9kEBBkzdWBKBBoDBBxePPBniUniUBPB8bCCjF4g9B4g9BBDB", false)),
    Sm: () => new UnicodeRangeTable(decodeRanges("rBRRBBB+BCCuBFFmBgBgB-XwQwQBBB8xGOOoBCBOCBsEoBoBBDBHlClCBDBGBBFGDIgBgBBDDCgBgBBqIBhBBB7CffBXBpBFB2OKK3BHBwDxKxKBDBDeBLPBhIiEBX+BBFfBDhIBxBUBDFB9+zB5Z5ZCCBlFRRBBB+BCCkEHHBCBitDBBhrwBx+Bx+BagBgBagBgBagBgBagBgBat5Ft5FB-uC-uCBHB", false)),
    So: () => new UnicodeRangeTable(decodeRanges("mFDDFCCyerIrIBgEgEBvGvGLUUB4H4HkQ2L2LjEFBClElEwGqBqBoMCBQCCBBBDFBVECmEHBCFBCBBGDBmGBBxXJB0WzWzW+EhBBiLJBKIBksBBBCDBCBBLCCBHHBEBCECFMMBPPCBBC7B7BBKKBDBDDBCBBCBBCGBCeBDBBCCCBdBtIHBFTBDGBDwCBCdBanBBHnCBXKByCtCBX2FBCIBC1BBJuDBC3HBtBrBBhC-HBhQvBBWBBHmBBDpEBmHFBmLBBvBZBC4CBN1GBbPBFOOBNNWBBHBBxKBBFJBhBlBBKRRBdBMdBJQQBeBLmBBQ-JBhuG-BBx0V2BBibDBLBBC+R+RBBBqqUPBuLPBhCBB3BHBuBCBlPEEFBBOBB6JIB6BQBDCBCMBEwBwBBrBB7zBBBwSpgBpgBBGBnjC2kC2kCBGBFQBr6SDBG3qU3qUk7DvHBLCBEzNBHWBQPBhDzDB9B1HBLmBBD7BBGCBXBBIdBF8BBWhCBE7F7FB1CBqlB-PB4BDBzBHBCNBCBBp2B96C96CiEyWyWBqBBFjDBNOBDOBCOBCkBBYgFB5BcBOrBBFIBIBBPFB7E6HBG4WBEQBEMBE5GBHLBFQQBKBF3BBJJBHnBBJdBDLBFBB-B3KBJNBDMBEKBE4BBCFFBOBDLBFJBIyEBC7CBLAB", false)),
    Z: () => new UnicodeRangeTable(decodeRanges("gBgEgEgvFgsCgsCBJBeBBGwBwBh9DAB", false)),
    Zl: () => new UnicodeRangeTable(decodeRanges("ohIA", true)),
    Zp: () => new UnicodeRangeTable(decodeRanges("phIA", true)),
    Zs: () => new UnicodeRangeTable(decodeRanges("gBgEgEgvFgsCgsCBJBlBwBwBh9DAB", false)),
    ASCII_Hex_Digit: () => new UnicodeRangeTable(decodeRanges("wBJIFbF", true)),
    Alphabetic: () => new UnicodeRangeTable(decodeRanges("hCZBHZBwBLLFGGBVBCeBCpOBFLBPEBICC3CeeBQBCBBDDBCHHCCBCCCBSBCyCBCqEBJlFBClBBDHHBnBBoBNBCCCBCCBCCJaBFDBeKBG3BBCGBPlDBCHBFHBFCBLCBDRRBuBBOkDBZgBBKBBFGGBWBDSBUYBIKBGXBCGBIJJBoBBLLBEGBHrCBCPBCCBFOBOSBCHBDBBDVBCGBCEEBCBEHBDBBDBBCJJFBBCEBNBBLFFBBBCFBFBBDVBCGBCBBCBBCBBFEBFBBDBBFIIBCBCSSBEBMCBCIBCCBCVBCGBCBBCEBEIBCCBCBBEQQBCBWDBFCBCHBDBBDVBCGBCBBCEBEHBDBBDBBKBBFBBCEBORRBCCBEBECBCDBEBBCCCBEEBEEBBBELBFEBECBCCBEHHpBMBCCBCWBCPBEHBCCBCCBJBBCCBCBBDDBdDBCHBCCBCWBCJBCEBEHBCCBCCBJBBGCBCDBOCBNMBCCBCoBBDHBCCBCCBCGGBCBIEBXFBCCBCRBEXBCIBCDDBFBJFBCCCBGBTBBO5BBGGBH0B0BBECBDBCXBCCCBRBCCBDEBCHHPDBhBgCgCBGBCjBBFSBFPBCjBBkC2BBCDDBDBR-BBLDBDlBBCGGDqBBCsKBCDBDGBCCCBCBDoBBCDBDgBBCDBDGBCCCBCBDOBC4BBCDBDiCBmBPBR1CBDFBErTBDQBCZBGqCBEKBITBMUBNTBNMBCCBCBBNzBBDSBPFFkC4CBIqBBGlCBLeBCLBFIBYdBDEBMrBBFZB3BbBF+BBDTBzBYYBMMBBByBzBBCOBCHB0BpBBDDBLrBBCKBP2BBXCBLjBBDKBGqBBDCBqBDBCFBCBBEGGB+FBUhBBM1IBDFBDlBBDFBDHBCGCBdBD0BBCGBCEEBBBCGBEDBDFBFMBGCBCGB1DOORMBmDFFDJBCEEBDBHGCBCBCKBDDBGEBFSSBnBBuZzBB34BkHBHDBEBBNlBBCGGD3BBIRRBVBKGBCGBCGBCGBCGBCGBCGBCGBCfBwB2O2OBBBaIBIEBDEBF1CBHCBC5CBCDBGqBBC9CBSfBxBPBhQ-tGBhCs0VBkCtBBDsIBEPBLBBVuBBGHBEwDBoBIBDmDBDxCBVUBCgBBZzBBNjCBCtBtBBEBECCBBBLgBBGiBBOcBEyBBCLBQRRBOBLEBC2BBKNBTWBEkCBCCCZCBDPBDDBMFBDFBDFBKGBCGBCqBBCNBH6DBWj9KBNWBFwBBloItLBDpDBnBGBNEBGLBCMBCEBCCCBCCBCCBqDBiBqLBT-BBD1BBpBLB1DEBCmEBlBZBHZBM4CBEFBDFBDFBDCBkBLBCZBCSBCBBCOBDNBjB6DBmC0BBsIcBEwBBwBfBOdBGqBBGdBDjBBFHBCEBrB9EBTjBBFjBBFnBBJzBBNKBCOBCGBCBBCKBCOBCGBCBBEzBBN2JBKVBLHBZFBCpBBCIBmCFBDCCBqBBCBBEDDBVBLWBKeBiCSBCBBLVBLZBHZBnB3BBHBBhCDBCBBGHBCCBCcBrBcBEcBkBHBCbBc1BBLVBLSBORBvDoCB4ByBBOyBBOnBBjBbBEGGBVB7HpBBCBBEBBRFBzBCBEcBLJJBUBrBRBvBUBcWBKlCBsBEBL4BBKOOBXBYyBBSDBJiBBEKKB+BBCDBKBBLCCkBRBChBBDHHBCB-BGBCCCBCBCOBCJBI4BBYDBCHBDBBDVBCGBCBBCEBEHBDBBDBBEHHGGBdJBCDDClBBCJBCDDCDBCBBECCtBhCBCCBCDBVCBfhCBDBBC5F5FB0BBDGBaFBjB+BBCEE8B1BBDoCoCBZBDNBWGB6F4BBoD-BBgBHBDDDBGBCBBCdBCBBDBBDDB+CHBDtBBDFBCCCBccBxBBDJBSnCBGTTBnCBoDHB5CgBBgBIBCsBBCGBCyByBBcBDVBCNBqCGBCBBCrBBECCBCCBBBCDDBZZBEBCBBCkBBCBBCDBCYYBqBBlIWBKQBCoBBECBwDwCwCB4cBnDuDBSjGBtyCgDBQvhBBSFBa68DBGmSB61GuBBy2B4RBIeBSuCBSdBTvBBRDBgBUBGSBxNsBB0G-BBhBYBDYBtBqCBF4BBIQBhCBBCNNBFBK1mHBqBfBiDyDB+vIDBCGBCBBCiJBQeeBBBDPPBCBJrMBloCqDBGMBEIBIJBFi7Fi7FBzCBCmCBCBBDDDBDDBCBCLBCCCBFBCgCBCDBDHBCGBCbBCDBCEBCEEBFBCzKBDYBCYBCeBCYBCeBCYBCeBCYBCeBCYBCHB15BeBHFB2GGBCQBDGBCBBCEBG9BBiBxDxDBrBBLGBRiKiKBcBTrBBlPbBlHdBDwGwGBdBCVBJBBhHGBCDBCBBCOBCkGB8BjCBEEE1lBDBCaBCBBCDDCJBCDBCCCHFFCECBBBCBBCDDCICBCCDDBCGBCDBCDBCCCBIBCQBGCBCEBCQB1TZBHZBHZB3zD-2pBBhB9oEBDt0FBDwpHBQtTBjtC9QBjvBq6EBGppIB", false)),
    Dash: () => new UnicodeRangeTable(decodeRanges("tB9qB9qB0BiyDiyDmgBqgCqgCBEB+BoBoBQnMnMlgDDDgBBBFdd-NUUwDxszBxszBBmBmBLqFqFhzD-J-J", false)),
    Emoji: () => new UnicodeRangeTable(decodeRanges("jBHHGJBwDFFu8HNN5GXX7CFBQBBwLBBNnFnFaKBFCBoGoHoHBLLK7B7BBCBCEBKGDBDDFDDCBBDIEBJJBBBGCCGLBMBBDCCBCCTDDBTTBEBCCCBEEBGGDBBFBBMBBGBBDGGBECBVVBGGBEBCDBDFFDDDBEBCDDCCCHEEHLLBQQDFFCFFBBBCMMBxBxBBBBKeP1LBBwOCBUBB0BFF7mBNN6SCCrrvDrGrGhFBBNBBPDDBIBsCZBCBBYVVDIBWBBvFhBBDvDBDBBCCBDyCBDCBCmIBC+BBMFBCXBIBBDHBNDDBCBDFFBOOBDDJBBKGGBBBNCBJCBDCCFHHEHHB0CBxBlCBGHBDDBEJBECCBEEDJBkHLBF8I8IBtBBCJBC4FBxDMBEKBE4BBCFFBOBDLBFJB", false)),
    Emoji_Component: () => new UnicodeRangeTable(decodeRanges("jBHHGJB0+H2G2Gsp3B3+8B3+8BBYB8PEBxtBDBtzhY-CB", false)),
    Emoji_Modifier: () => new UnicodeRangeTable(decodeRanges("7-8DE", true)),
    Emoji_Modifier_Base: () => new UnicodeRangeTable(decodeRanges("9wJ8G8GRDB4jzD9B9BBBBDDDBBB2DBBDKBWSBEFFBBBCCBICCZqGqGBFFWFFBvFvFBBBEEB0CRRBBBKMMgSDDJHBHKKBIBDCB5B+B+BBCCBCCSCBCMBmHCBrBIB", false)),
    Emoji_Presentation: () => new UnicodeRangeTable(decodeRanges("64IBBuGDBEDDqQBBWBBzBLBsBUUOJJBSSBGGBJJGWWIBBCFFDIIFBBdkBkBCFFBBBC+B+BBBBZPP8aBB0BFFvlxDrGrG-FDDBIBsCZBCZZVDDBDBCCBWBBvFgBBNIBClCBCVBNqBBFEBNQBEEEBlCBCCCB5FBD+BBODBCXBTbbBOO3C0CBxBlCBHEEBBBDDBEDBMBBIIBkHLBF8I8IBtBBCJBC4FBxDMBEKBE4BBCFFBOBDLBFJB", false)),
    Extended_Pictographic: () => new UnicodeRangeTable(decodeRanges("pFFFu8HNN5GXX7CFBQBBwLBBNnFnFaKBFCBoGoHoHBLLK7B7BBCBCEBKGDBDDFDDCBBDIEBJJBBBGCCGLBMBBDCCBCCTDDBTTBEBCCCBEEBGGDBBFBBMBBGBBDGGBECBVVBGGBEBCDBDFFDDDBEBCDDCCCHEEHLLBQQDFFCFFBBBCMMBxBxBBBBKeP1LBBwOCBUBB0BFF7mBNN6SCCrrvDoBoBBCBlDLBQBBQPPBmBmBBIBxDBBNBBPDDBIBU3BBcOBLVVDIBCDBKWBH7FBDvDBDBBCCBDyCBDCBCDBG9HBC+BBMFBCXBIBBDHBNDDBCBDFFBOOBDDJBBKGGBBBNCBJCBDCCFHHEHHB0CBxBlCBGHBDQBECCBEBDMB7GlBBNDB5BHBLFBpBHBfBBNDBDNBKmBBNuBBCJBC4FB5CHBPxEBhI9fB", false)),
    Hex_Digit: () => new UnicodeRangeTable(decodeRanges("wBJIFbFq1-BJIFbF", true)),
    Lowercase: () => new UnicodeRangeTable(decodeRanges("hDZBwBLLFlBlBBWBCHBC2BCBQCBuBCDECBBBDCCDEEBFFDEEBBBDDDCCCDCCBCCDEECDDBDDBBBHGDCOCBSCBDDCEEC4BCBFBDDDBCCFICBjCBDiBBIBBfEBhDsBsBCEEDDBTccBhBBCBBECBCWCBDBCGDB0B0BBuBBCgBCK0BCDMCBgDCxBoBBo6CqBBCDB5XFBjkCIBC2D2DB+FBiC0ECBHBCgDCBHBJFBLHBJHBJFBLHBJHBJNBDHBJHBJHBJEBCBBHEEBBBCBBJDBDBBJHBLCBCBB6DOORMBuDEEBEEcKFDBBJDBFiBiBBOBFsasaBYBn6BvBBCEEBGCFCCBCCBGBEiDCBIICFFNlBBCGG0oesBCUaCBBBmEMCBBBC8BCBIBCCCDICFCCDCCBBBCSCGGGCMCFCCDOCWDBCCCBBB2ZqBBCNBHvCBh6TGBNEBqhBZBumBnBBpEjBB8EKBCOBCGBCBBkODDBBBCpBBCIBmoByBB+DVB75CfBhsVfB8BYBnqZZBbGBCRBbZBbDBCCCBFBCKBbZBbZBbZBbZBbZBbZBbZBbZBbbBdYBCFBbYBCFBbYBCFBbYBCFBbYBCFBC15B15BBIBCTBHFBmI9BB1lChBB", false)),
    Math: () => new UnicodeRangeTable(decodeRanges("rBRRBBBgBeeCuBuBFmBmBgB5W5WBBBDbbBDDBBBwQCBuwGccBBBMEEOPPBCBWEBMEBiCMBFEEBFFBDBTFFDJBCDDBEBHEEBDDBCCBBBCFBENBClClCBWBCFBCBBFBBFfBCHHBPPBqIBJDBVBB7CffBZBCZZMGB+NBBNJBFFBFBBDBBEEBPCCDFBMHBGBB6BCCeDBKCBxK-BBhI-PBxBUBDFB9+zB4Z4ZBEBCjFjFRCBeCCeCCkEHHBCBitDBBhrwBwoBwoBBzCBCmCBCBBDDDBDDBCBCLBCCCBFBCgCBCDBDHBCGBCbBCDBCEBCEEBFBCzKBDjJBDxBBhwFDBCaBCBBCDDCJBCDBCCCHFFCECBBBCBBCDDCICBCCDDBCGBCDBCDBCCCBIBCQBGCBCEBCQB1BBB-uCIB", false)),
    Quotation_Mark: () => new UnicodeRangeTable(decodeRanges("iBFFkEQQ96HHBaBBowDqOqOBCBOCBixzBDB+FFF7CBB", false)),
    Terminal_Punctuation: () => new UnicodeRangeTable(decodeRanges("hBLLCMMBEE-ZJJiQ6B6BpCPPCCB1FsBsBBJBCsHsHB3B3BBEBCHBgBmImIB1nB1nBBtFtFFFB4JBB2YHBmY9D9DBBBoCBB+ECBEoBoBBCBDBB7JBBjLDBjFBBLBBCCBeCB8FEB-BBBldYYBKKBBBwlDCBzJOOFLLCBBEBBtNBB8ndBBuICBkHEB-LBB3CBBgD4E4EBBB0ECBgERRB6H6HnxUDDB6B6BBBBCDBqFLLCMMBEEiCDD7hBxBxBnkBoGoG3JBB5EFBlCFB6CDB5dEBtBDB+FGBxDDBgECBiEBBHRRB5C5CBDBtDrJrJB2D2DBBBNBBnLDBEOBqDBB6HCBmQCC8HBB4CBBFBB-MCBuBmUmUBrCrCBspBspBBDB6vRBBmEiCiCBBBLqRqRBoJoJBnwTnwTovHDB", false)),
    Uppercase: () => new UnicodeRangeTable(decodeRanges("hCZBmDWBCGBiB2BCDOCDuBCBECEBBCCCBCCBBBDDBCBBCCBEBBCBBCECBCCDCCBCCBBBCCCBEEIJDCMCDQCDDDCCBC4BCIBBCBBDCCBCBCGCiJCCEJJHCCBBBCCCBCCBPBCIBkBDDBBBEWCGDDCBBDyBBxBgBCK2BCBMCD+CCDlBBq6ClBBCGGzW1CB0kCHHBpBBDCBhK0ECKgDCKHBJFBLHBJHBJFBMGCJHBpCDBNDBNDBNEBMDBnIFFECBDCBDEEBDBHGCBCBDDBLBBGbbBOBUzZzZBYBx5BvBBxBCCBBBDGCBCBCDDJCBCgDCJCCFuqeuqeCqBCUaCoEMCE8BCLECBICFCCDCCEUCBDBCEBCOCBCBCCCBQCZs5Vs5VBYBmmBnBBpEjBB9EKBCOBCGBCBBr3ByBB+EVB75CfBhsVfBhCYBoqZZBbZBbZBbCCBGDBDDBCBCHBbZBbBBCDBDHBCGBcBBCDBCEBCEEBFBcZBbZBbZBbZBbZBbZBfYBiBYBiBYBiBYBiBYBiB2pE2pEBgBBvgCZBHZBHZB", false)),
    White_Space: () => new UnicodeRangeTable(decodeRanges("JEBTlDlDbgvFgvFgsCKBeBBGwBwBh9DAB", false))
  });
  static SCRIPTS = new LazyMap({
    Adlam: () => new UnicodeRangeTable(decodeRanges("go6DrCFJFB", true)),
    Ahom: () => new UnicodeRangeTable(decodeRanges("g4lCaDOFW", true)),
    Anatolian_Hieroglyphs: () => new UnicodeRangeTable(decodeRanges("ggxCmS", true)),
    Arabic: () => new UnicodeRangeTable(decodeRanges("gwBEBCFBCNBCCBCfBCJBMZBCrDBChBBxCvBBxHhBBGqCBCcBxy8BtPBDvEBhBPBxDEBCmEBk7DeBkCFBJIBiBFBh43BDBCaBCBBCDDCJBCDBCCCHFFCECBBBCBBCDDCICBCCDDBCGBCDBCDBCCCBIBCQBGCBCEBCQB1BBB", false)),
    Armenian: () => new UnicodeRangeTable(decodeRanges("xpBlBDxBDCks9BE", true)),
    Avestan: () => new UnicodeRangeTable(decodeRanges("g4iC1BEG", true)),
    Balinese: () => new UnicodeRangeTable(decodeRanges("g4GsCCxB", true)),
    Bamum: () => new UnicodeRangeTable(decodeRanges("g1pB3CpowB4R", true)),
    Bassa_Vah: () => new UnicodeRangeTable(decodeRanges("w26CdDF", true)),
    Batak: () => new UnicodeRangeTable(decodeRanges("g+GzBJD", true)),
    Bengali: () => new UnicodeRangeTable(decodeRanges("gsCDBCHBDBBDVBCGBCEEBCBDIBDBBDDBJFFBCCBDBDYB", false)),
    Beria_Erfe: () => new UnicodeRangeTable(decodeRanges("g17CYDY", true)),
    Bhaiksuki: () => new UnicodeRangeTable(decodeRanges("ggnCICsBCNLc", true)),
    Bopomofo: () => new UnicodeRangeTable(decodeRanges("qXB6wLqBxDf", true)),
    Brahmi: () => new UnicodeRangeTable(decodeRanges("ggkCtCFjBKA", true)),
    Braille: () => new UnicodeRangeTable(decodeRanges("ggK-H", true)),
    Buginese: () => new UnicodeRangeTable(decodeRanges("gwGbDB", true)),
    Buhid: () => new UnicodeRangeTable(decodeRanges("g6FT", true)),
    Canadian_Aboriginal: () => new UnicodeRangeTable(decodeRanges("ggF-TxRlC7tgCP", true)),
    Carian: () => new UnicodeRangeTable(decodeRanges("g1gCwB", true)),
    Caucasian_Albanian: () => new UnicodeRangeTable(decodeRanges("wphCzBMA", true)),
    Chakma: () => new UnicodeRangeTable(decodeRanges("gokC0BCR", true)),
    Cham: () => new UnicodeRangeTable(decodeRanges("gwqB2BKNDJDD", true)),
    Cherokee: () => new UnicodeRangeTable(decodeRanges("g9E1CDFz7lBvC", true)),
    Chorasmian: () => new UnicodeRangeTable(decodeRanges("w9jCb", true)),
    Common: () => new UnicodeRangeTable(decodeRanges("AgCBbFBbuBBCOBCEBYgBgBiOmBBGEBDTB1DKKHCC+THHPEEhB9E9ElQiEiEB6mB6mB2MDBjJwvBwvBBBBoCBBsGBBCumBumBOIIBCBCFBCCBDmYmYBKBD2CBCKBEKBCOBShBB-BlBBCCBDFBCaBCQBqBCBF5UBXKBW-cBhIzTBDpEBhQ9CBzMUBCCCBXBQHBFDB8CBBE7C7CB0E0EBOBhBlBBKxBxBB+BBgBwCBwB5C5CBmFBhuG-BBhoWhBBnDCBmFJB1HhFhFsMPPBzuUzuUBxGxGBIBXiBBCSBCDB0ECCBeBbFBbKBLuBuBBhChCBFBCGBLEBjICBFsBBEIBxCMB0BsBBlHaBltuBDB96D8HBEzNBHWBQQBgDzDB9B1HBLmBBD9BBEQBJBBIdBF8BB2GTBNTBN2CBKYBoE0CBCmCBCBBDDDBDDBCBCLBCCCBFBCgCBCDBDHBCGBCbBCDBCEBCEEBFBCzKBDjJBDxBByjFjCBtC8BBjWrBBFjDBNOBDOBCOBCkBBLtFB5BZBCBBOrBBFIBIBBPFB7E4eBEQBEMBE5GBHLBFQQBKBF3BBJJBHnBBJdBDLBFBBPIBoB3KBJNBDMBEKBE4BBCFFBOBDLBFJBIyEBCmDBnghYffB+CB", false)),
    Coptic: () => new UnicodeRangeTable(decodeRanges("ifNxkKzDGG", true)),
    Cuneiform: () => new UnicodeRangeTable(decodeRanges("ggoC5cnDuDCEMjG", true)),
    Cypriot: () => new UnicodeRangeTable(decodeRanges("ggiCFBDCCBqBBCBBEDD", false)),
    Cypro_Minoan: () => new UnicodeRangeTable(decodeRanges("w8rCiD", true)),
    Cyrillic: () => new UnicodeRangeTable(decodeRanges("ggBkEBDoFBx6FKBhFtCtCojEfBhie-CBv8VBBhw4B9BBiBAB", false)),
    Deseret: () => new UnicodeRangeTable(decodeRanges("gghCvC", true)),
    Devanagari: () => new UnicodeRangeTable(decodeRanges("goCwCFODZh7nBfhwcJ", true)),
    Dives_Akuru: () => new UnicodeRangeTable(decodeRanges("gomCGBDDDBGBCBBCdBCBBDLBKJB", false)),
    Dogra: () => new UnicodeRangeTable(decodeRanges("ggmC7B", true)),
    Duployan: () => new UnicodeRangeTable(decodeRanges("ggvDqDGMEIIJDD", true)),
    Egyptian_Hieroglyphs: () => new UnicodeRangeTable(decodeRanges("ggsC1iBL68D", true)),
    Elbasan: () => new UnicodeRangeTable(decodeRanges("gohCnB", true)),
    Elymaic: () => new UnicodeRangeTable(decodeRanges("g-jCW", true)),
    Ethiopic: () => new UnicodeRangeTable(decodeRanges("gwEoCBCDBDGBCCCBCBDoBBCDBDgBBCDBDGBCCCBCBDOBC4BBCDBDiCBDfBEZBnvGWBKGBCGBCGBCGBCGBCGBCGBCGBjpfFBDFBDFBKGBCGBylvCGBCDBCBBCOB", false)),
    Garay: () => new UnicodeRangeTable(decodeRanges("gqjClBEcJB", true)),
    Georgian: () => new UnicodeRangeTable(decodeRanges("glElBBCGGDqBBCDBx8CqBBDCBhiElBBCGG", false)),
    Glagolitic: () => new UnicodeRangeTable(decodeRanges("ggL-Ch9sDGCQDGCBCE", true)),
    Gothic: () => new UnicodeRangeTable(decodeRanges("w5gCa", true)),
    Grantha: () => new UnicodeRangeTable(decodeRanges("g4kCDBCHBDBBDVBCGBCBBCEBDIBDBBDCBDHHGGBDGBEEB", false)),
    Greek: () => new UnicodeRangeTable(decodeRanges("wbDBCCBDDBCFFCCCBBBCCCBSBC+BBPPBnpGEBzBEBFEB1ChKhKBUBDFBDlBBDFBDHBCGCBdBD0BBCOBCNBDFBCSBDCBCIBoJ-xiB-xiB7uVuCBSgj0Bgj0BBkCB", false)),
    Gujarati: () => new UnicodeRangeTable(decodeRanges("h0CCBCIBCCBCVBCGBCBBCEBDJBCCBCCBDQQBCBDLBIGB", false)),
    Gunjala_Gondi: () => new UnicodeRangeTable(decodeRanges("grnCFCBCkBCBCFIJ", true)),
    Gurmukhi: () => new UnicodeRangeTable(decodeRanges("hwCCBCFBFBBDVBCGBCBBCBBCBBDCCBDBFBBDCBEIIBCBCIIBPB", false)),
    Gurung_Khema: () => new UnicodeRangeTable(decodeRanges("go4C5B", true)),
    Han: () => new UnicodeRangeTable(decodeRanges("g0LZBC4CBN1GBwBCCaIBPDBle-tGBhC-vUBhoWtLBDpDBpodBBNGBqgkB-2pBBhB9oEBDt0FBDwpHBQtTBjtC9QBjvBq6EBGppIB", false)),
    Hangul: () => new UnicodeRangeTable(decodeRanges("goE-HvxHBiI9CyDeiCei3dckUj9KNWFwBl9JeEFDFDFDC", true)),
    Hanifi_Rohingya: () => new UnicodeRangeTable(decodeRanges("gojCnBJJ", true)),
    Hanunoo: () => new UnicodeRangeTable(decodeRanges("g5FU", true)),
    Hatran: () => new UnicodeRangeTable(decodeRanges("gniCSCBGE", true)),
    Hebrew: () => new UnicodeRangeTable(decodeRanges("xsB2BBJaBFFBpp9BZBCEBCCCBCCBCCBIB", false)),
    Hiragana: () => new UnicodeRangeTable(decodeRanges("hiM1CBHCBi7-C+IBTeeBBBulQAB", false)),
    Imperial_Aramaic: () => new UnicodeRangeTable(decodeRanges("giiCVCI", true)),
    Inherited: () => new UnicodeRangeTable(decodeRanges("gYvDB2IBBlOKBbhXhXBCB8qEtBBDLBlPCBCMBCGBFHHEBBnG-BBtQBBjGgBB65DDBsDBBmrzBPBRNBwejHjH7iEl+uBl+uBBsBBDWBhRCBSHBDGBfDBz6rYvHB", false)),
    Inscriptional_Pahlavi: () => new UnicodeRangeTable(decodeRanges("g7iCSGH", true)),
    Inscriptional_Parthian: () => new UnicodeRangeTable(decodeRanges("g6iCVDH", true)),
    Javanese: () => new UnicodeRangeTable(decodeRanges("gsqBtCDJFB", true)),
    Kaithi: () => new UnicodeRangeTable(decodeRanges("gkkCiCLA", true)),
    Kannada: () => new UnicodeRangeTable(decodeRanges("gkDMCCCWCJCEDICCCDIBGCCDDJCC", true)),
    Katakana: () => new UnicodeRangeTable(decodeRanges("hlM5CBDCBxHPBxGuBBC3CBvgzBJBCsBBzisBDBCGBCBBCgJgJBBBzBPPBCB", false)),
    Kawi: () => new UnicodeRangeTable(decodeRanges("g4nCQCoBEc", true)),
    Kayah_Li: () => new UnicodeRangeTable(decodeRanges("goqBtBCA", true)),
    Kharoshthi: () => new UnicodeRangeTable(decodeRanges("gwiCDCBGHCCCcDCFJII", true)),
    Khitan_Small_Script: () => new UnicodeRangeTable(decodeRanges("k-7C84G84GB0OBqBAB", false)),
    Khmer: () => new UnicodeRangeTable(decodeRanges("g8F9CDJHJnPf", true)),
    Khojki: () => new UnicodeRangeTable(decodeRanges("gwkCRCuB", true)),
    Khudawadi: () => new UnicodeRangeTable(decodeRanges("w1kC6BGJ", true)),
    Kirat_Rai: () => new UnicodeRangeTable(decodeRanges("gq7C5B", true)),
    Lao: () => new UnicodeRangeTable(decodeRanges("h0DBBCCCBDBCXBCCCBVBDEBCCCBFBCJBDDB", false)),
    Latin: () => new UnicodeRangeTable(decodeRanges("hCZBHZBwBQQGWBCeBCgOBoBEB8wGlBBHwBBGDBGMBClCBiC-HByLOORMBuEBBHccSoBB42CfBj1elDBExCBVOBxZqBBCIBCDB38TGB7gBZBHZBmhCFBCpBBCIBm61BeBHFB", false)),
    Lepcha: () => new UnicodeRangeTable(decodeRanges("ggH3BEOEC", true)),
    Limbu: () => new UnicodeRangeTable(decodeRanges("goGeBCLBFLBFEEBKB", false)),
    Linear_A: () => new UnicodeRangeTable(decodeRanges("gwhC2JKVLH", true)),
    Linear_B: () => new UnicodeRangeTable(decodeRanges("gggCLCZCSCBCODNjB6D", true)),
    Lisu: () => new UnicodeRangeTable(decodeRanges("wmpBvBx1eA", true)),
    Lycian: () => new UnicodeRangeTable(decodeRanges("g0gCc", true)),
    Lydian: () => new UnicodeRangeTable(decodeRanges("gpiCZGA", true)),
    Mahajani: () => new UnicodeRangeTable(decodeRanges("wqkCmB", true)),
    Makasar: () => new UnicodeRangeTable(decodeRanges("g3nCY", true)),
    Malayalam: () => new UnicodeRangeTable(decodeRanges("goDMCCCyBCCCFFPDZ", true)),
    Mandaic: () => new UnicodeRangeTable(decodeRanges("giCbDA", true)),
    Manichaean: () => new UnicodeRangeTable(decodeRanges("g2iCmBFL", true)),
    Marchen: () => new UnicodeRangeTable(decodeRanges("wjnCfDVCN", true)),
    Masaram_Gondi: () => new UnicodeRangeTable(decodeRanges("gonCGBCBBCrBBECCBCCBHBJJB", false)),
    Medefaidrin: () => new UnicodeRangeTable(decodeRanges("gy7C6C", true)),
    Meetei_Mayek: () => new UnicodeRangeTable(decodeRanges("g3qBWqGtBDJ", true)),
    Mende_Kikakui: () => new UnicodeRangeTable(decodeRanges("gg6DkGDP", true)),
    Meroitic_Cursive: () => new UnicodeRangeTable(decodeRanges("gtiCXFTDtB", true)),
    Meroitic_Hieroglyphs: () => new UnicodeRangeTable(decodeRanges("gsiCf", true)),
    Miao: () => new UnicodeRangeTable(decodeRanges("g47CqCF4BIQ", true)),
    Modi: () => new UnicodeRangeTable(decodeRanges("gwlCkCMJ", true)),
    Mongolian: () => new UnicodeRangeTable(decodeRanges("ggGBBDCCBSBH4CBIqBB2t-BMB", false)),
    Mro: () => new UnicodeRangeTable(decodeRanges("gy6CeCJFB", true)),
    Multani: () => new UnicodeRangeTable(decodeRanges("g0kCGBCCCBCBCOBCKB", false)),
    Myanmar: () => new UnicodeRangeTable(decodeRanges("ggE-EhqmBeiDfxibT", true)),
    Nabataean: () => new UnicodeRangeTable(decodeRanges("gkiCeJI", true)),
    Nag_Mundari: () => new UnicodeRangeTable(decodeRanges("wm5DpB", true)),
    Nandinagari: () => new UnicodeRangeTable(decodeRanges("gtmCHDtBDK", true)),
    New_Tai_Lue: () => new UnicodeRangeTable(decodeRanges("gsGrBFZHKEB", true)),
    Newa: () => new UnicodeRangeTable(decodeRanges("gglC7CCE", true)),
    Nko: () => new UnicodeRangeTable(decodeRanges("g+B6BDC", true)),
    Nushu: () => new UnicodeRangeTable(decodeRanges("h-7CvsQvsQBqMB", false)),
    Nyiakeng_Puachue_Hmong: () => new UnicodeRangeTable(decodeRanges("go4DsBENDJFB", true)),
    Ogham: () => new UnicodeRangeTable(decodeRanges("g0Fc", true)),
    Ol_Chiki: () => new UnicodeRangeTable(decodeRanges("wiHvB", true)),
    Ol_Onal: () => new UnicodeRangeTable(decodeRanges("wu5DqBFA", true)),
    Old_Hungarian: () => new UnicodeRangeTable(decodeRanges("gkjCyBOyBIF", true)),
    Old_Italic: () => new UnicodeRangeTable(decodeRanges("g4gCjBKC", true)),
    Old_North_Arabian: () => new UnicodeRangeTable(decodeRanges("g0iCf", true)),
    Old_Permic: () => new UnicodeRangeTable(decodeRanges("w6gCqB", true)),
    Old_Persian: () => new UnicodeRangeTable(decodeRanges("g9gCjBFN", true)),
    Old_Sogdian: () => new UnicodeRangeTable(decodeRanges("g4jCnB", true)),
    Old_South_Arabian: () => new UnicodeRangeTable(decodeRanges("gziCf", true)),
    Old_Turkic: () => new UnicodeRangeTable(decodeRanges("ggjCoC", true)),
    Old_Uyghur: () => new UnicodeRangeTable(decodeRanges("w7jCZ", true)),
    Oriya: () => new UnicodeRangeTable(decodeRanges("h4CCCHDBDVCGCBCEDIDBDCICFBCEDR", true)),
    Osage: () => new UnicodeRangeTable(decodeRanges("wlhCjBFjB", true)),
    Osmanya: () => new UnicodeRangeTable(decodeRanges("gkhCdDJ", true)),
    Pahawh_Hmong: () => new UnicodeRangeTable(decodeRanges("g46ClCLJCGCUGS", true)),
    Palmyrene: () => new UnicodeRangeTable(decodeRanges("gjiCf", true)),
    Pau_Cin_Hau: () => new UnicodeRangeTable(decodeRanges("g2mC4B", true)),
    Phags_Pa: () => new UnicodeRangeTable(decodeRanges("giqB3B", true)),
    Phoenician: () => new UnicodeRangeTable(decodeRanges("goiCbEA", true)),
    Psalter_Pahlavi: () => new UnicodeRangeTable(decodeRanges("g8iCRIDNG", true)),
    Rejang: () => new UnicodeRangeTable(decodeRanges("wpqBjBMA", true)),
    Runic: () => new UnicodeRangeTable(decodeRanges("g1FqCEK", true)),
    Samaritan: () => new UnicodeRangeTable(decodeRanges("ggCtBDO", true)),
    Saurashtra: () => new UnicodeRangeTable(decodeRanges("gkqBlCJL", true)),
    Sharada: () => new UnicodeRangeTable(decodeRanges("gskC-ChsCH", true)),
    Shavian: () => new UnicodeRangeTable(decodeRanges("wihCvB", true)),
    Siddham: () => new UnicodeRangeTable(decodeRanges("gslC1BDlB", true)),
    Sidetic: () => new UnicodeRangeTable(decodeRanges("gqiCZ", true)),
    SignWriting: () => new UnicodeRangeTable(decodeRanges("gg2DrUQECO", true)),
    Sinhala: () => new UnicodeRangeTable(decodeRanges("hsDCBCRBEXBCIBCDDBFBEFFBEBCCCBGBHJBDCBt-gCTB", false)),
    Sogdian: () => new UnicodeRangeTable(decodeRanges("w5jCpB", true)),
    Sora_Sompeng: () => new UnicodeRangeTable(decodeRanges("wmkCYIJ", true)),
    Soyombo: () => new UnicodeRangeTable(decodeRanges("wymCyC", true)),
    Sundanese: () => new UnicodeRangeTable(decodeRanges("g8G-BhIH", true)),
    Sunuwar: () => new UnicodeRangeTable(decodeRanges("g+mChBPJ", true)),
    Syloti_Nagri: () => new UnicodeRangeTable(decodeRanges("ggqBsB", true)),
    Syriac: () => new UnicodeRangeTable(decodeRanges("g4BNC7BDCxIK", true)),
    Tagalog: () => new UnicodeRangeTable(decodeRanges("g4FVKA", true)),
    Tagbanwa: () => new UnicodeRangeTable(decodeRanges("g7FMCCCB", true)),
    Tai_Le: () => new UnicodeRangeTable(decodeRanges("wqGdDE", true)),
    Tai_Tham: () => new UnicodeRangeTable(decodeRanges("gxG+BCcDKHJHN", true)),
    Tai_Viet: () => new UnicodeRangeTable(decodeRanges("g0qBiCZE", true)),
    Tai_Yo: () => new UnicodeRangeTable(decodeRanges("g25DeCVJB", true)),
    Takri: () => new UnicodeRangeTable(decodeRanges("g0lC5BHJ", true)),
    Tamil: () => new UnicodeRangeTable(decodeRanges("i8CBBCFBECBCDBEBBCCCBEEBEEBBBELBFEBECBCDBDHHPUBm+kCxBBOAB", false)),
    Tangsa: () => new UnicodeRangeTable(decodeRanges("wz6CuCCJ", true)),
    Tangut: () => new UnicodeRangeTable(decodeRanges("g-7CgBgBB+3GBhQeBiDyDB", false)),
    Telugu: () => new UnicodeRangeTable(decodeRanges("ggDMCCCWCPDICCCDIBCCCBDDDJII", true)),
    Thaana: () => new UnicodeRangeTable(decodeRanges("g8BxB", true)),
    Thai: () => new UnicodeRangeTable(decodeRanges("hwD5BGb", true)),
    Tibetan: () => new UnicodeRangeTable(decodeRanges("g4DnCCjBFmBCjBCOCGFB", true)),
    Tifinagh: () => new UnicodeRangeTable(decodeRanges("wpL3BIBPA", true)),
    Tirhuta: () => new UnicodeRangeTable(decodeRanges("gklCnCJJ", true)),
    Todhri: () => new UnicodeRangeTable(decodeRanges("guhCzB", true)),
    Tolong_Siki: () => new UnicodeRangeTable(decodeRanges("wtnCrBFJ", true)),
    Toto: () => new UnicodeRangeTable(decodeRanges("w04De", true)),
    Tulu_Tigalari: () => new UnicodeRangeTable(decodeRanges("g8kCJBCDDClBBCJBCDDCDBCJBCBBJBB", false)),
    Ugaritic: () => new UnicodeRangeTable(decodeRanges("g8gCdCA", true)),
    Unknown: () => new UnicodeRangeTable(decodeRanges("4bBBHDBICCVuMuMnBBBzBBBE4B4BBGBcDBHKBvI9B9BBmDmDBMB8BBByBBBQddBCCMEBjBEBuHJJBDDBXXICCBBBFBBKBBDBBFHBCDBDGGBaaBEEHDBDBBXIIDGDBCCGDBDBBECBCGBFCCBFBSJBEKKEXXIDDGBBLIEBCCBNBFBBNGBIEEJBBDBBXIIDGGBKKBDDBEEBFBEDBDGGBTTBIBDHHBBBEFFBBBDCCDCBDCBECBNDBGCBEFFBCCBEBCNBWEBOEEYRRBKKEFFBFBDEEDBBFBBLGBXEEYLLGBBKEEFGBDEBEFFBLLELBOEE0BEEHDBRBBbEETCBZKKCBBICBCDBHCCJFBLBBELB7BDBekBBDCCGZZCYYBGGCIILBBFfBpClBlBBCBoBlBlBQOOBjBBnGCCBDBCBB6LFFBIICFFBqBqBFBBiBFFBIICFFBQQ6BFFBkCkCBhBhBBBBbFB3CBBHBB+UCB6CGBXIBZIBVLBOEEDLB-CBBLFBLFBbFB6CGBsBEBnCJBgBNNBCBNDBCCBrBBBGKBtBDBbFBMCB-BBBiCeeBMMBEBLFBPBBvBBBNTBuCnFnFBGB9BCBQCB-BEBsBBBMHBsBEB3QBBHBBnBBBHBBJGCgBBB2BQQPBBHUUBEEKmDmDNBBcOOBBBjBNBiBOBtEDB7UVBMUB14BBB-LEBuBCCBDBCBB5BGBDNBZIBI4BI-DhBBb6C6CBKB3GZBxC3C3CBoDoDBDBsB-C-C3CIBxBuzcuzcBBB4BIB9KTB5FHB+GTB9BCBLFB5BHBnCHBNFB1DKBfCBvCMMBCBiB4B4BBHBPBBLBBoDXBdJBHBBHBBHIBIII9BDB-DBBLFBl9KLBYDByBjoIBvLBBrDlBBILBGEBbGGCGDrUfBrBFB0BUUFDBGoEoEBCC-FCBHBBHBBHBBECBIIIBIBGBBNbbUDDQBBPhBB8DEBEDBuBCB5COOBBBCuBBvBhEBeCByBOBdDBlBIBfEBsBEBfmBmBBCBPpBB-EBBLFBlBDBlBDBpBHB1BKBNQQIDDMQQIDDBBB1BLB4JIBXJBJXBHrBrBKkCBHBBCtBtBDCBCBBYpCpCBGBKvBBUDDBDBiBCBcEBclBB5BDBVBBzBDDBDBJEEeBBEDBLGBKGBhCfBoBDBNIB3BCBeBBcEBbGBFLBIvCBqC2BB0BMB0BGBvBHBLFBnBCBeHBDvGBgBrBrBEBBDPBHHBKgBBvBHBrBVBblBBdTBYIBvCDBlBIBlCJBCBBaGBLFB2BTTBGBoBIBhDVVBJBTwBwBB8BBICCFQQMFB8BEBLFBFJJBDDBXXIDDGLLBDDBEEBCCBEBCEBIBBICBGKBLCCBCCnBLLCBBCFFLDDBGBDcB9CGGBcBpCHBLlFB3BBBnBhBBmCKBLFBOSB7BFBLFBVbBcBBQDBY4FB9BjDB0CLBJBBCBBJDDfDDBNNBHBLlCBJBBvBBBMaBpCHB0CMBqCGBL1CBJ3CBjBNBLFBKuBuBPJBeCBhBBBXPPBnCBIDDtBCBCDDKHBLFBHDDmBDDHGBLFBtBDBL1HBaGBSqBqBBBBe0CBCOBzBMB8clDBwDGGBJBlGryCBkDMB3iBJB88DEBoS41GB7Bl2BB6RGBgBLLBCByCLLBEBfBBHJBnCJBLIIWEBUvNB7BlGB8CEBaBBarBBsCDB6BGBS-BBGKBIIB3mHoBBhBgDB0D8vIBFIIDkJkJBNBCcBEBBCNBFHBtMjoCBsDEBOCBKGBLBBJ76DB+HCB1NFBYOBSOBvBBBYIB1D7BB3HJBoBBBjGUBnC5DBVLBVLB4CIBamEB2CoCoCDBBCBBDBBFNNCIIiCFFBJJIddFGGCCBI1K1KBlJlJB-V-VBNBGQQBuiBBgBFBH0GBISSBIIDGGBDB-BgBBCvDBuBCBPBBLDBD-JBgBQB7BEBCvOBrB1GBsBDBC-FBgBXXBGBD-GBIFFDQQmGBBRoBBtCDBLDBDwYBlCrCB+BhGBFccDCCBCCLFFCCCBEBCDBCECEDDCBBCICDCCBFFIKFCLLSEBEGGSzBBDtIBtBDBlDLBQBBQQQmBJBvF3BBeMBtBDBKGBDNBH5EB6eCBSCBOCB7GFBNDBCOBNDB5BHBLFBpBHBfBBNDBDNBKmBB5KHBPBBOCBMCB6BCCBCBRBBNDBLGB0EoDoDBjgBBh3pBfB-oEBBv0FBBypHOBvThtCB-QhvBBs6EEBrpIm8yVBCdBhD-DBxHvw-FB", false)),
    Vai: () => new UnicodeRangeTable(decodeRanges("gopBrJ", true)),
    Vithkuqi: () => new UnicodeRangeTable(decodeRanges("wrhCKCOCGCBCKCOCGCB", true)),
    Wancho: () => new UnicodeRangeTable(decodeRanges("g24D5BGA", true)),
    Warang_Citi: () => new UnicodeRangeTable(decodeRanges("glmCyCNA", true)),
    Yezidi: () => new UnicodeRangeTable(decodeRanges("g0jCpBCCDB", true)),
    Yi: () => new UnicodeRangeTable(decodeRanges("ggoBskBE2B", true)),
    Zanabazar_Square: () => new UnicodeRangeTable(decodeRanges("gwmCnC", true))
  });
  static FOLD_CATEGORIES = new LazyMap({
    L: () => new UnicodeRangeTable(decodeRanges("laA", true)),
    LC: () => new UnicodeRangeTable(decodeRanges("laA", true)),
    Ll: () => new UnicodeRangeTable(decodeRanges("hCZBmDWBCGBiBuBCEECDOCDuBCBECEBBCCCBCCBBBDDBCBBCCBEBBCBBCECBCCDCCBCCBBBCCCBEEIBBCBBCBBCOCDQCDBBCCCBBBC4BCIBBCBBDCCBCBCGC3HrBrBCEEJHHCCBCCCBCCBPBCIBkBJJCUCGDDCBBDyBBxBgBCK2BCBMCD+CCDlBBq6ClBBCGGzW1CB0kCHHBpBBDCBhK0ECKgDCKHBJFBLHBJHBJFBMGCJHBZHBJHBJHBJEBMEBMDBNEBMEBqJEEBHHxC9zC9zCBuBBxBCCBBBDGCBCBCDDJCBCgDCJCCFuqeuqeCqBCUaCoEMCE8BCLECBICFCCDCCEUCBDBCEBCOCBCBCCCBQCZs5Vs5VBYBmmBnBBpEjBB9EKBCOBCGBCBBr3ByBB+EVB75CfBhsVfBhCYBoyehBB", false)),
    Lt: () => new UnicodeRangeTable(decodeRanges("kOCCBCCBCClBCCtsHHBJHBJHBMQQwBAB", false)),
    Lu: () => new UnicodeRangeTable(decodeRanges("hDZB7BqBqBBWBCHBCuBCEECDOCDsBCDECBBBDCCDEEGDDECBDDDCCCDFFDEECDDECCGBBCBBCBBCOCBSCDBBCEECkBCEQCJDDBCCFICBEBCBBCCCBEEBCCBCBCEBDCCBDDIDDCBBEFBGLLBnFnFsBCCEEEBBBvBDBCdBCBBECBCWCBDBCGD1BvBBCgBCK0BCDMCBgDCyBlBBq6CqBBDCB5XFBjkCIBCvHvHERRzD0ECGGGC8CCBHBJFBLHBJHBJFBMGCJHBJNBzBBBNSSBPPBEEpL2B2Bs1CvBBCEEBGCHDDLiDCJCCFNNBkBBCGG0oesBCUaCoEMCE8BCLCCDICFFFCBBDSCMOCFCCDOCb9a9advCBi8UZBumBnBBpEjBB8EKBCOBCGBCBBk4ByBB+DVB75CfBhsVfB8BYBvyehBB", false)),
    M: () => new UnicodeRangeTable(decodeRanges("5cgBgBlgHAB", false)),
    Mn: () => new UnicodeRangeTable(decodeRanges("5cgBgBlgHAB", false)),
    Emoji: () => new UnicodeRangeTable(decodeRanges("8mJA", true)),
    Extended_Pictographic: () => new UnicodeRangeTable(decodeRanges("8mJA", true)),
    Lowercase: () => new UnicodeRangeTable(decodeRanges("hCZBmDWBCGBiBuBCEECDOCDuBCBECEBBCCCBCCBBBDDBCBBCCBEBBCBBCECBCCDCCBCCBBBCCCBEEIBBCBBCBBCOCDQCDBBCCCBBBC4BCIBBCBBDCCBCBCGCiJCCEJJHCCBBBCCCBCCBPBCIBkBJJCUCGDDCBBDyBBxBgBCK2BCBMCD+CCDlBBq6ClBBCGGzW1CB0kCHHBpBBDCBhK0ECKgDCKHBJFBLHBJHBJFBMGCJHBZHBJHBJHBJEBMEBMDBNEBMEBqJEEBHHuBPBUzZzZBYBx5BvBBxBCCBBBDGCBCBCDDJCBCgDCJCCFuqeuqeCqBCUaCoEMCE8BCLECBICFCCDCCEUCBDBCEBCOCBCBCCCBQCZs5Vs5VBYBmmBnBBpEjBB9EKBCOBCGBCBBr3ByBB+EVB75CfBhsVfBhCYBoyehBB", false)),
    Math: () => new UnicodeRangeTable(decodeRanges("ycGDCHHFMMDDDCHHFAB", false)),
    Uppercase: () => new UnicodeRangeTable(decodeRanges("hDZB7BqBqBBWBCHBCuBCEECDOCDsBCDECBBBDCCDEEGDDECBDDDCCCDFFDEECDDECCGBBCBBCBBCOCBSCDBBCEECkBCEQCJDDBCCFICBEBCBBCCCBEEBCCBCBCEBDCCBDDIDDCBBEFBGLLBnFnFsBCCEEEBBBvBDBCdBCBBECBCWCBDBCGD1BvBBCgBCK0BCDMCBgDCyBlBBq6CqBBDCB5XFBjkCIBCvHvHERRzD0ECGGGC8CCBHBJFBLHBJHBJFBMGCJHBJNBzBBBNSSBPPBEEpLiBiBBOBFsasaBYBn6BvBBCEEBGCHDDLiDCJCCFNNBkBBCGG0oesBCUaCoEMCE8BCLCCDICFFFCBBDSCMOCFCCDOCb9a9advCBi8UZBumBnBBpEjBB8EKBCOBCGBCBBk4ByBB+DVB75CfBhsVfB8BYBvyehBB", false))
  });
  static FOLD_SCRIPT = new LazyMap({
    Common: () => new UnicodeRangeTable(decodeRanges("8cgBgB", false)),
    Greek: () => new UnicodeRangeTable(decodeRanges("1FwUwU", false)),
    Inherited: () => new UnicodeRangeTable(decodeRanges("5cgBgBlgHAB", false))
  });
};
var Unicode = class Unicode2 {
  static MAX_RUNE = 1114111;
  static RUNE_ERROR = 65533;
  static isUnsearchable(r) {
    return r === Unicode2.RUNE_ERROR || r >= Unicode2.MIN_HIGH_SURROGATE && r <= Unicode2.MAX_LOW_SURROGATE;
  }
  static MAX_ASCII = 127;
  static MAX_LATIN1 = 255;
  static MAX_BMP = 65535;
  static MIN_FOLD = 65;
  static MAX_FOLD = 125251;
  static MIN_HIGH_SURROGATE = 55296;
  static MAX_HIGH_SURROGATE = 56319;
  static MIN_LOW_SURROGATE = 56320;
  static MAX_LOW_SURROGATE = 57343;
  static MIN_SUPPLEMENTARY_CODE_POINT = 65536;
  static is32(ranges, r) {
    let lo = 0;
    let hi = ranges.length;
    while (lo < hi) {
      const m = lo + Math.floor((hi - lo) / 2);
      const rlo = ranges.getLo(m);
      const rhi = ranges.getHi(m);
      if (rlo <= r && r <= rhi) {
        const stride = ranges.getStride(m);
        return (r - rlo) % stride === 0;
      }
      if (r < rlo) hi = m;
      else lo = m + 1;
    }
    return false;
  }
  static is(ranges, r) {
    if (r <= Unicode2.MAX_LATIN1) {
      for (let i = 0; i < ranges.length; i++) {
        if (r > ranges.getHi(i)) continue;
        const rlo = ranges.getLo(i);
        if (r < rlo) return false;
        const stride = ranges.getStride(i);
        return (r - rlo) % stride === 0;
      }
      return false;
    }
    return ranges.length > 0 && r >= ranges.getLo(0) && Unicode2.is32(ranges, r);
  }
  static isPrint(r) {
    if (r <= Unicode2.MAX_LATIN1) return r >= 32 && r < Unicode2.MAX_ASCII || r >= 161 && r !== 173;
    return Unicode2.is(UnicodeTables.Print, r);
  }
  static simpleFold(r) {
    if (UnicodeTables.CASE_ORBIT.has(r)) return UnicodeTables.CASE_ORBIT.get(r);
    if (r <= Unicode2.MAX_ASCII) {
      const l = Codepoint.toLowerCase(r);
      return l !== r ? l : Codepoint.toUpperCase(r);
    }
    return r;
  }
  static equalsIgnoreCase(r1, r2) {
    if (r1 === r2) return true;
    if (r1 < 0 || r2 < 0) return false;
    if (r1 <= Unicode2.MAX_ASCII && r2 <= Unicode2.MAX_ASCII) {
      if (65 <= r1 && r1 <= 90) r1 |= 32;
      if (65 <= r2 && r2 <= 90) r2 |= 32;
      return r1 === r2;
    }
    for (let r = Unicode2.simpleFold(r1); r !== r1; r = Unicode2.simpleFold(r)) if (r === r2) return true;
    return false;
  }
};
var RE2JSException = class extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "RE2JSException";
  }
};
var RE2JSSyntaxException = class extends RE2JSException {
  /**
  * @param {string} error
  * @param {string|null} [input=null]
  */
  constructor(error, input = null) {
    let message = `error parsing regexp: ${error}`;
    if (input) message += `: \`${input}\``;
    super(message);
    this.name = "RE2JSSyntaxException";
    this.message = message;
    this.error = error;
    this.input = input;
  }
  /**
  * Retrieves the description of the error.
  * @returns {string}
  */
  getDescription() {
    return this.error;
  }
  /**
  * Retrieves the erroneous regular-expression pattern.
  * @returns {string|null}
  */
  getPattern() {
    return this.input;
  }
};
var RE2JSCompileException = class extends RE2JSException {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "RE2JSCompileException";
  }
};
var RE2JSGroupException = class extends RE2JSException {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "RE2JSGroupException";
  }
};
var RE2JSFlagsException = class extends RE2JSException {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "RE2JSFlagsException";
  }
};
var RE2JSInternalException = class extends RE2JSException {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "RE2JSInternalException";
  }
};
var FAST_PATH_TABLE_SIZE = 256;
var WORD_RUNE_TABLE = new Uint8Array(FAST_PATH_TABLE_SIZE);
for (let i = 0; i < FAST_PATH_TABLE_SIZE; i++) WORD_RUNE_TABLE[i] = 97 <= i && i <= 122 || 65 <= i && i <= 90 || 48 <= i && i <= 57 || i === 95 ? 1 : 0;
var cachedNativeEncoder = null;
var cachedNativeDecoder = null;
var Utils = class Utils2 {
  static METACHARACTERS = "\\.+*?()|[]{}^$";
  static EMPTY_BEGIN_LINE = 1;
  static EMPTY_END_LINE = 2;
  static EMPTY_BEGIN_TEXT = 4;
  static EMPTY_END_TEXT = 8;
  static EMPTY_WORD_BOUNDARY = 16;
  static EMPTY_NO_WORD_BOUNDARY = 32;
  static EMPTY_ALL = -1;
  static emptyInts() {
    return [];
  }
  static isString(value) {
    return typeof value === "string" || Object.prototype.toString.call(value) === "[object String]";
  }
  static typeName(value) {
    if (value === null || typeof value !== "object" && typeof value !== "function") return value === null ? "null" : typeof value;
    return Object.prototype.toString.call(value).slice(8, -1);
  }
  static checkPattern(pattern) {
    if (!Utils2.isString(pattern)) throw new TypeError(`The pattern must be a string, not ${Utils2.typeName(pattern)} (RE2JS.translateRegExp() converts a RegExp)`);
  }
  static checkInput(input) {
    if (!Utils2.isString(input) && !Utils2.isByteArray(input)) throw new TypeError(`The input must be a string or a byte array (Uint8Array or number[]), not ${Utils2.typeName(input)}`);
  }
  static checkFlags(flags) {
    const known = PublicFlags.MULTILINE | PublicFlags.DOTALL | PublicFlags.CASE_INSENSITIVE | PublicFlags.DISABLE_UNICODE_GROUPS | PublicFlags.LONGEST_MATCH | PublicFlags.LOOKBEHINDS;
    if (!Number.isInteger(flags) || (flags & ~known) !== 0) throw new RE2JSFlagsException("Flags should only be a combination of MULTILINE, DOTALL, CASE_INSENSITIVE, DISABLE_UNICODE_GROUPS, LONGEST_MATCH, LOOKBEHINDS");
  }
  static isByteArray(input) {
    return Array.isArray(input) || Object.prototype.toString.call(input) === "[object Uint8Array]";
  }
  static isalnum(c) {
    return Codepoint.CODES["0"] <= c && c <= Codepoint.CODES["9"] || Codepoint.CODES["a"] <= c && c <= Codepoint.CODES["z"] || Codepoint.CODES["A"] <= c && c <= Codepoint.CODES["Z"];
  }
  static unhex(c) {
    if (Codepoint.CODES["0"] <= c && c <= Codepoint.CODES["9"]) return c - Codepoint.CODES["0"];
    if (Codepoint.CODES["a"] <= c && c <= Codepoint.CODES["f"]) return c - Codepoint.CODES["a"] + 10;
    if (Codepoint.CODES["A"] <= c && c <= Codepoint.CODES["F"]) return c - Codepoint.CODES["A"] + 10;
    return -1;
  }
  static escapeRune(rune) {
    let out = "";
    if (Unicode.isPrint(rune)) {
      if (Utils2.METACHARACTERS.indexOf(String.fromCodePoint(rune)) >= 0) out += "\\";
      out += String.fromCodePoint(rune);
    } else switch (rune) {
      case Codepoint.CODES['"']:
        out += '\\"';
        break;
      case Codepoint.CODES["\\"]:
        out += "\\\\";
        break;
      case Codepoint.CODES["	"]:
        out += "\\t";
        break;
      case Codepoint.CODES["\n"]:
        out += "\\n";
        break;
      case Codepoint.CODES["\r"]:
        out += "\\r";
        break;
      case Codepoint.CODES["\b"]:
        out += "\\b";
        break;
      case Codepoint.CODES["\f"]:
        out += "\\f";
        break;
      default: {
        let s = rune.toString(16);
        if (rune < 256) {
          out += "\\x";
          if (s.length === 1) out += "0";
          out += s;
        } else out += `\\x{${s}}`;
        break;
      }
    }
    return out;
  }
  static stringToRunes(str2) {
    const string = String(str2);
    const runes2 = [];
    let i = 0;
    while (i < string.length) {
      const cp = string.codePointAt(i);
      runes2.push(cp);
      i += cp > Unicode.MAX_BMP ? 2 : 1;
    }
    return new Int32Array(runes2);
  }
  static runeToString(r) {
    return String.fromCodePoint(r);
  }
  static isWordRune(r) {
    return r < FAST_PATH_TABLE_SIZE ? WORD_RUNE_TABLE[r] === 1 : false;
  }
  static emptyOpContext(r1, r2) {
    let op = 0;
    if (r1 < 0) op |= Utils2.EMPTY_BEGIN_TEXT | Utils2.EMPTY_BEGIN_LINE;
    if (r1 === 10) op |= Utils2.EMPTY_BEGIN_LINE;
    if (r2 < 0) op |= Utils2.EMPTY_END_TEXT | Utils2.EMPTY_END_LINE;
    if (r2 === 10) op |= Utils2.EMPTY_END_LINE;
    if (Utils2.isWordRune(r1) !== Utils2.isWordRune(r2)) op |= Utils2.EMPTY_WORD_BOUNDARY;
    else op |= Utils2.EMPTY_NO_WORD_BOUNDARY;
    return op;
  }
  /**
  * Returns a string that quotes all regular expression metacharacters inside the argument text;
  * the returned string is a regular expression matching the literal text. For example,
  * {@code quoteMeta("[foo]").equals("\\[foo\\]")}.
  * @param {string} str
  * @returns {string}
  */
  static quoteMeta(str2) {
    return str2.split("").map((s) => {
      if (Utils2.METACHARACTERS.indexOf(s) >= 0) return `\\${s}`;
      return s;
    }).join("");
  }
  static charCount(codePoint) {
    return codePoint > Unicode.MAX_BMP ? 2 : 1;
  }
  /**
  * High-speed conversion from TypedArrays to standard JS Arrays.
  * Bypasses the expensive Symbol.iterator overhead of Array.from()
  */
  static toArray(typedArray) {
    const len = typedArray.length;
    const res = new Array(len);
    for (let i = 0; i < len; i++) res[i] = typedArray[i];
    return res;
  }
  static stringToUtf8ByteArray(str2) {
    if (globalThis.TextEncoder) {
      if (!cachedNativeEncoder) cachedNativeEncoder = new TextEncoder();
      return cachedNativeEncoder.encode(str2);
    } else {
      let out = [], p = 0;
      for (let i = 0; i < str2.length; i++) {
        let c = str2.charCodeAt(i);
        if (c < 128) out[p++] = c;
        else if (c < 2048) {
          out[p++] = c >> 6 | 192;
          out[p++] = c & 63 | 128;
        } else if ((c & 64512) === Unicode.MIN_HIGH_SURROGATE && i + 1 < str2.length && (str2.charCodeAt(i + 1) & 64512) === Unicode.MIN_LOW_SURROGATE) {
          c = Unicode.MIN_SUPPLEMENTARY_CODE_POINT + ((c & 1023) << 10) + (str2.charCodeAt(++i) & 1023);
          out[p++] = c >> 18 | 240;
          out[p++] = c >> 12 & 63 | 128;
          out[p++] = c >> 6 & 63 | 128;
          out[p++] = c & 63 | 128;
        } else {
          out[p++] = c >> 12 | 224;
          out[p++] = c >> 6 & 63 | 128;
          out[p++] = c & 63 | 128;
        }
      }
      return out;
    }
  }
  static utf8ByteArrayToString(bytes) {
    if (globalThis.TextDecoder) {
      if (!cachedNativeDecoder) cachedNativeDecoder = new TextDecoder("utf-8");
      const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
      return cachedNativeDecoder.decode(view);
    } else {
      let out = [], pos = 0, c = 0;
      while (pos < bytes.length) {
        let c1 = bytes[pos++];
        if (c1 < 128) out[c++] = String.fromCharCode(c1);
        else if (c1 > 191 && c1 < 224) {
          let c2 = bytes[pos++];
          out[c++] = String.fromCharCode((c1 & 31) << 6 | c2 & 63);
        } else if (c1 > 239 && c1 < 365) {
          let c2 = bytes[pos++];
          let c3 = bytes[pos++];
          let c4 = bytes[pos++];
          let u = ((c1 & 7) << 18 | (c2 & 63) << 12 | (c3 & 63) << 6 | c4 & 63) - Unicode.MIN_SUPPLEMENTARY_CODE_POINT;
          out[c++] = String.fromCharCode(Unicode.MIN_HIGH_SURROGATE + (u >> 10));
          out[c++] = String.fromCharCode(Unicode.MIN_LOW_SURROGATE + (u & 1023));
        } else {
          let c2 = bytes[pos++];
          let c3 = bytes[pos++];
          out[c++] = String.fromCharCode((c1 & 15) << 12 | (c2 & 63) << 6 | c3 & 63);
        }
      }
      return out.join("");
    }
  }
};
var createEnum = (values = [], initNum = 0) => {
  const enumObject = /* @__PURE__ */ Object.create(null);
  for (let i = 0; i < values.length; i++) {
    const val = values[i];
    const keyVal = initNum + i;
    enumObject[val] = keyVal;
    enumObject[keyVal] = val;
  }
  return Object.freeze(enumObject);
};
var MatcherInputBase = class MatcherInputBase2 {
  static Encoding = createEnum(["UTF_16", "UTF_8"]);
  getEncoding() {
    throw Error("not implemented");
  }
  /** @returns {string} */
  asCharSequence() {
    throw Error("not implemented");
  }
  /** @returns {Uint8Array|number[]|null} */
  asBytes() {
    throw Error("not implemented");
  }
  /** @returns {number} */
  length() {
    throw Error("not implemented");
  }
  /**
  *
  * @returns {boolean}
  */
  isUTF8Encoding() {
    return this.getEncoding() === MatcherInputBase2.Encoding.UTF_8;
  }
  /**
  *
  * @returns {boolean}
  */
  isUTF16Encoding() {
    return this.getEncoding() === MatcherInputBase2.Encoding.UTF_16;
  }
};
var Utf8MatcherInput = class extends MatcherInputBase {
  /** @param {Uint8Array|number[]|null} bytes */
  constructor(bytes = null) {
    super();
    this.bytes = bytes;
  }
  getEncoding() {
    return MatcherInputBase.Encoding.UTF_8;
  }
  /**
  *
  * @returns {string}
  */
  asCharSequence() {
    return Utils.utf8ByteArrayToString(this.bytes);
  }
  /**
  *
  * @returns {Uint8Array|number[]|null}
  */
  asBytes() {
    return this.bytes;
  }
  /**
  *
  * @returns {number}
  */
  length() {
    return this.bytes.length;
  }
};
var Utf16MatcherInput = class extends MatcherInputBase {
  /** @param {string|null} charSequence */
  constructor(charSequence = null) {
    super();
    this.charSequence = charSequence;
  }
  getEncoding() {
    return MatcherInputBase.Encoding.UTF_16;
  }
  /**
  *
  * @returns {string}
  */
  asCharSequence() {
    return this.charSequence;
  }
  /**
  *
  * @returns {number[]}
  */
  asBytes() {
    return Utils.stringToUtf8ByteArray(this.charSequence.toString());
  }
  /**
  *
  * @returns {number}
  */
  length() {
    return this.charSequence.length;
  }
};
var MatcherInput = class {
  /**
  * Return the MatcherInput for UTF_16 encoding.
  * @returns {Utf16MatcherInput}
  */
  static utf16(charSequence) {
    Utils.checkInput(charSequence);
    return new Utf16MatcherInput(charSequence);
  }
  /**
  * Return the MatcherInput for UTF_8 encoding.
  * @returns {Utf8MatcherInput}
  */
  static utf8(input) {
    if (Utils.isByteArray(input)) return new Utf8MatcherInput(input);
    return new Utf8MatcherInput(Utils.stringToUtf8ByteArray(input));
  }
};
var MachineInputBase = class {
  static EOF() {
    return -8;
  }
  constructor() {
    this.start = 0;
    this.end = 0;
  }
  canCheckPrefix() {
    return true;
  }
  endPos() {
    return this.end - this.start;
  }
  hasString() {
    return false;
  }
  hasAnyString() {
    return false;
  }
  prefixLength() {
    return 0;
  }
};
var MachineUTF8Input = class MachineUTF8Input2 extends MachineInputBase {
  static RUNE_ERROR_STEP = Unicode.RUNE_ERROR << 3 | 1;
  constructor(bytes, start = 0, end = bytes.length) {
    super();
    this.bytes = bytes;
    this.start = start;
    this.end = end;
  }
  hasString(prefilter, pos) {
    const target = prefilter.bytes;
    if (target.length === 0) return true;
    const idx = this.indexOf(this.bytes, target, this.start + pos);
    return idx !== -1 && idx <= this.end - target.length;
  }
  hasAnyString(prefilter, pos) {
    return prefilter.automaton8().searchUTF8(this.bytes, this.start + pos, this.end);
  }
  step(pos) {
    pos += this.start;
    if (pos >= this.end) return MachineInputBase.EOF();
    const c = this.bytes[pos] & 255;
    if (c < 128) return c << 3 | 1;
    let size;
    let rune;
    let lo = 128;
    let hi = 191;
    if (c >= 194 && c <= 223) {
      size = 2;
      rune = c & 31;
    } else if (c >= 224 && c <= 239) {
      size = 3;
      rune = c & 15;
      if (c === 224) lo = 160;
      else if (c === 237) hi = 159;
    } else if (c >= 240 && c <= 244) {
      size = 4;
      rune = c & 7;
      if (c === 240) lo = 144;
      else if (c === 244) hi = 143;
    } else return MachineUTF8Input2.RUNE_ERROR_STEP;
    if (pos + size > this.end) return MachineUTF8Input2.RUNE_ERROR_STEP;
    const c1 = this.bytes[pos + 1] & 255;
    if (c1 < lo || c1 > hi) return MachineUTF8Input2.RUNE_ERROR_STEP;
    rune = rune << 6 | c1 & 63;
    if (size > 2) {
      const c2 = this.bytes[pos + 2] & 255;
      if ((c2 & 192) !== 128) return MachineUTF8Input2.RUNE_ERROR_STEP;
      rune = rune << 6 | c2 & 63;
      if (size > 3) {
        const c3 = this.bytes[pos + 3] & 255;
        if ((c3 & 192) !== 128) return MachineUTF8Input2.RUNE_ERROR_STEP;
        rune = rune << 6 | c3 & 63;
      }
    }
    return rune << 3 | size;
  }
  index(re2, pos) {
    pos += this.start;
    const i = this.indexOf(this.bytes, re2.prefixUTF8, pos);
    return i < 0 ? i : i - pos;
  }
  context(pos) {
    pos += this.start;
    let r1 = -1;
    if (pos > this.start && pos <= this.end) {
      let start = pos - 1;
      r1 = this.bytes[start--];
      if (r1 >= 128) {
        let lim = pos - 4;
        if (lim < this.start) lim = this.start;
        while (start >= lim && (this.bytes[start] & 192) === 128) start--;
        if (start < this.start) start = this.start;
        const r = this.step(start - this.start);
        r1 = start + (r & 7) === pos ? r >> 3 : Unicode.RUNE_ERROR;
      }
    }
    const r2 = pos < this.end ? this.step(pos - this.start) >> 3 : -1;
    return Utils.emptyOpContext(r1, r2);
  }
  indexOf(source, target, fromIndex = 0) {
    let targetLength = target.length;
    if (targetLength === 0) return fromIndex <= this.end ? fromIndex : -1;
    const firstByte = target[0];
    let limit = this.end - targetLength;
    const hasNativeIndexOf = typeof source.indexOf === "function";
    let i = fromIndex;
    while (i <= limit) {
      if (hasNativeIndexOf) {
        i = source.indexOf(firstByte, i);
        if (i === -1 || i > limit) return -1;
      } else {
        while (i <= limit && source[i] !== firstByte) i++;
        if (i > limit) return -1;
      }
      let match = true;
      for (let j = 1; j < targetLength; j++) if (source[i + j] !== target[j]) {
        match = false;
        break;
      }
      if (match) return i;
      i++;
    }
    return -1;
  }
  prefixLength(re2) {
    return re2.prefixUTF8.length;
  }
};
var MachineUTF16Input = class extends MachineInputBase {
  constructor(charSequence, start = 0, end = charSequence.length) {
    super();
    this.charSequence = charSequence;
    this.start = start;
    this.end = end;
  }
  hasString(prefilter, pos) {
    const idx = this.charSequence.indexOf(prefilter.str, this.start + pos);
    return idx !== -1 && idx <= this.end - prefilter.str.length;
  }
  hasAnyString(prefilter, pos) {
    return prefilter.automaton16().searchUTF16(this.charSequence, this.start + pos, this.end);
  }
  step(pos) {
    pos += this.start;
    if (pos >= this.end) return MachineInputBase.EOF();
    const c1 = this.charSequence.charCodeAt(pos);
    if (c1 < Unicode.MIN_HIGH_SURROGATE || c1 > Unicode.MAX_HIGH_SURROGATE || pos + 1 >= this.end) return c1 << 3 | 1;
    const c2 = this.charSequence.charCodeAt(pos + 1);
    if (c2 >= Unicode.MIN_LOW_SURROGATE && c2 <= Unicode.MAX_LOW_SURROGATE) return (c1 - Unicode.MIN_HIGH_SURROGATE) * 1024 + (c2 - Unicode.MIN_LOW_SURROGATE) + Unicode.MIN_SUPPLEMENTARY_CODE_POINT << 3 | 2;
    return c1 << 3 | 1;
  }
  index(re2, pos) {
    pos += this.start;
    const i = this.charSequence.indexOf(re2.prefix, pos);
    if (i < 0 || i > this.end - re2.prefix.length) return -1;
    return i - pos;
  }
  context(pos) {
    pos += this.start;
    const r1 = pos > this.start && pos <= this.end ? this.charSequence.charCodeAt(pos - 1) : -1;
    const r2 = pos < this.end ? this.charSequence.charCodeAt(pos) : -1;
    return Utils.emptyOpContext(r1, r2);
  }
  prefixLength(re2) {
    return re2.prefix.length;
  }
};
var MachineInput = class {
  static fromUTF8(bytes, start = 0, end = bytes.length) {
    return new MachineUTF8Input(bytes, start, end);
  }
  static fromUTF16(charSequence, start = 0, end = void 0) {
    Utils.checkInput(charSequence);
    return new MachineUTF16Input(charSequence, start, end ?? charSequence.length);
  }
};
var Matcher = class Matcher2 {
  /**
  * V8 and WebKit have historical hard limits on the number of arguments
  * that can be passed to a function. We cap replacer arguments to prevent
  * Call Stack Overflow (DoS) vulnerabilities on massive ASTs.
  */
  static MAX_REPLACER_ARGS = 65535;
  /**
  * Quotes '\' and '$' in {@code s}, so that the returned string could be used in
  * {@link #appendReplacement} as a literal replacement of {@code s}.
  *
  * @param {string} str the string to be quoted
  * @param {boolean} [javaMode=false] whether the replacement will be used in javaMode
  * @returns {string} the quoted string
  */
  static quoteReplacement(str2, javaMode = false) {
    if (javaMode) {
      if (str2.indexOf("\\") < 0 && str2.indexOf("$") < 0) return str2;
      return str2.split("").map((s) => {
        const c = s.codePointAt(0);
        if (c === Codepoint.CODES["\\"] || c === Codepoint.CODES["$"]) return `\\${s}`;
        return s;
      }).join("");
    }
    if (str2.indexOf("$") < 0) return str2;
    return str2.split("").map((s) => {
      if (s.codePointAt(0) === Codepoint.CODES["$"]) return "$$";
      return s;
    }).join("");
  }
  /**
  *
  * @param {import('./index.js').RE2JS} pattern
  * @param {string|number[]|Uint8Array|MatcherInputBase} input
  */
  constructor(pattern, input) {
    if (pattern === null) throw new Error("pattern is null");
    this.patternInput = pattern;
    const re2 = this.patternInput.re2();
    this.patternGroupCount = re2.numberOfCapturingGroups();
    this.groups = [];
    this.namedGroups = re2.namedGroups;
    this.hasNamedGroups = Object.keys(this.namedGroups).length > 0;
    this.numberOfInstructions = re2.numberOfInstructions();
    this.lookbehindState = null;
    if (input instanceof MatcherInputBase) this.resetMatcherInput(input);
    else if (Utils.isByteArray(input)) this.resetMatcherInput(MatcherInput.utf8(input));
    else this.resetMatcherInput(MatcherInput.utf16(input));
  }
  /**
  * Returns the {@code RE2JS} associated with this {@code Matcher}.
  * @returns {import('./index.js').RE2JS}
  */
  pattern() {
    return this.patternInput;
  }
  /**
  * Resets the {@code Matcher}, rewinding input and discarding any match information.
  *
  * @returns {Matcher} the {@code Matcher} itself, for chained method calls
  */
  reset() {
    this.matcherInputLength = this.matcherInput.length();
    this.appendPos = 0;
    this.hasMatch = false;
    this.hasGroups = false;
    this.anchorFlag = 0;
    return this;
  }
  /**
  * Resets the {@code Matcher} and changes the input.
  * @param {string|number[]|Uint8Array|MatcherInputBase} input
  * @returns {Matcher} the {@code Matcher} itself, for chained method calls
  */
  resetMatcherInput(input) {
    if (input === null) throw new Error("input is null");
    if (!(input instanceof MatcherInputBase)) {
      if (Utils.isByteArray(input)) input = MatcherInput.utf8(input);
      else input = MatcherInput.utf16(input);
    }
    this.matcherInput = input;
    if (this.lookbehindState !== null) this.lookbehindState.reset();
    else this.lookbehindState = this.patternInput.re2().createLookbehindState();
    this.reset();
    return this;
  }
  /**
  * Returns the start of the named group of the most recent match, or -1 if the group was not
  * matched.
  * @param {string|number} [group=0]
  * @returns {number}
  */
  start(group = 0) {
    if (typeof group === "string") {
      const groupInt = this.namedGroups[group];
      if (!Number.isFinite(groupInt)) throw new RE2JSGroupException(`group '${group}' not found`);
      group = groupInt;
    }
    this.loadGroup(group);
    return this.groups[2 * group];
  }
  /**
  * Returns the end of the named group of the most recent match, or -1 if the group was not
  * matched.
  * @param {string|number} [group=0]
  * @returns {number}
  */
  end(group = 0) {
    if (typeof group === "string") {
      const groupInt = this.namedGroups[group];
      if (!Number.isFinite(groupInt)) throw new RE2JSGroupException(`group '${group}' not found`);
      group = groupInt;
    }
    this.loadGroup(group);
    return this.groups[2 * group + 1];
  }
  /**
  * Returns the program size of this pattern.
  *
  * <p>
  * Similar to the C++ implementation, the program size is a very approximate measure of a regexp's
  * "cost". Larger numbers are more expensive than smaller numbers.
  * </p>
  *
  * @returns {number} the program size of this pattern
  */
  programSize() {
    return this.numberOfInstructions;
  }
  /**
  * Returns the named group of the most recent match, or {@code null} if the group was not matched.
  * @param {string|number} [group=0]
  * @returns {string|null}
  */
  group(group = 0) {
    if (typeof group === "string") {
      const groupInt = this.namedGroups[group];
      if (!Number.isFinite(groupInt)) throw new RE2JSGroupException(`group '${group}' not found`);
      group = groupInt;
    }
    const start = this.start(group);
    const end = this.end(group);
    if (start < 0 && end < 0) return null;
    return this.substring(start, end);
  }
  /**
  * Returns a dictionary map of all named capturing groups and their matched values.
  * If a group was not matched, its value will be `null`.
  * @returns {Record<string, string|null>}
  */
  getNamedGroups() {
    if (!this.hasMatch) throw new RE2JSGroupException("perhaps no match attempted");
    const result = /* @__PURE__ */ Object.create(null);
    for (const name of Object.keys(this.namedGroups)) result[name] = this.group(name);
    return result;
  }
  /**
  * Returns the number of subgroups in this pattern.
  *
  * @returns {number} the number of subgroups; the overall match (group 0) does not count
  */
  groupCount() {
    return this.patternGroupCount;
  }
  /**
  * Helper: finds subgroup information if needed for group.
  * @param {number} group
  * @private
  */
  loadGroup(group) {
    if (!Number.isInteger(group) || group < 0 || group > this.patternGroupCount) throw new RE2JSGroupException(`Group index out of bounds: ${group}`);
    if (!this.hasMatch) throw new RE2JSGroupException("perhaps no match attempted");
    if (group === 0 || this.hasGroups) return;
    const end = this.matcherInputLength;
    const res = this.patternInput.re2().matchMachineInput(this.matcherInput, this.groups[0], end, this.anchorFlag, 1 + this.patternGroupCount, this.lookbehindState);
    if (!res[0]) throw new RE2JSGroupException("inconsistency in matching group data");
    this.groups = res[1];
    this.hasGroups = true;
  }
  /**
  * Matches the entire input against the pattern (anchored start and end). If there is a match,
  * {@code matches} sets the match state to describe it.
  *
  * @returns {boolean} true if the entire input matches the pattern
  */
  matches() {
    return this.genMatch(0, RE2Flags.ANCHOR_BOTH);
  }
  /**
  * Matches the beginning of input against the pattern (anchored start). If there is a match,
  * {@code lookingAt} sets the match state to describe it.
  *
  * @returns {boolean} true if the beginning of the input matches the pattern
  */
  lookingAt() {
    return this.genMatch(0, RE2Flags.ANCHOR_START);
  }
  /**
  * Matches the input against the pattern (unanchored), starting at a specified position. If there
  * is a match, {@code find} sets the match state to describe it.
  *
  * @param {number|null} [start=null] the input position where the search begins
  * @returns {boolean} if it finds a match
  * @throws IndexOutOfBoundsException if start is not a valid input position
  */
  find(start = null) {
    if (start !== null) {
      if (!Number.isInteger(start) || start < 0 || start > this.matcherInputLength) throw new RE2JSGroupException(`start index out of bounds: ${start}`);
      this.reset();
      return this.genMatch(start, 0);
    }
    start = 0;
    if (this.hasMatch) {
      start = this.groups[1];
      if (this.groups[0] === this.groups[1]) {
        const r = (this.matcherInput.isUTF16Encoding() ? MachineInput.fromUTF16(this.matcherInput.asCharSequence(), 0, this.matcherInputLength) : MachineInput.fromUTF8(this.matcherInput.asBytes(), 0, this.matcherInputLength)).step(start);
        if (r < 0) start++;
        else start += r & 7;
      }
    }
    return this.genMatch(start, RE2Flags.UNANCHORED);
  }
  /**
  * Helper: does match starting at start, with RE2 anchor flag.
  * @param {number} startByte
  * @param {number} anchor
  * @returns {boolean}
  * @private
  */
  genMatch(startByte, anchor) {
    const res = this.patternInput.re2().matchMachineInput(this.matcherInput, startByte, this.matcherInputLength, anchor, 1, this.lookbehindState);
    if (!res[0]) {
      this.hasMatch = false;
      return false;
    }
    this.groups = res[1];
    this.hasMatch = true;
    this.hasGroups = this.patternGroupCount === 0;
    this.anchorFlag = anchor;
    return true;
  }
  /**
  * Helper: return substring for [start, end).
  * @param {number} start
  * @param {number} end
  * @returns {string}
  */
  substring(start, end) {
    if (this.matcherInput.isUTF8Encoding()) return Utils.utf8ByteArrayToString(this.matcherInput.asBytes().slice(start, end));
    return this.matcherInput.asCharSequence().substring(start, end).toString();
  }
  /**
  * Helper for Pattern: return input length.
  * @returns {number}
  */
  inputLength() {
    return this.matcherInputLength;
  }
  /**
  * Appends to result two strings: the text from the append position up to the beginning of the
  * most recent match, and then the replacement with submatch groups substituted for references to
  * them. It advances the append position to where the most recent match ended.
  *
  * By default the replacement is expanded as by String.prototype.replace (see
  * appendReplacementInternalJs). In Java mode it follows re2j / java.util.regex: $n takes as
  * many digits as still form a valid group number, ${name} is a named group, and a backslash
  * escapes the next character (so "\\$" in a JS string literal inserts a literal $).
  *
  * @param {string} replacement the replacement string
  * @param {boolean} [javaMode=false] activate java mode (different behaviour for capture groups and special characters)
  * @returns {string}
  * @throws IllegalStateException if there was no most recent match
  * @throws IndexOutOfBoundsException in Java mode, if replacement refers to an invalid group
  * @private
  */
  appendReplacement(replacement, javaMode = false) {
    let res = "";
    const s = this.start();
    const e = this.end();
    if (this.appendPos < s) res += this.substring(this.appendPos, s);
    this.appendPos = e;
    res += javaMode ? this.appendReplacementInternalJava(replacement) : this.appendReplacementInternalJs(replacement);
    return res;
  }
  /**
  * @param {string} replacement - the replacement string
  * @returns {string}
  * @private
  */
  appendReplacementInternalJava(replacement) {
    let res = "";
    let last2 = 0;
    const m = replacement.length;
    let i = 0;
    while (i < m) {
      const cCode = replacement.codePointAt(i);
      if (cCode === Codepoint.CODES["\\"]) {
        if (last2 < i) res += replacement.substring(last2, i);
        i++;
        if (i >= m) throw new RE2JSGroupException("character to be escaped is missing");
        last2 = i;
        i++;
        continue;
      }
      if (cCode === Codepoint.CODES["$"]) {
        if (last2 < i) res += replacement.substring(last2, i);
        if (i + 1 >= m) throw new RE2JSGroupException("Illegal group reference: group index is missing");
        const nextCode = replacement.codePointAt(i + 1);
        if (Codepoint.CODES["0"] <= nextCode && nextCode <= Codepoint.CODES["9"]) {
          let n = nextCode - Codepoint.CODES["0"];
          let j = i + 2;
          for (; j < m; j++) {
            const digit = replacement.codePointAt(j);
            if (digit < Codepoint.CODES["0"] || digit > Codepoint.CODES["9"] || n * 10 + digit - Codepoint.CODES["0"] > this.patternGroupCount) break;
            n = n * 10 + digit - Codepoint.CODES["0"];
          }
          if (n > this.patternGroupCount) throw new RE2JSGroupException(`n > number of groups: ${n}`);
          const group = this.group(n);
          if (group !== null) res += group;
          i = j;
          last2 = i;
        } else if (nextCode === Codepoint.CODES["{"]) {
          let j = i + 2;
          while (j < m && replacement.codePointAt(j) !== Codepoint.CODES["}"]) j++;
          if (j >= m) throw new RE2JSGroupException("named capture group is missing trailing '}'");
          const groupName = replacement.substring(i + 2, j);
          const groupVal = this.group(groupName);
          if (groupVal !== null) res += groupVal;
          i = j + 1;
          last2 = i;
        } else throw new RE2JSGroupException("Illegal group reference");
        continue;
      }
      i++;
    }
    if (last2 < m) res += replacement.substring(last2, m);
    return res;
  }
  /**
  * Expands |replacement| for the current match by the rules of String.prototype.replace
  * (ECMAScript GetSubstitution): $$ is "$", $& the match, $` the text before it, $' the text
  * after it, $n and $nn a group (two digits only when they form a valid group number, so with
  * one group "$10" is group 1 then "0"; an unmatched group is empty), and $<name> a named group
  * (empty when no such group), only when the pattern has named groups. Anything else, such as
  * "$0" or "$<" without a closing ">", is kept as is.
  * @param {string} replacement - the replacement string
  * @returns {string}
  * @private
  */
  appendReplacementInternalJs(replacement) {
    const isDigit = (c) => c >= 48 && c <= 57;
    const groupCount = this.patternGroupCount;
    let res = "";
    let i = 0;
    while (i < replacement.length) {
      const dollar = replacement.indexOf("$", i);
      if (dollar < 0) break;
      res += replacement.substring(i, dollar);
      i = dollar;
      const c = replacement.charCodeAt(i + 1);
      if (c === Codepoint.CODES["$"]) {
        res += "$";
        i += 2;
      } else if (c === Codepoint.CODES["&"]) {
        res += this.group(0);
        i += 2;
      } else if (c === Codepoint.CODES["`"]) {
        res += this.substring(0, this.start(0));
        i += 2;
      } else if (c === Codepoint.CODES["'"]) {
        res += this.substring(this.end(0), this.matcherInputLength);
        i += 2;
      } else if (isDigit(c)) {
        let digits = 1;
        let index2 = c - 48;
        const c2 = replacement.charCodeAt(i + 2);
        if (isDigit(c2) && index2 * 10 + c2 - 48 <= groupCount) {
          digits = 2;
          index2 = index2 * 10 + c2 - 48;
        }
        if (index2 >= 1 && index2 <= groupCount) {
          const group = this.group(index2);
          if (group !== null) res += group;
        } else res += replacement.substring(i, i + 1 + digits);
        i += 1 + digits;
      } else if (c === Codepoint.CODES["<"] && this.hasNamedGroups) {
        const gt = replacement.indexOf(">", i + 2);
        if (gt < 0) {
          res += "$<";
          i += 2;
        } else {
          const name = replacement.substring(i + 2, gt);
          if (Object.hasOwn(this.namedGroups, name)) {
            const group = this.group(name);
            if (group !== null) res += group;
          }
          i = gt + 1;
        }
      } else {
        res += "$";
        i += 1;
      }
    }
    return res + replacement.substring(i);
  }
  /**
  * Return the substring of the input from the append position to the end of the
  * input.
  * @returns {string}
  */
  appendTail() {
    return this.substring(this.appendPos, this.matcherInputLength);
  }
  /**
  * Returns the input with all matches replaced by {@code replacement}, interpreted as for
  * {@code appendReplacement}.
  *
  * @param {string|((...args: any[]) => string)} replacement - the replacement string or a replacer function
  * @param {boolean} [javaMode=false] - activate java mode (different behaviour for capture groups and special characters)
  * @returns {string} the input string with the matches replaced
  * @throws IndexOutOfBoundsException if replacement refers to an invalid group and javaMode is true
  */
  replaceAll(replacement, javaMode = false) {
    return this.replace(replacement, true, javaMode);
  }
  /**
  * Returns the input with the first match replaced by {@code replacement}, interpreted as for
  * {@code appendReplacement}.
  *
  * @param {string|((...args: any[]) => string)} replacement - the replacement string or a replacer function
  * @param {boolean} [javaMode=false] - activate java mode (different behaviour for capture groups and special characters)
  * @returns {string} the input string with the first match replaced
  * @throws IndexOutOfBoundsException if replacement refers to an invalid group and javaMode is true
  */
  replaceFirst(replacement, javaMode = false) {
    return this.replace(replacement, false, javaMode);
  }
  /**
  * Helper: replaceAll/replaceFirst hybrid.
  * @param {string|((...args: any[]) => string)} replacement - the replacement string or a replacer function
  * @param {boolean} [all=true] - replace all matches
  * @param {boolean} [javaMode=false] - activate java mode (different behaviour for capture groups and special characters)
  * @returns {string}
  * @private
  */
  replace(replacement, all = true, javaMode = false) {
    let res = "";
    this.reset();
    const isFunc = typeof replacement === "function";
    let originalInput = null;
    if (isFunc) {
      if (this.groupCount() >= Matcher2.MAX_REPLACER_ARGS) throw new RE2JSGroupException("Too many capture groups to safely invoke replacer function");
      originalInput = this.matcherInput.isUTF8Encoding() ? this.matcherInput.asBytes() : this.matcherInput.asCharSequence();
    }
    while (this.find()) {
      res += isFunc ? this.appendReplacementFunc(replacement, originalInput) : this.appendReplacement(replacement, javaMode);
      if (!all) break;
    }
    res += this.appendTail();
    return res;
  }
  /**
  * Evaluates a replacer function for the current match and appends the result,
  * along with any un-matched preceding text, advancing the append position.
  * @param {Function} replacer - the replacer function
  * @param {string|Uint8Array|number[]} originalInput - the cached original input reference
  * @returns {string} the evaluated string to append
  * @private
  */
  appendReplacementFunc(replacer, originalInput) {
    let res = "";
    const s = this.start();
    const e = this.end();
    if (this.appendPos < s) res += this.substring(this.appendPos, s);
    this.appendPos = e;
    const args = this.matchArray();
    args.push(s, originalInput);
    if (this.hasNamedGroups) args.push(this.namedGroupsObject());
    res += String(replacer(...args));
    return res;
  }
  /**
  * The match and its groups, as the elements of a JS RegExpExecArray: undefined for a group that
  * did not take part in the match. Used by exec(), matchAll() and replacer functions.
  * @returns {Array<string|undefined>}
  * @private
  */
  matchArray() {
    const result = [this.group(0)];
    for (let i = 1; i <= this.patternGroupCount; i++) {
      const group = this.group(i);
      result.push(group === null ? void 0 : group);
    }
    return result;
  }
  /**
  * The named groups, as the groups property of a JS RegExpExecArray: an object without a
  * prototype mapping each name to its group (undefined when it did not take part in the match),
  * or undefined when the pattern has no named groups.
  * @returns {Record<string, string|undefined>|undefined}
  * @private
  */
  namedGroupsObject() {
    if (!this.hasNamedGroups) return;
    const result = this.getNamedGroups();
    for (const name in result) if (result[name] === null) result[name] = void 0;
    return result;
  }
};
var Inst = class Inst2 {
  static ALT = 1;
  static ALT_MATCH = 2;
  static CAPTURE = 3;
  static EMPTY_WIDTH = 4;
  static FAIL = 5;
  static MATCH = 6;
  static NOP = 7;
  static RUNE = 8;
  static RUNE1 = 9;
  static RUNE_ANY = 10;
  static RUNE_ANY_NOT_NL = 11;
  static LB_WRITE = 12;
  static LB_CHECK = 13;
  static isRuneOp(op) {
    return Inst2.RUNE <= op && op <= Inst2.RUNE_ANY_NOT_NL;
  }
  static escapeRunes(runes2) {
    let out = '"';
    for (let rune of runes2) out += Utils.escapeRune(rune);
    out += '"';
    return out;
  }
  constructor(op) {
    this.op = op;
    this.out = 0;
    this.arg = 0;
    this.runes = /* @__PURE__ */ new Int32Array(0);
    this.next = null;
  }
  matchRune(r) {
    if (this.runes.length === 1) {
      const r0 = this.runes[0];
      if ((this.arg & RE2Flags.FOLD_CASE) !== 0) return Unicode.equalsIgnoreCase(r0, r);
      return r === r0;
    }
    const len = this.runes.length;
    if (len === 0) return false;
    if (len === 2 || len === 4 || len === 6 || len === 8) {
      for (let j = 0; j < len; j += 2) {
        if (r < this.runes[j]) return false;
        if (r <= this.runes[j + 1]) return true;
      }
      return false;
    }
    let base = 0;
    let n = len >> 1;
    while (n > 1) {
      const half = n >> 1;
      base += this.runes[base + half << 1] <= r ? half : 0;
      n -= half;
    }
    base += this.runes[base << 1] <= r ? 1 : 0;
    const m = base - 1;
    return m >= 0 && r <= this.runes[m << 1 | 1];
  }
  matchRunePos(r) {
    if (this.runes.length === 1) {
      const r0 = this.runes[0];
      if ((this.arg & RE2Flags.FOLD_CASE) !== 0) return Unicode.equalsIgnoreCase(r0, r) ? 0 : -1;
      return r === r0 ? 0 : -1;
    }
    const len = this.runes.length;
    if (len === 0) return -1;
    if (len === 2 || len === 4 || len === 6 || len === 8) {
      for (let j = 0; j < len; j += 2) {
        if (r < this.runes[j]) return -1;
        if (r <= this.runes[j + 1]) return Math.floor(j / 2);
      }
      return -1;
    }
    let base = 0;
    let n = len >> 1;
    while (n > 1) {
      const half = n >> 1;
      base += this.runes[base + half << 1] <= r ? half : 0;
      n -= half;
    }
    base += this.runes[base << 1] <= r ? 1 : 0;
    const m = base - 1;
    return m >= 0 && r <= this.runes[m << 1 | 1] ? m : -1;
  }
  /**
  *
  * @returns {string}
  */
  toString() {
    switch (this.op) {
      case Inst2.ALT:
        return `alt -> ${this.out}, ${this.arg}`;
      case Inst2.ALT_MATCH:
        return `altmatch -> ${this.out}, ${this.arg}`;
      case Inst2.CAPTURE:
        return `cap ${this.arg} -> ${this.out}`;
      case Inst2.EMPTY_WIDTH:
        return `empty ${this.arg} -> ${this.out}`;
      case Inst2.MATCH:
        return `match${this.arg !== 0 ? ` ${this.arg}` : ""}`;
      case Inst2.FAIL:
        return "fail";
      case Inst2.NOP:
        return `nop -> ${this.out}`;
      case Inst2.LB_WRITE:
        return `lbwrite ${this.arg} -> ${this.out}`;
      case Inst2.LB_CHECK:
        return `lbcheck ${this.arg} -> ${this.out}`;
      case Inst2.RUNE:
        if (this.runes === null) return "rune <null>";
        return [
          "rune ",
          Inst2.escapeRunes(this.runes),
          (this.arg & RE2Flags.FOLD_CASE) !== 0 ? "/i" : "",
          " -> ",
          this.out
        ].join("");
      case Inst2.RUNE1:
        return `rune1 ${Inst2.escapeRunes(this.runes)} -> ${this.out}`;
      case Inst2.RUNE_ANY:
        return `any -> ${this.out}`;
      case Inst2.RUNE_ANY_NOT_NL:
        return `anynotnl -> ${this.out}`;
      default:
        throw new Error("unhandled case in Inst.toString");
    }
  }
};
var Queue = class Queue2 {
  constructor(numInst) {
    this.sparse = new Int32Array(numInst);
    this.densePcs = new Int32Array(numInst);
    this.denseCaps = null;
    this.size = 0;
    this.ncap = 0;
    this.mainThreads = 0;
  }
  static INITIAL_THREADS = 32;
  init(ncap) {
    this.ncap = ncap;
    const needed = Math.min(this.densePcs.length, Queue2.INITIAL_THREADS) * ncap;
    if (!this.denseCaps || this.denseCaps.length < needed) this.denseCaps = new Int32Array(needed);
  }
  growCaps(needed) {
    const limit = this.densePcs.length * this.ncap;
    const grown = new Int32Array(Math.min(limit, Math.max(needed, 2 * this.denseCaps.length)));
    grown.set(this.denseCaps);
    this.denseCaps = grown;
  }
  contains(pc) {
    const j = this.sparse[pc];
    return j < this.size && this.densePcs[j] === pc;
  }
  isEmpty() {
    return this.size === 0;
  }
  add(pc) {
    const j = this.size++;
    this.sparse[pc] = j;
    this.densePcs[j] = pc;
    return j;
  }
  clear() {
    this.size = 0;
    this.mainThreads = 0;
  }
  toString() {
    let out = "{";
    for (let i = 0; i < this.size; i++) {
      if (i !== 0) out += ", ";
      out += this.densePcs[i];
    }
    out += "}";
    return out;
  }
};
var LookbehindState = class {
  constructor(prog) {
    this.pos = -1;
    this.pcs = new Int32Array(prog.numInst());
    this.size = 0;
    this.lbTable = new Int32Array(prog.numLb + 1);
  }
  reset() {
    this.pos = -1;
    this.size = 0;
  }
};
var Machine = class Machine2 {
  static fromRE2(re2) {
    const m = new Machine2();
    m.prog = re2.prog;
    m.re2 = re2;
    m.q0 = new Queue(m.prog.numInst());
    m.q1 = new Queue(m.prog.numInst());
    m.addStack = new Int32Array(2 * (m.prog.numInst() + 1));
    m.matched = false;
    m.matchcap = new Int32Array(m.prog.numCap < 2 ? 2 : m.prog.numCap);
    m.ncap = 0;
    return m;
  }
  constructor() {
    this.prog = null;
    this.re2 = null;
    this.q0 = null;
    this.q1 = null;
    this.addStack = null;
    this.matched = false;
    this.matchcap = null;
    this.ncap = 0;
    this.lbTable = null;
  }
  init(ncap) {
    this.ncap = ncap;
    if (ncap > this.matchcap.length) this.matchcap = new Int32Array(ncap).fill(-1);
    else this.matchcap.fill(-1);
    this.q0.init(ncap);
    this.q1.init(ncap);
    if (this.prog.numLb > 0) {
      if (!this.lbTable || this.lbTable.length < this.prog.numLb + 1) this.lbTable = new Int32Array(this.prog.numLb + 1);
      this.lbTable.fill(-1);
    }
  }
  submatches() {
    if (this.ncap === 0) return Utils.emptyInts();
    return Utils.toArray(this.matchcap.subarray(0, this.ncap));
  }
  match(input, pos, anchor, lbState = null) {
    const startCond = this.re2.cond;
    if (startCond === Utils.EMPTY_ALL) return false;
    if ((anchor === RE2Flags.ANCHOR_START || anchor === RE2Flags.ANCHOR_BOTH) && pos !== 0) return false;
    this.matched = false;
    this.matchcap.fill(-1);
    const hasLookbehinds = this.prog.numLb > 0;
    const matchStartPos = pos;
    let currentPos = pos;
    let resumeLookbehinds = false;
    if (hasLookbehinds) {
      if (lbState !== null && lbState.pos >= 0 && lbState.pos <= pos) {
        currentPos = lbState.pos;
        resumeLookbehinds = true;
      } else currentPos = 0;
    }
    let saveLookbehinds = hasLookbehinds && lbState !== null;
    let runq = this.q0;
    let nextq = this.q1;
    let r = input.step(currentPos);
    let rune = r >> 3;
    let width = r & 7;
    let rune1 = -1;
    let width1 = 0;
    if (r !== MachineInputBase.EOF()) {
      r = input.step(currentPos + width);
      rune1 = r >> 3;
      width1 = r & 7;
    }
    let flag;
    if (currentPos === 0) flag = Utils.emptyOpContext(-1, rune);
    else flag = input.context(currentPos);
    if (hasLookbehinds) {
      if (resumeLookbehinds) this.restoreLookbehinds(lbState, runq, flag);
      else this.spawnLookbehinds(runq, currentPos, flag);
    }
    while (true) {
      if (runq.mainThreads === 0) {
        if ((startCond & Utils.EMPTY_BEGIN_TEXT) !== 0 && currentPos !== 0) break;
        if ((anchor === RE2Flags.ANCHOR_START || anchor === RE2Flags.ANCHOR_BOTH) && currentPos !== 0) break;
        if (this.matched) break;
        if (this.prog.numLb === 0 && runq.isEmpty() && !(this.re2.prefix.length === 0) && rune1 !== this.re2.prefixRune && input.canCheckPrefix()) {
          const advance = input.index(this.re2, currentPos);
          if (advance < 0) break;
          currentPos += advance;
          r = input.step(currentPos);
          rune = r >> 3;
          width = r & 7;
          r = input.step(currentPos + width);
          rune1 = r >> 3;
          width1 = r & 7;
          flag = input.context(currentPos);
        }
      }
      if (currentPos >= matchStartPos) {
        if (saveLookbehinds) {
          this.saveLookbehinds(lbState, runq, currentPos);
          saveLookbehinds = false;
        }
        if (!this.matched && (currentPos === 0 || anchor === RE2Flags.UNANCHORED)) {
          if (this.ncap > 0) this.matchcap[0] = currentPos;
          this.add(runq, this.prog.start, currentPos, this.matchcap, 0, flag);
        }
      }
      const nextPos2 = currentPos + width;
      flag = input.context(nextPos2);
      this.step(runq, nextq, currentPos, nextPos2, rune, flag, anchor, currentPos === input.endPos());
      if (width === 0) break;
      if (this.ncap === 0 && this.matched) break;
      currentPos += width;
      rune = rune1;
      width = width1;
      if (rune !== -1) {
        r = input.step(currentPos + width);
        rune1 = r >> 3;
        width1 = r & 7;
      }
      const tmpq = runq;
      runq = nextq;
      nextq = tmpq;
    }
    runq.clear();
    nextq.clear();
    return this.matched;
  }
  matchSet(input, pos, anchor) {
    const startCond = this.re2.cond;
    if (startCond === Utils.EMPTY_ALL) return [];
    if ((anchor === RE2Flags.ANCHOR_START || anchor === RE2Flags.ANCHOR_BOTH) && pos !== 0) return [];
    let currentPos = this.prog.numLb > 0 ? 0 : pos;
    let matchStartPos = pos;
    let runq = this.q0;
    let nextq = this.q1;
    let r = input.step(currentPos);
    let rune = r >> 3;
    let width = r & 7;
    let rune1 = -1;
    let width1 = 0;
    if (r !== MachineInputBase.EOF()) {
      r = input.step(currentPos + width);
      rune1 = r >> 3;
      width1 = r & 7;
    }
    let flag = currentPos === 0 ? Utils.emptyOpContext(-1, rune) : input.context(currentPos);
    const matches2 = /* @__PURE__ */ new Set();
    if (this.prog.numLb > 0) this.spawnLookbehinds(runq, currentPos, flag);
    while (true) {
      if (runq.mainThreads === 0) {
        if ((startCond & Utils.EMPTY_BEGIN_TEXT) !== 0 && currentPos !== 0) break;
        if ((anchor === RE2Flags.ANCHOR_START || anchor === RE2Flags.ANCHOR_BOTH) && currentPos !== 0) break;
      }
      if (currentPos === 0 || anchor === RE2Flags.UNANCHORED) {
        if (currentPos >= matchStartPos) this.add(runq, this.prog.start, currentPos, this.matchcap, 0, flag);
      }
      const nextPos2 = currentPos + width;
      flag = input.context(nextPos2);
      for (let j = 0; j < runq.size; j++) {
        const pc = runq.densePcs[j];
        const i = this.prog.inst[pc];
        const capOffset = j * this.ncap;
        let add2 = false;
        switch (i.op) {
          case Inst.MATCH:
            if (anchor === RE2Flags.ANCHOR_BOTH && currentPos !== input.endPos()) break;
            matches2.add(i.arg);
            break;
          case Inst.RUNE:
            add2 = i.matchRune(rune);
            break;
          case Inst.RUNE1:
            add2 = rune === i.runes[0];
            break;
          case Inst.RUNE_ANY:
            add2 = true;
            break;
          case Inst.RUNE_ANY_NOT_NL:
            add2 = rune !== 10;
            break;
          default:
            continue;
        }
        if (add2) this.add(nextq, i.out, nextPos2, runq.denseCaps, capOffset, flag);
      }
      runq.clear();
      if (width === 0) break;
      currentPos += width;
      rune = rune1;
      width = width1;
      if (rune !== -1) {
        r = input.step(currentPos + width);
        rune1 = r >> 3;
        width1 = r & 7;
      }
      const tmpq = runq;
      runq = nextq;
      nextq = tmpq;
    }
    nextq.clear();
    return Array.from(matches2).sort((a, b) => a - b);
  }
  step(runq, nextq, pos, nextPos2, c, nextCond, anchor, atEnd) {
    const longest = this.re2.longest;
    for (let j = 0; j < runq.size; j++) {
      const pc = runq.densePcs[j];
      const capOffset = j * this.ncap;
      if (longest && this.matched && this.ncap > 0 && this.matchcap[0] < runq.denseCaps[capOffset]) continue;
      const i = this.prog.inst[pc];
      let add2 = false;
      switch (i.op) {
        case Inst.MATCH:
          if (anchor === RE2Flags.ANCHOR_BOTH && !atEnd) break;
          if (this.ncap > 0 && (!longest || !this.matched || this.matchcap[1] < pos)) {
            runq.denseCaps[capOffset + 1] = pos;
            for (let k = 0; k < this.ncap; k++) this.matchcap[k] = runq.denseCaps[capOffset + k];
          }
          if (!longest) runq.size = 0;
          this.matched = true;
          break;
        case Inst.RUNE:
          add2 = i.matchRune(c);
          break;
        case Inst.RUNE1:
          add2 = c === i.runes[0];
          break;
        case Inst.RUNE_ANY:
          add2 = true;
          break;
        case Inst.RUNE_ANY_NOT_NL:
          add2 = c !== 10;
          break;
        default:
          continue;
      }
      if (add2) this.add(nextq, i.out, nextPos2, runq.denseCaps, capOffset, nextCond);
    }
    runq.clear();
  }
  spawnLookbehinds(q, pos, flag) {
    for (let i = 0; i < this.prog.lbStarts.length; i++) this.add(q, this.prog.lbStarts[i], pos, this.matchcap, 0, flag);
  }
  restoreLookbehinds(lbState, q, flag) {
    this.lbTable.set(lbState.lbTable);
    for (let j = 0; j < lbState.size; j++) this.add(q, lbState.pcs[j], lbState.pos, this.matchcap, 0, flag);
  }
  saveLookbehinds(lbState, q, pos) {
    let size = 0;
    for (let j = 0; j < q.size; j++) {
      const pc = q.densePcs[j];
      if (this.prog.lbInst[pc] === 1 && Inst.isRuneOp(this.prog.inst[pc].op)) lbState.pcs[size++] = pc;
    }
    lbState.size = size;
    lbState.pos = pos;
    lbState.lbTable.set(this.lbTable);
  }
  add(q, pc, pos, capArray, capOffset, cond) {
    const stk = this.addStack;
    let nstk = 0;
    for (; ; ) {
      while (pc !== 0 && !q.contains(pc)) {
        const d = q.add(pc);
        const inst = this.prog.inst[pc];
        switch (inst.op) {
          case Inst.FAIL:
            pc = 0;
            break;
          case Inst.ALT:
          case Inst.ALT_MATCH:
            stk[nstk++] = inst.arg;
            stk[nstk++] = 0;
            pc = inst.out;
            break;
          case Inst.EMPTY_WIDTH:
            pc = (inst.arg & ~cond) === 0 ? inst.out : 0;
            break;
          case Inst.NOP:
            pc = inst.out;
            break;
          case Inst.CAPTURE:
            if (inst.arg < this.ncap) {
              stk[nstk++] = -inst.arg - 1;
              stk[nstk++] = capArray[capOffset + inst.arg];
              capArray[capOffset + inst.arg] = pos;
            }
            pc = inst.out;
            break;
          case Inst.LB_WRITE:
            this.lbTable[Math.abs(inst.arg)] = pos;
            pc = inst.out;
            break;
          case Inst.LB_CHECK:
            if (inst.arg > 0) pc = this.lbTable[inst.arg] === pos ? inst.out : 0;
            else pc = this.lbTable[-inst.arg] !== pos ? inst.out : 0;
            break;
          case Inst.MATCH:
          case Inst.RUNE:
          case Inst.RUNE1:
          case Inst.RUNE_ANY:
          case Inst.RUNE_ANY_NOT_NL:
            if (this.prog.lbInst[pc] === 0) q.mainThreads++;
            if (this.ncap > 0) {
              const destOffset = d * this.ncap;
              if (destOffset + this.ncap > q.denseCaps.length) q.growCaps(destOffset + this.ncap);
              for (let c = 0; c < this.ncap; c++) q.denseCaps[destOffset + c] = capArray[capOffset + c];
            }
            pc = 0;
            break;
          default:
            throw new RE2JSInternalException("unhandled");
        }
      }
      if (nstk === 0) return;
      nstk -= 2;
      const entry = stk[nstk];
      if (entry < 0) {
        capArray[capOffset - entry - 1] = stk[nstk + 1];
        pc = 0;
      } else pc = entry;
    }
  }
};
var hashState = (pcs, flag, ids) => {
  let h = -2128831035;
  for (let i = 0; i < pcs.length; i++) {
    h ^= pcs[i];
    h = Math.imul(h, 16777619);
  }
  h ^= flag;
  h = Math.imul(h, 16777619);
  for (let i = 0; i < ids.length; i++) {
    h ^= ids[i];
    h = Math.imul(h, 16777619);
  }
  return h;
};
var arraysEqual = (a, b) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};
var isState = (state, pcs, flag, ids) => state.flag === flag && arraysEqual(state.nfaStates, pcs) && arraysEqual(state.matchIDs, ids);
var NO_IDS = [];
var END_TEXT = -1;
var DFAState = class {
  constructor(nfaStates, flag, matchIDs) {
    this.nfaStates = nfaStates;
    this.flag = flag;
    this.isMatch = (flag & DFA.FLAG_MATCH) !== 0;
    this.matchIDs = matchIDs;
    this.next = null;
    this.nextAnchored = null;
  }
};
var DFA = class DFA2 {
  static FLAG_EMPTY_MASK = 255;
  static FLAG_MATCH = 256;
  static FLAG_LAST_WORD = 512;
  static FLAG_NEED_SHIFT = 16;
  static STATE_OVERHEAD = 150;
  static ARRAY_OVERHEAD = 40;
  static ELEMENT_SIZE = 8;
  static TABLE_OVERHEAD = 48;
  static PROGRESS_PER_STATE = 10;
  constructor(prog, maxMem = 8388608) {
    this.prog = prog;
    this.maxMem = maxMem;
    this.stateCache = /* @__PURE__ */ new Map();
    this.stateCount = 0;
    this.startStates = /* @__PURE__ */ new Map();
    this.failed = false;
    for (let pc = 0; pc < prog.numInst(); pc++) {
      const op = prog.getInst(pc).op;
      if (op === Inst.LB_WRITE || op === Inst.LB_CHECK) {
        this.failed = true;
        break;
      }
    }
    this.computeRuneClasses();
    this.stateBudget = maxMem;
    this.memBudget = maxMem;
  }
  computeRuneClasses() {
    const bounds = /* @__PURE__ */ new Set();
    const addRange = (lo, hi) => {
      bounds.add(lo);
      bounds.add(hi + 1);
    };
    for (let pc = 0; pc < this.prog.numInst(); pc++) {
      const inst = this.prog.getInst(pc);
      switch (inst.op) {
        case Inst.RUNE:
        case Inst.RUNE1:
          if (inst.runes.length === 1) {
            addRange(inst.runes[0], inst.runes[0]);
            if ((inst.arg & RE2Flags.FOLD_CASE) !== 0) for (let f = Unicode.simpleFold(inst.runes[0]); f !== inst.runes[0]; f = Unicode.simpleFold(f)) addRange(f, f);
          } else for (let j = 0; j < inst.runes.length; j += 2) addRange(inst.runes[j], inst.runes[j + 1]);
          break;
        case Inst.RUNE_ANY_NOT_NL:
          addRange(10, 10);
          break;
        case Inst.EMPTY_WIDTH:
          if ((inst.arg & (Utils.EMPTY_BEGIN_LINE | Utils.EMPTY_END_LINE)) !== 0) addRange(10, 10);
          if ((inst.arg & (Utils.EMPTY_WORD_BOUNDARY | Utils.EMPTY_NO_WORD_BOUNDARY)) !== 0) {
            addRange(48, 57);
            addRange(65, 90);
            addRange(95, 95);
            addRange(97, 122);
          }
      }
    }
    bounds.delete(0);
    this.classBounds = Int32Array.from(bounds).sort();
    this.numClasses = this.classBounds.length + 1;
    const latin1Class = new Int32Array(Unicode.MAX_LATIN1 + 1);
    for (let r = 0; r <= Unicode.MAX_LATIN1; r++) latin1Class[r] = this.searchClass(r);
    this.latin1Class = latin1Class;
  }
  runeClass(r) {
    if (r <= Unicode.MAX_LATIN1) return this.latin1Class[r];
    return this.searchClass(r);
  }
  searchClass(r) {
    const bounds = this.classBounds;
    let lo = 0;
    let hi = bounds.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (bounds[mid] <= r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  closure(pcs, flag) {
    const closure = /* @__PURE__ */ new Set();
    const stack = Array.from(pcs);
    let needflags = 0;
    while (stack.length > 0) {
      const pc = stack.pop();
      if (pc === 0 || closure.has(pc)) continue;
      closure.add(pc);
      const inst = this.prog.getInst(pc);
      switch (inst.op) {
        case Inst.ALT:
        case Inst.ALT_MATCH:
          stack.push(inst.out);
          stack.push(inst.arg);
          break;
        case Inst.NOP:
        case Inst.CAPTURE:
          stack.push(inst.out);
          break;
        case Inst.EMPTY_WIDTH:
          needflags |= inst.arg;
          if ((inst.arg & ~flag) === 0) stack.push(inst.out);
      }
    }
    return {
      pcs: Array.from(closure).sort((a, b) => a - b),
      needflags
    };
  }
  getState(pcs, flag, ids) {
    const hash = hashState(pcs, flag, ids);
    const cached = this.stateCache.get(hash);
    if (cached instanceof DFAState) {
      if (isState(cached, pcs, flag, ids)) return cached;
    } else if (cached !== void 0) {
      for (let i = 0; i < cached.length; i++) if (isState(cached[i], pcs, flag, ids)) return cached[i];
    }
    const cost = DFA2.stateCost(pcs, ids);
    if (this.memBudget < cost) return null;
    this.memBudget -= cost;
    const state = new DFAState(pcs, flag, ids);
    if (cached === void 0) this.stateCache.set(hash, state);
    else if (cached instanceof DFAState) this.stateCache.set(hash, [cached, state]);
    else cached.push(state);
    this.stateCount++;
    return state;
  }
  static stateCost(pcs, ids) {
    const idsCost = ids.length === 0 ? 0 : DFA2.ARRAY_OVERHEAD + DFA2.ELEMENT_SIZE * ids.length;
    return DFA2.STATE_OVERHEAD + DFA2.ELEMENT_SIZE * pcs.length + idsCost;
  }
  *cachedStates() {
    for (const cached of this.stateCache.values()) if (cached instanceof DFAState) yield cached;
    else yield* cached;
  }
  makeState(pcs, flag, ids) {
    const closure = this.closure(pcs, flag & DFA2.FLAG_EMPTY_MASK);
    let stateFlag = flag;
    if (closure.needflags === 0) stateFlag &= DFA2.FLAG_MATCH;
    stateFlag |= closure.needflags << DFA2.FLAG_NEED_SHIFT;
    return this.getState(closure.pcs, stateFlag, ids);
  }
  allocTable(state, anchor) {
    const size = this.numClasses + 1;
    const cost = DFA2.TABLE_OVERHEAD + DFA2.ELEMENT_SIZE * size;
    if (this.memBudget < cost) return null;
    this.memBudget -= cost;
    const table = new Array(size).fill(null);
    if (anchor === RE2Flags.UNANCHORED) state.next = table;
    else state.nextAnchored = table;
    return table;
  }
  clearCache() {
    this.stateCache.clear();
    this.stateCount = 0;
    this.startStates.clear();
    this.memBudget = this.stateBudget;
  }
  resetCache(current) {
    this.clearCache();
    return this.getState(current.nfaStates, current.flag, current.matchIDs);
  }
  step(state, cls, rune, anchor) {
    let table = anchor === RE2Flags.UNANCHORED ? state.next : state.nextAnchored;
    if (table !== null) {
      const cached = table[cls];
      if (cached !== null) return cached;
    } else {
      table = this.allocTable(state, anchor);
      if (table === null) return null;
    }
    const needflag = state.flag >>> DFA2.FLAG_NEED_SHIFT;
    const oldbeforeflag = state.flag & DFA2.FLAG_EMPTY_MASK;
    let beforeflag = oldbeforeflag;
    let afterflag = 0;
    if (rune === 10) {
      beforeflag |= Utils.EMPTY_END_LINE;
      afterflag |= Utils.EMPTY_BEGIN_LINE;
    }
    if (rune === END_TEXT) beforeflag |= Utils.EMPTY_END_LINE | Utils.EMPTY_END_TEXT;
    const islastword = (state.flag & DFA2.FLAG_LAST_WORD) !== 0;
    const isword = rune !== END_TEXT && Utils.isWordRune(rune);
    beforeflag |= isword === islastword ? Utils.EMPTY_NO_WORD_BOUNDARY : Utils.EMPTY_WORD_BOUNDARY;
    let pcs = state.nfaStates;
    if ((beforeflag & ~oldbeforeflag & needflag) !== 0) pcs = this.closure(pcs, beforeflag).pcs;
    const nextPCs = [];
    let ismatch = false;
    let ids = NO_IDS;
    for (let i = 0; i < pcs.length; i++) {
      const inst = this.prog.getInst(pcs[i]);
      if (inst.op === Inst.MATCH) {
        if (!ismatch) {
          ismatch = true;
          ids = [];
        }
        ids.push(inst.arg);
      } else if (rune !== END_TEXT && Inst.isRuneOp(inst.op) && inst.matchRune(rune)) nextPCs.push(inst.out);
    }
    if (ids.length > 1) ids.sort((a, b) => a - b);
    if (anchor === RE2Flags.UNANCHORED && rune !== END_TEXT) nextPCs.push(this.prog.start);
    let flag = afterflag;
    if (ismatch) flag |= DFA2.FLAG_MATCH;
    if (isword) flag |= DFA2.FLAG_LAST_WORD;
    const nextState = this.makeState(nextPCs, flag, ids);
    if (nextState === null) return null;
    table[cls] = nextState;
    return nextState;
  }
  start(input, pos) {
    const context = input.context(pos);
    let flags;
    if ((context & Utils.EMPTY_BEGIN_TEXT) !== 0) flags = Utils.EMPTY_BEGIN_TEXT | Utils.EMPTY_BEGIN_LINE;
    else if ((context & Utils.EMPTY_BEGIN_LINE) !== 0) flags = Utils.EMPTY_BEGIN_LINE;
    else {
      const r = input.step(pos);
      const nextIsWord = r >= 0 && Utils.isWordRune(r >> 3);
      flags = (context & Utils.EMPTY_WORD_BOUNDARY) !== 0 !== nextIsWord ? DFA2.FLAG_LAST_WORD : 0;
    }
    let state = this.startStates.get(flags);
    if (state === void 0) {
      state = this.makeState([this.prog.start], flags, NO_IDS);
      if (state === null) {
        this.clearCache();
        state = this.makeState([this.prog.start], flags, NO_IDS);
        if (state === null) return null;
      }
      this.startStates.set(flags, state);
    }
    return state;
  }
  stepOrReset(state, cls, rune, anchor, pos, search) {
    let next = this.step(state, cls, rune, anchor);
    if (next !== null) return next;
    if (search.resetPos >= 0 && pos - search.resetPos < DFA2.PROGRESS_PER_STATE * this.stateCount) return null;
    search.resetPos = pos;
    const restored = this.resetCache(state);
    if (restored === null) return null;
    next = this.step(restored, cls, rune, anchor);
    return next;
  }
  run(input, pos, anchor, state, onMatch) {
    const endPos = input.endPos();
    const latin1Class = this.latin1Class;
    const unanchored = anchor === RE2Flags.UNANCHORED;
    const search = { resetPos: -1 };
    let i = pos;
    while (i < endPos) {
      const r = input.step(i);
      const rune = r >> 3;
      const width = r & 7;
      if (width === 0) break;
      const cls = rune <= Unicode.MAX_LATIN1 ? latin1Class[rune] : this.runeClass(rune);
      let next = unanchored && state.next !== null ? state.next[cls] : null;
      if (next === null) {
        next = this.stepOrReset(state, cls, rune, anchor, i, search);
        if (next === null) return null;
      }
      state = next;
      if (state.isMatch && onMatch(state, false)) return true;
      if (!unanchored && state.nfaStates.length === 0) return false;
      i += width;
    }
    state = this.stepOrReset(state, this.numClasses, END_TEXT, anchor, i, search);
    if (state === null) return null;
    return state.isMatch && onMatch(state, true);
  }
  match(input, pos, anchor) {
    if (this.failed) return null;
    if ((anchor === RE2Flags.ANCHOR_START || anchor === RE2Flags.ANCHOR_BOTH) && pos !== 0) return false;
    const startState = this.start(input, pos);
    if (startState === null) return null;
    return this.run(input, pos, anchor, startState, (state, atEnd) => anchor !== RE2Flags.ANCHOR_BOTH || atEnd);
  }
  matchSet(input, pos, anchor) {
    if (this.failed) return null;
    if ((anchor === RE2Flags.ANCHOR_START || anchor === RE2Flags.ANCHOR_BOTH) && pos !== 0) return [];
    const startState = this.start(input, pos);
    if (startState === null) return null;
    const matches2 = /* @__PURE__ */ new Set();
    const collect2 = (state, atEnd) => {
      if (anchor !== RE2Flags.ANCHOR_BOTH || atEnd) for (let k = 0; k < state.matchIDs.length; k++) matches2.add(state.matchIDs[k]);
      return false;
    };
    if (this.run(input, pos, anchor, startState, collect2) === null) return null;
    return Array.from(matches2).sort((a, b) => a - b);
  }
};
var VISITED_BITS = 32;
var MAX_BACKTRACK_PROG = 500;
var INITIAL_JOB_CAPACITY = 256;
var MAX_BACKTRACK_VECTOR = 262144;
var BitState = class {
  constructor() {
    this.end = 0;
    this.cap = /* @__PURE__ */ new Int32Array(0);
    this.matchcap = /* @__PURE__ */ new Int32Array(0);
    this.ncap = 0;
    this.jobPc = new Int32Array(INITIAL_JOB_CAPACITY);
    this.jobArg = new Uint8Array(INITIAL_JOB_CAPACITY);
    this.jobPos = new Int32Array(INITIAL_JOB_CAPACITY);
    this.jobLen = 0;
    this.visited = /* @__PURE__ */ new Uint32Array(0);
  }
  reset(prog, end, ncap) {
    this.end = end;
    this.jobLen = 0;
    this.ncap = ncap;
    const visitedSize = prog.numInst() * (end + 1) + VISITED_BITS - 1 >>> 5;
    if (this.visited.length < visitedSize) this.visited = new Uint32Array(visitedSize);
    else this.visited.fill(0, 0, visitedSize);
    if (this.cap.length < ncap) this.cap = new Int32Array(ncap).fill(-1);
    else this.cap.fill(-1, 0, ncap);
    if (this.matchcap.length < ncap) this.matchcap = new Int32Array(ncap).fill(-1);
    else this.matchcap.fill(-1, 0, ncap);
  }
  shouldVisit(pc, pos) {
    const n = pc * (this.end + 1) + pos;
    const idx = n >>> 5;
    const mask = 1 << (n & 31);
    if ((this.visited[idx] & mask) !== 0) return false;
    this.visited[idx] |= mask;
    return true;
  }
  push(re2, pc, pos, arg2) {
    if (re2.prog.getInst(pc).op !== Inst.FAIL && (arg2 || this.shouldVisit(pc, pos))) {
      if (this.jobLen >= this.jobPc.length) {
        const newSize = this.jobPc.length * 2;
        const newPc = new Int32Array(newSize);
        newPc.set(this.jobPc);
        this.jobPc = newPc;
        const newArg = new Uint8Array(newSize);
        newArg.set(this.jobArg);
        this.jobArg = newArg;
        const newPos = new Int32Array(newSize);
        newPos.set(this.jobPos);
        this.jobPos = newPos;
      }
      this.jobPc[this.jobLen] = pc;
      this.jobArg[this.jobLen] = arg2 ? 1 : 0;
      this.jobPos[this.jobLen] = pos;
      this.jobLen++;
    }
  }
  tryBacktrack(re2, input, pc, pos, anchor) {
    const longest = re2.longest;
    this.push(re2, pc, pos, false);
    while (this.jobLen > 0) {
      this.jobLen--;
      let currentPc = this.jobPc[this.jobLen];
      let arg2 = this.jobArg[this.jobLen] === 1;
      let currentPos = this.jobPos[this.jobLen];
      let skipShouldVisit = true;
      while (true) {
        if (!skipShouldVisit) {
          if (!this.shouldVisit(currentPc, currentPos)) break;
        }
        skipShouldVisit = false;
        const inst = re2.prog.getInst(currentPc);
        switch (inst.op) {
          case Inst.FAIL:
            break;
          case Inst.ALT:
            if (arg2) {
              arg2 = false;
              currentPc = inst.arg;
              continue;
            } else {
              this.push(re2, currentPc, currentPos, true);
              currentPc = inst.out;
              continue;
            }
          case Inst.ALT_MATCH: {
            const outInst = re2.prog.getInst(inst.out);
            if (Inst.isRuneOp(outInst.op)) {
              this.push(re2, inst.arg, currentPos, false);
              currentPc = inst.arg;
              currentPos = this.end;
              continue;
            }
            this.push(re2, inst.out, this.end, false);
            currentPc = inst.out;
            continue;
          }
          case Inst.RUNE: {
            const r = input.step(currentPos);
            if (r === MachineInputBase.EOF()) break;
            if (!inst.matchRune(r >> 3)) break;
            currentPos += r & 7;
            currentPc = inst.out;
            continue;
          }
          case Inst.RUNE1: {
            const r = input.step(currentPos);
            if (r === MachineInputBase.EOF()) break;
            if (r >> 3 !== inst.runes[0]) break;
            currentPos += r & 7;
            currentPc = inst.out;
            continue;
          }
          case Inst.RUNE_ANY_NOT_NL: {
            const r = input.step(currentPos);
            if (r === MachineInputBase.EOF()) break;
            if (r >> 3 === 10) break;
            currentPos += r & 7;
            currentPc = inst.out;
            continue;
          }
          case Inst.RUNE_ANY: {
            const r = input.step(currentPos);
            if (r === MachineInputBase.EOF()) break;
            currentPos += r & 7;
            currentPc = inst.out;
            continue;
          }
          case Inst.CAPTURE:
            if (arg2) {
              this.cap[inst.arg] = currentPos;
              break;
            } else {
              if (inst.arg < this.ncap) {
                this.push(re2, currentPc, this.cap[inst.arg], true);
                this.cap[inst.arg] = currentPos;
              }
              currentPc = inst.out;
              continue;
            }
          case Inst.EMPTY_WIDTH: {
            const flag = input.context(currentPos);
            if ((inst.arg & ~flag) !== 0) break;
            currentPc = inst.out;
            continue;
          }
          case Inst.NOP:
            currentPc = inst.out;
            continue;
          case Inst.MATCH: {
            if (anchor === RE2Flags.ANCHOR_BOTH && currentPos !== this.end) break;
            if (this.ncap === 0) return true;
            if (this.ncap > 1) this.cap[1] = currentPos;
            const old = this.matchcap[1];
            if (old === -1 || longest && currentPos > 0 && currentPos > old) this.matchcap.set(this.cap);
            if (!longest) return true;
            if (currentPos === this.end) return true;
            break;
          }
          case Inst.LB_WRITE:
          case Inst.LB_CHECK:
            throw new RE2JSInternalException("Backtracker cannot evaluate Lookbehind instructions");
          default:
            throw new RE2JSInternalException("bad inst");
        }
        break;
      }
    }
    return longest && this.matchcap.length > 1 && this.matchcap[1] >= 0;
  }
};
var bitStatePool = [];
var Backtracker = class Backtracker2 {
  static shouldBacktrack(prog) {
    return prog.numInst() <= MAX_BACKTRACK_PROG;
  }
  static maxBitStateLen(prog) {
    if (!Backtracker2.shouldBacktrack(prog)) return 0;
    return Math.floor(MAX_BACKTRACK_VECTOR / prog.numInst());
  }
  static execute(re2, input, pos, anchor, ncap) {
    const startCond = re2.cond;
    if (startCond === Utils.EMPTY_ALL) return null;
    if ((anchor === RE2Flags.ANCHOR_START || anchor === RE2Flags.ANCHOR_BOTH) && pos !== 0) return null;
    if ((startCond & Utils.EMPTY_BEGIN_TEXT) !== 0 && pos !== 0) return null;
    const b = bitStatePool.length > 0 ? bitStatePool.pop() : new BitState();
    const end = input.endPos();
    b.reset(re2.prog, end, ncap);
    let matched = false;
    if ((startCond & Utils.EMPTY_BEGIN_TEXT) !== 0 || anchor === RE2Flags.ANCHOR_START || anchor === RE2Flags.ANCHOR_BOTH) {
      if (b.ncap > 0) b.cap[0] = pos;
      if (b.tryBacktrack(re2, input, re2.prog.start, pos, anchor)) matched = true;
    } else {
      let width = -1;
      for (; pos <= end && width !== 0; pos += width) {
        if (re2.prefix.length > 0) {
          const advance = input.index(re2, pos);
          if (advance < 0) break;
          pos += advance;
        }
        if (b.ncap > 0) b.cap[0] = pos;
        if (b.tryBacktrack(re2, input, re2.prog.start, pos, anchor)) {
          matched = true;
          break;
        }
        const r = input.step(pos);
        width = r === MachineInputBase.EOF() ? 0 : r & 7;
      }
    }
    if (!matched) {
      bitStatePool.push(b);
      return null;
    }
    const result = ncap === 0 ? [] : Utils.toArray(b.matchcap.subarray(0, ncap));
    bitStatePool.push(b);
    return result;
  }
};
var QueueOnePass = class {
  constructor(size) {
    this.sparse = new Uint32Array(size);
    this.dense = new Uint32Array(size);
    this.size = 0;
    this.nextIndex = 0;
  }
  empty() {
    return this.nextIndex >= this.size;
  }
  next() {
    return this.dense[this.nextIndex++];
  }
  clear() {
    this.size = 0;
    this.nextIndex = 0;
  }
  contains(u) {
    return u < this.sparse.length && this.sparse[u] < this.size && this.dense[this.sparse[u]] === u;
  }
  insert(u) {
    if (!this.contains(u)) this.insertNew(u);
  }
  insertNew(u) {
    if (u >= this.sparse.length) return;
    this.sparse[u] = this.size;
    this.dense[this.size] = u;
    this.size++;
  }
};
var mergeRuneSets = (leftRunes, rightRunes, leftPC, rightPC) => {
  const leftLen = leftRunes.length;
  const rightLen = rightRunes.length;
  let lx = 0, rx = 0;
  const merged = [];
  const next = [];
  let ok = true;
  let ix = -1;
  const extend = (isLeft) => {
    const newArray = isLeft ? leftRunes : rightRunes;
    const low = isLeft ? lx : rx;
    const pc = isLeft ? leftPC : rightPC;
    if (ix > 0 && newArray[low] <= merged[ix]) return false;
    merged.push(newArray[low], newArray[low + 1]);
    if (isLeft) lx += 2;
    else rx += 2;
    ix += 2;
    next.push(pc);
    return true;
  };
  while (lx < leftLen || rx < rightLen) {
    if (rx >= rightLen) ok = extend(true);
    else if (lx >= leftLen) ok = extend(false);
    else if (rightRunes[rx] < leftRunes[lx]) ok = extend(false);
    else ok = extend(true);
    if (!ok) return null;
  }
  return {
    merged,
    next
  };
};
var OnePassProg = class {
  constructor(prog) {
    this.start = prog.start;
    this.numCap = prog.numCap;
    this.inst = new Array(prog.inst.length);
    for (let i = 0; i < prog.inst.length; i++) {
      const orig = prog.inst[i];
      const inst = new Inst(orig.op);
      inst.out = orig.out;
      inst.arg = orig.arg;
      inst.runes = orig.runes ? new Int32Array(orig.runes) : /* @__PURE__ */ new Int32Array(0);
      inst.next = null;
      this.inst[i] = inst;
    }
  }
};
var onePassCopy = (prog) => {
  const p = new OnePassProg(prog);
  for (let pc = 0; pc < p.inst.length; pc++) {
    const inst = p.inst[pc];
    if (inst.op !== Inst.ALT && inst.op !== Inst.ALT_MATCH) continue;
    let pAOther = "out";
    let pAAlt = "arg";
    let instAlt = p.inst[inst[pAAlt]];
    if (instAlt.op !== Inst.ALT && instAlt.op !== Inst.ALT_MATCH) {
      pAOther = "arg";
      pAAlt = "out";
      instAlt = p.inst[inst[pAAlt]];
      if (instAlt.op !== Inst.ALT && instAlt.op !== Inst.ALT_MATCH) continue;
    }
    const instOther = p.inst[inst[pAOther]];
    if (instOther.op === Inst.ALT || instOther.op === Inst.ALT_MATCH) continue;
    let pBAlt = "out";
    let pBOther = "arg";
    let patch = false;
    if (instAlt.out === pc) patch = true;
    else if (instAlt.arg === pc) {
      patch = true;
      pBAlt = "arg";
      pBOther = "out";
    }
    if (patch) instAlt[pBAlt] = inst[pAOther];
    if (inst[pAOther] === instAlt[pBAlt]) inst[pAAlt] = instAlt[pBOther];
  }
  return p;
};
var makeOnePass = (p) => {
  if (p.inst.length >= 1e3) return null;
  const instQueue = new QueueOnePass(p.inst.length);
  const visitQueue = new QueueOnePass(p.inst.length);
  const onePassRunes = new Array(p.inst.length);
  const m = new Array(p.inst.length).fill(false);
  const check3 = (pc) => {
    let ok = true;
    const inst = p.inst[pc];
    if (visitQueue.contains(pc)) return true;
    visitQueue.insert(pc);
    switch (inst.op) {
      case Inst.ALT:
      case Inst.ALT_MATCH: {
        ok = check3(inst.out) && check3(inst.arg);
        let matchOut = m[inst.out];
        let matchArg = m[inst.arg];
        if (matchOut && matchArg) return false;
        if (matchArg) {
          const tempOut = inst.out;
          inst.out = inst.arg;
          inst.arg = tempOut;
          const tempMatch = matchOut;
          matchOut = matchArg;
          matchArg = tempMatch;
        }
        if (matchOut) {
          m[pc] = true;
          inst.op = Inst.ALT_MATCH;
        }
        const leftRunes = onePassRunes[inst.out] || [];
        const rightRunes = onePassRunes[inst.arg] || [];
        const mergeRes = mergeRuneSets(leftRunes, rightRunes, inst.out, inst.arg);
        if (!mergeRes) return false;
        onePassRunes[pc] = new Int32Array(mergeRes.merged);
        inst.next = new Uint32Array(mergeRes.next);
        break;
      }
      case Inst.CAPTURE:
      case Inst.EMPTY_WIDTH:
      case Inst.NOP:
        ok = check3(inst.out);
        m[pc] = m[inst.out];
        onePassRunes[pc] = onePassRunes[inst.out] ? new Int32Array(onePassRunes[inst.out]) : /* @__PURE__ */ new Int32Array(0);
        inst.next = new Uint32Array(Math.floor(onePassRunes[pc].length / 2) + 1).fill(inst.out);
        break;
      case Inst.MATCH:
      case Inst.FAIL:
        m[pc] = inst.op === Inst.MATCH;
        break;
      case Inst.RUNE: {
        m[pc] = false;
        if (inst.next && inst.next.length > 0) break;
        instQueue.insert(inst.out);
        if (!inst.runes || inst.runes.length === 0) {
          onePassRunes[pc] = /* @__PURE__ */ new Int32Array(0);
          inst.next = new Uint32Array([inst.out]);
          break;
        }
        let runes2 = [];
        if (inst.runes.length === 1 && (inst.arg & RE2Flags.FOLD_CASE) !== 0) {
          const r0 = inst.runes[0];
          runes2.push(r0, r0);
          for (let r1 = Unicode.simpleFold(r0); r1 !== r0; r1 = Unicode.simpleFold(r1)) runes2.push(r1, r1);
          runes2.sort((a, b) => a - b);
        } else for (let j = 0; j < inst.runes.length; j++) runes2.push(inst.runes[j]);
        onePassRunes[pc] = new Int32Array(runes2);
        inst.next = new Uint32Array(Math.floor(runes2.length / 2) + 1).fill(inst.out);
        inst.op = Inst.RUNE;
        break;
      }
      case Inst.RUNE1: {
        m[pc] = false;
        if (inst.next && inst.next.length > 0) break;
        instQueue.insert(inst.out);
        let runes2 = [];
        if ((inst.arg & RE2Flags.FOLD_CASE) !== 0) {
          const r0 = inst.runes[0];
          runes2.push(r0, r0);
          for (let r1 = Unicode.simpleFold(r0); r1 !== r0; r1 = Unicode.simpleFold(r1)) runes2.push(r1, r1);
          runes2.sort((a, b) => a - b);
        } else runes2.push(inst.runes[0], inst.runes[0]);
        onePassRunes[pc] = new Int32Array(runes2);
        inst.next = new Uint32Array(Math.floor(runes2.length / 2) + 1).fill(inst.out);
        inst.op = Inst.RUNE;
        break;
      }
      case Inst.RUNE_ANY:
        m[pc] = false;
        if (inst.next && inst.next.length > 0) break;
        instQueue.insert(inst.out);
        onePassRunes[pc] = new Int32Array([0, Unicode.MAX_RUNE]);
        inst.next = new Uint32Array([inst.out]);
        break;
      case Inst.RUNE_ANY_NOT_NL:
        m[pc] = false;
        if (inst.next && inst.next.length > 0) break;
        instQueue.insert(inst.out);
        onePassRunes[pc] = new Int32Array([
          0,
          9,
          11,
          Unicode.MAX_RUNE
        ]);
        inst.next = new Uint32Array(Math.floor(onePassRunes[pc].length / 2) + 1).fill(inst.out);
    }
    return ok;
  };
  instQueue.clear();
  instQueue.insert(p.start);
  while (!instQueue.empty()) {
    visitQueue.clear();
    if (!check3(instQueue.next())) return null;
  }
  for (let i = 0; i < p.inst.length; i++) if (onePassRunes[i]) p.inst[i].runes = onePassRunes[i];
  return p;
};
var cleanupOnePass = (p, original) => {
  for (let ix = 0; ix < original.inst.length; ix++) {
    const instOriginal = original.inst[ix];
    switch (instOriginal.op) {
      case Inst.ALT:
      case Inst.ALT_MATCH:
      case Inst.RUNE:
        break;
      case Inst.CAPTURE:
      case Inst.EMPTY_WIDTH:
      case Inst.NOP:
      case Inst.MATCH:
      case Inst.FAIL:
        p.inst[ix].next = null;
        break;
      case Inst.RUNE1:
      case Inst.RUNE_ANY:
      case Inst.RUNE_ANY_NOT_NL:
        p.inst[ix].next = null;
        p.inst[ix].op = instOriginal.op;
        p.inst[ix].runes = instOriginal.runes ? new Int32Array(instOriginal.runes) : /* @__PURE__ */ new Int32Array(0);
    }
  }
};
var OnePass = class OnePass2 {
  static compile(prog) {
    if (prog.start === 0) return null;
    if (prog.numLb > 0) return null;
    const startInst = prog.inst[prog.start];
    if (startInst.op !== Inst.EMPTY_WIDTH || (startInst.arg & Utils.EMPTY_BEGIN_TEXT) === 0) return null;
    let hasAlt = false;
    for (let i = 0; i < prog.inst.length; i++) if (prog.inst[i].op === Inst.ALT || prog.inst[i].op === Inst.ALT_MATCH) {
      hasAlt = true;
      break;
    }
    for (let i = 0; i < prog.inst.length; i++) {
      const inst = prog.inst[i];
      const opOut = prog.inst[inst.out].op;
      switch (inst.op) {
        case Inst.ALT:
        case Inst.ALT_MATCH:
          if (opOut === Inst.MATCH || prog.inst[inst.arg].op === Inst.MATCH) return null;
          break;
        case Inst.EMPTY_WIDTH:
          if (opOut === Inst.MATCH) {
            if ((inst.arg & Utils.EMPTY_END_TEXT) === Utils.EMPTY_END_TEXT) continue;
            return null;
          }
          break;
        default:
          if (opOut === Inst.MATCH && hasAlt) return null;
      }
    }
    let p = onePassCopy(prog);
    p = makeOnePass(p);
    if (p !== null) cleanupOnePass(p, prog);
    return p;
  }
  static next(inst, r) {
    const nextIdx = inst.matchRunePos(r);
    if (nextIdx >= 0) return inst.next[nextIdx];
    if (inst.op === Inst.ALT_MATCH) return inst.out;
    return 0;
  }
  static execute(re2, input, pos, anchor, ncap) {
    const onepass = re2.onepass;
    if (!onepass) return null;
    const matchcap = new Int32Array(ncap).fill(-1);
    let matched = false;
    let r = input.step(pos);
    let rune = r >> 3;
    let width = r & 7;
    let r1 = MachineInputBase.EOF();
    let rune1 = -1;
    let width1 = 0;
    if (r !== MachineInputBase.EOF()) {
      r1 = input.step(pos + width);
      if (r1 !== MachineInputBase.EOF()) {
        rune1 = r1 >> 3;
        width1 = r1 & 7;
      }
    }
    let flag = pos === 0 ? Utils.emptyOpContext(-1, rune) : input.context(pos);
    let pc = onepass.start;
    let inst;
    while (true) {
      inst = onepass.inst[pc];
      pc = inst.out;
      switch (inst.op) {
        case Inst.MATCH:
          if (anchor === RE2Flags.ANCHOR_BOTH && pos !== input.endPos()) return null;
          matched = true;
          if (matchcap.length > 0) {
            matchcap[0] = 0;
            matchcap[1] = pos;
          }
          return ncap === 0 ? [] : Utils.toArray(matchcap);
        case Inst.RUNE:
          if (!inst.matchRune(rune)) return null;
          break;
        case Inst.RUNE1:
          if (rune !== inst.runes[0]) return null;
          break;
        case Inst.RUNE_ANY:
          break;
        case Inst.RUNE_ANY_NOT_NL:
          if (rune === 10) return null;
          break;
        case Inst.ALT:
        case Inst.ALT_MATCH:
          pc = OnePass2.next(inst, rune);
          continue;
        case Inst.FAIL:
          return null;
        case Inst.NOP:
          continue;
        case Inst.EMPTY_WIDTH:
          if ((inst.arg & ~flag) !== 0) return null;
          continue;
        case Inst.CAPTURE:
          if (inst.arg < matchcap.length) matchcap[inst.arg] = pos;
          continue;
        default:
          throw new RE2JSInternalException("bad inst");
      }
      if (width === 0) break;
      flag = Utils.emptyOpContext(rune, rune1);
      pos += width;
      rune = rune1;
      width = width1;
      if (rune !== -1) {
        r1 = input.step(pos + width);
        if (r1 !== MachineInputBase.EOF()) {
          rune1 = r1 >> 3;
          width1 = r1 & 7;
        } else {
          rune1 = -1;
          width1 = 0;
        }
      }
    }
    if (!matched) return null;
    return ncap === 0 ? [] : Utils.toArray(matchcap);
  }
};
var Regexp = class Regexp2 {
  static Op = createEnum([
    "NO_MATCH",
    "EMPTY_MATCH",
    "LITERAL",
    "CHAR_CLASS",
    "ANY_CHAR_NOT_NL",
    "ANY_CHAR",
    "BEGIN_LINE",
    "END_LINE",
    "BEGIN_TEXT",
    "END_TEXT",
    "WORD_BOUNDARY",
    "NO_WORD_BOUNDARY",
    "CAPTURE",
    "STAR",
    "PLUS",
    "QUEST",
    "REPEAT",
    "CONCAT",
    "ALTERNATE",
    "PLB",
    "NLB",
    "LEFT_PAREN",
    "VERTICAL_BAR"
  ]);
  static isPseudoOp(op) {
    return op >= Regexp2.Op.LEFT_PAREN;
  }
  static emptySubs() {
    return [];
  }
  static quoteIfHyphen(rune) {
    if (rune === Codepoint.CODES["-"]) return "\\";
    return "";
  }
  static fromRegexp(re) {
    const regex = new Regexp2(re.op);
    regex.flags = re.flags;
    regex.subs = re.subs;
    regex.runes = re.runes;
    regex.cap = re.cap;
    regex.min = re.min;
    regex.max = re.max;
    regex.name = re.name;
    regex.namedGroups = re.namedGroups;
    regex.lb = re.lb;
    return regex;
  }
  constructor(op) {
    this.op = op;
    this.flags = 0;
    this.subs = Regexp2.emptySubs();
    this.runes = /* @__PURE__ */ new Int32Array(0);
    this.min = 0;
    this.max = 0;
    this.cap = 0;
    this.name = null;
    this.namedGroups = /* @__PURE__ */ Object.create(null);
    this.lb = 0;
  }
  reinit() {
    this.flags = 0;
    this.subs = Regexp2.emptySubs();
    this.runes = /* @__PURE__ */ new Int32Array(0);
    this.cap = 0;
    this.min = 0;
    this.max = 0;
    this.name = null;
    this.namedGroups = /* @__PURE__ */ Object.create(null);
    this.lb = 0;
  }
  toString() {
    return this.appendTo();
  }
  appendTo() {
    let out = "";
    switch (this.op) {
      case Regexp2.Op.NO_MATCH:
        out += "[^\\x00-\\x{10FFFF}]";
        break;
      case Regexp2.Op.EMPTY_MATCH:
        out += "(?:)";
        break;
      case Regexp2.Op.STAR:
      case Regexp2.Op.PLUS:
      case Regexp2.Op.QUEST:
      case Regexp2.Op.REPEAT: {
        const sub2 = this.subs[0];
        if (sub2.op > Regexp2.Op.CAPTURE || sub2.op === Regexp2.Op.LITERAL && sub2.runes.length > 1) out += `(?:${sub2.appendTo()})`;
        else out += sub2.appendTo();
        switch (this.op) {
          case Regexp2.Op.STAR:
            out += "*";
            break;
          case Regexp2.Op.PLUS:
            out += "+";
            break;
          case Regexp2.Op.QUEST:
            out += "?";
            break;
          case Regexp2.Op.REPEAT:
            out += `{${this.min}`;
            if (this.min !== this.max) {
              out += ",";
              if (this.max >= 0) out += this.max;
            }
            out += "}";
        }
        if ((this.flags & RE2Flags.NON_GREEDY) !== 0) out += "?";
        break;
      }
      case Regexp2.Op.CONCAT:
        for (let sub2 of this.subs) if (sub2.op === Regexp2.Op.ALTERNATE) out += `(?:${sub2.appendTo()})`;
        else out += sub2.appendTo();
        break;
      case Regexp2.Op.ALTERNATE: {
        let sep = "";
        for (let sub2 of this.subs) {
          out += sep;
          sep = "|";
          out += sub2.appendTo();
        }
        break;
      }
      case Regexp2.Op.LITERAL:
        if ((this.flags & RE2Flags.FOLD_CASE) !== 0) out += "(?i:";
        for (let rune of this.runes) out += Utils.escapeRune(rune);
        if ((this.flags & RE2Flags.FOLD_CASE) !== 0) out += ")";
        break;
      case Regexp2.Op.ANY_CHAR_NOT_NL:
        out += "(?-s:.)";
        break;
      case Regexp2.Op.ANY_CHAR:
        out += "(?s:.)";
        break;
      case Regexp2.Op.PLB:
        out += `(?<=${this.subs[0].appendTo()})`;
        break;
      case Regexp2.Op.NLB:
        out += `(?<!${this.subs[0].appendTo()})`;
        break;
      case Regexp2.Op.CAPTURE:
        if (this.name === null || this.name.length === 0) out += "(";
        else out += `(?P<${this.name}>`;
        if (this.subs[0].op !== Regexp2.Op.EMPTY_MATCH) out += this.subs[0].appendTo();
        out += ")";
        break;
      case Regexp2.Op.BEGIN_TEXT:
        out += "\\A";
        break;
      case Regexp2.Op.END_TEXT:
        if ((this.flags & RE2Flags.WAS_DOLLAR) !== 0) out += "(?-m:$)";
        else out += "\\z";
        break;
      case Regexp2.Op.BEGIN_LINE:
        out += "^";
        break;
      case Regexp2.Op.END_LINE:
        out += "$";
        break;
      case Regexp2.Op.WORD_BOUNDARY:
        out += "\\b";
        break;
      case Regexp2.Op.NO_WORD_BOUNDARY:
        out += "\\B";
        break;
      case Regexp2.Op.CHAR_CLASS:
        if (this.runes.length % 2 !== 0) {
          out += "[invalid char class]";
          break;
        }
        out += "[";
        if (this.runes.length === 0) out += "^\\x00-\\x{10FFFF}";
        else if (this.runes[0] === 0 && this.runes[this.runes.length - 1] === Unicode.MAX_RUNE) {
          out += "^";
          for (let i = 1; i < this.runes.length - 1; i += 2) {
            const lo = this.runes[i] + 1;
            const hi = this.runes[i + 1] - 1;
            out += Regexp2.quoteIfHyphen(lo);
            out += Utils.escapeRune(lo);
            if (lo !== hi) {
              out += "-";
              out += Regexp2.quoteIfHyphen(hi);
              out += Utils.escapeRune(hi);
            }
          }
        } else for (let i = 0; i < this.runes.length; i += 2) {
          const lo = this.runes[i];
          const hi = this.runes[i + 1];
          out += Regexp2.quoteIfHyphen(lo);
          out += Utils.escapeRune(lo);
          if (lo !== hi) {
            out += "-";
            out += Regexp2.quoteIfHyphen(hi);
            out += Utils.escapeRune(hi);
          }
        }
        out += "]";
        break;
      default:
        out += this.op;
    }
    return out;
  }
  maxCap() {
    let m = 0;
    if (this.op === Regexp2.Op.CAPTURE) m = this.cap;
    if (this.subs !== null) for (let sub2 of this.subs) {
      const n = sub2.maxCap();
      if (m < n) m = n;
    }
    return m;
  }
  equals(that) {
    if (!(that !== null && that instanceof Regexp2)) return false;
    if (this.op !== that.op) return false;
    switch (this.op) {
      case Regexp2.Op.END_TEXT:
        if ((this.flags & RE2Flags.WAS_DOLLAR) !== (that.flags & RE2Flags.WAS_DOLLAR)) return false;
        break;
      case Regexp2.Op.LITERAL:
      case Regexp2.Op.CHAR_CLASS:
        if ((this.flags & RE2Flags.FOLD_CASE) !== (that.flags & RE2Flags.FOLD_CASE)) return false;
        if (this.runes === null && that.runes === null) break;
        if (this.runes === null || that.runes === null) return false;
        if (this.runes.length !== that.runes.length) return false;
        for (let i = 0; i < this.runes.length; i++) if (this.runes[i] !== that.runes[i]) return false;
        break;
      case Regexp2.Op.ALTERNATE:
      case Regexp2.Op.CONCAT:
        if (this.subs.length !== that.subs.length) return false;
        for (let i = 0; i < this.subs.length; ++i) if (!this.subs[i].equals(that.subs[i])) return false;
        break;
      case Regexp2.Op.STAR:
      case Regexp2.Op.PLUS:
      case Regexp2.Op.QUEST:
        if ((this.flags & RE2Flags.NON_GREEDY) !== (that.flags & RE2Flags.NON_GREEDY) || !this.subs[0].equals(that.subs[0])) return false;
        break;
      case Regexp2.Op.REPEAT:
        if ((this.flags & RE2Flags.NON_GREEDY) !== (that.flags & RE2Flags.NON_GREEDY) || this.min !== that.min || this.max !== that.max || !this.subs[0].equals(that.subs[0])) return false;
        break;
      case Regexp2.Op.CAPTURE:
        if (this.cap !== that.cap || (this.name === null ? that.name !== null : this.name !== that.name) || !this.subs[0].equals(that.subs[0])) return false;
        break;
      case Regexp2.Op.PLB:
      case Regexp2.Op.NLB:
        if (this.lb !== that.lb || !this.subs[0].equals(that.subs[0])) return false;
    }
    return true;
  }
};
var RegexpWalker = class {
  static walk(root, handler) {
    const stack = [];
    let re = root;
    let result;
    for (; ; ) {
      if (re.subs.length === 0) result = handler.leaf(re);
      else {
        const state = handler.enter(re);
        if (state.result === void 0) {
          stack.push({
            re,
            state,
            i: 0
          });
          re = re.subs[0];
          continue;
        }
        result = state.result;
      }
      for (; ; ) {
        if (stack.length === 0) return result;
        const frame = stack[stack.length - 1];
        handler.child(frame.re, frame.state, result, frame.i);
        frame.i++;
        if (frame.state.result === void 0 && frame.i < frame.re.subs.length) {
          re = frame.re.subs[frame.i];
          break;
        }
        stack.pop();
        result = frame.state.result !== void 0 ? frame.state.result : handler.leave(frame.re, frame.state);
      }
    }
  }
};
var AhoCorasick = class {
  constructor(words, alphabetSize) {
    const edges = /* @__PURE__ */ new Map();
    const parent = [0];
    const unit = [0];
    const depth = [0];
    const terminal = [0];
    for (const word of words) {
      let node = 0;
      for (let i = 0; i < word.length; i++) {
        const key = node * alphabetSize + word[i];
        let child2 = edges.get(key);
        if (child2 === void 0) {
          child2 = parent.length;
          edges.set(key, child2);
          parent.push(node);
          unit.push(word[i]);
          depth.push(depth[node] + 1);
          terminal.push(0);
        }
        node = child2;
      }
      terminal[node] = 1;
    }
    const numNodes = parent.length;
    const children = new Int32Array(numNodes - 1);
    for (let c = 1; c < numNodes; c++) children[c - 1] = c;
    children.sort((a, b) => parent[a] - parent[b] || unit[a] - unit[b]);
    const childStart = new Int32Array(numNodes + 1);
    for (let c = 1; c < numNodes; c++) childStart[parent[c] + 1]++;
    for (let n = 0; n < numNodes; n++) childStart[n + 1] += childStart[n];
    const childUnit = new Int32Array(numNodes - 1);
    for (let k = 0; k < children.length; k++) childUnit[k] = unit[children[k]];
    this.childStart = childStart;
    this.childUnit = childUnit;
    this.childNode = children;
    const byDepth = new Int32Array(numNodes);
    for (let n = 0; n < numNodes; n++) byDepth[n] = n;
    byDepth.sort((a, b) => depth[a] - depth[b]);
    const fail = new Int32Array(numNodes);
    const match = Uint8Array.from(terminal);
    for (let k = 1; k < numNodes; k++) {
      const c = byDepth[k];
      const p = parent[c];
      if (p !== 0) {
        let f = fail[p];
        let next = this.next(f, unit[c]);
        while (next < 0 && f !== 0) {
          f = fail[f];
          next = this.next(f, unit[c]);
        }
        fail[c] = next >= 0 ? next : 0;
      }
      match[c] |= match[fail[c]];
    }
    this.fail = fail;
    this.match = match;
  }
  next(node, u) {
    let lo = this.childStart[node];
    let hi = this.childStart[node + 1];
    const units = this.childUnit;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      const m = units[mid];
      if (m === u) return this.childNode[mid];
      if (m < u) lo = mid + 1;
      else hi = mid;
    }
    return -1;
  }
  advance(node, u) {
    for (; ; ) {
      const next = this.next(node, u);
      if (next >= 0) return next;
      if (node === 0) return 0;
      node = this.fail[node];
    }
  }
  searchUTF16(charSeq, start, end) {
    let node = 0;
    for (let i = start; i < end; i++) {
      node = this.advance(node, charSeq.charCodeAt(i));
      if (this.match[node] === 1) return true;
    }
    return false;
  }
  searchUTF8(bytes, start, end) {
    let node = 0;
    for (let i = start; i < end; i++) {
      node = this.advance(node, bytes[i]);
      if (this.match[node] === 1) return true;
    }
    return false;
  }
};
var Prefilter = class Prefilter2 {
  static Type = {
    NONE: 0,
    EXACT: 1,
    AND: 2,
    OR: 3
  };
  static MAX_SCANS = 32;
  static MAX_AC_UNITS = 1 << 18;
  constructor(type) {
    this.type = type;
    this.subs = [];
    this.str = "";
    this.bytes = null;
    this.cost = type === Prefilter2.Type.EXACT ? 1 : 0;
    this.allExact = false;
    this.ac16 = null;
    this.ac8 = null;
  }
  automaton16() {
    if (this.ac16 === null) {
      const words = this.subs.map((s) => {
        const arr = new Array(s.str.length);
        for (let i = 0; i < s.str.length; i++) arr[i] = s.str.charCodeAt(i);
        return arr;
      });
      this.ac16 = new AhoCorasick(words, 65536);
    }
    return this.ac16;
  }
  automaton8() {
    if (this.ac8 === null) this.ac8 = new AhoCorasick(this.subs.map((s) => s.bytes), 256);
    return this.ac8;
  }
  eval(input, pos) {
    switch (this.type) {
      case Prefilter2.Type.NONE:
        return true;
      case Prefilter2.Type.EXACT:
        return input.hasString(this, pos);
      case Prefilter2.Type.AND:
        for (let i = 0; i < this.subs.length; i++) if (!this.subs[i].eval(input, pos)) return false;
        return true;
      case Prefilter2.Type.OR:
        if (this.allExact) return input.hasAnyString(this, pos);
        for (let i = 0; i < this.subs.length; i++) if (this.subs[i].eval(input, pos)) return true;
        return false;
      default:
        return true;
    }
  }
};
var PrefilterTree = class PrefilterTree2 {
  static build(re) {
    if (!re) return new Prefilter(Prefilter.Type.NONE);
    return RegexpWalker.walk(re, PrefilterTree2.WALKER);
  }
  static WALKER = {
    leaf: (re) => PrefilterTree2.leaf(re),
    enter: (re) => PrefilterTree2.enter(re),
    child: (re, state, result) => PrefilterTree2.child(re, state, result),
    leave: (re, state) => PrefilterTree2.leave(re, state)
  };
  static leaf(re) {
    if (re.op !== Regexp.Op.LITERAL) return new Prefilter(Prefilter.Type.NONE);
    if (re.runes.length === 0 || (re.flags & RE2Flags.FOLD_CASE) !== 0) return new Prefilter(Prefilter.Type.NONE);
    let str2 = "";
    for (let i = 0; i < re.runes.length; i++) {
      if (Unicode.isUnsearchable(re.runes[i])) return new Prefilter(Prefilter.Type.NONE);
      str2 += String.fromCodePoint(re.runes[i]);
    }
    const pf = new Prefilter(Prefilter.Type.EXACT);
    pf.str = str2;
    pf.bytes = Utils.stringToUtf8ByteArray(pf.str);
    return pf;
  }
  static enter(re) {
    switch (re.op) {
      case Regexp.Op.CAPTURE:
      case Regexp.Op.PLUS:
        return { sub: null };
      case Regexp.Op.REPEAT:
        if (re.min >= 1) return { sub: null };
        return { result: new Prefilter(Prefilter.Type.NONE) };
      case Regexp.Op.CONCAT:
        return {
          pf: new Prefilter(Prefilter.Type.AND),
          subs: []
        };
      case Regexp.Op.ALTERNATE:
        return {
          pf: new Prefilter(Prefilter.Type.OR),
          subs: []
        };
      default:
        return { result: new Prefilter(Prefilter.Type.NONE) };
    }
  }
  static child(re, state, s) {
    if (state.subs === void 0) {
      state.sub = s;
      return;
    }
    if (state.pf.type === Prefilter.Type.AND) {
      if (s.type === Prefilter.Type.NONE) return;
      if (s.type === Prefilter.Type.AND) {
        for (let j = 0; j < s.subs.length; j++) state.subs.push(s.subs[j]);
        return;
      }
      state.subs.push(s);
      return;
    }
    if (s.type === Prefilter.Type.NONE) {
      state.result = new Prefilter(Prefilter.Type.NONE);
      return;
    }
    if (s.type === Prefilter.Type.OR) {
      for (let j = 0; j < s.subs.length; j++) state.subs.push(s.subs[j]);
      return;
    }
    state.subs.push(s);
  }
  static leave(re, state) {
    if (state.subs === void 0) return state.sub;
    const pf = state.pf;
    const seen = /* @__PURE__ */ new Set();
    const subs = [];
    for (const sub2 of state.subs) {
      if (sub2.type === Prefilter.Type.EXACT) {
        if (seen.has(sub2.str)) continue;
        seen.add(sub2.str);
      }
      subs.push(sub2);
    }
    if (pf.type === Prefilter.Type.AND) {
      const kept = [];
      let cost2 = 0;
      for (const sub2 of subs) {
        if (cost2 + sub2.cost > Prefilter.MAX_SCANS) continue;
        kept.push(sub2);
        cost2 += sub2.cost;
      }
      if (kept.length === 0) return new Prefilter(Prefilter.Type.NONE);
      if (kept.length === 1) return kept[0];
      pf.subs = kept;
      pf.cost = cost2;
      return pf;
    }
    if (subs.length === 0) return new Prefilter(Prefilter.Type.NONE);
    if (subs.length === 1) return subs[0];
    pf.subs = subs;
    let allExact = true;
    let cost = 0;
    let units = 0;
    for (const sub2 of subs) {
      if (sub2.type !== Prefilter.Type.EXACT) allExact = false;
      else units += sub2.bytes.length;
      cost += sub2.cost;
    }
    if (allExact) {
      if (units > Prefilter.MAX_AC_UNITS) return new Prefilter(Prefilter.Type.NONE);
      pf.allExact = true;
      pf.cost = 1;
      return pf;
    }
    if (cost > Prefilter.MAX_SCANS) return new Prefilter(Prefilter.Type.NONE);
    pf.cost = cost;
    return pf;
  }
};
var PatchList = class {
  /**
  * @param {number} head - Encoded pointer to the start of the patch list.
  * @param {number} tail - Encoded pointer to the end of the patch list.
  */
  constructor(head = 0, tail = 0) {
    this.head = head;
    this.tail = tail;
  }
};
var Prog = class {
  constructor() {
    this.inst = [];
    this.start = 0;
    this.numCap = 2;
    this.lbStarts = [];
    this.numLb = 0;
    this.lbInst = null;
  }
  getInst(pc) {
    return this.inst[pc];
  }
  numInst() {
    return this.inst.length;
  }
  addInst(op) {
    this.inst.push(new Inst(op));
  }
  markLookbehindInsts() {
    const lbInst = new Uint8Array(this.inst.length);
    const pending = this.lbStarts.slice();
    while (pending.length > 0) {
      const pc = pending.pop();
      if (pc === 0 || lbInst[pc] === 1) continue;
      lbInst[pc] = 1;
      const i = this.inst[pc];
      switch (i.op) {
        case Inst.ALT:
        case Inst.ALT_MATCH:
          pending.push(i.out, i.arg);
          break;
        case Inst.MATCH:
        case Inst.FAIL:
          break;
        default:
          pending.push(i.out);
      }
    }
    this.lbInst = lbInst;
  }
  skipNop(pc) {
    let i = this.inst[pc];
    while (i.op === Inst.NOP || i.op === Inst.CAPTURE) {
      i = this.inst[pc];
      pc = i.out;
    }
    return i;
  }
  /** @returns {[boolean, string]} */
  prefix() {
    let prefix = "";
    let i = this.skipNop(this.start);
    if (!Inst.isRuneOp(i.op) || i.runes.length !== 1) return [i.op === Inst.MATCH, prefix];
    while (Inst.isRuneOp(i.op) && i.runes.length === 1 && (i.arg & RE2Flags.FOLD_CASE) === 0 && !Unicode.isUnsearchable(i.runes[0])) {
      prefix += String.fromCodePoint(i.runes[0]);
      i = this.skipNop(i.out);
    }
    return [i.op === Inst.MATCH, prefix];
  }
  startCond() {
    let flag = 0;
    let pc = this.start;
    loop: for (; ; ) {
      const i = this.inst[pc];
      switch (i.op) {
        case Inst.EMPTY_WIDTH:
          flag |= i.arg;
          break;
        case Inst.FAIL:
          return -1;
        case Inst.CAPTURE:
        case Inst.NOP:
          break;
        default:
          break loop;
      }
      pc = i.out;
    }
    return flag;
  }
  patch(l, val) {
    let head = l.head;
    while (head !== 0) {
      const i = this.inst[head >> 1];
      if ((head & 1) === 0) {
        head = i.out;
        i.out = val;
      } else {
        head = i.arg;
        i.arg = val;
      }
    }
  }
  append(l1, l2) {
    if (l1.head === 0) return l2;
    if (l2.head === 0) return l1;
    const i = this.inst[l1.tail >> 1];
    if ((l1.tail & 1) === 0) i.out = l2.head;
    else i.arg = l2.head;
    return new PatchList(l1.head, l2.tail);
  }
  /**
  *
  * @returns {string}
  */
  toString() {
    let out = "";
    for (let pc = 0; pc < this.inst.length; pc++) {
      const len = out.length;
      out += pc;
      if (pc === this.start) out += "*";
      out += "        ".substring(out.length - len);
      out += this.inst[pc];
      out += "\n";
    }
    return out;
  }
};
var ANY_RUNE_NOT_NL = new Int32Array([
  0,
  Codepoint.CODES["\n"] - 1,
  Codepoint.CODES["\n"] + 1,
  Unicode.MAX_RUNE
]);
var ANY_RUNE = new Int32Array([0, Unicode.MAX_RUNE]);
var Frag = class {
  constructor(i = 0, out = new PatchList(), nullable = false) {
    this.i = i;
    this.out = out;
    this.nullable = nullable;
  }
};
var Compiler = class Compiler2 {
  static compileRegexp(re) {
    const c = new Compiler2();
    const f = c.compile(re);
    c.prog.patch(f.out, c.newInst(Inst.MATCH).i);
    c.prog.start = f.i;
    c.prog.markLookbehindInsts();
    return c.prog;
  }
  static compileSet(regexps) {
    const c = new Compiler2();
    if (regexps.length === 0) {
      c.prog.start = c.newInst(Inst.FAIL).i;
      c.prog.markLookbehindInsts();
      return c.prog;
    }
    let starts = [];
    for (let i = 0; i < regexps.length; i++) {
      c.lbOffset = c.prog.numLb;
      const f = c.compile(regexps[i]);
      const m = c.newInst(Inst.MATCH);
      c.prog.getInst(m.i).arg = i;
      c.prog.patch(f.out, m.i);
      starts.push(f.i);
    }
    let start = starts[0];
    for (let i = 1; i < starts.length; i++) {
      const f = c.newInst(Inst.ALT);
      const inst = c.prog.getInst(f.i);
      inst.out = start;
      inst.arg = starts[i];
      start = f.i;
    }
    c.prog.start = start;
    c.prog.markLookbehindInsts();
    return c.prog;
  }
  constructor() {
    this.prog = new Prog();
    this.newInst(Inst.FAIL);
    this.lbOffset = 0;
    this.runeCache = /* @__PURE__ */ new Map();
    this.walker = {
      leaf: (re) => this.leaf(re),
      enter: (re) => this.enter(re),
      child: (re, state, result) => this.child(re, state, result),
      leave: (re, state) => this.leave(re, state)
    };
  }
  newInst(op) {
    this.prog.addInst(op);
    return new Frag(this.prog.numInst() - 1, new PatchList(), true);
  }
  nop() {
    const f = this.newInst(Inst.NOP);
    f.out = new PatchList(f.i << 1, f.i << 1);
    return f;
  }
  fail() {
    return new Frag();
  }
  cap(arg2) {
    const f = this.newInst(Inst.CAPTURE);
    f.out = new PatchList(f.i << 1, f.i << 1);
    this.prog.getInst(f.i).arg = arg2;
    if (this.prog.numCap < arg2 + 1) this.prog.numCap = arg2 + 1;
    return f;
  }
  cat(f1, f2) {
    if (f1.i === 0 || f2.i === 0) {
      this.prog.patch(f1.out, 0);
      this.prog.patch(f2.out, 0);
      return this.fail();
    }
    this.prog.patch(f1.out, f2.i);
    return new Frag(f1.i, f2.out, f1.nullable && f2.nullable);
  }
  alt(f1, f2) {
    if (f1.i === 0) return f2;
    if (f2.i === 0) return f1;
    const f = this.newInst(Inst.ALT);
    const i = this.prog.getInst(f.i);
    i.out = f1.i;
    i.arg = f2.i;
    f.out = this.prog.append(f1.out, f2.out);
    f.nullable = f1.nullable || f2.nullable;
    return f;
  }
  loop(f1, nongreedy) {
    const f = this.newInst(Inst.ALT);
    const i = this.prog.getInst(f.i);
    if (nongreedy) {
      i.arg = f1.i;
      f.out = new PatchList(f.i << 1, f.i << 1);
    } else {
      i.out = f1.i;
      f.out = new PatchList(f.i << 1 | 1, f.i << 1 | 1);
    }
    this.prog.patch(f1.out, f.i);
    return f;
  }
  quest(f1, nongreedy) {
    if (f1.i === 0) return this.nop();
    const f = this.newInst(Inst.ALT);
    const i = this.prog.getInst(f.i);
    if (nongreedy) {
      i.arg = f1.i;
      f.out = new PatchList(f.i << 1, f.i << 1);
    } else {
      i.out = f1.i;
      f.out = new PatchList(f.i << 1 | 1, f.i << 1 | 1);
    }
    f.out = this.prog.append(f.out, f1.out);
    return f;
  }
  star(f1, nongreedy) {
    if (f1.i === 0) return this.nop();
    if (f1.nullable) return this.quest(this.plus(f1, nongreedy), nongreedy);
    return this.loop(f1, nongreedy);
  }
  plus(f1, nongreedy) {
    if (f1.i === 0) return this.fail();
    return new Frag(f1.i, this.loop(f1, nongreedy).out, f1.nullable);
  }
  empty(op) {
    const f = this.newInst(Inst.EMPTY_WIDTH);
    this.prog.getInst(f.i).arg = op;
    f.out = new PatchList(f.i << 1, f.i << 1);
    return f;
  }
  rune(runes2, flags) {
    const f = this.newInst(Inst.RUNE);
    f.nullable = false;
    const i = this.prog.getInst(f.i);
    i.runes = runes2;
    flags &= RE2Flags.FOLD_CASE;
    if (runes2.length !== 1 || Unicode.simpleFold(runes2[0]) === runes2[0]) flags &= ~RE2Flags.FOLD_CASE;
    i.arg = flags;
    f.out = new PatchList(f.i << 1, f.i << 1);
    if ((flags & RE2Flags.FOLD_CASE) === 0 && runes2.length === 1 || runes2.length === 2 && runes2[0] === runes2[1]) i.op = Inst.RUNE1;
    else if (runes2.length === 2 && runes2[0] === 0 && runes2[1] === Unicode.MAX_RUNE) i.op = Inst.RUNE_ANY;
    else if (runes2.length === 4 && runes2[0] === 0 && runes2[1] === Codepoint.CODES["\n"] - 1 && runes2[2] === Codepoint.CODES["\n"] + 1 && runes2[3] === Unicode.MAX_RUNE) i.op = Inst.RUNE_ANY_NOT_NL;
    return f;
  }
  lookBehind(a, parsedLb) {
    const lb = Math.sign(parsedLb) * (Math.abs(parsedLb) + this.lbOffset);
    const id = this.newInst(Inst.LB_WRITE);
    this.prog.getInst(id.i).arg = lb;
    const any = this.rune(ANY_RUNE, 0);
    const dotStar = this.star(any, true);
    const lbAutomaton = this.cat(dotStar, a);
    this.prog.patch(lbAutomaton.out, id.i);
    const checkId = this.newInst(Inst.LB_CHECK);
    this.prog.getInst(checkId.i).arg = lb;
    this.prog.lbStarts.push(lbAutomaton.i);
    if (Math.abs(lb) > this.prog.numLb) this.prog.numLb = Math.abs(lb);
    checkId.out = new PatchList(checkId.i << 1, checkId.i << 1);
    return checkId;
  }
  compile(re) {
    return RegexpWalker.walk(re, this.walker);
  }
  leaf(re) {
    switch (re.op) {
      case Regexp.Op.NO_MATCH:
        return this.fail();
      case Regexp.Op.EMPTY_MATCH:
        return this.nop();
      case Regexp.Op.LITERAL: {
        if (re.runes.length === 0) return this.nop();
        let f = null;
        for (let r of re.runes) {
          let singleRune = this.runeCache.get(r);
          if (singleRune === void 0) {
            singleRune = new Int32Array([r]);
            this.runeCache.set(r, singleRune);
          }
          const f1 = this.rune(singleRune, re.flags);
          f = f === null ? f1 : this.cat(f, f1);
        }
        return f;
      }
      case Regexp.Op.CHAR_CLASS:
        return this.rune(re.runes, re.flags);
      case Regexp.Op.ANY_CHAR_NOT_NL:
        return this.rune(ANY_RUNE_NOT_NL, 0);
      case Regexp.Op.ANY_CHAR:
        return this.rune(ANY_RUNE, 0);
      case Regexp.Op.BEGIN_LINE:
        return this.empty(Utils.EMPTY_BEGIN_LINE);
      case Regexp.Op.END_LINE:
        return this.empty(Utils.EMPTY_END_LINE);
      case Regexp.Op.BEGIN_TEXT:
        return this.empty(Utils.EMPTY_BEGIN_TEXT);
      case Regexp.Op.END_TEXT:
        return this.empty(Utils.EMPTY_END_TEXT);
      case Regexp.Op.WORD_BOUNDARY:
        return this.empty(Utils.EMPTY_WORD_BOUNDARY);
      case Regexp.Op.NO_WORD_BOUNDARY:
        return this.empty(Utils.EMPTY_NO_WORD_BOUNDARY);
      case Regexp.Op.CONCAT:
      case Regexp.Op.ALTERNATE:
        return this.nop();
      default:
        throw new RE2JSCompileException("regexp: unhandled case in compile");
    }
  }
  enter(re) {
    switch (re.op) {
      case Regexp.Op.PLB:
      case Regexp.Op.NLB:
      case Regexp.Op.STAR:
      case Regexp.Op.PLUS:
      case Regexp.Op.QUEST:
        return { sub: null };
      case Regexp.Op.CAPTURE:
        return {
          bra: this.cap(re.cap << 1),
          sub: null
        };
      case Regexp.Op.CONCAT:
      case Regexp.Op.ALTERNATE:
        return { f: null };
      default:
        throw new RE2JSCompileException("regexp: unhandled case in compile");
    }
  }
  child(re, state, f1) {
    if (re.op === Regexp.Op.CONCAT) state.f = state.f === null ? f1 : this.cat(state.f, f1);
    else if (re.op === Regexp.Op.ALTERNATE) state.f = state.f === null ? f1 : this.alt(state.f, f1);
    else state.sub = f1;
  }
  leave(re, state) {
    switch (re.op) {
      case Regexp.Op.PLB:
      case Regexp.Op.NLB:
        return this.lookBehind(state.sub, re.lb);
      case Regexp.Op.CAPTURE: {
        const ket = this.cap(re.cap << 1 | 1);
        return this.cat(this.cat(state.bra, state.sub), ket);
      }
      case Regexp.Op.STAR:
        return this.star(state.sub, (re.flags & RE2Flags.NON_GREEDY) !== 0);
      case Regexp.Op.PLUS:
        return this.plus(state.sub, (re.flags & RE2Flags.NON_GREEDY) !== 0);
      case Regexp.Op.QUEST:
        return this.quest(state.sub, (re.flags & RE2Flags.NON_GREEDY) !== 0);
      case Regexp.Op.CONCAT:
      case Regexp.Op.ALTERNATE:
        return state.f;
      default:
        throw new RE2JSCompileException("regexp: unhandled case in compile");
    }
  }
};
var Simplify = class Simplify2 {
  static simplify(re) {
    if (re === null) return null;
    return RegexpWalker.walk(re, Simplify2.WALKER);
  }
  static WALKER = {
    leaf: (re) => Simplify2.leaf(re),
    enter: (re) => Simplify2.enter(re),
    child: (re, state, result, i) => Simplify2.child(re, state, result, i),
    leave: (re, state) => Simplify2.leave(re, state)
  };
  static leaf(re) {
    if (re.op === Regexp.Op.CHAR_CLASS) {
      if (re.runes === null) return re;
      if (re.runes.length === 0) return new Regexp(Regexp.Op.NO_MATCH);
      if (re.runes.length === 2 && re.runes[0] === 0 && re.runes[1] === Unicode.MAX_RUNE) return new Regexp(Regexp.Op.ANY_CHAR);
      if (re.runes.length === 4 && re.runes[0] === 0 && re.runes[1] === Codepoint.CODES["\n"] - 1 && re.runes[2] === Codepoint.CODES["\n"] + 1 && re.runes[3] === Unicode.MAX_RUNE) return new Regexp(Regexp.Op.ANY_CHAR_NOT_NL);
    }
    return re;
  }
  static enter(re) {
    switch (re.op) {
      case Regexp.Op.PLB:
      case Regexp.Op.NLB:
      case Regexp.Op.CAPTURE:
      case Regexp.Op.STAR:
      case Regexp.Op.PLUS:
      case Regexp.Op.QUEST:
        return { sub: null };
      case Regexp.Op.CONCAT:
      case Regexp.Op.ALTERNATE:
        return {
          subs: [],
          changed: false
        };
      case Regexp.Op.REPEAT:
        if (re.min === 0 && re.max === 0) return { result: new Regexp(Regexp.Op.EMPTY_MATCH) };
        return { sub: null };
      default:
        return { result: re };
    }
  }
  static child(re, state, nsub, i) {
    if (state.subs === void 0) {
      state.sub = nsub;
      return;
    }
    if (nsub !== re.subs[i]) state.changed = true;
    if (re.op === Regexp.Op.CONCAT) {
      if (nsub.op === Regexp.Op.NO_MATCH) {
        state.result = new Regexp(Regexp.Op.NO_MATCH);
        return;
      }
      if (nsub.op === Regexp.Op.EMPTY_MATCH) {
        state.changed = true;
        return;
      }
      if (nsub.op === Regexp.Op.CONCAT) {
        state.changed = true;
        for (let j = 0; j < nsub.subs.length; j++) state.subs.push(nsub.subs[j]);
        return;
      }
    } else {
      if (nsub.op === Regexp.Op.NO_MATCH) {
        state.changed = true;
        return;
      }
      if (nsub.op === Regexp.Op.ALTERNATE) {
        state.changed = true;
        for (let j = 0; j < nsub.subs.length; j++) state.subs.push(nsub.subs[j]);
        return;
      }
    }
    state.subs.push(nsub);
  }
  static leave(re, state) {
    switch (re.op) {
      case Regexp.Op.PLB:
      case Regexp.Op.NLB:
      case Regexp.Op.CAPTURE: {
        const sub2 = state.sub;
        if (sub2 !== re.subs[0]) {
          const nre = Regexp.fromRegexp(re);
          nre.runes = /* @__PURE__ */ new Int32Array(0);
          nre.subs = [sub2];
          return nre;
        }
        return re;
      }
      case Regexp.Op.CONCAT:
      case Regexp.Op.ALTERNATE:
        if (state.changed) {
          const newSubs = state.subs;
          if (newSubs.length === 0) return new Regexp(re.op === Regexp.Op.CONCAT ? Regexp.Op.EMPTY_MATCH : Regexp.Op.NO_MATCH);
          if (newSubs.length === 1) return newSubs[0];
          const nre = Regexp.fromRegexp(re);
          nre.runes = /* @__PURE__ */ new Int32Array(0);
          nre.subs = newSubs;
          return nre;
        }
        return re;
      case Regexp.Op.STAR:
      case Regexp.Op.PLUS:
      case Regexp.Op.QUEST:
        return Simplify2.simplify1(re.op, re.flags, state.sub, re);
      case Regexp.Op.REPEAT:
        return Simplify2.simplifyRepeat(re, state.sub);
      default:
        return re;
    }
  }
  static simplifyRepeat(re, sub2) {
    if (re.max === -1) {
      if (re.min === 0) return Simplify2.simplify1(Regexp.Op.STAR, re.flags, sub2, null);
      if (re.min === 1) return Simplify2.simplify1(Regexp.Op.PLUS, re.flags, sub2, null);
      const subs = [];
      for (let i = 0; i < re.min - 1; i++) subs.push(sub2);
      subs.push(Simplify2.simplify1(Regexp.Op.PLUS, re.flags, sub2, null));
      return Simplify2.concat(subs);
    }
    if (re.min === 1 && re.max === 1) return sub2;
    let prefixSubs = null;
    if (re.min > 0) {
      prefixSubs = [];
      for (let i = 0; i < re.min; i++) prefixSubs.push(sub2);
    }
    if (re.max > re.min) {
      let suffix = Simplify2.simplify1(Regexp.Op.QUEST, re.flags, sub2, null);
      for (let i = re.min + 1; i < re.max; i++) suffix = Simplify2.simplify1(Regexp.Op.QUEST, re.flags, Simplify2.concat([sub2, suffix]), null);
      if (prefixSubs === null) return suffix;
      prefixSubs.push(suffix);
    }
    if (prefixSubs !== null) return Simplify2.concat(prefixSubs);
    return new Regexp(Regexp.Op.NO_MATCH);
  }
  static concat(subs) {
    const newSubs = [];
    for (let i = 0; i < subs.length; i++) {
      const sub2 = subs[i];
      if (sub2.op === Regexp.Op.NO_MATCH) return new Regexp(Regexp.Op.NO_MATCH);
      if (sub2.op === Regexp.Op.EMPTY_MATCH) continue;
      if (sub2.op === Regexp.Op.CONCAT) {
        for (let j = 0; j < sub2.subs.length; j++) newSubs.push(sub2.subs[j]);
        continue;
      }
      newSubs.push(sub2);
    }
    if (newSubs.length === 0) return new Regexp(Regexp.Op.EMPTY_MATCH);
    if (newSubs.length === 1) return newSubs[0];
    const nre = new Regexp(Regexp.Op.CONCAT);
    nre.subs = newSubs;
    return nre;
  }
  static simplify1(op, flags, sub2, re) {
    if (sub2.op === Regexp.Op.EMPTY_MATCH) return sub2;
    if (sub2.op === Regexp.Op.NO_MATCH) {
      if (op === Regexp.Op.PLUS) return sub2;
      return new Regexp(Regexp.Op.EMPTY_MATCH);
    }
    if (op === sub2.op && (flags & RE2Flags.NON_GREEDY) === (sub2.flags & RE2Flags.NON_GREEDY)) return sub2;
    if (re !== null && re.op === op && (re.flags & RE2Flags.NON_GREEDY) === (flags & RE2Flags.NON_GREEDY) && sub2 === re.subs[0]) return re;
    const nre = new Regexp(op);
    nre.flags = flags;
    nre.subs = [sub2];
    return nre;
  }
};
var CharGroup = class {
  constructor(sign, cls) {
    this.sign = sign;
    this.cls = cls;
  }
};
var code1 = [48, 57];
var code2 = [
  9,
  10,
  12,
  13,
  32,
  32
];
var code3 = [
  48,
  57,
  65,
  90,
  95,
  95,
  97,
  122
];
var PERL_GROUPS = /* @__PURE__ */ new Map([
  ["\\d", new CharGroup(1, code1)],
  ["\\D", new CharGroup(-1, code1)],
  ["\\s", new CharGroup(1, code2)],
  ["\\S", new CharGroup(-1, code2)],
  ["\\w", new CharGroup(1, code3)],
  ["\\W", new CharGroup(-1, code3)]
]);
var code4 = [
  48,
  57,
  65,
  90,
  97,
  122
];
var code5 = [
  65,
  90,
  97,
  122
];
var code6 = [0, 127];
var code7 = [
  9,
  9,
  32,
  32
];
var code8 = [
  0,
  31,
  127,
  127
];
var code9 = [48, 57];
var code10 = [33, 126];
var code11 = [97, 122];
var code12 = [32, 126];
var code13 = [
  33,
  47,
  58,
  64,
  91,
  96,
  123,
  126
];
var code14 = [
  9,
  13,
  32,
  32
];
var code15 = [65, 90];
var code16 = [
  48,
  57,
  65,
  90,
  95,
  95,
  97,
  122
];
var code17 = [
  48,
  57,
  65,
  70,
  97,
  102
];
var POSIX_GROUPS = /* @__PURE__ */ new Map([
  ["[:alnum:]", new CharGroup(1, code4)],
  ["[:^alnum:]", new CharGroup(-1, code4)],
  ["[:alpha:]", new CharGroup(1, code5)],
  ["[:^alpha:]", new CharGroup(-1, code5)],
  ["[:ascii:]", new CharGroup(1, code6)],
  ["[:^ascii:]", new CharGroup(-1, code6)],
  ["[:blank:]", new CharGroup(1, code7)],
  ["[:^blank:]", new CharGroup(-1, code7)],
  ["[:cntrl:]", new CharGroup(1, code8)],
  ["[:^cntrl:]", new CharGroup(-1, code8)],
  ["[:digit:]", new CharGroup(1, code9)],
  ["[:^digit:]", new CharGroup(-1, code9)],
  ["[:graph:]", new CharGroup(1, code10)],
  ["[:^graph:]", new CharGroup(-1, code10)],
  ["[:lower:]", new CharGroup(1, code11)],
  ["[:^lower:]", new CharGroup(-1, code11)],
  ["[:print:]", new CharGroup(1, code12)],
  ["[:^print:]", new CharGroup(-1, code12)],
  ["[:punct:]", new CharGroup(1, code13)],
  ["[:^punct:]", new CharGroup(-1, code13)],
  ["[:space:]", new CharGroup(1, code14)],
  ["[:^space:]", new CharGroup(-1, code14)],
  ["[:upper:]", new CharGroup(1, code15)],
  ["[:^upper:]", new CharGroup(-1, code15)],
  ["[:word:]", new CharGroup(1, code16)],
  ["[:^word:]", new CharGroup(-1, code16)],
  ["[:xdigit:]", new CharGroup(1, code17)],
  ["[:^xdigit:]", new CharGroup(-1, code17)]
]);
var CharClass = class CharClass2 {
  static charClassToString(r, len) {
    let result = "[";
    for (let i = 0; i < len; i += 2) {
      if (i > 0) result += " ";
      const lo = r[i];
      const hi = r[i + 1];
      if (lo === hi) result += `0x${lo.toString(16)}`;
      else result += `0x${lo.toString(16)}-0x${hi.toString(16)}`;
    }
    result += "]";
    return result;
  }
  static sortRanges(array, len) {
    const n = len >> 1;
    const order = new Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => array[2 * a] - array[2 * b] || array[2 * b + 1] - array[2 * a + 1]);
    const sorted = array.slice(0, len);
    for (let i = 0; i < n; i++) {
      array[2 * i] = sorted[2 * order[i]];
      array[2 * i + 1] = sorted[2 * order[i] + 1];
    }
  }
  /**
  * @param {number[]|Int32Array} [r]
  */
  constructor(r = Utils.emptyInts()) {
    this.r = r;
    this.len = r.length;
  }
  toArray() {
    if (this.r instanceof Int32Array) return this.len === this.r.length ? this.r : this.r.subarray(0, this.len);
    return new Int32Array(this.len === this.r.length ? this.r : this.r.slice(0, this.len));
  }
  toGrowableArray() {
    if (Array.isArray(this.r)) {
      this.r.length = this.len;
      return this.r;
    }
    return Array.from(this.r.subarray(0, this.len));
  }
  cleanClass() {
    if (this.len < 4) return this;
    CharClass2.sortRanges(this.r, this.len);
    let w = 2;
    for (let i = 2; i < this.len; i += 2) {
      const lo = this.r[i];
      const hi = this.r[i + 1];
      if (lo <= this.r[w - 1] + 1) {
        if (hi > this.r[w - 1]) this.r[w - 1] = hi;
        continue;
      }
      this.r[w] = lo;
      this.r[w + 1] = hi;
      w += 2;
    }
    this.len = w;
    return this;
  }
  appendLiteral(x, flags) {
    return (flags & RE2Flags.FOLD_CASE) !== 0 ? this.appendFoldedRange(x, x) : this.appendRange(x, x);
  }
  appendRange(lo, hi) {
    if (this.len > 0) {
      for (let i = 2; i <= 4; i += 2) if (this.len >= i) {
        const rlo = this.r[this.len - i];
        const rhi = this.r[this.len - i + 1];
        if (lo <= rhi + 1 && rlo <= hi + 1) {
          if (lo < rlo) this.r[this.len - i] = lo;
          if (hi > rhi) this.r[this.len - i + 1] = hi;
          return this;
        }
      }
    }
    this.r[this.len++] = lo;
    this.r[this.len++] = hi;
    return this;
  }
  appendFoldedRange(lo, hi) {
    if (lo <= Unicode.MIN_FOLD && hi >= Unicode.MAX_FOLD) return this.appendRange(lo, hi);
    if (hi < Unicode.MIN_FOLD || lo > Unicode.MAX_FOLD) return this.appendRange(lo, hi);
    if (lo < Unicode.MIN_FOLD) {
      this.appendRange(lo, Unicode.MIN_FOLD - 1);
      lo = Unicode.MIN_FOLD;
    }
    if (hi > Unicode.MAX_FOLD) {
      this.appendRange(Unicode.MAX_FOLD + 1, hi);
      hi = Unicode.MAX_FOLD;
    }
    for (let c = lo; c <= hi; c++) {
      this.appendRange(c, c);
      for (let f = Unicode.simpleFold(c); f !== c; f = Unicode.simpleFold(f)) this.appendRange(f, f);
    }
    return this;
  }
  appendClass(x) {
    for (let i = 0; i < x.length; i += 2) this.appendRange(x[i], x[i + 1]);
    return this;
  }
  appendFoldedClass(x) {
    for (let i = 0; i < x.length; i += 2) this.appendFoldedRange(x[i], x[i + 1]);
    return this;
  }
  appendNegatedClass(x) {
    let nextLo = 0;
    for (let i = 0; i < x.length; i += 2) {
      const lo = x[i];
      const hi = x[i + 1];
      if (nextLo <= lo - 1) this.appendRange(nextLo, lo - 1);
      nextLo = hi + 1;
    }
    if (nextLo <= Unicode.MAX_RUNE) this.appendRange(nextLo, Unicode.MAX_RUNE);
    return this;
  }
  appendTable(table) {
    for (let i = 0; i < table.length; ++i) {
      const lo = table.getLo(i);
      const hi = table.getHi(i);
      const stride = table.getStride(i);
      if (stride === 1) {
        this.appendRange(lo, hi);
        continue;
      }
      for (let c = lo; c <= hi; c += stride) this.appendRange(c, c);
    }
    return this;
  }
  appendNegatedTable(table) {
    let nextLo = 0;
    for (let i = 0; i < table.length; ++i) {
      const lo = table.getLo(i);
      const hi = table.getHi(i);
      const stride = table.getStride(i);
      if (stride === 1) {
        if (nextLo <= lo - 1) this.appendRange(nextLo, lo - 1);
        nextLo = hi + 1;
        continue;
      }
      for (let c = lo; c <= hi; c += stride) {
        if (nextLo <= c - 1) this.appendRange(nextLo, c - 1);
        nextLo = c + 1;
      }
    }
    if (nextLo <= Unicode.MAX_RUNE) this.appendRange(nextLo, Unicode.MAX_RUNE);
    return this;
  }
  appendTableWithSign(table, sign) {
    return sign < 0 ? this.appendNegatedTable(table) : this.appendTable(table);
  }
  negateClass() {
    let nextLo = 0;
    let w = 0;
    for (let i = 0; i < this.len; i += 2) {
      const lo = this.r[i];
      const hi = this.r[i + 1];
      if (nextLo <= lo - 1) {
        this.r[w] = nextLo;
        this.r[w + 1] = lo - 1;
        w += 2;
      }
      nextLo = hi + 1;
    }
    this.len = w;
    if (nextLo <= Unicode.MAX_RUNE) {
      this.r[this.len++] = nextLo;
      this.r[this.len++] = Unicode.MAX_RUNE;
    }
    return this;
  }
  appendClassWithSign(x, sign) {
    return sign < 0 ? this.appendNegatedClass(x) : this.appendClass(x);
  }
  appendGroup(g, foldCase) {
    let cls = g.cls;
    if (foldCase) cls = new CharClass2().appendFoldedClass(cls).cleanClass().toArray();
    return this.appendClassWithSign(cls, g.sign);
  }
  toString() {
    return CharClass2.charClassToString(this.r, this.len);
  }
};
var StringIterator = class {
  constructor(str2) {
    this.str = str2;
    this.position = 0;
  }
  pos() {
    return this.position;
  }
  rewindTo(pos) {
    this.position = pos;
  }
  more() {
    return this.position < this.str.length;
  }
  peek() {
    return this.str.codePointAt(this.position);
  }
  skip(n) {
    this.position += n;
  }
  skipString(s) {
    this.position += s.length;
  }
  pop() {
    const r = this.str.codePointAt(this.position);
    this.position += Utils.charCount(r);
    return r;
  }
  lookingAt(s) {
    return this.str.startsWith(s, this.position);
  }
  rest() {
    return this.str.substring(this.position);
  }
  from(beforePos) {
    return this.str.substring(beforePos, this.position);
  }
  toString() {
    return this.rest();
  }
};
var Parser2 = class Parser3 {
  static ERR_INTERNAL_ERROR = "regexp/syntax: internal error";
  static ERR_INVALID_CHAR_RANGE = "invalid character class range";
  static ERR_INVALID_ESCAPE = "invalid escape sequence";
  static ERR_INVALID_NAMED_CAPTURE = "invalid named capture";
  static ERR_INVALID_PERL_OP = "invalid or unsupported Perl syntax";
  static ERR_INVALID_REPEAT_OP = "invalid nested repetition operator";
  static ERR_INVALID_REPEAT_SIZE = "invalid repeat count";
  static ERR_MISSING_BRACKET = "missing closing ]";
  static ERR_MISSING_PAREN = "missing closing )";
  static ERR_MISSING_REPEAT_ARGUMENT = "missing argument to repetition operator";
  static ERR_TRAILING_BACKSLASH = "trailing backslash at end of expression";
  static ERR_DUPLICATE_NAMED_CAPTURE = "duplicate capture group name";
  static ERR_UNEXPECTED_PAREN = "unexpected )";
  static ERR_NESTING_DEPTH = "expression nests too deeply";
  static ERR_LARGE = "expression too large";
  static ERR_INVALID_CAPTURE_IN_LOOKBEHIND = "invalid capture in lookbehind";
  static MAX_HEIGHT = 1e3;
  static MAX_SIZE = 1398101;
  static MAX_RUNES = 33554432;
  static ANY_TABLE = new UnicodeRangeTable(new Uint32Array([
    0,
    Unicode.MAX_RUNE,
    1
  ]));
  static ASCII_TABLE = new UnicodeRangeTable(new Uint32Array([
    0,
    127,
    1
  ]));
  static ASCII_FOLD_TABLE = new UnicodeRangeTable(new Uint32Array([
    0,
    127,
    1,
    383,
    383,
    1,
    8490,
    8490,
    1
  ]));
  static unicodeTable(name) {
    if (name === "Any") return {
      tab: Parser3.ANY_TABLE,
      fold: Parser3.ANY_TABLE,
      sign: 1
    };
    if (name === "Ascii") return {
      tab: Parser3.ASCII_TABLE,
      fold: Parser3.ASCII_FOLD_TABLE,
      sign: 1
    };
    if (name === "Assigned") return {
      tab: UnicodeTables.CATEGORIES.get("Cn"),
      fold: UnicodeTables.CATEGORIES.get("Cn"),
      sign: -1
    };
    if (name === "Lc") return {
      tab: UnicodeTables.CATEGORIES.get("LC"),
      fold: UnicodeTables.FOLD_CATEGORIES.get("LC"),
      sign: 1
    };
    if (UnicodeTables.CATEGORIES.has(name)) return {
      tab: UnicodeTables.CATEGORIES.get(name),
      fold: UnicodeTables.FOLD_CATEGORIES.get(name),
      sign: 1
    };
    if (UnicodeTables.SCRIPTS.has(name)) return {
      tab: UnicodeTables.SCRIPTS.get(name),
      fold: UnicodeTables.FOLD_SCRIPT.get(name),
      sign: 1
    };
    return null;
  }
  static minFoldRune(r) {
    if (r < Unicode.MIN_FOLD || r > Unicode.MAX_FOLD) return r;
    let min = r;
    const r0 = r;
    for (r = Unicode.simpleFold(r); r !== r0; r = Unicode.simpleFold(r)) if (min > r) min = r;
    return min;
  }
  static leadingRegexp(re) {
    if (re.op === Regexp.Op.EMPTY_MATCH) return null;
    if (re.op === Regexp.Op.CONCAT && re.subs.length > 0) {
      const sub2 = re.subs[0];
      if (sub2.op === Regexp.Op.EMPTY_MATCH) return null;
      return sub2;
    }
    return re;
  }
  static literalRegexp(s, flags) {
    const re = new Regexp(Regexp.Op.LITERAL);
    re.flags = flags;
    re.runes = Utils.stringToRunes(s);
    return re;
  }
  /**
  * Parse regular expression pattern {@code pattern} with mode flags {@code flags}.
  * @param {string} pattern
  * @param {number} flags
  */
  static parse(pattern, flags) {
    return new Parser3(pattern, flags).parseInternal();
  }
  static parseRepeat(t) {
    const start = t.pos();
    if (!t.more() || !t.lookingAt("{")) return -1;
    t.skip(1);
    const min = Parser3.parseInt(t);
    if (min === -1) return -1;
    if (!t.more()) return -1;
    let max;
    if (!t.lookingAt(",")) max = min;
    else {
      t.skip(1);
      if (!t.more()) return -1;
      if (t.lookingAt("}")) max = -1;
      else if ((max = Parser3.parseInt(t)) === -1) return -1;
    }
    if (!t.more() || !t.lookingAt("}")) return -1;
    t.skip(1);
    if (min < 0 || min > 1e3 || max === -2 || max > 1e3 || max >= 0 && min > max) throw new RE2JSSyntaxException(Parser3.ERR_INVALID_REPEAT_SIZE, t.from(start));
    return min << 16 | max & Unicode.MAX_BMP;
  }
  static isValidCaptureName(name) {
    if (name.length === 0) return false;
    for (let i = 0; i < name.length; i++) {
      const c = name.codePointAt(i);
      if (c !== Codepoint.CODES["_"] && !Utils.isalnum(c)) return false;
    }
    return true;
  }
  static parseInt(t) {
    const start = t.pos();
    while (t.more() && t.peek() >= Codepoint.CODES["0"] && t.peek() <= Codepoint.CODES["9"]) t.skip(1);
    const n = t.from(start);
    if (n.length === 0 || n.length > 1 && n.codePointAt(0) === Codepoint.CODES["0"]) return -1;
    if (n.length > 8) return -2;
    return parseInt(n, 10);
  }
  static isCharClass(re) {
    return re.op === Regexp.Op.LITERAL && re.runes.length === 1 || re.op === Regexp.Op.CHAR_CLASS || re.op === Regexp.Op.ANY_CHAR_NOT_NL || re.op === Regexp.Op.ANY_CHAR;
  }
  static matchRune(re, r) {
    switch (re.op) {
      case Regexp.Op.LITERAL:
        return re.runes.length === 1 && re.runes[0] === r;
      case Regexp.Op.CHAR_CLASS:
        for (let i = 0; i < re.runes.length; i += 2) if (re.runes[i] <= r && r <= re.runes[i + 1]) return true;
        return false;
      case Regexp.Op.ANY_CHAR_NOT_NL:
        return r !== Codepoint.CODES["\n"];
      case Regexp.Op.ANY_CHAR:
        return true;
    }
    return false;
  }
  static mergeCharClass(dst, src) {
    switch (dst.op) {
      case Regexp.Op.ANY_CHAR:
        break;
      case Regexp.Op.ANY_CHAR_NOT_NL:
        if (Parser3.matchRune(src, Codepoint.CODES["\n"])) dst.op = Regexp.Op.ANY_CHAR;
        break;
      case Regexp.Op.CHAR_CLASS: {
        const cc = new CharClass(Array.isArray(dst.runes) ? dst.runes : Array.from(dst.runes));
        if (src.op === Regexp.Op.LITERAL) cc.appendLiteral(src.runes[0], src.flags);
        else cc.appendClass(src.runes);
        dst.runes = cc.toGrowableArray();
        break;
      }
      case Regexp.Op.LITERAL:
        if (src.runes[0] === dst.runes[0] && src.flags === dst.flags) break;
        dst.op = Regexp.Op.CHAR_CLASS;
        dst.runes = new CharClass().appendLiteral(dst.runes[0], dst.flags).appendLiteral(src.runes[0], src.flags).toGrowableArray();
    }
  }
  static parseEscape(t) {
    const startPos = t.pos();
    t.skip(1);
    if (!t.more()) throw new RE2JSSyntaxException(Parser3.ERR_TRAILING_BACKSLASH);
    let c = t.pop();
    bigswitch: switch (c) {
      case Codepoint.CODES["1"]:
      case Codepoint.CODES["2"]:
      case Codepoint.CODES["3"]:
      case Codepoint.CODES["4"]:
      case Codepoint.CODES["5"]:
      case Codepoint.CODES["6"]:
      case Codepoint.CODES["7"]:
        if (!t.more() || t.peek() < Codepoint.CODES["0"] || t.peek() > Codepoint.CODES["7"]) break;
      case Codepoint.CODES["0"]: {
        let r = c - Codepoint.CODES["0"];
        for (let i = 1; i < 3; i++) {
          if (!t.more() || t.peek() < Codepoint.CODES["0"] || t.peek() > Codepoint.CODES["7"]) break;
          r = r * 8 + t.peek() - Codepoint.CODES["0"];
          t.skip(1);
        }
        return r;
      }
      case Codepoint.CODES["x"]: {
        if (!t.more()) break;
        c = t.pop();
        if (c === Codepoint.CODES["{"]) {
          let nhex = 0;
          let r = 0;
          while (true) {
            if (!t.more()) break bigswitch;
            c = t.pop();
            if (c === Codepoint.CODES["}"]) break;
            const v = Utils.unhex(c);
            if (v < 0) break bigswitch;
            r = r * 16 + v;
            if (r > Unicode.MAX_RUNE) break bigswitch;
            nhex++;
          }
          if (nhex === 0) break bigswitch;
          return r;
        }
        const x = Utils.unhex(c);
        if (!t.more()) break;
        c = t.pop();
        const y = Utils.unhex(c);
        if (x < 0 || y < 0) break;
        return x * 16 + y;
      }
      case Codepoint.CODES["a"]:
        return Codepoint.CODES["\x07"];
      case Codepoint.CODES["f"]:
        return Codepoint.CODES["\f"];
      case Codepoint.CODES["n"]:
        return Codepoint.CODES["\n"];
      case Codepoint.CODES["r"]:
        return Codepoint.CODES["\r"];
      case Codepoint.CODES["t"]:
        return Codepoint.CODES["	"];
      case Codepoint.CODES["v"]:
        return Codepoint.CODES["\v"];
      default:
        if (c <= Unicode.MAX_ASCII && !Utils.isalnum(c)) return c;
    }
    throw new RE2JSSyntaxException(Parser3.ERR_INVALID_ESCAPE, t.from(startPos));
  }
  static parseClassChar(t, wholeClassPos) {
    if (!t.more()) throw new RE2JSSyntaxException(Parser3.ERR_MISSING_BRACKET, t.from(wholeClassPos));
    if (t.lookingAt("\\")) return Parser3.parseEscape(t);
    return t.pop();
  }
  static hasCapture(re) {
    if (re === null) return false;
    if (re.op === Regexp.Op.CAPTURE) return true;
    if (re.subs) {
      for (let sub2 of re.subs) if (Parser3.hasCapture(sub2)) return true;
    }
    return false;
  }
  constructor(wholeRegexp, flags = 0) {
    this.wholeRegexp = wholeRegexp;
    this.flags = flags;
    this.numCap = 0;
    this.namedGroups = /* @__PURE__ */ Object.create(null);
    this.stack = [];
    this.free = null;
    this.numRegexp = 0;
    this.numRunes = 0;
    this.repeats = 0;
    this.height = null;
    this.size = null;
    this.nlb = 0;
  }
  newRegexp(op) {
    let re = this.free;
    if (re !== null && re.subs !== null && re.subs.length > 0) {
      this.free = re.subs[0];
      re.reinit();
      re.op = op;
    } else {
      re = new Regexp(op);
      this.numRegexp += 1;
    }
    return re;
  }
  reuse(re) {
    if (this.height !== null && this.height.has(re)) this.height.delete(re);
    if (re.subs !== null && re.subs.length > 0) re.subs[0] = this.free;
    this.free = re;
  }
  checkLimits(re) {
    if (this.numRunes > Parser3.MAX_RUNES) throw new RE2JSSyntaxException(Parser3.ERR_LARGE);
    this.checkSize(re);
    this.checkHeight(re);
  }
  checkSize(re) {
    if (this.size === null) {
      if (this.repeats === 0) this.repeats = 1;
      if (re.op === Regexp.Op.REPEAT) {
        let n = re.max;
        if (n === -1) n = re.min;
        if (n <= 0) n = 1;
        if (n > Math.floor(Parser3.MAX_SIZE / this.repeats)) this.repeats = Parser3.MAX_SIZE;
        else this.repeats *= n;
      }
      if (this.numRegexp < Math.floor(Parser3.MAX_SIZE / this.repeats)) return;
      this.size = /* @__PURE__ */ new Map();
      for (let reEx of this.stack) this.checkSize(reEx);
    }
    if (this.calcSize(re, true) > Parser3.MAX_SIZE) throw new RE2JSSyntaxException(Parser3.ERR_LARGE);
  }
  calcSize(re, force = false) {
    if (!force && this.size !== null) {
      if (this.size.has(re)) return this.size.get(re);
    }
    let size = 0;
    switch (re.op) {
      case Regexp.Op.LITERAL:
        size = re.runes.length;
        break;
      case Regexp.Op.PLB:
      case Regexp.Op.NLB:
      case Regexp.Op.CAPTURE:
      case Regexp.Op.STAR:
        size = 2 + this.calcSize(re.subs[0]);
        break;
      case Regexp.Op.PLUS:
      case Regexp.Op.QUEST:
        size = 1 + this.calcSize(re.subs[0]);
        break;
      case Regexp.Op.CONCAT:
        for (let sub2 of re.subs) size = size + this.calcSize(sub2);
        break;
      case Regexp.Op.ALTERNATE:
        for (let sub2 of re.subs) size = size + this.calcSize(sub2);
        if (re.subs.length > 1) size = size + re.subs.length - 1;
        break;
      case Regexp.Op.REPEAT: {
        let sub2 = this.calcSize(re.subs[0]);
        if (re.max === -1) {
          if (re.min === 0) size = 2 + sub2;
          else size = 1 + re.min * sub2;
          break;
        }
        size = re.max * sub2 + (re.max - re.min);
        break;
      }
    }
    size = Math.max(1, size);
    if (this.size === null) this.size = /* @__PURE__ */ new Map();
    this.size.set(re, size);
    return size;
  }
  checkHeight(re) {
    if (this.numRegexp < Parser3.MAX_HEIGHT) return;
    if (this.height === null) {
      this.height = /* @__PURE__ */ new Map();
      for (let reEx of this.stack) this.checkHeight(reEx);
    }
    if (this.calcHeight(re, true) > Parser3.MAX_HEIGHT) throw new RE2JSSyntaxException(Parser3.ERR_NESTING_DEPTH);
  }
  calcHeight(re, force = false) {
    if (!force && this.height !== null) {
      if (this.height.has(re)) return this.height.get(re);
    }
    let h = 1;
    for (let sub2 of re.subs) {
      const hsub = this.calcHeight(sub2);
      if (h < 1 + hsub) h = 1 + hsub;
    }
    if (this.height === null) this.height = /* @__PURE__ */ new Map();
    this.height.set(re, h);
    return h;
  }
  pop() {
    return this.stack.pop();
  }
  popToPseudo() {
    const n = this.stack.length;
    let i = n;
    while (i > 0 && !Regexp.isPseudoOp(this.stack[i - 1].op)) i--;
    return this.stack.splice(i, n - i);
  }
  push(re) {
    this.numRunes += re.runes.length;
    if (re.op === Regexp.Op.CHAR_CLASS && re.runes.length === 2 && re.runes[0] === re.runes[1]) {
      if (this.maybeConcat(re.runes[0], this.flags & ~RE2Flags.FOLD_CASE)) return null;
      re.op = Regexp.Op.LITERAL;
      re.runes = [re.runes[0]];
      re.flags = this.flags & ~RE2Flags.FOLD_CASE;
    } else if (re.op === Regexp.Op.CHAR_CLASS && re.runes.length === 4 && re.runes[0] === re.runes[1] && re.runes[2] === re.runes[3] && Unicode.simpleFold(re.runes[0]) === re.runes[2] && Unicode.simpleFold(re.runes[2]) === re.runes[0] || re.op === Regexp.Op.CHAR_CLASS && re.runes.length === 2 && re.runes[0] + 1 === re.runes[1] && Unicode.simpleFold(re.runes[0]) === re.runes[1] && Unicode.simpleFold(re.runes[1]) === re.runes[0]) {
      if (this.maybeConcat(re.runes[0], this.flags | RE2Flags.FOLD_CASE)) return null;
      re.op = Regexp.Op.LITERAL;
      re.runes = [re.runes[0]];
      re.flags = this.flags | RE2Flags.FOLD_CASE;
    } else this.maybeConcat(-1, 0);
    this.stack.push(re);
    this.checkLimits(re);
    return re;
  }
  maybeConcat(r, flags) {
    const n = this.stack.length;
    if (n < 2) return false;
    const re1 = this.stack[n - 1];
    const re2 = this.stack[n - 2];
    if (re1.op !== Regexp.Op.LITERAL || re2.op !== Regexp.Op.LITERAL || (re1.flags & RE2Flags.FOLD_CASE) !== (re2.flags & RE2Flags.FOLD_CASE)) return false;
    if (!Array.isArray(re2.runes)) re2.runes = Array.from(re2.runes);
    for (let i = 0; i < re1.runes.length; i++) re2.runes.push(re1.runes[i]);
    if (r >= 0) {
      re1.runes = [r];
      re1.flags = flags;
      return true;
    }
    this.pop();
    this.reuse(re1);
    return false;
  }
  newLiteral(r, flags) {
    const re = this.newRegexp(Regexp.Op.LITERAL);
    re.flags = flags;
    if ((flags & RE2Flags.FOLD_CASE) !== 0) r = Parser3.minFoldRune(r);
    re.runes = [r];
    return re;
  }
  literal(r) {
    this.push(this.newLiteral(r, this.flags));
  }
  op(op) {
    const re = this.newRegexp(op);
    re.flags = this.flags;
    return this.push(re);
  }
  repeat(op, min, max, beforePos, t, lastRepeatPos) {
    let flags = this.flags;
    if ((flags & RE2Flags.PERL_X) !== 0) {
      if (t.more() && t.lookingAt("?")) {
        t.skip(1);
        flags ^= RE2Flags.NON_GREEDY;
      }
      if (lastRepeatPos !== -1) throw new RE2JSSyntaxException(Parser3.ERR_INVALID_REPEAT_OP, t.from(lastRepeatPos));
    }
    const n = this.stack.length;
    if (n === 0) throw new RE2JSSyntaxException(Parser3.ERR_MISSING_REPEAT_ARGUMENT, t.from(beforePos));
    const sub2 = this.stack[n - 1];
    if (Regexp.isPseudoOp(sub2.op)) throw new RE2JSSyntaxException(Parser3.ERR_MISSING_REPEAT_ARGUMENT, t.from(beforePos));
    const re = this.newRegexp(op);
    re.min = min;
    re.max = max;
    re.flags = flags;
    re.subs = [sub2];
    this.stack[n - 1] = re;
    this.checkLimits(re);
    if (op === Regexp.Op.REPEAT && (min >= 2 || max >= 2) && !this.repeatIsValid(re, 1e3)) throw new RE2JSSyntaxException(Parser3.ERR_INVALID_REPEAT_SIZE, t.from(beforePos));
  }
  repeatIsValid(re, n) {
    if (re.op === Regexp.Op.REPEAT) {
      let m = re.max;
      if (m === 0) return true;
      if (m < 0) m = re.min;
      if (m > n) return false;
      if (m > 0) n = Math.trunc(n / m);
    }
    for (let sub2 of re.subs) if (!this.repeatIsValid(sub2, n)) return false;
    return true;
  }
  concat() {
    this.maybeConcat(-1, 0);
    const subs = this.popToPseudo();
    if (subs.length === 0) return this.push(this.newRegexp(Regexp.Op.EMPTY_MATCH));
    return this.push(this.collapse(subs, Regexp.Op.CONCAT));
  }
  alternate() {
    const subs = this.popToPseudo();
    if (subs.length > 0) this.cleanAlt(subs[subs.length - 1]);
    if (subs.length === 0) return this.push(this.newRegexp(Regexp.Op.NO_MATCH));
    return this.push(this.collapse(subs, Regexp.Op.ALTERNATE));
  }
  cleanAlt(re) {
    if (re.op === Regexp.Op.CHAR_CLASS) {
      re.runes = new CharClass(Array.from(re.runes)).cleanClass().toArray();
      if (re.runes.length === 2 && re.runes[0] === 0 && re.runes[1] === Unicode.MAX_RUNE) {
        re.runes = /* @__PURE__ */ new Int32Array(0);
        re.op = Regexp.Op.ANY_CHAR;
      } else if (re.runes.length === 4 && re.runes[0] === 0 && re.runes[1] === Codepoint.CODES["\n"] - 1 && re.runes[2] === Codepoint.CODES["\n"] + 1 && re.runes[3] === Unicode.MAX_RUNE) {
        re.runes = /* @__PURE__ */ new Int32Array(0);
        re.op = Regexp.Op.ANY_CHAR_NOT_NL;
      }
    }
  }
  collapse(subs, op) {
    if (subs.length === 1) return subs[0];
    let len = 0;
    for (let sub2 of subs) len += sub2.op === op ? sub2.subs.length : 1;
    let newsubs = new Array(len).fill(null);
    let i = 0;
    for (let sub2 of subs) if (sub2.op === op) {
      for (let j = 0; j < sub2.subs.length; j++) newsubs[i++] = sub2.subs[j];
      this.reuse(sub2);
    } else newsubs[i++] = sub2;
    let re = this.newRegexp(op);
    re.subs = newsubs;
    if (op === Regexp.Op.ALTERNATE) {
      re.subs = this.factor(re.subs);
      if (re.subs.length === 1) {
        const old = re;
        re = re.subs[0];
        this.reuse(old);
      }
    }
    return re;
  }
  factor(array) {
    if (array.length < 2) return array;
    let s = 0;
    let lensub = array.length;
    let lenout = 0;
    let str2 = null;
    let strlen = 0;
    let strflags = 0;
    let start = 0;
    for (let i = 0; i <= lensub; i++) {
      let istr = null;
      let istrlen = 0;
      let iflags = 0;
      if (i < lensub) {
        let re = array[s + i];
        if (re.op === Regexp.Op.CONCAT && re.subs.length > 0) re = re.subs[0];
        if (re.op === Regexp.Op.LITERAL) {
          istr = re.runes;
          istrlen = re.runes.length;
          iflags = re.flags & RE2Flags.FOLD_CASE;
        }
        if (iflags === strflags) {
          let same = 0;
          while (same < strlen && same < istrlen && str2[same] === istr[same]) same++;
          if (same > 0) {
            strlen = same;
            continue;
          }
        }
      }
      if (i === start) {
      } else if (i === start + 1) array[lenout++] = array[s + start];
      else {
        const prefix = this.newRegexp(Regexp.Op.LITERAL);
        prefix.flags = strflags;
        prefix.runes = str2.slice(0, strlen);
        for (let j = start; j < i; j++) {
          array[s + j] = this.removeLeadingString(array[s + j], strlen);
          this.checkLimits(array[s + j]);
        }
        const suffix = this.collapse(array.slice(s + start, s + i), Regexp.Op.ALTERNATE);
        const re = this.newRegexp(Regexp.Op.CONCAT);
        re.subs = [prefix, suffix];
        array[lenout++] = re;
      }
      start = i;
      str2 = istr;
      strlen = istrlen;
      strflags = iflags;
    }
    lensub = lenout;
    s = 0;
    start = 0;
    lenout = 0;
    let first2 = null;
    for (let i = 0; i <= lensub; i++) {
      let ifirst = null;
      if (i < lensub) {
        ifirst = Parser3.leadingRegexp(array[s + i]);
        if (first2 !== null && first2.equals(ifirst) && (Parser3.isCharClass(first2) || first2.op === Regexp.Op.REPEAT && first2.min === first2.max && Parser3.isCharClass(first2.subs[0]))) continue;
      }
      if (i === start) {
      } else if (i === start + 1) array[lenout++] = array[s + start];
      else {
        const prefix = first2;
        for (let j = start; j < i; j++) {
          const reuse = j !== start;
          array[s + j] = this.removeLeadingRegexp(array[s + j], reuse);
          this.checkLimits(array[s + j]);
        }
        const suffix = this.collapse(array.slice(s + start, s + i), Regexp.Op.ALTERNATE);
        const re = this.newRegexp(Regexp.Op.CONCAT);
        re.subs = [prefix, suffix];
        array[lenout++] = re;
      }
      start = i;
      first2 = ifirst;
    }
    lensub = lenout;
    s = 0;
    start = 0;
    lenout = 0;
    for (let i = 0; i <= lensub; i++) {
      if (i < lensub && Parser3.isCharClass(array[s + i])) continue;
      if (i === start) {
      } else if (i === start + 1) array[lenout++] = array[s + start];
      else {
        let max = start;
        for (let j = start + 1; j < i; j++) {
          const subMax = array[s + max];
          const subJ = array[s + j];
          if (subMax.op < subJ.op || subMax.op === subJ.op && (subMax.runes !== null ? subMax.runes.length : 0) < (subJ.runes !== null ? subJ.runes.length : 0)) max = j;
        }
        const tmp = array[s + start];
        array[s + start] = array[s + max];
        array[s + max] = tmp;
        for (let j = start + 1; j < i; j++) {
          Parser3.mergeCharClass(array[s + start], array[s + j]);
          this.reuse(array[s + j]);
        }
        this.cleanAlt(array[s + start]);
        array[lenout++] = array[s + start];
      }
      if (i < lensub) array[lenout++] = array[s + i];
      start = i + 1;
    }
    lensub = lenout;
    s = 0;
    start = 0;
    lenout = 0;
    for (let i = 0; i < lensub; ++i) {
      if (i + 1 < lensub && array[s + i].op === Regexp.Op.EMPTY_MATCH && array[s + i + 1].op === Regexp.Op.EMPTY_MATCH) continue;
      array[lenout++] = array[s + i];
    }
    lensub = lenout;
    s = 0;
    return array.slice(s, lensub);
  }
  removeLeadingString(re, n) {
    if (re.op === Regexp.Op.CONCAT && re.subs.length > 0) {
      const sub2 = this.removeLeadingString(re.subs[0], n);
      re.subs[0] = sub2;
      if (sub2.op === Regexp.Op.EMPTY_MATCH) {
        this.reuse(sub2);
        switch (re.subs.length) {
          case 0:
          case 1:
            re.op = Regexp.Op.EMPTY_MATCH;
            re.subs = Regexp.emptySubs();
            break;
          case 2: {
            const old = re;
            re = re.subs[1];
            this.reuse(old);
            break;
          }
          default:
            re.subs = re.subs.slice(1, re.subs.length);
        }
      }
      return re;
    }
    if (re.op === Regexp.Op.LITERAL) {
      re.runes = re.runes.slice(n, re.runes.length);
      if (re.runes.length === 0) re.op = Regexp.Op.EMPTY_MATCH;
    }
    return re;
  }
  removeLeadingRegexp(re, reuse) {
    if (re.op === Regexp.Op.CONCAT && re.subs.length > 0) {
      if (reuse) this.reuse(re.subs[0]);
      re.subs = re.subs.slice(1, re.subs.length);
      switch (re.subs.length) {
        case 0:
          re.op = Regexp.Op.EMPTY_MATCH;
          re.subs = Regexp.emptySubs();
          break;
        case 1: {
          const old = re;
          re = re.subs[0];
          this.reuse(old);
          break;
        }
      }
      return re;
    }
    if (reuse) this.reuse(re);
    return this.newRegexp(Regexp.Op.EMPTY_MATCH);
  }
  parseInternal() {
    if ((this.flags & RE2Flags.LITERAL) !== 0) return Parser3.literalRegexp(this.wholeRegexp, this.flags);
    let lastRepeatPos = -1;
    let min = -1;
    let max = -1;
    const t = new StringIterator(this.wholeRegexp);
    while (t.more()) {
      let repeatPos = -1;
      bigswitch: switch (t.peek()) {
        case Codepoint.CODES["("]:
          if ((this.flags & RE2Flags.LOOKBEHIND) !== 0) {
            if (t.lookingAt("(?<=")) {
              this.parsePosLookBehind();
              t.skip(4);
              break;
            }
            if (t.lookingAt("(?<!")) {
              this.parseNegLookBehind();
              t.skip(4);
              break;
            }
          }
          if ((this.flags & RE2Flags.PERL_X) !== 0 && t.lookingAt("(?")) {
            this.parsePerlFlags(t);
            break;
          }
          this.op(Regexp.Op.LEFT_PAREN).cap = ++this.numCap;
          t.skip(1);
          break;
        case Codepoint.CODES["|"]:
          this.parseVerticalBar();
          t.skip(1);
          break;
        case Codepoint.CODES[")"]:
          this.parseRightParen();
          t.skip(1);
          break;
        case Codepoint.CODES["^"]:
          if ((this.flags & RE2Flags.ONE_LINE) !== 0) this.op(Regexp.Op.BEGIN_TEXT);
          else this.op(Regexp.Op.BEGIN_LINE);
          t.skip(1);
          break;
        case Codepoint.CODES["$"]:
          if ((this.flags & RE2Flags.ONE_LINE) !== 0) this.op(Regexp.Op.END_TEXT).flags |= RE2Flags.WAS_DOLLAR;
          else this.op(Regexp.Op.END_LINE);
          t.skip(1);
          break;
        case Codepoint.CODES["."]:
          if ((this.flags & RE2Flags.DOT_NL) !== 0) this.op(Regexp.Op.ANY_CHAR);
          else this.op(Regexp.Op.ANY_CHAR_NOT_NL);
          t.skip(1);
          break;
        case Codepoint.CODES["["]:
          this.parseClass(t);
          break;
        case Codepoint.CODES["*"]:
        case Codepoint.CODES["+"]:
        case Codepoint.CODES["?"]: {
          repeatPos = t.pos();
          let op = null;
          switch (t.pop()) {
            case Codepoint.CODES["*"]:
              op = Regexp.Op.STAR;
              break;
            case Codepoint.CODES["+"]:
              op = Regexp.Op.PLUS;
              break;
            case Codepoint.CODES["?"]:
              op = Regexp.Op.QUEST;
          }
          this.repeat(op, min, max, repeatPos, t, lastRepeatPos);
          break;
        }
        case Codepoint.CODES["{"]: {
          const before = t.pos();
          const minMax = Parser3.parseRepeat(t);
          if (minMax < 0) {
            t.rewindTo(before);
            this.literal(t.pop());
            break;
          }
          repeatPos = before;
          min = minMax >> 16;
          max = (minMax & Unicode.MAX_BMP) << 16 >> 16;
          this.repeat(Regexp.Op.REPEAT, min, max, repeatPos, t, lastRepeatPos);
          break;
        }
        case Codepoint.CODES["\\"]: {
          const savedPos = t.pos();
          t.skip(1);
          if ((this.flags & RE2Flags.PERL_X) !== 0 && t.more()) switch (t.pop()) {
            case Codepoint.CODES["A"]:
              this.op(Regexp.Op.BEGIN_TEXT);
              break bigswitch;
            case Codepoint.CODES["b"]:
              this.op(Regexp.Op.WORD_BOUNDARY);
              break bigswitch;
            case Codepoint.CODES["B"]:
              this.op(Regexp.Op.NO_WORD_BOUNDARY);
              break bigswitch;
            case Codepoint.CODES["C"]:
              throw new RE2JSSyntaxException(Parser3.ERR_INVALID_ESCAPE, "\\C");
            case Codepoint.CODES["Q"]: {
              let lit = t.rest();
              const i = lit.indexOf("\\E");
              if (i >= 0) {
                lit = lit.substring(0, i);
                t.skipString(lit);
                t.skipString("\\E");
              } else t.skipString(lit);
              let j = 0;
              while (j < lit.length) {
                const codepoint = lit.codePointAt(j);
                this.literal(codepoint);
                j += Utils.charCount(codepoint);
              }
              break bigswitch;
            }
            case Codepoint.CODES["z"]:
              this.op(Regexp.Op.END_TEXT);
              break bigswitch;
            default:
              t.rewindTo(savedPos);
          }
          else t.rewindTo(savedPos);
          const re = this.newRegexp(Regexp.Op.CHAR_CLASS);
          re.flags = this.flags;
          if (t.lookingAt("\\p") || t.lookingAt("\\P")) {
            const cc2 = new CharClass();
            if (this.parseUnicodeClass(t, cc2)) {
              re.runes = cc2.toArray();
              this.push(re);
              break bigswitch;
            }
          }
          const cc = new CharClass();
          if (this.parsePerlClassEscape(t, cc)) {
            re.runes = cc.toArray();
            this.push(re);
            break bigswitch;
          }
          t.rewindTo(savedPos);
          this.reuse(re);
          this.literal(Parser3.parseEscape(t));
          break;
        }
        default:
          this.literal(t.pop());
      }
      lastRepeatPos = repeatPos;
    }
    this.concat();
    if (this.swapVerticalBar()) this.pop();
    this.alternate();
    if (this.stack.length !== 1) throw new RE2JSSyntaxException(Parser3.ERR_MISSING_PAREN, this.wholeRegexp);
    this.stack[0].namedGroups = this.namedGroups;
    return this.stack[0];
  }
  parsePerlFlags(t) {
    const startPos = t.pos();
    const s = t.rest();
    if (s.startsWith("(?P<") || s.startsWith("(?<")) {
      const begin = s.charAt(2) === "P" ? 4 : 3;
      const end = s.indexOf(">");
      if (end < 0) throw new RE2JSSyntaxException(Parser3.ERR_INVALID_NAMED_CAPTURE, s);
      const name = s.substring(begin, end);
      t.skipString(name);
      t.skip(begin + 1);
      if (!Parser3.isValidCaptureName(name)) throw new RE2JSSyntaxException(Parser3.ERR_INVALID_NAMED_CAPTURE, s.substring(0, end + 1));
      const re = this.op(Regexp.Op.LEFT_PAREN);
      re.cap = ++this.numCap;
      if (this.namedGroups[name]) throw new RE2JSSyntaxException(Parser3.ERR_DUPLICATE_NAMED_CAPTURE, name);
      this.namedGroups[name] = this.numCap;
      re.name = name;
      return;
    }
    t.skip(2);
    let flags = this.flags;
    let sign = 1;
    let sawFlag = false;
    loop: while (t.more()) {
      const c = t.pop();
      switch (c) {
        case Codepoint.CODES["i"]:
          flags |= RE2Flags.FOLD_CASE;
          sawFlag = true;
          break;
        case Codepoint.CODES["m"]:
          flags &= ~RE2Flags.ONE_LINE;
          sawFlag = true;
          break;
        case Codepoint.CODES["s"]:
          flags |= RE2Flags.DOT_NL;
          sawFlag = true;
          break;
        case Codepoint.CODES["U"]:
          flags |= RE2Flags.NON_GREEDY;
          sawFlag = true;
          break;
        case Codepoint.CODES["-"]:
          if (sign < 0) break loop;
          sign = -1;
          flags = ~flags;
          sawFlag = false;
          break;
        case Codepoint.CODES[":"]:
        case Codepoint.CODES[")"]:
          if (sign < 0) {
            if (!sawFlag) break loop;
            flags = ~flags;
          }
          if (c === Codepoint.CODES[":"]) this.op(Regexp.Op.LEFT_PAREN);
          this.flags = flags;
          return;
        default:
          break loop;
      }
    }
    throw new RE2JSSyntaxException(Parser3.ERR_INVALID_PERL_OP, t.from(startPos));
  }
  parsePosLookBehind() {
    const re = this.newRegexp(Regexp.Op.LEFT_PAREN);
    re.flags = this.flags;
    re.lb = ++this.nlb;
    return this.push(re);
  }
  parseNegLookBehind() {
    const re = this.newRegexp(Regexp.Op.LEFT_PAREN);
    re.flags = this.flags;
    re.lb = -++this.nlb;
    return this.push(re);
  }
  parseVerticalBar() {
    this.concat();
    if (!this.swapVerticalBar()) this.op(Regexp.Op.VERTICAL_BAR);
  }
  swapVerticalBar() {
    const n = this.stack.length;
    if (n >= 3 && this.stack[n - 2].op === Regexp.Op.VERTICAL_BAR && Parser3.isCharClass(this.stack[n - 1]) && Parser3.isCharClass(this.stack[n - 3])) {
      let re1 = this.stack[n - 1];
      let re3 = this.stack[n - 3];
      if (re1.op > re3.op) {
        const tmp = re3;
        re3 = re1;
        re1 = tmp;
        this.stack[n - 3] = re3;
      }
      Parser3.mergeCharClass(re3, re1);
      this.reuse(re1);
      this.pop();
      return true;
    }
    if (n >= 2) {
      const re1 = this.stack[n - 1];
      const re2 = this.stack[n - 2];
      if (re2.op === Regexp.Op.VERTICAL_BAR) {
        if (n >= 3) this.cleanAlt(this.stack[n - 3]);
        this.stack[n - 2] = re1;
        this.stack[n - 1] = re2;
        return true;
      }
    }
    return false;
  }
  parseRightParen() {
    this.concat();
    if (this.swapVerticalBar()) this.pop();
    this.alternate();
    if (this.stack.length < 2) throw new RE2JSSyntaxException(Parser3.ERR_UNEXPECTED_PAREN, this.wholeRegexp);
    const re1 = this.pop();
    const re2 = this.pop();
    if (re2.op !== Regexp.Op.LEFT_PAREN) throw new RE2JSSyntaxException(Parser3.ERR_UNEXPECTED_PAREN, this.wholeRegexp);
    this.flags = re2.flags;
    if (re2.lb !== 0) {
      if (Parser3.hasCapture(re1)) throw new RE2JSSyntaxException(Parser3.ERR_INVALID_CAPTURE_IN_LOOKBEHIND, this.wholeRegexp);
      if (re2.lb > 0) re2.op = Regexp.Op.PLB;
      else re2.op = Regexp.Op.NLB;
      re2.subs = [re1];
      this.push(re2);
      return;
    }
    if (re2.cap === 0) this.push(re1);
    else {
      re2.op = Regexp.Op.CAPTURE;
      re2.subs = [re1];
      this.push(re2);
    }
  }
  parsePerlClassEscape(t, cc) {
    const beforePos = t.pos();
    if ((this.flags & RE2Flags.PERL_X) === 0 || !t.more() || t.pop() !== Codepoint.CODES["\\"] || !t.more()) return false;
    t.pop();
    const p = t.from(beforePos);
    const g = PERL_GROUPS.has(p) ? PERL_GROUPS.get(p) : null;
    if (g === null) return false;
    cc.appendGroup(g, (this.flags & RE2Flags.FOLD_CASE) !== 0);
    return true;
  }
  parseNamedClass(t, cc) {
    const cls = t.rest();
    const i = cls.indexOf(":]");
    if (i < 0) return false;
    const name = cls.substring(0, i + 2);
    t.skipString(name);
    const g = POSIX_GROUPS.has(name) ? POSIX_GROUPS.get(name) : null;
    if (g === null) throw new RE2JSSyntaxException(Parser3.ERR_INVALID_CHAR_RANGE, name);
    cc.appendGroup(g, (this.flags & RE2Flags.FOLD_CASE) !== 0);
    return true;
  }
  parseUnicodeClass(t, cc) {
    const startPos = t.pos();
    if ((this.flags & RE2Flags.UNICODE_GROUPS) === 0 || !t.lookingAt("\\p") && !t.lookingAt("\\P")) return false;
    t.skip(1);
    let sign = 1;
    let c = t.pop();
    if (c === Codepoint.CODES["P"]) sign = -1;
    if (!t.more()) {
      t.rewindTo(startPos);
      throw new RE2JSSyntaxException(Parser3.ERR_INVALID_CHAR_RANGE, t.rest());
    }
    c = t.pop();
    let name;
    if (c !== Codepoint.CODES["{"]) name = Utils.runeToString(c);
    else {
      const rest2 = t.rest();
      const end = rest2.indexOf("}");
      if (end < 0) {
        t.rewindTo(startPos);
        throw new RE2JSSyntaxException(Parser3.ERR_INVALID_CHAR_RANGE, t.rest());
      }
      name = rest2.substring(0, end);
      t.skipString(name);
      t.skip(1);
    }
    if (!(name.length === 0) && name.codePointAt(0) === Codepoint.CODES["^"]) {
      sign = 0 - sign;
      name = name.substring(1);
    }
    const pair3 = Parser3.unicodeTable(name);
    if (pair3 === null) throw new RE2JSSyntaxException(Parser3.ERR_INVALID_CHAR_RANGE, t.from(startPos));
    if (pair3.sign < 0) sign = 0 - sign;
    const tab = pair3.tab;
    const fold = pair3.fold;
    if ((this.flags & RE2Flags.FOLD_CASE) === 0 || fold === null) cc.appendTableWithSign(tab, sign);
    else {
      const tmp = new CharClass().appendTable(tab).appendTable(fold).cleanClass().toArray();
      cc.appendClassWithSign(Array.from(tmp), sign);
    }
    return true;
  }
  parseClass(t) {
    const startPos = t.pos();
    t.skip(1);
    const re = this.newRegexp(Regexp.Op.CHAR_CLASS);
    re.flags = this.flags;
    const cc = new CharClass();
    let sign = 1;
    if (t.more() && t.lookingAt("^")) {
      sign = -1;
      t.skip(1);
      if ((this.flags & RE2Flags.CLASS_NL) === 0) cc.appendRange(Codepoint.CODES["\n"], Codepoint.CODES["\n"]);
    }
    let first2 = true;
    while (!t.more() || t.peek() !== Codepoint.CODES["]"] || first2) {
      if (t.more() && t.lookingAt("-") && (this.flags & RE2Flags.PERL_X) === 0 && !first2) {
        const s = t.rest();
        if (s === "-" || !s.startsWith("-]")) {
          t.rewindTo(startPos);
          throw new RE2JSSyntaxException(Parser3.ERR_INVALID_CHAR_RANGE, t.rest());
        }
      }
      first2 = false;
      const beforePos = t.pos();
      if (t.lookingAt("[:")) {
        if (this.parseNamedClass(t, cc)) continue;
        t.rewindTo(beforePos);
      }
      if (this.parseUnicodeClass(t, cc)) continue;
      if (this.parsePerlClassEscape(t, cc)) continue;
      t.rewindTo(beforePos);
      const lo = Parser3.parseClassChar(t, startPos);
      let hi = lo;
      if (t.more() && t.lookingAt("-")) {
        t.skip(1);
        if (t.more() && t.lookingAt("]")) t.skip(-1);
        else {
          hi = Parser3.parseClassChar(t, startPos);
          if (hi < lo) throw new RE2JSSyntaxException(Parser3.ERR_INVALID_CHAR_RANGE, t.from(beforePos));
        }
      }
      if ((this.flags & RE2Flags.FOLD_CASE) === 0) cc.appendRange(lo, hi);
      else cc.appendFoldedRange(lo, hi);
    }
    t.skip(1);
    cc.cleanClass();
    if (sign < 0) cc.negateClass();
    re.runes = cc.toArray();
    this.push(re);
  }
};
var RE2 = class RE22 {
  static initTest(expr) {
    const re2 = RE22.compile(expr);
    const res = new RE22(re2.expr, re2.prog, re2.numSubexp, re2.longest);
    res.cond = re2.cond;
    res.prefix = re2.prefix;
    res.prefixUTF8 = re2.prefixUTF8;
    res.prefixComplete = re2.prefixComplete;
    res.prefixRune = re2.prefixRune;
    res.prefilter = re2.prefilter;
    res.namedGroups = re2.namedGroups;
    return res;
  }
  /**
  * Parses a regular expression and returns, if successful, an {@code RE2} instance that can be
  * used to match against text.
  *
  * When matching against text, the regexp returns a match that begins as early as possible in the
  * input (leftmost), and among those it chooses the one that a backtracking search would have
  * found first. This so-called leftmost-first matching is the same semantics that Perl, Python,
  * and other implementations use, although this package implements it without the expense of
  * backtracking. For POSIX leftmost-longest matching, see {@link #compilePOSIX}.
  */
  static compile(expr) {
    return RE22.compileImpl(expr, RE2Flags.PERL, false);
  }
  /**
  * {@code compilePOSIX} is like {@link #compile} but restricts the regular expression to POSIX ERE
  * (egrep) syntax and changes the match semantics to leftmost-longest.
  *
  * That is, when matching against text, the regexp returns a match that begins as early as
  * possible in the input (leftmost), and among those it chooses a match that is as long as
  * possible. This so-called leftmost-longest matching is the same semantics that early regular
  * expression implementations used and that POSIX specifies.
  *
  * However, there can be multiple leftmost-longest matches, with different submatch choices, and
  * here this package diverges from POSIX. Among the possible leftmost-longest matches, this
  * package chooses the one that a backtracking search would have found first, while POSIX
  * specifies that the match be chosen to maximize the length of the first subexpression, then the
  * second, and so on from left to right. The POSIX rule is computationally prohibitive and not
  * even well-defined. See http://swtch.com/~rsc/regexp/regexp2.html#posix
  */
  static compilePOSIX(expr) {
    return RE22.compileImpl(expr, RE2Flags.POSIX, true);
  }
  static compileImpl(expr, mode, longest) {
    let re = Parser2.parse(expr, mode);
    const maxCap = re.maxCap();
    const namedGroups = re.namedGroups;
    re = Simplify.simplify(re);
    const prefilter = PrefilterTree.build(re);
    const prog = Compiler.compileRegexp(re);
    const re2 = new RE22(expr, prog, maxCap, longest);
    re2.prefilter = prefilter.type === Prefilter.Type.NONE ? null : prefilter;
    const [prefixCompl, prefixStr] = prog.prefix();
    re2.prefixComplete = prefixCompl;
    re2.prefix = prefixStr;
    re2.prefixUTF8 = Utils.stringToUtf8ByteArray(re2.prefix);
    if (re2.prefix.length > 0) re2.prefixRune = re2.prefix.codePointAt(0);
    re2.namedGroups = namedGroups;
    return re2;
  }
  /**
  * Returns true iff textual regular expression {@code pattern} matches string {@code s}.
  *
  * More complicated queries need to use {@link #compile} and the full {@code RE2} interface.
  */
  static match(pattern, s) {
    return RE22.compile(pattern).match(s);
  }
  constructor(expr, prog, numSubexp = 0, longest = 0) {
    this.expr = expr;
    this.prog = prog;
    this.numSubexp = numSubexp;
    this.longest = longest;
    this.cond = prog.startCond();
    this.prefix = null;
    this.prefixUTF8 = null;
    this.prefixComplete = false;
    this.prefixRune = 0;
    this.namedGroups = /* @__PURE__ */ Object.create(null);
    this.machinePool = [];
    this.lazyDFA = null;
    this.onepass = OnePass.compile(this.prog);
    this.prefilter = null;
  }
  get dfa() {
    if (this.lazyDFA === null) this.lazyDFA = new DFA(this.prog);
    return this.lazyDFA;
  }
  matchPrefixComplete(input, pos, anchor, ncap) {
    if ((anchor === RE2Flags.ANCHOR_START || anchor === RE2Flags.ANCHOR_BOTH) && pos !== 0) return null;
    let matchStart = -1;
    let matchEnd = -1;
    const pLen = input.prefixLength(this);
    if (anchor === RE2Flags.UNANCHORED) {
      const idx = input.index(this, pos);
      if (idx < 0) return null;
      matchStart = pos + idx;
      matchEnd = matchStart + pLen;
    } else if (anchor === RE2Flags.ANCHOR_BOTH) {
      if (input.endPos() !== pLen) return null;
      if (input.index(this, 0) !== 0) return null;
      matchStart = 0;
      matchEnd = pLen;
    } else if (anchor === RE2Flags.ANCHOR_START) {
      if (input.index(this, 0) !== 0) return null;
      matchStart = 0;
      matchEnd = pLen;
    }
    if (matchStart < 0) return null;
    if (ncap > 0) {
      const matchcap = new Int32Array(ncap).fill(-1);
      matchcap[0] = matchStart;
      matchcap[1] = matchEnd;
      return Array.from(matchcap);
    }
    return [];
  }
  createLookbehindState() {
    return this.prog.numLb > 0 ? new LookbehindState(this.prog) : null;
  }
  executeEngine(input, pos, anchor, ncap, lbState = null) {
    if (this.prefixComplete && (ncap === 0 || this.numSubexp === 0)) return this.matchPrefixComplete(input, pos, anchor, ncap);
    if (this.prefilter !== null && anchor === RE2Flags.UNANCHORED) {
      if (!this.prefilter.eval(input, pos)) return null;
    }
    if (this.onepass !== null) return OnePass.execute(this, input, pos, anchor, ncap);
    if (ncap > 0) {
      if (this.prog.numLb === 0 && input.endPos() <= Backtracker.maxBitStateLen(this.prog)) return Backtracker.execute(this, input, pos, anchor, ncap);
      return this.doExecuteNFA(input, pos, anchor, ncap, lbState);
    }
    if (this.prog.numLb === 0) {
      const dfaResult = this.dfa.match(input, pos, anchor);
      if (dfaResult !== null) return dfaResult ? [] : null;
      if (input.endPos() <= Backtracker.maxBitStateLen(this.prog)) return Backtracker.execute(this, input, pos, anchor, ncap);
    }
    return this.doExecuteNFA(input, pos, anchor, ncap, lbState);
  }
  /**
  * Returns the number of parenthesized subexpressions in this regular expression.
  */
  numberOfCapturingGroups() {
    return this.numSubexp;
  }
  /**
  * Returns the number of instructions in this compiled regular expression program.
  */
  numberOfInstructions() {
    return this.prog.numInst();
  }
  get() {
    return this.machinePool.length > 0 ? this.machinePool.pop() : null;
  }
  reset() {
    this.machinePool.length = 0;
  }
  put(m) {
    this.machinePool.push(m);
  }
  toString() {
    return this.expr;
  }
  doExecuteNFA(input, pos, anchor, ncap, lbState = null) {
    let m = this.get();
    if (!m) m = Machine.fromRE2(this);
    m.init(ncap);
    const cap = m.match(input, pos, anchor, lbState) ? m.submatches() : null;
    this.put(m);
    return cap;
  }
  match(s) {
    return this.executeEngine(MachineInput.fromUTF16(s), 0, RE2Flags.UNANCHORED, 0) !== null;
  }
  /**
  * Matches the regular expression against input starting at position start and ending at position
  * end, with the given anchoring. Records the submatch boundaries in group, which is [start, end)
  * pairs of byte offsets. The number of boundaries needed is inferred from the size of the group
  * array. It is most efficient not to ask for submatch boundaries.
  *
  * @param input the input byte array
  * @param start the beginning position in the input
  * @param end the end position in the input
  * @param anchor the anchoring flag (UNANCHORED, ANCHOR_START, ANCHOR_BOTH)
  * @param group the array to fill with submatch positions
  * @param ngroup the number of array pairs to fill in
  * @param lbState optional state carried between successive matches over the same input (see
  *   createLookbehindState); omit it to evaluate lookbehinds from the beginning of the input
  * @returns true if a match was found
  */
  matchWithGroup(input, start, end, anchor, ngroup, lbState = null) {
    if (!(input instanceof MatcherInputBase)) {
      if (Utils.isByteArray(input)) input = MatcherInput.utf8(input);
      else input = MatcherInput.utf16(input);
    }
    return this.matchMachineInput(input, start, end, anchor, ngroup, lbState);
  }
  matchMachineInput(input, start, end, anchor, ngroup, lbState = null) {
    if (start > end) return [false, null];
    const machineInput = input.isUTF16Encoding() ? MachineInput.fromUTF16(input.asCharSequence(), 0, end) : MachineInput.fromUTF8(input.asBytes(), 0, end);
    const groupMatch = this.executeEngine(machineInput, start, anchor, 2 * ngroup, lbState);
    if (groupMatch === null) return [false, null];
    return [true, groupMatch];
  }
  /**
  * Returns true iff this regexp matches the UTF-8 byte array {@code b}.
  */
  matchUTF8(b) {
    return this.executeEngine(MachineInput.fromUTF8(b), 0, RE2Flags.UNANCHORED, 0) !== null;
  }
  /**
  * Returns a copy of {@code src} in which all matches for this regexp have been replaced by
  * {@code repl}. No support is provided for expressions (e.g. {@code \1} or {@code $1}) in the
  * replacement string.
  */
  replaceAll(src, repl) {
    return this.replaceAllFunc(src, () => repl, 2 * src.length + 1);
  }
  /**
  * Returns a copy of {@code src} in which only the first match for this regexp has been replaced
  * by {@code repl}. No support is provided for expressions (e.g. {@code \1} or {@code $1}) in the
  * replacement string.
  */
  replaceFirst(src, repl) {
    return this.replaceAllFunc(src, () => repl, 1);
  }
  /**
  * Returns a copy of {@code src} in which at most {@code maxReplaces} matches for this regexp have
  * been replaced by the return value of of function {@code repl} (whose first argument is the
  * matched string). No support is provided for expressions (e.g. {@code \1} or {@code $1}) in the
  * replacement string.
  */
  replaceAllFunc(src, replFunc, maxReplaces) {
    let lastMatchEnd = 0;
    let searchPos = 0;
    let out = "";
    const input = MachineInput.fromUTF16(src);
    const lbState = this.createLookbehindState();
    let numReplaces = 0;
    while (searchPos <= src.length) {
      const a = this.executeEngine(input, searchPos, RE2Flags.UNANCHORED, 2, lbState);
      if (a === null || a.length === 0) break;
      out += src.substring(lastMatchEnd, a[0]);
      if (a[1] > lastMatchEnd || a[0] === 0) {
        out += replFunc(src.substring(a[0], a[1]));
        numReplaces++;
      }
      lastMatchEnd = a[1];
      const width = input.step(searchPos) & 7;
      if (searchPos + width > a[1]) searchPos += width;
      else if (searchPos + 1 > a[1]) searchPos++;
      else searchPos = a[1];
      if (numReplaces >= maxReplaces) break;
    }
    out += src.substring(lastMatchEnd);
    return out;
  }
  pad(a) {
    if (a === null) return null;
    let n = (1 + this.numSubexp) * 2;
    if (a.length < n) {
      let a2 = new Array(n).fill(-1);
      for (let i = 0; i < a.length; i++) a2[i] = a[i];
      a = a2;
    }
    return a;
  }
  allMatches(input, n, deliverFun = (v) => v) {
    let result = [];
    const end = input.endPos();
    if (n < 0) n = end + 1;
    let pos = 0;
    let i = 0;
    let prevMatchEnd = -1;
    const lbState = this.createLookbehindState();
    while (i < n && pos <= end) {
      const matches2 = this.executeEngine(input, pos, RE2Flags.UNANCHORED, this.prog.numCap, lbState);
      if (matches2 === null || matches2.length === 0) break;
      let accept = true;
      if (matches2[1] === pos) {
        if (matches2[0] === prevMatchEnd) accept = false;
        const r = input.step(pos);
        if (r < 0) pos = end + 1;
        else pos += r & 7;
      } else pos = matches2[1];
      prevMatchEnd = matches2[1];
      if (accept) {
        result.push(deliverFun(this.pad(matches2)));
        i++;
      }
    }
    return result;
  }
  /**
  * Returns an array holding the text of the leftmost match in {@code b} of this regular
  * expression.
  *
  * A return value of null indicates no match.
  */
  findUTF8(b) {
    const a = this.executeEngine(MachineInput.fromUTF8(b), 0, RE2Flags.UNANCHORED, 2);
    if (a === null) return null;
    return b.slice(a[0], a[1]);
  }
  /**
  * Returns a two-element array of integers defining the location of the leftmost match in
  * {@code b} of this regular expression. The match itself is at {@code b[loc[0]...loc[1]]}.
  *
  * A return value of null indicates no match.
  */
  findUTF8Index(b) {
    const a = this.executeEngine(MachineInput.fromUTF8(b), 0, RE2Flags.UNANCHORED, 2);
    if (a === null) return null;
    return a.slice(0, 2);
  }
  /**
  * Returns a string holding the text of the leftmost match in {@code s} of this regular
  * expression.
  *
  * If there is no match, the return value is an empty string, but it will also be empty if the
  * regular expression successfully matches an empty string. Use {@link #findIndex} or
  * {@link #findSubmatch} if it is necessary to distinguish these cases.
  */
  find(s) {
    const a = this.executeEngine(MachineInput.fromUTF16(s), 0, RE2Flags.UNANCHORED, 2);
    if (a === null) return "";
    return s.substring(a[0], a[1]);
  }
  /**
  * Returns a two-element array of integers defining the location of the leftmost match in
  * {@code s} of this regular expression. The match itself is at
  * {@code s.substring(loc[0], loc[1])}.
  *
  * A return value of null indicates no match.
  */
  findIndex(s) {
    return this.executeEngine(MachineInput.fromUTF16(s), 0, RE2Flags.UNANCHORED, 2);
  }
  /**
  * Returns an array of arrays the text of the leftmost match of the regular expression in
  * {@code b} and the matches, if any, of its subexpressions, as defined by the <a
  * href='#submatch'>Submatch</a> description above.
  *
  * A return value of null indicates no match.
  */
  findUTF8Submatch(b) {
    const a = this.executeEngine(MachineInput.fromUTF8(b), 0, RE2Flags.UNANCHORED, this.prog.numCap);
    if (a === null) return null;
    const ret = new Array(1 + this.numSubexp).fill(null);
    for (let i = 0; i < ret.length; i++) if (2 * i < a.length && a[2 * i] >= 0) ret[i] = b.slice(a[2 * i], a[2 * i + 1]);
    return ret;
  }
  /**
  * Returns an array holding the index pairs identifying the leftmost match of this regular
  * expression in {@code b} and the matches, if any, of its subexpressions, as defined by the the
  * <a href='#submatch'>Submatch</a> and <a href='#index'>Index</a> descriptions above.
  *
  * A return value of null indicates no match.
  */
  findUTF8SubmatchIndex(b) {
    return this.pad(this.executeEngine(MachineInput.fromUTF8(b), 0, RE2Flags.UNANCHORED, this.prog.numCap));
  }
  /**
  * Returns an array of strings holding the text of the leftmost match of the regular expression in
  * {@code s} and the matches, if any, of its subexpressions, as defined by the <a
  * href='#submatch'>Submatch</a> description above.
  *
  * A return value of null indicates no match.
  */
  findSubmatch(s) {
    const a = this.executeEngine(MachineInput.fromUTF16(s), 0, RE2Flags.UNANCHORED, this.prog.numCap);
    if (a === null) return null;
    const ret = new Array(1 + this.numSubexp).fill(null);
    for (let i = 0; i < ret.length; i++) if (2 * i < a.length && a[2 * i] >= 0) ret[i] = s.substring(a[2 * i], a[2 * i + 1]);
    return ret;
  }
  /**
  * Returns an array holding the index pairs identifying the leftmost match of this regular
  * expression in {@code s} and the matches, if any, of its subexpressions, as defined by the <a
  * href='#submatch'>Submatch</a> description above.
  *
  * A return value of null indicates no match.
  */
  findSubmatchIndex(s) {
    return this.pad(this.executeEngine(MachineInput.fromUTF16(s), 0, RE2Flags.UNANCHORED, this.prog.numCap));
  }
  /**
  * {@code findAllUTF8()} is the <a href='#all'>All</a> version of {@link #findUTF8}; it returns a
  * list of up to {@code n} successive matches of the expression, as defined by the <a
  * href='#all'>All</a> description above.
  *
  * A return value of null indicates no match.
  *
  * TODO(adonovan): think about defining a byte slice view class, like a read-only Go slice backed
  * by |b|.
  */
  findAllUTF8(b, n) {
    const result = this.allMatches(MachineInput.fromUTF8(b), n, (match) => b.slice(match[0], match[1]));
    if (result.length === 0) return null;
    return result;
  }
  /**
  * {@code findAllUTF8Index} is the <a href='#all'>All</a> version of {@link #findUTF8Index}; it
  * returns a list of up to {@code n} successive matches of the expression, as defined by the <a
  * href='#all'>All</a> description above.
  *
  * A return value of null indicates no match.
  */
  findAllUTF8Index(b, n) {
    const result = this.allMatches(MachineInput.fromUTF8(b), n, (match) => match.slice(0, 2));
    if (result.length === 0) return null;
    return result;
  }
  /**
  * {@code findAll} is the <a href='#all'>All</a> version of {@link #find}; it returns a list of up
  * to {@code n} successive matches of the expression, as defined by the <a href='#all'>All</a>
  * description above.
  *
  * A return value of null indicates no match.
  */
  findAll(s, n) {
    const result = this.allMatches(MachineInput.fromUTF16(s), n, (match) => s.substring(match[0], match[1]));
    if (result.length === 0) return null;
    return result;
  }
  /**
  * {@code findAllIndex} is the <a href='#all'>All</a> version of {@link #findIndex}; it returns a
  * list of up to {@code n} successive matches of the expression, as defined by the <a
  * href='#all'>All</a> description above.
  *
  * A return value of null indicates no match.
  */
  findAllIndex(s, n) {
    const result = this.allMatches(MachineInput.fromUTF16(s), n, (match) => match.slice(0, 2));
    if (result.length === 0) return null;
    return result;
  }
  /**
  * {@code findAllUTF8Submatch} is the <a href='#all'>All</a> version of {@link #findUTF8Submatch};
  * it returns a list of up to {@code n} successive matches of the expression, as defined by the <a
  * href='#all'>All</a> description above.
  *
  * A return value of null indicates no match.
  */
  findAllUTF8Submatch(b, n) {
    const result = this.allMatches(MachineInput.fromUTF8(b), n, (match) => {
      let slice3 = new Array(match.length / 2 | 0).fill(null);
      for (let j = 0; j < slice3.length; j++) if (match[2 * j] >= 0) slice3[j] = b.slice(match[2 * j], match[2 * j + 1]);
      return slice3;
    });
    if (result.length === 0) return null;
    return result;
  }
  /**
  * {@code findAllUTF8SubmatchIndex} is the <a href='#all'>All</a> version of
  * {@link #findUTF8SubmatchIndex}; it returns a list of up to {@code n} successive matches of the
  * expression, as defined by the <a href='#all'>All</a> description above.
  *
  * A return value of null indicates no match.
  */
  findAllUTF8SubmatchIndex(b, n) {
    const result = this.allMatches(MachineInput.fromUTF8(b), n);
    if (result.length === 0) return null;
    return result;
  }
  /**
  * {@code findAllSubmatch} is the <a href='#all'>All</a> version of {@link #findSubmatch}; it
  * returns a list of up to {@code n} successive matches of the expression, as defined by the <a
  * href='#all'>All</a> description above.
  *
  * A return value of null indicates no match.
  */
  findAllSubmatch(s, n) {
    const result = this.allMatches(MachineInput.fromUTF16(s), n, (match) => {
      let slice3 = new Array(match.length / 2 | 0).fill(null);
      for (let j = 0; j < slice3.length; j++) if (match[2 * j] >= 0) slice3[j] = s.substring(match[2 * j], match[2 * j + 1]);
      return slice3;
    });
    if (result.length === 0) return null;
    return result;
  }
  /**
  * {@code findAllSubmatchIndex} is the <a href='#all'>All</a> version of
  * {@link #findSubmatchIndex}; it returns a list of up to {@code n} successive matches of the
  * expression, as defined by the <a href='#all'>All</a> description above.
  *
  * A return value of null indicates no match.
  */
  findAllSubmatchIndex(s, n) {
    const result = this.allMatches(MachineInput.fromUTF16(s), n);
    if (result.length === 0) return null;
    return result;
  }
};
var RE2Set = class RE2Set2 {
  /** @type {number} */
  static UNANCHORED = RE2Flags.UNANCHORED;
  /** @type {number} */
  static ANCHOR_START = RE2Flags.ANCHOR_START;
  /** @type {number} */
  static ANCHOR_BOTH = RE2Flags.ANCHOR_BOTH;
  /**
  * Constructs a new RE2Set with the specified anchor mode and flags.
  * @param {number} [anchor=RE2Set.UNANCHORED] - The anchoring mode (e.g., RE2Set.UNANCHORED).
  * @param {number} [flags=0] - The public flags to apply to all patterns in the set.
  * @param {number} [maxMem=8388608] - The maximum memory in bytes to use for the DFA (default 8MB).
  */
  constructor(anchor = RE2Set2.UNANCHORED, flags = 0, maxMem = 8388608) {
    if (![
      RE2Set2.UNANCHORED,
      RE2Set2.ANCHOR_START,
      RE2Set2.ANCHOR_BOTH
    ].includes(anchor)) throw new RE2JSFlagsException("The anchor should be RE2Set.UNANCHORED, RE2Set.ANCHOR_START or RE2Set.ANCHOR_BOTH");
    Utils.checkFlags(flags);
    this.anchor = anchor;
    this.jsFlags = flags;
    this.maxMem = maxMem;
    let re2Flags = RE2Flags.PERL;
    if ((flags & PublicFlags.DISABLE_UNICODE_GROUPS) !== 0) re2Flags &= ~RE2Flags.UNICODE_GROUPS;
    if ((flags & PublicFlags.LOOKBEHINDS) !== 0) re2Flags |= RE2Flags.LOOKBEHIND;
    this.re2Flags = re2Flags;
    this.regexps = [];
    this.prog = null;
    this.dfa = null;
    this.dummyRe2 = null;
  }
  /**
  * Adds a new regular expression pattern to the set.
  * Patterns cannot be added after the set has been compiled.
  * @param {string} pattern - The regular expression pattern to add.
  * @returns {number} The integer index assigned to the added pattern.
  * @throws {RE2JSCompileException} If patterns are added after compilation.
  */
  add(pattern) {
    if (this.prog) throw new RE2JSCompileException("Cannot add patterns after compile");
    Utils.checkPattern(pattern);
    let fregex = pattern;
    if ((this.jsFlags & PublicFlags.CASE_INSENSITIVE) !== 0) fregex = `(?i)${fregex}`;
    if ((this.jsFlags & PublicFlags.DOTALL) !== 0) fregex = `(?s)${fregex}`;
    if ((this.jsFlags & PublicFlags.MULTILINE) !== 0) fregex = `(?m)${fregex}`;
    const re = Parser2.parse(fregex, this.re2Flags);
    this.regexps.push(Simplify.simplify(re));
    return this.regexps.length - 1;
  }
  /**
  * Compiles the added patterns into a single state machine.
  * This is automatically called on the first match if not called explicitly.
  * @returns {void}
  */
  compile() {
    if (this.prog) return;
    const prog = Compiler.compileSet(this.regexps);
    if (prog.numInst() > Parser2.MAX_SIZE) throw new RE2JSCompileException(`${Parser2.ERR_LARGE}: the set compiles to ${prog.numInst()} instructions, more than ${Parser2.MAX_SIZE}`);
    this.prog = prog;
    this.dfa = new DFA(this.prog, this.maxMem);
    this.dummyRe2 = {
      prog: this.prog,
      cond: this.prog.startCond(),
      prefix: "",
      prefixRune: 0,
      longest: false
    };
  }
  /**
  * Matches the input against the compiled set of regular expressions.
  * @param {string|number[]|Uint8Array} input - The input string or UTF-8 byte array to match against.
  * @returns {number[]} An array of indices representing the patterns that successfully matched the input.
  */
  match(input) {
    if (!this.prog) this.compile();
    const machineInput = Utils.isByteArray(input) ? MachineInput.fromUTF8(input) : MachineInput.fromUTF16(input);
    let internalAnchor = RE2Flags.UNANCHORED;
    if (this.anchor === RE2Set2.ANCHOR_START) internalAnchor = RE2Flags.ANCHOR_START;
    else if (this.anchor === RE2Set2.ANCHOR_BOTH) internalAnchor = RE2Flags.ANCHOR_BOTH;
    const dfaResult = this.dfa.matchSet(machineInput, 0, internalAnchor);
    if (dfaResult !== null) return dfaResult;
    const machine = Machine.fromRE2(this.dummyRe2);
    machine.init(0);
    return machine.matchSet(machineInput, 0, internalAnchor);
  }
};
var TranslateRegExpString = class TranslateRegExpString2 {
  static isHexadecimal(ch) {
    return "0" <= ch && ch <= "9" || "A" <= ch && ch <= "F" || "a" <= ch && ch <= "f";
  }
  static translate(data) {
    let prefixFlags = "";
    if (Object.prototype.toString.call(data) === "[object RegExp]") {
      if (data.ignoreCase) prefixFlags += "i";
      if (data.multiline) prefixFlags += "m";
      if (data.dotAll) prefixFlags += "s";
      data = data.source;
    }
    if (typeof data !== "string") return data;
    let result = "";
    let changed = false;
    let size = data.length;
    if (size === 0) {
      result = "(?:)";
      changed = true;
    }
    let inCharClass = false;
    let i = 0;
    while (i < size) {
      let ch = data[i];
      if (ch === "\\") {
        if (i + 1 < size) {
          ch = data[i + 1];
          switch (ch) {
            case "\\":
              result += "\\\\";
              i += 2;
              continue;
            case "c":
              if (i + 2 < size) {
                let code = data[i + 2].charCodeAt(0);
                if (code >= 65 && code <= 90 || code >= 97 && code <= 122) {
                  let val = code % 32;
                  result += "\\x";
                  result += (val >> 4).toString(16).toUpperCase();
                  result += (val & 15).toString(16).toUpperCase();
                  i += 3;
                  changed = true;
                  continue;
                }
              }
              result += "c";
              i += 2;
              changed = true;
              continue;
            case "u":
              if (i + 2 < size) {
                if (data[i + 2] === "{") {
                  let j = i + 3;
                  let hasHex = false;
                  let closed = false;
                  while (j < size) {
                    const hexChar = data[j];
                    if (hexChar === "}") {
                      closed = true;
                      break;
                    }
                    if (!TranslateRegExpString2.isHexadecimal(hexChar)) break;
                    hasHex = true;
                    j++;
                  }
                  if (closed && hasHex) {
                    result += "\\x";
                    i += 2;
                    changed = true;
                    continue;
                  }
                } else if (i + 5 < size) {
                  let isHex4 = true;
                  for (let j = 0; j < 4; j++) if (!TranslateRegExpString2.isHexadecimal(data[i + 2 + j])) {
                    isHex4 = false;
                    break;
                  }
                  if (isHex4) {
                    result += "\\x{" + data.substring(i + 2, i + 6) + "}";
                    i += 6;
                    changed = true;
                    continue;
                  }
                }
              }
              result += "u";
              i += 2;
              changed = true;
              continue;
            case "x": {
              let isValidHex = false;
              if (i + 2 < size && data[i + 2] === "{") {
                let j = i + 3;
                let hasHex = false;
                let closed = false;
                while (j < size) {
                  const hexChar = data[j];
                  if (hexChar === "}") {
                    closed = true;
                    break;
                  }
                  if (!TranslateRegExpString2.isHexadecimal(hexChar)) break;
                  hasHex = true;
                  j++;
                }
                if (closed && hasHex) isValidHex = true;
              } else if (i + 3 < size && TranslateRegExpString2.isHexadecimal(data[i + 2]) && TranslateRegExpString2.isHexadecimal(data[i + 3])) isValidHex = true;
              if (isValidHex) {
                result += "\\x";
                i += 2;
              } else {
                result += "x";
                i += 2;
                changed = true;
              }
              continue;
            }
            case "n":
            case "r":
            case "t":
            case "a":
            case "f":
            case "v":
            case "d":
            case "D":
            case "s":
            case "S":
            case "w":
            case "W":
            case "b":
            case "B":
            case "p":
            case "P":
            case "A":
            case "z":
            case "Q":
            case "E":
            case "0":
            case "1":
            case "2":
            case "3":
            case "4":
            case "5":
            case "6":
            case "7":
              result += "\\" + ch;
              i += 2;
              continue;
            default: {
              let cp2 = data.codePointAt(i + 1);
              if (cp2 >= 48 && cp2 <= 57 || cp2 >= 65 && cp2 <= 90 || cp2 >= 97 && cp2 <= 122) {
                let symSize2 = Utils.charCount(cp2);
                result += data.substring(i + 1, i + 1 + symSize2);
                i += symSize2 + 1;
                changed = true;
              } else {
                result += "\\";
                let symSize2 = Utils.charCount(cp2);
                result += data.substring(i + 1, i + 1 + symSize2);
                i += symSize2 + 1;
              }
              continue;
            }
          }
        }
      } else if (ch === "/") {
        result += "\\/";
        i += 1;
        changed = true;
        continue;
      } else if (ch === "[") {
        if (!inCharClass && data[i + 1] === "]") {
          result += "[^\\x00-\\x{10FFFF}]";
          i += 2;
          changed = true;
          continue;
        }
        if (!inCharClass && data[i + 1] === "^" && data[i + 2] === "]") {
          result += "[\\x00-\\x{10FFFF}]";
          i += 3;
          changed = true;
          continue;
        }
        inCharClass = true;
      } else if (ch === "]") inCharClass = false;
      else if (!inCharClass && ch === "(" && i + 2 < size && data[i + 1] === "?" && data[i + 2] === "<") {
        if (i + 3 < size && !"=!>)".includes(data[i + 3])) {
          result += "(?P<";
          i += 3;
          changed = true;
          continue;
        }
      }
      let cp = data.codePointAt(i);
      let symSize = Utils.charCount(cp);
      result += data.substring(i, i + symSize);
      i += symSize;
    }
    const finalResult = changed ? result : data;
    if (prefixFlags.length > 0) return `(?${prefixFlags})${finalResult}`;
    return finalResult;
  }
};
var execResult = (m, input) => {
  const result = m.matchArray();
  result.index = m.start(0);
  result.input = input;
  result.groups = m.namedGroupsObject();
  return result;
};
var RE2JS = class RE2JS2 {
  /**
  * Flag: case insensitive matching.
  */
  static CASE_INSENSITIVE = PublicFlags.CASE_INSENSITIVE;
  /**
  * Flag: dot ({@code .}) matches all characters, including newline.
  */
  static DOTALL = PublicFlags.DOTALL;
  /**
  * Flag: multiline matching: {@code ^} and {@code $} match at beginning and end of line, not just
  * beginning and end of input.
  */
  static MULTILINE = PublicFlags.MULTILINE;
  /**
  * Flag: Unicode groups (e.g. {@code \p\ Greek\} ) will be syntax errors.
  */
  static DISABLE_UNICODE_GROUPS = PublicFlags.DISABLE_UNICODE_GROUPS;
  /**
  * Flag: matches longest possible string.
  */
  static LONGEST_MATCH = PublicFlags.LONGEST_MATCH;
  /**
  * Flag: enable linear-time captureless lookbehinds.
  */
  static LOOKBEHINDS = PublicFlags.LOOKBEHINDS;
  /**
  * Returns a literal pattern string for the specified string.
  *
  * This method produces a string that can be used to create a <code>RE2JS</code> that would
  * match the string <code>s</code> as if it were a literal pattern.
  *
  * Metacharacters or escape sequences in the input sequence will be given no special meaning.
  *
  * @param {string} str The string to be literalized
  * @returns {string} A literal string replacement
  */
  static quote(str2) {
    return Utils.quoteMeta(str2);
  }
  /**
  * Quotes '\' and '$' in {@code str}, so that the returned string could be used in
  * replacement methods as a literal replacement of {@code str}.
  *
  * This is a convenience delegation to {@link Matcher.quoteReplacement}.
  *
  * @param {string} str the string to be quoted
  * @param {boolean} [javaMode=false] whether the replacement will be used in javaMode
  * @returns {string} the quoted string
  */
  static quoteReplacement(str2, javaMode = false) {
    return Matcher.quoteReplacement(str2, javaMode);
  }
  /**
  * Translates a given regular expression string to ensure compatibility with RE2JS.
  *
  * This function preprocesses the input regex string by applying necessary transformations,
  * such as escaping special characters (e.g., `/`), converting named capture groups to
  * RE2JS-compatible syntax, and handling Unicode sequences properly. It ensures that the
  * resulting regex is safe and properly formatted before compilation.
  *
  * @param {string|RegExp} expr - The regular expression string to be translated.
  * @returns {string} - The transformed regular expression string, ready for compilation.
  */
  static translateRegExp(expr) {
    return TranslateRegExpString.translate(expr);
  }
  /**
  * Helper: create new RE2JS with given regex and flags. Flregex is the regex with flags applied.
  * @param {string} regex
  * @param {number} [flags=0]
  * @returns {RE2JS}
  */
  static compile(regex, flags = 0) {
    Utils.checkPattern(regex);
    Utils.checkFlags(flags);
    let fregex = regex;
    if ((flags & RE2JS2.CASE_INSENSITIVE) !== 0) fregex = `(?i)${fregex}`;
    if ((flags & RE2JS2.DOTALL) !== 0) fregex = `(?s)${fregex}`;
    if ((flags & RE2JS2.MULTILINE) !== 0) fregex = `(?m)${fregex}`;
    let re2Flags = RE2Flags.PERL;
    if ((flags & RE2JS2.DISABLE_UNICODE_GROUPS) !== 0) re2Flags &= ~RE2Flags.UNICODE_GROUPS;
    if ((flags & RE2JS2.LOOKBEHINDS) !== 0) re2Flags |= RE2Flags.LOOKBEHIND;
    const p = new RE2JS2(regex, flags);
    p.re2Input = RE2.compileImpl(fregex, re2Flags, (flags & RE2JS2.LONGEST_MATCH) !== 0);
    return p;
  }
  /**
  * Matches a string against a regular expression.
  *
  * @param {string} regex the regular expression
  * @param {string|number[]|Uint8Array} input the input
  * @returns {boolean} true if the regular expression matches the entire input
  * @throws RE2JSSyntaxException if the regular expression is malformed
  */
  static matches(regex, input) {
    return RE2JS2.compile(regex).testExact(input);
  }
  /**
  * This is visible for testing.
  * @private
  */
  static initTest(pattern, flags, re2) {
    if (pattern == null) throw new Error("pattern is null");
    if (re2 == null) throw new Error("re2 is null");
    const p = new RE2JS2(pattern, flags);
    p.re2Input = re2;
    return p;
  }
  /**
  *
  * @param {string} pattern
  * @param {number} flags
  */
  constructor(pattern, flags) {
    this.patternInput = pattern;
    this.flagsInput = flags;
    this.re2Input = null;
  }
  /**
  * Releases memory used by internal caches associated with this pattern. Does not change the
  * observable behaviour. Useful for tests that detect memory leaks via allocation tracking.
  */
  reset() {
    this.re2Input.reset();
  }
  /**
  * Returns the flags used in the constructor.
  * @returns {number}
  */
  flags() {
    return this.flagsInput;
  }
  /**
  * Returns the pattern used in the constructor.
  * @returns {string}
  */
  pattern() {
    return this.patternInput;
  }
  re2() {
    return this.re2Input;
  }
  /**
  * Matches a string against a regular expression.
  *
  * @param {string|number[]|Uint8Array} input the input
  * @returns {boolean} true if the regular expression matches the entire input
  */
  matches(input) {
    return this.testExact(input);
  }
  /**
  * Creates a new {@code Matcher} matching the pattern against the input.
  *
  * @param {string|number[]|Uint8Array|MatcherInputBase} input the input string
  * @returns {Matcher}
  */
  matcher(input) {
    if (Utils.isByteArray(input)) input = MatcherInput.utf8(input);
    return new Matcher(this, input);
  }
  /**
  * Tests whether the regular expression matches any part of the input string.
  * Performance Note: This method is highly optimized. Because it only returns
  * a boolean and does not extract capture groups, it bypasses the `Matcher` overhead
  * and guarantees execution on the high-speed DFA engine whenever possible.
  *
  * @param {string|number[]|Uint8Array} input - The input string or UTF-8 byte array to test against.
  * @returns {boolean} `true` if the pattern is found anywhere in the input, `false` otherwise.
  */
  test(input) {
    if (Utils.isByteArray(input)) return this.re2Input.matchUTF8(input);
    return this.re2Input.match(input);
  }
  /**
  * Tests whether the regular expression matches the ENTIRE input string.
  * * **Performance Note:** This operates identically to `.matches()`, but is significantly
  * faster because it does not request capture group data. By requesting 0 capture groups,
  * it securely routes execution through the DFA fast-path.
  *
  * @param {string|number[]|Uint8Array} input - The input string or UTF-8 byte array to test against.
  * @returns {boolean} `true` if the exact input string fully matches the pattern, `false` otherwise.
  */
  testExact(input) {
    const machineInput = Utils.isByteArray(input) ? MachineInput.fromUTF8(input) : MachineInput.fromUTF16(input);
    return this.re2Input.executeEngine(machineInput, 0, RE2Flags.ANCHOR_BOTH, 0) !== null;
  }
  /**
  * Executes a search for a match in a specified string.
  * Returns a result array, or null if no match is found.
  * The returned array perfectly mirrors standard JavaScript `RegExpExecArray`,
  * including `.index`, `.input`, and `.groups` properties.
  *
  * @param {string|number[]|Uint8Array} input the input string or byte array
  * @returns {Array|null} the match array with index, input, and groups properties, or null
  */
  exec(input) {
    const m = this.matcher(input);
    return m.find() ? execResult(m, input) : null;
  }
  /**
  * Splits input around instances of the regular expression. It returns an array giving the strings
  * that occur before, between, and after instances of the regular expression.
  *
  * If {@code limit <= 0}, there is no limit on the size of the returned array. If
  * {@code limit == 0}, empty strings that would occur at the end of the array are omitted. If
  * {@code limit > 0}, at most limit strings are returned. The final string contains the remainder
  * of the input, possibly including additional matches of the pattern.
  *
  * @param {string} input the input string to be split
  * @param {number} [limit=0] the limit
  * @returns {string[]} the split strings
  */
  split(input, limit = 0) {
    const m = this.matcher(input);
    const result = [];
    let emptiesSkipped = 0;
    let last2 = 0;
    while (m.find()) {
      if (last2 === 0 && m.end() === 0) {
        last2 = m.end();
        continue;
      }
      if (limit > 0 && result.length === limit - 1) break;
      if (last2 === m.start()) {
        if (limit === 0) {
          emptiesSkipped += 1;
          last2 = m.end();
          continue;
        }
      } else while (emptiesSkipped > 0) {
        result.push("");
        emptiesSkipped -= 1;
      }
      result.push(m.substring(last2, m.start()));
      last2 = m.end();
    }
    if (limit === 0 && last2 !== m.inputLength()) {
      while (emptiesSkipped > 0) {
        result.push("");
        emptiesSkipped -= 1;
      }
      result.push(m.substring(last2, m.inputLength()));
    }
    if (limit !== 0 || result.length === 0 && !(last2 === m.inputLength() && last2 > 0)) result.push(m.substring(last2, m.inputLength()));
    return result;
  }
  /**
  * Returns an iterator of all results matching a string against the regular expression,
  * including capturing groups.
  *
  * @param {string|number[]|Uint8Array} input the input string or byte array
  * @returns {IterableIterator<RegExpMatchArray>}
  */
  *matchAll(input) {
    const m = this.matcher(input);
    while (m.find()) yield execResult(m, input);
  }
  /**
  *
  * @returns {string}
  */
  toString() {
    return this.patternInput;
  }
  /**
  * Returns the program size of this pattern.
  *
  * <p>
  * Similar to the C++ implementation, the program size is a very approximate measure of a regexp's
  * "cost". Larger numbers are more expensive than smaller numbers.
  * </p>
  *
  * @returns {number} the program size of this pattern
  */
  programSize() {
    return this.re2Input.numberOfInstructions();
  }
  /**
  * Returns the number of capturing groups in this matcher's pattern. Group zero denotes the entire
  * pattern and is excluded from this count.
  *
  * @returns {number} the number of capturing groups in this pattern
  */
  groupCount() {
    return this.re2Input.numberOfCapturingGroups();
  }
  /**
  * Return a map of the capturing groups in this matcher's pattern, where key is the name and value
  * is the index of the group in the pattern.
  * @returns {Record<string, number>}
  */
  namedGroups() {
    return this.re2Input.namedGroups;
  }
  /**
  *
  * @param {*} other
  * @returns {boolean}
  */
  equals(other) {
    if (this === other) return true;
    if (other === null || this.constructor !== other.constructor) return false;
    return this.flagsInput === other.flagsInput && this.patternInput === other.patternInput;
  }
};

// packages/gotemplate/src/template/functions/regex.ts
var cache2 = /* @__PURE__ */ new Map();
var CACHE_SIZE = 256;
function compileGo(pattern) {
  const cached = cache2.get(pattern);
  if (cached !== void 0) return cached;
  const compiled = compile(pattern);
  if (cache2.size >= CACHE_SIZE) cache2.delete(cache2.keys().next().value ?? "");
  cache2.set(pattern, compiled);
  return compiled;
}
function compile(pattern) {
  let re;
  try {
    re = RE2JS.compile(pattern);
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) throw new Error(error.message);
    throw error;
  }
  const names = new Array(re.groupCount() + 1).fill("");
  for (const [name, index2] of Object.entries(re.namedGroups())) names[index2] = name;
  return { re, names };
}
function quoteMeta(s) {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, "\\$&");
}
function execAt(rx, m, pos) {
  if (!m.find(pos)) return null;
  const groups = [];
  for (let g = 0; g < rx.names.length; g++) groups.push(m.group(g) ?? void 0);
  return { index: m.start(), groups };
}
function matchText(m) {
  return m.groups[0] ?? "";
}
function nextPos(s, pos) {
  const cp = s.codePointAt(pos);
  return pos + (cp !== void 0 && cp > 65535 ? 2 : 1);
}
function allMatches(rx, s, n) {
  const out = [];
  const limit = n < 0 ? s.length + 1 : n;
  let pos = 0;
  let prevEnd = -1;
  const matcher = rx.re.matcher(s);
  while (out.length < limit && pos <= s.length) {
    const m = execAt(rx, matcher, pos);
    if (!m) break;
    const end = m.index + matchText(m).length;
    let accept = true;
    if (end === pos) {
      if (m.index === prevEnd) accept = false;
      pos = pos < s.length ? nextPos(s, pos) : pos + 1;
    } else {
      pos = end;
    }
    prevEnd = end;
    if (accept) out.push(m);
  }
  return out;
}
function expand(template, m, names) {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const dollar = template.indexOf("$", i);
    if (dollar < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, dollar);
    i = dollar + 1;
    if (template[i] === "$") {
      out += "$";
      i++;
      continue;
    }
    const braced = /^\{([A-Za-z0-9_]+)\}/.exec(template.slice(i));
    const bare = /^[A-Za-z0-9_]+/.exec(template.slice(i));
    const name = braced ? braced[1] : bare?.[0];
    if (name === void 0) {
      out += "$";
      continue;
    }
    i += (braced ?? bare)?.[0].length ?? 0;
    let group = -1;
    if (/^\d+$/.test(name)) group = Number(name);
    else group = names.indexOf(name);
    if (group >= 0 && group < m.groups.length) out += m.groups[group] ?? "";
  }
  return out;
}
function replaceAllGo(rx, s, repl, literal) {
  let out = "";
  let lastEnd = 0;
  let searchPos = 0;
  const matcher = rx.re.matcher(s);
  while (searchPos <= s.length) {
    const m = execAt(rx, matcher, searchPos);
    if (!m) break;
    const start = m.index;
    const end = start + matchText(m).length;
    out += s.slice(lastEnd, start);
    if (end > lastEnd || start === 0) out += literal ? repl : expand(repl, m, rx.names);
    lastEnd = end;
    const width = searchPos < s.length ? nextPos(s, searchPos) - searchPos : 0;
    if (searchPos + width > end) searchPos += width;
    else if (searchPos + 1 > end) searchPos++;
    else searchPos = end;
  }
  return out + s.slice(lastEnd);
}
function splitGo(rx, pattern, s, n) {
  if (n === 0) return nilSlice("string");
  if (pattern.length > 0 && s.length === 0) return [""];
  const parts = [];
  let beg = 0;
  let end = 0;
  for (const m of allMatches(rx, s, n)) {
    if (n > 0 && parts.length === n - 1) break;
    end = m.index;
    if (m.index + matchText(m).length !== 0) parts.push(s.slice(beg, end));
    beg = m.index + matchText(m).length;
  }
  if (end !== s.length) parts.push(s.slice(beg));
  return parts;
}
function canBackquote(s) {
  return !/[\x00-\x08\x0a-\x1f\x60\x7f\ufeff]/.test(s);
}
function mustCompile(pattern) {
  try {
    return compileGo(pattern);
  } catch (error) {
    const shown2 = canBackquote(pattern) ? `\`${pattern}\`` : quote(pattern);
    throw new Error(`regexp: Compile(${shown2}): ${error.message}`);
  }
}
function pair2(arity, body) {
  return [
    fn(arity, (a) => body(mustCompile(str(arg(a, 0))), a)),
    fn(arity, (a) => body(compileGo(str(arg(a, 0))), a))
  ];
}
var matches = (rx, a) => rx.re.matcher(str(arg(a, 1))).find();
var [regexFindAll, mustRegexFindAll] = pair2(3, (rx, a) => {
  const found = allMatches(rx, str(arg(a, 1)), int(arg(a, 2))).map(matchText);
  return found.length === 0 ? nilSlice("string") : typedSlice(found, "string");
});
var [regexFind, mustRegexFind] = pair2(2, (rx, a) => {
  const text = str(arg(a, 1));
  const m = execAt(rx, rx.re.matcher(text), 0);
  return m === null ? "" : matchText(m);
});
var [regexReplaceAll, mustRegexReplaceAll] = pair2(
  3,
  (rx, a) => replaceAllGo(rx, str(arg(a, 1)), str(arg(a, 2)), false)
);
var [regexReplaceAllLiteral, mustRegexReplaceAllLiteral] = pair2(
  3,
  (rx, a) => replaceAllGo(rx, str(arg(a, 1)), str(arg(a, 2)), true)
);
var [regexSplit, mustRegexSplit] = pair2(
  3,
  (rx, a) => typedSlice(splitGo(rx, str(arg(a, 0)), str(arg(a, 1)), int(arg(a, 2))), "string")
);
var regexFunctions = {
  // regexMatch swallows a compile error and reports no match.
  regexMatch: fn(2, (a) => {
    try {
      return matches(compileGo(str(arg(a, 0))), a);
    } catch {
      return false;
    }
  }),
  mustRegexMatch: fn(2, (a) => matches(compileGo(str(arg(a, 0))), a)),
  regexFindAll,
  mustRegexFindAll,
  regexFind,
  mustRegexFind,
  regexReplaceAll,
  mustRegexReplaceAll,
  regexReplaceAllLiteral,
  mustRegexReplaceAllLiteral,
  regexSplit,
  mustRegexSplit,
  regexQuoteMeta: fn(1, (a) => quoteMeta(str(arg(a, 0))))
};

// packages/gotemplate/src/template/functions/semver3.ts
var VERSION = /^v?([0-9]+)(?:\.([0-9]+))?(?:\.([0-9]+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;
function parseVersion(s) {
  const m = VERSION.exec(s);
  if (!m) throw new Error("Invalid Semantic Version");
  for (const part2 of [m[1], m[2], m[3]]) {
    if (part2 !== void 0 && BigInt(part2) >= 1n << 64n)
      throw new Error(
        `Error parsing version segment: strconv.ParseUint: parsing ${JSON.stringify(part2)}: value out of range`
      );
  }
  const pre = m[4] ?? "";
  if (pre.split(".").some((p) => /^0\d+$/.test(p))) {
    throw new Error("Version segment starts with 0");
  }
  return {
    major: BigInt(m[1] ?? "0"),
    minor: BigInt(m[2] ?? "0"),
    patch: BigInt(m[3] ?? "0"),
    pre,
    meta: m[5] ?? ""
  };
}
function cmpIdent(a, b) {
  const na = /^\d+$/.test(a);
  const nb = /^\d+$/.test(b);
  if (na && nb) return Math.sign(Number(BigInt(a) - BigInt(b)));
  if (na !== nb) return na ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
function compareVersions(a, b) {
  for (const k of ["major", "minor", "patch"]) {
    if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  }
  if (a.pre === b.pre) return 0;
  if (a.pre === "") return 1;
  if (b.pre === "") return -1;
  const pa = a.pre.split(".");
  const pb = b.pre.split(".");
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    if (pa[i] === void 0) return -1;
    if (pb[i] === void 0) return 1;
    const c = cmpIdent(pa[i] ?? "", pb[i] ?? "");
    if (c !== 0) return c;
  }
  return 0;
}
var WILD = /^[xX*]$/;
function parseConstraint(text) {
  const m = /^(=|!=|>=|=>|<=|=<|>|<|~>|~|\^)?\s*v?(.*)$/.exec(text.trim());
  const op = m?.[1] ?? "";
  const body = m?.[2] ?? "";
  const suffixAt = body.search(/[-+]/);
  const core = suffixAt < 0 ? body : body.slice(0, suffixAt);
  const suffix = suffixAt < 0 ? "" : body.slice(suffixAt);
  const parts = core === "" ? [] : core.split(".");
  if (parts.length > 3) throw new Error(`improper constraint: ${text}`);
  let fixed = 0;
  while (fixed < parts.length && !WILD.test(parts[fixed] ?? "")) fixed++;
  const numbers = parts.slice(0, fixed);
  while (numbers.length < 3) numbers.push("0");
  const v = parseVersion(numbers.join(".") + (fixed === 3 ? suffix : ""));
  return { op, v, fixed };
}
function bump(v, part2) {
  if (part2 === 0) return { major: v.major + 1n, minor: 0n, patch: 0n, pre: "", meta: "" };
  if (part2 === 1) return { major: v.major, minor: v.minor + 1n, patch: 0n, pre: "", meta: "" };
  return { major: v.major, minor: v.minor, patch: v.patch + 1n, pre: "", meta: "" };
}
function check(c, v) {
  if (v.pre !== "" && c.v.pre === "") return false;
  const cmp2 = compareVersions(v, c.v);
  const base = { ...c.v, pre: c.v.pre, meta: "" };
  const upperFor = (part2) => compareVersions(v, bump(base, part2)) < 0;
  switch (c.op) {
    case "":
    case "=":
      if (c.fixed < 3) return cmp2 >= 0 && (c.fixed === 0 || upperFor(c.fixed - 1));
      return cmp2 === 0;
    case "!=":
      if (c.fixed < 3) return !(cmp2 >= 0 && (c.fixed === 0 || upperFor(c.fixed - 1)));
      return cmp2 !== 0;
    case ">":
      if (c.fixed < 3) return c.fixed === 0 ? false : !upperFor(c.fixed - 1);
      return cmp2 > 0;
    case "<":
      return cmp2 < 0;
    case ">=":
    case "=>":
      return cmp2 >= 0;
    case "<=":
    case "=<":
      if (c.fixed < 3) return c.fixed === 0 || upperFor(c.fixed - 1);
      return cmp2 <= 0;
    case "~":
    case "~>":
      return cmp2 >= 0 && upperFor(c.fixed <= 1 ? 0 : 1);
    case "^":
      if (cmp2 < 0) return false;
      if (c.v.major > 0n || c.fixed <= 1) return upperFor(0);
      if (c.v.minor > 0n || c.fixed === 2) return upperFor(1);
      return upperFor(2);
  }
  return false;
}
function satisfies(constraint, version) {
  return constraint.split("||").some((group) => {
    const ranged = group.replace(
      /([^\s,]+)\s+-\s+([^\s,]+)/g,
      (_, lo, hi) => `>=${lo},<=${hi}`
    );
    const parts = [...ranged.matchAll(/(?:!=|>=|=>|<=|=<|~>|[=><~^])?\s*v?[0-9xX*][^\s,]*/g)].map(
      (m) => m[0]
    );
    if (parts.length === 0) throw new Error(`improper constraint: ${constraint}`);
    return parts.map(parseConstraint).every((c) => check(c, version));
  });
}

// packages/gotemplate/src/template/functions/semver.ts
var CV = "v?([0-9|x|X|\\*]+)(\\.[0-9|x|X|\\*]+)?(\\.[0-9|x|X|\\*]+)?(-([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?(\\+([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?";
var VERSION2 = /^v?([0-9]+)(\.[0-9]+)?(\.[0-9]+)?(-([0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*))?(\+([0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*))?$/;
var CONSTRAINT = new RegExp(`^\\s*(!=|>=|=>|<=|=<|~>|=|>|<|~|\\^|)\\s*(${CV})\\s*$`);
var RANGE = new RegExp(`\\s*(${CV})\\s+-\\s+(${CV})\\s*`, "g");
var INT64_MAX2 = (1n << 63n) - 1n;
function parseVersion2(v) {
  const m = VERSION2.exec(v);
  if (m === null) throw new Error("Invalid Semantic Version");
  const segment = (text) => {
    if (text === void 0) return 0n;
    const digits = text.replace(/^\./, "");
    const n = BigInt(digits);
    if (n > INT64_MAX2) {
      throw new Error(
        `Error parsing version segment: strconv.ParseInt: parsing ${JSON.stringify(digits)}: value out of range`
      );
    }
    return n;
  };
  return {
    major: segment(m[1]),
    minor: segment(m[2]),
    patch: segment(m[3]),
    pre: m[5] ?? "",
    metadata: m[8] ?? "",
    original: v
  };
}
function versionString(v) {
  let text = `${v.major}.${v.minor}.${v.patch}`;
  if (v.pre !== "") text += `-${v.pre}`;
  if (v.metadata !== "") text += `+${v.metadata}`;
  return text;
}
function cmp(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
var UINT = /^[0-9]+$/;
function comparePrePart(s, o) {
  if (s === o) return 0;
  if (s === "") return -1;
  if (o === "") return 1;
  const sNumber = UINT.test(s) && BigInt(s) < 1n << 64n;
  const oNumber = UINT.test(o) && BigInt(o) < 1n << 64n;
  if (!sNumber && !oNumber) return s > o ? 1 : -1;
  if (!oNumber) return -1;
  if (!sNumber) return 1;
  return BigInt(s) > BigInt(o) ? 1 : -1;
}
function compare(v, o) {
  const d = cmp(v.major, o.major) || cmp(v.minor, o.minor) || cmp(v.patch, o.patch);
  if (d !== 0) return d;
  if (v.pre === "" && o.pre === "") return 0;
  if (v.pre === "") return 1;
  if (o.pre === "") return -1;
  const sp = v.pre.split(".");
  const op = o.pre.split(".");
  for (let i = 0; i < Math.max(sp.length, op.length); i++) {
    const c = comparePrePart(sp[i] ?? "", op[i] ?? "");
    if (c !== 0) return c;
  }
  return 0;
}
var isX = (x) => x === "x" || x === "*" || x === "X";
function parseConstraint2(c) {
  const m = CONSTRAINT.exec(c);
  if (m === null) throw new Error(`improper constraint: ${c}`);
  let ver = m[2] ?? "";
  let dirty = false;
  let minorDirty = false;
  let patchDirty = false;
  const minor = m[4] ?? "";
  if (isX(m[3])) {
    ver = "0.0.0";
    dirty = true;
  } else if (isX(minor.replace(/^\./, "")) || minor === "") {
    minorDirty = true;
    dirty = true;
    ver = `${m[3]}.0.0${m[6] ?? ""}`;
  } else if (isX((m[5] ?? "").replace(/^\./, ""))) {
    dirty = true;
    patchDirty = true;
    ver = `${m[3]}${minor}.0${m[6] ?? ""}`;
  }
  let con;
  try {
    con = parseVersion2(ver);
  } catch {
    throw new Error("constraint Parser Error");
  }
  return { op: m[1] ?? "", con, dirty, minorDirty, patchDirty };
}
function excludesPrerelease(v, c) {
  return v.pre !== "" && c.con.pre === "";
}
function tilde(v, c) {
  if (excludesPrerelease(v, c)) return false;
  if (compare(v, c.con) < 0) return false;
  if (c.con.major === 0n && c.con.minor === 0n && c.con.patch === 0n && !c.minorDirty && !c.patchDirty)
    return true;
  if (v.major !== c.con.major) return false;
  if (v.minor !== c.con.minor && !c.minorDirty) return false;
  return true;
}
function lessDirty(v, c) {
  if (v.major > c.con.major) return false;
  if (v.minor > c.con.minor && !c.minorDirty) return false;
  return true;
}
function check2(c, v) {
  switch (c.op) {
    case "":
    case "=":
      if (excludesPrerelease(v, c)) return false;
      return c.dirty ? tilde(v, c) : compare(v, c.con) === 0;
    case "!=":
      if (!c.dirty) return compare(v, c.con) !== 0;
      if (excludesPrerelease(v, c)) return false;
      if (c.con.major !== v.major) return true;
      return c.con.minor !== v.minor && !c.minorDirty;
    case ">":
      return !excludesPrerelease(v, c) && compare(v, c.con) === 1;
    case "<":
      if (excludesPrerelease(v, c)) return false;
      return c.dirty ? lessDirty(v, c) : compare(v, c.con) < 0;
    case ">=":
    case "=>":
      return !excludesPrerelease(v, c) && compare(v, c.con) >= 0;
    case "<=":
    case "=<":
      if (excludesPrerelease(v, c)) return false;
      return c.dirty ? lessDirty(v, c) : compare(v, c.con) <= 0;
    case "~":
    case "~>":
      return tilde(v, c);
    case "^":
      if (excludesPrerelease(v, c)) return false;
      return compare(v, c.con) >= 0 && v.major === c.con.major;
  }
  return false;
}
function parseConstraints(text) {
  const rewritten = text.replace(RANGE, (...m) => `>= ${m[1]}, <= ${m[11]}`);
  return rewritten.split("||").map((group) => group.split(",").map(parseConstraint2));
}
function satisfies2(constraints, v) {
  return constraints.some((group) => group.every((c) => check2(c, v)));
}
var structMethods = (v) => {
  const other = (value) => {
    const version = versionOf.get(value);
    if (version === void 0) {
      throw new Error(
        `wrong type for value; expected *semver.Version; got ${value === null ? "<nil>" : value instanceof GoStruct ? value.typeName : typeof value}`
      );
    }
    return version;
  };
  const setter = (field, invalid) => ({
    arity: 1,
    call: (a) => {
      const text = str(arg(a, 0));
      if (text.length > 0 && !/^[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*$/.test(text)) {
        throw new Error(invalid);
      }
      return versionValue(withOriginal({ ...v, [field]: text }, v));
    }
  });
  return /* @__PURE__ */ new Map([
    ["Compare", { arity: 1, call: (a) => BigInt(compare(v, other(arg(a, 0)))) }],
    ["LessThan", { arity: 1, call: (a) => compare(v, other(arg(a, 0))) < 0 }],
    ["GreaterThan", { arity: 1, call: (a) => compare(v, other(arg(a, 0))) > 0 }],
    ["Equal", { arity: 1, call: (a) => compare(v, other(arg(a, 0))) === 0 }],
    ["SetPrerelease", setter("pre", "Invalid Prerelease string")],
    ["SetMetadata", setter("metadata", "Invalid Metadata string")]
  ]);
};
function withOriginal(next, from) {
  const prefix = from.original.startsWith("v") ? "v" : "";
  return { ...next, original: prefix + versionString({ ...next, original: "" }) };
}
var versionOf = /* @__PURE__ */ new WeakMap();
function versionPointer(v) {
  const methods = new Map(structMethods(v));
  methods.set("String", { arity: 0, call: () => versionString(v) });
  for (const part2 of ["patch", "minor", "major"]) {
    const name = `Inc${part2[0].toUpperCase()}${part2.slice(1)}`;
    methods.set(name, { arity: 0, call: () => versionValue(incremented(v, part2)) });
  }
  const struct = new GoStruct(
    "*semver.Version",
    [
      ["Major", new GoInt(v.major, "int64")],
      ["Minor", new GoInt(v.minor, "int64")],
      ["Patch", new GoInt(v.patch, "int64")],
      ["Prerelease", v.pre],
      ["Metadata", v.metadata],
      ["Original", v.original]
    ],
    { text: versionString(v), marshal: "json-text", methods, goSyntax: `&${goSyntax(v)}` }
  );
  versionOf.set(struct, v);
  return struct;
}
function goSyntax(v) {
  return `semver.Version{major:${v.major}, minor:${v.minor}, patch:${v.patch}, pre:${quote(v.pre)}, metadata:${quote(v.metadata)}, original:${quote(v.original)}}`;
}
function incremented(v, part2) {
  const bare = { ...v, pre: "", metadata: "" };
  const next = part2 === "major" ? { ...bare, major: v.major + 1n, minor: 0n, patch: 0n } : part2 === "minor" ? { ...bare, minor: v.minor + 1n, patch: 0n } : v.pre !== "" ? bare : { ...bare, patch: v.patch + 1n };
  return withOriginal(next, v);
}
function versionValue(v) {
  return new GoStruct(
    "semver.Version",
    [
      ["major", new GoInt(v.major, "int64")],
      ["minor", new GoInt(v.minor, "int64")],
      ["patch", new GoInt(v.patch, "int64")],
      ["pre", v.pre],
      ["metadata", v.metadata],
      ["original", v.original]
    ],
    { marshal: "empty", goSyntax: goSyntax(v) }
  );
}
function sprig3Version(s) {
  const v = parseVersion(s);
  let text = `${v.major}.${v.minor}.${v.patch}`;
  if (v.pre !== "") text += `-${v.pre}`;
  if (v.meta !== "") text += `+${v.meta}`;
  return new GoStruct(
    "*semver.Version",
    [
      ["Major", new GoInt(v.major, "uint64")],
      ["Minor", new GoInt(v.minor, "uint64")],
      ["Patch", new GoInt(v.patch, "uint64")],
      ["Prerelease", v.pre],
      ["Metadata", v.meta],
      ["Original", s]
    ],
    text
  );
}
function operatorOrSprig3(operator, sprig3, context, what) {
  try {
    return operator();
  } catch (error) {
    let result;
    try {
      result = sprig3();
    } catch {
      throw error;
    }
    context?.notice(
      "operator-fails",
      `the operator's semver 1.5.0 fails on ${what} ("${error instanceof Error ? error.message : String(error)}"); sprig 3's semver 3.2 accepts it`
    );
    return result;
  }
}
var semverFunctions = {
  semver: fn(1, (a, context) => {
    const s = str(arg(a, 0));
    return operatorOrSprig3(
      () => versionPointer(parseVersion2(s)),
      () => sprig3Version(s),
      context,
      JSON.stringify(s)
    );
  }),
  semverCompare: fn(2, (a, context) => {
    const constraint = str(arg(a, 0));
    const version = str(arg(a, 1));
    return operatorOrSprig3(
      () => satisfies2(parseConstraints(constraint), parseVersion2(version)),
      () => satisfies(constraint, parseVersion(version)),
      context,
      `${JSON.stringify(constraint)} and ${JSON.stringify(version)}`
    );
  })
};

// packages/gotemplate/src/template/functions/url.ts
function unescape(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new Error(`unable to parse url: invalid URL escape in ${JSON.stringify(s)}`);
  }
}
function parseUrl(raw2) {
  let rest2 = raw2;
  let fragment = "";
  const hash = rest2.indexOf("#");
  if (hash >= 0) {
    fragment = unescape(rest2.slice(hash + 1));
    rest2 = rest2.slice(0, hash);
  }
  let scheme = "";
  const sm = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest2);
  if (sm) {
    scheme = (sm[1] ?? "").toLowerCase();
    rest2 = rest2.slice(sm[0].length);
  }
  let query = "";
  const q = rest2.indexOf("?");
  if (q >= 0) {
    query = rest2.slice(q + 1);
    rest2 = rest2.slice(0, q);
  }
  let opaque = "";
  let host = "";
  let userinfo = "";
  let path = "";
  if (scheme !== "" && !rest2.startsWith("/")) {
    opaque = rest2;
  } else {
    if (rest2.startsWith("//")) {
      const end = rest2.indexOf("/", 2);
      let authority = end < 0 ? rest2.slice(2) : rest2.slice(2, end);
      rest2 = end < 0 ? "" : rest2.slice(end);
      const at = authority.lastIndexOf("@");
      if (at >= 0) {
        userinfo = authority.slice(0, at);
        authority = authority.slice(at + 1);
      }
      host = unescape(authority);
    }
    path = unescape(rest2);
  }
  const hostname = host.startsWith("[") ? host.slice(1, host.indexOf("]")) : host.replace(/:[0-9]*$/, "");
  return { scheme, host, hostname, path, query, opaque, fragment, userinfo };
}
function part(d, key) {
  const value = d?.get(key);
  if (value === void 0) return "";
  if (typeof value !== "string") {
    throw new Error(
      `unable to parse ${key} key, must be of type string, but ${kindName(value)} found`
    );
  }
  return value;
}
function escapePath(p) {
  return encodeURI(p).replace(/[?#]/g, (c) => encodeURIComponent(c));
}
function joinUrl(d) {
  const scheme = part(d, "scheme");
  const host = part(d, "host");
  const path = part(d, "path");
  const query = part(d, "query");
  const opaque = part(d, "opaque");
  const fragment = part(d, "fragment");
  const userinfo = part(d, "userinfo");
  let out = scheme === "" ? "" : scheme + ":";
  if (opaque !== "") {
    out += opaque;
  } else {
    if (scheme !== "" || host !== "" || userinfo !== "") {
      if (host !== "" || path !== "" || userinfo !== "") out += "//";
      if (userinfo !== "") out += userinfo + "@";
      out += host;
    }
    if (path !== "" && !path.startsWith("/") && host !== "") out += "/";
    out += escapePath(path);
  }
  if (query !== "") out += "?" + query;
  if (fragment !== "") out += "#" + encodeURI(fragment);
  return out;
}
var urlFunctions = {
  urlParse: fn(1, (a) => GoMap.fromRecord(parseUrl(str(arg(a, 0))))),
  urlJoin: fn(1, (a) => joinUrl(dictArg(arg(a, 0))))
};

// packages/gotemplate/src/template/functions/sprig3-only.ts
var sprig3OnlyFunctions = /* @__PURE__ */ new Set([
  "add1f",
  "addf",
  "all",
  "any",
  "chunk",
  "dig",
  "divf",
  "duration",
  "durationRound",
  "fromJson",
  "get",
  "maxf",
  "minf",
  "mulf",
  "mustAppend",
  "mustChunk",
  "mustCompact",
  "mustDeepCopy",
  "mustFirst",
  "mustFromJson",
  "mustHas",
  "mustInitial",
  "mustLast",
  "mustMerge",
  "mustMergeOverwrite",
  "mustPrepend",
  "mustPush",
  "mustRegexFind",
  "mustRegexFindAll",
  "mustRegexMatch",
  "mustRegexReplaceAll",
  "mustRegexReplaceAllLiteral",
  "mustRegexSplit",
  "mustRest",
  "mustReverse",
  "mustSlice",
  "mustToJson",
  "mustToPrettyJson",
  "mustToRawJson",
  "mustUniq",
  "mustWithout",
  "osBase",
  "osClean",
  "osDir",
  "osExt",
  "osIsAbs",
  "regexQuoteMeta",
  "seq",
  "subf",
  "toRawJson"
]);

// packages/gotemplate/src/template/functions/index.ts
var sprigFunctions = {
  ...stringFunctions,
  ...mathFunctions,
  ...listFunctions,
  ...dictFunctions,
  ...defaultFunctions,
  ...encodingFunctions,
  ...reflectionFunctions,
  ...regexFunctions,
  ...pathFunctions,
  ...semverFunctions,
  ...urlFunctions,
  ...dateFunctions,
  ...passwordFunctions
};
var templateFunctions = new Map(
  Object.entries({ ...sprigFunctions, ...customFunctions }).filter(
    ([name]) => !excludedFunctions.has(name)
  )
);
var goJsonTemplateFunctions = new Map([
  ...templateFunctions,
  ...Object.entries(goJsonFunctions)
]);

// packages/gotemplate/src/template/calls.ts
function functionCalls(template) {
  const positions = [];
  const visitArg = (arg2) => {
    if (arg2.kind === "identifier") positions.push({ name: arg2.name, pos: arg2.pos });
    else if (arg2.kind === "pipe") visitPipe(arg2);
    else if (arg2.kind === "chain") visitArg(arg2.node);
  };
  const visitPipe = (pipe) => {
    for (const cmd of pipe?.cmds ?? []) cmd.args.forEach(visitArg);
  };
  const visitList = (list) => {
    for (const node of list ?? []) {
      switch (node.kind) {
        case "action":
          visitPipe(node.pipe);
          break;
        case "if":
        case "range":
        case "with":
          visitPipe(node.pipe);
          visitList(node.list);
          visitList(node.elseList);
          break;
        case "template":
          visitPipe(node.pipe);
          break;
        default:
          break;
      }
    }
  };
  for (const tree of template.trees.values()) visitList(tree.root);
  positions.sort((a, b) => a.pos - b.pos);
  const lineStarts = [0];
  for (let i = template.text.indexOf("\n"); i >= 0; i = template.text.indexOf("\n", i + 1))
    lineStarts.push(i + 1);
  return positions.map(({ name, pos }) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if ((lineStarts[mid] ?? 0) <= pos) lo = mid;
      else hi = mid - 1;
    }
    return { name, line: lo + 1 };
  });
}

// packages/core/src/render/manifests.ts
var MAX_NESTED_RENDERS = 8;
function renderManifest(manifest, data, limits = defaultTemplateLimits, notices = []) {
  const own = [];
  try {
    const output = renderNested(manifest, data, limits, own, templateFunctions);
    appendAll(notices, own);
    return output;
  } catch (error) {
    const json2 = own.filter((n) => n.kind === "json-interface-map");
    if (json2.length === 0) throw error;
    const asOperator = [];
    let output;
    try {
      const operatorManifest = parseTemplate(manifest.text, goJsonTemplateFunctions, manifest.name);
      output = renderNested(operatorManifest, data, limits, asOperator, goJsonTemplateFunctions);
    } catch {
      throw error;
    }
    const first2 = json2[0];
    appendAll(notices, asOperator);
    notices.push({
      kind: "json-fallback",
      function: first2.function,
      message: describeFailure(error),
      line: first2.line,
      round: first2.round
    });
    return output;
  }
}
function describeFailure(error) {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof ManifestError && error.nested ? `nested re-render ${error.round} failed: ${message}` : message;
}
function renderNested(manifest, data, limits, notices, functions) {
  const budget = new Budget(limits);
  let round2 = 0;
  const sink = (n) => notices.push({ ...n, round: round2 });
  let output = executeTemplate(manifest, data, budget, sink);
  for (; output.includes("{{"); ) {
    if (round2 === MAX_NESTED_RENDERS) {
      throw new ManifestError(
        -1,
        new Error(
          `the output still contains "{{" after ${MAX_NESTED_RENDERS} nested re-renders; a config value or template keeps producing template syntax. Escape literal braces or remove the self-reference`
        ),
        round2,
        output
      );
    }
    const text = output;
    round2++;
    try {
      output = executeTemplate(parseTemplate(text, functions), data, budget, sink);
    } catch (error) {
      throw new ManifestError(-1, error, round2, text);
    }
  }
  return output;
}
function renderRole(manifests, data, notices = []) {
  const parts = [];
  manifests.forEach((manifest, index2) => {
    let output;
    const own = [];
    try {
      output = renderManifest(manifest, data, defaultTemplateLimits, own);
    } catch (error) {
      throw error instanceof ManifestError ? new ManifestError(index2, error.cause, error.round, error.renderedText) : new ManifestError(index2, error);
    }
    for (const n of own) notices.push({ ...n, manifest: index2 });
    if (output !== "") parts.push(output);
  });
  return parts.join("---\n");
}
var ManifestError = class extends Error {
  index;
  /** 0: the manifest's own execution; n: the n-th nested re-render of its output. */
  round;
  /** The text the failing re-render executed (the previous round's output), when round > 0. */
  renderedText;
  constructor(index2, cause, round2 = 0, renderedText) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "ManifestError";
    this.index = index2;
    this.round = round2;
    this.renderedText = renderedText;
  }
  /** Failed in a nested re-render: Go's line is a line of the output, not of the manifest. */
  get nested() {
    return this.round > 0;
  }
};

// packages/core/src/render/render-notices.ts
function noticeWarning(template, notice) {
  const line = notice.round === 0 ? templateFileLine(template, notice.manifest, notice.line) : template.origin.line;
  const inManifest = notice.round === 0 ? `manifest ${notice.manifest + 1}` : `nested re-render ${notice.round} of the output of manifest ${notice.manifest + 1}`;
  const fn2 = `\`${notice.function}\``;
  let message;
  switch (notice.kind) {
    case "operator-fails":
      message = `${inManifest}: ${fn2} renders here but fails on the Kalypso operator: ${notice.message}. This Template would not render on the operator; keep it only if you do not move back.`;
      break;
    case "json-interface-map":
      message = `${inManifest}: ${fn2} received a mapping parsed from a config value. The operator's ${notice.function} prints "" for it (Go's encoding/json cannot encode map[interface {}]interface {}); kalypso-actions writes the JSON, so this output differs from the operator's (a config file the operator did not write at all when the JSON was its only content). See docs/migrating-from-the-operator.md#differences-you-will-see.`;
      break;
    case "json-fallback":
      message = `${inManifest}: the JSON ${fn2} writes for a mapping parsed from a config value made this manifest fail (${notice.message}); it was rendered as the operator renders it instead, with ${notice.function} printing "" for that mapping (docs/decisions/json-of-config-mappings.md). Quote or escape the template syntax in the config value if you want the JSON.`;
      break;
  }
  return asWarning({
    file: template.origin.file,
    line,
    object: describeObject(template),
    message
  });
}
function collectNoticeWarnings(notices) {
  const byKey = /* @__PURE__ */ new Map();
  for (const { warning, where } of notices) {
    const key = `${warning.file}\0${warning.line}\0${warning.object}\0${warning.message}`;
    const entry = byKey.get(key);
    if (entry === void 0) byKey.set(key, { warning, wheres: [where] });
    else if (!entry.wheres.includes(where)) entry.wheres.push(where);
  }
  return [...byKey.values()].map(({ warning, wheres }) => ({
    ...warning,
    message: `${warning.message} (seen rendering ${wheres[0]}${wheres.length > 1 ? ` and ${wheres.length - 1} more assignment${wheres.length > 2 ? "s" : ""}` : ""})`
  }));
}

// packages/core/src/render/template-error.ts
var EXEC_PREFIX = /^template: [^:]*:(\d+):(\d+): executing "(?:[^"\\]|\\.)*" at <(.*?)>: ([\s\S]*)$/;
var PARSE_PREFIX = /^template: [^:]*:(\d+): ?([\s\S]*)$/;
var UNKNOWN_FIELD = /^can't evaluate field (\w+) in type scheduler\.dataType$/;
function explainTemplateError(message, data, text = "manifest") {
  const of = text === "manifest" ? "the manifest" : "the re-rendered output";
  const exec = EXEC_PREFIX.exec(message);
  if (exec === null) {
    const parse = PARSE_PREFIX.exec(message);
    return parse === null ? message : `at line ${parse[1]} of ${of}: ${parse[2] ?? ""}`;
  }
  const [, line, col, node, detail = ""] = exec;
  const at = `at line ${line}, column ${col} of ${of}`;
  const unknown = UNKNOWN_FIELD.exec(detail);
  if (unknown === null || !(data instanceof GoStruct)) return `${at} (at <${node}>): ${detail}`;
  const name = unknown[1] ?? "";
  const fields = [...data.fields.keys()];
  const suggestion = suggestField(name, data);
  return `${at}: \`.${name}\` is not a field of the template data (its fields are ${fields.map((f) => `.${f}`).join(", ")})${suggestion === void 0 ? "" : `; use \`${suggestion}\``}`;
}
function suggestField(name, data) {
  const lower = name.toLowerCase();
  for (const [field, value] of data.fields) {
    if (!(value instanceof GoMap)) continue;
    for (const key of value.entries.keys()) {
      if (typeof key === "string" && key.toLowerCase() === lower) return `.${field}.${key}`;
    }
  }
  let best;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const field of data.fields.keys()) {
    const d = distance(lower, field.toLowerCase());
    if (d < bestDistance) {
      best = `.${field}`;
      bestDistance = d;
    }
  }
  return best;
}
function distance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

// packages/core/src/render/assignment-package.ts
var STAND_INS = {
  configData: new GoMap(),
  labels: new GoMap(),
  manifests: new GoMap()
};
function configDataPart(context, memo, sources) {
  const parts = context.keyParts?.config;
  if (parts?.has(sources)) return parts.get(sources);
  const encoding = canonicalGoValue(context.config.collectFrom(sources));
  const part2 = encoding === void 0 ? void 0 : memo.part(`C${encoding}`);
  parts?.set(sources, part2);
  return part2;
}
function targetPartsOf(context, memo, target) {
  const parts = context.keyParts?.targets;
  if (parts?.has(target)) return parts.get(target);
  const labels = canonicalGoValue(GoMap.ofStrings(target.labels));
  const manifests = canonicalGoValue(GoMap.ofStrings(target.manifests));
  const found = labels === void 0 || manifests === void 0 ? void 0 : [memo.part(`L${labels}`), memo.part(`M${manifests}`)];
  parts?.set(target, found);
  return found;
}
function renderAssignment(context, assignment, memo, taken) {
  const { target, clusterType } = assignment;
  const subject = {
    clusterType: { name: clusterType.name, labels: clusterType.labels },
    target: { name: target.name, labels: target.labels }
  };
  const where = `deployment target '${target.name}' on cluster type '${clusterType.name}'`;
  const sources = context.config.sourcesOf(subject);
  const schemas = [
    ...context.view.configSchemas.filter((s) => labelsMatchSubject(s.labels, subject)).map((s) => ({
      text: s.schema,
      origin: `${describeObject(s)} (${s.origin.file}:${s.origin.line})`
    })),
    ...target.configSchemas.map((text) => ({
      text,
      origin: target.object === void 0 ? `${describeObject(target.workload)} target '${target.entry.name}' (${target.workload.origin.file}:${target.entry.line})` : `${describeObject(target.object)} (${target.object.origin.file}:${target.object.origin.line})`
    }))
  ];
  const roles = {
    reconciler: clusterType.reconciler,
    namespace: clusterType.namespaceService,
    config: clusterType.configType
  };
  let key;
  if (memo !== void 0) {
    const reconciler = context.templates.get(roles.reconciler)?.template;
    const namespace = context.templates.get(roles.namespace)?.template;
    const config = context.templates.get(roles.config)?.template;
    const configPart = configDataPart(context, memo, sources);
    const targetParts = targetPartsOf(context, memo, assignment.target);
    if (reconciler && namespace && config && configPart !== void 0 && targetParts) {
      key = assignmentKey(memo, {
        data: templateData(context.view.name, assignment, STAND_INS),
        shared: [
          [STAND_INS.configData, configPart],
          [STAND_INS.labels, targetParts[0]],
          [STAND_INS.manifests, targetParts[1]]
        ],
        schemaParts: schemas.map((s) => memo.part(`S${s.text}`)),
        templates: [reconciler, namespace, config]
      });
      if (key !== void 0 && taken?.(key)) return { indexed: key };
      const found = key === void 0 ? void 0 : memo.get(key);
      if (found !== void 0 && key !== void 0) return { reused: found, key };
    }
  }
  const configData = context.config.collectFrom(sources);
  const data = templateData(context.view.name, assignment, {
    configData,
    labels: GoMap.ofStrings(target.labels),
    manifests: GoMap.ofStrings(target.manifests)
  });
  const invalid = schemas.length > 0 ? checkConfigData(configData, schemas) : void 0;
  if (invalid !== void 0) {
    const supplied = suppliedBy(
      invalid.text,
      configData,
      (key2) => context.config.suppliers(subject, key2)
    );
    const at = supplied.at ?? { file: target.workload.origin.file, line: target.entry.line };
    const targetLine = supplied.at === void 0 ? "" : `
The deployment target is defined at ${target.workload.origin.file}:${target.entry.line}.`;
    return {
      file: at.file,
      line: at.line,
      object: `Assignment of ${where}`,
      message: `${invalid.text}${supplied.text}${targetLine}
${whatToChange(invalid, (key2) => context.config.suppliers(subject, key2))}`
    };
  }
  const out = { reconciler: "", namespace: "", config: "" };
  const notices = [];
  for (const role of ["reconciler", "namespace", "config"]) {
    const compiled = context.templates.get(roles[role]);
    if (!compiled) {
      return { object: `Assignment of ${where}`, message: `Template '${roles[role]}' not found.` };
    }
    const raised = [];
    try {
      out[role] = renderRole(compiled.manifests, data, raised);
    } catch (error) {
      return renderFailure(compiled.template, role, where, error, data);
    }
    for (const notice of raised)
      notices.push({ warning: noticeWarning(compiled.template, notice), where });
  }
  const configTemplate = context.templates.get(clusterType.configType).template;
  return {
    clusterType: clusterType.name,
    target: target.name,
    reconciler: out.reconciler,
    namespace: out.namespace,
    config: out.config,
    configFileName: configTemplate.contentType === "sh" ? "platform-config.sh" : "platform-config.yaml",
    notices,
    ...key === void 0 ? {} : { key }
  };
}
function renderFailure(t, role, where, error, data) {
  const message = error instanceof Error ? error.message : String(error);
  const manifestError = error instanceof ManifestError ? error : void 0;
  const inside = /^template: [^:]*:(\d+):/.exec(message)?.[1];
  const line = manifestError !== void 0 && !manifestError.nested && inside !== void 0 ? templateFileLine(t, manifestError.index, Number(inside)) : t.origin.line;
  const manifest = manifestError !== void 0 && (t.manifests.length > 1 || manifestError.nested) ? ` (manifest ${manifestError.index + 1})` : "";
  if (manifestError?.nested && message.startsWith('the output still contains "{{"')) {
    const line2 = manifestError.renderedText?.split("\n").find((l) => l.includes("{{")) ?? "";
    return {
      file: t.origin.file,
      line: t.origin.line,
      object: describeObject(t),
      message: `rendering the ${role} for ${where} failed (manifest ${manifestError.index + 1}): ${message}. The last nested re-render still produced ${JSON.stringify(line2.length > 160 ? `${line2.slice(0, 157)}...` : line2)}.`
    };
  }
  if (manifestError?.nested) {
    const outputLine = inside === void 0 ? void 0 : manifestError.renderedText?.split("\n")[Number(inside) - 1];
    const shown2 = outputLine === void 0 ? "" : ` That line of the output reads ${JSON.stringify(outputLine.length > 160 ? `${outputLine.slice(0, 157)}...` : outputLine)}.`;
    return {
      file: t.origin.file,
      line,
      object: describeObject(t),
      message: `rendering the ${role} for ${where} failed in nested re-render ${manifestError.round} of the output of manifest ${manifestError.index + 1}: its output still contained "{{" (from a config value or the template), so it was rendered again as a template, and that failed: ${explainTemplateError(message, data, "output")}.${shown2} Escape template syntax that should stay literal ({{ "{{" }}), or fix the text that produces it.`
    };
  }
  return {
    file: t.origin.file,
    line,
    object: describeObject(t),
    message: `rendering the ${role} for ${where} failed${manifest}: ${explainTemplateError(message, data)}. Fix the template or the data it reads.`
  };
}
function whatToChange(invalid, suppliersOf) {
  const lines = [];
  for (const { schema, lines: text } of invalid.failures) {
    const fixes = [];
    for (const line of text.split("\n")) {
      const missing = /^ ?- (\S+) is required$/.exec(line);
      if (missing !== null) {
        fixes.push(
          `add ${missing[1]} to a platform-config ConfigMap that applies to this assignment, or drop it from the schema's "required"`
        );
        continue;
      }
      const wrong = /^ ?- ([^\s:]+): (.*)$/.exec(line);
      if (wrong === null) continue;
      const key = wrong[1].split(".")[0];
      const winner = suppliersOf(key)[0];
      fixes.push(
        winner === void 0 ? `${wrong[1]} (${wrong[2]}): give it a value the schema accepts` : `${wrong[1]} (${wrong[2]}): change it in ${winner.text} to a value the schema accepts`
      );
    }
    lines.push(
      fixes.length === 0 ? `${schema.origin} rejects the config data: fix the schema or the config.` : `${schema.origin} rejects the config data. To fix it, ${fixes.join("; ")} \u2014 or change the schema.`
    );
  }
  return lines.join("\n");
}
function suppliedBy(invalid, configData, suppliersOf) {
  const keys = /* @__PURE__ */ new Set();
  for (const match of invalid.matchAll(/^ ?- ([^\s:]+): /gm)) {
    const field = match[1] ?? "";
    keys.add(field.split(".")[0] ?? field);
  }
  const lines = [];
  let at;
  for (const key of keys) {
    const from = suppliersOf(key);
    if (from.length === 0) continue;
    const winner = from[0];
    if (at === void 0 && winner.file !== void 0 && winner.line !== void 0)
      at = { file: winner.file, line: winner.line };
    const value = configData.get(key);
    const shown2 = typeof value === "string" ? JSON.stringify(value) : "a structured value";
    lines.push(`${key} = ${shown2} comes from ${from.map((s) => s.text).join(", overriding ")}`);
  }
  if (lines.length === 0) return { text: "", at: void 0 };
  return { text: `${invalid.endsWith("\n") ? "" : "\n"}${lines.join("\n")}`, at };
}
function templateData(environment, assignment, shared) {
  const { target, clusterType } = assignment;
  return new GoStruct("scheduler.dataType", [
    ["DeploymentTargetName", target.name],
    ["Namespace", `${environment}-${clusterType.name}-${target.name}`],
    ["Environment", target.entry.environment],
    ["Workspace", target.workspace],
    ["Workload", target.workload.name],
    ["Labels", shared.labels],
    ["Manifests", shared.manifests],
    ["ClusterType", clusterType.name],
    ["ConfigData", shared.configData]
  ]);
}
function isPackage(value) {
  return "reconciler" in value;
}
function isReused(value) {
  return "reused" in value;
}
function isIndexed(value) {
  return "indexed" in value;
}

// packages/core/src/render/template-cache.ts
function compileTemplates(templates, used, problems, warnings) {
  const compiled = /* @__PURE__ */ new Map();
  for (const template of templates.values()) {
    const manifests = [];
    let ok = true;
    template.manifests.forEach((text, index2) => {
      try {
        manifests.push(parseTemplate(text, templateFunctions));
      } catch (error) {
        if (!(error instanceof TemplateError)) throw error;
        ok = false;
        const parsed = parseErrorText(error.message);
        const problem = {
          file: template.origin.file,
          line: parsed.line === void 0 ? template.origin.line : templateFileLine(template, index2, parsed.line),
          object: describeObject(template),
          message: `manifest ${index2 + 1} does not parse${parsed.line === void 0 ? "" : ` (its line ${parsed.line})`}: ${parsed.text}. Fix the template${/function "[^"]*" not defined/.test(error.message) ? ' (excluded functions such as "env", "now" and "rand*" are not available: rendering must be deterministic)' : ""}${used.has(template.name) ? "" : "; no scheduled cluster type uses this Template yet, so nothing failed"}.`
        };
        if (used.has(template.name)) problems.push(problem);
        else warnings.push(asWarning(problem));
      }
    });
    if (ok) {
      compiled.set(template.name, { template, manifests });
      appendAll(warnings, sprig3OnlyCalls(template, manifests));
    }
  }
  return compiled;
}
var OPERATOR_EQUIVALENT = {
  get: '`index` (it prints <no value> instead of "" for a missing key: wrap it in `default ""`)',
  dig: "nested `index` inside `with`",
  seq: "`until` or `untilStep`",
  toRawJson: "`toJson`",
  duration: "`printf`",
  addf: "`add` (integers only)",
  subf: "`sub` (integers only)",
  mulf: "`mul` (integers only)",
  divf: "`div` (integers only)",
  add1f: "`add1` (integers only)",
  maxf: "`max` (integers only)",
  minf: "`min` (integers only)",
  osBase: "`base`",
  osClean: "`clean`",
  osDir: "`dir`",
  osExt: "`ext`",
  osIsAbs: "`isAbs`"
};
function sprig3OnlyCalls(template, manifests) {
  const seen = /* @__PURE__ */ new Map();
  manifests.forEach((manifest, index2) => {
    for (const call of functionCalls(manifest)) {
      if (!sprig3OnlyFunctions.has(call.name)) continue;
      const first2 = seen.get(call.name);
      if (first2 === void 0) seen.set(call.name, { manifest: index2, line: call.line, count: 1 });
      else first2.count++;
    }
  });
  return [...seen].map(([name, at]) => {
    const plain = name.startsWith("must") ? `${name.slice(4, 5).toLowerCase()}${name.slice(5)}` : "";
    const instead = OPERATOR_EQUIVALENT[name] ?? (plain !== "" && !sprig3OnlyFunctions.has(plain) ? `\`${plain}\`` : void 0);
    return asWarning({
      file: template.origin.file,
      line: templateFileLine(template, at.manifest, at.line),
      object: describeObject(template),
      message: `manifest ${at.manifest + 1} calls \`${name}\`${at.count > 1 ? ` (${at.count} times in this Template)` : ""}, a sprig 3 function the Kalypso operator's sprig 2.22 does not have: this Template would not render on the operator (function "${name}" not defined). It renders here; ${instead === void 0 ? "rewrite it without this function" : `use ${instead}`} if the operator must still render this control plane.`
    });
  });
}
function parseErrorText(message) {
  const match = /^template: [^:]*:(\d+):(?:\d+:)? ?([\s\S]*)$/.exec(message);
  if (match === null) return { line: void 0, text: message };
  return { line: Number(match[1]), text: match[2] ?? "" };
}

// packages/core/src/render/render-environment.ts
var FIXED_NAMES = /* @__PURE__ */ new Set([
  "README.md",
  "reconciler.yaml",
  "namespace.yaml",
  "platform-config.yaml",
  "platform-config.sh"
]);
var ROLES2 = [
  ["reconciler", "reconciler"],
  ["namespaceService", "namespaceService"],
  ["configType", "configType"]
];
function scheduleEnvironmentSources(sources, options = {}) {
  const limits = inputLimits(options.limits);
  const assembled = assembleEnvironment(sources, limits, options.loads);
  const problems = [...assembled.problems];
  const targets = deploymentTargetsOf(assembled.view, problems);
  const assignments = schedule(assembled.view, targets);
  return {
    view: assembled.view,
    targets,
    assignments,
    problems,
    loadFailed: assembled.problems.length > 0,
    warnings: assembled.warnings,
    notes: assembled.notes,
    limits,
    environmentBranch: sources.controlPlane.files.length > 0
  };
}
function renderEnvironment(sources, options = {}) {
  return renderScheduled(scheduleEnvironmentSources(sources, options), options);
}
function renderScheduled(scheduled, options = {}) {
  const wantKeys = options.keys === true || options.index !== void 0;
  const memo = options.memo ?? (wantKeys ? new RenderMemo(options.digest ? { digest: options.digest } : {}) : void 0);
  const { view, notes, targets, assignments, limits, environmentBranch } = scheduled;
  const problems = [...scheduled.problems];
  const warnings = [...scheduled.warnings];
  const linted = options.warnings !== false || wantKeys;
  if (linted)
    appendAll(
      warnings,
      lintSchedule(view, targets, assignments, { environmentBranch }).map(asWarning)
    );
  const scheduledTypes = new Set(assignments.map((a) => a.clusterType.name));
  const usedTemplates = /* @__PURE__ */ new Set();
  const blockedTypes = /* @__PURE__ */ new Set();
  for (const clusterType of view.clusterTypes) {
    const scheduled2 = scheduledTypes.has(clusterType.name);
    for (const [field] of ROLES2) {
      const templateName = clusterType[field];
      if (scheduled2) usedTemplates.add(templateName);
      if (view.templates.has(templateName)) continue;
      if (scheduled2) blockedTypes.add(clusterType.name);
      if (view.unreadable.has(`Template/${templateName}`)) continue;
      const problem = {
        file: clusterType.origin.file,
        line: clusterType.origin.line,
        object: describeObject(clusterType),
        message: scheduled2 ? `Template '${templateName}' (spec.${field}) not found: templates.scheduler.kalypso.io "${templateName}" not found. Add the Template to main and promote it, or name an existing one.` : `Template '${templateName}' (spec.${field}) not found: templates.scheduler.kalypso.io "${templateName}" not found. Nothing is scheduled on this cluster type, so nothing was rendered for it; add the Template before a policy selects it.`
      };
      if (scheduled2) problems.push(problem);
      else warnings.push(asWarning(problem));
    }
  }
  const templates = compileTemplates(view.templates, usedTemplates, problems, warnings);
  const context = {
    view,
    templates,
    config: configCollectorOf(view.configMaps),
    keyParts: { config: /* @__PURE__ */ new Map(), targets: /* @__PURE__ */ new Map() }
  };
  const baseRepo = view.baseRepos.find((b) => b.name === "main");
  const gitOpsRepo = view.gitOpsRepos[0];
  const gitopsPath = normaliseGitOpsPath(gitOpsRepo?.path ?? ".");
  const lint = renderedLint(view);
  const builder = generatedFilesBuilder(
    view.clusterTypes.map((c) => c.name),
    gitopsPath
  );
  let outputBytes = 0;
  const notices = [];
  const reused = /* @__PURE__ */ new Set();
  const indexed = new IndexUse(options.index, wantKeys, gitopsPath);
  const reached = options.index === void 0 || memo === void 0 ? void 0 : options.reached;
  const whole = options.index === void 0 || memo === void 0 ? void 0 : options.whole;
  for (const assignment of assignments) {
    const { clusterType, target } = assignment;
    if (blockedTypes.has(clusterType.name)) continue;
    if (ROLES2.some(([field]) => !templates.has(clusterType[field]))) continue;
    if (whole?.has(clusterType.name)) continue;
    const folder = indexed.start(assignment);
    if (reached !== void 0 && !reached.has(clusterType.name) && indexed.takeUnkeyed(folder))
      continue;
    const result = renderAssignment(context, assignment, memo, indexed.taken(memo, folder));
    if (memo !== void 0) indexed.keep(memo, folder, result);
    if (isIndexed(result)) continue;
    if (isReused(result)) {
      reused.add(assignment);
      outputBytes += problems.length === 0 ? builder.addEncoded(result.reused) : result.reused.reconciler.length + result.reused.namespace.length + (result.reused.config?.length ?? 0);
    } else if (!isPackage(result)) {
      problems.push(result);
      continue;
    } else {
      if (linted) lint.add(result);
      appendAll(notices, result.notices);
      if (problems.length > 0)
        outputBytes += utf8Length(result.reconciler) + utf8Length(result.namespace) + utf8Length(result.config);
      else if (memo !== void 0 && result.key !== void 0) {
        const encoded = builder.encode(result);
        memo.set(result.key, encoded);
        outputBytes += builder.addEncoded(encoded);
      } else outputBytes += builder.add(result);
    }
    if (outputBytes > limits.maxOutputBytes) {
      problems.push({
        file: target.workload.origin.file,
        line: target.entry.line,
        object: `Assignment of deployment target '${target.name}' on cluster type '${clusterType.name}'`,
        message: `the rendered GitOps files of environment '${view.name}' exceed the output budget of ${formatBytes(limits.maxOutputBytes)} with this assignment (Templates '${clusterType.reconciler}', '${clusterType.namespaceService}', '${clusterType.configType}'); rendering stopped. Look for a template or config value that produces runaway output (repeat, range, nested values), or raise the output limit.`
      });
      break;
    }
  }
  const warningsBefore = warnings.length;
  appendAll(warnings, lint.warnings().map(asWarning), collectNoticeWarnings(notices));
  const indexable = warnings.length === warningsBefore;
  if (problems.length > 0) return { ok: false, problems, warnings, notes };
  const files = builder.finish(baseRepo?.commit ?? "");
  const unsafe = [];
  let safeFolder;
  for (const path of files.keys()) {
    const slash = path.lastIndexOf("/");
    if (safeFolder !== void 0 && slash === safeFolder.length && path.startsWith(safeFolder) && FIXED_NAMES.has(path.slice(slash + 1)))
      continue;
    const reason = unsafeTreePathReason(path);
    if (reason !== void 0) unsafe.push({ path, reason });
    else if (slash > 0 && FIXED_NAMES.has(path.slice(slash + 1))) safeFolder = path.slice(0, slash);
  }
  if (unsafe.length > 0) {
    return {
      ok: false,
      problems: unsafe.map(({ path, reason }) => ({
        message: `refusing to write '${JSON.stringify(path).slice(1, -1)}': ${reason}, outside the GitOps tree. Nothing was written; check the names of cluster types, Workloads and deployment targets and GitOpsRepo spec.path.`
      })),
      warnings,
      notes
    };
  }
  return {
    ok: true,
    rendered: {
      view,
      targets,
      assignments,
      baseRepo,
      gitOpsRepo,
      gitopsPath,
      files,
      ...reused.size === 0 ? {} : { reused },
      ...indexed.result(indexable)
    },
    warnings,
    notes
  };
}
var collectors = /* @__PURE__ */ new WeakMap();
function configCollectorOf(configMaps) {
  let found = collectors.get(configMaps);
  if (found === void 0) collectors.set(configMaps, found = newCollector(configMaps));
  return found;
}
function newCollector(configMaps) {
  return new ConfigCollector(
    configMaps.map((c) => ({
      name: c.name,
      labels: c.labels,
      data: c.data,
      origin: `${c.origin.file}:${c.origin.line}`,
      file: c.origin.file,
      ...c.dataLines === void 0 ? {} : { dataLines: c.dataLines }
    }))
  );
}

// node_modules/diff/libesm/diff/base.js
var Diff = class {
  diff(oldStr, newStr, options = {}) {
    let callback;
    if (typeof options === "function") {
      callback = options;
      options = {};
    } else if ("callback" in options) {
      callback = options.callback;
    }
    const oldString = this.castInput(oldStr, options);
    const newString = this.castInput(newStr, options);
    const oldTokens = this.removeEmpty(this.tokenize(oldString, options));
    const newTokens = this.removeEmpty(this.tokenize(newString, options));
    return this.diffWithOptionsObj(oldTokens, newTokens, options, callback);
  }
  diffWithOptionsObj(oldTokens, newTokens, options, callback) {
    var _a;
    const done = (value) => {
      value = this.postProcess(value, options);
      if (callback) {
        setTimeout(function() {
          callback(value);
        }, 0);
        return void 0;
      } else {
        return value;
      }
    };
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let editLength = 1;
    let maxEditLength = newLen + oldLen;
    if (options.maxEditLength != null) {
      maxEditLength = Math.min(maxEditLength, options.maxEditLength);
    }
    const maxExecutionTime = (_a = options.timeout) !== null && _a !== void 0 ? _a : Infinity;
    const abortAfterTimestamp = Date.now() + maxExecutionTime;
    const bestPath = [{ oldPos: -1, lastComponent: void 0 }];
    let newPos = this.extractCommon(bestPath[0], newTokens, oldTokens, 0, options);
    if (bestPath[0].oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
      return done(this.buildValues(bestPath[0].lastComponent, newTokens, oldTokens));
    }
    let minDiagonalToConsider = -Infinity, maxDiagonalToConsider = Infinity;
    const execEditLength = () => {
      for (let diagonalPath = Math.max(minDiagonalToConsider, -editLength); diagonalPath <= Math.min(maxDiagonalToConsider, editLength); diagonalPath += 2) {
        let basePath2;
        const removePath = bestPath[diagonalPath - 1], addPath = bestPath[diagonalPath + 1];
        if (removePath) {
          bestPath[diagonalPath - 1] = void 0;
        }
        let canAdd = false;
        if (addPath) {
          const addPathNewPos = addPath.oldPos - diagonalPath;
          canAdd = addPath && 0 <= addPathNewPos && addPathNewPos < newLen;
        }
        const canRemove = removePath && removePath.oldPos + 1 < oldLen;
        if (!canAdd && !canRemove) {
          bestPath[diagonalPath] = void 0;
          continue;
        }
        if (!canRemove || canAdd && removePath.oldPos < addPath.oldPos) {
          basePath2 = this.addToPath(addPath, true, false, 0, options);
        } else {
          basePath2 = this.addToPath(removePath, false, true, 1, options);
        }
        newPos = this.extractCommon(basePath2, newTokens, oldTokens, diagonalPath, options);
        if (basePath2.oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
          return done(this.buildValues(basePath2.lastComponent, newTokens, oldTokens)) || true;
        } else {
          bestPath[diagonalPath] = basePath2;
          if (basePath2.oldPos + 1 >= oldLen) {
            maxDiagonalToConsider = Math.min(maxDiagonalToConsider, diagonalPath - 1);
          }
          if (newPos + 1 >= newLen) {
            minDiagonalToConsider = Math.max(minDiagonalToConsider, diagonalPath + 1);
          }
        }
      }
      editLength++;
    };
    if (callback) {
      (function exec() {
        setTimeout(function() {
          if (editLength > maxEditLength || Date.now() > abortAfterTimestamp) {
            return callback(void 0);
          }
          if (!execEditLength()) {
            exec();
          }
        }, 0);
      })();
    } else {
      while (editLength <= maxEditLength && Date.now() <= abortAfterTimestamp) {
        const ret = execEditLength();
        if (ret) {
          return ret;
        }
      }
    }
  }
  addToPath(path, added, removed, oldPosInc, options) {
    const last2 = path.lastComponent;
    if (last2 && !options.oneChangePerToken && last2.added === added && last2.removed === removed) {
      return {
        oldPos: path.oldPos + oldPosInc,
        lastComponent: { count: last2.count + 1, added, removed, previousComponent: last2.previousComponent }
      };
    } else {
      return {
        oldPos: path.oldPos + oldPosInc,
        lastComponent: { count: 1, added, removed, previousComponent: last2 }
      };
    }
  }
  extractCommon(basePath2, newTokens, oldTokens, diagonalPath, options) {
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let oldPos = basePath2.oldPos, newPos = oldPos - diagonalPath, commonCount = 0;
    while (newPos + 1 < newLen && oldPos + 1 < oldLen && this.equals(oldTokens[oldPos + 1], newTokens[newPos + 1], options)) {
      newPos++;
      oldPos++;
      commonCount++;
      if (options.oneChangePerToken) {
        basePath2.lastComponent = { count: 1, previousComponent: basePath2.lastComponent, added: false, removed: false };
      }
    }
    if (commonCount && !options.oneChangePerToken) {
      basePath2.lastComponent = { count: commonCount, previousComponent: basePath2.lastComponent, added: false, removed: false };
    }
    basePath2.oldPos = oldPos;
    return newPos;
  }
  equals(left, right, options) {
    if (options.comparator) {
      return options.comparator(left, right);
    } else {
      return left === right || !!options.ignoreCase && left.toLowerCase() === right.toLowerCase();
    }
  }
  removeEmpty(array) {
    const ret = [];
    for (let i = 0; i < array.length; i++) {
      if (array[i]) {
        ret.push(array[i]);
      }
    }
    return ret;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  castInput(value, options) {
    return value;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  tokenize(value, options) {
    return Array.from(value);
  }
  join(chars) {
    return chars.join("");
  }
  postProcess(changeObjects, options) {
    return changeObjects;
  }
  get useLongestToken() {
    return false;
  }
  buildValues(lastComponent, newTokens, oldTokens) {
    const components = [];
    let nextComponent;
    while (lastComponent) {
      components.push(lastComponent);
      nextComponent = lastComponent.previousComponent;
      delete lastComponent.previousComponent;
      lastComponent = nextComponent;
    }
    components.reverse();
    const componentLen = components.length;
    let componentPos = 0, newPos = 0, oldPos = 0;
    for (; componentPos < componentLen; componentPos++) {
      const component = components[componentPos];
      if (!component.removed) {
        if (!component.added && this.useLongestToken) {
          let value = newTokens.slice(newPos, newPos + component.count);
          value = value.map(function(value2, i) {
            const oldValue = oldTokens[oldPos + i];
            return oldValue.length > value2.length ? oldValue : value2;
          });
          component.value = this.join(value);
        } else {
          component.value = this.join(newTokens.slice(newPos, newPos + component.count));
        }
        newPos += component.count;
        if (!component.added) {
          oldPos += component.count;
        }
      } else {
        component.value = this.join(oldTokens.slice(oldPos, oldPos + component.count));
        oldPos += component.count;
      }
    }
    return components;
  }
};

// node_modules/diff/libesm/diff/line.js
var LineDiff = class extends Diff {
  constructor() {
    super(...arguments);
    this.tokenize = tokenize;
  }
  equals(left, right, options) {
    if (options.ignoreWhitespace) {
      if (!options.newlineIsToken || !left.includes("\n")) {
        left = left.trim();
      }
      if (!options.newlineIsToken || !right.includes("\n")) {
        right = right.trim();
      }
    } else if (options.ignoreNewlineAtEof && !options.newlineIsToken) {
      if (left.endsWith("\n")) {
        left = left.slice(0, -1);
      }
      if (right.endsWith("\n")) {
        right = right.slice(0, -1);
      }
    }
    return super.equals(left, right, options);
  }
};
var lineDiff = new LineDiff();
function diffLines(oldStr, newStr, options) {
  return lineDiff.diff(oldStr, newStr, options);
}
function tokenize(value, options) {
  if (options.stripTrailingCr) {
    value = value.replace(/\r\n/g, "\n");
  }
  const retLines = [], linesAndNewlines = value.split(/(\n|\r\n)/);
  if (!linesAndNewlines[linesAndNewlines.length - 1]) {
    linesAndNewlines.pop();
  }
  for (let i = 0; i < linesAndNewlines.length; i++) {
    const line = linesAndNewlines[i];
    if (i % 2 && !options.newlineIsToken) {
      retLines[retLines.length - 1] += line;
    } else {
      retLines.push(line);
    }
  }
  return retLines;
}

// node_modules/diff/libesm/patch/create.js
function needsQuoting(s) {
  for (let i = 0; i < s.length; i++) {
    if (s[i] < " " || s[i] > "~" || s[i] === '"' || s[i] === "\\") {
      return true;
    }
  }
  return false;
}
function quoteFileNameIfNeeded(s) {
  if (!needsQuoting(s)) {
    return s;
  }
  let result = '"';
  const bytes = new TextEncoder().encode(s);
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b === 7) {
      result += "\\a";
    } else if (b === 8) {
      result += "\\b";
    } else if (b === 9) {
      result += "\\t";
    } else if (b === 10) {
      result += "\\n";
    } else if (b === 11) {
      result += "\\v";
    } else if (b === 12) {
      result += "\\f";
    } else if (b === 13) {
      result += "\\r";
    } else if (b === 34) {
      result += '\\"';
    } else if (b === 92) {
      result += "\\\\";
    } else if (b >= 32 && b <= 126) {
      result += String.fromCharCode(b);
    } else {
      result += "\\" + b.toString(8).padStart(3, "0");
    }
    i++;
  }
  result += '"';
  return result;
}
var INCLUDE_HEADERS = {
  includeIndex: true,
  includeUnderline: true,
  includeFileHeaders: true
};
function structuredPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, options) {
  let optionsObj;
  if (!options) {
    optionsObj = {};
  } else if (typeof options === "function") {
    optionsObj = { callback: options };
  } else {
    optionsObj = options;
  }
  if (typeof optionsObj.context === "undefined") {
    optionsObj.context = 4;
  }
  const context = optionsObj.context;
  if (optionsObj.newlineIsToken) {
    throw new Error("newlineIsToken may not be used with patch-generation functions, only with diffing functions");
  }
  if (!optionsObj.callback) {
    return diffLinesResultToPatch(diffLines(oldStr, newStr, optionsObj));
  } else {
    const { callback } = optionsObj;
    diffLines(oldStr, newStr, Object.assign(Object.assign({}, optionsObj), { callback: (diff) => {
      const patch = diffLinesResultToPatch(diff);
      callback(patch);
    } }));
  }
  function diffLinesResultToPatch(diff) {
    if (!diff) {
      return;
    }
    diff.push({ value: "", lines: [] });
    function contextLines(lines) {
      return lines.map(function(entry) {
        return " " + entry;
      });
    }
    const hunks = [];
    let oldRangeStart = 0, newRangeStart = 0, curRange = [], oldLine = 1, newLine = 1;
    for (let i = 0; i < diff.length; i++) {
      const current = diff[i], lines = current.lines || splitLines(current.value);
      current.lines = lines;
      if (current.added || current.removed) {
        if (!oldRangeStart) {
          const prev = diff[i - 1];
          oldRangeStart = oldLine;
          newRangeStart = newLine;
          if (prev) {
            curRange = context > 0 ? contextLines(prev.lines.slice(-context)) : [];
            oldRangeStart -= curRange.length;
            newRangeStart -= curRange.length;
          }
        }
        for (const line of lines) {
          curRange.push((current.added ? "+" : "-") + line);
        }
        if (current.added) {
          newLine += lines.length;
        } else {
          oldLine += lines.length;
        }
      } else {
        if (oldRangeStart) {
          if (lines.length <= context * 2 && i < diff.length - 2) {
            for (const line of contextLines(lines)) {
              curRange.push(line);
            }
          } else {
            const contextSize = Math.min(lines.length, context);
            for (const line of contextLines(lines.slice(0, contextSize))) {
              curRange.push(line);
            }
            const hunk = {
              oldStart: oldRangeStart,
              oldLines: oldLine - oldRangeStart + contextSize,
              newStart: newRangeStart,
              newLines: newLine - newRangeStart + contextSize,
              lines: curRange
            };
            hunks.push(hunk);
            oldRangeStart = 0;
            newRangeStart = 0;
            curRange = [];
          }
        }
        oldLine += lines.length;
        newLine += lines.length;
      }
    }
    for (const hunk of hunks) {
      for (let i = 0; i < hunk.lines.length; i++) {
        if (hunk.lines[i].endsWith("\n")) {
          hunk.lines[i] = hunk.lines[i].slice(0, -1);
        } else {
          hunk.lines.splice(i + 1, 0, "\\ No newline at end of file");
          i++;
        }
      }
    }
    return {
      oldFileName,
      newFileName,
      oldHeader,
      newHeader,
      hunks
    };
  }
}
function formatPatch(patch, headerOptions) {
  var _a, _b, _c, _d, _e, _f;
  if (!headerOptions) {
    headerOptions = INCLUDE_HEADERS;
  }
  if (Array.isArray(patch)) {
    if (patch.length > 1 && !headerOptions.includeFileHeaders && !patch.every((p) => p.isGit)) {
      throw new Error("Cannot omit file headers on a multi-file patch. (The result would be unparseable; how would a tool trying to apply the patch know which changes are to which file?)");
    }
    return patch.map((p) => formatPatch(p, headerOptions)).join("\n");
  }
  const ret = [];
  if (patch.isGit) {
    headerOptions = INCLUDE_HEADERS;
    if (!patch.oldFileName) {
      throw new Error("oldFileName must be specified for Git patches");
    }
    if (!patch.newFileName) {
      throw new Error("newFileName must be specified for Git patches");
    }
    let gitOldName = patch.oldFileName;
    let gitNewName = patch.newFileName;
    if (patch.isCreate && gitOldName === "/dev/null") {
      gitOldName = gitNewName.replace(/^b\//, "a/");
    } else if (patch.isDelete && gitNewName === "/dev/null") {
      gitNewName = gitOldName.replace(/^a\//, "b/");
    }
    ret.push("diff --git " + quoteFileNameIfNeeded(gitOldName) + " " + quoteFileNameIfNeeded(gitNewName));
    if (patch.isDelete) {
      ret.push("deleted file mode " + ((_a = patch.oldMode) !== null && _a !== void 0 ? _a : "100644"));
    }
    if (patch.isCreate) {
      ret.push("new file mode " + ((_b = patch.newMode) !== null && _b !== void 0 ? _b : "100644"));
    }
    if (patch.oldMode && patch.newMode && !patch.isDelete && !patch.isCreate) {
      ret.push("old mode " + patch.oldMode);
      ret.push("new mode " + patch.newMode);
    }
    if (patch.isRename) {
      ret.push("rename from " + quoteFileNameIfNeeded(((_c = patch.oldFileName) !== null && _c !== void 0 ? _c : "").replace(/^a\//, "")));
      ret.push("rename to " + quoteFileNameIfNeeded(((_d = patch.newFileName) !== null && _d !== void 0 ? _d : "").replace(/^b\//, "")));
    }
    if (patch.isCopy) {
      ret.push("copy from " + quoteFileNameIfNeeded(((_e = patch.oldFileName) !== null && _e !== void 0 ? _e : "").replace(/^a\//, "")));
      ret.push("copy to " + quoteFileNameIfNeeded(((_f = patch.newFileName) !== null && _f !== void 0 ? _f : "").replace(/^b\//, "")));
    }
  } else {
    if (headerOptions.includeIndex && patch.oldFileName == patch.newFileName && patch.oldFileName !== void 0) {
      ret.push("Index: " + patch.oldFileName);
    }
    if (headerOptions.includeUnderline) {
      ret.push("===================================================================");
    }
  }
  const hasHunks = patch.hunks.length > 0;
  if (headerOptions.includeFileHeaders && patch.oldFileName !== void 0 && patch.newFileName !== void 0 && (!patch.isGit || hasHunks)) {
    ret.push("--- " + quoteFileNameIfNeeded(patch.oldFileName) + (patch.oldHeader ? "	" + patch.oldHeader : ""));
    ret.push("+++ " + quoteFileNameIfNeeded(patch.newFileName) + (patch.newHeader ? "	" + patch.newHeader : ""));
  }
  for (let i = 0; i < patch.hunks.length; i++) {
    const hunk = patch.hunks[i];
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    ret.push("@@ -" + oldStart + "," + hunk.oldLines + " +" + newStart + "," + hunk.newLines + " @@");
    for (const line of hunk.lines) {
      ret.push(line);
    }
  }
  return ret.join("\n") + "\n";
}
function createTwoFilesPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, options) {
  if (typeof options === "function") {
    options = { callback: options };
  }
  if (!(options === null || options === void 0 ? void 0 : options.callback)) {
    const patchObj = structuredPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, options);
    if (!patchObj) {
      return;
    }
    return formatPatch(patchObj, options === null || options === void 0 ? void 0 : options.headerOptions);
  } else {
    const { callback } = options;
    structuredPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, Object.assign(Object.assign({}, options), { callback: (patchObj) => {
      if (!patchObj) {
        callback(void 0);
      } else {
        callback(formatPatch(patchObj, options.headerOptions));
      }
    } }));
  }
}
function splitLines(text) {
  const hasTrailingNl = text.endsWith("\n");
  const result = text.split("\n").map((line) => line + "\n");
  if (hasTrailingNl) {
    result.pop();
  } else {
    result.push(result.pop().slice(0, -1));
  }
  return result;
}

// packages/core/src/render/file-diff.ts
var MAX_DIFFED_FILE = 256 * 1024;
var MAX_EDIT_LENGTH = 2e4;
var decoder = new TextDecoder();
function diffFiles(before, after) {
  const out = [];
  const differing = [];
  for (const [path, b] of after) {
    const a = before.get(path);
    if (a === void 0 || a !== b && !sameBytes(a, b)) differing.push(path);
  }
  for (const path of before.keys()) if (!after.has(path)) differing.push(path);
  for (const path of differing.sort(compareBytes)) {
    const a = before.get(path);
    const b = after.get(path);
    const oldText = a === void 0 ? "" : decoder.decode(a);
    const newText = b === void 0 ? "" : decoder.decode(b);
    if (a !== void 0 && b !== void 0 && oldText === newText) continue;
    const status = a === void 0 ? "added" : b === void 0 ? "removed" : "changed";
    out.push({ path, status, patch: unifiedDiff(path, status, oldText, newText) });
  }
  return out;
}
function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
function unifiedDiff(path, status, oldText, newText) {
  if (oldText.length > MAX_DIFFED_FILE || newText.length > MAX_DIFFED_FILE) return "";
  const patch = createTwoFilesPatch(
    status === "added" ? "/dev/null" : `a/${path}`,
    status === "removed" ? "/dev/null" : `b/${path}`,
    oldText,
    newText,
    void 0,
    void 0,
    // Bounded work on hostile input, deterministic (no timeout): past it, no line diff.
    { context: 3, maxEditLength: MAX_EDIT_LENGTH }
  );
  return patch === void 0 ? "" : patch.replace(/^=+\n/, "");
}

// packages/core/src/render/compare.ts
var MAX_VALUE_LENGTH = 120;
function compareRenders(environment, before, after, options = {}) {
  const from = before && targetOf(before);
  const to = targetOf(after);
  const moved = before !== void 0 && from !== void 0 && to !== void 0 && from !== to;
  const files = moved ? [...diffFiles(under(before), /* @__PURE__ */ new Map()), ...diffFiles(/* @__PURE__ */ new Map(), under(after))] : diffFiles(
    only(before?.files ?? /* @__PURE__ */ new Map(), options.differOnlyAt),
    only(after.files, options.differOnlyAt)
  );
  const { wasOf, inNow, wasCount, wasByType, nowByType } = pairAssignments(before, after);
  const typesBefore = new Set((before?.view.clusterTypes ?? []).map((c) => c.name));
  const typesAfter = new Set(after.view.clusterTypes.map((c) => c.name));
  const changedFolders = new Set(
    moved ? [...after.files.keys()].map((path) => folderOf(path, after.gitopsPath)) : files.map((f) => folderOf(f.path, after.gitopsPath))
  );
  const changedTypes = new Set([...changedFolders].map((f) => f.slice(0, f.indexOf("/"))));
  const collectors2 = {
    before: before ? collectorOf(before) : void 0,
    after: collectorOf(after)
  };
  const clusterTypes = [];
  const removals = [];
  for (const clusterType of [.../* @__PURE__ */ new Set([...typesBefore, ...typesAfter])].sort(compareBytes)) {
    const status = !typesBefore.has(clusterType) ? "added" : !typesAfter.has(clusterType) ? "removed" : "kept";
    const ofType = (m) => m.get(clusterType) ?? [];
    const added = ofType(nowByType).filter((a) => wasOf(a) === void 0).map((a) => ({
      target: a.target.name,
      reasons: a.policies.map((p) => `selected by policy '${p}'`)
    }));
    const removed = ofType(wasByType).filter((a) => !inNow(a)).map((a) => ({ target: a.target.name, reasons: whyRemoved(a, after) }));
    const kept = ofType(nowByType).filter((a) => wasOf(a) !== void 0);
    const rerendered = changedTypes.has(clusterType) ? kept.filter((a) => changedFolders.has(`${clusterType}/${a.target.name}`)).map((a) => a.target.name) : [];
    const compared = before?.reused === void 0 ? kept : kept.filter((a) => !before.reused.has(wasOf(a)));
    const config = collectors2.before === void 0 ? [] : configChanges(compared, wasOf, collectors2.before, collectors2.after);
    added.sort((a, b) => compareBytes(a.target, b.target));
    removed.sort((a, b) => compareBytes(a.target, b.target));
    rerendered.sort(compareBytes);
    if (status === "kept" && added.length + removed.length + rerendered.length === 0) {
      if (config.length === 0) continue;
    }
    if (status === "removed") removals.push(`cluster type '${clusterType}' is removed`);
    for (const r of removed)
      removals.push(`assignment '${r.target}' on cluster type '${clusterType}' is removed`);
    clusterTypes.push({ clusterType, status, added, removed, rerendered, config });
  }
  if (before && before.files.size > 0 && after.assignments.length === 0 && wasCount > 0)
    removals.unshift(`every assignment of environment '${environment}' is removed`);
  if (moved && before.files.size > 0)
    removals.unshift(
      `environment '${environment}' moves its GitOps target from ${from} to ${to}: ${from} loses all ${before.files.size} files`
    );
  return {
    environment,
    kind: "compared",
    baseBroken: before === void 0,
    clusterTypes,
    files,
    removals
  };
}
function only(files, paths) {
  if (paths === void 0) return files;
  const kept = /* @__PURE__ */ new Map();
  for (const path of paths) {
    const bytes = files.get(path);
    if (bytes !== void 0) kept.set(path, bytes);
  }
  return kept;
}
function pairAssignments(before, after) {
  if (before !== void 0 && before.assignments === after.assignments) {
    const byType = byClusterType(after.assignments);
    return {
      wasOf: (a) => a,
      inNow: () => true,
      wasCount: after.assignments.length,
      wasByType: byType,
      nowByType: byType
    };
  }
  const key = (a) => `${a.clusterType.name}\0${a.target.name}`;
  const was = new Map((before?.assignments ?? []).map((a) => [key(a), a]));
  const now = new Map(after.assignments.map((a) => [key(a), a]));
  return {
    wasOf: (a) => was.get(key(a)),
    inNow: (a) => now.has(key(a)),
    wasCount: was.size,
    wasByType: byClusterType(was.values()),
    nowByType: byClusterType(now.values())
  };
}
function byClusterType(assignments) {
  const grouped = /* @__PURE__ */ new Map();
  for (const a of assignments) {
    const list = grouped.get(a.clusterType.name);
    if (list === void 0) grouped.set(a.clusterType.name, [a]);
    else list.push(a);
  }
  return grouped;
}
function whyRemoved(assignment, after) {
  const clusterType = after.view.clusterTypes.find((c) => c.name === assignment.clusterType.name);
  if (!clusterType) return [`cluster type '${assignment.clusterType.name}' no longer exists`];
  const target = after.targets.find((t) => t.name === assignment.target.name);
  if (!target) return [`deployment target '${assignment.target.name}' no longer exists`];
  const explanation = explainPair(after.view, target, clusterType);
  if (explanation.policies.length === 0) return ["no scheduling policy is left"];
  return explanation.policies.map((p) => `policy '${p.policy}': ${p.reason}`);
}
function collectorOf(rendered) {
  return configCollectorOf(rendered.view.configMaps);
}
function collect(collector, a) {
  return collector.collect({
    clusterType: { name: a.clusterType.name, labels: a.clusterType.labels },
    target: { name: a.target.name, labels: a.target.labels }
  });
}
function configChanges(kept, wasOf, before, after) {
  const found = /* @__PURE__ */ new Map();
  for (const a of kept) {
    const old = collect(before, wasOf(a));
    const now = collect(after, a);
    const keys = new Set([...old.entries.keys(), ...now.entries.keys()].map((k) => String(k)));
    for (const name of keys) {
      const o = shown(old, name);
      const n = shown(now, name);
      if (o === n) continue;
      const id = `${name}\0${o ?? ""}\0${n ?? ""}`;
      const entry = found.get(id) ?? {
        key: name,
        ...o === void 0 ? {} : { before: o },
        ...n === void 0 ? {} : { after: n },
        targets: []
      };
      entry.targets.push(a.target.name);
      found.set(id, entry);
    }
  }
  return [...found.values()].map((e) => ({ key: e.key, before: e.before, after: e.after, targets: e.targets.sort() })).sort((a, b) => compareBytes(a.key, b.key) || compareBytes(a.before ?? "", b.before ?? ""));
}
function shown(map, name) {
  for (const [k, v] of map.entries) {
    if (String(k) !== name) continue;
    const text = formatValue(v);
    return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}\u2026` : text;
  }
  return void 0;
}
function folderOf(path, gitopsPath) {
  const rest2 = gitopsPath === "" ? path : path.slice(gitopsPath.length + 1);
  const parts = rest2.split("/");
  return parts.length >= 3 ? `${parts[0]}/${parts[1]}` : "";
}
function targetOf(rendered) {
  const repo = rendered.gitOpsRepo;
  if (!repo) return void 0;
  const repository = parseGitHubRepositoryUrl(repo.repo)?.fullName ?? repo.repo;
  return `${repository.toLowerCase()}@${repo.branch}:${rendered.gitopsPath || "."}`;
}
function under(rendered) {
  const repo = rendered.gitOpsRepo;
  const repository = repo ? parseGitHubRepositoryUrl(repo.repo)?.fullName ?? repo.repo : "";
  const prefix = `${repository.toLowerCase()}@${repo?.branch ?? ""}:`;
  return new Map([...rendered.files].map(([path, bytes]) => [`${prefix}${path}`, bytes]));
}

export {
  scheduleEnvironmentSources,
  renderEnvironment,
  renderScheduled,
  compareRenders
};
//# sourceMappingURL=chunk-RMKKVNWK.js.map
