#!/usr/bin/env node
import { createRequire as __kalypsoCreateRequire } from 'node:module'; const require = __kalypsoCreateRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap5 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar5 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR;
    var isSeq4 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
    function isCollection(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node) => (isScalar5(node) || isCollection(node)) && !!node.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias2;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap5;
    exports.isNode = isNode;
    exports.isPair = isPair;
    exports.isScalar = isScalar5;
    exports.isSeq = isSeq4;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity = require_identity();
    var BREAK2 = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit.BREAK = BREAK2;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    function visit_(key, node, visitor, path) {
      const ctrl = callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = visit_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK2)
              return BREAK2;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = visit_("key", node.key, visitor, path);
          if (ck === BREAK2)
            return BREAK2;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path);
          if (cv === BREAK2)
            return BREAK2;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK2;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node, visitor, path) {
      const ctrl = await callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = await visitAsync_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK2)
              return BREAK2;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path);
          if (ck === BREAK2)
            return BREAK2;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path);
          if (cv === BREAK2)
            return BREAK2;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key, node, path);
      if (identity.isMap(node))
        return visitor.Map?.(key, node, path);
      if (identity.isSeq(node))
        return visitor.Seq?.(key, node, path);
      if (identity.isPair(node))
        return visitor.Pair?.(key, node, path);
      if (identity.isScalar(node))
        return visitor.Scalar?.(key, node, path);
      if (identity.isAlias(node))
        return visitor.Alias?.(key, node, path);
      return void 0;
    }
    function replaceNode(key, path, node) {
      const parent = path[path.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key] = node;
      } else if (identity.isPair(parent)) {
        if (key === "key")
          parent.key = node;
        else
          parent.value = node;
      } else if (identity.isDocument(parent)) {
        parent.contents = node;
      } else {
        const pt = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version] = parts;
            if (version === "1.1" || version === "1.2") {
              this.yaml.version = version;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version);
              onError(6, `Unsupported YAML version ${version}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit.visit(doc.contents, (_key, node) => {
            if (identity.isNode(node) && node.tag)
              tags[node.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit.visit(root, {
        Value(_key, node) {
          if (node.anchor)
            anchors.add(node.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity = require_identity();
    function toJS(value, arg2, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg2, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg2, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit.visit(doc, {
            Node: (_key, node) => {
              if (identity.isAlias(node) || identity.hasAnchor(node))
                nodes.push(node);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node of nodes) {
          if (node === this)
            break;
          if (node.anchor === this.source)
            found = node;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node, anchors2) {
      if (identity.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors2 && source && anchors2.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity.isCollection(node)) {
        let count = 0;
        for (const item of node.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count)
            count = c;
        }
        return count;
      } else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors2);
        const vc = getAliasCount(doc, node.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity.SCALAR);
        this.value = value;
      }
      toJSON(arg2, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg2, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity.isDocument(value))
        value = value.contents;
      if (identity.isNode(value))
        return value;
      if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node2 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node2;
          return node2;
        }
        tagObj = value instanceof Map ? schema[identity.MAP] : Symbol.iterator in Object(value) ? schema[identity.SEQ] : schema[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node.tag = tagName;
      else if (!tagObj.default)
        node.tag = tagObj.tag;
      if (ref)
        ref.node = node;
      return node;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value) {
      let v = value;
      for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value) {
        if (isEmptyPath(path))
          this.add(value);
        else {
          const [key, ...rest2] = path;
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.addIn(rest2, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest2, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest2}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest2] = path;
        if (rest2.length === 0)
          return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
          return node.deleteIn(rest2);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest2}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest2] = path;
        const node = this.get(key, true);
        if (rest2.length === 0)
          return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
          return identity.isCollection(node) ? node.getIn(rest2, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node) => {
          if (!identity.isPair(node))
            return false;
          const n = node.value;
          return n == null || allowScalar && identity.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key, ...rest2] = path;
        if (rest2.length === 0)
          return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest2) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        const [key, ...rest2] = path;
        if (rest2.length === 0) {
          this.set(key, value);
        } else {
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.setIn(rest2, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest2, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest2}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str2) => str2.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent2) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent2 ? comment.replace(/^(?! *$)/gm, indent2) : comment;
    }
    var lineComment = (str2, indent2, comment) => str2.endsWith("\n") ? indentComment(comment, indent2) : comment.includes("\n") ? "\n" + indentComment(comment, indent2) : (str2.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text2, indent2, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text2;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent2.length);
      if (text2.length <= endStep)
        return text2;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent2.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text2, i, indent2.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text2[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text2[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text2, i, indent2.length);
          end = i + indent2.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text2[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text2[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text2;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text2;
      if (onFold)
        onFold();
      let res = text2.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text2.length;
        if (fold === 0)
          res = `
${indent2}${text2.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text2[fold]}\\`;
          res += `
${indent2}${text2.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text2, i, indent2) {
      let end = i;
      let start = i + 1;
      let ch = text2[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent2) {
          ch = text2[++i];
        } else {
          do {
            ch = text2[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text2[start];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str2) => /^(%|---|\.\.\.)/m.test(str2);
    function lineLengthOverLimit(str2, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str2.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str2[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json2 = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json2;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent2 = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str2 = "";
      let start = 0;
      for (let i = 0, ch = json2[i]; ch; ch = json2[++i]) {
        if (ch === " " && json2[i + 1] === "\\" && json2[i + 2] === "n") {
          str2 += json2.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json2[i + 1]) {
            case "u":
              {
                str2 += json2.slice(start, i);
                const code2 = json2.substr(i + 2, 4);
                switch (code2) {
                  case "0000":
                    str2 += "\\0";
                    break;
                  case "0007":
                    str2 += "\\a";
                    break;
                  case "000b":
                    str2 += "\\v";
                    break;
                  case "001b":
                    str2 += "\\e";
                    break;
                  case "0085":
                    str2 += "\\N";
                    break;
                  case "00a0":
                    str2 += "\\_";
                    break;
                  case "2028":
                    str2 += "\\L";
                    break;
                  case "2029":
                    str2 += "\\P";
                    break;
                  default:
                    if (code2.substr(0, 2) === "00")
                      str2 += "\\x" + code2.substr(2);
                    else
                      str2 += json2.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json2[i + 2] === '"' || json2.length < minMultiLineLength) {
                i += 1;
              } else {
                str2 += json2.slice(start, i) + "\n\n";
                while (json2[i + 2] === "\\" && json2[i + 3] === "n" && json2[i + 4] !== '"') {
                  str2 += "\n";
                  i += 2;
                }
                str2 += indent2;
                if (json2[i + 2] === " ")
                  str2 += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str2 = start ? str2 + json2.slice(start) : json2;
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent2, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent2 = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent2}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent2, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent2 = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent2.length);
      if (!value)
        return literal ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent2}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent2}`);
      }
      const indentSize = indent2 ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent2}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent2, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent2}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent2}`);
      return `|${header}
${indent2}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent: indent2, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent2 === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent2 === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str2 = value.replace(/\n+/g, `$&
${indent2}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str2);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent2, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
      if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify2(item, ctx, onComment, onChompKeep) {
      if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node = identity.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
      const props = stringifyProps(node, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str2 = typeof tagObj.stringify === "function" ? tagObj.stringify(node, ctx, onComment, onChompKeep) : identity.isScalar(node) ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep) : node.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str2;
      return identity.isScalar(node) || str2[0] === "{" || str2[0] === "[" ? `${props} ${str2}` : `${props}
${ctx.indent}${str2}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify2;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify2 = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent: indent2, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key) || !identity.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value == null && !ctx.inFlow || identity.isCollection(key) || (identity.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent2 + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str2 = stringify2.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str2.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str2 === "" ? "?" : explicitKey ? `? ${str2}` : str2;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str2 = `? ${str2}`;
        if (keyComment && !keyCommentDone) {
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str2;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
        str2 = `? ${str2}
${indent2}:`;
      } else {
        str2 = `${str2}:`;
        if (keyComment)
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str2.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify2.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str2 += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str2;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge2 = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey2 = (ctx, key) => (merge2.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge2.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge2.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity.isSeq(source))
        for (const it of source.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source))
        for (const it of source)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source);
    }
    function mergeValue(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value2);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey2;
    exports.merge = merge2;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge2 = require_merge();
    var stringify2 = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
      else if (merge2.isMergeKey(ctx, key))
        merge2.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify2.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node of ctx.anchors.keys())
          strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key, value, ctx) {
      const k = createNode.createNode(key, void 0, ctx);
      const v = createNode.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
      }
      clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
          key = key.clone(schema);
        if (identity.isNode(value))
          value = value.clone(schema);
        return new _Pair(key, value);
      }
      toJSON(_, ctx) {
        const pair2 = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair2, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify2 = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify3 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify3(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent: indent2, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str3 = stringify2.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str3 += stringifyComment.lineComment(str3, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str3);
      }
      let str2;
      if (lines.length === 0) {
        str2 = flowChars.start + flowChars.end;
      } else {
        str2 = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str2 += line ? `
${indent2}${line}` : "\n";
        }
      }
      if (comment) {
        str2 += "\n" + stringifyComment.indentComment(commentString(comment), indent2);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str2;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent: indent2, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str2 = stringify2.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str2.includes("\n"));
        if (i < items.length - 1) {
          str2 += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str2.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str2 += ",";
          }
        }
        if (comment)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment));
        lines.push(str2);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str2 = start;
          for (const line of lines)
            str2 += line ? `
${indentStep}${indent2}${line}` : "\n";
          return `${str2}
${indent2}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent: indent2, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent2);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k = identity.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add2 = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value] of obj)
            add2(key, value);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add2(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair2, overwrite) {
        let _pair;
        if (identity.isPair(pair2))
          _pair = pair2;
        else if (!pair2 || typeof pair2 !== "object" || !("key" in pair2)) {
          _pair = new Pair.Pair(pair2, pair2?.value);
        } else
          _pair = new Pair.Pair(pair2.key, pair2.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node = it?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value) {
        this.add(new Pair.Pair(key, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq2 = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq2);
        let i = 0;
        for (const item of this.items)
          seq2.push(toJS.toJS(item, String(i++), ctx));
        return seq2;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq2 = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq2.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq2;
      }
    };
    function asItemIndex(key) {
      let idx = identity.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq2 = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq3, onError) {
        if (!identity.isSeq(seq3))
          onError("Expected a sequence for this tag");
        return seq3;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq2;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str2) => str2,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str2) => new Scalar.Scalar(str2[0] === "t" || str2[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str2) => str2.slice(-3).toLowerCase() === "nan" ? NaN : str2[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str2) => parseFloat(str2),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float2 = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str2) {
        const node = new Scalar.Scalar(parseFloat(str2));
        const dot = str2.indexOf(".");
        if (dot !== -1 && str2[str2.length - 1] === "0")
          node.minFractionDigits = str2.length - dot - 1;
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float2;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str2, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str2) : parseInt(str2.substring(offset), radix);
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 8, opt),
      stringify: (node) => intStringify(node, 8, "0o")
    };
    var int2 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int2;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq2 = require_seq();
    var string = require_string();
    var bool2 = require_bool();
    var float2 = require_float();
    var int2 = require_int();
    var schema = [
      map.map,
      seq2.seq,
      string.string,
      _null.nullTag,
      bool2.boolTag,
      int2.intOct,
      int2.int,
      int2.intHex,
      float2.floatNaN,
      float2.floatExp,
      float2.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq2 = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str2) => str2,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str2) => str2 === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str2, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str2) : parseInt(str2, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str2) => parseFloat(str2),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str2, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str2)}`);
        return str2;
      }
    };
    var schema = [map.map, seq2.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str2 = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str2.length);
          for (let i = 0; i < str2.length; ++i)
            buffer[i] = str2.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str2;
        if (typeof node_buffer.Buffer === "function") {
          str2 = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str2 = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str2.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str2.substr(o, lineWidth);
          }
          str2 = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str2 }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq2, onError) {
      if (identity.isSeq(seq2)) {
        for (let i = 0; i < seq2.items.length; ++i) {
          let item = seq2.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair2 = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair2.key.commentBefore = pair2.key.commentBefore ? `${item.commentBefore}
${pair2.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair2.value ?? pair2.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair2;
          }
          seq2.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq2;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key = keys[0];
              value = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it;
          }
          pairs2.items.push(Pair.createPair(key, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair2 of this.items) {
          let key, value;
          if (identity.isPair(pair2)) {
            key = toJS.toJS(pair2.key, "", ctx);
            value = toJS.toJS(pair2.value, key, ctx);
          } else {
            key = toJS.toJS(pair2, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq2, onError) {
        const pairs$1 = pairs.resolvePairs(seq2, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str2) => str2.slice(-3).toLowerCase() === "nan" ? NaN : str2[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str2) => parseFloat(str2.replace(/_/g, "")),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float2 = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str2) {
        const node = new Scalar.Scalar(parseFloat(str2.replace(/_/g, "")));
        const dot = str2.indexOf(".");
        if (dot !== -1) {
          const f = str2.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node.minFractionDigits = f.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float2;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str2, offset, radix, { intAsBigInt }) {
      const sign = str2[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str2 = str2.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str2 = `0b${str2}`;
            break;
          case 8:
            str2 = `0o${str2}`;
            break;
          case 16:
            str2 = `0x${str2}`;
            break;
        }
        const n2 = BigInt(str2);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str2, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value)) {
        const str2 = value.toString(radix);
        return value < 0 ? "-" + prefix + str2.substr(1) : prefix + str2;
      }
      return stringifyNumber.stringifyNumber(node);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 2, opt),
      stringify: (node) => intStringify(node, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 1, 8, opt),
      stringify: (node) => intStringify(node, 8, "0")
    };
    var int2 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int2;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair2;
        if (identity.isPair(key))
          pair2 = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair2 = new Pair.Pair(key.key, null);
        else
          pair2 = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair2.key);
        if (!prev)
          this.items.push(pair2);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair2 = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair2) ? identity.isScalar(pair2.key) ? pair2.key.value : pair2.key : pair2;
      }
      set(key, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set2.items.push(Pair.createPair(value, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str2, asBigInt) {
      const sign = str2[0];
      const parts = sign === "-" || sign === "+" ? str2.substring(1) : str2;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node) {
      let { value } = node;
      let num = (n) => n;
      if (typeof value === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str2, _onError, { intAsBigInt }) => parseSexagesimal(str2, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str2) => parseSexagesimal(str2, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str2) {
        const match = str2.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq2 = require_seq();
    var string = require_string();
    var binary = require_binary();
    var bool2 = require_bool2();
    var float2 = require_float2();
    var int2 = require_int2();
    var merge2 = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq2.seq,
      string.string,
      _null.nullTag,
      bool2.trueTag,
      bool2.falseTag,
      int2.intBin,
      int2.intOct,
      int2.int,
      int2.intHex,
      float2.floatNaN,
      float2.floatExp,
      float2.float,
      binary.binary,
      merge2.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq2 = require_seq();
    var string = require_string();
    var bool2 = require_bool();
    var float2 = require_float();
    var int2 = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge2 = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq2.seq, string.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool2.boolTag,
      float: float2.float,
      floatExp: float2.floatExp,
      floatNaN: float2.floatNaN,
      floatTime: timestamp.floatTime,
      int: int2.int,
      intHex: int2.intHex,
      intOct: int2.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge2.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq2.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge2.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge2.merge) ? schemaTags.concat(merge2.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge2.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity = require_identity();
    var map = require_map();
    var seq2 = require_seq();
    var string = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge: merge2, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge2);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string.string });
        Object.defineProperty(this, identity.SEQ, { value: seq2.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify2 = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify2.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify2.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify2.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node, name) {
        if (!node.anchor) {
          const prev = anchors.anchorNames(this);
          node.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node))
          node.flow = true;
        setAnchors();
        return node;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version, options = {}) {
        if (typeof version === "number")
          version = String(version);
        let opt;
        switch (version) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version;
            else
              this.directives = new directives.Directives({ version });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json: json2, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json2,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code2, message) {
        super();
        this.name = name;
        this.code = code2;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code2, message) {
        super("YAMLParseError", pos, code2, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code2, message) {
        super("YAMLWarning", pos, code2, message);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error.linePos[0];
      error.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
          count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count);
        error.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last2 = tokens[tokens.length - 1];
      const end = last2 ? last2.offset + last2.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent2, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent2 && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair2) => isEqual(pair2.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep: sep3, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep3?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep3) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep3 ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep3, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair2 = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair2.srcToken = collItem;
          map.items.push(pair2);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair2 = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair2.srcToken = collItem;
          map.items.push(pair2);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq2 = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq2.comment = props.comment;
            continue;
          }
        }
        const node = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq2.items.push(node);
      }
      seq2.range = [bs.offset, offset, commentEnd ?? offset];
      return seq2;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep3 = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep3 + cb;
              sep3 = "";
              break;
            }
            case "newline":
              if (comment)
                sep3 += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap5 = fc.start.source === "{";
      const fcName = isMap5 ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap5 ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep: sep3, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep3?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep3 && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap5 && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap5 && !sep3 && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep3, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep3 ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap5 && !props.found && ctx.options.strict) {
              if (sep3)
                for (const st of sep3) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep3, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair2 = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair2.srcToken = collItem;
          if (isMap5) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair2);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair2);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap5 ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node = identity.isNode(res) ? res : new Scalar.Scalar(res);
      node.range = coll.range;
      node.tag = tagName;
      if (tag?.format)
        node.format = tag.format;
      return node;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start = scalar.offset;
      const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines2(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value2, type, comment: header.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar.indent + header.indent;
      let offset = scalar.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent2, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent2.length > trimIndent)
            trimIndent = indent2.length;
        } else {
          if (indent2.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent2.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent2.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent2.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep3 = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent2, content] = lines[i];
        offset += indent2.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent2.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent2 = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep3 + indent2.slice(trimIndent) + content;
          sep3 = "\n";
        } else if (indent2.length > trimIndent || content[0] === "	") {
          if (sep3 === " ")
            sep3 = "\n";
          else if (!prevMoreIndented && sep3 === "\n")
            sep3 = "\n\n";
          value += sep3 + indent2.slice(trimIndent) + content;
          sep3 = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep3 === "\n")
            value += "\n";
          else
            sep3 = "\n";
        } else {
          value += sep3 + content;
          sep3 = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header.length + scalar.source.length;
      return { value, type, comment: header.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent2 = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent2 && n)
            indent2 = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length2 = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length2 += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length2 += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length2 += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length2 += ts.length;
          }
        }
      }
      return { mode, indent: indent2, chomp, comment, length: length2 };
    }
    function splitLines2(source) {
      const split = source.split(/\n( *)/);
      const first2 = split[0];
      const m = first2.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first2.slice(m[1].length)] : ["", first2];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source, end } = scalar;
      let _type;
      let value;
      const _onError = (rel, code2, msg) => onError(offset + rel, code2, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep3 = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep3 === "\n")
            res += sep3;
          else
            sep3 = "\n";
        } else {
          res += sep3 + lm;
          sep3 = " ";
        }
        pos = line.lastIndex;
      }
      const last2 = /[ \t]*(.*)/sy;
      last2.lastIndex = pos;
      match = last2.exec(source);
      return res + sep3 + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length2 = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length2, onError);
            i += length2;
          } else {
            const raw2 = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw2}`);
            res += raw2;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length2, onError) {
      const cc = source.substr(offset, length2);
      const ok = cc.length === length2 && /^[0-9a-fA-F]+$/.test(cc);
      const code2 = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code2);
      } catch {
        const raw2 = source.substr(offset - 2, length2 + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw2}`);
        return raw2;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value);
      }
      scalar.range = range;
      scalar.source = value;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor, tag } = props;
      let node;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node.anchor = anchor.source.substring(1);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node ?? (node = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node) || typeof node.value !== "string" || node.tag && node.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node.comment = comment;
        else
          node.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
      return node;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        node.comment = comment;
        node.range[2] = end;
      }
      return node;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code2, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code2, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code2, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code2, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code2, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code2, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context) {
      const { implicitKey = false, indent: indent2, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent2 > 0 ? " ".repeat(indent2) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent: indent2, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent: indent2, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent: indent2, source: "\n" });
          return { type: "block-scalar", offset, indent: indent2, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent: indent2, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent: indent2, source, end };
        default:
          return { type: "scalar", offset, indent: indent2, source, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent2 = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent2 === "number")
        indent2 += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent2 === null,
        indent: indent2 !== null && indent2 > 0 ? " ".repeat(indent2) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he = source.indexOf("\n");
      const head = source.substring(0, he);
      const body = source.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent2 = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent: indent2, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent: indent2, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent: indent2, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent2 = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent: indent2, source, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify2 = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep: sep3, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep3)
        for (const st of sep3)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify2;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK2 = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit.BREAK = BREAK2;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    visit.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index2] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index2];
        } else
          return void 0;
      }
      return item;
    };
    visit.parentCollection = (cst, path) => {
      const parent = visit.itemAtPath(cst, path.slice(0, -1));
      const field = path[path.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK2)
              return BREAK2;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports.visit = visit;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar5 = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar5;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty2(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer2 = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent2 = 0;
          while (ch === " ")
            ch = this.buffer[++indent2 + offset];
          if (ch === "\r") {
            const next = this.buffer[indent2 + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent2 + 1;
          }
          return ch === "\n" || indent2 >= this.indentNext || !ch && !this.atEnd ? offset + indent2 : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty2(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty2(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty2(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty2(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent2 = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent2 = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent2 !== -1 && indent2 < this.indentNext && line[0] !== "#" || indent2 === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty2(line[3])) {
          const atFlowEndMarker = indent2 === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty2(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote2 = this.charAt(0);
        let end = this.buffer.indexOf(quote2, this.pos + 1);
        if (quote2 === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty2(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent2 = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent2 += 1;
              break;
            case "\n":
              nl = i2;
              indent2 = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent2 >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent2;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent2 > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty2(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty2(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty2(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty2(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer2;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter3 = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter3;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list2, type) {
      for (let i = 0; i < list2.length; ++i)
        if (list2[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list2) {
      for (let i = 0; i < list2.length; ++i) {
        switch (list2[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
      else
        for (let i = 0; i < source.length; ++i)
          target.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser2 = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last2 = token.items[token.items.length - 1];
            if (last2 && !last2.sep && !last2.value && last2.start.length > 0 && findNonEmptyIndex(last2.start) === -1 && (token.indent === 0 || last2.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last2.start;
              else
                top.items.push({ start: last2.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep3;
          if (scalar.end) {
            sep3 = scalar.end;
            sep3.push(this.sourceToken);
            delete scalar.end;
          } else
            sep3 = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep: sep3 }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last2 = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last2?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep3 = it.sep;
                  sep3.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep: sep3 }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq2) {
        const it = seq2.items[seq2.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last2 = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last2?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq2.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq2.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq2.indent)) {
                const prev = seq2.items[seq2.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq2.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq2.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq2.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq2.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq2.indent) {
          const bv = this.startBlockValue(seq2);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep3 = fc.end.splice(1, fc.end.length);
            sep3.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep: sep3 }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent2) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent2)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser2;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments3(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument2(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse4(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument2(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify2(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent2 = Math.round(options);
        options = indent2 < 1 ? void 0 : indent2 > 8 ? { indent: 8 } : { indent: indent2 };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document.Document(value, _replacer, options).toString(options);
    }
    exports.parse = parse4;
    exports.parseAllDocuments = parseAllDocuments3;
    exports.parseDocument = parseDocument2;
    exports.stringify = stringify2;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity.isAlias;
    exports.isCollection = identity.isCollection;
    exports.isDocument = identity.isDocument;
    exports.isMap = identity.isMap;
    exports.isNode = identity.isNode;
    exports.isPair = identity.isPair;
    exports.isScalar = identity.isScalar;
    exports.isSeq = identity.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit.visit;
    exports.visitAsync = visit.visitAsync;
  }
});

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
      constructor(code2) {
        super();
        this._items = typeof code2 === "string" ? [code2] : code2;
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
      const code2 = [strs[0]];
      let i = 0;
      while (i < args.length) {
        addCodeArg(code2, args[i]);
        code2.push(strs[++i]);
      }
      return new _Code(code2);
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
    function addCodeArg(code2, arg2) {
      if (arg2 instanceof _Code)
        code2.push(...arg2._items);
      else if (arg2 instanceof Name)
        code2.push(arg2);
      else
        code2.push(interpolate(arg2));
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
        let code2 = code_1.nil;
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
              code2 = (0, code_1._)`${code2}${def} ${name} = ${c};${this.opts._n}`;
            } else if (c = getCode === null || getCode === void 0 ? void 0 : getCode(name)) {
              code2 = (0, code_1._)`${code2}${c}${this.opts._n}`;
            } else {
              throw new ValueError(name);
            }
            nameSet.set(name, UsedValueState.Completed);
          });
        }
        return code2;
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
      constructor(code2) {
        super();
        this.code = code2;
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
        return this.nodes.reduce((code2, n) => code2 + n.render(opts), "");
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
        let code2 = `if(${this.condition})` + super.render(opts);
        if (this.else)
          code2 += "else " + this.else.render(opts);
        return code2;
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
        let code2 = "try" + super.render(opts);
        if (this.catch)
          code2 += this.catch.render(opts);
        if (this.finally)
          code2 += this.finally.render(opts);
        return code2;
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
        const code2 = ["{"];
        for (const [key, value] of keyValues) {
          if (code2.length > 1)
            code2.push(",");
          code2.push(key);
          if (key !== value || this.opts.es5) {
            code2.push(":");
            (0, code_1.addCodeArg)(code2, value);
          }
        }
        code2.push("}");
        return new code_1._Code(code2);
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
var require_errors2 = __commonJS({
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
    var errors_1 = require_errors2();
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
    var errors_1 = require_errors2();
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
    var errors_1 = require_errors2();
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
    var errors_1 = require_errors2();
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
      let code2 = 0;
      let i = 0;
      for (i = 0; i < input.length; i++) {
        code2 = input[i].charCodeAt(0);
        if (code2 === 48) {
          continue;
        }
        if (!(code2 >= 48 && code2 <= 57 || code2 >= 65 && code2 <= 70 || code2 >= 97 && code2 <= 102)) {
          return "";
        }
        acc += input[i];
        break;
      }
      for (i += 1; i < input.length; i++) {
        code2 = input[i].charCodeAt(0);
        if (!(code2 >= 48 && code2 <= 57 || code2 >= 65 && code2 <= 70 || code2 >= 97 && code2 <= 102)) {
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
          const hex2 = input.slice(i + 1, i + 3);
          if (isHexPair(hex2)) {
            const normalizedHex = hex2.toUpperCase();
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
          const hex2 = input.slice(i + 1, i + 3);
          if (isHexPair(hex2)) {
            const normalizedHex = hex2.toUpperCase();
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
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += isEscapeSafe(code2) ? ch : BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
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
          const hex2 = input.slice(i + 1, i + 3);
          if (isHexPair(hex2)) {
            output += "%" + hex2.toUpperCase();
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
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
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
          const hex2 = input.slice(i + 1, i + 3);
          if (isHexPair(hex2)) {
            output += "%" + hex2.toUpperCase();
            i += 2;
            continue;
          }
        }
        if (isAllowed(ch)) {
          output += ch;
        } else {
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
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
          const hex2 = input.slice(i + 1, i + 3);
          if (isHexPair(hex2)) {
            const normalizedHex = hex2.toUpperCase();
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
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += isEscapeSafe(code2) ? ch : BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
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
          const hex2 = input.slice(i + 1, i + 3);
          if (isHexPair(hex2)) {
            output += "%" + hex2.toUpperCase();
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
        parse4(serialize(uri, options), options);
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
    function resolveComponent(base, relative3, options, skipNormalization) {
      const target = {};
      if (!skipNormalization) {
        base = parse4(serialize(base, options), options);
        relative3 = parse4(serialize(relative3, options), options);
      }
      options = options || {};
      if (!options.tolerant && relative3.scheme) {
        target.scheme = relative3.scheme;
        target.userinfo = relative3.userinfo;
        target.host = relative3.host;
        target.port = relative3.port;
        target.path = removeDotSegments(relative3.path || "");
        target.query = relative3.query;
      } else {
        if (relative3.userinfo !== void 0 || relative3.host !== void 0 || relative3.port !== void 0) {
          target.userinfo = relative3.userinfo;
          target.host = relative3.host;
          target.port = relative3.port;
          target.path = removeDotSegments(relative3.path || "");
          target.query = relative3.query;
        } else {
          if (!relative3.path) {
            target.path = base.path;
            if (relative3.query !== void 0) {
              target.query = relative3.query;
            } else {
              target.query = base.query;
            }
          } else {
            if (relative3.path[0] === "/") {
              target.path = removeDotSegments(relative3.path);
            } else {
              const baseHasAuthority = base.userinfo !== void 0 || base.host !== void 0 || base.port !== void 0;
              if (baseHasAuthority && !base.path) {
                target.path = "/" + relative3.path;
              } else if (!base.path) {
                target.path = relative3.path;
              } else {
                target.path = base.path.slice(0, base.path.lastIndexOf("/") + 1) + relative3.path;
              }
              target.path = base.scheme === void 0 && !baseHasAuthority && target.path[0] !== "/" ? removeDotSegmentsRelative(target.path) : removeDotSegments(target.path);
            }
            target.query = relative3.query;
          }
          target.userinfo = base.userinfo;
          target.host = base.host;
          target.port = base.port;
        }
        target.scheme = base.scheme;
      }
      target.fragment = relative3.fragment;
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
    function parse4(uri, opts) {
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
      parse: parse4
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
        return errors.map((e) => `${dataVar}${e.instancePath} ${e.message}`).reduce((text2, msg) => text2 + separator + msg);
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
    function checkOptions(checkOpts, options, msg, log = "error") {
      for (const key in checkOpts) {
        const opt = key;
        if (opt in options)
          this.logger[log](`${msg}: option ${key}. ${checkOpts[opt]}`);
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
        const hasProperty2 = (0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties);
        cxt.setParams({
          property: prop,
          depsCount: deps.length,
          deps: deps.join(", ")
        });
        if (it.allErrors) {
          gen.if(hasProperty2, () => {
            for (const depProp of deps) {
              (0, code_1.checkReportMissingProp)(cxt, depProp);
            }
          });
        } else {
          gen.if((0, codegen_1._)`${hasProperty2} && (${(0, code_1.checkMissingProp)(cxt, deps, missing)})`);
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
            const code2 = fmtDef instanceof RegExp ? (0, codegen_1.regexpCode)(fmtDef) : opts.code.formats ? (0, codegen_1._)`${opts.code.formats}${(0, codegen_1.getProperty)(schema)}` : void 0;
            const fmt = gen.scopeValue("formats", { key: schema, ref: fmtDef, code: code2 });
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

// packages/core/src/go/values.ts
var GoMap = class _GoMap {
  entries;
  type;
  constructor(entries2, type = "map[string]interface {}") {
    this.entries = new Map(entries2);
    this.type = type;
  }
  /** A map[string]interface{} from a plain record. */
  static fromRecord(record) {
    return new _GoMap(Object.entries(record), "map[string]interface {}");
  }
  /** A map[string]string (labels, manifests) from a plain record. */
  static ofStrings(record) {
    return new _GoMap(Object.entries(record), "map[string]string");
  }
  get size() {
    return this.entries.size;
  }
  has(key) {
    return this.entries.has(key);
  }
  get(key) {
    return this.entries.get(key);
  }
  /** True when keys are Go strings (map[string]…), which `stringify` and `dict` rely on. */
  get hasStringKeys() {
    return this.type !== "map[interface {}]interface {}";
  }
  /** The zero value of the element type, which Go's `index` returns for a missing key. */
  get zeroElement() {
    return this.type === "map[string]string" ? "" : null;
  }
};
var GoStruct = class {
  typeName;
  fields;
  constructor(typeName, fields) {
    this.typeName = typeName;
    this.fields = new Map(fields);
  }
};
function goTypeName(value) {
  if (value === null) return "<nil>";
  switch (typeof value) {
    case "string":
      return "string";
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    case "number":
      return "float64";
    default:
      if (Array.isArray(value)) return "[]interface {}";
      if (value instanceof GoMap) return value.type;
      return value.typeName;
  }
}

// packages/core/src/model/problem.ts
function formatProblem(problem) {
  const where = problem.file ? `${problem.file}${problem.line ? `:${problem.line}` : ""}: ` : "";
  const object = problem.object ? `${problem.object}: ` : "";
  return `${where}${object}${problem.message}`;
}
var ControlPlaneError = class extends Error {
  problems;
  constructor(problems) {
    const count = problems.length;
    super(
      `The control plane has ${count} problem${count === 1 ? "" : "s"}:
` + problems.map((p) => `  ${formatProblem(p)}`).join("\n")
    );
    this.name = "ControlPlaneError";
    this.problems = problems;
  }
};
var ProblemList = class {
  items = [];
  add(problem) {
    this.items.push(problem);
  }
  get empty() {
    return this.items.length === 0;
  }
  /** Throws a ControlPlaneError carrying every problem collected so far, if any. */
  throwIfAny() {
    if (this.items.length > 0) throw new ControlPlaneError(this.items);
  }
};
function sortProblems(problems) {
  return [...problems].sort((a, b) => {
    const fa = a.file ?? "\uFFFF";
    const fb = b.file ?? "\uFFFF";
    if (fa !== fb) return fa < fb ? -1 : 1;
    return (a.line ?? 0) - (b.line ?? 0);
  });
}

// packages/core/src/model/source.ts
function isManifestPath(path) {
  return path.endsWith(".yaml") || path.endsWith(".yml");
}

// packages/core/src/model/source-ignore.ts
var SOURCE_IGNORE_FILE = ".sourceignore";
function sourceIgnoreFilter(text2) {
  const rules = text2.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("#") && !l.startsWith("!"));
  if (rules.length === 0) return () => false;
  return (path) => rules.some((rule) => {
    const anchored = rule.startsWith("/");
    const body = rule.replace(/^\//, "").replace(/\/$/, "");
    if (body.startsWith("*.")) return path.endsWith(body.slice(1));
    if (anchored) return path === body || path.startsWith(`${body}/`);
    return path.split("/").includes(body) || path.startsWith(`${body}/`);
  });
}

// packages/core/src/model/types.ts
function describeObject(object) {
  return `${object.kind} '${object.name}'`;
}

// packages/core/src/model/load.ts
var import_yaml2 = __toESM(require_dist(), 1);

// packages/core/src/model/labels.ts
var NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
var DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
function labelKeyError(key) {
  const slash = key.lastIndexOf("/");
  const prefix = slash >= 0 ? key.slice(0, slash) : void 0;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== void 0 && (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) {
    return `label key '${key}' has an invalid prefix: it must be a lowercase DNS subdomain (e.g. 'example.com/').`;
  }
  if (name.length === 0 || name.length > 63 || !NAME.test(name)) {
    return `label key '${key}' is invalid: the name part must be 1-63 characters, start and end with a letter or digit, and contain only letters, digits, '-', '_' and '.'.`;
  }
  return void 0;
}
function labelValueError(key, value) {
  if (value === "") return void 0;
  if (value.length > 63 || !NAME.test(value)) {
    return `label '${key}' has invalid value '${value}': values must be empty or 1-63 characters, start and end with a letter or digit, and contain only letters, digits, '-', '_' and '.'.`;
  }
  return void 0;
}
function objectNameError(name) {
  if (name.length === 0) return `metadata.name must not be empty.`;
  if (name.length > 253 || !DNS_SUBDOMAIN.test(name)) {
    return `metadata.name '${name}' is invalid: use lowercase letters, digits, '-' and '.', starting and ending with a letter or digit.`;
  }
  return void 0;
}

// packages/core/src/model/selector.ts
var OPERATORS = /* @__PURE__ */ new Set(["In", "NotIn", "Exists", "DoesNotExist"]);
function readLabelSelector(reader, parent, path) {
  const node = reader.mapping(parent, "labelSelector", `${path}.labelSelector`, true);
  const matchLabels = reader.stringMap(node, "matchLabels", `${path}.labelSelector.matchLabels`, false) ?? {};
  for (const [key, value] of Object.entries(matchLabels)) {
    const problem = labelKeyError(key) ?? labelValueError(key, value);
    if (problem)
      reader.fail(
        reader.child(node, "matchLabels"),
        `${path}.labelSelector.matchLabels: ${problem}`
      );
  }
  const expressions = [];
  const items = reader.mappingList(node, "matchExpressions", `${path}.labelSelector.matchExpressions`, false) ?? [];
  items.forEach((item, i) => {
    const where = `${path}.labelSelector.matchExpressions[${i}]`;
    const key = reader.string(item, "key", `${where}.key`, true);
    const operator = reader.string(item, "operator", `${where}.operator`, true);
    const values = reader.stringList(item, "values", `${where}.values`, false) ?? [];
    if (key === void 0 || operator === void 0) return;
    const keyProblem = labelKeyError(key);
    if (keyProblem) reader.fail(item, `${where}: ${keyProblem}`);
    if (!OPERATORS.has(operator)) {
      reader.fail(
        reader.child(item, "operator"),
        `${where}: "${operator}" is not a valid label selector operator; use one of In, NotIn, Exists, DoesNotExist (case-sensitive).`
      );
      return;
    }
    if ((operator === "In" || operator === "NotIn") && values.length === 0) {
      reader.fail(item, `${where}: operator '${operator}' needs at least one value in 'values'.`);
    }
    if ((operator === "Exists" || operator === "DoesNotExist") && values.length > 0) {
      reader.fail(
        reader.child(item, "values"),
        `${where}: operator '${operator}' takes no values; remove 'values'.`
      );
    }
    for (const value of values) {
      const valueProblem = labelValueError(key, value);
      if (valueProblem) reader.fail(reader.child(item, "values"), `${where}: ${valueProblem}`);
    }
    expressions.push({ key, operator, values });
  });
  return { matchLabels, matchExpressions: expressions };
}
function selectorMatches(selector, labels) {
  return firstFailingTerm(selector, labels) === void 0;
}
function firstFailingTerm(selector, labels) {
  for (const key in selector.matchLabels) {
    const want = selector.matchLabels[key];
    if (labels[key] !== want)
      return `matchLabels ${key}=${want} (has ${describeLabel(labels, key)})`;
  }
  for (const term2 of selector.matchExpressions) {
    const has2 = Object.hasOwn(labels, term2.key);
    const value = labels[term2.key];
    let ok;
    switch (term2.operator) {
      case "In":
        ok = has2 && term2.values.includes(value);
        break;
      case "NotIn":
        ok = !has2 || !term2.values.includes(value);
        break;
      case "Exists":
        ok = has2;
        break;
      case "DoesNotExist":
        ok = !has2;
        break;
    }
    if (!ok) {
      const values = term2.values.length ? ` [${term2.values.join(", ")}]` : "";
      return `${term2.key} ${term2.operator}${values} (has ${describeLabel(labels, term2.key)})`;
    }
  }
  return void 0;
}
function describeLabel(labels, key) {
  return Object.hasOwn(labels, key) ? `${key}=${labels[key]}` : `no '${key}' label`;
}

// packages/core/src/model/read-kinds.ts
var TEMPLATE_TYPES = /* @__PURE__ */ new Set(["reconciler", "namespace", "config"]);
function readObject(kind, frame) {
  const { reader, root } = frame;
  const base = { name: frame.name, labels: frame.labels, origin: frame.origin };
  const spec = kind === "ConfigMap" ? void 0 : reader.mapping(root, "spec", "spec", true);
  const s = (key, path, required = true) => reader.string(spec, key, `spec.${path}`, required);
  switch (kind) {
    case "Environment": {
      const cp = reader.mapping(spec, "controlPlane", "spec.controlPlane", true);
      const repo = reader.string(cp, "repo", "spec.controlPlane.repo", true);
      const branch = reader.string(cp, "branch", "spec.controlPlane.branch", true);
      const path = reader.string(cp, "path", "spec.controlPlane.path", true);
      if (repo === void 0 || branch === void 0 || path === void 0) return void 0;
      return { kind, ...base, controlPlane: { repo, branch, path } };
    }
    case "BaseRepo": {
      const [repo, branch, path, commit] = [
        s("repo", "repo"),
        s("branch", "branch"),
        s("path", "path"),
        s("commit", "commit", false)
      ];
      if (repo === void 0 || branch === void 0 || path === void 0) return void 0;
      return { kind, ...base, repo, branch, path, commit: commit ?? "" };
    }
    case "GitOpsRepo": {
      const [repo, branch, path] = [s("repo", "repo"), s("branch", "branch"), s("path", "path")];
      if (repo === void 0 || branch === void 0 || path === void 0) return void 0;
      return { kind, ...base, repo, branch, path };
    }
    case "ClusterType": {
      const [reconciler, namespaceService, configType] = [
        s("reconciler", "reconciler"),
        s("namespaceService", "namespaceService"),
        s("configType", "configType")
      ];
      if (reconciler === void 0 || namespaceService === void 0 || configType === void 0)
        return void 0;
      return { kind, ...base, reconciler, namespaceService, configType };
    }
    case "Template": {
      const type = s("type", "type");
      const contentType = s("contentType", "contentType", false) ?? "";
      if (type !== void 0 && !TEMPLATE_TYPES.has(type)) {
        reader.fail(
          reader.child(spec, "type"),
          `spec.type '${type}' is not one of reconciler, namespace, config.`
        );
      }
      const manifests = reader.stringList(spec, "manifests", "spec.manifests", true);
      if (type === void 0 || manifests === void 0) return void 0;
      return { kind, ...base, type, contentType, manifests };
    }
    case "WorkloadRegistration": {
      const w = reader.mapping(spec, "workload", "spec.workload", true);
      const repo = reader.string(w, "repo", "spec.workload.repo", true);
      const branch = reader.string(w, "branch", "spec.workload.branch", true);
      const path = reader.string(w, "path", "spec.workload.path", true);
      const workspace = s("workspace", "workspace", false) ?? "";
      if (repo === void 0 || branch === void 0 || path === void 0) return void 0;
      return { kind, ...base, workload: { repo, branch, path }, workspace };
    }
    case "Workload":
      return readWorkload(frame, spec);
    case "SchedulingPolicy": {
      const dts = reader.mapping(
        spec,
        "deploymentTargetSelector",
        "spec.deploymentTargetSelector",
        true
      );
      const cts = reader.mapping(spec, "clusterTypeSelector", "spec.clusterTypeSelector", true);
      const workspace = reader.string(dts, "workspace", "spec.deploymentTargetSelector.workspace", false) ?? "";
      if (!dts || !cts) return void 0;
      const targetSelector = readLabelSelector(reader, dts, "spec.deploymentTargetSelector");
      const clusterTypeSelector = readLabelSelector(reader, cts, "spec.clusterTypeSelector");
      return { kind, ...base, workspace, targetSelector, clusterTypeSelector };
    }
    case "ConfigSchema": {
      const schema = s("schema", "schema");
      if (schema === void 0) return void 0;
      return { kind, ...base, schema };
    }
    case "ConfigMap": {
      const data = reader.stringMap(root, "data", "data", false) ?? {};
      return { kind, ...base, data };
    }
    default:
      return void 0;
  }
}
function readWorkload(frame, spec) {
  const { reader } = frame;
  const entries2 = reader.mappingList(spec, "deploymentTargets", "spec.deploymentTargets", false) ?? [];
  const configSchemas = reader.stringList(spec, "configSchemas", "spec.configSchemas", false) ?? [];
  const targets = [];
  const seen = /* @__PURE__ */ new Set();
  entries2.forEach((entry, i) => {
    const at = `spec.deploymentTargets[${i}]`;
    const name = reader.string(entry, "name", `${at}.name`, true);
    const environment = reader.string(entry, "environment", `${at}.environment`, true);
    const manifests = reader.stringMap(entry, "manifests", `${at}.manifests`, true, false);
    const labels = reader.stringMap(entry, "labels", `${at}.labels`, false, false) ?? {};
    const schemas = reader.stringList(entry, "configSchemas", `${at}.configSchemas`, false) ?? [];
    if (name === void 0 || environment === void 0 || manifests === void 0) return;
    if (seen.has(name))
      reader.fail(
        entry,
        `${at}: deployment target '${name}' is defined twice; give each target a unique name.`
      );
    seen.add(name);
    targets.push({
      name,
      environment,
      manifests,
      labels,
      configSchemas: schemas,
      line: reader.lineOf(entry)
    });
  });
  return {
    kind: "Workload",
    name: frame.name,
    labels: frame.labels,
    origin: frame.origin,
    deploymentTargets: targets,
    configSchemas
  };
}

// packages/core/src/model/yaml-node.ts
var import_yaml = __toESM(require_dist(), 1);
var ObjectReader = class {
  file;
  object;
  lines;
  problems;
  /** Length of the file's text when it lacks a final newline, else -1 (see `scalarText`). */
  unterminatedEnd;
  constructor(file, object, lines, problems, text2) {
    this.unterminatedEnd = text2.endsWith("\n") ? -1 : text2.length;
    this.file = file;
    this.object = object;
    this.lines = lines;
    this.problems = problems;
  }
  lineOf(node, fallback = 1) {
    const offset = node?.range?.[0];
    return offset === void 0 ? fallback : this.lines.linePos(offset).line;
  }
  fail(node, message) {
    this.problems.add({ file: this.file, line: this.lineOf(node), object: this.object, message });
  }
  /** The node at a dotted field path below `node`, or undefined when any step is missing. */
  child(node, key) {
    if (!(0, import_yaml.isMap)(node)) return void 0;
    for (const pair2 of node.items) {
      if ((0, import_yaml.isScalar)(pair2.key) && String(pair2.key.value) === key)
        return pair2.value ?? void 0;
    }
    return void 0;
  }
  /** A required or optional string field; reports missing fields and non-strings. */
  string(parent, key, path, required) {
    const node = this.child(parent, key);
    if (node === void 0 || (0, import_yaml.isScalar)(node) && node.value === null) {
      if (required) this.fail(parent, `'${path}' is required; add it.`);
      return void 0;
    }
    const text2 = (0, import_yaml.isScalar)(node) ? scalarText(node, this.unterminatedEnd) : void 0;
    if (text2 === void 0) {
      this.fail(
        node,
        `'${path}' must be a string, not a mapping or list; write it as a (quoted) text value.`
      );
      return void 0;
    }
    return text2;
  }
  /** A map of string to string (labels, manifests, ConfigMap data). */
  stringMap(parent, key, path, required, strict = true) {
    const node = this.child(parent, key);
    if (node === void 0 || (0, import_yaml.isScalar)(node) && node.value === null) {
      if (required) this.fail(parent, `'${path}' is required; add it.`);
      return void 0;
    }
    if (!(0, import_yaml.isMap)(node)) {
      this.fail(node, `'${path}' must be a mapping of strings to strings (key: "value" lines).`);
      return void 0;
    }
    const out = /* @__PURE__ */ Object.create(null);
    for (const pair2 of node.items) {
      const k = (0, import_yaml.isScalar)(pair2.key) ? pair2.key.value : void 0;
      const v = pair2.value;
      if (typeof k !== "string") {
        this.fail(
          pair2.key,
          `'${path}' has a key that is not a string (${String(k)}); quote it.`
        );
        continue;
      }
      const text2 = (0, import_yaml.isScalar)(v) && (!strict || typeof v.value === "string") ? scalarText(v, this.unterminatedEnd) : void 0;
      if (text2 === void 0) {
        const hint = (0, import_yaml.isScalar)(v) ? `; quote the value ${quoteHint(v.value)}` : "";
        this.fail(v ?? pair2.key, `'${path}.${k}' must be a string${hint}.`);
        continue;
      }
      out[k] = text2;
    }
    return out;
  }
  /** A list of strings. */
  stringList(parent, key, path, required) {
    const node = this.child(parent, key);
    if (node === void 0 || (0, import_yaml.isScalar)(node) && node.value === null) {
      if (required) this.fail(parent, `'${path}' is required; add it.`);
      return void 0;
    }
    if (!(0, import_yaml.isSeq)(node)) {
      this.fail(node, `'${path}' must be a list of strings ("- value" lines).`);
      return void 0;
    }
    const out = [];
    node.items.forEach((item, i) => {
      const text2 = (0, import_yaml.isScalar)(item) ? scalarText(item, this.unterminatedEnd) : void 0;
      if (text2 !== void 0) out.push(text2);
      else
        this.fail(
          item,
          `'${path}[${i}]' must be a string${(0, import_yaml.isMap)(item) ? " (object manifests are the pre-2024 Template form: write each manifest as a block string, `- |`)" : ""}.`
        );
    });
    return out;
  }
  /** A list of mappings, each returned as its node. */
  mappingList(parent, key, path, required) {
    const node = this.child(parent, key);
    if (node === void 0 || (0, import_yaml.isScalar)(node) && node.value === null) {
      if (required) this.fail(parent, `'${path}' is required; add it.`);
      return void 0;
    }
    if (!(0, import_yaml.isSeq)(node)) {
      this.fail(node, `'${path}' must be a list ("- " items).`);
      return void 0;
    }
    const out = [];
    node.items.forEach((item, i) => {
      if ((0, import_yaml.isMap)(item)) out.push(item);
      else this.fail(item, `'${path}[${i}]' must be a mapping.`);
    });
    return out;
  }
  /** A mapping field, returned as its node. */
  mapping(parent, key, path, required) {
    const node = this.child(parent, key);
    if (node === void 0 || (0, import_yaml.isScalar)(node) && node.value === null) {
      if (required) this.fail(parent, `'${path}' is required; add it.`);
      return void 0;
    }
    if (!(0, import_yaml.isMap)(node)) {
      this.fail(node, `'${path}' must be a mapping (key: value lines).`);
      return void 0;
    }
    return node;
  }
};
function scalarText(node, unterminatedEnd) {
  if (node.value === null || node.value === void 0) return void 0;
  if (typeof node.value === "string") {
    const blocky = node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED";
    const endsFile = unterminatedEnd >= 0 && !!node.range && node.range[1] >= unterminatedEnd;
    if (blocky && endsFile && node.value.endsWith("\n")) {
      return node.value.slice(0, -1);
    }
    return node.value;
  }
  if (typeof node.value === "number" || typeof node.value === "boolean" || typeof node.value === "bigint") {
    return typeof node.source === "string" ? node.source : String(node.value);
  }
  return void 0;
}
function quoteHint(value) {
  return `"${String(value)}"`;
}

// packages/core/src/model/load.ts
var SCHEDULER_API = "scheduler.kalypso.io/v1alpha1";
var SCHEDULER_KINDS = /* @__PURE__ */ new Set([
  "Environment",
  "BaseRepo",
  "GitOpsRepo",
  "ClusterType",
  "Template",
  "WorkloadRegistration",
  "Workload",
  "SchedulingPolicy",
  "ConfigSchema"
]);
function loadSource(source, problems) {
  const objects = [];
  const notes = [];
  for (const file of source.files) {
    if (!isManifestPath(file.path)) continue;
    const lines = new import_yaml2.LineCounter();
    const documents = (0, import_yaml2.parseAllDocuments)(file.text, {
      lineCounter: lines,
      uniqueKeys: true,
      prettyErrors: true
    });
    const list2 = Array.isArray(documents) ? documents : [];
    for (const doc of list2) {
      if (doc.errors.length > 0) {
        for (const error of doc.errors) {
          const line2 = error.linePos?.[0]?.line;
          problems.add({
            file: file.path,
            ...line2 ? { line: line2 } : {},
            message: `YAML syntax error: ${firstLine(error.message)}. Fix the file's YAML; nothing from it was read.`
          });
        }
        continue;
      }
      const root = doc.contents;
      if (!(0, import_yaml2.isMap)(root)) continue;
      const apiVersion = scalarText2(root, "apiVersion");
      const kind = scalarText2(root, "kind");
      if (apiVersion === void 0 || kind === void 0) continue;
      const line = root.range ? lines.linePos(root.range[0]).line : 1;
      const origin = { file: file.path, line, source: source.origin };
      const metadata = childOf(root, "metadata");
      const name = (0, import_yaml2.isMap)(metadata) ? scalarText2(metadata, "name") : void 0;
      const object = `${kind} '${name ?? "?"}'`;
      if (!isRecognised(apiVersion, kind, root)) {
        notes.push(
          `Skipped ${apiVersion} ${object} (${file.path}:${line}): not a Kalypso object or platform config.`
        );
        continue;
      }
      const reader = new ObjectReader(file.path, object, lines, problems, file.text);
      if (apiVersion !== SCHEDULER_API && kind !== "ConfigMap") {
        reader.fail(
          childOf(root, "apiVersion"),
          `apiVersion '${apiVersion}' is not supported; use '${SCHEDULER_API}'.`
        );
        continue;
      }
      const meta = reader.mapping(root, "metadata", "metadata", true);
      const objectName = reader.string(meta, "name", "metadata.name", true);
      if (objectName === void 0) continue;
      const nameProblem = objectNameError(objectName);
      if (nameProblem) reader.fail(childOf(meta, "name"), nameProblem);
      const labels = reader.stringMap(meta, "labels", "metadata.labels", false) ?? {};
      for (const [key, value] of Object.entries(labels)) {
        const labelProblem = labelKeyError(key) ?? labelValueError(key, value);
        if (labelProblem) reader.fail(childOf(meta, "labels"), labelProblem);
      }
      const read = readObject(kind, { reader, root, name: objectName, labels, origin });
      if (read) objects.push(read);
    }
  }
  return { objects, notes };
}
function isRecognised(apiVersion, kind, root) {
  if (kind === "ConfigMap") {
    if (apiVersion !== "v1") return false;
    const metadata = childOf(root, "metadata");
    const name = (0, import_yaml2.isMap)(metadata) ? scalarText2(metadata, "name") : void 0;
    const labels = childOf(metadata, "labels");
    const flag = childOf(labels, "platform-config");
    const flagged = (0, import_yaml2.isScalar)(flag) && (flag.value === "true" || flag.value === true);
    return flagged || (name?.startsWith("azure-app-config") ?? false);
  }
  return SCHEDULER_KINDS.has(kind) && apiVersion.startsWith("scheduler.kalypso.io/");
}
function childOf(node, key) {
  if (!(0, import_yaml2.isMap)(node)) return void 0;
  for (const pair2 of node.items) {
    if ((0, import_yaml2.isScalar)(pair2.key) && pair2.key.value === key)
      return pair2.value ?? void 0;
  }
  return void 0;
}
function scalarText2(node, key) {
  const value = childOf(node, key);
  if (!(0, import_yaml2.isScalar)(value)) return void 0;
  const v = value.value;
  if (typeof v === "string") return v === "" ? void 0 : v;
  return typeof v === "number" || typeof v === "boolean" ? String(v) : void 0;
}
function firstLine(message) {
  return message.split("\n")[0].replace(/\s+at line \d+, column \d+:?$/, "");
}

// packages/core/src/model/environment.ts
function assembleEnvironment(sources) {
  const problems = new ProblemList();
  const notes = [];
  const all = [];
  for (const source of [sources.base, sources.controlPlane, ...sources.workloads]) {
    const loaded = loadSource(source, problems);
    all.push(...loaded.objects);
    notes.push(...loaded.notes);
  }
  const unique = rejectDuplicates(all, problems);
  const byKind = (kind) => unique.filter((o) => o.kind === kind);
  const workloads = byKind("Workload").map((workload) => {
    const origin = workload.origin.source;
    const registration = origin.kind === "workload" ? byKind("WorkloadRegistration").find((r) => r.name === origin.registration) : void 0;
    return { workload, workspace: registration?.workspace ?? "" };
  });
  const view = {
    name: sources.environment,
    environments: byKind("Environment"),
    baseRepos: byKind("BaseRepo"),
    gitOpsRepos: byKind("GitOpsRepo"),
    clusterTypes: sortByName(byKind("ClusterType")),
    templates: new Map(byKind("Template").map((t) => [t.name, t])),
    registrations: sortByName(byKind("WorkloadRegistration")),
    workloads,
    policies: sortByName(byKind("SchedulingPolicy")),
    configMaps: byKind("ConfigMap"),
    configSchemas: sortByName(byKind("ConfigSchema"))
  };
  checkReferences(view, problems);
  return { view, problems: sortProblems(problems.items), notes };
}
function rejectDuplicates(objects, problems) {
  const first2 = /* @__PURE__ */ new Map();
  const kept = [];
  for (const object of objects) {
    const key = `${object.kind}/${object.name}`;
    const earlier = first2.get(key);
    if (earlier) {
      problems.add({
        file: object.origin.file,
        line: object.origin.line,
        object: describeObject(object),
        message: `is also defined in ${earlier.origin.file}:${earlier.origin.line}; a kind and name may be defined once per environment (across main, the environment branch and workload repositories). Remove or rename one of them.`
      });
      continue;
    }
    first2.set(key, object);
    kept.push(object);
  }
  return kept;
}
function checkReferences(view, problems) {
  for (const clusterType of view.clusterTypes) {
    const roles = [
      ["reconciler", clusterType.reconciler],
      ["namespaceService", clusterType.namespaceService],
      ["configType", clusterType.configType]
    ];
    for (const [field, templateName] of roles) {
      if (view.templates.has(templateName)) continue;
      problems.add({
        file: clusterType.origin.file,
        line: clusterType.origin.line,
        object: describeObject(clusterType),
        message: `Template '${templateName}' (spec.${field}) not found: templates.scheduler.kalypso.io "${templateName}" not found. Add the Template to main and promote it, or name an existing one.`
      });
    }
  }
  const gitops = view.gitOpsRepos;
  if (gitops.length > 1) {
    problems.add({
      file: gitops[1].origin.file,
      line: gitops[1].origin.line,
      object: describeObject(gitops[1]),
      message: `the environment has ${gitops.length} GitOpsRepos (${gitops.map((g) => `'${g.name}'`).join(", ")}); keep exactly one.`
    });
  }
}
function sortByName(items) {
  return items.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

// packages/core/src/model/schedule.ts
function deploymentTargetsOf(view, problems) {
  const targets = [];
  const byName = /* @__PURE__ */ new Map();
  for (const { workload, workspace } of view.workloads) {
    for (const entry of workload.deploymentTargets) {
      if (entry.environment !== view.name) continue;
      const name = `${workload.name}-${entry.name}`;
      const labels = {
        ...entry.labels,
        ...workload.labels,
        workload: workload.name,
        workspace
      };
      const target = {
        name,
        workload,
        entry,
        workspace,
        labels,
        manifests: entry.manifests,
        configSchemas: [...entry.configSchemas, ...workload.configSchemas]
      };
      const clash = byName.get(name);
      if (clash) {
        problems.push({
          file: workload.origin.file,
          line: entry.line,
          object: describeObject(workload),
          message: `deployment target '${entry.name}' makes the target name '${name}', which ${describeObject(clash.workload)} (${clash.workload.origin.file}) also makes. Rename one of the targets.`
        });
        continue;
      }
      byName.set(name, target);
      targets.push(target);
    }
  }
  return targets.sort((a, b) => compareBytes(a.name, b.name));
}
function policySelectsTarget(policy, target) {
  return (policy.workspace === "" || policy.workspace === target.workspace) && selectorMatches(policy.targetSelector, target.labels);
}
function schedule(view, targets) {
  const pairs = /* @__PURE__ */ new Map();
  for (const policy of view.policies) {
    const selectedTargets = targets.filter((t) => policySelectsTarget(policy, t));
    if (selectedTargets.length === 0) continue;
    const selectedTypes = view.clusterTypes.filter(
      (c) => selectorMatches(policy.clusterTypeSelector, c.labels)
    );
    for (const clusterType of selectedTypes) {
      for (const target of selectedTargets) {
        const key = `${clusterType.name}\0${target.name}`;
        const existing = pairs.get(key);
        if (existing) existing.policies.push(policy.name);
        else pairs.set(key, { target, clusterType, policies: [policy.name] });
      }
    }
  }
  return [...pairs.values()].sort(
    (a, b) => compareBytes(a.clusterType.name, b.clusterType.name) || compareBytes(a.target.name, b.target.name)
  );
}
function explainPair(view, target, clusterType) {
  const policies = view.policies.map((policy) => {
    if (policy.workspace !== "" && policy.workspace !== target.workspace) {
      return {
        policy: policy.name,
        selected: false,
        reason: `workspace '${policy.workspace}' does not match the target's workspace '${target.workspace}'`
      };
    }
    const targetTerm = firstFailingTerm(policy.targetSelector, target.labels);
    if (targetTerm)
      return {
        policy: policy.name,
        selected: false,
        reason: `deployment target selector term ${targetTerm}`
      };
    const typeTerm = firstFailingTerm(policy.clusterTypeSelector, clusterType.labels);
    if (typeTerm)
      return {
        policy: policy.name,
        selected: false,
        reason: `cluster type selector term ${typeTerm}`
      };
    return { policy: policy.name, selected: true, reason: "both selectors match" };
  });
  return {
    target: target.name,
    clusterType: clusterType.name,
    scheduled: policies.some((p) => p.selected),
    policies
  };
}
function compareBytes(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// packages/core/src/config/labels.ts
var PLATFORM_CONFIG_LABEL = "platform-config";
var AZURE_APP_CONFIG_PREFIX = "azure-app-config";
var CLUSTER_TYPE_LABEL = "cluster-type";
var DEPLOYMENT_TARGET_LABEL = "deployment-target";
var WORKLOAD_LABEL = "workload";
var IGNORED_LABELS = /* @__PURE__ */ new Set([
  PLATFORM_CONFIG_LABEL,
  "kustomize.toolkit.fluxcd.io/name",
  "kustomize.toolkit.fluxcd.io/namespace"
]);
function isMatchingLabel(key) {
  return !IGNORED_LABELS.has(key);
}
function labelValue(labels, key) {
  return Object.hasOwn(labels, key) ? labels[key] ?? "" : "";
}
function labelsMatchSubject(labels, subject) {
  for (const [key, value] of Object.entries(labels)) {
    if (!labelHolds(key, value, subject)) return false;
  }
  return true;
}
function labelHolds(key, value, subject) {
  switch (key) {
    case CLUSTER_TYPE_LABEL:
      return value === subject.clusterType.name;
    case DEPLOYMENT_TARGET_LABEL:
      return value === subject.target.name;
    case WORKLOAD_LABEL:
      return value === labelValue(subject.target.labels, WORKLOAD_LABEL);
    default:
      return IGNORED_LABELS.has(key) || labelValue(subject.clusterType.labels, key) === value || labelValue(subject.target.labels, key) === value;
  }
}
function isLabelledPlatformConfig(labels) {
  return labelValue(labels, PLATFORM_CONFIG_LABEL) === "true";
}
function isAzureAppConfig(name) {
  return name.startsWith(AZURE_APP_CONFIG_PREFIX);
}
function decodeAzureKey(encoded) {
  const parts = encoded.split(".");
  const last2 = parts.length - 1;
  const labels = /* @__PURE__ */ Object.create(null);
  for (let i = 0; i + 1 < last2; i += 2) {
    labels[parts[i] ?? ""] = parts[i + 1] ?? "";
  }
  return { labels, key: parts[last2] ?? "" };
}

// packages/core/src/go/format-float.ts
var float64View = new DataView(new ArrayBuffer(8));
function shortestDecimal(abs) {
  if (abs === 0) return { digits: "", dp: 0 };
  const text2 = abs.toExponential();
  const e = text2.indexOf("e");
  const digits = text2.slice(0, e).replace(".", "");
  return { digits, dp: Number(text2.slice(e + 1)) + 1 };
}
function exactDecimal(abs) {
  if (abs === 0) return { digits: "", dp: 0 };
  float64View.setFloat64(0, abs);
  const hi = float64View.getUint32(0);
  const lo = float64View.getUint32(4);
  const biasedExp = hi >>> 20 & 2047;
  let mantissa = BigInt(hi & 1048575) << 32n | BigInt(lo);
  let exp;
  if (biasedExp === 0) {
    exp = -1074;
  } else {
    mantissa |= 1n << 52n;
    exp = biasedExp - 1075;
  }
  let digits;
  let dp;
  if (exp >= 0) {
    digits = (mantissa << BigInt(exp)).toString();
    dp = digits.length;
  } else {
    digits = (mantissa * 5n ** BigInt(-exp)).toString();
    dp = digits.length + exp;
  }
  return { digits: digits.replace(/0+$/, ""), dp };
}
function roundDecimal(d, nd) {
  if (nd < 0 || nd >= d.digits.length) return nd < 0 ? { digits: "", dp: d.dp } : d;
  const next = d.digits.charCodeAt(nd) - 48;
  let up = next > 5 || next === 5 && nd + 1 < d.digits.length;
  if (next === 5 && nd + 1 === d.digits.length) {
    up = nd > 0 && (d.digits.charCodeAt(nd - 1) - 48) % 2 === 1;
  }
  if (!up) return { digits: d.digits.slice(0, nd).replace(/0+$/, ""), dp: d.dp };
  let i = nd - 1;
  while (i >= 0 && d.digits.charCodeAt(i) === 57) i--;
  if (i < 0) return { digits: "1", dp: d.dp + 1 };
  const digit = String.fromCharCode(d.digits.charCodeAt(i) + 1);
  return { digits: d.digits.slice(0, i) + digit, dp: d.dp };
}
function digitAt(d, i) {
  return i >= 0 && i < d.digits.length ? d.digits.charAt(i) : "0";
}
function formatE(d, prec, e) {
  let out = digitAt(d, 0);
  if (prec > 0) {
    out += ".";
    for (let i = 1; i <= prec; i++) out += digitAt(d, i);
  }
  const exp = d.digits.length === 0 ? 0 : d.dp - 1;
  const absExp = Math.abs(exp);
  return out + e + (exp < 0 ? "-" : "+") + (absExp < 10 ? "0" : "") + String(absExp);
}
function formatF(d, prec) {
  let out = "";
  if (d.dp > 0) {
    for (let i = 0; i < d.dp; i++) out += digitAt(d, i);
  } else {
    out = "0";
  }
  if (prec > 0) {
    out += ".";
    for (let i = 0; i < prec; i++) out += digitAt(d, d.dp + i);
  }
  return out;
}
function formatFloat(x, verb, prec) {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "+Inf";
  if (x === -Infinity) return "-Inf";
  const neg = x < 0 || Object.is(x, -0);
  const abs = Math.abs(x);
  const shortest = prec < 0;
  const lower = verb.toLowerCase();
  let d;
  if (shortest) {
    d = shortestDecimal(abs);
    const nd2 = d.digits.length;
    if (lower === "e") prec = Math.max(nd2 - 1, 0);
    else if (lower === "f") prec = Math.max(nd2 - d.dp, 0);
    else prec = nd2;
  } else {
    d = exactDecimal(abs);
    if (lower === "e") d = roundDecimal(d, prec + 1);
    else if (lower === "f") d = roundDecimal(d, d.dp + prec);
    else {
      if (prec === 0) prec = 1;
      d = roundDecimal(d, prec);
    }
  }
  const sign = neg ? "-" : "";
  if (lower === "e") return sign + formatE(d, prec, verb === "E" ? "E" : "e");
  if (lower === "f") return sign + formatF(d, prec);
  let eprec = prec;
  const nd = d.digits.length;
  if (eprec > nd && nd >= d.dp) eprec = nd;
  if (shortest) eprec = 6;
  const exp = d.dp - 1;
  if (nd > 0 && (exp < -4 || exp >= eprec)) {
    if (prec > nd) prec = nd;
    return sign + formatE(d, prec - 1, verb === "G" ? "E" : "e");
  }
  if (prec > d.dp) prec = nd;
  return sign + formatF(d, Math.max(prec - d.dp, 0));
}

// packages/core/src/yaml/key-order.ts
var KIND_BOOL = 1;
var KIND_INT = 2;
var KIND_UINT64 = 11;
var KIND_FLOAT64 = 14;
var KIND_INTERFACE = 20;
var KIND_STRING = 24;
var INT64_MAX = (1n << 63n) - 1n;
function kindOf(key) {
  if (key === null) return KIND_INTERFACE;
  switch (typeof key) {
    case "boolean":
      return KIND_BOOL;
    case "bigint":
      return key > INT64_MAX ? KIND_UINT64 : KIND_INT;
    case "number":
      return KIND_FLOAT64;
    default:
      return KIND_STRING;
  }
}
function keyFloat(key) {
  switch (typeof key) {
    case "boolean":
      return key ? 1 : 0;
    case "bigint":
      return Number(key);
    case "number":
      return key;
    default:
      return void 0;
  }
}
var LETTER = new RegExp("\\p{L}", "u");
var DIGIT = new RegExp("\\p{Nd}", "u");
function isLetter(c) {
  if (c < 128) return (c | 32) >= 97 && (c | 32) <= 122 || false;
  return LETTER.test(String.fromCodePoint(c));
}
function isDigit(c) {
  if (c < 128) return c >= 48 && c <= 57;
  return DIGIT.test(String.fromCodePoint(c));
}
function runesOf(s) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 55296 && c <= 57343) return Array.from(s, (ch) => ch.codePointAt(0) ?? 0);
  }
  return s;
}
function runeAt(r, i) {
  return typeof r === "string" ? r.charCodeAt(i) : r[i] ?? 0;
}
function digitRun(r, from, start) {
  let n = start;
  let i = from;
  for (; i < r.length; i++) {
    const c = runeAt(r, i);
    if (!isDigit(c)) break;
    n = BigInt.asIntN(64, n * 10n + BigInt(c - 48));
  }
  return [n, i];
}
function digitRunAscii(r, from, start) {
  let n = start;
  let i = from;
  for (; i < r.length; i++) {
    const c = runeAt(r, i);
    if (c < 48 || c > 57) break;
    if (i - from >= 15) return void 0;
    n = n * 10 + (c - 48);
  }
  if (i < r.length && runeAt(r, i) >= 128 && isDigit(runeAt(r, i))) return void 0;
  return [n, i];
}
function compareRunes(a, b) {
  const n = Math.min(a.length, b.length);
  let digits = false;
  for (let i = 0; i < n; i++) {
    const ca = runeAt(a, i);
    const cb = runeAt(b, i);
    if (ca === cb) {
      digits = isDigit(ca);
      continue;
    }
    const al = isLetter(ca);
    const bl = isLetter(cb);
    if (al && bl) return ca < cb ? -1 : 1;
    if (al || bl) return (digits ? al : bl) ? -1 : 1;
    let start = 0;
    if (ca === 48 || cb === 48) {
      for (let j = i - 1; j >= 0 && isDigit(runeAt(a, j)); j--) {
        if (runeAt(a, j) !== 48) {
          start = 1;
          break;
        }
      }
    }
    const fa = digitRunAscii(a, i, start);
    const fb = digitRunAscii(b, i, start);
    let diff;
    let ai;
    let bi;
    if (fa !== void 0 && fb !== void 0) {
      [ai, bi] = [fa[1], fb[1]];
      diff = fa[0] - fb[0];
    } else {
      const ra = digitRun(a, i, BigInt(start));
      const rb = digitRun(b, i, BigInt(start));
      [ai, bi] = [ra[1], rb[1]];
      diff = ra[0] === rb[0] ? 0 : ra[0] < rb[0] ? -1 : 1;
    }
    if (diff !== 0) return diff < 0 ? -1 : 1;
    if (ai !== bi) return ai < bi ? -1 : 1;
    return ca < cb ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}
function sortableKey(key) {
  return { key, runes: typeof key === "string" ? runesOf(key) : void 0 };
}
function compareSortableKeys(x, y) {
  if (x.runes !== void 0 && y.runes !== void 0) return compareRunes(x.runes, y.runes);
  const a = x.key;
  const b = y.key;
  const ka = kindOf(a);
  const kb = kindOf(b);
  const fa = keyFloat(a);
  const fb = keyFloat(b);
  if (fa !== void 0 && fb !== void 0) {
    if (fa !== fb) return fa < fb ? -1 : fb < fa ? 1 : 0;
    if (ka !== kb) return ka - kb;
    if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
    if (typeof a === "boolean" && typeof b === "boolean") return a === b ? 0 : a ? 1 : -1;
    return 0;
  }
  return ka - kb;
}
function compareBmpStrings(a, b) {
  return compareRunes(a, b);
}
function isBmpString(s) {
  return runesOf(s) === s;
}

// packages/core/src/yaml/resolve.ts
var HINT_NONE = 0;
var HINT_SIGN = 1;
var HINT_DIGIT = 2;
var HINT_MAP = 3;
var HINT_DOT = 4;
var HINTS = new Uint8Array(128);
HINTS[43] = HINT_SIGN;
HINTS[45] = HINT_SIGN;
for (let c = 48; c <= 57; c++) HINTS[c] = HINT_DIGIT;
for (const ch of "yYnNtTfFoO~") HINTS[ch.charCodeAt(0)] = HINT_MAP;
HINTS[46] = HINT_DOT;
var FIXED = /* @__PURE__ */ new Map();
for (const s of ["true", "True", "TRUE"]) FIXED.set(s, true);
for (const s of ["false", "False", "FALSE"]) FIXED.set(s, false);
for (const s of ["", "~", "null", "Null", "NULL"]) FIXED.set(s, null);
for (const s of [".nan", ".NaN", ".NAN"]) FIXED.set(s, NaN);
for (const s of [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"]) FIXED.set(s, Infinity);
for (const s of ["-.inf", "-.Inf", "-.INF"]) FIXED.set(s, -Infinity);
var YAML11_TRUE = ["y", "Y", "yes", "Yes", "YES", "on", "On", "ON"];
var YAML11_FALSE = ["n", "N", "no", "No", "NO", "off", "Off", "OFF"];
var YAML11_BOOLS = new Map([
  ...YAML11_TRUE.map((s) => [s, true]),
  ...YAML11_FALSE.map((s) => [s, false])
]);
var INT64_MIN = -(1n << 63n);
var INT64_MAX2 = (1n << 63n) - 1n;
var UINT64_MAX = (1n << 64n) - 1n;
var YAML_STYLE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
var DOT_FLOAT = /^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/;
var BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
var TIMESTAMP = /^[0-9]{4}-([0-9]{1,2})-([0-9]{1,2})(?:[Tt]([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:[.,][0-9]+)?(?:Z|[-+]([0-9]{2}):([0-9]{2}))| +([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:[.,][0-9]+)?)?$/;
var DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function parseGoInt(s) {
  let i = 0;
  const first2 = s.charCodeAt(0);
  const signed = first2 === 43 || first2 === 45;
  if (signed) i = 1;
  if (i >= s.length) return void 0;
  let base = 10;
  let prefix = "";
  if (s.charCodeAt(i) === 48) {
    const letter = s.length - i >= 3 ? s.charCodeAt(i + 1) | 32 : 0;
    if (letter === 98) [base, prefix, i] = [2, "0b", i + 2];
    else if (letter === 111) [base, prefix, i] = [8, "0o", i + 2];
    else if (letter === 120) [base, prefix, i] = [16, "0x", i + 2];
    else [base, prefix, i] = [8, "0o", i + 1];
  }
  for (let j = i; j < s.length; j++) {
    const c = s.charCodeAt(j);
    let d;
    if (c >= 48 && c <= 57) d = c - 48;
    else if ((c | 32) >= 97 && (c | 32) <= 122) d = (c | 32) - 87;
    else return void 0;
    if (d >= base) return void 0;
  }
  const digits = s.slice(i);
  let value = digits === "" ? 0n : BigInt(prefix + digits);
  if (first2 === 45) value = -value;
  if (value >= INT64_MIN && value <= INT64_MAX2) return value;
  if (!signed && value <= UINT64_MAX) return value;
  return void 0;
}
function finiteOrUndefined(text2) {
  const f = Number(text2);
  return Number.isFinite(f) ? f : void 0;
}
function resolveNumber(s) {
  const plain = s.includes("_") ? s.replaceAll("_", "") : s;
  const int2 = parseGoInt(plain);
  if (int2 !== void 0) return int2;
  if (YAML_STYLE_FLOAT.test(plain)) return finiteOrUndefined(plain);
  return void 0;
}
function resolvePlain(s, yaml11) {
  if (s === "") return null;
  const c = s.charCodeAt(0);
  const hint = c < 128 ? HINTS[c] ?? HINT_NONE : HINT_NONE;
  if (hint === HINT_NONE) return void 0;
  const fixed = FIXED.get(s);
  if (fixed !== void 0) return fixed;
  if (yaml11) {
    const bool2 = YAML11_BOOLS.get(s);
    if (bool2 !== void 0) return bool2;
  }
  switch (hint) {
    case HINT_MAP:
      return void 0;
    case HINT_DOT:
      return DOT_FLOAT.test(s) ? finiteOrUndefined(s) : void 0;
    default:
      return resolveNumber(s);
  }
}
function hasNumericHint(s) {
  const c = s.charCodeAt(0);
  return c < 128 && (HINTS[c] === HINT_DIGIT || HINTS[c] === HINT_SIGN);
}
function isGoTimestamp(s) {
  if (s.length < 8 || s.charCodeAt(4) !== 45) return false;
  const m = TIMESTAMP.exec(s);
  if (m === null) return false;
  const year = Number(s.slice(0, 4));
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1] ?? 0;
  if (day < 1 || day > days) return false;
  const hour = m[3] ?? m[8];
  if (hour === void 0) return true;
  const minute = m[4] ?? m[9];
  const second = m[5] ?? m[10];
  if (Number(hour) >= 24 || Number(minute) >= 60 || Number(second) >= 60) return false;
  return m[6] === void 0 || Number(m[6]) <= 24 && Number(m[7]) <= 60;
}
function isBase60Float(s) {
  return hasNumericHint(s) && s.includes(":") && BASE60_FLOAT.test(s);
}
function isPlainSafeString(s) {
  if (resolvePlain(s, false) !== void 0) return false;
  if (YAML11_BOOLS.has(s)) return false;
  if (hasNumericHint(s)) return !isGoTimestamp(s) && !isBase60Float(s);
  return true;
}
function shortTagOf(value) {
  if (value === void 0) return "!!str";
  if (value === null) return "!!null";
  switch (typeof value) {
    case "boolean":
      return "!!bool";
    case "bigint":
      return "!!int";
    case "number":
      return "!!float";
    default:
      return "!!str";
  }
}

// packages/core/src/yaml/scalar-analysis.ts
var MULTILINE = 1;
var PLAIN_ALLOWED = 2;
var SINGLE_QUOTED_ALLOWED = 4;
var BLOCK_ALLOWED = 8;
function isBreak(c) {
  return c === 10 || c === 13 || c === 133 || c === 8232 || c === 8233;
}
function isPrintable(c) {
  if (c < 127) return c >= 32 || c === 10;
  if (c < 160) return false;
  if (c <= 55295) return true;
  return c >= 57344 && c <= 65533 && c !== 65279;
}
function isLeadingIndicator(c) {
  switch (c) {
    case 35:
    // #
    case 44:
    // ,
    case 91:
    // [
    case 93:
    // ]
    case 123:
    // {
    case 125:
    // }
    case 38:
    // &
    case 42:
    // *
    case 33:
    // !
    case 124:
    // |
    case 62:
    // >
    case 39:
    // '
    case 34:
    // "
    case 37:
    // %
    case 64:
    // @
    case 96:
      return true;
    default:
      return false;
  }
}
function isSimpleAscii(s) {
  const first2 = s.charCodeAt(0);
  if (isLeadingIndicator(first2) || first2 === 45 || first2 === 46 || first2 === 63) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 32 || c >= 127 || c === 58 || c === 35) return false;
  }
  return true;
}
function analyzeScalar(s) {
  const n = s.length;
  if (n === 0) return PLAIN_ALLOWED | SINGLE_QUOTED_ALLOWED;
  if (isSimpleAscii(s)) return PLAIN_ALLOWED | SINGLE_QUOTED_ALLOWED | BLOCK_ALLOWED;
  let blockIndicators = s.startsWith("---") || s.startsWith("...");
  let lineBreaks = false;
  let special = false;
  let tabs = false;
  let leadingSpaceOrBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let precededByWhitespace = true;
  let previousSpace = false;
  let previousBreak = false;
  for (let i = 0; i < n; ) {
    let c = s.charCodeAt(i);
    if (c >= 55296 && c <= 56319) c = s.codePointAt(i) ?? c;
    const next = i + (c > 65535 ? 2 : 1);
    const nc = s.charCodeAt(next);
    const followedByWhitespace = next >= n || nc === 32 || nc === 9;
    if (i === 0) {
      if (isLeadingIndicator(c)) blockIndicators = true;
      else if ((c === 63 || c === 58 || c === 45) && followedByWhitespace) blockIndicators = true;
    } else if (c === 58 && followedByWhitespace) {
      blockIndicators = true;
    } else if (c === 35 && precededByWhitespace) {
      blockIndicators = true;
    }
    if (c === 9) tabs = true;
    else if (!isPrintable(c)) special = true;
    if (c === 32) {
      if (i === 0) leadingSpaceOrBreak = true;
      if (next === n) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingSpaceOrBreak = true;
      if (next === n) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = c === 32 || c === 9 || c === 0 || isBreak(c);
    i = next;
  }
  let plain = !leadingSpaceOrBreak && !trailingSpace && !trailingBreak && !lineBreaks && !blockIndicators;
  let single = true;
  let block = !trailingSpace;
  if (breakSpace) {
    plain = false;
    single = false;
  }
  if (spaceBreak || tabs || special) {
    plain = false;
    single = false;
  }
  if (spaceBreak || special) block = false;
  return (lineBreaks ? MULTILINE : 0) | (plain ? PLAIN_ALLOWED : 0) | (single ? SINGLE_QUOTED_ALLOWED : 0) | (block ? BLOCK_ALLOWED : 0);
}
function utf8Length(s) {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) bytes += 1;
    else if (c < 2048) bytes += 2;
    else if (c >= 55296 && c <= 56319) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
var NAMED_ESCAPES = /* @__PURE__ */ new Map([
  [0, "\\0"],
  [7, "\\a"],
  [8, "\\b"],
  [9, "\\t"],
  [10, "\\n"],
  [11, "\\v"],
  [12, "\\f"],
  [13, "\\r"],
  [27, "\\e"],
  [34, '\\"'],
  [92, "\\\\"],
  [133, "\\N"],
  [160, "\\_"],
  [8232, "\\L"],
  [8233, "\\P"]
]);
function escapeCodePoint(c) {
  const named = NAMED_ESCAPES.get(c);
  if (named !== void 0) return named;
  const hex2 = c.toString(16).toUpperCase();
  if (c <= 255) return "\\x" + hex2.padStart(2, "0");
  if (c <= 65535) return "\\u" + hex2.padStart(4, "0");
  return "\\U" + hex2.padStart(8, "0");
}
function chompIndicator(s) {
  const n = s.length;
  if (n === 0 || !isBreak(s.charCodeAt(n - 1))) return "-";
  if (n === 1 || isBreak(s.charCodeAt(n - 2))) return "+";
  return "";
}

// packages/core/src/yaml/emit.ts
var BEST_INDENT = 4;
var MAX_DEPTH = 2e3;
var PLAIN = 1;
var SINGLE_QUOTED = 2;
var DOUBLE_QUOTED = 3;
var LITERAL = 4;
function floatText(x) {
  if (Number.isNaN(x)) return ".nan";
  if (x === Infinity) return ".inf";
  if (x === -Infinity) return "-.inf";
  return formatFloat(x, "g", -1);
}
function scalarText3(value) {
  if (value === null) return "null";
  if (typeof value === "number") return floatText(value);
  return String(value);
}
var Emitter = class {
  out = "";
  column = 0;
  indent = -1;
  indents = [];
  whitespace = true;
  indention = true;
  depth = 0;
  /** libyaml's increase_indent; `inSequenceItem` is "the top state is BLOCK_SEQUENCE_ITEM". */
  increaseIndent(flow, inSequenceItem) {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (inSequenceItem) this.indent += 2;
    else this.indent = BEST_INDENT * Math.floor((this.indent + BEST_INDENT) / BEST_INDENT);
  }
  restoreIndent() {
    this.indent = this.indents.pop() ?? -1;
  }
  putBreak() {
    this.out += "\n";
    this.column = 0;
    this.indention = true;
  }
  writeIndent() {
    const indent2 = this.indent < 0 ? 0 : this.indent;
    if (!this.indention || this.column > indent2 || this.column === indent2 && !this.whitespace) {
      this.putBreak();
    }
    if (this.column < indent2) {
      this.out += " ".repeat(indent2 - this.column);
      this.column = indent2;
    }
    this.whitespace = true;
  }
  writeIndicator(text2, needWhitespace, isWhitespace2, isIndention) {
    if (needWhitespace && !this.whitespace) {
      this.out += " ";
      this.column++;
    }
    this.out += text2;
    this.column += text2.length;
    this.whitespace = isWhitespace2;
    this.indention = this.indention && isIndention;
  }
  /** The document end's write_indent at indentation 0, which finishes the last line. */
  endDocument() {
    this.writeIndent();
  }
  /** Emits one node; `inSequenceItem` and `simpleKey` are libyaml's context for it. */
  node(value, inSequenceItem, simpleKey) {
    if (value === null || typeof value !== "object") {
      if (typeof value === "string") this.stringScalar(value, inSequenceItem, simpleKey);
      else this.scalar(scalarText3(value), PLAIN, inSequenceItem);
      return;
    }
    if (++this.depth > MAX_DEPTH) {
      throw new Error("yaml: cannot marshal a cyclic or too deeply nested value");
    }
    if (Array.isArray(value)) {
      if (value.length === 0) this.emptyFlow("[", "]");
      else this.sequence(value, inSequenceItem);
    } else if (value instanceof GoMap) {
      if (value.size === 0) this.emptyFlow("{", "}");
      else this.mapping(sortedKeys(value), (k) => value.entries.get(k) ?? null, inSequenceItem);
    } else if (value instanceof GoStruct) {
      this.struct(value, inSequenceItem);
    }
    this.depth--;
  }
  emptyFlow(open, close) {
    this.writeIndicator(open, true, true, false);
    this.writeIndicator(close, false, false, false);
  }
  sequence(items, inSequenceItem) {
    this.increaseIndent(false, inSequenceItem);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator("-", true, false, true);
      this.node(item, true, false);
    }
    this.restoreIndent();
  }
  mapping(keys, valueOf, inSequenceItem) {
    this.increaseIndent(false, inSequenceItem);
    for (const key of keys) {
      this.writeIndent();
      if (isSimpleKey(key)) {
        this.node(key, false, true);
        this.writeIndicator(":", false, false, false);
      } else {
        this.writeIndicator("?", true, false, true);
        this.node(key, false, false);
        this.writeIndent();
        this.writeIndicator(":", true, false, true);
      }
      this.node(valueOf(key), false, false);
    }
    this.restoreIndent();
  }
  /** yaml.v3 writes struct fields in declaration order under their lowercased names. */
  struct(value, inSequenceItem) {
    if (value.fields.size === 0) {
      this.emptyFlow("{", "}");
      return;
    }
    const byKey = /* @__PURE__ */ new Map();
    for (const [name, field] of value.fields) byKey.set(name.toLowerCase(), field);
    this.mapping([...byKey.keys()], (k) => byKey.get(k) ?? null, inSequenceItem);
  }
  /** yaml.v3's stringv and libyaml's select_scalar_style for a string. */
  stringScalar(s, inSequenceItem, simpleKey) {
    const flags = analyzeScalar(s);
    let style = s.includes("\n") ? LITERAL : isPlainSafeString(s) ? PLAIN : DOUBLE_QUOTED;
    if (simpleKey && (flags & MULTILINE) !== 0) style = DOUBLE_QUOTED;
    if (style === PLAIN && (flags & PLAIN_ALLOWED) === 0) style = SINGLE_QUOTED;
    if (style === SINGLE_QUOTED && (flags & SINGLE_QUOTED_ALLOWED) === 0) style = DOUBLE_QUOTED;
    if (style === LITERAL && ((flags & BLOCK_ALLOWED) === 0 || simpleKey)) style = DOUBLE_QUOTED;
    this.scalar(s, style, inSequenceItem);
  }
  scalar(s, style, inSequenceItem) {
    this.increaseIndent(true, inSequenceItem);
    switch (style) {
      case PLAIN:
        if (s.length > 0 && !this.whitespace) {
          this.out += " ";
          this.column++;
        }
        this.out += s;
        this.column += s.length;
        if (s.length > 0) this.whitespace = false;
        this.indention = false;
        break;
      case SINGLE_QUOTED:
        this.singleQuoted(s);
        break;
      case DOUBLE_QUOTED:
        this.doubleQuoted(s);
        break;
      default:
        this.literal(s);
    }
    this.restoreIndent();
  }
  singleQuoted(s) {
    this.writeIndicator("'", true, false, false);
    let breaks = false;
    for (const ch of s) {
      const c = ch.codePointAt(0) ?? 0;
      if (isBreak(c)) {
        this.out += ch;
        this.column = 0;
        this.indention = true;
        breaks = true;
        continue;
      }
      if (breaks && c !== 32) this.writeIndent();
      this.out += c === 39 ? "''" : ch;
      this.column += c === 39 ? 2 : 1;
      if (c !== 32) {
        this.indention = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }
  doubleQuoted(s) {
    this.writeIndicator('"', true, false, false);
    let text2 = "";
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 55296 && c <= 56319 && i + 1 < s.length) {
        const low = s.charCodeAt(i + 1);
        if (low >= 56320 && low <= 57343) {
          c = 65536 + (c - 55296 << 10) + (low - 56320);
          i++;
        }
      }
      if (!isPrintable(c) || isBreak(c) || c === 34 || c === 92) text2 += escapeCodePoint(c);
      else text2 += String.fromCodePoint(c);
    }
    this.out += text2 + '"';
    this.column += text2.length + 1;
    this.whitespace = false;
    this.indention = false;
  }
  literal(s) {
    this.writeIndicator("|", true, false, false);
    const first2 = s.charCodeAt(0);
    if (first2 === 32 || isBreak(first2))
      this.writeIndicator(String(BEST_INDENT), false, false, false);
    const chomp = chompIndicator(s);
    if (chomp !== "") this.writeIndicator(chomp, false, false, false);
    this.putBreak();
    this.whitespace = true;
    let lineStart = 0;
    for (let i = 0; i <= s.length; i++) {
      const c = i < s.length ? s.charCodeAt(i) : -1;
      if (c !== -1 && !isBreak(c)) continue;
      if (i > lineStart) {
        this.writeIndent();
        this.out += s.slice(lineStart, i);
        this.column += i - lineStart;
        this.indention = false;
      }
      if (c === 10) {
        this.putBreak();
      } else if (c !== -1) {
        this.out += s.charAt(i);
        this.column = 0;
        this.indention = true;
      }
      lineStart = i + 1;
    }
  }
};
function isSimpleKey(key) {
  if (typeof key !== "string") return true;
  if (key.length * 3 <= 128) return !key.includes("\n") && (analyzeScalar(key) & MULTILINE) === 0;
  return utf8Length(key) <= 128 && (analyzeScalar(key) & MULTILINE) === 0;
}
function sortedKeys(map) {
  if (map.hasStringKeys) {
    const strings = [...map.entries.keys()];
    if (strings.every(isBmpString)) return strings.sort(compareBmpStrings);
  }
  const keys = [];
  for (const key of map.entries.keys()) keys.push(sortableKey(key));
  keys.sort(compareSortableKeys);
  return keys.map((k) => k.key);
}
function marshalYaml(value) {
  const emitter = new Emitter();
  emitter.node(value, false, false);
  emitter.endDocument();
  return emitter.out;
}

// packages/core/src/yaml/yaml11.ts
var import_yaml3 = __toESM(require_dist(), 1);
var TAG_PREFIX = "tag:yaml.org,2002:";
var PASS_THROUGH_TAGS = ["bool", "int", "float", "null", "timestamp", "binary"].map(
  (name) => ({ tag: TAG_PREFIX + name, default: false, resolve: (text2) => text2 })
);
var PARSE_OPTIONS = {
  schema: "failsafe",
  customTags: PASS_THROUGH_TAGS,
  merge: false,
  uniqueKeys: false,
  prettyErrors: false
};
var STR_TAG = TAG_PREFIX + "str";
var BINARY_TAG = TAG_PREFIX + "binary";
var MERGE_TAG = TAG_PREFIX + "merge";
var FLOAT_TAG = TAG_PREFIX + "float";
var TIMESTAMP_TAG = TAG_PREFIX + "timestamp";
var RESOLVABLE_TAGS = new Set(
  ["bool", "int", "float", "null", "timestamp"].map((t) => TAG_PREFIX + t)
);
var IFACE_MAP = "map[interface {}]interface {}";
var ALIAS_RATIO_RANGE_LOW = 4e5;
var ALIAS_RATIO_RANGE_HIGH = 4e6;
function allowedAliasRatio(decodeCount) {
  if (decodeCount <= ALIAS_RATIO_RANGE_LOW) return 0.99;
  if (decodeCount >= ALIAS_RATIO_RANGE_HIGH) return 0.1;
  const range = ALIAS_RATIO_RANGE_HIGH - ALIAS_RATIO_RANGE_LOW;
  return 0.99 - 0.89 * (decodeCount - ALIAS_RATIO_RANGE_LOW) / range;
}
function fail(message) {
  throw new Error("yaml: " + message);
}
function lineOf(text2, offset) {
  let line = 1;
  for (let i = 0; i < offset && i < text2.length; i++) if (text2.charCodeAt(i) === 10) line++;
  return line;
}
function resolveTagged(tag, text2) {
  const value = resolvePlain(text2, true);
  let resolvedTag = shortTagOf(value);
  if (tag === TIMESTAMP_TAG && isGoTimestamp(text2)) resolvedTag = "!!timestamp";
  const wanted = "!!" + tag.slice(TAG_PREFIX.length);
  if (resolvedTag === wanted) {
    return resolvedTag === "!!timestamp" ? text2 : value ?? null;
  }
  if (tag === FLOAT_TAG && typeof value === "bigint" && value <= INT64_MAX2) return Number(value);
  return fail(`cannot decode ${resolvedTag} \`${text2}\` as a ${wanted}`);
}
function decodeBinary(text2) {
  let bytes;
  try {
    bytes = atob(text2.replace(/[\r\n]/g, ""));
  } catch {
    return fail("!!binary value contains invalid base64 data");
  }
  const array = Uint8Array.from(bytes, (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(array);
}
function decodeScalar(node) {
  const text2 = node.source ?? String(node.value);
  const tag = node.tag;
  if (tag === void 0) {
    if (node.type !== "PLAIN") return text2;
    const value = resolvePlain(text2, true);
    return value === void 0 ? text2 : value;
  }
  if (tag === BINARY_TAG) return decodeBinary(text2);
  if (tag === STR_TAG || !RESOLVABLE_TAGS.has(tag)) return text2;
  return resolveTagged(tag, text2);
}
function isMergeKey(node) {
  if (!(0, import_yaml3.isScalar)(node) || node.source !== "<<") return false;
  return node.tag === MERGE_TAG || node.type === "PLAIN" && (node.tag ?? "!") === "!";
}
var Decoder = class {
  doc;
  activeAliases = /* @__PURE__ */ new Set();
  aliasDepth = 0;
  aliasCount = 0;
  decodeCount = 0;
  constructor(doc) {
    this.doc = doc;
  }
  count() {
    this.decodeCount++;
    if (this.aliasDepth > 0) this.aliasCount++;
    if (this.aliasCount > 100 && this.decodeCount > 1e3 && this.aliasCount / this.decodeCount > allowedAliasRatio(this.decodeCount)) {
      fail("document contains excessive aliasing");
    }
  }
  /** Follows an alias, refusing one whose anchored node contains the alias itself. */
  viaAlias(node, use) {
    if (!(0, import_yaml3.isAlias)(node)) return use(node);
    if (this.activeAliases.has(node)) fail(`anchor '${node.source}' value contains itself`);
    const target = node.resolve(this.doc);
    if (target === void 0) fail(`unknown anchor '${node.source}' referenced`);
    this.activeAliases.add(node);
    this.aliasDepth++;
    try {
      this.count();
      return use(target);
    } finally {
      this.aliasDepth--;
      this.activeAliases.delete(node);
    }
  }
  decode(node) {
    if (node === null || node === void 0) return null;
    this.count();
    return this.viaAlias(node, (target) => {
      if ((0, import_yaml3.isScalar)(target)) return decodeScalar(target);
      if ((0, import_yaml3.isSeq)(target)) return target.items.map((item) => this.decode(item));
      if ((0, import_yaml3.isMap)(target)) {
        const out = new GoMap([], IFACE_MAP);
        this.fillMapping(target, out);
        return out;
      }
      return null;
    });
  }
  fillMapping(node, out) {
    for (const pair2 of node.items) {
      if (isMergeKey(pair2.key)) {
        this.merge(pair2.value, out);
        continue;
      }
      const key = this.decode(pair2.key);
      if (Array.isArray(key) || key instanceof GoMap) {
        fail(`invalid map key: ${Array.isArray(key) ? "[]interface {}" : key.type}`);
      }
      out.entries.set(key, this.decode(pair2.value));
    }
  }
  /** Decodes a mapping (or an alias of one) into an existing map, as a merge does. */
  mergeOne(node, out) {
    this.count();
    this.viaAlias(node, (target) => {
      if (!(0, import_yaml3.isMap)(target)) fail("map merge requires map or sequence of maps as the value");
      this.fillMapping(target, out);
    });
  }
  merge(node, out) {
    if (node !== null && ((0, import_yaml3.isMap)(node) || (0, import_yaml3.isAlias)(node))) {
      this.mergeOne(node, out);
    } else if (node !== null && (0, import_yaml3.isSeq)(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) {
        const item = node.items[i];
        if (!(0, import_yaml3.isMap)(item) && !(0, import_yaml3.isAlias)(item)) {
          fail("map merge requires map or sequence of maps as the value");
        }
        this.mergeOne(item, out);
      }
    } else {
      fail("map merge requires map or sequence of maps as the value");
    }
  }
};
function parseYaml11(text2) {
  const docs = (0, import_yaml3.parseAllDocuments)(text2, PARSE_OPTIONS);
  const doc = docs[0];
  if (doc === void 0) {
    const error2 = "errors" in docs ? docs.errors[0] : void 0;
    if (error2 !== void 0) fail(`line ${lineOf(text2, error2.pos[0])}: ${error2.message}`);
    return null;
  }
  const error = doc.errors[0];
  if (error !== void 0) fail(`line ${lineOf(text2, error.pos[0])}: ${error.message}`);
  return new Decoder(doc).decode(doc.contents);
}

// packages/core/src/config/value.ts
var GO_SPACE = "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
var GO_TRIM = new RegExp(`^[${GO_SPACE}]+|[${GO_SPACE}]+$`, "g");
function goTrimSpace(text2) {
  return text2.replace(GO_TRIM, "");
}
function parseConfigValue(text2) {
  const trimmed = goTrimSpace(text2);
  if (trimmed.startsWith("'") && trimmed.endsWith("'")) {
    return trimmed.replace(/^'+|'+$/g, "");
  }
  let parsed;
  try {
    parsed = parseYaml11(text2);
  } catch {
    return text2;
  }
  return Array.isArray(parsed) || isYamlMap(parsed) ? parsed : text2;
}
function isYamlMap(value) {
  return value instanceof GoMap && value.type === "map[interface {}]interface {}";
}
function mergeConfigValue(existing, incoming) {
  if (Array.isArray(existing) && Array.isArray(incoming)) {
    return mergeSequences(existing, incoming);
  }
  if (isYamlMap(existing) && isYamlMap(incoming)) {
    const merged = new GoMap(existing.entries, existing.type);
    for (const [key, value] of incoming.entries) {
      const current = merged.entries.get(key);
      merged.entries.set(key, merged.has(key) ? mergeConfigValue(current ?? null, value) : value);
    }
    return merged;
  }
  return incoming;
}
function mergeSequences(existing, incoming) {
  const result = existing.slice();
  for (const item of incoming) {
    let matched = false;
    if (isYamlMap(item)) {
      const name = item.get("name") ?? null;
      for (let j = 0; j < result.length; j++) {
        const candidate = result[j] ?? null;
        if (isYamlMap(candidate) && goInterfaceEqual(candidate.get("name") ?? null, name)) {
          result[j] = mergeConfigValue(candidate, item);
          matched = true;
        }
      }
    }
    if (!matched) result.push(item);
  }
  return result;
}
function goInterfaceEqual(a, b) {
  if (a === null || b === null) return a === b;
  if (typeof a !== typeof b) return false;
  if (typeof a === "object") return false;
  return a === b;
}
function cloneConfigValue(value) {
  if (Array.isArray(value)) return value.map(cloneConfigValue);
  if (value instanceof GoMap) {
    const copy = new GoMap(void 0, value.type);
    for (const [key, item] of value.entries) copy.entries.set(key, cloneConfigValue(item));
    return copy;
  }
  return value;
}

// packages/core/src/config/collector.ts
function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
var ConfigCollector = class {
  #sources;
  /** Label keys other than the special ones, used to key the cluster-type plan cache. */
  #genericKeys;
  #plans = /* @__PURE__ */ new Map();
  #merged = /* @__PURE__ */ new Map();
  /** @param configMaps every ConfigMap of the environment; non-platform ones are ignored. */
  constructor(configMaps) {
    const parsed = /* @__PURE__ */ new Map();
    const parse4 = (cm, key) => {
      let values = parsed.get(cm);
      if (!values) parsed.set(cm, values = /* @__PURE__ */ new Map());
      let value = values.get(key);
      if (value === void 0) values.set(key, value = parseConfigValue(cm.data[key] ?? ""));
      return value;
    };
    const sources = [];
    const labelled = configMaps.filter((cm) => isLabelledPlatformConfig(cm.labels));
    for (const cm of labelled.sort((a, b) => compareStrings(a.name, b.name))) {
      sources.push({
        labels: matchingLabels(cm.labels),
        entries: Object.keys(cm.data).map((key) => [key, parse4(cm, key)])
      });
    }
    const azure = configMaps.filter((cm) => isAzureAppConfig(cm.name));
    for (const cm of azure.sort((a, b) => compareStrings(a.name, b.name))) {
      const keys = Object.keys(cm.data).sort((a, b) => a.length - b.length || compareStrings(a, b));
      for (const encoded of keys) {
        const decoded2 = decodeAzureKey(encoded);
        sources.push({
          labels: matchingLabels(decoded2.labels),
          entries: [[decoded2.key, parse4(cm, encoded)]]
        });
      }
    }
    this.#sources = sources;
    const special = /* @__PURE__ */ new Set([CLUSTER_TYPE_LABEL, DEPLOYMENT_TARGET_LABEL, WORKLOAD_LABEL]);
    const generic = new Set(sources.flatMap((s) => s.labels.map(([key]) => key)));
    this.#genericKeys = [...generic].filter((key) => !special.has(key)).sort(compareStrings);
  }
  /**
   * The ConfigData of one assignment: a fresh map (structured values deep-copied), so a caller
   * changing it cannot affect any other assignment.
   */
  collect(subject) {
    const plan = this.#planFor(subject.clusterType);
    const matching = [];
    for (const [index2, checks] of plan) {
      if (checks.every((check2) => targetSatisfies(check2, subject.target))) matching.push(index2);
    }
    const key = matching.join(",");
    let merged = this.#merged.get(key);
    if (!merged) this.#merged.set(key, merged = this.#merge(matching));
    const copy = new GoMap(void 0, "map[string]interface {}");
    for (const [name, value] of merged.entries) copy.entries.set(name, cloneConfigValue(value));
    return copy;
  }
  #planFor(clusterType) {
    const cacheKey = [
      clusterType.name,
      ...this.#genericKeys.map((k) => labelValue(clusterType.labels, k))
    ].join("\0");
    let plan = this.#plans.get(cacheKey);
    if (!plan) this.#plans.set(cacheKey, plan = this.#buildPlan(clusterType));
    return plan;
  }
  #buildPlan(clusterType) {
    const plan = [];
    this.#sources.forEach((source, index2) => {
      const checks = [];
      for (const [key, value] of source.labels) {
        if (key === CLUSTER_TYPE_LABEL) {
          if (value !== clusterType.name) return;
        } else if (key === DEPLOYMENT_TARGET_LABEL) {
          checks.push({ kind: "name", value });
        } else if (key === WORKLOAD_LABEL || labelValue(clusterType.labels, key) !== value) {
          checks.push({ kind: "label", key, value });
        }
      }
      plan.push([index2, checks]);
    });
    return plan;
  }
  #merge(matching) {
    const data = new GoMap(void 0, "map[string]interface {}");
    for (const index2 of matching) {
      for (const [key, value] of this.#sources[index2]?.entries ?? []) {
        const existing = data.entries.get(key);
        data.entries.set(key, existing === void 0 ? value : mergeConfigValue(existing, value));
      }
    }
    return data;
  }
};
function matchingLabels(labels) {
  return Object.entries(labels).filter(([key]) => isMatchingLabel(key));
}
function targetSatisfies(check2, target) {
  return check2.kind === "name" ? target.name === check2.value : labelValue(target.labels, check2.key) === check2.value;
}

// packages/core/src/config/go-strconv.ts
var INT64_MIN2 = -(2n ** 63n);
var INT64_MAX3 = 2n ** 63n - 1n;
function goAtoi(text2) {
  if (!/^[+-]?[0-9]+$/.test(text2)) return void 0;
  const value = BigInt(text2);
  return value < INT64_MIN2 || value > INT64_MAX3 ? void 0 : value;
}
var DECIMAL = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
var HEX = /^([+-]?)0[xX]([0-9a-fA-F_]*)(?:\.([0-9a-fA-F_]*))?[pP]([+-]?[0-9_]+)$/;
var INFINITY = /^([+-]?)(?:inf|infinity)$/i;
function goParseFloat(text2) {
  const inf = INFINITY.exec(text2);
  if (inf) return inf[1] === "-" ? -Infinity : Infinity;
  if (/^nan$/i.test(text2)) return NaN;
  let value;
  if (DECIMAL.test(text2)) {
    value = Number(text2);
  } else {
    const hex2 = HEX.exec(text2);
    if (!hex2 || !underscoresOk(text2)) return void 0;
    const [, sign = "", whole = "", fraction2 = "", exponent = ""] = hex2;
    const digits = (whole + fraction2).replaceAll("_", "");
    if (digits === "") return void 0;
    const mantissa = Number(BigInt("0x" + digits));
    const shift = Number(exponent.replaceAll("_", "")) - 4 * fraction2.replaceAll("_", "").length;
    value = (sign === "-" ? -1 : 1) * mantissa * 2 ** shift;
  }
  return Number.isFinite(value) ? value : void 0;
}
function underscoresOk(text2) {
  const body = text2.replace(/^[+-]?0[xX]/, "0");
  return !/__|_$|_[.pP]|[.pP+-]_/.test(body);
}
function formatGoFloat(value) {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "+Inf" : "-Inf";
  if (value === 0) return Object.is(value, -0) ? "-0" : "0";
  const [mantissa = "", exponentText = "0"] = value.toExponential().split("e");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 6) {
    const abs = Math.abs(exponent);
    return `${mantissa}e${exponent < 0 ? "-" : "+"}${abs < 10 ? "0" : ""}${abs}`;
  }
  return String(value);
}

// packages/core/src/config/go-json.ts
var UnsupportedJsonValue = class extends Error {
};
function scanGoJson(text2) {
  const scanner = new GoJsonScanner(text2);
  try {
    scanner.skipSpace();
    if (scanner.pos >= text2.length) return { error: "EOF" };
    scanner.value();
    return { end: scanner.pos };
  } catch (error) {
    if (error instanceof GoJsonSyntax) return { error: error.message };
    throw error;
  }
}
var GoJsonSyntax = class extends Error {
};
var LITERALS = { t: "true", f: "false", n: "null" };
var GoJsonScanner = class {
  pos = 0;
  #text;
  constructor(text2) {
    this.#text = text2;
  }
  skipSpace() {
    while (" 	\r\n".includes(this.#text[this.pos] ?? "x")) this.pos++;
  }
  /** The next character; running out of input inside a value is Go's `unexpected EOF`. */
  #peek() {
    const c = this.#text[this.pos];
    if (c === void 0) throw new GoJsonSyntax("unexpected EOF");
    return c;
  }
  #fail(context) {
    throw new GoJsonSyntax(`invalid character ${quoteChar(this.#peek())} ${context}`);
  }
  value() {
    const c = this.#peek();
    if (c === "{") return this.#object();
    if (c === "[") return this.#array();
    if (c === '"') return this.#string();
    if (c === "-" || c >= "0" && c <= "9") return this.#number();
    const literal = LITERALS[c];
    if (!literal) this.#fail("looking for beginning of value");
    this.pos++;
    for (const expected of literal.slice(1)) {
      if (this.#peek() !== expected) this.#fail(`in literal ${literal} (expecting '${expected}')`);
      this.pos++;
    }
  }
  #object() {
    this.pos++;
    this.skipSpace();
    if (this.#peek() === "}") {
      this.pos++;
      return;
    }
    for (; ; ) {
      if (this.#peek() !== '"') this.#fail("looking for beginning of object key string");
      this.#string();
      this.skipSpace();
      if (this.#peek() !== ":") this.#fail("after object key");
      this.pos++;
      this.skipSpace();
      this.value();
      this.skipSpace();
      const c = this.#peek();
      this.pos++;
      if (c === "}") return;
      if (c !== ",") {
        this.pos--;
        this.#fail("after object key:value pair");
      }
      this.skipSpace();
    }
  }
  #array() {
    this.pos++;
    this.skipSpace();
    if (this.#peek() === "]") {
      this.pos++;
      return;
    }
    for (; ; ) {
      this.value();
      this.skipSpace();
      const c = this.#peek();
      this.pos++;
      if (c === "]") return;
      if (c !== ",") {
        this.pos--;
        this.#fail("after array element");
      }
      this.skipSpace();
    }
  }
  #string() {
    this.pos++;
    for (; ; ) {
      const c = this.#peek();
      this.pos++;
      if (c === '"') return;
      if (c < " ") {
        this.pos--;
        this.#fail("in string literal");
      }
      if (c !== "\\") continue;
      const escape2 = this.#peek();
      if ('"\\/bfnrt'.includes(escape2)) {
        this.pos++;
      } else if (escape2 === "u") {
        this.pos++;
        for (let i = 0; i < 4; i++) {
          if (!/[0-9a-fA-F]/.test(this.#peek())) this.#fail("in \\u hexadecimal character escape");
          this.pos++;
        }
      } else {
        this.#fail("in string escape code");
      }
    }
  }
  #number() {
    if (this.#peek() === "-") {
      this.pos++;
      if (!/[0-9]/.test(this.#peek())) this.#fail("in numeric literal");
    }
    if (this.#text[this.pos] === "0") this.pos++;
    else this.#digits();
    if (this.#text[this.pos] === ".") {
      this.pos++;
      if (!/[0-9]/.test(this.#peek())) this.#fail("after decimal point in numeric literal");
      this.#digits();
    }
    if (this.#text[this.pos] === "e" || this.#text[this.pos] === "E") {
      this.pos++;
      if (this.#peek() === "+" || this.#peek() === "-") this.pos++;
      if (!/[0-9]/.test(this.#peek())) this.#fail("in exponent of numeric literal");
      this.#digits();
    }
  }
  #digits() {
    while (/[0-9]/.test(this.#text[this.pos] ?? "")) this.pos++;
  }
};
function quoteChar(c) {
  if (c === "'") return "'\\''";
  if (c === '"') return `'"'`;
  const code2 = c.codePointAt(0) ?? 0;
  const named = {
    7: "\\a",
    8: "\\b",
    9: "\\t",
    10: "\\n",
    11: "\\v",
    12: "\\f",
    13: "\\r",
    92: "\\\\"
  };
  if (named[code2]) return `'${named[code2]}'`;
  if (code2 >= 32 && code2 < 127) return `'${c}'`;
  const firstByte = code2 < 128 ? code2 : new TextEncoder().encode(c)[0] ?? 0;
  return `'\\x${firstByte.toString(16).padStart(2, "0")}'`;
}
function toJsonValue(value) {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new UnsupportedJsonValue(`json: unsupported value: ${formatGoFloat(value)}`);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(toJsonValue);
  const object = /* @__PURE__ */ Object.create(null);
  const entries2 = value instanceof GoMap ? value.entries : value.fields;
  for (const [key, item] of entries2) object[jsonKey(key)] = toJsonValue(item);
  return object;
}
function jsonKey(key) {
  if (key === null) return "<nil>";
  return typeof key === "number" ? formatGoFloat(key) : String(key);
}
function goJsonMarshal(value) {
  if (value === null || typeof value !== "object") {
    return JSON.stringify(value).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  }
  if (Array.isArray(value)) return `[${value.map(goJsonMarshal).join(",")}]`;
  const keys = Object.keys(value).sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  return `{${keys.map((k) => `${goJsonMarshal(k)}:${goJsonMarshal(value[k] ?? null)}`).join(",")}}`;
}

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
function isDate(text2) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text2);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
function isIpv6(text2) {
  if (!text2.includes(":")) return false;
  try {
    new URL(`http://[${text2}]/`);
    return true;
  } catch {
    return false;
  }
}
function isUri(text2) {
  try {
    return new URL(text2).protocol !== "";
  } catch {
    return false;
  }
}
function isRegex(text2) {
  try {
    new RegExp(text2, "u");
    return true;
  } catch {
    return false;
  }
}
var GOJSONSCHEMA_FORMATS = {
  date: isDate,
  "date-time": (text2) => DATE_TIME.test(text2) && isDate(text2.slice(0, 10)),
  time: new RegExp(`^${TIME}${ZONE}?$`),
  email: /^[^@\s<>]+@[^@\s<>]+$/,
  "idn-email": /^[^@\s<>]+@[^@\s<>]+$/,
  hostname: (text2) => text2.length <= 255 && HOSTNAME.test(text2),
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
function compileSchema(text2) {
  let compiled = cache.get(text2);
  if (!compiled) cache.set(text2, compiled = compileUncached(text2));
  return compiled;
}
function compileUncached(text2) {
  const scanned = scanGoJson(text2);
  if ("error" in scanned) return { error: scanned.error };
  const document = JSON.parse(text2.slice(0, scanned.end));
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
    const text2 = goJsonMarshal(item);
    const i = seen.get(text2);
    if (i !== void 0) {
      errors.push({
        field: p.field,
        description: `array items[${i},${j}] must be unique`,
        key: [...p.key, j]
      });
    }
    seen.set(text2, j);
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
function validateConfigData(data, schemas) {
  if (schemas.length === 0) return void 0;
  const document = validationDocument(data);
  const texts = [];
  for (const schema of schemas) {
    const text2 = schemaErrorText(document, schema);
    if (text2 !== void 0) texts.push(text2.replaceAll(" (root):", ""));
  }
  return texts.length === 0 ? void 0 : `Config data validation failed: 
 ${texts.join("\n")}`;
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

// packages/core/src/gitops/tree.ts
var README_TEXT = "This folder contains deployment targets scheduled on the cluster type";
var TRACKING_FILE = ".github/tracking/Promoted_Commit_Id";
var encoder = new TextEncoder();
function normaliseGitOpsPath(path) {
  let p = path.trim();
  while (p.startsWith("./")) p = p.slice(2);
  while (p.endsWith("/")) p = p.slice(0, -1);
  return p === "." ? "" : p;
}
function generatedFiles(content) {
  const prefix = content.path === "" ? "" : `${content.path}/`;
  const files = /* @__PURE__ */ new Map();
  const readme = encoder.encode(README_TEXT);
  for (const clusterType of content.clusterTypes)
    files.set(`${prefix}${clusterType}/README.md`, readme);
  for (const pkg of content.packages) {
    const folder = `${prefix}${pkg.clusterType}/${pkg.target}/`;
    files.set(`${folder}reconciler.yaml`, encoder.encode(pkg.reconciler));
    files.set(`${folder}namespace.yaml`, encoder.encode(pkg.namespace));
    if (pkg.config !== "") files.set(`${folder}${pkg.configFileName}`, encoder.encode(pkg.config));
  }
  if (content.promotedCommit !== "")
    files.set(TRACKING_FILE, encoder.encode(content.promotedCommit));
  return files;
}
function isOwnedPath(path, gitopsPath) {
  let rest2 = path;
  if (gitopsPath !== "") {
    if (!path.startsWith(`${gitopsPath}/`)) return false;
    rest2 = path.slice(gitopsPath.length + 1);
  }
  const slash = rest2.indexOf("/");
  return slash > 0 && !rest2.startsWith(".");
}
function applyGeneratedFiles(before, generated, gitopsPath) {
  const after = /* @__PURE__ */ new Map();
  for (const [path, bytes] of before) {
    if (!isOwnedPath(path, gitopsPath)) after.set(path, bytes);
  }
  for (const [path, bytes] of generated) after.set(path, bytes);
  return after;
}

// packages/core/src/go/format-quote.ts
var printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
function isPrint(cp) {
  if (cp < 128) return cp >= 32 && cp < 127;
  return printable.test(String.fromCodePoint(cp));
}
function hex(n, width) {
  return n.toString(16).padStart(width, "0");
}
function escapeRune(cp, quote2, asciiOnly) {
  if (cp === quote2 || cp === 92) return "\\" + String.fromCodePoint(cp);
  if (asciiOnly ? cp < 128 && isPrint(cp) : isPrint(cp)) return String.fromCodePoint(cp);
  switch (cp) {
    case 7:
      return "\\a";
    case 8:
      return "\\b";
    case 12:
      return "\\f";
    case 10:
      return "\\n";
    case 13:
      return "\\r";
    case 9:
      return "\\t";
    case 11:
      return "\\v";
  }
  if (cp < 32 || cp === 127) return "\\x" + hex(cp, 2);
  if (cp >= 55296 && cp <= 57343) return asciiOnly ? "\\ufffd" : "\uFFFD";
  if (cp < 65536) return "\\u" + hex(cp, 4);
  return "\\U" + hex(cp, 8);
}
function quote(s, asciiOnly = false) {
  let out = '"';
  for (const ch of s) out += escapeRune(ch.codePointAt(0) ?? 0, 34, asciiOnly);
  return out + '"';
}
function quoteRune(cp, asciiOnly = false) {
  const valid = cp >= 0 && cp <= 1114111 && !(cp >= 55296 && cp <= 57343);
  return "'" + escapeRune(valid ? cp : 65533, 39, asciiOnly) + "'";
}
function canBackquote(s) {
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 96 || cp === 65279 || cp === 127) return false;
    if (cp < 32 && cp !== 9) return false;
  }
  return true;
}

// packages/core/src/go/map-order.ts
function typeRank(key) {
  if (key === null) return 0;
  switch (typeof key) {
    case "boolean":
      return 1;
    case "number":
      return 2;
    case "bigint":
      return 3;
    default:
      return 4;
  }
}
function compareGoStrings(a, b) {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    const sa = ca >= 55296 && ca <= 57343;
    const sb = cb >= 55296 && cb <= 57343;
    if (sa !== sb && Math.max(ca, cb) >= 57344) return sa ? 1 : -1;
    return ca < cb ? -1 : 1;
  }
  return a.length - b.length;
}
function compareGoKeys(a, b) {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === "string" && typeof b === "string") return compareGoStrings(a, b);
  if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "number" && typeof b === "number") {
    if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
    if (Number.isNaN(b)) return 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === "boolean" && typeof b === "boolean") return a === b ? 0 : a ? 1 : -1;
  return 0;
}
function sortedEntries(map) {
  const entries2 = [...map.entries];
  if (map.hasStringKeys) {
    entries2.sort((x, y) => compareGoStrings(x[0], y[0]));
  } else {
    entries2.sort((x, y) => compareGoKeys(x[0], y[0]));
  }
  return entries2;
}

// packages/core/src/go/format-printer.ts
function clearFlags() {
  return {
    plus: false,
    minus: false,
    sharp: false,
    space: false,
    zero: false,
    plusV: false,
    sharpV: false,
    wid: 0,
    widPresent: false,
    prec: 0,
    precPresent: false
  };
}
var plainFlags = clearFlags();
function runeCount(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 56320 || c > 57343) n++;
  }
  return n;
}
function pad(f, s) {
  if (!f.widPresent || f.wid === 0) return s;
  const width = f.wid - runeCount(s);
  if (width <= 0) return s;
  const padding = (f.zero ? "0" : " ").repeat(width);
  return f.minus ? s + padding : padding + s;
}
function withoutZero(f) {
  return f.zero ? { ...f, zero: false } : f;
}
function badVerb(verb, value) {
  if (value === null) return `%!${verb}(<nil>)`;
  return `%!${verb}(${goTypeName(value)}=${printValue(value, "v", plainFlags)})`;
}
function formatInteger(f, n, verb) {
  const base = verb === "b" ? 2 : verb === "o" || verb === "O" ? 8 : verb === "x" || verb === "X" ? 16 : 10;
  const neg = n < 0n;
  let digits = (neg ? -n : n).toString(base);
  if (verb === "X") digits = digits.toUpperCase();
  let prec = -1;
  if (f.precPresent) {
    prec = f.prec;
    if (prec === 0 && n === 0n) return pad(withoutZero(f), "");
  } else if (f.zero && !f.minus && f.widPresent) {
    prec = f.wid;
    if (neg || f.plus || f.space) prec--;
  }
  if (prec > digits.length) digits = "0".repeat(prec - digits.length) + digits;
  if (f.sharp) {
    if (base === 2) digits = "0b" + digits;
    else if (base === 8 && !digits.startsWith("0")) digits = "0" + digits;
    else if (base === 16) digits = (verb === "X" ? "0X" : "0x") + digits;
  }
  if (verb === "O") digits = "0o" + digits;
  const sign = neg ? "-" : f.plus ? "+" : f.space ? " " : "";
  return pad(withoutZero(f), sign + digits);
}
function printInteger(f, n, verb) {
  switch (verb) {
    case "v":
    case "d":
    case "b":
    case "o":
    case "O":
    case "x":
    case "X":
      return formatInteger(f, n, verb);
    case "c":
      return pad(f, n >= 0n && n <= 0x10ffffn ? String.fromCodePoint(Number(n)) : "\uFFFD");
    case "q":
      return pad(f, quoteRune(n >= 0n && n <= 0x10ffffn ? Number(n) : -1, f.plus));
    case "U": {
      const u = "U+" + (n < 0n ? -n : n).toString(16).toUpperCase().padStart(4, "0");
      const cp = Number(n);
      return pad(
        f,
        f.sharp && n >= 0n && n <= 0x10ffffn ? `${u} '${String.fromCodePoint(cp)}'` : u
      );
    }
    default:
      return badVerb(verb, n);
  }
}
function printFloat(f, x, verb) {
  let fverb;
  let prec = -1;
  switch (verb) {
    case "v":
      fverb = "g";
      break;
    case "g":
    case "G":
      fverb = verb;
      break;
    case "e":
    case "E":
    case "f":
    case "F":
      fverb = verb;
      prec = 6;
      break;
    default:
      return badVerb(verb, x);
  }
  if (f.precPresent) prec = f.prec;
  let num = formatFloat(x, fverb, prec);
  if (!num.startsWith("-") && !num.startsWith("+")) num = "+" + num;
  if (f.space && num.startsWith("+") && !f.plus) num = " " + num.slice(1);
  if (num.charAt(1) === "I" || num.charAt(1) === "N") {
    if (num.charAt(1) === "N" && !f.space && !f.plus) num = num.slice(1);
    return pad(withoutZero(f), num);
  }
  if (f.plus || !num.startsWith("+")) {
    if (f.zero && !f.minus && f.widPresent && f.wid > num.length) {
      return num.charAt(0) + "0".repeat(f.wid - num.length) + num.slice(1);
    }
    return pad(f, num);
  }
  return pad(f, num.slice(1));
}
function truncateRunes(f, s) {
  if (!f.precPresent) return s;
  let out = "";
  let n = 0;
  for (const ch of s) {
    if (n++ >= f.prec) break;
    out += ch;
  }
  return out;
}
function hexString(f, s, upper) {
  const bytes = new TextEncoder().encode(truncateRunes(f, s));
  const parts = [];
  for (const b of bytes) {
    let h = b.toString(16).padStart(2, "0");
    if (upper) h = h.toUpperCase();
    if (f.space && f.sharp) h = (upper ? "0X" : "0x") + h;
    parts.push(h);
  }
  let out = parts.join(f.space ? " " : "");
  if (f.sharp && !f.space && out !== "") out = (upper ? "0X" : "0x") + out;
  return pad(f, out);
}
function printString(f, s, verb) {
  switch (verb) {
    case "v":
      return f.sharpV ? pad(f, quote(s)) : pad(f, truncateRunes(f, s));
    case "s":
      return pad(f, truncateRunes(f, s));
    case "q": {
      const t = truncateRunes(f, s);
      if (f.sharp && canBackquote(t)) return pad(f, "`" + t + "`");
      return pad(f, quote(t, f.plus));
    }
    case "x":
    case "X":
      return hexString(f, s, verb === "X");
    default:
      return badVerb(verb, s);
  }
}
function printElement(value, verb, f) {
  if (value === null && verb !== "T") return f.sharpV ? "interface {}(nil)" : pad(f, "<nil>");
  return printValue(value, verb, f);
}
function printMap(m, verb, f) {
  const parts = [];
  for (const [k, v] of sortedEntries(m)) {
    parts.push(printElement(k, verb, f) + ":" + printElement(v, verb, f));
  }
  if (f.sharpV) return `${m.type}{${parts.join(", ")}}`;
  return `map[${parts.join(" ")}]`;
}
function printStruct(s, verb, f) {
  const parts = [];
  for (const [name, v] of s.fields) {
    const value = printElement(v, verb, f);
    parts.push(f.plusV || f.sharpV ? `${name}:${value}` : value);
  }
  return f.sharpV ? `${s.typeName}{${parts.join(", ")}}` : `{${parts.join(" ")}}`;
}
function printValue(value, verb, f) {
  if (verb === "T") return pad(f, goTypeName(value));
  if (value === null) {
    return verb === "v" ? pad(f, "<nil>") : badVerb(verb, null);
  }
  switch (typeof value) {
    case "string":
      return printString(f, value, verb);
    case "boolean":
      return verb === "t" || verb === "v" ? pad(f, String(value)) : badVerb(verb, value);
    case "bigint":
      return printInteger(f, value, verb);
    case "number":
      return printFloat(f, value, verb);
  }
  if (Array.isArray(value)) {
    const parts = value.map((v) => printElement(v, verb, f));
    return f.sharpV ? `[]interface {}{${parts.join(", ")}}` : `[${parts.join(" ")}]`;
  }
  if (value instanceof GoMap) return printMap(value, verb, f);
  return printStruct(value, verb, f);
}

// packages/core/src/go/format.ts
var defaultFlags = clearFlags();
function formatValue(v) {
  if (typeof v === "string") return v;
  return printValue(v, "v", defaultFlags);
}
function sprint(args) {
  let out = "";
  let prevString = false;
  for (let i = 0; i < args.length; i++) {
    const arg2 = args[i] ?? null;
    const isString = typeof arg2 === "string";
    if (i > 0 && !isString && !prevString) out += " ";
    out += formatValue(arg2);
    prevString = isString;
  }
  return out;
}
function sprintln(args) {
  return args.map(formatValue).join(" ") + "\n";
}
function isDigit2(c) {
  return c >= 48 && c <= 57;
}
function parseNum(format, i) {
  let num = 0;
  let present = false;
  while (i < format.length && isDigit2(format.charCodeAt(i))) {
    if (num > 1e6) return { num: 0, present: false, next: format.length };
    num = num * 10 + format.charCodeAt(i) - 48;
    present = true;
    i++;
  }
  return { num, present, next: i };
}
var Printf = class {
  out = "";
  argNum = 0;
  reordered = false;
  goodArgNum = true;
  format;
  args;
  constructor(format, args) {
    this.format = format;
    this.args = args;
  }
  /** `[n]` explicit argument index; returns whether one was consumed. */
  argNumber(i) {
    const format = this.format;
    if (i >= format.length || format.charCodeAt(i) !== 91) return { next: i, found: false };
    this.reordered = true;
    const close = format.indexOf("]", i + 1);
    if (close < 0) {
      this.goodArgNum = false;
      return { next: i + 1, found: false };
    }
    const { num, present, next } = parseNum(format, i + 1);
    if (!present || next !== close || num < 1 || num > this.args.length) {
      this.goodArgNum = false;
      return { next: close + 1, found: true };
    }
    this.argNum = num - 1;
    return { next: close + 1, found: true };
  }
  intFromArg() {
    if (this.argNum >= this.args.length) return { value: 0, ok: false };
    const arg2 = this.args[this.argNum++] ?? null;
    if (typeof arg2 !== "bigint") return { value: 0, ok: false };
    if (arg2 > 1000000n || arg2 < -1000000n) return { value: 0, ok: false };
    return { value: Number(arg2), ok: true };
  }
  /** Flags, width, precision and verb of one directive starting after '%'; returns the next index. */
  directive(start) {
    const format = this.format;
    const end = format.length;
    const f = clearFlags();
    let i = start;
    flags: for (; i < end; i++) {
      switch (format.charAt(i)) {
        case "#":
          f.sharp = true;
          break;
        case "0":
          f.zero = !f.minus;
          break;
        case "+":
          f.plus = true;
          break;
        case "-":
          f.minus = true;
          f.zero = false;
          break;
        case " ":
          f.space = true;
          break;
        default:
          break flags;
      }
    }
    let index2 = this.argNumber(i);
    i = index2.next;
    if (i < end && format.charAt(i) === "*") {
      i++;
      const { value, ok } = this.intFromArg();
      f.wid = value;
      f.widPresent = ok;
      if (!ok) this.out += "%!(BADWIDTH)";
      if (f.wid < 0) {
        f.wid = -f.wid;
        f.minus = true;
        f.zero = false;
      }
      index2 = { next: i, found: false };
    } else {
      const n = parseNum(format, i);
      f.wid = n.num;
      f.widPresent = n.present;
      i = n.next;
      if (index2.found && f.widPresent) this.goodArgNum = false;
    }
    if (i + 1 < end && format.charAt(i) === ".") {
      i++;
      if (index2.found) this.goodArgNum = false;
      index2 = this.argNumber(i);
      i = index2.next;
      if (i < end && format.charAt(i) === "*") {
        i++;
        const { value, ok } = this.intFromArg();
        f.prec = value;
        f.precPresent = ok;
        if (f.prec < 0) {
          f.prec = 0;
          f.precPresent = false;
        }
        if (!ok) this.out += "%!(BADPREC)";
        index2 = { next: i, found: false };
      } else {
        const n = parseNum(format, i);
        f.prec = n.num;
        f.precPresent = true;
        i = n.next;
      }
    }
    if (!index2.found) i = this.argNumber(i).next;
    if (i >= end) {
      this.out += "%!(NOVERB)";
      return end;
    }
    const verb = String.fromCodePoint(format.codePointAt(i) ?? 0);
    i += verb.length;
    this.verb(verb, f);
    return i;
  }
  verb(verb, f) {
    if (verb === "%") {
      this.out += "%";
    } else if (!this.goodArgNum) {
      this.out += `%!${verb}(BADINDEX)`;
    } else if (this.argNum >= this.args.length) {
      this.out += `%!${verb}(MISSING)`;
    } else {
      if (verb === "v") {
        f.sharpV = f.sharp;
        f.sharp = false;
        f.plusV = f.plus;
        f.plus = false;
      }
      this.out += printValue(this.args[this.argNum] ?? null, verb, f);
      this.argNum++;
    }
  }
  run() {
    const format = this.format;
    let i = 0;
    while (i < format.length) {
      const pct = format.indexOf("%", i);
      if (pct < 0) {
        this.out += format.slice(i);
        break;
      }
      this.out += format.slice(i, pct);
      this.goodArgNum = true;
      i = this.directive(pct + 1);
    }
    if (!this.reordered && this.argNum < this.args.length) {
      const extra = this.args.slice(this.argNum).map((arg2) => arg2 === null ? "<nil>" : `${goTypeName(arg2)}=${formatValue(arg2)}`);
      this.out += `%!(EXTRA ${extra.join(", ")})`;
    }
    return this.out;
  }
};
function sprintf(format, args) {
  return new Printf(format, args).run();
}

// packages/core/src/template/functions/args.ts
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
var INT64_MIN3 = -(1n << 63n);
var INT64_MAX4 = (1n << 63n) - 1n;
function wrap64(n) {
  return BigInt.asIntN(64, n);
}
function parseGoInt2(s, base) {
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
  if (n > INT64_MAX4) return { value: INT64_MAX4, range: true };
  if (n < INT64_MIN3) return { value: INT64_MIN3, range: true };
  return { value: n, range: false };
}
var DECIMAL_FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
var SPECIAL_FLOAT = /^([+-]?)(inf|infinity|nan)$/i;
var HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)$/;
function parseGoFloat(s) {
  const special = SPECIAL_FLOAT.exec(s);
  if (special) {
    if (special[2]?.toLowerCase() === "nan") return NaN;
    return special[1] === "-" ? -Infinity : Infinity;
  }
  let value;
  const hex2 = HEX_FLOAT.exec(s);
  if (hex2) {
    const [, sign, whole = "", frac = "", exp = "0"] = hex2;
    if (whole === "" && frac === "") return void 0;
    const mantissa = parseInt(whole + frac || "0", 16);
    value = mantissa * 2 ** (Number(exp) - 4 * frac.length);
    if (sign === "-") value = -value;
  } else if (DECIMAL_FLOAT.test(s)) {
    value = Number(s);
  } else {
    return void 0;
  }
  return Number.isFinite(value) ? value : void 0;
}
function castInt64(value) {
  switch (typeof value) {
    case "bigint":
      return wrap64(value);
    case "number":
      return Number.isFinite(value) && Math.abs(value) < 2 ** 63 ? BigInt(Math.trunc(value)) : INT64_MIN3;
    case "boolean":
      return value ? 1n : 0n;
    case "string": {
      const parsed = parseGoInt2(value, 0);
      return parsed && !parsed.range ? parsed.value : 0n;
    }
    default:
      return 0n;
  }
}
function castFloat64(value) {
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
      if (Array.isArray(value)) return value.length === 0;
      if (value instanceof GoMap) return value.size === 0;
      return false;
  }
}
function kindName(value) {
  if (value === null) return "invalid";
  switch (typeof value) {
    case "string":
      return "string";
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    case "number":
      return "float64";
    default:
      if (Array.isArray(value)) return "slice";
      if (value instanceof GoMap) return "map";
      return "struct";
  }
}

// packages/core/src/template/functions/text.ts
var encoder2 = new TextEncoder();
var decoder = new TextDecoder();
function utf8(s) {
  return encoder2.encode(s);
}
function fromUtf8(bytes) {
  return decoder.decode(bytes);
}
function byteLength(s) {
  return encoder2.encode(s).length;
}
function byteSlice(s, start, end) {
  const bytes = utf8(s);
  const stop = end ?? bytes.length;
  if (start < 0 || stop > bytes.length || start > stop) {
    const shown = end === void 0 ? `[${start}:]` : `[${start}:${stop}]`;
    throw new Error(
      `runtime error: slice bounds out of range ${shown} with length ${bytes.length}`
    );
  }
  return fromUtf8(bytes.subarray(start, stop));
}
function bytesAsRunes(s) {
  return Array.from(utf8(s), (b) => String.fromCharCode(b));
}
function isSpace(cp) {
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
function isLetter2(cp) {
  return new RegExp("^\\p{L}$", "u").test(String.fromCodePoint(cp));
}
function isNumber(cp) {
  return new RegExp("^\\p{N}$", "u").test(String.fromCodePoint(cp));
}
function isPunct(cp) {
  return new RegExp("^\\p{P}$", "u").test(String.fromCodePoint(cp));
}
function mapSimple(cp, mapped) {
  const points = Array.from(mapped);
  return points.length === 1 ? points[0]?.codePointAt(0) ?? cp : cp;
}
function toUpperRune(cp) {
  return mapSimple(cp, String.fromCodePoint(cp).toUpperCase());
}
function toLowerRune(cp) {
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
  return fromRunes(runes(s).map(f));
}
function trimSpace(s) {
  const cps = runes(s);
  let start = 0;
  let end = cps.length;
  while (start < end && isSpace(cps[start] ?? 0)) start++;
  while (end > start && isSpace(cps[end - 1] ?? 0)) end--;
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
  if (isLetter2(cp) || isNumber(cp)) return false;
  return isSpace(cp);
}
function title(s) {
  let prev = 32;
  return mapRunes(s, (cp) => {
    const out = isSeparator(prev) ? toTitleRune(cp) : cp;
    prev = cp;
    return out;
  });
}
function goSplit(s, sep3, n = -1) {
  if (n === 0) return [];
  if (sep3 === "") {
    const parts2 = Array.from(s);
    if (n > 0 && parts2.length > n) {
      return [...parts2.slice(0, n - 1), parts2.slice(n - 1).join("")];
    }
    return parts2;
  }
  const parts = s.split(sep3);
  if (n > 0 && parts.length > n) {
    return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep3)];
  }
  return parts;
}
function replaceAll(s, old, replacement) {
  if (old === "") {
    return replacement + Array.from(s).join(replacement) + (s === "" ? "" : replacement);
  }
  return s.split(old).join(replacement);
}

// packages/core/src/template/functions/hashstructure.ts
var OFFSET = 14695981039346656037n;
var PRIME = 1099511628211n;
var MASK = (1n << 64n) - 1n;
function fnv1(bytes) {
  let h = OFFSET;
  for (const b of bytes) h = h * PRIME & MASK ^ BigInt(b);
  return h;
}
function le64(n) {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt.asUintN(64, n), true);
  return out;
}
function ordered(a, b) {
  const bytes = new Uint8Array(16);
  bytes.set(le64(a), 0);
  bytes.set(le64(b), 8);
  return fnv1(bytes);
}
function hashValue(value) {
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
  if (Array.isArray(value)) return value.reduce((h2, v) => ordered(h2, hashValue(v)), 0n);
  if (value instanceof GoMap) {
    let h2 = 0n;
    for (const [k, v] of value.entries) h2 ^= ordered(hashValue(k), hashValue(v));
    return h2;
  }
  const name = value.typeName.replace(/^\*+/, "").replace(/^.*\./, "");
  let h = hashValue(name);
  for (const [field, v] of value.fields) h ^= ordered(hashValue(field), hashValue(v));
  return h;
}

// packages/core/src/template/functions/custom.ts
function toYaml(value) {
  try {
    const out = marshalYaml(value);
    return out.endsWith("\n") ? out.slice(0, -1) : out;
  } catch {
    return "";
  }
}
function stringify(value) {
  if (!(value instanceof GoMap) || value.type !== "map[string]interface {}") return toYaml(value);
  const converted = new GoMap(
    [...value.entries].map(([k, v]) => {
      const asText = Array.isArray(v) || v instanceof GoMap && v.type === "map[string]interface {}";
      return [k, asText ? safeMarshal(v) : v];
    }),
    value.type
  );
  return toYaml(converted);
}
function safeMarshal(value) {
  try {
    return marshalYaml(value);
  } catch {
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

// packages/core/src/template/functions/durations.ts
var SECOND = 1000000000n;
var MINUTE = 60n * SECOND;
var HOUR = 60n * MINUTE;
function fraction(v, digits) {
  const text2 = v.toString().padStart(digits, "0").replace(/0+$/, "");
  return text2 === "" ? "" : "." + text2;
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
  if (typeof value === "string") seconds = parseGoInt2(value, 10)?.value ?? 0n;
  else if (typeof value === "bigint") seconds = value;
  return formatDuration(seconds * SECOND);
}
function durationRound(value) {
  let d = 0n;
  if (typeof value === "string") d = parseDuration(value) ?? 0n;
  else if (typeof value === "bigint") d = BigInt.asIntN(64, value);
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

// packages/core/src/template/functions/defaults.ts
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

// packages/core/src/template/functions/dicts.ts
function newDict(entries2 = []) {
  return new GoMap(entries2, "map[string]interface {}");
}
function sortedKeys2(map) {
  return [...map.entries.keys()].map((k) => String(k)).sort(compareGoStrings);
}
function writable(map) {
  if (map === null) throw new Error("assignment to entry in nil map");
  return map;
}
function deepCopy(value) {
  if (Array.isArray(value)) return value.map(deepCopy);
  if (value instanceof GoMap) {
    return new GoMap(
      [...value.entries].map(([k, v]) => [k, deepCopy(v)]),
      value.type
    );
  }
  if (value instanceof GoStruct) {
    return new GoStruct(
      value.typeName,
      [...value.fields].map(([k, v]) => [k, deepCopy(v)])
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
      for (let i = 0; i < a.length; i += 2) d.entries.set(strval(arg(a, i)), a[i + 1] ?? "");
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
    (a) => a.flatMap((d) => {
      const m = dictArg(d);
      return m ? sortedKeys2(m) : [];
    }),
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
      const keys = d ? sortedKeys2(d).filter((k) => !omit.has(k)) : [];
      return newDict(keys.map((k) => [k, d?.get(k) ?? null]));
    },
    true
  ),
  values: fn(1, (a) => {
    const d = dictArg(arg(a, 0));
    return d ? sortedKeys2(d).map((k) => d.get(k) ?? null) : [];
  }),
  merge: merge(false),
  mustMerge: merge(false),
  mergeOverwrite: merge(true),
  mustMergeOverwrite: merge(true),
  dig: fn(0, dig, true),
  deepCopy: fn(1, (a) => deepCopy(arg(a, 0))),
  mustDeepCopy: fn(1, (a) => deepCopy(arg(a, 0)))
};

// packages/core/src/template/functions/digest.ts
function rotl(x, n) {
  return x << n | x >>> 32 - n;
}
function rotr(x, n) {
  return x >>> n | x << 32 - n;
}
function pad2(data) {
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
  const view = pad2(data);
  const h = [1732584193, 4023233417, 2562383102, 271733878, 3285377520];
  const w = new Array(80).fill(0);
  for (let off = 0; off < view.byteLength; off += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(off + t * 4);
    for (let t = 16; t < 80; t++) {
      w[t] = rotl((w[t - 3] ?? 0) ^ (w[t - 8] ?? 0) ^ (w[t - 14] ?? 0) ^ (w[t - 16] ?? 0), 1);
    }
    let [a, b, c, d, e] = h;
    for (let t = 0; t < 80; t++) {
      let f;
      let k;
      if (t < 20) [f, k] = [b & c | ~b & d, 1518500249];
      else if (t < 40) [f, k] = [b ^ c ^ d, 1859775393];
      else if (t < 60) [f, k] = [b & c | b & d | c & d, 2400959708];
      else [f, k] = [b ^ c ^ d, 3395469782];
      const temp = rotl(a, 5) + f + e + k + (w[t] ?? 0) | 0;
      [e, d, c, b, a] = [d, c, rotl(b, 30), a, temp];
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
  const view = pad2(data);
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

// packages/core/src/template/functions/json.ts
function hex4(n) {
  return n.toString(16).padStart(4, "0");
}
function jsonString(s, escapeHtml2) {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === "\\") out += "\\" + ch;
    else if (cp < 32) {
      const short = { 8: "b", 9: "t", 10: "n", 12: "f", 13: "r" };
      out += short[cp] !== void 0 ? "\\" + short[cp] : "\\u" + hex4(cp);
    } else if (escapeHtml2 && (ch === "<" || ch === ">" || ch === "&")) out += "\\u" + hex4(cp);
    else if (cp === 8232 || cp === 8233) out += "\\u" + hex4(cp);
    else if (cp >= 55296 && cp <= 57343) out += "\uFFFD";
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
  const inner = opts.indent === void 0 ? void 0 : depth + opts.indent;
  const wrap = (open, items, close) => {
    if (items.length === 0) return open + close;
    if (inner === void 0) return open + items.join(",") + close;
    return `${open}
${inner}${items.join(`,
${inner}`)}
${depth}${close}`;
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
function marshalJson(value, opts) {
  return encode(value, opts, "");
}
function toGo(value) {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return value.map(toGo);
  const entries2 = Object.entries(value);
  return new GoMap(
    entries2.map(([k, v]) => [k, toGo(v)]),
    "map[string]interface {}"
  );
}
function unmarshalJson(text2) {
  try {
    return toGo(JSON.parse(text2));
  } catch {
    throw new Error(jsonSyntaxError(text2));
  }
}
function jsonSyntaxError(text2) {
  if (text2.trim() === "") return "unexpected end of JSON input";
  const first2 = text2.trimStart()[0] ?? "";
  if (!'{["-0123456789tfn'.includes(first2)) {
    return `invalid character '${first2}' looking for beginning of value`;
  }
  return "unexpected end of JSON input";
}

// packages/core/src/template/functions/encoding.ts
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
function decodeBase64(text2) {
  const src = utf8(text2);
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
function decodeBase32(text2) {
  const src = utf8(text2).filter((b) => b !== 10 && b !== 13);
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
function decoded(text2, decode) {
  try {
    return fromUtf8(decode(text2));
  } catch (error) {
    return error.message;
  }
}
function json(opts, must) {
  return fn(1, (a) => {
    try {
      return marshalJson(arg(a, 0), opts);
    } catch (error) {
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

// packages/core/src/template/functions/excluded.ts
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

// packages/core/src/template/functions/reflection.ts
function deepEqual(a, b) {
  if (a === null || b === null) return a === b;
  if (typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i] ?? null));
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

// packages/core/src/template/functions/word-case.ts
var enum_ = {
  number: 1,
  upper: 2,
  alphabet: 3,
  connector: 4,
  punct: 5,
  other: 6
};
function isConnector(cp) {
  return cp === 45 || cp === 95 || isSpace(cp);
}
function isAlphabet(cp) {
  if (cp <= 127) return cp >= 97 && cp <= 122 || cp >= 65 && cp <= 90;
  if (!isLetter2(cp)) return false;
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
  const out = [];
  let i = 0;
  while (i < cps.length && cps[i] === 95) out.push(cps[i++] ?? 0);
  if (i >= cps.length) return fromRunes(out);
  let r0 = toUpperRune(cps[i++] ?? 0);
  for (; i < cps.length; i++) {
    const r1 = r0;
    r0 = cps[i] ?? 0;
    if (r1 === 95 && r0 === 95) {
      out.push(r1);
      continue;
    }
    r0 = r1 === 95 ? toUpperRune(r0) : toLowerRune(r0);
    if (r1 !== 95) out.push(r1);
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
      whitespace = isSpace(cp);
      return cp;
    })
  );
}
function uncapitalize(s) {
  let next = true;
  return fromRunes(
    runes(s).map((cp) => {
      if (isSpace(cp)) {
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
    if (isSpace(ch.charCodeAt(0))) gap = true;
    else if (gap) {
      out += ch;
      gap = false;
    }
  }
  return out;
}
function deleteWhiteSpace(s) {
  const kept = bytesAsRunes(s).filter((ch) => !isSpace(ch.charCodeAt(0)));
  return kept.length === utf8(s).length ? s : kept.join("");
}
function wrapCustom(s, width, newline, wrapLong) {
  if (s === "") return "";
  const nl = newline === "" ? "\n" : newline;
  const len = Math.max(width, 1);
  const b = utf8(s);
  const text2 = (from, to) => fromUtf8(b.subarray(from, to));
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
      out += text2(offset, offset + space) + nl;
      offset += space + 1;
    } else if (wrapLong) {
      out += text2(offset, offset + len) + nl;
      offset += len;
    } else {
      const next = b.indexOf(32, offset + len);
      if (next >= 0) {
        out += text2(offset, next) + nl;
        offset = next + 1;
      } else {
        out += text2(offset, b.length);
        offset = b.length;
      }
    }
  }
  return out + text2(offset, b.length);
}
function abbreviateFull(s, offsetIn, maxWidth) {
  if (s === "") return "";
  if (maxWidth < 4) return void 0;
  const b = utf8(s);
  const n = b.length;
  if (n <= maxWidth) return s;
  const text2 = (from, to) => fromUtf8(b.subarray(from, to));
  let offset = Math.min(offsetIn, n);
  if (n - offset < maxWidth - 3) offset = n - (maxWidth - 3);
  if (offset <= 4) return text2(0, maxWidth - 3) + "...";
  if (maxWidth < 7) return void 0;
  if (offset + maxWidth - 3 < n) {
    return "..." + (abbreviateFull(text2(offset, n), 0, maxWidth - 3) ?? "");
  }
  return "..." + text2(n - (maxWidth - 3), n);
}

// packages/core/src/template/functions/strings.ts
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
  const pad3 = " ".repeat(Math.max(spaces, 0));
  return pad3 + s.replaceAll("\n", "\n" + pad3);
}
function repeat(count, s) {
  if (count < 0) throw new Error("strings: negative Repeat count");
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
  trunc: fn(2, (a) => trunc(int(arg(a, 0)), str(arg(a, 1)))),
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
  toStrings: fn(1, (a) => toStringList(arg(a, 0))),
  splitList: fn(2, (a) => goSplit(str(arg(a, 1)), str(arg(a, 0)))),
  split: fn(2, (a) => indexedMap(goSplit(str(arg(a, 1)), str(arg(a, 0))))),
  splitn: fn(3, (a) => indexedMap(goSplit(str(arg(a, 2)), str(arg(a, 0)), int(arg(a, 1))))),
  join: fn(2, (a) => toStringList(arg(a, 1)).join(str(arg(a, 0)))),
  hello: fn(0, () => "Hello!")
};

// packages/core/src/template/functions/lists.ts
var NIL_DEREF = "runtime error: invalid memory address or nil pointer dereference";
function listOf(value, message) {
  if (Array.isArray(value)) return value;
  if (value === null) throw new Error(NIL_DEREF);
  throw new Error(message(kindName(value)));
}
function listFunction(arity, message, body, variadic = false) {
  return fn(arity, (a) => body(listOf(arg(a, 0), message), a), variadic);
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
  (l) => l.slice(1)
);
var initial = listFunction(
  1,
  (k) => `Cannot find initial on type ${k}`,
  (l) => l.slice(0, -1)
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
    for (const v of l) if (!out.some((o) => deepEqual(v, o))) out.push(v);
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
var slice = fn(
  1,
  (a) => {
    const l = listOf(arg(a, 0), (k) => `list should be type of slice or array but ${k}`);
    if (l.length === 0) return null;
    const start = a.length > 1 ? Number(castInt64(arg(a, 1))) : 0;
    const end = a.length > 2 ? Number(castInt64(arg(a, 2))) : l.length;
    if (start < 0 || end > l.length || start > end) {
      throw new Error("reflect: slice index out of range");
    }
    return l.slice(start, end);
  },
  true
);
var chunk = fn(2, (a) => {
  const size = int(arg(a, 0));
  const l = listOf(arg(a, 1), (k) => `Cannot chunk type ${k}`);
  if (l.length === 0) return [];
  if (size <= 0) throw new Error("runtime error: integer divide by zero");
  const out = [];
  for (let i = 0; i < l.length; i += size) out.push(l.slice(i, i + size));
  return out;
});
var concat = fn(
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
  if (!Array.isArray(v)) return [strval(v)];
  return toStringList(v).sort(compareGoStrings);
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
  slice,
  mustSlice: slice,
  compact: compact2,
  mustCompact: compact2,
  chunk,
  mustChunk: chunk,
  concat,
  sortAlpha
};

// packages/core/src/template/functions/decimal.ts
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

// packages/core/src/template/functions/math.ts
function intOp(a, b, op) {
  return wrap64(op(castInt64(a), castInt64(b)));
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
  const parsed = parseGoInt2(s, 10);
  return parsed?.value ?? 0n;
}
var mathFunctions = {
  atoi: fn(1, (a) => atoi(str(arg(a, 0)))),
  int: fn(1, (a) => castInt64(arg(a, 0))),
  int64: fn(1, (a) => castInt64(arg(a, 0))),
  float64: fn(1, (a) => castFloat64(arg(a, 0))),
  toDecimal: fn(1, (a) => {
    const parsed = parseGoInt2(formatValue(arg(a, 0)), 8);
    return parsed && !parsed.range ? parsed.value : 0n;
  }),
  seq: fn(0, (a) => seq(a.map(int)), true),
  until: fn(1, (a) => {
    const count = int(arg(a, 0));
    return untilStep(0, count, count < 0 ? -1 : 1);
  }),
  untilStep: fn(3, (a) => untilStep(int(arg(a, 0)), int(arg(a, 1)), int(arg(a, 2)))),
  add1: fn(1, (a) => wrap64(castInt64(arg(a, 0)) + 1n)),
  add: fn(0, (a) => a.reduce((acc, v) => wrap64(acc + castInt64(v)), 0n), true),
  sub: fn(2, (a) => intOp(arg(a, 0), arg(a, 1), (x, y) => x - y)),
  div: fn(2, (a) => intOp(arg(a, 0), arg(a, 1), (x, y) => divide(x, y, false))),
  mod: fn(2, (a) => intOp(arg(a, 0), arg(a, 1), (x, y) => divide(x, y, true))),
  mul: fn(
    1,
    (a) => a.slice(1).reduce((acc, v) => wrap64(acc * castInt64(v)), castInt64(arg(a, 0))),
    true
  ),
  add1f: fn(1, (a) => decimalOp(arg(a, 0), [1n], add)),
  addf: fn(0, (a) => decimalOp(0, a, add), true),
  subf: fn(1, (a) => decimalOp(arg(a, 0), a.slice(1), sub), true),
  mulf: fn(1, (a) => decimalOp(arg(a, 0), a.slice(1), mul), true),
  divf: fn(1, (a) => decimalOp(arg(a, 0), a.slice(1), div), true),
  max: fn(1, (a) => a.map(castInt64).reduce((x, y) => y > x ? y : x), true),
  biggest: fn(1, (a) => a.map(castInt64).reduce((x, y) => y > x ? y : x), true),
  min: fn(1, (a) => a.map(castInt64).reduce((x, y) => y < x ? y : x), true),
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

// packages/core/src/template/functions/paths.ts
function cleanPath(p) {
  if (p === "") return ".";
  const rooted = p.startsWith("/");
  const out = [];
  for (const part2 of p.split("/")) {
    if (part2 === "" || part2 === ".") continue;
    if (part2 === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!rooted) out.push("..");
      continue;
    }
    out.push(part2);
  }
  const joined = out.join("/");
  if (rooted) return "/" + joined;
  return joined === "" ? "." : joined;
}
function basePath(p) {
  if (p === "") return ".";
  const trimmed = p.replace(/\/+$/, "");
  if (trimmed === "") return "/";
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}
function dirPath(p) {
  return cleanPath(p.slice(0, p.lastIndexOf("/") + 1));
}
function extPath(p) {
  for (let i = p.length - 1; i >= 0 && p[i] !== "/"; i--) {
    if (p[i] === ".") return p.slice(i);
  }
  return "";
}
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

// packages/core/src/template/functions/re2.ts
var POSIX = {
  alnum: "0-9A-Za-z",
  alpha: "A-Za-z",
  ascii: "\\x00-\\x7F",
  blank: "\\t ",
  cntrl: "\\x00-\\x1F\\x7F",
  digit: "0-9",
  graph: "!-~",
  lower: "a-z",
  print: " -~",
  punct: "!-\\/:-@\\[-`{-~",
  space: "\\t\\n\\v\\f\\r ",
  upper: "A-Z",
  word: "0-9A-Za-z_",
  xdigit: "0-9A-Fa-f"
};
var PERL_CLASS = {
  d: "0-9",
  w: "0-9A-Za-z_",
  s: "\\t\\n\\f\\r "
};
var SyntaxError_ = class extends Error {
};
function fail2(message) {
  throw new SyntaxError_(`error parsing regexp: ${message}`);
}
function literalChar(c, inClass) {
  if ("\\^$.*+?()[]{}|/".includes(c) || inClass && c === "-") return "\\" + c;
  return c;
}
function escapeLiteral(s, inClass = false) {
  return Array.from(s, (c) => literalChar(c, inClass)).join("");
}
var Translator = class {
  pos = 0;
  src;
  names = [""];
  constructor(src) {
    this.src = src;
  }
  translate() {
    const out = this.sequence({ i: false, m: false, s: false, U: false }, 0, false);
    if (this.pos < this.src.length) fail2(`unexpected ): \`${this.src}\``);
    return out;
  }
  peek(offset = 0) {
    return this.src[this.pos + offset] ?? "";
  }
  /**
   * A sequence of alternatives up to an unmatched ')' (depth > 0) or the end. `contextI` is the
   * case-insensitivity JavaScript applies here; atoms parsed under a different `(?i)` state are
   * wrapped in a `(?i:…)` / `(?-i:…)` modifier group, which keeps alternation structure intact.
   */
  sequence(flags, depth, contextI) {
    let out = "";
    const f = { ...flags };
    while (this.pos < this.src.length) {
      const ch = this.peek();
      if (ch === ")") {
        if (depth === 0) fail2(`unexpected ): \`${this.src}\``);
        break;
      }
      if (ch === "|") {
        this.pos++;
        out += "|";
        continue;
      }
      if ("*+?{".includes(ch)) {
        out += this.quantifier(f);
        continue;
      }
      if (ch === "(" && this.flagGroup(f)) continue;
      const atom = this.atom(f, depth);
      out += f.i === contextI ? atom : `(?${f.i ? "i" : "-i"}:${atom})`;
    }
    return out;
  }
  atom(f, depth) {
    const ch = this.peek();
    if (ch === "(") return this.group(f, depth);
    if (ch === "[") return this.charClass(f);
    if (ch === "\\") return this.escape(f);
    this.pos++;
    if (ch === ".") return f.s ? "[\\s\\S]" : "[^\\n]";
    if (ch === "^") return f.m ? "(?<=^|\\n)" : "^";
    if (ch === "$") return f.m ? "(?=$|\\n)" : "$";
    return literalChar(ch, false);
  }
  // `(?flags)` changes flags for the rest of the group; true when consumed.
  flagGroup(f) {
    const m = /^\(\?([imsU]*)(?:-([imsU]*))?\)/.exec(this.src.slice(this.pos));
    if (!m || m[0] === "(?)") return false;
    this.pos += m[0].length;
    for (const c of m[1] ?? "") f[c] = true;
    for (const c of m[2] ?? "") f[c] = false;
    return true;
  }
  group(flags, depth) {
    const rest2 = this.src.slice(this.pos);
    let open = "(";
    const inner = { ...flags };
    let m;
    if (m = /^\(\?P?<([A-Za-z0-9_]+)>/.exec(rest2)) {
      if (this.names.includes(m[1] ?? "")) fail2(`duplicate capture group name: \`${m[1]}\``);
      this.names.push(m[1] ?? "");
      open = `(?<${m[1]}>`;
    } else if (m = /^\(\?([imsU]*)(?:-([imsU]*))?:/.exec(rest2)) {
      for (const c of m[1] ?? "") inner[c] = true;
      for (const c of m[2] ?? "") inner[c] = false;
      open = "(?:";
    } else if (rest2.startsWith("(?")) {
      fail2(`invalid or unsupported Perl syntax: \`${rest2.slice(0, 3)}\``);
    } else {
      this.names.push("");
      m = /^\(/.exec(rest2);
    }
    this.pos += (m?.[0] ?? "(").length;
    const body = this.sequence(inner, depth + 1, flags.i);
    if (this.peek() !== ")") fail2(`missing closing ): \`${this.src}\``);
    this.pos++;
    return `${open}${body})`;
  }
  quantifier(f) {
    const rest2 = this.src.slice(this.pos);
    const m = /^(?:[*+?]|\{\d+(?:,\d*)?\})/.exec(rest2);
    if (!m) {
      this.pos++;
      return "\\{";
    }
    this.pos += m[0].length;
    let lazy = false;
    if (this.peek() === "?") {
      lazy = true;
      this.pos++;
    }
    if (/^[*+?{]/.test(this.peek()) && /^(?:[*+?]|\{\d)/.test(this.src.slice(this.pos))) {
      fail2(`invalid nested repetition operator: \`${m[0]}${this.peek()}\``);
    }
    return m[0] + (lazy !== f.U ? "?" : "");
  }
  escape(_f) {
    const c = this.peek(1);
    this.pos += 2;
    if (c === "") fail2("trailing backslash at end of expression: ``");
    if (c === "A") return "(?<![\\s\\S])";
    if (c === "z") return "(?![\\s\\S])";
    if (c === "Q") {
      const end = this.src.indexOf("\\E", this.pos);
      const literal = this.src.slice(this.pos, end < 0 ? void 0 : end);
      this.pos = end < 0 ? this.src.length : end + 2;
      return escapeLiteral(literal);
    }
    if (c === "s") return `[${PERL_CLASS.s}]`;
    if (c === "S") return `[^${PERL_CLASS.s}]`;
    if (c === "d" || c === "w") return `[${PERL_CLASS[c]}]`;
    if (c === "D" || c === "W") return `[^${PERL_CLASS[c.toLowerCase()]}]`;
    return this.commonEscape(c, false);
  }
  // Escapes valid both inside and outside classes.
  commonEscape(c, inClass) {
    if (c === "p" || c === "P") return this.unicodeClass(c);
    if (c === "x") {
      const m = /^(?:\{([0-9A-Fa-f]+)\}|([0-9A-Fa-f]{2}))/.exec(this.src.slice(this.pos));
      if (!m) fail2(`invalid escape sequence: \`\\x\``);
      this.pos += m[0].length;
      return `\\u{${m[1] ?? m[2]}}`;
    }
    if (/[0-7]/.test(c)) {
      if (c !== "0" && !/[0-7]/.test(this.peek())) fail2(`invalid escape sequence: \`\\${c}\``);
      const m = /^[0-7]{0,2}/.exec(this.src.slice(this.pos))?.[0] ?? "";
      this.pos += m.length;
      return `\\u{${parseInt(c + m, 8).toString(16)}}`;
    }
    if ("abfnrtvBb".includes(c)) return c === "a" ? "\\x07" : `\\${c}`;
    if (/[A-Za-z0-9]/.test(c)) fail2(`invalid escape sequence: \`\\${c}\``);
    return literalChar(c, inClass);
  }
  unicodeClass(c) {
    const rest2 = this.src.slice(this.pos);
    const m = /^(?:\{(\^?)([A-Za-z_]+)\}|([A-Za-z]))/.exec(rest2);
    if (!m) fail2(`invalid character class range: \`\\${c}\``);
    this.pos += m[0].length;
    const negate = c === "P" !== (m[1] === "^");
    const name = m[2] ?? m[3] ?? "";
    const general = /^(?:[A-Z][a-z]?|Any)$/.test(name);
    const prop = name === "Any" ? "Any" : general ? name : `Script=${name}`;
    return `\\${negate ? "P" : "p"}{${prop}}`;
  }
  charClass(_f) {
    this.pos++;
    let out = "[";
    if (this.peek() === "^") {
      out += "^";
      this.pos++;
    }
    let first2 = true;
    while (this.pos < this.src.length && (this.peek() !== "]" || first2)) {
      first2 = false;
      const rest2 = this.src.slice(this.pos);
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(rest2);
      if (posix) {
        const set = POSIX[posix[2] ?? ""];
        if (set === void 0) fail2(`invalid character class range: \`${posix[0]}\``);
        this.pos += posix[0].length;
        out += posix[1] ? `${this.complement(set)}` : set;
        continue;
      }
      const ch = this.peek();
      if (ch === "\\") {
        const c = this.peek(1);
        this.pos += 2;
        if (c === "d" || c === "s" || c === "w") out += PERL_CLASS[c];
        else if (c === "D" || c === "S" || c === "W") out += `\\${c}`;
        else out += this.commonEscape(c, true);
        continue;
      }
      this.pos++;
      out += ch === "-" ? ch : literalChar(ch, true);
    }
    if (this.peek() !== "]")
      fail2(`missing closing ]: \`${this.src.slice(this.src.lastIndexOf("["))}\``);
    this.pos++;
    return out + "]";
  }
  complement(set) {
    const chars = new RegExp(`[${set}]`, "u");
    const ranges = [];
    let start = -1;
    for (let cp = 0; cp <= 128; cp++) {
      const inSet = cp < 128 && chars.test(String.fromCharCode(cp));
      if (!inSet && start < 0) start = cp;
      if ((inSet || cp === 128) && start >= 0) {
        ranges.push(`\\u{${start.toString(16)}}-\\u{${(cp - 1).toString(16)}}`);
        start = -1;
      }
    }
    return ranges.join("") + "\\u{80}-\\u{10ffff}";
  }
};
function compileGo(pattern) {
  const translator = new Translator(pattern);
  const source = translator.translate();
  try {
    return { re: new RegExp(source, "gu"), names: translator.names };
  } catch (error) {
    fail2(`${error.message}: \`${pattern}\``);
  }
}
function quoteMeta(s) {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, "\\$&");
}

// packages/core/src/template/functions/regex.ts
function execAt(re, s, pos) {
  re.lastIndex = pos;
  return re.exec(s);
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
  while (out.length < limit && pos <= s.length) {
    const m = execAt(rx.re, s, pos);
    if (!m) break;
    const end = m.index + m[0].length;
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
    if (group >= 0 && group < m.length) out += m[group] ?? "";
  }
  return out;
}
function replaceAllGo(rx, s, repl, literal) {
  let out = "";
  let lastEnd = 0;
  let searchPos = 0;
  while (searchPos <= s.length) {
    const m = execAt(rx.re, s, searchPos);
    if (!m) break;
    const start = m.index;
    const end = start + m[0].length;
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
  if (n === 0) return [];
  if (pattern.length > 0 && s.length === 0) return [""];
  const parts = [];
  let beg = 0;
  let end = 0;
  for (const m of allMatches(rx, s, n)) {
    if (n > 0 && parts.length === n - 1) break;
    end = m.index;
    if (m.index + m[0].length !== 0) parts.push(s.slice(beg, end));
    beg = m.index + m[0].length;
  }
  if (end !== s.length) parts.push(s.slice(beg));
  return parts;
}
function canBackquote2(s) {
  return !/[\x00-\x08\x0a-\x1f\x60\x7f\ufeff]/.test(s);
}
function mustCompile(pattern) {
  try {
    return compileGo(pattern);
  } catch (error) {
    const shown = canBackquote2(pattern) ? `\`${pattern}\`` : quote(pattern);
    throw new Error(`regexp: Compile(${shown}): ${error.message}`);
  }
}
function pair(arity, body) {
  return [
    fn(arity, (a) => body(mustCompile(str(arg(a, 0))), a)),
    fn(arity, (a) => body(compileGo(str(arg(a, 0))), a))
  ];
}
var matches = (rx, a) => execAt(rx.re, str(arg(a, 1)), 0) !== null;
var [regexFindAll, mustRegexFindAll] = pair(
  3,
  (rx, a) => allMatches(rx, str(arg(a, 1)), int(arg(a, 2))).map((m) => m[0])
);
var [regexFind, mustRegexFind] = pair(2, (rx, a) => execAt(rx.re, str(arg(a, 1)), 0)?.[0] ?? "");
var [regexReplaceAll, mustRegexReplaceAll] = pair(
  3,
  (rx, a) => replaceAllGo(rx, str(arg(a, 1)), str(arg(a, 2)), false)
);
var [regexReplaceAllLiteral, mustRegexReplaceAllLiteral] = pair(
  3,
  (rx, a) => replaceAllGo(rx, str(arg(a, 1)), str(arg(a, 2)), true)
);
var [regexSplit, mustRegexSplit] = pair(
  3,
  (rx, a) => splitGo(rx, str(arg(a, 0)), str(arg(a, 1)), int(arg(a, 2)))
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

// packages/core/src/template/functions/semver.ts
var VERSION = /^v?([0-9]+)(?:\.([0-9]+))?(?:\.([0-9]+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;
function parseVersion(s) {
  const m = VERSION.exec(s);
  if (!m) throw new Error("Invalid Semantic Version");
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
function parseConstraint(text2) {
  const m = /^(=|!=|>=|=>|<=|=<|>|<|~>|~|\^)?\s*v?(.*)$/.exec(text2.trim());
  const op = m?.[1] ?? "";
  const body = m?.[2] ?? "";
  const suffixAt = body.search(/[-+]/);
  const core = suffixAt < 0 ? body : body.slice(0, suffixAt);
  const suffix = suffixAt < 0 ? "" : body.slice(suffixAt);
  const parts = core === "" ? [] : core.split(".");
  if (parts.length > 3) throw new Error(`improper constraint: ${text2}`);
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
  const cmp = compareVersions(v, c.v);
  const base = { ...c.v, pre: c.v.pre, meta: "" };
  const upperFor = (part2) => compareVersions(v, bump(base, part2)) < 0;
  switch (c.op) {
    case "":
    case "=":
      if (c.fixed < 3) return cmp >= 0 && (c.fixed === 0 || upperFor(c.fixed - 1));
      return cmp === 0;
    case "!=":
      if (c.fixed < 3) return !(cmp >= 0 && (c.fixed === 0 || upperFor(c.fixed - 1)));
      return cmp !== 0;
    case ">":
      if (c.fixed < 3) return c.fixed === 0 ? false : !upperFor(c.fixed - 1);
      return cmp > 0;
    case "<":
      return cmp < 0;
    case ">=":
    case "=>":
      return cmp >= 0;
    case "<=":
    case "=<":
      if (c.fixed < 3) return c.fixed === 0 || upperFor(c.fixed - 1);
      return cmp <= 0;
    case "~":
    case "~>":
      return cmp >= 0 && upperFor(c.fixed <= 1 ? 0 : 1);
    case "^":
      if (cmp < 0) return false;
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
function versionStruct(v, original) {
  return new GoStruct("*semver.Version", [
    ["Major", v.major],
    ["Minor", v.minor],
    ["Patch", v.patch],
    ["Prerelease", v.pre],
    ["Metadata", v.meta],
    ["Original", original]
  ]);
}
var semverFunctions = {
  semver: fn(1, (a) => {
    const s = str(arg(a, 0));
    return versionStruct(parseVersion(s), s);
  }),
  semverCompare: fn(2, (a) => satisfies(str(arg(a, 0)), parseVersion(str(arg(a, 1)))))
};

// packages/core/src/template/functions/url.ts
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

// packages/core/src/template/functions/index.ts
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
  ...dateFunctions
};
var templateFunctions = new Map(
  Object.entries({ ...sprigFunctions, ...customFunctions }).filter(
    ([name]) => !excludedFunctions.has(name)
  )
);

// packages/core/src/template/ast.ts
function listString(list2) {
  return list2.map(nodeString).join("");
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

// packages/core/src/template/compare.ts
function basicKind(v) {
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
    if (k1 !== k2) {
      if (!isNil(arg1) && !isNil(arg2)) {
        throw new Error(`incompatible types for comparison: ${typeOf(arg1)} and ${typeOf(arg2)}`);
      }
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
  if (k1 !== k2)
    throw new Error(`incompatible types for comparison: ${typeOf(arg1)} and ${typeOf(arg2)}`);
  if (k1 === "bool") throw new Error("invalid type for comparison");
  if (k1 === "string") return compareGoStrings(arg1, arg2) < 0;
  return arg1 < arg2;
}
function le(arg1, arg2) {
  return lt(arg1, arg2) || eq(arg1, [arg2]);
}

// packages/core/src/template/escape.ts
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
    else if (cp < 128 || isPrint(cp)) out += ch;
    else out += "\\u" + cp.toString(16).toUpperCase().padStart(4, "0");
  }
  return out;
}
var encoder3 = new TextEncoder();
function escapeQuery(s) {
  let out = "";
  for (const b of encoder3.encode(s)) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (b === 32) out += "+";
    else out += "%" + b.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

// packages/core/src/template/builtins.ts
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
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof GoMap) return v.size > 0;
  return true;
}
var encoder4 = new TextEncoder();
var decoder2 = new TextDecoder();
function typeOf2(v) {
  return goTypeName(v ?? null);
}
function toGo2(v) {
  return v === void 0 ? null : v;
}
function indexArg(index2, cap) {
  if (index2 === void 0 || index2 === null) throw new Error("cannot index slice/array with nil");
  if (typeof index2 !== "bigint")
    throw new Error(`cannot index slice/array with type ${typeOf2(index2)}`);
  if (index2 < 0n || index2 > BigInt(cap)) throw new Error(`index out of range: ${index2}`);
  return Number(index2);
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
      const bytes = encoder4.encode(item);
      const x = indexArg(key, bytes.length);
      if (x === bytes.length) throw new Error("reflect: string index out of range");
      item = BigInt(bytes[x] ?? 0);
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
function slice2(args) {
  const item = args[0];
  const indexes = args.slice(1);
  if (item === void 0 || item === null) throw new Error("slice of untyped nil");
  if (indexes.length > 3) throw new Error(`too many slice indexes: ${indexes.length}`);
  let length2;
  if (typeof item === "string") {
    if (indexes.length === 3) throw new Error("cannot 3-index slice a string");
    length2 = encoder4.encode(item).length;
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
  if (typeof item === "string") return decoder2.decode(encoder4.encode(item).subarray(from, to));
  return item.slice(from, to);
}
function length(args) {
  const item = args[0];
  if (item === void 0) throw new Error("reflect: call of reflect.Value.Type on zero Value");
  if (item === null) throw new Error("len of nil pointer");
  if (typeof item === "string") return BigInt(encoder4.encode(item).length);
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
  ["slice", { arity: 1, variadic: true, call: slice2 }],
  ["print", { arity: 0, variadic: true, call: (a) => sprint(a.map(toGo2)) }],
  ["println", { arity: 0, variadic: true, call: (a) => sprintln(a.map(toGo2)) }],
  [
    "printf",
    {
      arity: 1,
      variadic: true,
      call: (a, nodes) => sprintf(printfFormat(a, nodes), a.slice(1).map(toGo2))
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

// packages/core/src/template/errors.ts
var TemplateError = class extends Error {
  phase;
  constructor(phase, message, options) {
    super(message, options);
    this.name = "TemplateError";
    this.phase = phase;
  }
};

// packages/core/src/template/exec-state.ts
var MISSING = /* @__PURE__ */ Symbol("missing");
var encoder5 = new TextEncoder();
var ExecState = class {
  out = "";
  vars;
  node = null;
  set;
  tmplName;
  depth;
  constructor(set, tmplName, dot, depth) {
    this.set = set;
    this.tmplName = tmplName;
    this.vars = [{ name: "$", value: dot }];
    this.depth = depth;
  }
  at(node) {
    this.node = node;
  }
  /** Throws Go's ExecError text: `template: NAME:LINE:COL: executing "T" at <node>: msg`. */
  errorf(message) {
    const node = this.node;
    if (node === null) throw new TemplateError("exec", `template: ${this.set.name}: ${message}`);
    const before = this.set.text.slice(0, node.pos);
    const lineStart = before.lastIndexOf("\n") + 1;
    let line = 1;
    for (let p = before.indexOf("\n"); p >= 0; p = before.indexOf("\n", p + 1)) line++;
    const col = encoder5.encode(before.slice(lineStart)).length;
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

// packages/core/src/template/eval.ts
var noArgs = [];
function toGo3(v) {
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
  for (let i = from; i < last2; i++) receiver = evalField(s, ident[i] ?? "", [], MISSING, receiver);
  return evalField(s, ident[last2] ?? "", args, final, receiver);
}
function evalField(s, name, args, final, receiver) {
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
  return s.errorf(`can't evaluate field ${name} in type ${goTypeName(receiver)}`);
}
function evalFunction(s, dot, node, cmd, args, final) {
  s.at(node);
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
    argv.push(fn2.builtin ? evalArg(s, dot, arg2) : toGo3(evalArg(s, dot, arg2)));
  if (final !== MISSING) argv.push(fn2.builtin ? final : toGo3(final));
  try {
    if (fn2.builtin) return builtins.get(fn2.name)?.call(argv, given, final) ?? void 0;
    return fn2.fn.call(argv) ?? null;
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

// packages/core/src/template/exec.ts
var maxTemplateDepth = 1e3;
var NORMAL = 0;
var BREAK = 1;
var CONTINUE = 2;
function walkList(s, dot, list2) {
  for (const node of list2) {
    const flow = walk(s, dot, node);
    if (flow !== NORMAL) return flow;
  }
  return NORMAL;
}
function walk(s, dot, node) {
  s.at(node);
  switch (node.kind) {
    case "text":
      s.out += node.text;
      return NORMAL;
    case "action": {
      const value = evalPipeline(s, dot, node.pipe);
      if (node.pipe.decl.length === 0) {
        s.at(node);
        s.out += value === void 0 ? "<no value>" : typeof value === "string" ? value : formatValue(value);
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
  } else if (typeof value === "bigint") {
    if (decl.length > 1) s.errorf(`can't use ${value} to iterate over more than one variable`);
    ran = value > 0n;
    for (let i = 0n; i < value; i++) if (iteration(void 0, i)) break;
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
  const sub2 = new ExecState(s.set, node.name, newDot, s.depth + 1);
  sub2.out = s.out;
  walkList(sub2, newDot, tree.root);
  s.out = sub2.out;
}
function execute(set, data) {
  const dot = data === null ? void 0 : data;
  const s = new ExecState(set, set.name, dot, 0);
  const tree = set.trees.get(set.name) ?? s.errorf(`${quote(set.name)} is an incomplete or empty template`);
  walkList(s, dot, tree.root);
  return s.out;
}

// packages/core/src/template/tokens.ts
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
  const printable2 = c >= 32 && c !== 127 && /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(String.fromCodePoint(c));
  return printable2 ? `${u} '${String.fromCodePoint(c)}'` : u;
}

// packages/core/src/template/lexer.ts
function isSpace2(c) {
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
    return this.input.charCodeAt(at) === 45 && isSpace2(this.input.charCodeAt(at + 1));
  }
  /** At `}}` or ` -}}`; returns 0 (no), 1 (plain) or 2 (with trim marker). */
  atRightDelim() {
    const s = this.input;
    const p = this.pos;
    if (isSpace2(s.charCodeAt(p)) && s.charCodeAt(p + 1) === 45 && s.startsWith("}}", p + 2))
      return 2;
    return s.startsWith("}}", p) ? 1 : 0;
  }
  skipLeadingSpace() {
    while (this.pos < this.input.length && isSpace2(this.input.charCodeAt(this.pos))) this.pos++;
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
      while (end > this.start && isSpace2(s.charCodeAt(end - 1))) end--;
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
    if (isSpace2(r)) return this.lexSpace();
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
    while (isSpace2(this.input.charCodeAt(this.pos))) {
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
    if (this.pos >= this.input.length || isSpace2(c)) return true;
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

// packages/core/src/template/literals.ts
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
function unquoteChar(s, i, quoteChar2) {
  const c = s.codePointAt(i);
  if (c === void 0) return null;
  if (c !== 92) return { cp: c, next: i + (c > 65535 ? 2 : 1) };
  const e = s.charAt(i + 1);
  const simple = simpleEscapes[e];
  if (simple !== void 0) return { cp: simple, next: i + 2 };
  if (e === "'" || e === '"') return e === quoteChar2 ? { cp: e.charCodeAt(0), next: i + 2 } : null;
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
function underscoreOK(text2) {
  let s = text2;
  if (s.startsWith("-") || s.startsWith("+")) s = s.slice(1);
  let saw = "^";
  let i = 0;
  let hex2 = false;
  if (s.length >= 2 && s[0] === "0" && "bBoOxX".includes(s.charAt(1))) {
    i = 2;
    saw = "0";
    hex2 = s.charAt(1).toLowerCase() === "x";
  }
  for (; i < s.length; i++) {
    const c = s.charAt(i);
    if (c >= "0" && c <= "9" || hex2 && /[a-fA-F]/.test(c)) {
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
function parseInteger(text2) {
  if (text2.includes("_") && !underscoreOK(text2)) return null;
  let s = text2.replaceAll("_", "");
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
function parseFloat64(text2) {
  if (text2.includes("_") && !underscoreOK(text2)) return null;
  const s = text2.replaceAll("_", "");
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
function parseNumber(text2) {
  if (text2.endsWith("i"))
    return { ok: false, message: `complex constant ${text2} is not supported` };
  const int2 = parseInteger(text2);
  const isInt = int2 !== null && int2.value >= minInt64 && int2.value <= maxInt64;
  const isUint = int2 !== null && !int2.signed && int2.value >= 0n && int2.value <= maxUint64;
  const hexInt = /^0[xX]/.test(text2) && !/[pP]/.test(text2);
  const floatSyntax = !hexInt && /[.eEpP]/.test(text2);
  if (isInt || isUint) {
    if (floatSyntax) return { ok: true, value: Number(int2.value) };
    return { ok: true, value: isInt ? int2.value : null };
  }
  const f = parseFloat64(text2);
  if (f === null) return { ok: false, message: `illegal number syntax: ${quote(text2)}` };
  if (!/[.eEpP]/.test(text2)) return { ok: false, message: `integer overflow: ${quote(text2)}` };
  return { ok: true, value: f };
}

// packages/core/src/template/parse-pipeline.ts
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
  constructor(tokens, name, text2, resolve) {
    this.tokens = tokens;
    this.name = name;
    this.resolve = resolve;
    this.lineStarts = [0];
    for (let p = text2.indexOf("\n"); p >= 0; p = text2.indexOf("\n", p + 1))
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
      const text2 = unquoteString(token.val);
      if (text2 === null) ts.errorf("invalid syntax");
      return { kind: "string", pos: token.pos, quoted: token.val, text: text2 };
    }
  }
  ts.backup();
  return null;
}

// packages/core/src/template/parser.ts
function isTerminator(n) {
  return n.kind === "end" || n.kind === "else";
}
function terminatorString(t) {
  return t.kind === "end" ? "{{end}}" : "{{else}}";
}
function isEmptyTree(list2) {
  return list2.every((n) => n.kind === "text" && n.text.trim() === "");
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
    const { list: list2, end } = this.itemList();
    if (end.kind !== "end") ts.errorf(`unexpected ${terminatorString(end)} in ${context}`);
    this.add(name, list2);
  }
  itemList() {
    const list2 = [];
    while (this.ts.peekNonSpace().type !== Tok.EOF) {
      const n = this.textOrAction();
      if (isTerminator(n)) return { list: list2, end: n };
      list2.push(n);
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
      const { list: list2, end } = this.itemList();
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
      return { kind, pos: pipe.pos, pipe, list: list2, elseList };
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
      const { list: list2, end } = this.itemList();
      if (end.kind !== "end") ts.errorf(`unexpected ${terminatorString(end)} in ${context}`);
      this.add(name, list2);
    });
    return { kind: "template", pos: token.pos, name, pipe };
  }
};
function parseTrees(text2, name, resolve) {
  const tokens = lex(text2, {
    breakOK: resolve("break") === void 0,
    continueOK: resolve("continue") === void 0
  });
  const parser = new Parser(new TokenStream(tokens, name, text2, resolve));
  parser.parseTop(name);
  return parser.trees;
}

// packages/core/src/template/index.ts
function isStackOverflow(error) {
  return error instanceof RangeError && /call stack/i.test(error.message);
}
function parseTemplate(text2, functions, name = "template") {
  const resolve = (fn2) => {
    const own = functions.get(fn2);
    if (own !== void 0) return { builtin: false, fn: own };
    return builtins.has(fn2) ? { builtin: true, name: fn2 } : void 0;
  };
  try {
    return { name, text: text2, trees: parseTrees(text2, name, resolve) };
  } catch (error) {
    if (isStackOverflow(error)) {
      throw new TemplateError("parse", `template: ${name}: template nested too deeply`, {
        cause: error
      });
    }
    throw error;
  }
}
function executeTemplate(template, data) {
  try {
    return execute(template, data);
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

// packages/core/src/render/manifests.ts
var MAX_NESTED_RENDERS = 8;
function renderManifest(manifest, data) {
  let output = executeTemplate(manifest, data);
  for (let round2 = 0; output.includes("{{"); round2++) {
    if (round2 === MAX_NESTED_RENDERS) {
      throw new Error(
        `the output still contains "{{" after ${MAX_NESTED_RENDERS} nested re-renders; a config value or template keeps producing template syntax. Escape literal braces or remove the self-reference`
      );
    }
    output = executeTemplate(parseTemplate(output, templateFunctions), data);
  }
  return output;
}
function renderRole(manifests, data) {
  const parts = [];
  for (const manifest of manifests) {
    const output = renderManifest(manifest, data);
    if (output !== "") parts.push(output);
  }
  return parts.join("---\n");
}

// packages/core/src/render/assignment-package.ts
function renderAssignment(context, assignment) {
  const { target, clusterType } = assignment;
  const subject = {
    clusterType: { name: clusterType.name, labels: clusterType.labels },
    target: { name: target.name, labels: target.labels }
  };
  const where = `deployment target '${target.name}' on cluster type '${clusterType.name}'`;
  const configData = context.config.collect(subject);
  const schemas = [
    ...context.view.configSchemas.filter((s) => labelsMatchSubject(s.labels, subject)).map((s) => ({
      text: s.schema,
      origin: `${describeObject(s)} (${s.origin.file}:${s.origin.line})`
    })),
    ...target.configSchemas.map((text2) => ({
      text: text2,
      origin: `${describeObject(target.workload)} target '${target.entry.name}'`
    }))
  ];
  const invalid = schemas.length > 0 ? validateConfigData(configData, schemas) : void 0;
  if (invalid !== void 0) {
    return {
      file: target.workload.origin.file,
      line: target.entry.line,
      object: `Assignment of ${where}`,
      message: `${invalid}
Fix the platform config (ConfigMaps) or the ConfigSchemas so that they agree.`
    };
  }
  const data = templateData(context.view.name, assignment, configData);
  const roles = {
    reconciler: clusterType.reconciler,
    namespace: clusterType.namespaceService,
    config: clusterType.configType
  };
  const out = { reconciler: "", namespace: "", config: "" };
  for (const role of ["reconciler", "namespace", "config"]) {
    const compiled = context.templates.get(roles[role]);
    if (!compiled) {
      return { object: `Assignment of ${where}`, message: `Template '${roles[role]}' not found.` };
    }
    try {
      out[role] = renderRole(compiled.manifests, data);
    } catch (error) {
      const t = compiled.template;
      return {
        file: t.origin.file,
        line: t.origin.line,
        object: describeObject(t),
        message: `rendering the ${role} for ${where} failed: ${error instanceof Error ? error.message : String(error)}. Fix the template or the data it reads.`
      };
    }
  }
  const configTemplate = context.templates.get(clusterType.configType).template;
  return {
    clusterType: clusterType.name,
    target: target.name,
    reconciler: out.reconciler,
    namespace: out.namespace,
    config: out.config,
    configFileName: configTemplate.contentType === "sh" ? "platform-config.sh" : "platform-config.yaml"
  };
}
function templateData(environment, assignment, configData) {
  const { target, clusterType } = assignment;
  return new GoStruct("scheduler.dataType", [
    ["DeploymentTargetName", target.name],
    ["Namespace", `${environment}-${clusterType.name}-${target.name}`],
    ["Environment", target.entry.environment],
    ["Workspace", target.workspace],
    ["Workload", target.workload.name],
    ["Labels", GoMap.ofStrings(target.labels)],
    ["Manifests", GoMap.ofStrings(target.manifests)],
    ["ClusterType", clusterType.name],
    ["ConfigData", configData]
  ]);
}
function isPackage(value) {
  return "reconciler" in value;
}

// packages/core/src/render/template-cache.ts
function compileTemplates(templates, problems) {
  const compiled = /* @__PURE__ */ new Map();
  for (const template of templates.values()) {
    const manifests = [];
    let ok = true;
    template.manifests.forEach((text2, index2) => {
      try {
        manifests.push(parseTemplate(text2, templateFunctions));
      } catch (error) {
        if (!(error instanceof TemplateError)) throw error;
        ok = false;
        problems.push({
          file: template.origin.file,
          line: template.origin.line,
          object: describeObject(template),
          message: `manifest ${index2 + 1} does not parse: ${error.message}. Fix the template (excluded functions such as "env", "now" and "rand*" are not available: rendering must be deterministic).`
        });
      }
    });
    if (ok) compiled.set(template.name, { template, manifests });
  }
  return compiled;
}

// packages/core/src/render/render-environment.ts
function renderEnvironment(sources) {
  const { view, problems: loadProblems, notes } = assembleEnvironment(sources);
  const problems = [...loadProblems];
  const templates = compileTemplates(view.templates, problems);
  const targets = deploymentTargetsOf(view, problems);
  if (problems.length > 0) return { ok: false, problems, notes };
  const assignments = schedule(view, targets);
  const context = {
    view,
    templates,
    config: new ConfigCollector(
      view.configMaps.map((c) => ({ name: c.name, labels: c.labels, data: c.data }))
    )
  };
  const packages = [];
  for (const assignment of assignments) {
    const result = renderAssignment(context, assignment);
    if (isPackage(result)) packages.push(result);
    else problems.push(result);
  }
  if (problems.length > 0) return { ok: false, problems, notes };
  const baseRepo = view.baseRepos.find((b) => b.name === "main");
  const gitOpsRepo = view.gitOpsRepos[0];
  const gitopsPath = normaliseGitOpsPath(gitOpsRepo?.path ?? ".");
  const files = generatedFiles({
    clusterTypes: view.clusterTypes.map((c) => c.name),
    packages,
    promotedCommit: baseRepo?.commit ?? "",
    path: gitopsPath
  });
  return {
    ok: true,
    rendered: { view, targets, assignments, packages, baseRepo, gitOpsRepo, gitopsPath, files },
    notes
  };
}

// packages/core/src/gitops/plan.ts
function diffTrees(before, after, gitopsPath) {
  const added = [];
  const changed = [];
  const removed = [];
  for (const [path, bytes] of after) {
    const old = before.get(path);
    if (old === void 0) added.push(path);
    else if (!sameBytes(old, bytes)) changed.push(path);
  }
  for (const path of before.keys()) if (!after.has(path)) removed.push(path);
  added.sort();
  changed.sort();
  removed.sort();
  const promoted = added.includes(TRACKING_FILE) || changed.includes(TRACKING_FILE);
  return {
    added,
    changed,
    removed,
    promoted,
    clusterTypes: planByClusterType(before, after, gitopsPath, [...added, ...changed, ...removed])
  };
}
function planByClusterType(before, after, gitopsPath, touched) {
  const foldersBefore = targetFolders(before, gitopsPath);
  const foldersAfter = targetFolders(after, gitopsPath);
  const touchedByType = /* @__PURE__ */ new Map();
  const filesByType = /* @__PURE__ */ new Map();
  for (const path of touched) {
    const parts = ownedParts(path, gitopsPath);
    if (!parts) continue;
    filesByType.set(parts[0], (filesByType.get(parts[0]) ?? 0) + 1);
    if (parts.length > 2) {
      const set = touchedByType.get(parts[0]) ?? /* @__PURE__ */ new Set();
      set.add(parts[1]);
      touchedByType.set(parts[0], set);
    }
  }
  const types = /* @__PURE__ */ new Set([...foldersBefore.keys(), ...foldersAfter.keys(), ...filesByType.keys()]);
  const result = [];
  for (const clusterType of [...types].sort()) {
    const was = foldersBefore.get(clusterType) ?? /* @__PURE__ */ new Set();
    const now = foldersAfter.get(clusterType) ?? /* @__PURE__ */ new Set();
    const files = filesByType.get(clusterType) ?? 0;
    if (files === 0) continue;
    const touchedTargets = touchedByType.get(clusterType) ?? /* @__PURE__ */ new Set();
    result.push({
      clusterType,
      assignmentsAdded: [...now].filter((t) => !was.has(t)).sort(),
      assignmentsRemoved: [...was].filter((t) => !now.has(t)).sort(),
      assignmentsChanged: [...touchedTargets].filter((t) => was.has(t) && now.has(t)).sort(),
      filesChanged: files
    });
  }
  return result;
}
function targetFolders(tree, gitopsPath) {
  const out = /* @__PURE__ */ new Map();
  for (const path of tree.keys()) {
    const parts = ownedParts(path, gitopsPath);
    if (!parts || parts.length < 3) continue;
    const set = out.get(parts[0]) ?? /* @__PURE__ */ new Set();
    set.add(parts[1]);
    out.set(parts[0], set);
  }
  return out;
}
function ownedParts(path, gitopsPath) {
  if (!isOwnedPath(path, gitopsPath)) return void 0;
  const rest2 = gitopsPath === "" ? path : path.slice(gitopsPath.length + 1);
  return rest2.split("/");
}
function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// packages/core/src/compliance/repository-url.ts
var REPOSITORY_HOST_PATTERN = "^(?:[a-z][a-z0-9+.\\-]*://)?(?:[^@/]+@)?([^/:]+)";
var REPOSITORY_PATH_PATTERN = "^(?:[a-z][a-z0-9+.\\-]*://)?(?:[^@/]+@)?[^/:]+(?::[0-9]+)?[:/]+(.+?)(?:\\.git)?/*$";
var hostExpression = new RegExp(REPOSITORY_HOST_PATTERN);
var pathExpression = new RegExp(REPOSITORY_PATH_PATTERN);

// packages/core/src/promotion/chain.ts
var import_yaml6 = __toESM(require_dist(), 1);
var promotionChainPath = ".github/promotion-chain.yaml";
function isValidBranchName(name) {
  return name.length > 0 && name !== "@" && !name.startsWith("-") && !name.startsWith("/") && !name.endsWith("/") && !name.endsWith(".") && !name.endsWith(".lock") && !name.includes("..") && !name.includes("//") && !name.includes("@{") && !name.split("/").some((part2) => part2.startsWith(".")) && !/[\x00-\x20\x7f~^:?*[\\]/.test(name);
}
function parsePromotionChain(text2, file = promotionChainPath) {
  const lines = new import_yaml6.LineCounter();
  const document = (0, import_yaml6.parseDocument)(text2, { lineCounter: lines, prettyErrors: false });
  const lineOf2 = (node) => node?.range ? lines.linePos(node.range[0]).line : void 0;
  const problems = document.errors.map((error) => ({
    file,
    line: lines.linePos(error.pos[0]).line,
    message: `is not valid YAML: ${error.message.split("\n")[0]}.`
  }));
  if (problems.length > 0) throw new ControlPlaneError(problems);
  const shape = `Declare the chain as 'environments: [dev, stage, prod]'.`;
  const root = document.contents;
  if (!(0, import_yaml6.isMap)(root)) {
    throw new ControlPlaneError([
      {
        file,
        line: lineOf2(root),
        message: `must be a mapping with the key 'environments'. ${shape}`
      }
    ]);
  }
  for (const pair2 of root.items) {
    const key = (0, import_yaml6.isScalar)(pair2.key) ? String(pair2.key.value) : "";
    if (key !== "environments") {
      problems.push({
        file,
        line: lineOf2(pair2.key),
        message: `unknown key '${key}'. ${shape}`
      });
    }
  }
  const list2 = root.get("environments", true);
  if (!(0, import_yaml6.isSeq)(list2) || list2.items.length === 0) {
    problems.push({
      file,
      line: lineOf2(list2 ?? root),
      message: `'environments' must be a non-empty list of environment names. ${shape}`
    });
    throw new ControlPlaneError(problems);
  }
  const environments = [];
  for (const item of list2.items) {
    const line = lineOf2(item);
    const value = (0, import_yaml6.isScalar)(item) ? item.value : void 0;
    if (typeof value !== "string" || !isValidBranchName(value)) {
      problems.push({
        file,
        line,
        message: `environment ${JSON.stringify((0, import_yaml6.isScalar)(item) ? item.value : String(item))} is not a valid branch name. Use the name of the environment's branch, e.g. 'dev'.`
      });
      continue;
    }
    if (environments.includes(value)) {
      problems.push({
        file,
        line,
        message: `environment '${value}' is listed twice. An environment can appear once in the chain.`
      });
      continue;
    }
    environments.push(value);
  }
  if (problems.length > 0) throw new ControlPlaneError(problems);
  return { environments, file };
}

// packages/core/src/promotion/base-repo.ts
var import_yaml7 = __toESM(require_dist(), 1);

// node_modules/mustache/mustache.mjs
var objectToString = Object.prototype.toString;
var isArray = Array.isArray || function isArrayPolyfill(object) {
  return objectToString.call(object) === "[object Array]";
};
function isFunction(object) {
  return typeof object === "function";
}
function typeStr(obj) {
  return isArray(obj) ? "array" : typeof obj;
}
function escapeRegExp(string) {
  return string.replace(/[\-\[\]{}()*+?.,\\\^$|#\s]/g, "\\$&");
}
function hasProperty(obj, propName) {
  return obj != null && typeof obj === "object" && propName in obj;
}
function primitiveHasOwnProperty(primitive, propName) {
  return primitive != null && typeof primitive !== "object" && primitive.hasOwnProperty && primitive.hasOwnProperty(propName);
}
var regExpTest = RegExp.prototype.test;
function testRegExp(re, string) {
  return regExpTest.call(re, string);
}
var nonSpaceRe = /\S/;
function isWhitespace(string) {
  return !testRegExp(nonSpaceRe, string);
}
var entityMap = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "/": "&#x2F;",
  "`": "&#x60;",
  "=": "&#x3D;"
};
function escapeHtml(string) {
  return String(string).replace(/[&<>"'`=\/]/g, function fromEntityMap(s) {
    return entityMap[s];
  });
}
var whiteRe = /\s*/;
var spaceRe = /\s+/;
var equalsRe = /\s*=/;
var curlyRe = /\s*\}/;
var tagRe = /#|\^|\/|>|\{|&|=|!/;
function parseTemplate2(template, tags) {
  if (!template)
    return [];
  var lineHasNonSpace = false;
  var sections = [];
  var tokens = [];
  var spaces = [];
  var hasTag = false;
  var nonSpace = false;
  var indentation = "";
  var tagIndex = 0;
  function stripSpace() {
    if (hasTag && !nonSpace) {
      while (spaces.length)
        delete tokens[spaces.pop()];
    } else {
      spaces = [];
    }
    hasTag = false;
    nonSpace = false;
  }
  var openingTagRe, closingTagRe, closingCurlyRe;
  function compileTags(tagsToCompile) {
    if (typeof tagsToCompile === "string")
      tagsToCompile = tagsToCompile.split(spaceRe, 2);
    if (!isArray(tagsToCompile) || tagsToCompile.length !== 2)
      throw new Error("Invalid tags: " + tagsToCompile);
    openingTagRe = new RegExp(escapeRegExp(tagsToCompile[0]) + "\\s*");
    closingTagRe = new RegExp("\\s*" + escapeRegExp(tagsToCompile[1]));
    closingCurlyRe = new RegExp("\\s*" + escapeRegExp("}" + tagsToCompile[1]));
  }
  compileTags(tags || mustache.tags);
  var scanner = new Scanner(template);
  var start, type, value, chr, token, openSection;
  while (!scanner.eos()) {
    start = scanner.pos;
    value = scanner.scanUntil(openingTagRe);
    if (value) {
      for (var i = 0, valueLength = value.length; i < valueLength; ++i) {
        chr = value.charAt(i);
        if (isWhitespace(chr)) {
          spaces.push(tokens.length);
          indentation += chr;
        } else {
          nonSpace = true;
          lineHasNonSpace = true;
          indentation += " ";
        }
        tokens.push(["text", chr, start, start + 1]);
        start += 1;
        if (chr === "\n") {
          stripSpace();
          indentation = "";
          tagIndex = 0;
          lineHasNonSpace = false;
        }
      }
    }
    if (!scanner.scan(openingTagRe))
      break;
    hasTag = true;
    type = scanner.scan(tagRe) || "name";
    scanner.scan(whiteRe);
    if (type === "=") {
      value = scanner.scanUntil(equalsRe);
      scanner.scan(equalsRe);
      scanner.scanUntil(closingTagRe);
    } else if (type === "{") {
      value = scanner.scanUntil(closingCurlyRe);
      scanner.scan(curlyRe);
      scanner.scanUntil(closingTagRe);
      type = "&";
    } else {
      value = scanner.scanUntil(closingTagRe);
    }
    if (!scanner.scan(closingTagRe))
      throw new Error("Unclosed tag at " + scanner.pos);
    if (type == ">") {
      token = [type, value, start, scanner.pos, indentation, tagIndex, lineHasNonSpace];
    } else {
      token = [type, value, start, scanner.pos];
    }
    tagIndex++;
    tokens.push(token);
    if (type === "#" || type === "^") {
      sections.push(token);
    } else if (type === "/") {
      openSection = sections.pop();
      if (!openSection)
        throw new Error('Unopened section "' + value + '" at ' + start);
      if (openSection[1] !== value)
        throw new Error('Unclosed section "' + openSection[1] + '" at ' + start);
    } else if (type === "name" || type === "{" || type === "&") {
      nonSpace = true;
    } else if (type === "=") {
      compileTags(value);
    }
  }
  stripSpace();
  openSection = sections.pop();
  if (openSection)
    throw new Error('Unclosed section "' + openSection[1] + '" at ' + scanner.pos);
  return nestTokens(squashTokens(tokens));
}
function squashTokens(tokens) {
  var squashedTokens = [];
  var token, lastToken;
  for (var i = 0, numTokens = tokens.length; i < numTokens; ++i) {
    token = tokens[i];
    if (token) {
      if (token[0] === "text" && lastToken && lastToken[0] === "text") {
        lastToken[1] += token[1];
        lastToken[3] = token[3];
      } else {
        squashedTokens.push(token);
        lastToken = token;
      }
    }
  }
  return squashedTokens;
}
function nestTokens(tokens) {
  var nestedTokens = [];
  var collector = nestedTokens;
  var sections = [];
  var token, section;
  for (var i = 0, numTokens = tokens.length; i < numTokens; ++i) {
    token = tokens[i];
    switch (token[0]) {
      case "#":
      case "^":
        collector.push(token);
        sections.push(token);
        collector = token[4] = [];
        break;
      case "/":
        section = sections.pop();
        section[5] = token[2];
        collector = sections.length > 0 ? sections[sections.length - 1][4] : nestedTokens;
        break;
      default:
        collector.push(token);
    }
  }
  return nestedTokens;
}
function Scanner(string) {
  this.string = string;
  this.tail = string;
  this.pos = 0;
}
Scanner.prototype.eos = function eos() {
  return this.tail === "";
};
Scanner.prototype.scan = function scan(re) {
  var match = this.tail.match(re);
  if (!match || match.index !== 0)
    return "";
  var string = match[0];
  this.tail = this.tail.substring(string.length);
  this.pos += string.length;
  return string;
};
Scanner.prototype.scanUntil = function scanUntil(re) {
  var index2 = this.tail.search(re), match;
  switch (index2) {
    case -1:
      match = this.tail;
      this.tail = "";
      break;
    case 0:
      match = "";
      break;
    default:
      match = this.tail.substring(0, index2);
      this.tail = this.tail.substring(index2);
  }
  this.pos += match.length;
  return match;
};
function Context(view, parentContext) {
  this.view = view;
  this.cache = { ".": this.view };
  this.parent = parentContext;
}
Context.prototype.push = function push2(view) {
  return new Context(view, this);
};
Context.prototype.lookup = function lookup(name) {
  var cache2 = this.cache;
  var value;
  if (cache2.hasOwnProperty(name)) {
    value = cache2[name];
  } else {
    var context = this, intermediateValue, names, index2, lookupHit = false;
    while (context) {
      if (name.indexOf(".") > 0) {
        intermediateValue = context.view;
        names = name.split(".");
        index2 = 0;
        while (intermediateValue != null && index2 < names.length) {
          if (index2 === names.length - 1)
            lookupHit = hasProperty(intermediateValue, names[index2]) || primitiveHasOwnProperty(intermediateValue, names[index2]);
          intermediateValue = intermediateValue[names[index2++]];
        }
      } else {
        intermediateValue = context.view[name];
        lookupHit = hasProperty(context.view, name);
      }
      if (lookupHit) {
        value = intermediateValue;
        break;
      }
      context = context.parent;
    }
    cache2[name] = value;
  }
  if (isFunction(value))
    value = value.call(this.view);
  return value;
};
function Writer() {
  this.templateCache = {
    _cache: {},
    set: function set(key, value) {
      this._cache[key] = value;
    },
    get: function get(key) {
      return this._cache[key];
    },
    clear: function clear() {
      this._cache = {};
    }
  };
}
Writer.prototype.clearCache = function clearCache() {
  if (typeof this.templateCache !== "undefined") {
    this.templateCache.clear();
  }
};
Writer.prototype.parse = function parse2(template, tags) {
  var cache2 = this.templateCache;
  var cacheKey = template + ":" + (tags || mustache.tags).join(":");
  var isCacheEnabled = typeof cache2 !== "undefined";
  var tokens = isCacheEnabled ? cache2.get(cacheKey) : void 0;
  if (tokens == void 0) {
    tokens = parseTemplate2(template, tags);
    isCacheEnabled && cache2.set(cacheKey, tokens);
  }
  return tokens;
};
Writer.prototype.render = function render(template, view, partials, config) {
  var tags = this.getConfigTags(config);
  var tokens = this.parse(template, tags);
  var context = view instanceof Context ? view : new Context(view, void 0);
  return this.renderTokens(tokens, context, partials, template, config);
};
Writer.prototype.renderTokens = function renderTokens(tokens, context, partials, originalTemplate, config) {
  var buffer = "";
  var token, symbol, value;
  for (var i = 0, numTokens = tokens.length; i < numTokens; ++i) {
    value = void 0;
    token = tokens[i];
    symbol = token[0];
    if (symbol === "#") value = this.renderSection(token, context, partials, originalTemplate, config);
    else if (symbol === "^") value = this.renderInverted(token, context, partials, originalTemplate, config);
    else if (symbol === ">") value = this.renderPartial(token, context, partials, config);
    else if (symbol === "&") value = this.unescapedValue(token, context);
    else if (symbol === "name") value = this.escapedValue(token, context, config);
    else if (symbol === "text") value = this.rawValue(token);
    if (value !== void 0)
      buffer += value;
  }
  return buffer;
};
Writer.prototype.renderSection = function renderSection(token, context, partials, originalTemplate, config) {
  var self = this;
  var buffer = "";
  var value = context.lookup(token[1]);
  function subRender(template) {
    return self.render(template, context, partials, config);
  }
  if (!value) return;
  if (isArray(value)) {
    for (var j = 0, valueLength = value.length; j < valueLength; ++j) {
      buffer += this.renderTokens(token[4], context.push(value[j]), partials, originalTemplate, config);
    }
  } else if (typeof value === "object" || typeof value === "string" || typeof value === "number") {
    buffer += this.renderTokens(token[4], context.push(value), partials, originalTemplate, config);
  } else if (isFunction(value)) {
    if (typeof originalTemplate !== "string")
      throw new Error("Cannot use higher-order sections without the original template");
    value = value.call(context.view, originalTemplate.slice(token[3], token[5]), subRender);
    if (value != null)
      buffer += value;
  } else {
    buffer += this.renderTokens(token[4], context, partials, originalTemplate, config);
  }
  return buffer;
};
Writer.prototype.renderInverted = function renderInverted(token, context, partials, originalTemplate, config) {
  var value = context.lookup(token[1]);
  if (!value || isArray(value) && value.length === 0)
    return this.renderTokens(token[4], context, partials, originalTemplate, config);
};
Writer.prototype.indentPartial = function indentPartial(partial, indentation, lineHasNonSpace) {
  var filteredIndentation = indentation.replace(/[^ \t]/g, "");
  var partialByNl = partial.split("\n");
  for (var i = 0; i < partialByNl.length; i++) {
    if (partialByNl[i].length && (i > 0 || !lineHasNonSpace)) {
      partialByNl[i] = filteredIndentation + partialByNl[i];
    }
  }
  return partialByNl.join("\n");
};
Writer.prototype.renderPartial = function renderPartial(token, context, partials, config) {
  if (!partials) return;
  var tags = this.getConfigTags(config);
  var value = isFunction(partials) ? partials(token[1]) : partials[token[1]];
  if (value != null) {
    var lineHasNonSpace = token[6];
    var tagIndex = token[5];
    var indentation = token[4];
    var indentedValue = value;
    if (tagIndex == 0 && indentation) {
      indentedValue = this.indentPartial(value, indentation, lineHasNonSpace);
    }
    var tokens = this.parse(indentedValue, tags);
    return this.renderTokens(tokens, context, partials, indentedValue, config);
  }
};
Writer.prototype.unescapedValue = function unescapedValue(token, context) {
  var value = context.lookup(token[1]);
  if (value != null)
    return value;
};
Writer.prototype.escapedValue = function escapedValue(token, context, config) {
  var escape2 = this.getConfigEscape(config) || mustache.escape;
  var value = context.lookup(token[1]);
  if (value != null)
    return typeof value === "number" && escape2 === mustache.escape ? String(value) : escape2(value);
};
Writer.prototype.rawValue = function rawValue(token) {
  return token[1];
};
Writer.prototype.getConfigTags = function getConfigTags(config) {
  if (isArray(config)) {
    return config;
  } else if (config && typeof config === "object") {
    return config.tags;
  } else {
    return void 0;
  }
};
Writer.prototype.getConfigEscape = function getConfigEscape(config) {
  if (config && typeof config === "object" && !isArray(config)) {
    return config.escape;
  } else {
    return void 0;
  }
};
var mustache = {
  name: "mustache.js",
  version: "4.2.0",
  tags: ["{{", "}}"],
  clearCache: void 0,
  escape: void 0,
  parse: void 0,
  render: void 0,
  Scanner: void 0,
  Context: void 0,
  Writer: void 0,
  /**
   * Allows a user to override the default caching strategy, by providing an
   * object with set, get and clear methods. This can also be used to disable
   * the cache by setting it to the literal `undefined`.
   */
  set templateCache(cache2) {
    defaultWriter.templateCache = cache2;
  },
  /**
   * Gets the default or overridden caching object from the default writer.
   */
  get templateCache() {
    return defaultWriter.templateCache;
  }
};
var defaultWriter = new Writer();
mustache.clearCache = function clearCache2() {
  return defaultWriter.clearCache();
};
mustache.parse = function parse3(template, tags) {
  return defaultWriter.parse(template, tags);
};
mustache.render = function render2(template, view, partials, config) {
  if (typeof template !== "string") {
    throw new TypeError('Invalid template! Template should be a "string" but "' + typeStr(template) + '" was given as the first argument for mustache#render(template, view, partials)');
  }
  return defaultWriter.render(template, view, partials, config);
};
mustache.escape = escapeHtml;
mustache.Scanner = Scanner;
mustache.Context = Context;
mustache.Writer = Writer;

// packages/core/src/publish/messages.ts
function planMarkdown(plan, maxFiles = 200) {
  const lines = [];
  if (plan.clusterTypes.length > 0) {
    lines.push(
      "| cluster type | assignments added | assignments removed | re-rendered | files |",
      "| --- | --- | --- | --- | --- |"
    );
    for (const c of plan.clusterTypes) {
      lines.push(
        `| \`${c.clusterType}\` | ${list(c.assignmentsAdded)} | ${list(c.assignmentsRemoved)} | ${list(c.assignmentsChanged)} | ${c.filesChanged} |`
      );
    }
  }
  const files = [
    ...plan.added.map((p) => `A ${p}`),
    ...plan.changed.map((p) => `M ${p}`),
    ...plan.removed.map((p) => `D ${p}`)
  ];
  if (files.length > 0) {
    const shown = files.slice(0, maxFiles);
    const more = files.length - shown.length;
    lines.push(
      "",
      `<details><summary>${files.length} file${files.length === 1 ? "" : "s"}</summary>`,
      "",
      "```",
      ...shown,
      ...more > 0 ? [`\u2026 and ${more} more`] : [],
      "```",
      "",
      "</details>"
    );
  }
  return lines.join("\n");
}
function list(items) {
  if (items.length === 0) return "\u2013";
  const shown = items.slice(0, 10).map((i) => `\`${i}\``);
  return items.length > 10 ? `${shown.join(", ")} and ${items.length - 10} more` : shown.join(", ");
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
function splitLines(text2) {
  const hasTrailingNl = text2.endsWith("\n");
  const result = text2.split("\n").map((line) => line + "\n");
  if (hasTrailingNl) {
    result.pop();
  } else {
    result.push(result.pop().slice(0, -1));
  }
  return result;
}

// packages/core/src/preview/compare.ts
var MAX_DIFFED_FILE = 256 * 1024;
var MAX_EDIT_LENGTH = 2e4;
var decoder3 = new TextDecoder();
function diffFiles(before, after) {
  const out = [];
  for (const path of [.../* @__PURE__ */ new Set([...before.keys(), ...after.keys()])].sort(compareBytes)) {
    const a = before.get(path);
    const b = after.get(path);
    const oldText = a === void 0 ? "" : decoder3.decode(a);
    const newText = b === void 0 ? "" : decoder3.decode(b);
    if (a !== void 0 && b !== void 0 && oldText === newText) continue;
    const status = a === void 0 ? "added" : b === void 0 ? "removed" : "changed";
    out.push({ path, status, patch: unifiedDiff(path, status, oldText, newText) });
  }
  return out;
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
function compareWithTree(environment, tree, after) {
  const next = applyGeneratedFiles(tree, after.files, after.gitopsPath);
  const owned = (m) => new Map(
    [...m].filter(([path]) => path === TRACKING_FILE || isOwnedPath(path, after.gitopsPath))
  );
  const files = diffFiles(owned(tree), owned(next));
  const plan = diffTrees(tree, next, after.gitopsPath);
  const typesAfter = new Set(after.view.clusterTypes.map((c) => c.name));
  const prefix = after.gitopsPath === "" ? "" : `${after.gitopsPath}/`;
  const clusterTypes = [];
  const removals = [];
  for (const c of plan.clusterTypes) {
    const existed = [...tree.keys()].some((p) => p.startsWith(`${prefix}${c.clusterType}/`));
    const status = !typesAfter.has(c.clusterType) ? "removed" : existed ? "kept" : "added";
    const assignment = (target) => after.assignments.find(
      (a) => a.clusterType.name === c.clusterType && a.target.name === target
    );
    const added = c.assignmentsAdded.map((target) => ({
      target,
      reasons: (assignment(target)?.policies ?? []).map((p) => `selected by policy '${p}'`)
    }));
    const removed = c.assignmentsRemoved.map((target) => {
      const clusterType = after.view.clusterTypes.find((t) => t.name === c.clusterType);
      const found = after.targets.find((t) => t.name === target);
      const reasons = !clusterType ? [`cluster type '${c.clusterType}' no longer exists`] : !found ? [`deployment target '${target}' no longer exists`] : explainPair(after.view, found, clusterType).policies.map(
        (p) => `policy '${p.policy}': ${p.reason}`
      );
      return { target, reasons };
    });
    if (status === "removed") removals.push(`cluster type '${c.clusterType}' is removed`);
    for (const r of removed)
      removals.push(`assignment '${r.target}' on cluster type '${c.clusterType}' is removed`);
    clusterTypes.push({
      clusterType: c.clusterType,
      status,
      added,
      removed,
      rerendered: [...c.assignmentsChanged],
      config: []
    });
  }
  return { environment, kind: "compared", baseBroken: false, clusterTypes, files, removals };
}

// packages/core/src/preview/markdown.ts
var PREVIEW_MARKER = "<!-- kalypso-preview -->";
var SUMMARY_LIMIT = 1e6;
function previewMarkdown(view, options) {
  const head = headMarkdown(view, options.marker);
  const levels = view.environments.map(() => ({ kind: "full" }));
  const sectionOf = (i) => environmentMarkdown(view.environments[i], levels[i], view);
  const sections = view.environments.map((_, i) => sectionOf(i));
  const total = () => head.length + sections.reduce((n, s) => n + s.length, 0);
  for (; ; ) {
    const over = total() - options.limit;
    if (over <= 0) break;
    let largest = -1;
    for (let i = 0; i < sections.length; i++) {
      if (levels[i].kind === "summary") continue;
      if (largest < 0 || sections[i].length > sections[largest].length) largest = i;
    }
    if (largest < 0) break;
    const level = levels[largest];
    const preview = view.environments[largest];
    if (level.kind === "full") {
      const diff = preview.kind === "compared" ? diffLength(preview.files) : 0;
      const budget = diff - over - 1e3;
      levels[largest] = budget > 2e3 ? { kind: "partial", diffBudget: budget } : { kind: "no-diff" };
    } else if (level.kind === "partial") levels[largest] = { kind: "no-diff" };
    else levels[largest] = { kind: "summary" };
    sections[largest] = sectionOf(largest);
  }
  const text2 = head + sections.join("");
  if (text2.length <= options.limit) return text2;
  const note = `

\u2026 cut here: the preview is longer than ${options.limit} characters. ${runLink(view, "The job summary")} has the rest.
`;
  return text2.slice(0, Math.max(0, options.limit - note.length)) + note;
}
function headMarkdown(view, marker) {
  const { pullRequest: pr } = view;
  const lines = [];
  if (marker) lines.push(PREVIEW_MARKER);
  const link = (sha) => `[\`${sha.slice(0, 7)}\`](${view.links.serverUrl}/${view.links.repository}/commit/${sha})`;
  if (pr === void 0) {
    const env = view.target.kind === "environment" ? code(view.target.environment) : "`main`";
    lines.push(
      `## Kalypso diff: environment ${env}`,
      "",
      `The environment rendered from the local checkouts, compared with its live GitOps branch.`
    );
  } else if (view.target.kind === "main") {
    lines.push(
      "## Kalypso preview: every environment with this `main`",
      "",
      `Each environment of the promotion chain rendered with this pull request's \`main\` (${link(pr.headCommit)}), compared with the same render of its base (${link(pr.baseCommit)}).`
    );
  } else {
    const env = code(view.target.environment);
    lines.push(
      `## Kalypso preview: environment ${env}`,
      "",
      `The environment branch ${env} rendered at this pull request's head (${link(pr.headCommit)}), compared with its base (${link(pr.baseCommit)}).`
    );
  }
  lines.push("");
  if (view.environments.length > 0) {
    lines.push(
      "| environment | result | assignments added | removed | re-rendered | config keys changed | files changed |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
    );
    for (const e of view.environments) lines.push(summaryRow(e));
    lines.push("");
  }
  if (view.problems.length > 0) {
    lines.push("**Problems**", "", ...view.problems.map((p) => `- ${text(formatProblem(p))}`), "");
  }
  if (view.removals.length > 0) {
    const shown = view.removals.slice(0, 20).map((r) => `> - ${text(r)}`);
    const more = view.removals.length > 20 ? [`> - and ${view.removals.length - 20} more (below)`] : [];
    const label = code(view.allowRemovalLabel);
    lines.push(
      ...view.blocked ? [
        "> [!CAUTION]",
        `> **This change removes deployments.** The check fails until the pull request carries the label ${label}.`
      ] : ["> [!NOTE]", `> This change removes deployments; the label ${label} allows it.`],
      ">",
      ...shown,
      ...more,
      ...view.blocked ? [
        ">",
        `> Review the removals below. If they are intended, add the label ${label} to this pull request: the preview runs again and the check passes.`
      ] : [],
      ""
    );
  }
  return `${lines.join("\n")}
`;
}
function summaryRow(e) {
  const name = code(e.environment);
  if (e.kind === "skipped") return `| ${name} | \u23ED\uFE0F skipped | | | | | |`;
  if (e.kind === "problems")
    return `| ${name} | \u274C ${e.problems.length} problem${e.problems.length === 1 ? "" : "s"} | | | | | |`;
  const sum = (f) => e.clusterTypes.reduce((n, c) => n + f(c), 0);
  const result = e.removals.length > 0 ? "\u26A0\uFE0F removes" : e.files.length > 0 ? "\u270F\uFE0F changes" : "\u2705 no change";
  return `| ${name} | ${result} | ${sum((c) => c.added.length)} | ${sum((c) => c.removed.length)} | ${sum((c) => c.rerendered.length)} | ${sum((c) => c.config.length)} | ${e.files.length} |`;
}
function environmentMarkdown(e, level, view) {
  const lines = [`### ${code(e.environment)}`, ""];
  if (e.kind === "skipped") {
    lines.push(`Skipped: ${text(e.reason)}.`, "");
    return `${lines.join("\n")}
`;
  }
  if (e.kind === "problems") {
    lines.push(
      `This pull request breaks ${code(e.environment)}: it cannot be rendered.`,
      "",
      ...e.problems.slice(0, 50).map((p) => `- ${text(formatProblem(p))}`),
      ...e.problems.length > 50 ? [`- and ${e.problems.length - 50} more`] : [],
      ""
    );
    return `${lines.join("\n")}
`;
  }
  if (e.baseBroken)
    lines.push(
      "The base does not render (it has problems), so everything is compared with an empty output.",
      ""
    );
  if (e.files.length === 0) {
    lines.push("No change in the rendered output.", "");
    return `${lines.join("\n")}
`;
  }
  if (level.kind === "summary") {
    lines.push(
      `${e.files.length} rendered files change. The details do not fit here: ${runLink(view, "the job summary")} has them.`,
      ""
    );
    return `${lines.join("\n")}
`;
  }
  for (const c of e.clusterTypes) lines.push(...clusterTypeMarkdown(c));
  lines.push(...diffMarkdown(e, level, view));
  return `${lines.join("\n")}
`;
}
function clusterTypeMarkdown(c) {
  const status = c.status === "added" ? " (new)" : c.status === "removed" ? " (removed)" : "";
  const lines = [`#### Cluster type ${code(c.clusterType)}${status}`, ""];
  const rows = [
    ...c.added.map((a) => `| ${code(a.target)} | \u2795 added | ${cell(a.reasons)} |`),
    ...c.removed.map((a) => `| ${code(a.target)} | \u2796 removed | ${cell(a.reasons)} |`),
    ...c.rerendered.map((t) => `| ${code(t)} | \u270F\uFE0F re-rendered | |`)
  ];
  if (rows.length > 0)
    lines.push("| assignment | change | why |", "| --- | --- | --- |", ...rows, "");
  if (c.config.length > 0) {
    lines.push("| config key | old | new | targets |", "| --- | --- | --- | --- |");
    for (const k of c.config)
      lines.push(
        `| ${code(k.key)} | ${k.before === void 0 ? "*(absent)*" : code(k.before)} | ${k.after === void 0 ? "*(absent)*" : code(k.after)} | ${k.targets.map(code).join(", ")} |`
      );
    lines.push("");
  }
  return lines;
}
function diffMarkdown(e, level, view) {
  const count = `${e.files.length} file${e.files.length === 1 ? "" : "s"}`;
  if (level.kind === "no-diff")
    return [
      `The rendered diff (${count}) does not fit here: ${runLink(view, "the job summary")} has it.`,
      ""
    ];
  const budget = level.kind === "partial" ? level.diffBudget : Infinity;
  const blocks = [];
  let used = 0;
  let left = 0;
  for (const f of e.files) {
    const block = fileBlock(f);
    if (used + block.length > budget) {
      left++;
      continue;
    }
    used += block.length;
    blocks.push(block.trimEnd(), "");
  }
  return [
    `<details><summary>Rendered diff of ${code(e.environment)} (${count})</summary>`,
    "",
    ...blocks,
    ...left > 0 ? [
      `${left} more file${left === 1 ? "" : "s"} not shown here: ${runLink(view, "the job summary")} has the full diff.`,
      ""
    ] : [],
    "</details>",
    ""
  ];
}
function fileBlock(f) {
  if (f.patch === "") return `${code(f.path)} (${f.status}): too large to show line by line.

`;
  const fence = "`".repeat(Math.max(3, longestRun(f.patch, "`") + 1));
  const body = f.patch.endsWith("\n") ? f.patch : `${f.patch}
`;
  return `${fence}diff
${body}${fence}

`;
}
function diffLength(files) {
  return files.reduce((n, f) => n + fileBlock(f).length, 0);
}
function runLink(view, words) {
  return view.links.runUrl === "" ? words : `[${words}](${view.links.runUrl})`;
}
function cell(reasons) {
  return reasons.map(text).join("<br>");
}
function code(value) {
  const bounded = (value.length > 200 ? `${value.slice(0, 200)}\u2026` : value).replace(/[\r\n]+/g, " ");
  const escaped = bounded.replaceAll("|", "\\|");
  const fence = "`".repeat(longestRun(escaped, "`") + 1);
  const pad3 = escaped.startsWith("`") || escaped.endsWith("`") ? " " : "";
  return `${fence}${pad3}${escaped}${pad3}${fence}`;
}
function text(value) {
  const bounded = value.length > 2e3 ? `${value.slice(0, 2e3)}\u2026` : value;
  return bounded.replace(/[\r\n]+/g, " ").replace(/[\\`*_[\]<>|~#!]/g, (c) => `\\${c}`);
}
function longestRun(value, char) {
  let longest = 0;
  let run4 = 0;
  for (const c of value) {
    run4 = c === char ? run4 + 1 : 0;
    if (run4 > longest) longest = run4;
  }
  return longest;
}

// packages/core/src/preview/text.ts
function clean(value) {
  return value.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "?");
}
function previewText(previews) {
  const out = [];
  for (const e of previews) {
    out.push(`Environment ${clean(e.environment)}`);
    if (e.kind === "skipped") out.push(`  skipped: ${clean(e.reason)}`);
    else if (e.kind === "problems")
      out.push(...e.problems.map((p) => `  problem: ${clean(formatProblem(p))}`));
    else if (e.files.length === 0) out.push("  no change in the rendered output");
    else {
      if (e.baseBroken) out.push("  (the base does not render: compared with an empty output)");
      for (const c of e.clusterTypes) {
        const status = c.status === "kept" ? "" : ` (${c.status})`;
        out.push(`  cluster type ${clean(c.clusterType)}${status}`);
        for (const a of c.added)
          out.push(`    + ${clean(a.target)}: ${a.reasons.map(clean).join("; ")}`);
        for (const a of c.removed)
          out.push(`    - ${clean(a.target)}: ${a.reasons.map(clean).join("; ")}`);
        for (const t of c.rerendered) out.push(`    ~ ${clean(t)}: re-rendered`);
        for (const k of c.config)
          out.push(
            `    config ${clean(k.key)}: ${k.before === void 0 ? "(absent)" : clean(k.before)} -> ${k.after === void 0 ? "(absent)" : clean(k.after)} (${k.targets.map(clean).join(", ")})`
          );
      }
      if (e.removals.length > 0)
        out.push("  removals:", ...e.removals.map((r) => `    ${clean(r)}`));
      out.push("");
      for (const f of e.files)
        out.push(
          f.patch === "" ? `${clean(f.path)} (${f.status}): too large to diff` : clean(f.patch).trimEnd()
        );
    }
    out.push("");
  }
  return out.join("\n");
}

// packages/cli/src/diff-command.ts
import { execFile as execFile2 } from "node:child_process";
import { mkdtemp as mkdtemp2, rm as rm3 } from "node:fs/promises";
import { tmpdir as tmpdir2 } from "node:os";
import { join as join4 } from "node:path";
import { parseArgs, promisify as promisify2 } from "node:util";

// packages/cli/src/fs-source.ts
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
async function readSourceDir(root, origin, display = root) {
  const info = await stat(root).catch(() => void 0);
  if (!info) throw new UsageError(`'${display}' does not exist.`);
  if (info.isFile()) {
    return { origin, files: [{ path: display, text: await readFile(root, "utf8") }] };
  }
  const ignore = await readSourceIgnore(root);
  const files = [];
  for (const path of await walk2(root)) {
    const rel = relative(root, path).split(sep).join("/");
    if (!isManifestPath(rel) || ignore(rel)) continue;
    files.push({
      path: `${display.replace(/\/$/, "")}/${rel}`,
      text: await readFile(path, "utf8")
    });
  }
  files.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return { origin, files };
}
async function walk2(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === ".git") continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...await walk2(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}
async function readSourceIgnore(root) {
  const text2 = await readFile(join(root, SOURCE_IGNORE_FILE), "utf8").catch(() => "");
  return sourceIgnoreFilter(text2);
}
var UsageError = class extends Error {
  name = "UsageError";
};

// packages/cli/src/workload-fetch.ts
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join as join2 } from "node:path";
import { promisify } from "node:util";
var run = promisify(execFile);
async function fetchWorkloadSource(registration) {
  const { repo, branch, path } = registration.workload;
  const dir = await mkdtemp(join2(tmpdir(), "kalypso-workload-"));
  try {
    await run(
      "git",
      ["clone", "--quiet", "--depth", "1", "--single-branch", "--branch", branch, "--", repo, dir],
      {
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0" }
      }
    ).catch((error) => {
      const detail = error instanceof Error && "stderr" in error ? String(error.stderr).trim() : String(error);
      throw new Error(
        `WorkloadRegistration '${registration.name}': cannot read ${repo} (branch '${branch}'): ${detail}. Check the registration's repo and branch, your git credentials, or pass --workload ${registration.name}=<dir>.`
      );
    });
    const relative3 = path.replace(/^\.\//, "").replace(/\/$/, "") || ".";
    return await readSourceDir(
      join2(dir, relative3),
      { kind: "workload", registration: registration.name },
      `${repo}@${branch}:${relative3}`
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// packages/cli/src/environment-input.ts
async function readEnvironmentSources(args) {
  const base = await readSourceDir(args.base, { kind: "base" });
  const controlPlane = await readSourceDir(args.controlPlane, { kind: "environment" });
  const registrations = registrationsIn([base, controlPlane]);
  for (const name of args.workloads.keys()) {
    if (!registrations.some((r) => r.name === name)) {
      throw new UsageError(
        `--workload ${name}=\u2026: there is no WorkloadRegistration named '${name}' in --base or --control-plane (known: ${registrations.map((r) => r.name).join(", ") || "none"}).`
      );
    }
  }
  const workloads = [];
  for (const registration of registrations) {
    const dir = args.workloads.get(registration.name);
    workloads.push(
      dir !== void 0 ? await readSourceDir(dir, { kind: "workload", registration: registration.name }) : await fetchWorkloadSource(registration)
    );
  }
  return {
    sources: { environment: args.environment, base, controlPlane, workloads },
    problems: []
  };
}
function registrationsIn(sources) {
  const scratch = new ProblemList();
  const found = /* @__PURE__ */ new Map();
  for (const source of sources) {
    for (const object of loadSource(source, scratch).objects) {
      if (object.kind === "WorkloadRegistration" && !found.has(object.name))
        found.set(object.name, object);
    }
  }
  return [...found.values()].sort((a, b) => a.name < b.name ? -1 : 1);
}

// packages/cli/src/gitops-dir.ts
import { mkdir, readFile as readFile2, rm as rm2, writeFile } from "node:fs/promises";
import { dirname, join as join3, relative as relative2, sep as sep2 } from "node:path";
async function readTree(root) {
  const tree = /* @__PURE__ */ new Map();
  const files = await walk2(root).catch(() => []);
  for (const file of files)
    tree.set(relative2(root, file).split(sep2).join("/"), new Uint8Array(await readFile2(file)));
  return tree;
}
async function writePlan(root, plan, after) {
  for (const path of plan.removed) {
    await rm2(join3(root, path), { force: true });
    await pruneEmptyParents(root, dirname(path));
  }
  for (const path of [...plan.added, ...plan.changed]) {
    const target = join3(root, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, after.get(path));
  }
}
async function pruneEmptyParents(root, dir) {
  for (let d = dir; d !== "." && d !== ""; d = dirname(d)) {
    try {
      await rm2(join3(root, d), { recursive: false });
    } catch {
      return;
    }
  }
}

// packages/cli/src/diff-command.ts
var run2 = promisify2(execFile2);
async function diffCommand(args) {
  const { values } = parseArgs({
    args,
    options: {
      environment: { type: "string" },
      base: { type: "string" },
      "control-plane": { type: "string" },
      workload: { type: "string", multiple: true },
      gitops: { type: "string" },
      branch: { type: "string" },
      format: { type: "string", default: "text" }
    },
    strict: true
  });
  for (const required of ["environment", "base", "control-plane", "gitops", "branch"])
    if (!values[required]) throw new UsageError(`--${required} is required for diff.`);
  const format = values.format;
  if (!["text", "markdown", "json"].includes(format))
    throw new UsageError(`--format '${format}': write text, markdown or json.`);
  const workloads = /* @__PURE__ */ new Map();
  for (const spec of values.workload ?? []) {
    const eq2 = spec.indexOf("=");
    if (eq2 <= 0 || eq2 === spec.length - 1)
      throw new UsageError(`--workload '${spec}' must be <registration-name>=<dir-or-file>.`);
    workloads.set(spec.slice(0, eq2), spec.slice(eq2 + 1));
  }
  const environment = values.environment;
  const { sources } = await readEnvironmentSources({
    environment,
    base: values.base,
    controlPlane: values["control-plane"],
    workloads
  });
  const outcome = renderEnvironment(sources);
  let preview;
  if (!outcome.ok) preview = { environment, kind: "problems", problems: outcome.problems };
  else {
    const tree = await fetchBranch(values.gitops, values.branch);
    preview = compareWithTree(environment, tree, outcome.rendered);
  }
  console.log(formatPreview(preview, format));
  if (preview.kind === "problems") {
    for (const p of preview.problems) console.error(formatProblem(p));
    return 1;
  }
  return 0;
}
function formatPreview(preview, format) {
  if (format === "json") return JSON.stringify(preview, null, 2);
  if (format === "text") return previewText([preview]).trimEnd();
  return previewMarkdown(
    {
      target: { kind: "environment", environment: preview.environment },
      pullRequest: void 0,
      environments: [preview],
      problems: [],
      removals: preview.kind === "compared" ? preview.removals : [],
      allowRemovalLabel: "",
      blocked: false,
      links: { serverUrl: "", repository: "", runUrl: "" }
    },
    { limit: SUMMARY_LIMIT, marker: false }
  ).trimEnd();
}
async function fetchBranch(repository, branch) {
  const dir = await mkdtemp2(join4(tmpdir2(), "kalypso-gitops-"));
  try {
    await run2(
      "git",
      [
        "clone",
        "--quiet",
        "--depth",
        "1",
        "--single-branch",
        "--branch",
        branch,
        "--",
        repository,
        dir
      ],
      { env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } }
    ).catch((error) => {
      const detail = error instanceof Error && "stderr" in error ? String(error.stderr).trim() : String(error);
      throw new Error(
        `cannot read branch '${branch}' of ${repository}: ${detail}. Check --gitops, --branch and your git credentials.`
      );
    });
    return await readTree(dir);
  } finally {
    await rm3(dir, { recursive: true, force: true });
  }
}

// packages/cli/src/render-summary.ts
function formatRenderSummary(environment, rendered, plan) {
  const lines = [
    `Rendered environment '${environment}': ${rendered.assignments.length} assignment${rendered.assignments.length === 1 ? "" : "s"} on ${rendered.view.clusterTypes.length} cluster type${rendered.view.clusterTypes.length === 1 ? "" : "s"}.`
  ];
  const perType = /* @__PURE__ */ new Map();
  for (const a of rendered.assignments)
    perType.set(a.clusterType.name, [...perType.get(a.clusterType.name) ?? [], a.target.name]);
  for (const clusterType of rendered.view.clusterTypes) {
    const targets = perType.get(clusterType.name) ?? [];
    lines.push(
      `  ${clusterType.name}: ${targets.length}${targets.length ? ` (${targets.join(", ")})` : ""}`
    );
  }
  lines.push(
    `Files: ${plan.added.length} added, ${plan.changed.length} changed, ${plan.removed.length} removed${plan.promoted ? "; Promoted_Commit_Id updated" : ""}.`
  );
  return lines.join("\n");
}
function formatExplanation(explanation) {
  const head = `${explanation.target} on ${explanation.clusterType}: ${explanation.scheduled ? "scheduled" : "not scheduled"}`;
  if (explanation.policies.length === 0) return `${head} (no SchedulingPolicy in this environment)`;
  return [
    head,
    ...explanation.policies.map((p) => `  ${p.selected ? "\u2713" : "\u2717"} ${p.policy}: ${p.reason}`)
  ].join("\n");
}

// packages/cli/src/commands.ts
import { parseArgs as parseArgs2 } from "node:util";
var environmentOptions = {
  environment: { type: "string", value: "<name>", help: "the environment (= branch) to render" },
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
  }
};
var formatOption = {
  type: "string",
  value: "text|json",
  help: "json: one JSON document on stdout (problems included) for scripts"
};
var helpOption = { type: "boolean", short: "h", help: "show this help" };
var COMMANDS = [
  {
    name: "render",
    summary: "render an environment into a GitOps working tree",
    usage: "kalypso render --environment <name> --base <dir> --control-plane <dir> [--workload <registration>=<dir-or-file>]... --out <dir>",
    options: {
      ...environmentOptions,
      out: {
        type: "string",
        value: "<dir>",
        help: "a working tree of the GitOps repository's environment branch, updated in place (files outside the scheduler's folders are kept)"
      },
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
      help: helpOption
    }
  },
  {
    name: "plan",
    summary: "print what render would change in a GitOps working tree, writing nothing",
    usage: "kalypso plan --environment <name> --base <dir> --control-plane <dir> [--workload ...] --out <dir> [--format json]",
    options: {
      ...environmentOptions,
      out: { type: "string", value: "<dir>", help: "the GitOps working tree to compare with" },
      format: formatOption,
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
      help: helpOption
    }
  },
  {
    name: "diff",
    summary: "compare the render of an environment with its live GitOps branch (read-only)",
    usage: "kalypso diff --environment <name> --base <dir> --control-plane <dir> [--workload ...] --gitops <url-or-path> --branch <branch> [--format text|markdown|json]",
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
      format: {
        type: "string",
        value: "text|markdown|json",
        help: "markdown: the preview comment; json: one JSON document for scripts"
      },
      help: helpOption
    }
  }
];
var EXIT_CODES = `Exit status:
  0  success
  1  problems in the control plane (each printed as file:line: Kind 'name': message; nothing written),
     or a repository that cannot be read
  2  usage error: unknown command or option, missing or invalid argument`;
function mainHelp(version) {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `kalypso ${version}: render, validate, plan and explain a Kalypso control plane.`,
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
    EXIT_CODES
  ].join("\n");
}
function commandHelp(command2) {
  const options = Object.entries(command2.options).flatMap(([name, o]) => [
    `  ${o.short ? `-${o.short}, ` : ""}--${name}${o.value ? ` ${o.value}` : ""}${o.multiple ? "  (repeatable)" : ""}`,
    `      ${o.help}`
  ]);
  return [
    `kalypso ${command2.name}: ${command2.summary}.`,
    "",
    `Usage: ${command2.usage}`,
    "",
    "Options:",
    ...options,
    "",
    EXIT_CODES
  ].join("\n");
}
var CommandUsageError = class extends UsageError {
  command;
  constructor(message, command2) {
    super(message);
    this.command = command2;
  }
};
function findCommand(name) {
  const command2 = COMMANDS.find((c) => c.name === name);
  if (command2) return command2;
  throw new UsageError(
    `unknown command '${name}'.${didYouMean(
      name,
      COMMANDS.map((c) => c.name),
      (n) => `'${n}'`
    )}`
  );
}
function parseCommand(command2, args) {
  const known = Object.keys(command2.options);
  const { tokens } = parseArgs2({
    args: [...args],
    options: command2.options,
    strict: false,
    allowPositionals: true,
    tokens: true
  });
  for (const token of tokens) {
    if (token.kind === "positional")
      throw new CommandUsageError(`unexpected argument '${token.value}'.`, command2);
    if (token.kind === "option" && !known.includes(token.name)) {
      throw new CommandUsageError(
        `Unknown option '${token.rawName}' for ${command2.name}.${didYouMean(token.name, known, (n) => `'--${n}'`)}`,
        command2
      );
    }
  }
  try {
    const { values } = parseArgs2({ args: [...args], options: command2.options, strict: true });
    const formats = command2.name === "diff" ? ["text", "markdown", "json"] : ["text", "json"];
    if (values.format !== void 0 && !formats.includes(String(values.format)))
      throw new CommandUsageError(
        `--format must be ${formats.map((f) => `'${f}'`).join(" or ")}, not '${String(values.format)}'.`,
        command2
      );
    return values;
  } catch (error) {
    if (error instanceof TypeError && "code" in error)
      throw new CommandUsageError(error.message, command2);
    throw error;
  }
}
function didYouMean(given, candidates, quote2 = (n) => `'${n}'`) {
  const best = closest(given, candidates);
  return best === void 0 ? "" : ` Did you mean ${quote2(best)}?`;
}
function closest(given, candidates) {
  let best;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(given.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance || distance === bestDistance && candidate < (best ?? "")) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.max(2, Math.floor(given.length / 3));
  const prefix = best !== void 0 && given.length >= 3 && best.startsWith(given);
  return best !== void 0 && (bestDistance <= limit || prefix) ? best : void 0;
}
function editDistance(a, b) {
  const d = Array.from(
    { length: a.length + 1 },
    (_, i) => Array.from({ length: b.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0)
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, d[i - 2][j - 2] + 1);
      d[i][j] = value;
    }
  }
  return d[a.length][b.length];
}

// packages/cli/src/repo-source.ts
import { execFile as execFile3 } from "node:child_process";
import { promisify as promisify3 } from "node:util";
var run3 = promisify3(execFile3);
var ControlPlaneRepo = class _ControlPlaneRepo {
  dir;
  constructor(dir) {
    this.dir = dir;
  }
  static async open(dir) {
    const repo = new _ControlPlaneRepo(dir);
    await repo.git(["rev-parse", "--git-dir"]).catch(() => {
      throw new UsageError(`--repo '${dir}' is not a git repository.`);
    });
    return repo;
  }
  /**
   * The commit-ish for a branch: the local branch, else the remote-tracking one of `origin` (a
   * fresh clone has only `main` locally), else undefined.
   */
  async resolveBranch(branch) {
    for (const ref of [`refs/heads/${branch}`, `refs/remotes/origin/${branch}`]) {
      const found = await this.git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]).then(
        (out) => out.trim(),
        () => void 0
      );
      if (found) return ref;
    }
    return void 0;
  }
  /** Every branch name, local and of `origin`, without duplicates, sorted. */
  async branches() {
    const out = await this.git([
      "for-each-ref",
      "--format=%(refname)",
      "refs/heads",
      "refs/remotes/origin"
    ]);
    const names = /* @__PURE__ */ new Set();
    for (const ref of out.split("\n").filter(Boolean)) {
      const name = ref.replace(/^refs\/heads\//, "").replace(/^refs\/remotes\/origin\//, "");
      if (name !== "HEAD") names.add(name);
    }
    return [...names].sort();
  }
  /** The text of one file at a ref, or undefined when the ref has no such file. */
  async readFile(ref, path) {
    return this.git(["cat-file", "blob", `${ref}:${path}`]).catch(() => void 0);
  }
  /** The full commit id of a ref. */
  async commitOf(ref) {
    return (await this.git(["rev-parse", `${ref}^{commit}`])).trim();
  }
  /**
   * Every manifest file of a ref, as the scheduler sees the branch: YAML files, minus what the
   * branch's root `.sourceignore` excludes. Paths are shown as `<branch>:<path>`.
   */
  async readSource(ref, branch, origin) {
    const listing = await this.git(["ls-tree", "-r", "-z", "--full-tree", ref]);
    const ignore = sourceIgnoreFilter(await this.readFile(ref, SOURCE_IGNORE_FILE) ?? "");
    const blobs = [];
    for (const entry of listing.split("\0").filter(Boolean)) {
      const tab = entry.indexOf("	");
      const [, type, id] = entry.slice(0, tab).split(" ");
      const path = entry.slice(tab + 1);
      if (type !== "blob" || !isManifestPath(path) || ignore(path)) continue;
      blobs.push({ path, id });
    }
    blobs.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
    const texts = await this.readBlobs(blobs.map((b) => b.id));
    return {
      origin,
      files: blobs.map((blob, i) => ({ path: `${branch}:${blob.path}`, text: texts[i] }))
    };
  }
  /** The environments to validate: main's promotion chain, else every branch with a gitops-repo.yaml. */
  async environments(mainRef) {
    const chain = await this.readFile(mainRef, promotionChainPath);
    if (chain !== void 0) {
      return {
        environments: [...parsePromotionChain(chain, `main:${promotionChainPath}`).environments],
        from: `main:${promotionChainPath}`
      };
    }
    const environments = [];
    for (const branch of await this.branches()) {
      if (branch === "main") continue;
      const ref = await this.resolveBranch(branch);
      if (ref && await this.readFile(ref, "gitops-repo.yaml") !== void 0)
        environments.push(branch);
    }
    if (environments.length === 0) {
      throw new ControlPlaneError([
        {
          message: `no environment found: main has no ${promotionChainPath} and no branch holds a gitops-repo.yaml.`
        }
      ]);
    }
    return { environments, from: "the branches that hold a gitops-repo.yaml" };
  }
  /** Many blobs through one `git cat-file --batch` process, in the order asked. */
  async readBlobs(ids) {
    if (ids.length === 0) return [];
    const { stdout } = await runWithInput(
      "git",
      ["-C", this.dir, "cat-file", "--batch"],
      ids.join("\n") + "\n"
    );
    const texts = [];
    let at = 0;
    for (const id of ids) {
      const headerEnd = stdout.indexOf(10, at);
      const header = stdout.subarray(at, headerEnd).toString("utf8");
      const size = Number(header.split(" ")[2]);
      if (!Number.isFinite(size))
        throw new Error(`git cat-file: unexpected answer for ${id}: ${header}`);
      texts.push(stdout.subarray(headerEnd + 1, headerEnd + 1 + size).toString("utf8"));
      at = headerEnd + 1 + size + 1;
    }
    return texts;
  }
  async git(args) {
    const { stdout } = await run3("git", ["-C", this.dir, ...args], {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024
    });
    return stdout;
  }
};
function runWithInput(command2, args, input) {
  return new Promise((resolve, reject) => {
    const child2 = execFile3(
      command2,
      [...args],
      { encoding: "buffer", maxBuffer: 1024 * 1024 * 1024 },
      (error, stdout) => error ? reject(new Error(error.message, { cause: error })) : resolve({ stdout })
    );
    child2.stdin.end(input);
  });
}

// packages/cli/src/validate-repo.ts
async function validateRepo(dir, workloadDirs2) {
  const repo = await ControlPlaneRepo.open(dir);
  const mainRef = await repo.resolveBranch("main");
  if (!mainRef) throw new UsageError(`--repo '${dir}' has no branch 'main' (nor 'origin/main').`);
  const base = await repo.readSource(mainRef, "main", { kind: "base" });
  const { environments, from } = await repo.environments(mainRef);
  const fetched = /* @__PURE__ */ new Map();
  const workloadOf = async (registration) => {
    const dirOrFile = workloadDirs2.get(registration.name);
    const key = JSON.stringify([registration.name, registration.workload]);
    let source = fetched.get(key);
    if (!source) {
      source = dirOrFile !== void 0 ? await readSourceDir(dirOrFile, { kind: "workload", registration: registration.name }) : await fetchWorkloadSource(registration);
      fetched.set(key, source);
    }
    return source;
  };
  const verdicts = [];
  for (const environment of environments) {
    const ref = await repo.resolveBranch(environment);
    if (!ref) {
      verdicts.push({
        environment,
        valid: false,
        assignments: 0,
        clusterTypes: 0,
        problems: [
          {
            file: from.startsWith("main:") ? from : void 0,
            message: `environment '${environment}' has no branch in ${dir} (neither '${environment}' nor 'origin/${environment}'); fetch it or remove it from the chain.`
          }
        ]
      });
      continue;
    }
    const controlPlane = await repo.readSource(ref, environment, { kind: "environment" });
    const registrations = registrationsIn([base, controlPlane]);
    const workloads = [];
    for (const registration of registrations) workloads.push(await workloadOf(registration));
    const outcome = renderEnvironment({ environment, base, controlPlane, workloads });
    const commit = await repo.commitOf(ref);
    verdicts.push(
      outcome.ok ? {
        environment,
        commit,
        valid: true,
        assignments: outcome.rendered.assignments.length,
        clusterTypes: outcome.rendered.view.clusterTypes.length,
        problems: []
      } : {
        environment,
        commit,
        valid: false,
        assignments: 0,
        clusterTypes: 0,
        problems: outcome.problems
      }
    );
  }
  const registered = [...fetched.keys()].map((key) => JSON.parse(key)[0]);
  for (const name of workloadDirs2.keys()) {
    if (!registered.includes(name)) {
      const guess = closest(name, registered);
      throw new UsageError(
        `--workload ${name}=\u2026: no environment has a WorkloadRegistration named '${name}'.${guess ? ` Did you mean '${guess}'?` : ""}`
      );
    }
  }
  return { main: await repo.commitOf(mainRef), from, environments: verdicts };
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
async function main(argv) {
  const [name, ...rest2] = argv;
  if (name === void 0) {
    console.error(mainHelp(cliVersion()));
    return 2;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    console.log(rest2[0] ? commandHelp(findCommand(rest2[0])) : mainHelp(cliVersion()));
    return 0;
  }
  if (name === "--version" || name === "-V" || name === "version") {
    console.log(cliVersion());
    return 0;
  }
  const command2 = findCommand(name);
  const values = parseCommand(command2, rest2);
  if (values.help) {
    console.log(commandHelp(command2));
    return 0;
  }
  if (command2.name === "diff") return diffCommand(rest2);
  const json2 = values.format === "json";
  if (command2.name === "validate" && (values.repo !== void 0 || values["all-environments"]))
    return validateClone(command2, values, json2);
  const args = environmentArgs(command2, values);
  if ((command2.name === "render" || command2.name === "plan") && !values.out)
    throw new CommandUsageError(`--out is required for ${command2.name}.`, command2);
  if (command2.name === "explain" && !values.target)
    throw new CommandUsageError("--target is required for explain.", command2);
  const { sources } = await readEnvironmentSources(args);
  const outcome = renderEnvironment(sources);
  if (!outcome.ok) {
    if (command2.name === "validate" && json2)
      return printVerdicts([verdictOf(args.environment, outcome.problems)], true);
    return reportProblems(outcome.problems, json2);
  }
  const { rendered } = outcome;
  switch (command2.name) {
    case "validate": {
      const verdict = {
        environment: args.environment,
        valid: true,
        assignments: rendered.assignments.length,
        clusterTypes: rendered.view.clusterTypes.length,
        problems: []
      };
      return printVerdicts([verdict], json2);
    }
    case "explain":
      return explain(
        rendered,
        values.target,
        values["cluster-type"],
        json2
      );
    default:
      return renderInto(
        values.out,
        rendered,
        args.environment,
        command2.name === "render",
        json2
      );
  }
}
async function validateClone(command2, values, json2) {
  if (values.repo === void 0 || !values["all-environments"])
    throw new CommandUsageError("--repo and --all-environments go together.", command2);
  for (const single of ["environment", "base", "control-plane"]) {
    if (values[single] !== void 0)
      throw new CommandUsageError(
        `--${single} cannot be combined with --repo (every environment is read from the clone).`,
        command2
      );
  }
  const verdict = await validateRepo(values.repo, workloadDirs(command2, values));
  if (json2) {
    console.log(
      JSON.stringify(
        {
          valid: verdict.environments.every((e) => e.valid),
          main: verdict.main,
          environmentsFrom: verdict.from,
          environments: verdict.environments
        },
        null,
        2
      )
    );
  } else {
    console.log(`main ${verdict.main.slice(0, 12)}; environments from ${verdict.from}.`);
  }
  return json2 ? exitOf(verdict.environments) : printVerdicts(verdict.environments, false);
}
function verdictOf(environment, problems) {
  return { environment, valid: false, assignments: 0, clusterTypes: 0, problems };
}
function exitOf(verdicts) {
  return verdicts.every((v) => v.valid) ? 0 : 1;
}
function printVerdicts(verdicts, json2) {
  if (json2 && verdicts.length === 1 && verdicts[0].commit === void 0) {
    console.log(JSON.stringify({ valid: verdicts[0].valid, environments: verdicts }, null, 2));
    return exitOf(verdicts);
  }
  for (const v of verdicts) {
    if (v.valid) {
      console.log(
        `Environment '${v.environment}' is valid: ${v.assignments} assignments on ${v.clusterTypes} cluster types.`
      );
    } else {
      console.error(`Environment '${v.environment}':`);
      for (const problem of v.problems)
        console.error(`  ${formatProblem(problem).replaceAll("\n", "\n      ")}`);
    }
  }
  const failed = verdicts.filter((v) => !v.valid);
  if (failed.length > 0)
    console.error(
      `${failed.length} of ${verdicts.length} environment${verdicts.length === 1 ? "" : "s"} have problems; nothing was written.`
    );
  return exitOf(verdicts);
}
async function renderInto(out, rendered, environment, write, json2) {
  const before = await readTree(out);
  const after = applyGeneratedFiles(before, rendered.files, rendered.gitopsPath);
  const plan = diffTrees(before, after, rendered.gitopsPath);
  if (json2) {
    console.log(JSON.stringify({ environment, plan }, null, 2));
  } else if (write) {
    await writePlan(out, plan, after);
    console.log(formatRenderSummary(environment, rendered, plan));
  } else {
    console.log(planMarkdown(plan) || "No changes.");
  }
  return 0;
}
function explain(rendered, targetName, clusterTypeName, json2) {
  const target = rendered.targets.find((t) => t.name === targetName);
  if (!target) {
    const known = rendered.targets.map((t) => t.name);
    const guess = closest(targetName, known);
    throw new UsageError(
      `no deployment target '${targetName}' in this environment (known: ${known.join(", ") || "none"}).${guess ? ` Did you mean '${guess}'?` : ""}`
    );
  }
  const types = rendered.view.clusterTypes.filter(
    (c) => clusterTypeName === void 0 || c.name === clusterTypeName
  );
  if (types.length === 0) {
    const known = rendered.view.clusterTypes.map((c) => c.name);
    const guess = closest(clusterTypeName ?? "", known);
    throw new UsageError(
      `no cluster type '${clusterTypeName ?? ""}' in this environment (known: ${known.join(", ") || "none"}).${guess ? ` Did you mean '${guess}'?` : ""}`
    );
  }
  const explanations = types.map((clusterType) => explainPair(rendered.view, target, clusterType));
  if (json2) console.log(JSON.stringify({ target: targetName, explanations }, null, 2));
  else for (const explanation of explanations) console.log(formatExplanation(explanation));
  return 0;
}
function workloadDirs(command2, values) {
  const workloads = /* @__PURE__ */ new Map();
  for (const spec of values.workload ?? []) {
    const eq2 = spec.indexOf("=");
    if (eq2 <= 0 || eq2 === spec.length - 1)
      throw new CommandUsageError(
        `--workload '${spec}' must be <registration-name>=<dir-or-file>.`,
        command2
      );
    workloads.set(spec.slice(0, eq2), spec.slice(eq2 + 1));
  }
  return workloads;
}
function environmentArgs(command2, values) {
  for (const required of ["environment", "base", "control-plane"]) {
    if (!values[required]) throw new CommandUsageError(`--${required} is required.`, command2);
  }
  return {
    environment: values.environment,
    base: values.base,
    controlPlane: values["control-plane"],
    workloads: workloadDirs(command2, values)
  };
}
function reportProblems(problems, json2) {
  if (json2) {
    console.log(JSON.stringify({ valid: false, problems }, null, 2));
    return 1;
  }
  for (const problem of problems) console.error(formatProblem(problem).replaceAll("\n", "\n    "));
  console.error(
    `${problems.length} problem${problems.length === 1 ? "" : "s"} found; nothing was written.`
  );
  return 1;
}
try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    const help = error instanceof CommandUsageError && error.command ? `

${commandHelp(error.command)}` : `

Usage: kalypso <command> [options]; 'kalypso --help' lists the commands.`;
    console.error(`kalypso: ${error.message}${help}`);
    process.exitCode = 2;
  } else {
    console.error(`kalypso: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.KALYPSO_DEBUG && error instanceof Error) console.error(error.stack);
    process.exitCode = 1;
  }
}
//# sourceMappingURL=kalypso.mjs.map
