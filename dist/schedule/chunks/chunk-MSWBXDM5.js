import { createRequire as __kalypsoCreateRequire } from 'node:module'; const require = __kalypsoCreateRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x2) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x2, {
  get: (a, b2) => (typeof require !== "undefined" ? require : a)[b2]
}) : x2)(function(x2) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x2 + '" is not supported');
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
    var isAlias3 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap8 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar10 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR;
    var isSeq8 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
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
    var hasAnchor = (node) => (isScalar10(node) || isCollection(node)) && !!node.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias3;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap8;
    exports.isNode = isNode;
    exports.isPair = isPair2;
    exports.isScalar = isScalar10;
    exports.isSeq = isSeq8;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit2(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit2.BREAK = BREAK;
    visit2.SKIP = SKIP;
    visit2.REMOVE = REMOVE;
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
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = visit_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
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
    visitAsync.BREAK = BREAK;
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
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
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
    exports.visit = visit2;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit2 = require_visit();
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
          visit2.visit(doc.contents, (_key, node) => {
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
    var visit2 = require_visit();
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
      visit2.visit(root, {
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
    function applyReviver(reviver, obj2, key, val) {
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
          for (const k2 of Array.from(val.keys())) {
            const v0 = val.get(k2);
            const v1 = applyReviver(reviver, val, k2, v0);
            if (v1 === void 0)
              val.delete(k2);
            else if (v1 !== v0)
              val.set(k2, v1);
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
          for (const [k2, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k2, v0);
            if (v1 === void 0)
              delete val[k2];
            else if (v1 !== v0)
              val[k2] = v1;
          }
        }
      }
      return reviver.call(obj2, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v2, i) => toJS(v2, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
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
          for (const { count: count2, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count2);
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
    var visit2 = require_visit();
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
          visit2.visit(doc, {
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
        let count2 = 0;
        for (const item of node.items) {
          const c2 = getAliasCount(doc, item, anchors2);
          if (c2 > count2)
            count2 = c2;
        }
        return count2;
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
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
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
      let v2 = value;
      for (let i = path.length - 1; i >= 0; --i) {
        const k2 = path[i];
        if (typeof k2 === "number" && Number.isInteger(k2) && k2 >= 0) {
          const a = [];
          a[k2] = v2;
          v2 = a;
        } else {
          v2 = /* @__PURE__ */ new Map([[k2, v2]]);
        }
      }
      return createNode.createNode(v2, void 0, {
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
          const [key, ...rest] = path;
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.addIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
          return node.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
          return identity.isCollection(node) ? node.getIn(rest, keepScalar) : void 0;
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
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
          this.set(key, value);
        } else {
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.setIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
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
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str2, indent, comment) => str2.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str2.endsWith(" ") ? "" : " ") + comment;
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
    function foldFlowLines(text2, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text2;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text2.length <= endStep)
        return text2;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
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
        i = consumeMoreIndentedLines(text2, i, indent.length);
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
            i = consumeMoreIndentedLines(text2, i, indent.length);
          end = i + indent.length + endStep;
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
              const j2 = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j2])
                return text2;
              folds.push(j2);
              escapedFolds[j2] = true;
              end = j2 + endStep;
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
${indent}${text2.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text2[fold]}\\`;
          res += `
${indent}${text2.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text2, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text2[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
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
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str2 = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str2 += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str2 += json.slice(start, i);
                const code2 = json.substr(i + 2, 4);
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
                      str2 += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str2 += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str2 += "\n";
                  i += 2;
                }
                str2 += indent;
                if (json[i + 2] === " ")
                  str2 += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str2 = start ? str2 + json.slice(start) : json;
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
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
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
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
        end = end.replace(blockEndNewlines, `$&${indent}`);
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
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
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
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str2 = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str2);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
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
      let obj2;
      if (identity.isScalar(item)) {
        obj2 = item.value;
        let match = tags.filter((t) => t.identify?.(obj2));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj2 = item;
        tagObj = tags.find((t) => t.nodeClass && obj2 instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj2?.constructor?.name ?? (obj2 === null ? "null" : typeof obj2);
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
    function stringify(item, ctx, onComment, onChompKeep) {
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
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
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
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str2 = stringify.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
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
${indent}:`;
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
      const valueStr = stringify.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
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
    var merge = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey2 = (ctx, key) => (merge.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge.tag && tag.default);
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
    exports.merge = merge;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge = require_merge();
    var stringify = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
      else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value);
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
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
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
      const k2 = createNode.createNode(key, void 0, ctx);
      const v2 = createNode.createNode(value, void 0, ctx);
      return new Pair(k2, v2);
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
      toJSON(_2, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
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
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
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
        let str3 = stringify.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
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
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str2 += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str2;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
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
        let str2 = stringify.stringify(item, itemCtx, () => comment = null);
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
${indentStep}${indent}${line}` : "\n";
          return `${str2}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
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
      const k2 = identity.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key || it.key === k2)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k2)
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
      static from(schema, obj2, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add2 = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj2, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj2 instanceof Map) {
          for (const [key, value] of obj2)
            add2(key, value);
        } else if (obj2 && typeof obj2 === "object") {
          for (const key of Object.keys(obj2))
            add2(key, obj2[key]);
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
      add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
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
      toJSON(_2, ctx, Type) {
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
      createNode: (schema, obj2, ctx) => YAMLMap.YAMLMap.from(schema, obj2, ctx)
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
      toJSON(_2, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
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
      static from(schema, obj2, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj2 && Symbol.iterator in Object(obj2)) {
          let i = 0;
          for (let it of obj2) {
            if (typeof replacer === "function") {
              const key = obj2 instanceof Set ? it : String(i++);
              it = replacer.call(obj2, key, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
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
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj2, ctx) => YAMLSeq.YAMLSeq.from(schema, obj2, ctx)
    };
    exports.seq = seq;
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
    var float = {
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
    exports.float = float;
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
    var int = {
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
    exports.int = int;
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
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.boolTag,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
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
    var seq = require_seq();
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
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
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
          let s3 = "";
          for (let i = 0; i < buf.length; ++i)
            s3 += String.fromCharCode(buf[i]);
          str2 = btoa(s3);
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
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
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
      toJSON(_2, ctx) {
        if (!ctx)
          return super.toJSON(_2);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key, value;
          if (identity.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
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
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
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
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str2) {
        const node = new Scalar.Scalar(parseFloat(str2.replace(/_/g, "")));
        const dot = str2.indexOf(".");
        if (dot !== -1) {
          const f2 = str2.substring(dot + 1).replace(/_/g, "");
          if (f2[f2.length - 1] === "0")
            node.minFractionDigits = f2.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
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
    var int = {
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
    exports.int = int;
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
        let pair;
        if (identity.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair) ? identity.isScalar(pair.key) ? pair.key.value : pair.key : pair;
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
      toJSON(_2, ctx) {
        return super.toJSON(_2, ctx, Set);
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
    var seq = require_seq();
    var string = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int = require_int2();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.trueTag,
      bool.falseTag,
      int.intBin,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge.merge,
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
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int.int,
      intHex: int.intHex,
      intOct: int.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge) ? schemaTags.concat(merge.merge) : schemaTags.slice();
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
        tags = tags.concat(merge.merge);
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
    var seq = require_seq();
    var string = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b2) => a.key < b2.key ? -1 : a.key > b2.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
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
    var stringify = require_stringify();
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
      const ctx = stringify.createStringifyContext(doc, options);
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
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
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
          const keyToStr = (v2) => typeof v2 === "number" || v2 instanceof String || v2 instanceof Number;
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
        const k2 = this.createNode(key, null, options);
        const v2 = this.createNode(value, null, options);
        return new Pair.Pair(k2, v2);
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
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count: count2, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count2);
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
          const s3 = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s3}`);
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
        let count2 = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
          count2 = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count2);
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
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
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
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
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
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b2) => a === b2 || identity.isScalar(a) && identity.isScalar(b2) && a.value === b2.value;
      return items.some((pair) => isEqual(pair.key, search));
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
        const { start, key, sep, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
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
          if (!keyProps.anchor && !keyProps.tag && !sep) {
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
        const keyNode2 = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode2))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode2.range[2],
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
              onError(keyNode2.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode2, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode2.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode2.comment)
              keyNode2.comment += "\n" + valueProps.comment;
            else
              keyNode2.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode2);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
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
      const seq = new NodeClass(ctx.schema);
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
              seq.comment = props.comment;
            continue;
          }
        }
        const node = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
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
        let sep = "";
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
                comment += sep + cb;
              sep = "";
              break;
            }
            case "newline":
              if (comment)
                sep += source;
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
      const isMap8 = fc.start.source === "{";
      const fcName = isMap8 ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap8 ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
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
        const { start, key, sep, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep && !value) {
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
          if (!isMap8 && ctx.options.strict && utilContainsNewline.containsNewline(key))
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
        if (!isMap8 && !sep && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode2 = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode2.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode2.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap8 && !props.found && ctx.options.strict) {
              if (sep)
                for (const st of sep) {
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
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode2.comment)
              keyNode2.comment += "\n" + valueProps.comment;
            else
              keyNode2.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode2, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap8) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode2))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode2).range;
            map.range = [keyNode2.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap8 ? "}" : "]";
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
      const lines = scalar.source ? splitLines(scalar.source) : [];
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
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep === " ")
            sep = "\n";
          else if (!prevMoreIndented && sep === "\n")
            sep = "\n\n";
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep === "\n")
            value += "\n";
          else
            sep = "\n";
        } else {
          value += sep + content;
          sep = " ";
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
      let indent = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines(source) {
      const split = source.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
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
      let sep = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep === "\n")
            res += sep;
          else
            sep = "\n";
        } else {
          res += sep + lm;
          sep = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source);
      return res + sep + (match?.[1] ?? "");
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
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length, onError);
            i += length;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
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
    function parseCharCode(source, offset, length, onError) {
      const cc = source.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code2 = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code2);
      } catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
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
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source, end };
        default:
          return { type: "scalar", offset, indent, source, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
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
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
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
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
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
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source, end });
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
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
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
    function stringifyItem({ start, key, sep, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep)
        for (const st of sep)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit2(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit2.BREAK = BREAK;
    visit2.SKIP = SKIP;
    visit2.REMOVE = REMOVE;
    visit2.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit2.parentCollection = (cst, path) => {
      const parent = visit2.itemAtPath(cst, path.slice(0, -1));
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
            else if (ci === BREAK)
              return BREAK;
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
    exports.visit = visit2;
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
    var isScalar10 = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
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
    exports.isScalar = isScalar10;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
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
    var Lexer = class {
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
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
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
          const s3 = this.peek(3);
          if ((s3 === "---" || s3 === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s3 === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
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
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
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
            if (this.flowKey || isEmpty(next) || next === ",") {
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
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
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
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
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
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
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
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
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
        const s3 = this.buffer.slice(this.pos, i);
        if (s3) {
          yield s3;
          this.pos += s3.length;
          return s3.length;
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
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
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
          while (!isEmpty(ch) && ch !== ">")
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
    exports.Lexer = Lexer;
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
    var Parser = class {
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
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
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
          let sep;
          if (scalar.end) {
            sep = scalar.end;
            sep.push(this.sourceToken);
            delete scalar.end;
          } else
            sep = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep }]
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
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
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
                  const sep = it.sep;
                  sep.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep }]
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
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
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
            const sep = fc.end.splice(1, fc.end.length);
            sep.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep }]
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
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
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
    exports.Parser = Parser;
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
    function parse3(src, reviver, options) {
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
    function stringify(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
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
    exports.parse = parse3;
    exports.parseAllDocuments = parseAllDocuments3;
    exports.parseDocument = parseDocument2;
    exports.stringify = stringify;
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
    var visit2 = require_visit();
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
    exports.visit = visit2.visit;
    exports.visitAsync = visit2.visitAsync;
  }
});

// packages/core/src/model/github-url.ts
function parseGitHubRepositoryUrl(url) {
  let parsed;
  try {
    parsed = new URL(url.trim());
  } catch {
    return void 0;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return void 0;
  if (parsed.username !== "" || parsed.password !== "" || parsed.search !== "") return void 0;
  const segments = parsed.pathname.replace(/\/+$/, "").split("/").filter(Boolean);
  if (segments.length !== 2) return void 0;
  const owner = segments[0];
  const name = segments[1].replace(/\.git$/, "");
  if (!/^[\w.-]+$/.test(owner) || !/^[\w.-]+$/.test(name)) return void 0;
  return {
    origin: parsed.origin,
    owner,
    name,
    fullName: `${owner}/${name}`,
    cloneUrl: `${parsed.origin}/${owner}/${name}.git`
  };
}
function tokenOrigin(url, serverUrl) {
  let target;
  let server;
  try {
    target = new URL(url);
    server = new URL(serverUrl);
  } catch {
    return { kind: "other-host" };
  }
  if (target.origin === server.origin) return { kind: "same" };
  if (target.hostname.toLowerCase() !== server.hostname.toLowerCase())
    return { kind: "other-host" };
  const why = target.protocol === "http:" && server.protocol === "https:" ? `it uses http:// on the host of GITHUB_SERVER_URL '${server.origin}', so the token would travel in clear text` : `its origin '${target.origin}' is not GITHUB_SERVER_URL's '${server.origin}' (scheme, host and port must all match), and the token is only sent to that exact origin`;
  return { kind: "mismatch", why };
}
function redactUrlCredentials(text2, replacement = "***@") {
  if (!text2.includes("@")) return text2;
  return text2.replace(
    /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@'"`<>]+)@/gi,
    (all, scheme, user) => user === "git" ? all : `${scheme}${replacement}`
  );
}
function hasUrlCredentials(url) {
  return redactUrlCredentials(url) !== url;
}
function repositoryUrlProblem(field, url, fix) {
  if (hasUrlCredentials(url))
    return `${field} '${redactUrlCredentials(url)}' carries credentials (the part before '@'): remove them, the token comes from the action's inputs and a URL is shown in logs and summaries. ${fix}`;
  return `${field} '${url}' is not a repository URL of the form https://<host>/<owner>/<repo>. ${fix}`;
}

// packages/core/src/model/problem.ts
function asWarning(problem) {
  return { ...problem, severity: "warning" };
}
function formatProblem(problem) {
  const where = problem.file ? `${problem.file}${problem.line ? `:${problem.line}` : ""}: ` : "";
  const object = problem.object ? `${problem.object}: ` : "";
  return redactUrlCredentials(`${where}${object}${problem.message}`);
}
var UserError = class extends Error {
  problems;
  /** `problems` defaults to one problem holding `message`. */
  constructor(message, problems, options) {
    super(message, options);
    this.name = "UserError";
    this.problems = problems ?? [{ message }];
  }
};
function isUserError(error) {
  return error instanceof UserError;
}
var ControlPlaneError = class extends UserError {
  constructor(problems) {
    const count2 = problems.length;
    super(
      `The control plane has ${count2} problem${count2 === 1 ? "" : "s"}:
` + problems.map((p) => `  ${formatProblem(p)}`).join("\n"),
      problems
    );
    this.name = "ControlPlaneError";
  }
};
var ProblemList = class {
  items = [];
  /** What the original accepts but is probably a mistake: shown everywhere, never failing a run. */
  warnings = [];
  add(problem) {
    this.items.push(problem);
  }
  warn(problem) {
    this.warnings.push(asWarning(problem));
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
  return [...problems].sort((a, b2) => {
    const fa = a.file ?? "\uFFFF";
    const fb = b2.file ?? "\uFFFF";
    if (fa !== fb) return fa < fb ? -1 : 1;
    return (a.line ?? 0) - (b2.line ?? 0);
  });
}
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

// packages/core/src/status/vocabulary.ts
function environmentStatusContext(environment) {
  return `${environment} environment`;
}
var STATUS_DESCRIPTIONS = {
  /** cd-promote (and schedule clearing a failure): the environment branch names the commit. */
  promoted: "Promoted",
  /** check-promote: the merged GitOps commit is being checked on the clusters. */
  deploying: "Deploying",
  /** check-promote: every cluster runs it (pending while post-deployment steps decide). */
  deployed: "Deployed",
  /** check-promote: a cluster failed, the check timed out or failed, or a later step failed. */
  failedToDeploy: "Failed to deploy",
  /** schedule: the environment did not render or could not be proposed. */
  failedToSchedule: "Failed to schedule",
  /**
   * check-promote: the clusters' state could not be read, so nothing says they failed. Names no
   * evidence source: the same text whichever source the `evidence` input chose.
   */
  deploymentUnknown: "Deployment unknown: no evidence from the clusters",
  /** ci-gate: validation started. */
  validating: "Validating the control plane",
  /** ci-gate: no problem found. */
  valid: "Valid",
  /** ci-gate: the run stopped before a verdict (a read or the dispatch failed); see its log. */
  validationInterrupted: "Validation did not finish: see the workflow run"
};
var SUPERSEDED_PREFIX = "Superseded by ";
var HELD_PREFIX = "Held: ";
var STATUS_DESCRIPTION_LIMIT = 140;
var POLICY_STATUS_CONTEXT = "kalypso/policy";
var FROZEN_PREFIX = "Frozen: ";
function supersededDescription(newer) {
  return `${SUPERSEDED_PREFIX}${newer.slice(0, 7)}`;
}
function heldDescription(reasons, when) {
  return fitDescription(HELD_PREFIX, reasons, ` (${when})`);
}
function frozenStatus(reasons, when) {
  return { state: "pending", description: fitDescription(FROZEN_PREFIX, reasons, ` (${when})`) };
}
function policyOpenStatus(description) {
  return { state: "success", description: clipDescription(description) };
}
function fitDescription(prefix, parts, suffix) {
  const room = STATUS_DESCRIPTION_LIMIT - prefix.length - suffix.length;
  for (let count2 = parts.length; count2 >= 1; count2--) {
    const more2 = count2 < parts.length ? ` +${parts.length - count2} more` : "";
    const text2 = parts.slice(0, count2).join("; ") + more2;
    if (text2.length <= room) return prefix + text2 + suffix;
  }
  const more = parts.length > 1 ? ` +${parts.length - 1} more` : "";
  return prefix + clipText(parts[0] ?? "", room - more.length) + more + suffix;
}
function clipDescription(text2) {
  return clipText(text2, STATUS_DESCRIPTION_LIMIT);
}
function clipText(text2, max) {
  const chars = [...text2];
  if (chars.length <= max) return text2;
  return `${chars.slice(0, Math.max(0, max - 1)).join("")}\u2026`;
}
function promotedStatus() {
  return { state: "pending", description: STATUS_DESCRIPTIONS.promoted };
}
function supersededStatus(newer) {
  return { state: "error", description: supersededDescription(newer) };
}
function scheduleFailureStatus() {
  return { state: "failure", description: STATUS_DESCRIPTIONS.failedToSchedule };
}
function isUndeployedPromotion(status) {
  return status?.state === "pending" && status.description === STATUS_DESCRIPTIONS.promoted;
}
function isScheduleFailure(status) {
  return status?.state === "failure" && status.description === STATUS_DESCRIPTIONS.failedToSchedule;
}
function isDeploymentInProgress(status) {
  return status?.state === "pending" && (status.description === STATUS_DESCRIPTIONS.deploying || status.description === STATUS_DESCRIPTIONS.deployed);
}
function isSuperseded(status) {
  return status?.state === "error" && status.description.startsWith(SUPERSEDED_PREFIX);
}
function chainSkipContext(environment) {
  return `${environmentStatusContext(environment)}: chain skipped`;
}
var CHAIN_SKIP_PREFIX = "Chain skipped by ";
function chainSkipOf(status) {
  if (!status?.description.startsWith(CHAIN_SKIP_PREFIX)) return void 0;
  const rest = status.description.slice(CHAIN_SKIP_PREFIX.length);
  const colon = rest.indexOf(": ");
  return colon < 1 ? void 0 : { actor: rest.slice(0, colon), reason: rest.slice(colon + 2) };
}

// packages/core/src/ledger/record.ts
async function recordDeployment(records, reporter, record2) {
  try {
    await records.record(record2);
  } catch (error) {
    reporter.warning(
      `Could not record ${record2.promotedCommit.slice(0, 7)} in '${record2.environment}' as ${record2.state} (the commit status says it): ${messageOf(error)}`
    );
  }
}
function recordStateOf(status) {
  if (isUndeployedPromotion(status)) return "queued";
  if (isDeploymentInProgress(status)) return "in_progress";
  if (isSuperseded(status)) return "inactive";
  if (status.state === "pending") return "queued";
  return status.state;
}

// packages/core/src/publish/merge-gate-status.ts
async function setMergeGate(run, statuses, result, promotedCommit) {
  const head = result.pullRequestHead;
  if (run.dryRun || !head || !promotedCommit || !run.mergeGate || !statuses) return;
  try {
    const status = await run.mergeGate(run.environment, promotedCommit);
    if (!status) return;
    await statuses.setStatus({
      sha: head,
      context: POLICY_STATUS_CONTEXT,
      ...status,
      ...run.runUrl ? { targetUrl: run.runUrl } : {}
    });
    run.reporter.info(
      `Set '${POLICY_STATUS_CONTEXT}' on the pull request head ${head.slice(0, 7)}: ${status.state}, ${status.description}.`
    );
  } catch (error) {
    run.reporter.warning(
      `Could not set the merge gate '${POLICY_STATUS_CONTEXT}' on the GitOps pull request (the GitOps token needs 'statuses: write'): ${error instanceof Error ? error.message : String(error)}`
    );
  }
}

// packages/gotemplate/src/go/values.ts
var GoInt = class {
  value;
  type;
  constructor(value, type) {
    this.value = value;
    this.type = type;
  }
};
function int64(value) {
  return new GoInt(BigInt.asIntN(64, value), "int64");
}
function goInteger(value) {
  if (typeof value === "bigint") return value;
  if (value instanceof GoInt) return value.value;
  return void 0;
}
var sliceElements = /* @__PURE__ */ new WeakMap();
function typedSlice(items, element) {
  if (element !== "interface {}") sliceElements.set(items, element);
  return items;
}
var nilSlices = /* @__PURE__ */ new WeakSet();
function nilSlice(element = "interface {}") {
  const items = typedSlice([], element);
  nilSlices.add(items);
  return items;
}
function isNilSlice(items) {
  return nilSlices.has(items);
}
function sliceElement(items) {
  return sliceElements.get(items) ?? "interface {}";
}
var GoMap = class _GoMap {
  entries;
  type;
  constructor(entries, type = "map[string]interface {}") {
    this.entries = new Map(entries);
    this.type = type;
  }
  /** A map[string]interface{} from a plain record. */
  static fromRecord(record2) {
    return new _GoMap(Object.entries(record2), "map[string]interface {}");
  }
  /** A map[string]string (labels, manifests) from a plain record. */
  static ofStrings(record2) {
    return new _GoMap(Object.entries(record2), "map[string]string");
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
  /**
   * What the value's String method returns, when it has one (`*semver.Version`): fmt prints it
   * for %v/%s/%q/%x. Such a value is opaque: its `fields` are the results of its methods
   * (`.Major`) in the order of its own unexported fields.
   */
  text;
  marshal;
  methods;
  goSyntax;
  constructor(typeName, fields, options = {}) {
    const o = typeof options === "string" ? { text: options } : options;
    this.typeName = typeName;
    this.fields = new Map(fields);
    this.text = o.text;
    this.marshal = o.marshal ?? (o.text === void 0 ? "fields" : "text");
    this.methods = o.methods;
    this.goSyntax = o.goSyntax;
  }
  /** The options that rebuild this struct around other fields (deepCopy). */
  get options() {
    return {
      ...this.text === void 0 ? {} : { text: this.text },
      marshal: this.marshal,
      ...this.methods === void 0 ? {} : { methods: this.methods },
      ...this.goSyntax === void 0 ? {} : { goSyntax: this.goSyntax }
    };
  }
  /** A pointer to a struct (`*semver.Version`): reflect kind ptr. */
  get isPointer() {
    return this.typeName.startsWith("*");
  }
};
function goTypeName(value) {
  if (value === null) return "<nil>";
  if (typeof value !== "object") return scalarName(value);
  if (value instanceof GoInt) return value.type;
  if (Array.isArray(value)) return "[]" + sliceElement(value);
  if (value instanceof GoMap) return value.type;
  return value.typeName;
}
function scalarName(value) {
  switch (typeof value) {
    case "string":
      return "string";
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    default:
      return "float64";
  }
}
function goKindName(value) {
  if (value === null) return "invalid";
  if (typeof value !== "object") return scalarName(value);
  if (value instanceof GoInt) return value.type;
  if (Array.isArray(value)) return "slice";
  if (value instanceof GoMap) return "map";
  return value.isPointer ? "ptr" : "struct";
}
var encoder = new TextEncoder();
function goStringBytes(s3) {
  if (!/[\uD800-\uDFFF]/.test(s3)) return encoder.encode(s3);
  const out = [];
  for (let i = 0; i < s3.length; i++) {
    const c2 = s3.charCodeAt(i);
    if (c2 >= 56448 && c2 <= 56575) {
      out.push(c2 - 56320);
      continue;
    }
    let cp = c2;
    if (c2 >= 55296 && c2 <= 56319 && i + 1 < s3.length) {
      const d = s3.charCodeAt(i + 1);
      if (d >= 56320 && d <= 57343) {
        cp = 65536 + (c2 - 55296 << 10) + (d - 56320);
        i++;
      }
    }
    if (cp >= 55296 && cp <= 57343) cp = 65533;
    for (const b2 of encoder.encode(String.fromCodePoint(cp))) out.push(b2);
  }
  return Uint8Array.from(out);
}
var strictDecoder = new TextDecoder("utf-8", { fatal: true });
function goStringFromBytes(bytes) {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    let out = "";
    let i = 0;
    while (i < bytes.length) {
      const n = validSequenceLength(bytes, i);
      if (n === 0) {
        out += String.fromCharCode(56320 + (bytes[i] ?? 0));
        i++;
      } else {
        out += strictDecoder.decode(bytes.subarray(i, i + n));
        i += n;
      }
    }
    return out;
  }
}
function validSequenceLength(b2, i) {
  const c0 = b2[i] ?? 0;
  if (c0 < 128) return 1;
  const cont = (j2, lo = 128, hi = 191) => {
    const c2 = b2[i + j2];
    return c2 !== void 0 && c2 >= lo && c2 <= hi;
  };
  if (c0 >= 194 && c0 <= 223) return cont(1) ? 2 : 0;
  if (c0 >= 224 && c0 <= 239) {
    const lo = c0 === 224 ? 160 : 128;
    const hi = c0 === 237 ? 159 : 191;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (c0 >= 240 && c0 <= 244) {
    const lo = c0 === 240 ? 144 : 128;
    const hi = c0 === 244 ? 143 : 191;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

// packages/gotemplate/src/go/format-float.ts
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
function mantExp(abs) {
  float64View.setFloat64(0, abs);
  const hi = float64View.getUint32(0);
  const lo = float64View.getUint32(4);
  let exp = hi >>> 20 & 2047;
  let mant = BigInt(hi & 1048575) << 32n | BigInt(lo);
  if (exp === 0) exp++;
  else mant |= 1n << 52n;
  return { mant, exp: exp - 1023 };
}
function formatB(abs) {
  const { mant, exp } = mantExp(abs);
  const e = exp - 52;
  return `${mant}p${e >= 0 ? "+" : ""}${e}`;
}
function formatX(abs, prec, upper) {
  let { mant, exp } = mantExp(abs);
  if (mant === 0n) exp = 0;
  const ONE = 1n << 60n;
  const MASK = (1n << 64n) - 1n;
  mant = mant << 8n & MASK;
  while (mant !== 0n && (mant & ONE) === 0n) {
    mant = mant << 1n & MASK;
    exp--;
  }
  if (prec >= 0 && prec < 15) {
    const shift = BigInt(prec * 4);
    const extra = mant << shift & ONE - 1n;
    mant >>= 60n - shift;
    if ((extra | mant & 1n) > 1n << 59n) mant++;
    mant <<= 60n - shift;
    if ((mant & 1n << 61n) !== 0n) {
      mant >>= 1n;
      exp++;
    }
  }
  const hex2 = (d) => {
    const t = d.toString(16);
    return upper ? t.toUpperCase() : t;
  };
  let out = (upper ? "0X" : "0x") + String(mant >> 60n & 1n);
  mant = mant << 4n & MASK;
  if (prec < 0 && mant !== 0n) {
    out += ".";
    while (mant !== 0n) {
      out += hex2(mant >> 60n & 15n);
      mant = mant << 4n & MASK;
    }
  } else if (prec > 0) {
    out += ".";
    for (let i = 0; i < prec; i++) {
      out += hex2(mant >> 60n & 15n);
      mant = mant << 4n & MASK;
    }
  }
  const absExp = Math.abs(exp);
  return out + (upper ? "P" : "p") + (exp < 0 ? "-" : "+") + String(absExp).padStart(2, "0");
}
function formatFloat(x2, verb, prec) {
  if (Number.isNaN(x2)) return "NaN";
  if (x2 === Infinity) return "+Inf";
  if (x2 === -Infinity) return "-Inf";
  const neg = x2 < 0 || Object.is(x2, -0);
  const abs = Math.abs(x2);
  if (verb === "b") return (neg ? "-" : "") + formatB(abs);
  if (verb === "x" || verb === "X") return (neg ? "-" : "") + formatX(abs, prec, verb === "X");
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

// packages/gotemplate/src/go/format-quote.ts
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
  if (cp >= 56448 && cp <= 56575) return "\\x" + hex(cp - 56320, 2);
  if (cp >= 55296 && cp <= 57343) return asciiOnly ? "\\ufffd" : "\uFFFD";
  if (cp < 65536) return "\\u" + hex(cp, 4);
  return "\\U" + hex(cp, 8);
}
function quote(s3, asciiOnly = false) {
  let out = '"';
  for (const ch of s3) out += escapeRune(ch.codePointAt(0) ?? 0, 34, asciiOnly);
  return out + '"';
}
function quoteRune(cp, asciiOnly = false) {
  const valid = cp >= 0 && cp <= 1114111 && !(cp >= 55296 && cp <= 57343);
  return "'" + escapeRune(valid ? cp : 65533, 39, asciiOnly) + "'";
}
function canBackquote(s3) {
  for (const ch of s3) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 96 || cp === 65279 || cp === 127) return false;
    if (cp < 32 && cp !== 9) return false;
  }
  return true;
}

// packages/gotemplate/src/go/map-order.ts
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
function compareGoStrings(a, b2) {
  if (a === b2) return 0;
  const n = Math.min(a.length, b2.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b2.charCodeAt(i);
    if (ca === cb) continue;
    const sa = ca >= 55296 && ca <= 57343;
    const sb = cb >= 55296 && cb <= 57343;
    if (sa !== sb && Math.max(ca, cb) >= 57344) return sa ? 1 : -1;
    return ca < cb ? -1 : 1;
  }
  return a.length - b2.length;
}
function compareGoKeys(a, b2) {
  const ra = typeRank(a);
  const rb = typeRank(b2);
  if (ra !== rb) return ra - rb;
  if (typeof a === "string" && typeof b2 === "string") return compareGoStrings(a, b2);
  if (typeof a === "bigint" && typeof b2 === "bigint") return a < b2 ? -1 : a > b2 ? 1 : 0;
  if (typeof a === "number" && typeof b2 === "number") {
    if (Number.isNaN(a)) return Number.isNaN(b2) ? 0 : -1;
    if (Number.isNaN(b2)) return 1;
    return a < b2 ? -1 : a > b2 ? 1 : 0;
  }
  if (typeof a === "boolean" && typeof b2 === "boolean") return a === b2 ? 0 : a ? 1 : -1;
  return 0;
}
function sortedEntries(map) {
  const entries = [...map.entries];
  if (map.hasStringKeys) {
    entries.sort((x2, y2) => compareGoStrings(x2[0], y2[0]));
  } else {
    entries.sort((x2, y2) => compareGoKeys(x2[0], y2[0]));
  }
  return entries;
}

// packages/gotemplate/src/template/budget.ts
var defaultTemplateLimits = {
  maxSteps: 1e7,
  maxOutputBytes: 64 * 1024 * 1024
};
var BudgetExceededError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "BudgetExceededError";
  }
};
var ELEMENT_COST = 32;
var RAISE = "or raise the limit the render passes to the template engine";
var Budget = class {
  limits;
  steps = 0;
  written = 0;
  constructor(limits) {
    this.limits = limits;
  }
  /** Counts `n` steps; throws when the execution has taken more than its limit. */
  step(n = 1) {
    this.steps += n;
    if (this.steps > this.limits.maxSteps) {
      throw new BudgetExceededError(
        `the template exceeded its budget of ${this.limits.maxSteps} execution steps (a loop or recursion runs too long); reduce the iterations ${RAISE}`
      );
    }
  }
  /** Output the running execution may still write: the limit less what earlier ones wrote. */
  get outputLeft() {
    return this.limits.maxOutputBytes - this.written;
  }
  /** Counts the output of a finished execution against the ones that share this budget. */
  wrote(length) {
    this.written += length;
  }
  /** Throws when the output written so far (by earlier executions too) is over the limit. */
  output(length) {
    if (length > this.outputLeft) {
      const earlier = this.written > 0 ? ` (with the ${this.written} bytes the earlier renders of the same manifest wrote)` : "";
      throw new BudgetExceededError(
        `the template output exceeded its limit of ${this.limits.maxOutputBytes} bytes${earlier}; make it produce less ${RAISE}`
      );
    }
  }
  /** Throws before a function builds a string of `chars` or a list of `elements`. */
  reserve(chars, elements = 0) {
    const max = this.limits.maxOutputBytes;
    if (chars > max) {
      throw new BudgetExceededError(
        `the result would be ${chars} characters long, over the template limit of ${max}; build a shorter string ${RAISE}`
      );
    }
    if (elements * ELEMENT_COST > max) {
      throw new BudgetExceededError(
        `the result would be a list of ${elements} elements, over the template limit of ${Math.floor(max / ELEMENT_COST)}; build a shorter list ${RAISE}`
      );
    }
  }
};
var active;
function withBudget(budget, body) {
  const previous = active;
  active = budget;
  try {
    return body();
  } finally {
    active = previous;
  }
}
function reserve(chars, elements = 0) {
  active?.reserve(chars, elements);
}
function rethrowBudget(error) {
  if (error instanceof BudgetExceededError) throw error;
}
function chargeSteps(n) {
  active?.step(n);
}

// packages/gotemplate/src/go/format-printer.ts
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
function runeCount(s3) {
  let n = 0;
  for (let i = 0; i < s3.length; i++) {
    const c2 = s3.charCodeAt(i);
    const next = s3.charCodeAt(i + 1);
    if (c2 >= 55296 && c2 <= 56319 && next >= 56320 && next <= 57343) i++;
    n++;
  }
  return n;
}
function pad(f2, s3) {
  if (!f2.widPresent || f2.wid === 0) return s3;
  const width = f2.wid - runeCount(s3);
  if (width <= 0) return s3;
  const padding = (f2.zero ? "0" : " ").repeat(width);
  return f2.minus ? s3 + padding : padding + s3;
}
function withoutZero(f2) {
  return f2.zero ? { ...f2, zero: false } : f2;
}
function badVerb(verb, value, f2) {
  if (value === null) return `%!${verb}(<nil>)`;
  return `%!${verb}(${goTypeName(value)}=${printValue(value, "v", f2, true)})`;
}
function formatInteger(f2, n, verb) {
  const base = verb === "b" ? 2 : verb === "o" || verb === "O" ? 8 : verb === "x" || verb === "X" ? 16 : 10;
  const neg = n < 0n;
  let digits = (neg ? -n : n).toString(base);
  if (verb === "X") digits = digits.toUpperCase();
  let prec = -1;
  if (f2.precPresent) {
    prec = f2.prec;
    if (prec === 0 && n === 0n) return pad(withoutZero(f2), "");
  } else if (f2.zero && !f2.minus && f2.widPresent) {
    prec = f2.wid;
    if (neg || f2.plus || f2.space) prec--;
  }
  if (prec > digits.length) digits = "0".repeat(prec - digits.length) + digits;
  if (f2.sharp) {
    if (base === 2) digits = "0b" + digits;
    else if (base === 8 && !digits.startsWith("0")) digits = "0" + digits;
    else if (base === 16) digits = (verb === "X" ? "0X" : "0x") + digits;
  }
  if (verb === "O") digits = "0o" + digits;
  const sign = neg ? "-" : f2.plus ? "+" : f2.space ? " " : "";
  return pad(withoutZero(f2), sign + digits);
}
function printInteger(f2, n, verb, value) {
  if (verb === "v" && f2.sharpV && value instanceof GoInt && value.type.startsWith("u")) {
    return pad(f2, "0x" + n.toString(16));
  }
  switch (verb) {
    case "v":
    case "d":
    case "b":
    case "o":
    case "O":
    case "x":
    case "X":
      return formatInteger(f2, n, verb);
    case "c":
      return pad(f2, isRune(n) ? String.fromCodePoint(Number(n)) : "\uFFFD");
    case "q":
      return pad(f2, quoteRune(isRune(n) ? Number(n) : -1, f2.plus));
    case "U": {
      const u = BigInt.asUintN(64, n);
      const digits = u.toString(16).toUpperCase().padStart(f2.precPresent && f2.prec > 4 ? f2.prec : 4, "0");
      let text2 = "U+" + digits;
      if (f2.sharp && u <= 0x10ffffn && isPrint(Number(u))) {
        text2 += ` '${String.fromCodePoint(Number(u))}'`;
      }
      return pad(withoutZero(f2), text2);
    }
    default:
      return badVerb(verb, value, f2);
  }
}
function isRune(n) {
  return n >= 0n && n <= 0x10ffffn && !(n >= 0xd800n && n <= 0xdfffn);
}
function printFloat(f2, x2, verb) {
  let fverb;
  let prec = -1;
  switch (verb) {
    case "v":
      fverb = "g";
      break;
    case "b":
    case "g":
    case "G":
    case "x":
    case "X":
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
      return badVerb(verb, x2, f2);
  }
  if (f2.precPresent) prec = f2.prec;
  let num = formatFloat(x2, fverb, prec);
  if (!num.startsWith("-") && !num.startsWith("+")) num = "+" + num;
  if (f2.space && num.startsWith("+") && !f2.plus) num = " " + num.slice(1);
  if (num.charAt(1) === "I" || num.charAt(1) === "N") {
    if (num.charAt(1) === "N" && !f2.space && !f2.plus) num = num.slice(1);
    return pad(withoutZero(f2), num);
  }
  if (f2.sharp && fverb !== "b") num = sharpFloat(num, fverb, prec);
  if (f2.plus || !num.startsWith("+")) {
    if (f2.zero && !f2.minus && f2.widPresent && f2.wid > num.length) {
      return num.charAt(0) + "0".repeat(f2.wid - num.length) + num.slice(1);
    }
    return pad(f2, num);
  }
  return pad(f2, num.slice(1));
}
function sharpFloat(num, verb, prec) {
  let digits = 0;
  if (verb === "g" || verb === "G" || verb === "x") digits = prec === -1 ? 6 : prec;
  let tail = "";
  let body = num;
  let hasDecimalPoint = false;
  let sawNonzeroDigit = false;
  for (let i = 1; i < body.length; i++) {
    const c2 = body.charAt(i);
    if (c2 === ".") {
      hasDecimalPoint = true;
    } else if (c2 === "p" || c2 === "P" || (c2 === "e" || c2 === "E") && verb !== "x" && verb !== "X") {
      tail = body.slice(i);
      body = body.slice(0, i);
      break;
    } else {
      if (c2 !== "0") sawNonzeroDigit = true;
      if (sawNonzeroDigit) digits--;
    }
  }
  if (!hasDecimalPoint) {
    if (body.length === 2 && body.charAt(1) === "0") digits--;
    body += ".";
  }
  if (digits > 0) body += "0".repeat(digits);
  return body + tail;
}
function truncateRunes(f2, s3) {
  if (!f2.precPresent) return s3;
  let out = "";
  let n = 0;
  for (const ch of s3) {
    if (n++ >= f2.prec) break;
    out += ch;
  }
  return out;
}
function hexString(f2, s3, upper) {
  let bytes = goStringBytes(s3);
  if (f2.precPresent && f2.prec < bytes.length) bytes = bytes.subarray(0, f2.prec);
  const parts = [];
  for (const b2 of bytes) {
    let h = b2.toString(16).padStart(2, "0");
    if (upper) h = h.toUpperCase();
    if (f2.space && f2.sharp) h = (upper ? "0X" : "0x") + h;
    parts.push(h);
  }
  let out = parts.join(f2.space ? " " : "");
  if (f2.sharp && !f2.space && out !== "") out = (upper ? "0X" : "0x") + out;
  return pad(f2, out);
}
function printString(f2, s3, verb) {
  switch (verb) {
    case "v":
      return f2.sharpV ? pad(f2, quote(s3)) : pad(f2, truncateRunes(f2, s3));
    case "s":
      return pad(f2, truncateRunes(f2, s3));
    case "q": {
      const t = truncateRunes(f2, s3);
      if (f2.sharp && canBackquote(t)) return pad(f2, "`" + t + "`");
      return pad(f2, quote(t, f2.plus));
    }
    case "x":
    case "X":
      return hexString(f2, s3, verb === "X");
    default:
      return badVerb(verb, s3, f2);
  }
}
function printElement(value, verb, f2) {
  if (value === null && verb !== "T") return f2.sharpV ? "interface {}(nil)" : "<nil>";
  return printAt(value, verb, f2, false, 1);
}
function printMap(m, verb, f2) {
  const parts = [];
  for (const [k2, v2] of sortedEntries(m)) {
    parts.push(printElement(k2, verb, f2) + ":" + printElement(v2, verb, f2));
  }
  if (f2.sharpV) return `${m.type}{${parts.join(", ")}}`;
  return `map[${parts.join(" ")}]`;
}
function printStruct(s3, verb, f2, depth) {
  if (f2.sharpV && s3.goSyntax !== void 0 && depth === 0) return s3.goSyntax;
  const parts = [];
  for (const [name, v2] of s3.fields) {
    const value = printElement(v2, verb, f2);
    parts.push(f2.plusV || f2.sharpV ? `${name}:${value}` : value);
  }
  const body = f2.sharpV ? `${s3.typeName}{${parts.join(", ")}}` : `{${parts.join(" ")}}`;
  return s3.isPointer && !f2.sharpV && depth === 0 ? "&" + body : body;
}
var STRINGER_VERBS = /* @__PURE__ */ new Set(["v", "s", "x", "X", "q"]);
function printValue(value, verb, f2, erroring = false) {
  return printAt(value, verb, f2, erroring, 0);
}
function printAt(value, verb, f2, erroring, depth) {
  chargeSteps(1);
  if (verb === "T")
    return value === null ? pad(f2, "<nil>") : pad(f2, truncateRunes(f2, goTypeName(value)));
  if (value === null) {
    return verb === "v" ? pad(f2, "<nil>") : badVerb(verb, null, f2);
  }
  switch (typeof value) {
    case "string":
      return printString(f2, value, verb);
    case "boolean":
      return verb === "t" || verb === "v" ? pad(f2, String(value)) : badVerb(verb, value, f2);
    case "bigint":
      return printInteger(f2, value, verb, value);
    case "number":
      return printFloat(f2, value, verb);
  }
  if (value instanceof GoInt) return printInteger(f2, value.value, verb, value);
  if (verb === "p" && depth === 0) return printPointer(value, f2);
  if (verb === "w" && !erroring) return badVerb(verb, value, f2);
  if (Array.isArray(value)) {
    const parts = value.map((v2) => printElement(v2, verb, f2));
    if (f2.sharpV && isNilSlice(value)) return `${goTypeName(value)}(nil)`;
    return budgeted(
      f2.sharpV ? `${goTypeName(value)}{${parts.join(", ")}}` : `[${parts.join(" ")}]`
    );
  }
  if (value instanceof GoMap) return budgeted(printMap(value, verb, f2));
  if (value.text !== void 0 && !erroring && !f2.sharpV && STRINGER_VERBS.has(verb)) {
    return printString(f2, value.text, verb);
  }
  return budgeted(printStruct(value, verb, f2, depth));
}
function printPointer(value, f2) {
  if (value instanceof GoStruct && !value.isPointer) return badVerb("p", value, f2);
  const address = Array.isArray(value) && isNilSlice(value) ? "0" : "c000010000";
  return pad(f2, f2.sharp ? address : `0x${address}`);
}
function budgeted(text2) {
  reserve(text2.length);
  return text2;
}

// packages/gotemplate/src/go/format.ts
var defaultFlags = clearFlags();
function formatValue(v2) {
  if (typeof v2 === "string") return v2;
  return printValue(v2, "v", defaultFlags);
}
function sprint(args) {
  let out = "";
  let prevString = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? null;
    const isString = typeof arg === "string";
    if (i > 0 && !isString && !prevString) out += " ";
    out += formatValue(arg);
    prevString = isString;
  }
  return out;
}
function sprintln(args) {
  return args.map(formatValue).join(" ") + "\n";
}
function isDigit(c2) {
  return c2 >= 48 && c2 <= 57;
}
function parseNum(format, i) {
  let num = 0;
  let present = false;
  while (i < format.length && isDigit(format.charCodeAt(i))) {
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
    const arg = this.args[this.argNum++] ?? null;
    const n = goInteger(arg);
    if (n === void 0) return { value: 0, ok: false };
    if (n > 1000000n || n < -1000000n) return { value: 0, ok: false };
    return { value: Number(n), ok: true };
  }
  /** Flags, width, precision and verb of one directive starting after '%'; returns the next index. */
  directive(start) {
    const format = this.format;
    const end = format.length;
    const f2 = clearFlags();
    let i = start;
    flags: for (; i < end; i++) {
      switch (format.charAt(i)) {
        case "#":
          f2.sharp = true;
          break;
        case "0":
          f2.zero = !f2.minus;
          break;
        case "+":
          f2.plus = true;
          break;
        case "-":
          f2.minus = true;
          f2.zero = false;
          break;
        case " ":
          f2.space = true;
          break;
        default:
          break flags;
      }
    }
    let index = this.argNumber(i);
    i = index.next;
    if (i < end && format.charAt(i) === "*") {
      i++;
      const { value, ok } = this.intFromArg();
      f2.wid = value;
      f2.widPresent = ok;
      if (!ok) this.out += "%!(BADWIDTH)";
      if (f2.wid < 0) {
        f2.wid = -f2.wid;
        f2.minus = true;
        f2.zero = false;
      }
      index = { next: i, found: false };
    } else {
      const n = parseNum(format, i);
      f2.wid = n.num;
      f2.widPresent = n.present;
      i = n.next;
      if (index.found && f2.widPresent) this.goodArgNum = false;
    }
    if (i + 1 < end && format.charAt(i) === ".") {
      i++;
      if (index.found) this.goodArgNum = false;
      index = this.argNumber(i);
      i = index.next;
      if (i < end && format.charAt(i) === "*") {
        i++;
        const { value, ok } = this.intFromArg();
        f2.prec = value;
        f2.precPresent = ok;
        if (f2.prec < 0) {
          f2.prec = 0;
          f2.precPresent = false;
        }
        if (!ok) this.out += "%!(BADPREC)";
        index = { next: i, found: false };
      } else {
        const n = parseNum(format, i);
        f2.prec = n.num;
        f2.precPresent = true;
        i = n.next;
      }
    }
    if (!index.found) i = this.argNumber(i).next;
    if (i >= end) {
      this.out += "%!(NOVERB)";
      return end;
    }
    const verb = String.fromCodePoint(format.codePointAt(i) ?? 0);
    i += verb.length;
    this.verb(verb, f2);
    return i;
  }
  verb(verb, f2) {
    if (verb === "%") {
      this.out += "%";
    } else if (!this.goodArgNum) {
      this.out += `%!${verb}(BADINDEX)`;
    } else if (this.argNum >= this.args.length) {
      this.out += `%!${verb}(MISSING)`;
    } else {
      if (verb === "v") {
        f2.sharpV = f2.sharp;
        f2.sharp = false;
        f2.plusV = f2.plus;
        f2.plus = false;
      }
      this.out += printValue(this.args[this.argNum] ?? null, verb, f2);
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
      const extra = this.args.slice(this.argNum).map((arg) => arg === null ? "<nil>" : `${goTypeName(arg)}=${formatValue(arg)}`);
      this.out += `%!(EXTRA ${extra.join(", ")})`;
    }
    return this.out;
  }
};
function sprintf(format, args) {
  return new Printf(format, args).run();
}

// packages/gotemplate/src/go/strconv.ts
var INT64_MIN = -(2n ** 63n);
var INT64_MAX = 2n ** 63n - 1n;
function goAtoi(text2) {
  if (!/^[+-]?[0-9]+$/.test(text2)) return void 0;
  const value = BigInt(text2);
  return value < INT64_MIN || value > INT64_MAX ? void 0 : value;
}
var DECIMAL = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
var HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?[0-9]+)$/;
var INFINITY = /^([+-]?)(?:inf|infinity)$/i;
function goParseFloat(text2) {
  const inf = INFINITY.exec(text2);
  if (inf) return inf[1] === "-" ? -Infinity : Infinity;
  if (/^nan$/i.test(text2)) return NaN;
  if (text2.includes("_") && !underscoreOk(text2)) return void 0;
  const plain = text2.replaceAll("_", "");
  let value;
  if (DECIMAL.test(plain)) {
    value = Number(plain);
  } else {
    const hex2 = HEX.exec(plain);
    if (!hex2) return void 0;
    const [, sign = "", whole = "", fraction = "", exponent = ""] = hex2;
    const digits = whole + fraction;
    if (digits === "") return void 0;
    const mantissa = Number(BigInt("0x" + digits));
    const shift = Number(exponent) - 4 * fraction.length;
    value = (sign === "-" ? -1 : 1) * mantissa * 2 ** shift;
  }
  return Number.isFinite(value) ? value : void 0;
}
function underscoreOk(text2) {
  let s3 = text2;
  if (s3.startsWith("-") || s3.startsWith("+")) s3 = s3.slice(1);
  let saw = "^";
  let i = 0;
  let hex2 = false;
  if (s3.length >= 2 && s3.charAt(0) === "0" && "bBoOxX".includes(s3.charAt(1))) {
    i = 2;
    saw = "0";
    hex2 = s3.charAt(1).toLowerCase() === "x";
  }
  for (; i < s3.length; i++) {
    const c2 = s3.charAt(i);
    if (c2 >= "0" && c2 <= "9" || hex2 && /[a-fA-F]/.test(c2)) {
      saw = "0";
      continue;
    }
    if (c2 === "_") {
      if (saw !== "0") return false;
      saw = "_";
      continue;
    }
    if (saw === "_") return false;
    saw = "!";
  }
  return saw !== "_";
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

// packages/gotemplate/src/go/json.ts
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
    const c2 = this.#text[this.pos];
    if (c2 === void 0) throw new GoJsonSyntax("unexpected EOF");
    return c2;
  }
  #fail(context) {
    throw new GoJsonSyntax(`invalid character ${quoteChar(this.#peek())} ${context}`);
  }
  value() {
    const c2 = this.#peek();
    if (c2 === "{") return this.#object();
    if (c2 === "[") return this.#array();
    if (c2 === '"') return this.#string();
    if (c2 === "-" || c2 >= "0" && c2 <= "9") return this.#number();
    const literal = LITERALS[c2];
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
      const c2 = this.#peek();
      this.pos++;
      if (c2 === "}") return;
      if (c2 !== ",") {
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
      const c2 = this.#peek();
      this.pos++;
      if (c2 === "]") return;
      if (c2 !== ",") {
        this.pos--;
        this.#fail("after array element");
      }
      this.skipSpace();
    }
  }
  #string() {
    this.pos++;
    for (; ; ) {
      const c2 = this.#peek();
      this.pos++;
      if (c2 === '"') return;
      if (c2 < " ") {
        this.pos--;
        this.#fail("in string literal");
      }
      if (c2 !== "\\") continue;
      const escape = this.#peek();
      if ('"\\/bfnrt'.includes(escape)) {
        this.pos++;
      } else if (escape === "u") {
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
function quoteChar(c2) {
  if (c2 === "'") return "'\\''";
  if (c2 === '"') return `'"'`;
  const code2 = c2.codePointAt(0) ?? 0;
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
  if (code2 >= 32 && code2 < 127) return `'${c2}'`;
  const firstByte = code2 < 128 ? code2 : new TextEncoder().encode(c2)[0] ?? 0;
  return `'\\x${firstByte.toString(16).padStart(2, "0")}'`;
}
function toJsonValue(value) {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof GoInt) return Number(value.value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new UnsupportedJsonValue(`json: unsupported value: ${formatGoFloat(value)}`);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(toJsonValue);
  const object = /* @__PURE__ */ Object.create(null);
  const entries = value instanceof GoMap ? value.entries : value.fields;
  for (const [key, item] of entries) object[jsonKey(key)] = toJsonValue(item);
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
  const keys = Object.keys(value).sort((a, b2) => a < b2 ? -1 : a > b2 ? 1 : 0);
  return `{${keys.map((k2) => `${goJsonMarshal(k2)}:${goJsonMarshal(value[k2] ?? null)}`).join(",")}}`;
}

// packages/gotemplate/src/go/path.ts
function cleanPath(p) {
  if (p === "") return ".";
  const rooted = p.startsWith("/");
  const out = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!rooted) out.push("..");
      continue;
    }
    out.push(part);
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

// packages/gotemplate/src/yaml/key-order.ts
var KIND_BOOL = 1;
var KIND_INT = 2;
var KIND_UINT64 = 11;
var KIND_FLOAT64 = 14;
var KIND_INTERFACE = 20;
var KIND_STRING = 24;
var INT64_MAX2 = (1n << 63n) - 1n;
function kindOf(key) {
  if (key === null) return KIND_INTERFACE;
  switch (typeof key) {
    case "boolean":
      return KIND_BOOL;
    case "bigint":
      return key > INT64_MAX2 ? KIND_UINT64 : KIND_INT;
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
function isLetter(c2) {
  if (c2 < 128) return (c2 | 32) >= 97 && (c2 | 32) <= 122 || false;
  return LETTER.test(String.fromCodePoint(c2));
}
function isDigit2(c2) {
  if (c2 < 128) return c2 >= 48 && c2 <= 57;
  return DIGIT.test(String.fromCodePoint(c2));
}
function runesOf(s3) {
  for (let i = 0; i < s3.length; i++) {
    const c2 = s3.charCodeAt(i);
    if (c2 >= 55296 && c2 <= 57343) return Array.from(s3, (ch) => ch.codePointAt(0) ?? 0);
  }
  return s3;
}
function runeAt(r, i) {
  return typeof r === "string" ? r.charCodeAt(i) : r[i] ?? 0;
}
function digitRun(r, from, start) {
  let n = start;
  let i = from;
  for (; i < r.length; i++) {
    const c2 = runeAt(r, i);
    if (!isDigit2(c2)) break;
    n = BigInt.asIntN(64, n * 10n + BigInt(c2 - 48));
  }
  return [n, i];
}
function digitRunAscii(r, from, start) {
  let n = start;
  let i = from;
  for (; i < r.length; i++) {
    const c2 = runeAt(r, i);
    if (c2 < 48 || c2 > 57) break;
    if (i - from >= 15) return void 0;
    n = n * 10 + (c2 - 48);
  }
  if (i < r.length && runeAt(r, i) >= 128 && isDigit2(runeAt(r, i))) return void 0;
  return [n, i];
}
function compareRunes(a, b2) {
  const n = Math.min(a.length, b2.length);
  let digits = false;
  for (let i = 0; i < n; i++) {
    const ca = runeAt(a, i);
    const cb = runeAt(b2, i);
    if (ca === cb) {
      digits = isDigit2(ca);
      continue;
    }
    const al = isLetter(ca);
    const bl = isLetter(cb);
    if (al && bl) return ca < cb ? -1 : 1;
    if (al || bl) return (digits ? al : bl) ? -1 : 1;
    let start = 0;
    if (ca === 48 || cb === 48) {
      for (let j2 = i - 1; j2 >= 0 && isDigit2(runeAt(a, j2)); j2--) {
        if (runeAt(a, j2) !== 48) {
          start = 1;
          break;
        }
      }
    }
    const fa = digitRunAscii(a, i, start);
    const fb = digitRunAscii(b2, i, start);
    let diff;
    let ai;
    let bi;
    if (fa !== void 0 && fb !== void 0) {
      [ai, bi] = [fa[1], fb[1]];
      diff = fa[0] - fb[0];
    } else {
      const ra = digitRun(a, i, BigInt(start));
      const rb = digitRun(b2, i, BigInt(start));
      [ai, bi] = [ra[1], rb[1]];
      diff = ra[0] === rb[0] ? 0 : ra[0] < rb[0] ? -1 : 1;
    }
    if (diff !== 0) return diff < 0 ? -1 : 1;
    if (ai !== bi) return ai < bi ? -1 : 1;
    return ca < cb ? -1 : 1;
  }
  return a.length === b2.length ? 0 : a.length < b2.length ? -1 : 1;
}
function sortableKey(key) {
  return { key, runes: typeof key === "string" ? runesOf(key) : void 0 };
}
function compareSortableKeys(x2, y2) {
  if (x2.runes !== void 0 && y2.runes !== void 0) return compareRunes(x2.runes, y2.runes);
  const a = x2.key;
  const b2 = y2.key;
  const ka = kindOf(a);
  const kb = kindOf(b2);
  const fa = keyFloat(a);
  const fb = keyFloat(b2);
  if (fa !== void 0 && fb !== void 0) {
    if (fa !== fb) return fa < fb ? -1 : fb < fa ? 1 : 0;
    if (ka !== kb) return ka - kb;
    if (typeof a === "bigint" && typeof b2 === "bigint") return a < b2 ? -1 : a > b2 ? 1 : 0;
    if (typeof a === "boolean" && typeof b2 === "boolean") return a === b2 ? 0 : a ? 1 : -1;
    return 0;
  }
  return ka - kb;
}
function compareBmpStrings(a, b2) {
  return compareRunes(a, b2);
}
function isBmpString(s3) {
  return runesOf(s3) === s3;
}

// packages/gotemplate/src/yaml/resolve.ts
var HINT_NONE = 0;
var HINT_SIGN = 1;
var HINT_DIGIT = 2;
var HINT_MAP = 3;
var HINT_DOT = 4;
var HINTS = new Uint8Array(128);
HINTS[43] = HINT_SIGN;
HINTS[45] = HINT_SIGN;
for (let c2 = 48; c2 <= 57; c2++) HINTS[c2] = HINT_DIGIT;
for (const ch of "yYnNtTfFoO~") HINTS[ch.charCodeAt(0)] = HINT_MAP;
HINTS[46] = HINT_DOT;
var FIXED = /* @__PURE__ */ new Map();
for (const s3 of ["true", "True", "TRUE"]) FIXED.set(s3, true);
for (const s3 of ["false", "False", "FALSE"]) FIXED.set(s3, false);
for (const s3 of ["", "~", "null", "Null", "NULL"]) FIXED.set(s3, null);
for (const s3 of [".nan", ".NaN", ".NAN"]) FIXED.set(s3, NaN);
for (const s3 of [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"]) FIXED.set(s3, Infinity);
for (const s3 of ["-.inf", "-.Inf", "-.INF"]) FIXED.set(s3, -Infinity);
var YAML11_TRUE = ["y", "Y", "yes", "Yes", "YES", "on", "On", "ON"];
var YAML11_FALSE = ["n", "N", "no", "No", "NO", "off", "Off", "OFF"];
var YAML11_BOOLS = new Map([
  ...YAML11_TRUE.map((s3) => [s3, true]),
  ...YAML11_FALSE.map((s3) => [s3, false])
]);
var INT64_MIN2 = -(1n << 63n);
var INT64_MAX3 = (1n << 63n) - 1n;
var UINT64_MAX = (1n << 64n) - 1n;
var YAML_STYLE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
var DOT_FLOAT = /^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/;
var BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
var TIMESTAMP = /^[0-9]{4}-([0-9]{1,2})-([0-9]{1,2})(?:[Tt]([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:[.,][0-9]+)?(?:Z|[-+]([0-9]{2}):([0-9]{2}))| +([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:[.,][0-9]+)?)?$/;
var DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function parseGoInt(s3) {
  let i = 0;
  const first = s3.charCodeAt(0);
  const signed = first === 43 || first === 45;
  if (signed) i = 1;
  if (i >= s3.length) return void 0;
  let base = 10;
  let prefix = "";
  if (s3.charCodeAt(i) === 48) {
    const letter = s3.length - i >= 3 ? s3.charCodeAt(i + 1) | 32 : 0;
    if (letter === 98) [base, prefix, i] = [2, "0b", i + 2];
    else if (letter === 111) [base, prefix, i] = [8, "0o", i + 2];
    else if (letter === 120) [base, prefix, i] = [16, "0x", i + 2];
    else [base, prefix, i] = [8, "0o", i + 1];
  }
  for (let j2 = i; j2 < s3.length; j2++) {
    const c2 = s3.charCodeAt(j2);
    let d;
    if (c2 >= 48 && c2 <= 57) d = c2 - 48;
    else if ((c2 | 32) >= 97 && (c2 | 32) <= 122) d = (c2 | 32) - 87;
    else return void 0;
    if (d >= base) return void 0;
  }
  const digits = s3.slice(i);
  let value = digits === "" ? 0n : BigInt(prefix + digits);
  if (first === 45) value = -value;
  if (value >= INT64_MIN2 && value <= INT64_MAX3) return value;
  if (!signed && value <= UINT64_MAX) return value;
  return void 0;
}
function finiteOrUndefined(text2) {
  const f2 = Number(text2);
  return Number.isFinite(f2) ? f2 : void 0;
}
function resolveNumber(s3) {
  const plain = s3.includes("_") ? s3.replaceAll("_", "") : s3;
  const int = parseGoInt(plain);
  if (int !== void 0) return int > INT64_MAX3 ? new GoInt(int, "uint64") : int;
  if (YAML_STYLE_FLOAT.test(plain)) return finiteOrUndefined(plain);
  return void 0;
}
function resolvePlain(s3, yaml11) {
  if (s3 === "") return null;
  const c2 = s3.charCodeAt(0);
  const hint = c2 < 128 ? HINTS[c2] ?? HINT_NONE : HINT_NONE;
  if (hint === HINT_NONE) return void 0;
  const fixed = FIXED.get(s3);
  if (fixed !== void 0) return fixed;
  if (yaml11) {
    const bool = YAML11_BOOLS.get(s3);
    if (bool !== void 0) return bool;
  }
  switch (hint) {
    case HINT_MAP:
      return void 0;
    case HINT_DOT:
      return DOT_FLOAT.test(s3) ? finiteOrUndefined(s3) : void 0;
    default:
      return resolveNumber(s3);
  }
}
function hasNumericHint(s3) {
  const c2 = s3.charCodeAt(0);
  return c2 < 128 && (HINTS[c2] === HINT_DIGIT || HINTS[c2] === HINT_SIGN);
}
function isGoTimestamp(s3) {
  if (s3.length < 8 || s3.charCodeAt(4) !== 45) return false;
  const m = TIMESTAMP.exec(s3);
  if (m === null) return false;
  const year = Number(s3.slice(0, 4));
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
function isBase60Float(s3) {
  return hasNumericHint(s3) && s3.includes(":") && BASE60_FLOAT.test(s3);
}
function isPlainSafeString(s3) {
  if (resolvePlain(s3, false) !== void 0) return false;
  if (YAML11_BOOLS.has(s3)) return false;
  if (hasNumericHint(s3)) return !isGoTimestamp(s3) && !isBase60Float(s3);
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
      return value instanceof GoInt ? "!!int" : "!!str";
  }
}

// packages/gotemplate/src/yaml/scalar-analysis.ts
var MULTILINE = 1;
var PLAIN_ALLOWED = 2;
var SINGLE_QUOTED_ALLOWED = 4;
var BLOCK_ALLOWED = 8;
function isBreak(c2) {
  return c2 === 10 || c2 === 13 || c2 === 133 || c2 === 8232 || c2 === 8233;
}
function isPrintable(c2) {
  if (c2 < 127) return c2 >= 32 || c2 === 10;
  if (c2 < 160) return false;
  if (c2 <= 55295) return true;
  return c2 >= 57344 && c2 <= 65533 && c2 !== 65279;
}
function isLeadingIndicator(c2) {
  switch (c2) {
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
function isSimpleAscii(s3) {
  const first = s3.charCodeAt(0);
  if (isLeadingIndicator(first) || first === 45 || first === 46 || first === 63) return false;
  for (let i = 0; i < s3.length; i++) {
    const c2 = s3.charCodeAt(i);
    if (c2 <= 32 || c2 >= 127 || c2 === 58 || c2 === 35) return false;
  }
  return true;
}
function analyzeScalar(s3) {
  const n = s3.length;
  if (n === 0) return PLAIN_ALLOWED | SINGLE_QUOTED_ALLOWED;
  if (isSimpleAscii(s3)) return PLAIN_ALLOWED | SINGLE_QUOTED_ALLOWED | BLOCK_ALLOWED;
  let blockIndicators = s3.startsWith("---") || s3.startsWith("...");
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
    let c2 = s3.charCodeAt(i);
    if (c2 >= 55296 && c2 <= 56319) c2 = s3.codePointAt(i) ?? c2;
    const next = i + (c2 > 65535 ? 2 : 1);
    const nc = s3.charCodeAt(next);
    const followedByWhitespace = next >= n || nc === 32 || nc === 9;
    if (i === 0) {
      if (isLeadingIndicator(c2)) blockIndicators = true;
      else if ((c2 === 63 || c2 === 58 || c2 === 45) && followedByWhitespace) blockIndicators = true;
    } else if (c2 === 58 && followedByWhitespace) {
      blockIndicators = true;
    } else if (c2 === 35 && precededByWhitespace) {
      blockIndicators = true;
    }
    if (c2 === 9) tabs = true;
    else if (!isPrintable(c2)) special = true;
    if (c2 === 32) {
      if (i === 0) leadingSpaceOrBreak = true;
      if (next === n) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c2)) {
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
    precededByWhitespace = c2 === 32 || c2 === 9 || c2 === 0 || isBreak(c2);
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
function utf8Length(s3) {
  let bytes = 0;
  for (let i = 0; i < s3.length; i++) {
    const c2 = s3.charCodeAt(i);
    if (c2 < 128) bytes += 1;
    else if (c2 < 2048) bytes += 2;
    else if (c2 >= 55296 && c2 <= 56319) {
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
function escapeCodePoint(c2) {
  const named = NAMED_ESCAPES.get(c2);
  if (named !== void 0) return named;
  const hex2 = c2.toString(16).toUpperCase();
  if (c2 <= 255) return "\\x" + hex2.padStart(2, "0");
  if (c2 <= 65535) return "\\u" + hex2.padStart(4, "0");
  return "\\U" + hex2.padStart(8, "0");
}
function chompIndicator(s3) {
  const n = s3.length;
  if (n === 0 || !isBreak(s3.charCodeAt(n - 1))) return "-";
  if (n === 1 || isBreak(s3.charCodeAt(n - 2))) return "+";
  return "";
}

// packages/gotemplate/src/yaml/emit-choices.ts
var PLAIN = 1;
var SINGLE_QUOTED = 2;
var DOUBLE_QUOTED = 3;
var LITERAL = 4;
function selectStringStyle(s3, simpleKey) {
  const flags = analyzeScalar(s3);
  let style = s3.includes("\n") ? LITERAL : isPlainSafeString(s3) ? PLAIN : DOUBLE_QUOTED;
  if (simpleKey && (flags & MULTILINE) !== 0) style = DOUBLE_QUOTED;
  if (style === PLAIN && (flags & PLAIN_ALLOWED) === 0) style = SINGLE_QUOTED;
  if (style === SINGLE_QUOTED && (flags & SINGLE_QUOTED_ALLOWED) === 0) style = DOUBLE_QUOTED;
  if (style === LITERAL && ((flags & BLOCK_ALLOWED) === 0 || simpleKey)) style = DOUBLE_QUOTED;
  return style;
}
var MEMO_LIMIT = 2e4;
var MEMO_MAX_LENGTH = 1024;
var valueStyles = /* @__PURE__ */ new Map();
var keyStyles = /* @__PURE__ */ new Map();
var keyOrders = /* @__PURE__ */ new Map();
function remember(memo, key, value) {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}
function stringStyle(s3, simpleKey) {
  if (s3.length > MEMO_MAX_LENGTH) return selectStringStyle(s3, simpleKey);
  const memo = simpleKey ? keyStyles : valueStyles;
  return memo.get(s3) ?? remember(memo, s3, selectStringStyle(s3, simpleKey));
}
function isValidUtf8(s3) {
  if (!/[\uD800-\uDFFF]/.test(s3)) return true;
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s3);
}
function isSimpleKey(key) {
  if (typeof key !== "string") return true;
  if (key.length * 3 <= 128) return !key.includes("\n") && (analyzeScalar(key) & MULTILINE) === 0;
  return utf8Length(key) <= 128 && (analyzeScalar(key) & MULTILINE) === 0;
}
function sortedKeys(map) {
  if (map.hasStringKeys) {
    const strings = [...map.entries.keys()];
    const id = strings.join("\0");
    const known = keyOrders.get(id);
    if (known?.length === strings.length && known.every((k2) => map.has(k2))) return [...known];
    if (strings.every(isBmpString)) {
      const sorted = strings.sort(compareBmpStrings);
      if (id.length <= MEMO_LIMIT * 4) remember(keyOrders, id, [...sorted]);
      return sorted;
    }
  }
  const keys = [];
  for (const key of map.entries.keys()) keys.push(sortableKey(key));
  keys.sort(compareSortableKeys);
  return keys.map((k2) => k2.key);
}

// packages/gotemplate/src/yaml/emit.ts
var BEST_INDENT = 4;
var MAX_DEPTH = 2e3;
function floatText(x2) {
  if (Number.isNaN(x2)) return ".nan";
  if (x2 === Infinity) return ".inf";
  if (x2 === -Infinity) return "-.inf";
  return formatFloat(x2, "g", -1);
}
function scalarText(value) {
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
    const indent = this.indent < 0 ? 0 : this.indent;
    if (!this.indention || this.column > indent || this.column === indent && !this.whitespace) {
      this.putBreak();
    }
    if (this.column < indent) {
      this.out += " ".repeat(indent - this.column);
      this.column = indent;
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
    chargeSteps(1);
    reserve(this.out.length);
    if (value === null || typeof value !== "object") {
      if (typeof value === "string" && !isValidUtf8(value)) {
        this.binaryScalar(value, inSequenceItem, simpleKey);
      } else if (typeof value === "string") this.stringScalar(value, inSequenceItem, simpleKey);
      else this.scalar(scalarText(value), PLAIN, inSequenceItem);
      return;
    }
    if (value instanceof GoInt) {
      this.scalar(String(value.value), PLAIN, inSequenceItem);
      return;
    }
    if (value instanceof GoStruct && value.marshal === "text" && value.text !== void 0) {
      this.stringScalar(value.text, inSequenceItem, simpleKey);
      return;
    }
    if (value instanceof GoStruct && (value.marshal === "json-text" || value.marshal === "empty")) {
      this.emptyFlow("{", "}");
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
      else this.mapping(sortedKeys(value), (k2) => value.entries.get(k2) ?? null, inSequenceItem);
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
    this.mapping([...byKey.keys()], (k2) => byKey.get(k2) ?? null, inSequenceItem);
  }
  /** yaml.v3's stringv and libyaml's select_scalar_style for a string. */
  /**
   * yaml.v3 writes a string that is not valid UTF-8 as `!!binary` base64, in lines of 70
   * characters each ending with a line break once there are 70 or more.
   */
  binaryScalar(s3, inSequenceItem, simpleKey) {
    const bytes = goStringBytes(s3);
    let binary = "";
    for (const b2 of bytes) binary += String.fromCharCode(b2);
    const encoded = btoa(binary);
    const multiLine = encoded.length >= 70;
    let text2 = "";
    for (let i = 0; i < encoded.length; i += 70) {
      text2 += encoded.slice(i, i + 70) + (multiLine ? "\n" : "");
    }
    this.writeIndicator("!!binary", true, false, false);
    this.scalar(text2, stringStyle(text2, simpleKey), inSequenceItem);
  }
  stringScalar(s3, inSequenceItem, simpleKey) {
    this.scalar(s3, stringStyle(s3, simpleKey), inSequenceItem);
  }
  scalar(s3, style, inSequenceItem) {
    this.increaseIndent(true, inSequenceItem);
    switch (style) {
      case PLAIN:
        if (s3.length > 0 && !this.whitespace) {
          this.out += " ";
          this.column++;
        }
        this.out += s3;
        this.column += s3.length;
        if (s3.length > 0) this.whitespace = false;
        this.indention = false;
        break;
      case SINGLE_QUOTED:
        this.singleQuoted(s3);
        break;
      case DOUBLE_QUOTED:
        this.doubleQuoted(s3);
        break;
      default:
        this.literal(s3);
    }
    this.restoreIndent();
  }
  singleQuoted(s3) {
    this.writeIndicator("'", true, false, false);
    let breaks = false;
    for (const ch of s3) {
      const c2 = ch.codePointAt(0) ?? 0;
      if (isBreak(c2)) {
        this.out += ch;
        this.column = 0;
        this.indention = true;
        breaks = true;
        continue;
      }
      if (breaks && c2 !== 32) this.writeIndent();
      this.out += c2 === 39 ? "''" : ch;
      this.column += c2 === 39 ? 2 : 1;
      if (c2 !== 32) {
        this.indention = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }
  doubleQuoted(s3) {
    this.writeIndicator('"', true, false, false);
    const escapeAll = s3.charCodeAt(0) === 65279;
    let text2 = "";
    for (let i = 0; i < s3.length; i++) {
      let c2 = s3.charCodeAt(i);
      if (c2 >= 55296 && c2 <= 56319 && i + 1 < s3.length) {
        const low = s3.charCodeAt(i + 1);
        if (low >= 56320 && low <= 57343) {
          c2 = 65536 + (c2 - 55296 << 10) + (low - 56320);
          i++;
        }
      }
      if (escapeAll || !isPrintable(c2) || isBreak(c2) || c2 === 34 || c2 === 92) {
        text2 += escapeCodePoint(c2);
      } else text2 += String.fromCodePoint(c2);
    }
    this.out += text2 + '"';
    this.column += text2.length + 1;
    this.whitespace = false;
    this.indention = false;
  }
  literal(s3) {
    this.writeIndicator("|", true, false, false);
    const first = s3.charCodeAt(0);
    if (first === 32 || isBreak(first))
      this.writeIndicator(String(BEST_INDENT), false, false, false);
    const chomp = chompIndicator(s3);
    if (chomp !== "") this.writeIndicator(chomp, false, false, false);
    this.whitespace = true;
    let lineStart = 0;
    for (let i = 0; i <= s3.length; i++) {
      const c2 = i < s3.length ? s3.charCodeAt(i) : -1;
      if (c2 !== -1 && !isBreak(c2)) continue;
      if (i > lineStart) {
        this.writeIndent();
        this.out += s3.slice(lineStart, i);
        this.column += i - lineStart;
        this.indention = false;
      }
      if (c2 === 10) {
        this.putBreak();
      } else if (c2 !== -1) {
        this.out += s3.charAt(i);
        this.column = 0;
        this.indention = true;
      }
      lineStart = i + 1;
    }
  }
};
function marshalYaml(value) {
  const emitter = new Emitter();
  emitter.node(value, false, false);
  emitter.endDocument();
  return emitter.out;
}

// packages/gotemplate/src/yaml/yaml11.ts
var import_yaml = __toESM(require_dist(), 1);
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
function quoteFlowDashes(text2) {
  if (!/-[,\]}]/.test(text2)) return text2;
  let out = "";
  let depth = 0;
  let last = 0;
  let prev = "\n";
  for (let i = 0; i < text2.length; i++) {
    const c2 = text2.charAt(i);
    if (c2 === "'" || c2 === '"') {
      let j2 = i + 1;
      while (j2 < text2.length) {
        const d = text2.charAt(j2);
        if (c2 === '"' && d === "\\") j2 += 2;
        else if (d === c2 && c2 === "'" && text2.charAt(j2 + 1) === "'") j2 += 2;
        else if (d === c2) break;
        else j2++;
      }
      i = j2;
      prev = c2;
      continue;
    }
    if (c2 === "#" && (prev === " " || prev === "	" || prev === "\n")) {
      while (i + 1 < text2.length && text2.charAt(i + 1) !== "\n") i++;
      prev = " ";
      continue;
    }
    if (c2 === "[" || c2 === "{") depth++;
    else if ((c2 === "]" || c2 === "}") && depth > 0) depth--;
    else if (c2 === "-" && depth > 0 && /[,\]}]/.test(text2.charAt(i + 1)) && /[\s,[{:]/.test(prev)) {
      out += text2.slice(last, i) + "'-'";
      last = i + 1;
    }
    if (c2 !== " " && c2 !== "	") prev = c2;
    else if (prev !== "\n") prev = " ";
  }
  return last === 0 ? text2 : out + text2.slice(last);
}
function resolveTagged(tag, text2) {
  const value = resolvePlain(text2, true);
  let resolvedTag = shortTagOf(value);
  if (tag === TIMESTAMP_TAG && isGoTimestamp(text2)) resolvedTag = "!!timestamp";
  const wanted = "!!" + tag.slice(TAG_PREFIX.length);
  if (resolvedTag === wanted) {
    return resolvedTag === "!!timestamp" ? text2 : value ?? null;
  }
  if (tag === FLOAT_TAG && typeof value === "bigint" && value <= INT64_MAX3) return Number(value);
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
  if (!(0, import_yaml.isScalar)(node) || node.source !== "<<") return false;
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
    if (!(0, import_yaml.isAlias)(node)) return use(node);
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
      if ((0, import_yaml.isScalar)(target)) return decodeScalar(target);
      if ((0, import_yaml.isSeq)(target)) return target.items.map((item) => this.decode(item));
      if ((0, import_yaml.isMap)(target)) {
        const out = new GoMap([], IFACE_MAP);
        this.fillMapping(target, out);
        return out;
      }
      return null;
    });
  }
  fillMapping(node, out) {
    for (const pair of node.items) {
      if (isMergeKey(pair.key)) {
        this.merge(pair.value, out);
        continue;
      }
      const key = this.decode(pair.key);
      if (Array.isArray(key) || key instanceof GoMap) {
        fail(`invalid map key: ${Array.isArray(key) ? "[]interface {}" : key.type}`);
      }
      out.entries.set(
        key instanceof GoInt ? key.value : key,
        this.decode(pair.value)
      );
    }
  }
  /** Decodes a mapping (or an alias of one) into an existing map, as a merge does. */
  mergeOne(node, out) {
    this.count();
    this.viaAlias(node, (target) => {
      if (!(0, import_yaml.isMap)(target)) fail("map merge requires map or sequence of maps as the value");
      this.fillMapping(target, out);
    });
  }
  merge(node, out) {
    if (node !== null && ((0, import_yaml.isMap)(node) || (0, import_yaml.isAlias)(node))) {
      this.mergeOne(node, out);
    } else if (node !== null && (0, import_yaml.isSeq)(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) {
        const item = node.items[i];
        if (!(0, import_yaml.isMap)(item) && !(0, import_yaml.isAlias)(item)) {
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
  const docs = (0, import_yaml.parseAllDocuments)(quoteFlowDashes(text2), PARSE_OPTIONS);
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

// packages/core/src/model/gitops-path.ts
function cleanGitOpsPath(raw) {
  const trimmed = raw.trim();
  if (/[\u0000-\u001f\u007f\\]/.test(trimmed)) {
    return {
      ok: false,
      reason: `spec.path '${JSON.stringify(raw).slice(1, -1)}' holds a control character or a backslash; write a folder such as 'clusters/dev' with '/' between its parts.`
    };
  }
  if (trimmed.startsWith("/")) {
    return {
      ok: false,
      reason: `spec.path '${raw}' is absolute; write it relative to the GitOps repository root (e.g. 'clusters/dev', or '.' for the root).`
    };
  }
  const cleaned = cleanPath(trimmed);
  if (cleaned === ".." || cleaned.startsWith("../")) {
    return {
      ok: false,
      reason: `spec.path '${raw}' leaves the GitOps repository (it cleans to '${cleaned}'); write a folder inside it (e.g. 'clusters/dev', or '.' for the root).`
    };
  }
  if (cleaned.split("/").some((part) => part.toLowerCase() === ".git")) {
    return {
      ok: false,
      reason: `spec.path '${raw}' points into '.git', which git never stores; choose another folder.`
    };
  }
  const first = cleaned.split("/")[0];
  if (first !== "." && first.startsWith(".")) {
    return {
      ok: false,
      reason: `spec.path '${raw}' starts with the folder '${first}': a dot-folder at the root of the GitOps repository holds the repository's own machinery ('.github' its workflows, '.git' its history), and the manifests of an environment must not land there. Choose a folder such as 'clusters/dev'.`
    };
  }
  return { ok: true, path: cleaned === "." ? "" : cleaned };
}

// packages/core/src/gitops/tree.ts
var README_TEXT = "This folder contains deployment targets scheduled on the cluster type";
var TRACKING_FILE = ".github/tracking/Promoted_Commit_Id";
var encoder2 = new TextEncoder();
function normaliseGitOpsPath(path) {
  const result = cleanGitOpsPath(path);
  if (!result.ok) throw new Error(result.reason);
  return result.path;
}
function unsafeTreePathReason(path) {
  if (isSafeTreePath(path)) return void 0;
  if (path === "") return "the path is empty";
  if (path.startsWith("/")) return "the path is absolute";
  if (/[\u0000-\u001f\u007f\\]/.test(path))
    return "the path holds a control character or a backslash";
  for (const part of path.split("/")) {
    if (part === "" || part === "." || part === "..") return `the path has a '${part}' segment`;
    if (part.toLowerCase() === ".git") return "the path has a '.git' segment";
  }
  return void 0;
}
function isSafeTreePath(path) {
  const length = path.length;
  let start = 0;
  for (let i = 0; i <= length; i++) {
    const c2 = i === length ? 47 : path.charCodeAt(i);
    if (c2 === 47) {
      const size = i - start;
      if (size === 0) return false;
      if (path.charCodeAt(start) === 46) {
        if (size === 1) return false;
        if (size === 2 && path.charCodeAt(start + 1) === 46) return false;
        if (size === 4 && path.slice(start + 1, i).toLowerCase() === "git") return false;
      }
      start = i + 1;
    } else if (c2 < 32 || c2 === 127 || c2 === 92) return false;
  }
  return true;
}
function generatedFilesBuilder(clusterTypes, path) {
  const prefix = path === "" ? "" : `${path}/`;
  const files = /* @__PURE__ */ new Map();
  const readme = encoder2.encode(README_TEXT);
  for (const clusterType of clusterTypes) files.set(`${prefix}${clusterType}/README.md`, readme);
  const bytes = arenaEncoder();
  const encode2 = (pkg) => ({
    clusterType: pkg.clusterType,
    target: pkg.target,
    configFileName: pkg.configFileName,
    // Rendered text is a Go string: raw non-UTF-8 bytes are written back as bytes.
    reconciler: bytes(pkg.reconciler),
    namespace: bytes(pkg.namespace),
    config: pkg.config === "" ? void 0 : bytes(pkg.config)
  });
  const addEncoded = (pkg) => {
    const folder = `${prefix}${pkg.clusterType}/${pkg.target}/`;
    files.set(`${folder}reconciler.yaml`, pkg.reconciler);
    files.set(`${folder}namespace.yaml`, pkg.namespace);
    let size = pkg.reconciler.length + pkg.namespace.length;
    if (pkg.config !== void 0) {
      files.set(`${folder}${pkg.configFileName}`, pkg.config);
      size += pkg.config.length;
    }
    return size;
  };
  return {
    add: (pkg) => addEncoded(encode2(pkg)),
    encode: encode2,
    addEncoded,
    finish(promotedCommit) {
      if (promotedCommit !== "") files.set(TRACKING_FILE, encoder2.encode(promotedCommit));
      return files;
    }
  };
}
var ARENA_BYTES = 1024 * 1024;
function arenaEncoder() {
  let arena = new Uint8Array(0);
  let used = 0;
  return (text2) => {
    if (text2.length * 3 > ARENA_BYTES / 4) return goStringBytes(text2);
    if (arena.length - used < text2.length * 3) {
      arena = new Uint8Array(ARENA_BYTES);
      used = 0;
    }
    const { written } = encoder2.encodeInto(text2, arena.subarray(used));
    if (written !== text2.length && /[\uD800-\uDFFF]/.test(text2)) return goStringBytes(text2);
    const view = arena.subarray(used, used + written);
    used += written;
    return view;
  };
}
function isOwnedPath(path, gitopsPath) {
  return ownedStart(path, gitopsPath) >= 0;
}
function ownedFolder(path, gitopsPath) {
  const start = ownedStart(path, gitopsPath);
  return start < 0 ? void 0 : path.slice(0, path.indexOf("/", start));
}
function ownedStart(path, gitopsPath) {
  let start = 0;
  if (gitopsPath !== "") {
    if (path.length <= gitopsPath.length || path.charCodeAt(gitopsPath.length) !== 47 || !path.startsWith(gitopsPath))
      return -1;
    start = gitopsPath.length + 1;
  }
  const slash = path.indexOf("/", start);
  return slash > start && path.charCodeAt(start) !== 46 ? start : -1;
}

// packages/core/src/gitops/plan.ts
var PLAN_PATHS_KEPT = 200;
function planCounts(plan) {
  return plan.counts ?? {
    added: plan.added.length,
    changed: plan.changed.length,
    removed: plan.removed.length
  };
}
var PLAN_TARGETS_KEPT = 10;
function boundedClusterTypePlan(plan) {
  return {
    ...plan,
    assignmentsAdded: plan.assignmentsAdded.slice(0, PLAN_TARGETS_KEPT),
    assignmentsRemoved: plan.assignmentsRemoved.slice(0, PLAN_TARGETS_KEPT),
    assignmentsChanged: plan.assignmentsChanged.slice(0, PLAN_TARGETS_KEPT),
    counts: plan.counts ?? {
      assignmentsAdded: plan.assignmentsAdded.length,
      assignmentsRemoved: plan.assignmentsRemoved.length,
      assignmentsChanged: plan.assignmentsChanged.length
    }
  };
}
function diffListings(before, after, gitopsPath, tail) {
  return diffBy(before, after, gitopsPath, (a, b2) => a === b2, tail);
}
function comparedHead(start, after, tail) {
  return tail !== void 0 && tail.from === start && tail.count <= after.size ? after.size - tail.count : after.size;
}
var PlannedListing = class {
  size;
  head;
  tail;
  takenBy;
  constructor(head, tail, takenBy) {
    this.head = head;
    this.tail = tail;
    this.takenBy = takenBy;
    this.size = head.size + tail.size;
  }
  get(path) {
    return this.head.get(path) ?? this.tail.get(path);
  }
  has(path) {
    return this.head.has(path) || this.tail.has(path);
  }
  forEach(callback, thisArg) {
    this.head.forEach((entry, path) => callback.call(thisArg, entry, path, this));
    this.tail.forEach((entry, path) => callback.call(thisArg, entry, path, this));
  }
  *entries() {
    yield* this.head.entries();
    yield* this.tail.entries();
  }
  *keys() {
    yield* this.head.keys();
    yield* this.tail.keys();
  }
  *values() {
    yield* this.head.values();
    yield* this.tail.values();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
};
function keepUnowned(listing, gitopsPath, into) {
  for (const [path, entry] of listing) if (!isOwnedPath(path, gitopsPath)) into.set(path, entry);
}
function diffBy(before, after, gitopsPath, same, tail) {
  const added = [];
  const changed = [];
  const removed = [];
  const head = comparedHead(before, after, tail);
  let found = after.size - head;
  let index = 0;
  for (const [path, value] of after) {
    if (index++ === head) break;
    const old = before.get(path);
    if (old === void 0) added.push(path);
    else {
      found++;
      if (!same(old, value)) changed.push(path);
    }
  }
  if (found !== before.size) {
    for (const path of before.keys()) if (!after.has(path)) removed.push(path);
  }
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
function isEmptyPlan(plan) {
  const counts = planCounts(plan);
  return counts.added + counts.changed + counts.removed === 0;
}
function planByClusterType(before, after, gitopsPath, touched) {
  const foldersBefore = targetFolders(before, gitopsPath);
  const foldersAfter = targetFolders(after, gitopsPath);
  const touchedByType = /* @__PURE__ */ new Map();
  const filesByType = /* @__PURE__ */ new Map();
  for (const path of touched) {
    const parts = ownedHead(path, gitopsPath);
    if (!parts) continue;
    filesByType.set(parts[0], (filesByType.get(parts[0]) ?? 0) + 1);
    if (parts[1] !== void 0) {
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
  let last;
  for (const path of tree.keys()) {
    if (last !== void 0 && path.startsWith(last)) continue;
    const parts = ownedHead(path, gitopsPath);
    if (!parts || parts[1] === void 0) continue;
    const set = out.get(parts[0]) ?? /* @__PURE__ */ new Set();
    set.add(parts[1]);
    out.set(parts[0], set);
    last = path.slice(0, parts[2]);
  }
  return out;
}
function ownedHead(path, gitopsPath) {
  const start = ownedStart(path, gitopsPath);
  if (start < 0) return void 0;
  const first = path.indexOf("/", start);
  const clusterType = path.slice(start, first);
  const second = path.indexOf("/", first + 1);
  if (second < 0) return [clusterType, void 0, path.length];
  return [clusterType, path.slice(first + 1, second), second + 1];
}

// packages/core/src/markdown/markdown.ts
var MENTION_BREAK = "\u200B";
function inertMentions(value) {
  return value.replace(/(^|[^A-Za-z0-9_`])@(?=[A-Za-z0-9])/g, `$1@${MENTION_BREAK}`);
}
function inertText(value) {
  return inertMentions(redactUrlCredentials(value));
}
function utf8Bytes(value) {
  return new TextEncoder().encode(value).length;
}
function cutToBytes(value, bytes) {
  if (value.length <= bytes / 3 || utf8Bytes(value) <= bytes) return value;
  const encoded = new TextEncoder().encode(value);
  let end = Math.max(0, bytes);
  while (end > 0 && (encoded[end] & 192) === 128) end -= 1;
  return new TextDecoder().decode(encoded.subarray(0, end));
}
function shortSha(sha) {
  return sha.slice(0, 7);
}
function commitLink(repositoryUrl, sha) {
  return `[\`${shortSha(sha)}\`](${redactUrlCredentials(repositoryUrl, "")}/commit/${sha})`;
}
function code(value) {
  const safe = redactUrlCredentials(value);
  const bounded = (safe.length > 200 ? `${safe.slice(0, 200)}\u2026` : safe).replace(/[\r\n]+/g, " ");
  const escaped = bounded.replaceAll("|", "\\|");
  const fence = "`".repeat(longestRun(escaped, "`") + 1);
  const pad2 = escaped.startsWith("`") || escaped.endsWith("`") ? " " : "";
  return `${fence}${pad2}${escaped}${pad2}${fence}`;
}
function text(value) {
  const safe = redactUrlCredentials(value);
  const bounded = safe.length > 2e3 ? `${safe.slice(0, 2e3)}\u2026` : safe;
  return inertMentions(
    bounded.replace(/[\r\n]+/g, " ").replace(/[\\`*_[\]<>|~#!]/g, (c2) => `\\${c2}`)
  );
}
function codeBlock(text2, language = "text") {
  const safe = redactUrlCredentials(text2);
  const fence = "`".repeat(Math.max(3, longestRun(safe, "`") + 1));
  return `${fence}${language}
${safe}
${fence}`;
}
function summaryLine(text2, limit = Number.POSITIVE_INFINITY) {
  const flat = redactUrlCredentials(text2).replace(/\s*[\r\n]+\s*/g, " ");
  const bounded = flat.length > limit ? `${flat.slice(0, limit - 1)}\u2026` : flat;
  return inertMentions(bounded.replaceAll("&", "&amp;").replaceAll("<", "&lt;"));
}
function tableCell(text2, limit = 240) {
  return summaryLine(text2.replace(/\s+/g, " ").trim(), limit).replaceAll("|", "\\|");
}
function table(header, rows) {
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => " --- ").join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`)
  ];
}
var FACTS_HEADER = ["Item", "Value"];
function factsTable(rows) {
  return table(FACTS_HEADER, rows);
}
function folded(summary, body) {
  return [`<details><summary>${summary}</summary>`, "", ...body, "", "</details>"];
}
function count(n, singular, plural = `${singular}s`) {
  return `${n} ${n === 1 ? singular : plural}`;
}
function longestRun(value, char) {
  let longest = 0;
  let run = 0;
  for (const c2 of value) {
    run = c2 === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
function warningLines(warnings, line = formatProblem) {
  if (warnings.length === 0) return [];
  return [
    "",
    ...folded(
      `\u26A0\uFE0F ${count(warnings.length, "warning")} (not failing the run)`,
      warnings.map((w2) => `- ${summaryLine(line(w2))}`)
    )
  ];
}

// node_modules/mustache/mustache.mjs
var objectToString = Object.prototype.toString;
var isArray = Array.isArray || function isArrayPolyfill(object) {
  return objectToString.call(object) === "[object Array]";
};
function isFunction(object) {
  return typeof object === "function";
}
function typeStr(obj2) {
  return isArray(obj2) ? "array" : typeof obj2;
}
function escapeRegExp(string) {
  return string.replace(/[\-\[\]{}()*+?.,\\\^$|#\s]/g, "\\$&");
}
function hasProperty(obj2, propName) {
  return obj2 != null && typeof obj2 === "object" && propName in obj2;
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
  return String(string).replace(/[&<>"'`=\/]/g, function fromEntityMap(s3) {
    return entityMap[s3];
  });
}
var whiteRe = /\s*/;
var spaceRe = /\s+/;
var equalsRe = /\s*=/;
var curlyRe = /\s*\}/;
var tagRe = /#|\^|\/|>|\{|&|=|!/;
function parseTemplate(template, tags) {
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
  var index = this.tail.search(re), match;
  switch (index) {
    case -1:
      match = this.tail;
      this.tail = "";
      break;
    case 0:
      match = "";
      break;
    default:
      match = this.tail.substring(0, index);
      this.tail = this.tail.substring(index);
  }
  this.pos += match.length;
  return match;
};
function Context(view, parentContext) {
  this.view = view;
  this.cache = { ".": this.view };
  this.parent = parentContext;
}
Context.prototype.push = function push(view) {
  return new Context(view, this);
};
Context.prototype.lookup = function lookup(name) {
  var cache = this.cache;
  var value;
  if (cache.hasOwnProperty(name)) {
    value = cache[name];
  } else {
    var context = this, intermediateValue, names, index, lookupHit = false;
    while (context) {
      if (name.indexOf(".") > 0) {
        intermediateValue = context.view;
        names = name.split(".");
        index = 0;
        while (intermediateValue != null && index < names.length) {
          if (index === names.length - 1)
            lookupHit = hasProperty(intermediateValue, names[index]) || primitiveHasOwnProperty(intermediateValue, names[index]);
          intermediateValue = intermediateValue[names[index++]];
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
    cache[name] = value;
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
Writer.prototype.parse = function parse(template, tags) {
  var cache = this.templateCache;
  var cacheKey = template + ":" + (tags || mustache.tags).join(":");
  var isCacheEnabled = typeof cache !== "undefined";
  var tokens = isCacheEnabled ? cache.get(cacheKey) : void 0;
  if (tokens == void 0) {
    tokens = parseTemplate(template, tags);
    isCacheEnabled && cache.set(cacheKey, tokens);
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
    for (var j2 = 0, valueLength = value.length; j2 < valueLength; ++j2) {
      buffer += this.renderTokens(token[4], context.push(value[j2]), partials, originalTemplate, config);
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
  var escape = this.getConfigEscape(config) || mustache.escape;
  var value = context.lookup(token[1]);
  if (value != null)
    return typeof value === "number" && escape === mustache.escape ? String(value) : escape(value);
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
  set templateCache(cache) {
    defaultWriter.templateCache = cache;
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
mustache.parse = function parse2(template, tags) {
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
var mustache_default = mustache;

// packages/core/src/model/append.ts
function appendAll(target, ...sources) {
  for (const source of sources) for (const item of source) target.push(item);
  return target;
}

// packages/core/src/publish/messages.ts
var DEFAULT_TITLE_TEMPLATE = "Update manifests in {{base}} from {{branch}}{{#promotes}}: {{promotes}}{{/promotes}}";
var TITLE_LIMIT = 256;
var TITLE_SUBJECT_LIMIT = 120;
var TITLE_KEYS = 3;
function oneLine(value) {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, " ").trim();
}
function clip(value, limit) {
  const chars = [...value];
  return chars.length <= limit ? value : `${chars.slice(0, limit - 1).join("")}\u2026`;
}
function promotesOf(promoted, promotedCommit, subject, configChanges = []) {
  if (promoted && promotedCommit !== "") {
    const line = clip(oneLine(subject ?? ""), TITLE_SUBJECT_LIMIT);
    return `promote ${promotedCommit.slice(0, 7)}${line ? `: ${line}` : ""}`;
  }
  const keys = [
    ...new Set(configChanges.flatMap((c2) => c2.config.map((k2) => oneLine(k2.key))))
  ].filter((k2) => k2 !== "");
  if (keys.length === 0) return "configuration or workload change";
  const shown = keys.slice(0, TITLE_KEYS).map((k2) => clip(k2, 60));
  const more = keys.length - shown.length;
  return `config change: ${shown.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}
function titleOf(template, view) {
  return clip(inertText(oneLine(renderMessage(template, view))), TITLE_LIMIT);
}
var DEFAULT_BODY_TEMPLATE = `This PR updates the manifests in GitOps Repo for the **{{environment}}** environment.

{{#promoted}}Promotes control-plane commit \`{{promotedCommit}}\`.{{/promoted}}{{^promoted}}No new promoted commit: the change comes from the environment's configuration or the workloads.{{/promoted}}
{{#promotedCommitLine}}{{promotedCommitLine}}{{#compareUrl}} \xB7 [changes since \`{{previousPromotedCommitShort}}\`]({{compareUrl}}){{/compareUrl}}
{{/promotedCommitLine}}{{assignments}} assignments; files: {{filesAdded}} added, {{filesChanged}} changed, {{filesRemoved}} removed.

{{plan}}

{{#configChanges}}{{configChanges}}

{{/configChanges}}{{#assignmentReasons}}{{assignmentReasons}}

{{/assignmentReasons}}{{#runUrl}}Rendered by [this run]({{runUrl}}) from {{controlPlaneRepository}}.{{/runUrl}}`;
var DEFAULT_COMMIT_TEMPLATE = `Kalypso: render {{environment}}{{#promoted}} at {{promotedCommitShort}}{{/promoted}}

{{assignments}} assignments; files: {{filesAdded}} added, {{filesChanged}} changed, {{filesRemoved}} removed.{{#promotedCommit}}
Promoted-Commit-Id: {{promotedCommit}}{{/promotedCommit}}`;
function renderMessage(template, view) {
  return mustache_default.render(template, view, {}, { escape: (value) => String(value) });
}
function checkMessageTemplate(name, template) {
  try {
    mustache_default.parse(template);
  } catch (error) {
    throw new UserError(
      // inert: not markdown (an error message: the runner log and `fail` make it inert)
      `The '${name}' template does not parse: ${error instanceof Error ? error.message : String(error)}. Fix the input (mustache syntax: {{name}}, {{#flag}}\u2026{{/flag}}).`,
      void 0,
      { cause: error }
    );
  }
}
function planMarkdown(plan, maxFiles = PLAN_PATHS_KEPT) {
  const lines = [];
  if (plan.clusterTypes.length > 0) {
    appendAll(
      lines,
      table(
        ["cluster type", "assignments added", "assignments removed", "re-rendered", "files"],
        plan.clusterTypes.map((c2) => [
          code(c2.clusterType),
          list(c2.assignmentsAdded, c2.counts?.assignmentsAdded),
          list(c2.assignmentsRemoved, c2.counts?.assignmentsRemoved),
          list(c2.assignmentsChanged, c2.counts?.assignmentsChanged),
          String(c2.filesChanged)
        ])
      )
    );
  }
  const files = [
    ...plan.added.map((p) => `A ${p}`),
    ...plan.changed.map((p) => `M ${p}`),
    ...plan.removed.map((p) => `D ${p}`)
  ];
  const counts = planCounts(plan);
  const total = counts.added + counts.changed + counts.removed;
  if (total > 0) {
    const shown = files.slice(0, plan.counts ? Math.min(maxFiles, PLAN_PATHS_KEPT) : maxFiles);
    const more = total - shown.length;
    appendAll(
      lines,
      [""],
      folded(count(total, "file"), [
        "```",
        ...shown,
        ...more > 0 ? [`\u2026 and ${more} more`] : [],
        "```"
      ])
    );
  }
  return lines.join("\n");
}
function list(items, total = items.length) {
  if (total === 0) return "\u2013";
  const shown = items.slice(0, PLAN_TARGETS_KEPT).map((i) => `\`${i}\``);
  return total > PLAN_TARGETS_KEPT ? `${shown.join(", ")} and ${total - PLAN_TARGETS_KEPT} more` : shown.join(", ");
}

// packages/core/src/publish/write-plan.ts
async function pushOrFail(repository, branch, commit, lease, environment, during) {
  const pushing = repository.replaceBranch(branch, commit, lease);
  if (during) {
    const settled = Promise.resolve().then(during).catch(() => void 0);
    await pushing.catch(() => void 0);
    await settled;
  }
  const pushed = await pushing;
  if (pushed === "rejected") {
    throw new Error(
      `Branch '${branch}' of '${repository.fullName}' moved while this run wrote it (another schedule run for '${environment}'?). Run the schedule again.`
    );
  }
}
var FILE_MODE = "100644";
function sameListing(a, b2, tail) {
  if (a.size !== b2.size) return false;
  const head = comparedHead(a, b2, tail);
  if (head === b2.size) {
    for (const [path, entry] of a) if (b2.get(path) !== entry) return false;
    return true;
  }
  let index = 0;
  for (const [path, entry] of b2) {
    if (index++ === head) break;
    if (a.get(path) !== entry) return false;
  }
  return true;
}
function changesFrom(start, after, generated, tail) {
  const changes = /* @__PURE__ */ new Map();
  const head = comparedHead(start, after, tail);
  let found = after.size - head;
  let index = 0;
  for (const [path, entry] of after) {
    if (index++ === head) break;
    const old = start.get(path);
    if (old === void 0) {
      const bytes2 = generated.get(path);
      if (bytes2 === void 0) return void 0;
      changes.set(path, bytes2);
      continue;
    }
    found++;
    if (old === entry) continue;
    const bytes = generated.get(path);
    if (bytes === void 0) return void 0;
    changes.set(path, bytes);
  }
  if (found !== start.size) {
    for (const path of start.keys()) if (!after.has(path)) changes.set(path, null);
  }
  return changes;
}
function writeStart(base, branch, after, generated, tail) {
  const fromBase = changesFrom(base.files, after, generated, tail);
  const fromBranch = branch ? changesFrom(branch.files, after, generated, tail) : void 0;
  if (branch && fromBranch && (!fromBase || fromBranch.size < fromBase.size))
    return { treeId: branch.treeId, files: branch.files, changes: fromBranch };
  return fromBase ? { treeId: base.treeId, files: base.files, changes: fromBase } : void 0;
}

// packages/core/src/publish/composed-plan.ts
async function composedPlan(input) {
  const { gitopsPath } = input;
  const prefix = gitopsPath === "" ? "" : `${gitopsPath}/`;
  const baseFolders = /* @__PURE__ */ new Map();
  for (const [path, entry] of input.baseEntries) {
    if (!path.startsWith(prefix)) continue;
    const name = path.slice(prefix.length);
    if (name === "" || name.includes("/") || name.startsWith(".")) continue;
    if (entry.startsWith("040000 ")) baseFolders.set(path, entry.slice("040000 ".length));
    else if (input.folders.has(path))
      throw new Error(
        `The GitOps branch holds '${path}' as '${entry.slice(0, 60)}', where the join writes a cluster-type folder. Remove it from the GitOps branch.`
      );
  }
  const added = new Kept();
  const changed = new Kept();
  const removed = new Kept();
  const clusterTypes = [];
  const removeFolders = [];
  for (const folder of [.../* @__PURE__ */ new Set([...baseFolders.keys(), ...input.folders.keys()])].sort()) {
    const before = baseFolders.get(folder);
    const after = input.folders.get(folder);
    if (before === after) continue;
    if (after === void 0) removeFolders.push(folder);
    const folderPlan = diffListings(
      await listedUnder(input, folder, before),
      await listedUnder(input, folder, after),
      gitopsPath
    );
    added.add(folderPlan.added);
    changed.add(folderPlan.changed);
    removed.add(folderPlan.removed);
    for (const clusterType of folderPlan.clusterTypes)
      clusterTypes.push(boundedClusterTypePlan(clusterType));
  }
  let promoted = false;
  for (const [path, { before, after }] of input.own) {
    if (isOwnedPath(path, gitopsPath))
      throw new Error(`The join's own file '${path}' lies in a cluster-type folder.`);
    if (before === after) continue;
    (before === void 0 ? added : changed).add([path]);
    if (path === TRACKING_FILE) promoted = true;
  }
  return {
    plan: {
      added: added.paths(),
      changed: changed.paths(),
      removed: removed.paths(),
      promoted,
      clusterTypes,
      counts: { added: added.count, changed: changed.count, removed: removed.count }
    },
    removeFolders
  };
}
async function listedUnder(input, folder, treeId) {
  const listed = /* @__PURE__ */ new Map();
  if (treeId === void 0) return listed;
  for (const [path, entry] of await input.listTree(treeId)) listed.set(`${folder}/${path}`, entry);
  return listed;
}
var Kept = class {
  count = 0;
  kept = [];
  add(paths) {
    this.count += paths.length;
    for (const path of paths) this.kept.push(path);
    if (this.kept.length > 4 * PLAN_PATHS_KEPT) this.kept = this.paths();
  }
  paths() {
    return this.kept.sort().slice(0, PLAN_PATHS_KEPT);
  }
  /**
   * Whether no path from `lowest` on can be among the first PLAN_PATHS_KEPT: as many are kept
   * already, each below `lowest` (such paths are only counted: `skip`).
   */
  full(lowest) {
    if (this.kept.length < PLAN_PATHS_KEPT) return false;
    this.kept = this.paths();
    return this.kept[PLAN_PATHS_KEPT - 1] < lowest;
  }
  /** Counts paths `full` said need not be kept. */
  skip(count2) {
    this.count += count2;
  }
};

// packages/core/src/render/index-use.ts
var MODE_PREFIX = "100644 ";
function namesOf(pkg) {
  const names = ["reconciler.yaml", "namespace.yaml"];
  if (pkg.config !== void 0 && pkg.config !== "") names.push(pkg.configFileName);
  return names;
}
var KnownFiles = class {
  size;
  /**
   * The listing every file here was checked in and taken from, as it holds them (each entry's
   * `listedIn`, when all share one): compared with it, these files are the same without a lookup.
   */
  from;
  /**
   * Whether these paths are none of the render's other files nor a path the scheduler does not
   * own: every folder of the render was kept once, and every folder taken is owned. They can then
   * follow the other entries of a planned listing without a lookup (`PlannedListing`).
   */
  disjoint;
  /** The keys of the render that took these files (each `indexed` entry's files are here). */
  takenBy;
  taken;
  byPath;
  constructor(taken, disjoint = false, takenBy) {
    this.taken = taken;
    this.disjoint = disjoint;
    this.takenBy = takenBy;
    let size = 0;
    let from = taken[0]?.[1].listedIn;
    for (const [, entry] of taken) {
      size += entry.files.size;
      if (entry.listed === void 0 || entry.listedIn !== from) from = void 0;
    }
    this.size = size;
    this.from = from;
  }
  forEach(callback, thisArg) {
    for (const [folder, { files, listed }] of this.taken) {
      if (listed !== void 0) {
        for (let i = 0; i < listed.length; i += 2)
          callback.call(thisArg, listed[i + 1], listed[i], this);
      } else {
        for (const [name, blob] of files)
          callback.call(thisArg, `${MODE_PREFIX}${blob}`, `${folder}/${name}`, this);
      }
    }
  }
  *entries() {
    for (const [folder, { files, listed }] of this.taken) {
      if (listed !== void 0) {
        for (let i = 0; i < listed.length; i += 2) yield [listed[i], listed[i + 1]];
      } else {
        for (const [name, blob] of files) yield [`${folder}/${name}`, `${MODE_PREFIX}${blob}`];
      }
    }
  }
  *keys() {
    for (const [path] of this.entries()) yield path;
  }
  *values() {
    for (const [, entry] of this.entries()) yield entry;
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  /** The folders taken and their index entries, in the order of the render. */
  folders() {
    return this.taken;
  }
  get(path) {
    return this.lookup().get(path);
  }
  has(path) {
    return this.lookup().has(path);
  }
  lookup() {
    this.byPath ??= new Map(this.entries());
    return this.byPath;
  }
};
function knownSource(known) {
  return known instanceof KnownFiles ? known.from : void 0;
}
function disjointKnown(known) {
  return known instanceof KnownFiles && known.disjoint ? { files: known, keys: known.takenBy } : void 0;
}
function takenFolders(known) {
  return known instanceof KnownFiles ? known.folders() : void 0;
}
var NameLists = class {
  last;
  of(files) {
    const last = this.last;
    if (last !== void 0 && last.length === files.size) {
      let i = 0;
      let same = true;
      for (const name of files.keys()) if (name !== last[i++]) same = false;
      if (same) return last;
    }
    this.last = Object.freeze([...files.keys()]);
    return this.last;
  }
};
var IndexUse = class {
  /** The folders taken from the index, in the order of the render. */
  taken_ = [];
  /** How many folders were kept; those kept without a key; whether a taken one is not owned. */
  kept = 0;
  unkeyed = [];
  unowned = false;
  gitopsPath;
  keys = /* @__PURE__ */ new Map();
  names = new NameLists();
  stable;
  /** The index entry of the folder being rendered (`taken`). */
  entry;
  prefix;
  index;
  wanted;
  constructor(index, wanted, gitopsPath) {
    this.index = index;
    this.wanted = wanted;
    this.prefix = gitopsPath === "" ? "" : `${gitopsPath}/`;
    this.gitopsPath = gitopsPath;
  }
  /** The folder of the assignment about to render. */
  start(assignment) {
    this.stable = void 0;
    this.entry = void 0;
    return `${this.prefix}${assignment.clusterType.name}/${assignment.target.name}`;
  }
  /** Whether the index holds the folder under this key (its files are then taken). */
  taken(memo, folder) {
    const entry = this.index?.get(folder);
    if (memo === void 0 || entry === void 0) return void 0;
    this.entry = entry;
    return (key) => {
      this.stable = memo.stableKey(key);
      return entry.key === this.stable;
    };
  }
  /**
   * Takes the folder as the index holds it, without keying its assignment, when the index has it
   * (the caller proved that no input of its key changed since the render that noted it: the
   * reach record, `reachedClusterTypes`). Its key is the entry's, as a keyed take would find it.
   */
  takeUnkeyed(folder) {
    const entry = this.index?.get(folder);
    if (entry === void 0) return false;
    this.kept++;
    this.takeEntry(folder, entry);
    return true;
  }
  /** Keeps the folder's stable key and files (taken from the index, or as rendered). */
  keep(memo, folder, result) {
    this.kept++;
    if ("indexed" in result) return this.takeEntry(folder, this.entry);
    if (!this.wanted) return;
    const [key, names] = "reused" in result ? [result.key, namesOf(result.reused)] : "reconciler" in result ? [result.key, namesOf(result)] : [void 0, []];
    if (key === void 0) {
      this.unkeyed.push(folder);
      return;
    }
    this.keys.set(folder, { key: this.stable ?? memo.stableKey(key), names });
  }
  /** A folder taken as the index holds it: its files, and its key for the next index. */
  takeEntry(folder, entry) {
    this.taken_.push([folder, entry]);
    if (ownedStart(folder, this.gitopsPath) < 0) this.unowned = true;
    this.keys.set(folder, { key: entry.key, names: this.names.of(entry.files), indexed: entry });
  }
  /** `indexable`: whether the next run may take this render's keys (false when it warned). */
  result(indexable) {
    const distinct = this.keys.size + this.unkeyed.length === this.kept && new Set(this.unkeyed).size === this.unkeyed.length && this.unkeyed.every((folder) => !this.keys.has(folder));
    const known = new KnownFiles(this.taken_, distinct && !this.unowned, this.keys);
    return {
      ...known.size === 0 ? {} : { known },
      ...this.wanted && indexable ? { keys: this.keys } : {}
    };
  }
};

// packages/core/src/publish/publish-draft.ts
async function listedDraft(request, repository) {
  const { rendered, base, branch } = request;
  const read = await repository.read(base, branch);
  if (!read.base) throw missingBase(rendered.gitOpsRepo, repository.fullName, base);
  const baseRead = read.base;
  const head = /* @__PURE__ */ new Map();
  keepUnowned(baseRead.files, rendered.gitopsPath, head);
  for (const [path, bytes] of rendered.files)
    head.set(path, `${FILE_MODE} ${repository.blobId(bytes)}`);
  const known = rendered.known;
  const disjoint = disjointKnown(known);
  let after = head;
  let atEnd = known === void 0;
  if (disjoint !== void 0) {
    after = new PlannedListing(head, disjoint.files, disjoint.keys);
    atEnd = true;
  } else if (known !== void 0) {
    const size = head.size;
    known.forEach((entry, path) => head.set(path, entry));
    atEnd = head.size === size + known.size;
  }
  const source = knownSource(known);
  const tail = source !== void 0 && atEnd ? { from: source, count: known.size } : void 0;
  const current = read.branch;
  return {
    plan: diffListings(baseRead.files, after, rendered.gitopsPath, tail),
    base: baseRead,
    branch: current,
    files: after,
    async build(message) {
      const currentFiles = current ? await current.files() : void 0;
      const onBase = current !== void 0 && current.parents.length === 1 && current.parents[0] === baseRead.head;
      if (onBase && currentFiles && sameListing(currentFiles, after, tail))
        return { treeId: current.treeId };
      const start = writeStart(
        baseRead,
        current && currentFiles ? { treeId: current.treeId, files: currentFiles } : void 0,
        after,
        rendered.files,
        tail
      );
      if (start === void 0) throw unwritable(rendered, base, branch);
      return commitChanges(repository, baseRead.head, start, start.changes, message());
    }
  };
}
async function composedDraft(request, composed, repository) {
  const { rendered, base, branch } = request;
  const { store, folders } = composed;
  const read = await store.readBranches(base, branch, rendered.gitopsPath, [
    ...rendered.files.keys()
  ]);
  if (!read.base) throw missingBase(rendered.gitOpsRepo, repository.fullName, base);
  const baseRead = read.base;
  const own = /* @__PURE__ */ new Map();
  const writes = /* @__PURE__ */ new Map();
  for (const [path, bytes] of rendered.files) {
    const after = `${FILE_MODE} ${repository.blobId(bytes)}`;
    const before = baseRead.entries.get(path);
    own.set(path, { before, after });
    if (before !== after) writes.set(path, bytes);
  }
  const { plan, removeFolders } = await composedPlan({
    gitopsPath: rendered.gitopsPath,
    baseEntries: baseRead.entries,
    folders,
    own,
    listTree: (treeId) => store.listTree(treeId)
  });
  const current = read.branch;
  return {
    plan,
    base: baseRead,
    branch: current,
    async build(message) {
      const written = await store.commit({
        parent: baseRead.head,
        start: baseRead.treeId,
        folders,
        removeFolders,
        writes,
        message: message()
      });
      const onBase = current !== void 0 && current.parents.length === 1 && current.parents[0] === baseRead.head;
      if (onBase && current.treeId === written.treeId) return { treeId: current.treeId };
      return {
        ...written,
        said: `${folders.size} cluster-type folders from the shards, ${writes.size} files written, ${removeFolders.length} folders deleted`
      };
    }
  };
}
async function commitChanges(repository, parent, start, changes, message, also) {
  const writes = /* @__PURE__ */ new Map();
  const deletes = [];
  for (const [path, bytes] of changes) {
    if (bytes === null) deletes.push(path);
    else writes.set(path, bytes);
  }
  const written = await repository.commit({
    parent,
    start: { treeId: start.treeId, files: start.files },
    writes,
    deletes,
    message
  });
  const said = `${writes.size} files written, ${deletes.length} deleted`;
  return { ...written, said: also === void 0 ? said : `${said}, ${also}` };
}
function unwritable(rendered, base, branch) {
  return new Error(
    `Internal error: the rendered tree of '${rendered.view.name}' can be written neither from '${base}' nor from '${branch}'; nothing was pushed. Re-run the schedule; report it if it persists.`
  );
}
function missingBase(gitOpsRepo, repository, base) {
  return new ControlPlaneError([
    {
      ...gitOpsRepo ? {
        file: gitOpsRepo.origin.file,
        line: gitOpsRepo.origin.line,
        object: `GitOpsRepo '${gitOpsRepo.name}'`
      } : {},
      message: `the GitOps branch '${base}' does not exist in '${repository}'. Create it (pull requests need a base branch) or fix spec.branch.`
    }
  ]);
}

// packages/core/src/publish/folded-draft.ts
async function foldedDraft(request, folded2, repository) {
  const { rendered, base, branch } = request;
  const { gitopsPath } = rendered;
  const reads = repository.folders;
  const known = rendered.known;
  const disjoint = disjointKnown(known);
  const cannot = () => {
    if (folded2.whole.size > 0)
      throw new Error(
        `The GitOps tree of '${rendered.view.name}' cannot be composed with the ${folded2.whole.size} cluster types the render index kept whole; nothing was pushed. Delete the notes ref refs/notes/kalypso-render/${base} in '${repository.fullName}' and run again: that run renders every cluster type.`
      );
    return void 0;
  };
  if (reads === void 0 || folded2.gitopsPath !== gitopsPath) return cannot();
  if (known !== void 0 && known.size > 0 && disjoint === void 0) return cannot();
  const read = await reads.read(base, branch, gitopsPath);
  if (!read.base) throw missingBase(rendered.gitOpsRepo, repository.fullName, base);
  const baseRead = read.base;
  const head = new Map(baseRead.outside);
  const own = /* @__PURE__ */ new Map();
  const planned = /* @__PURE__ */ new Map();
  const folderOf = (path) => {
    const folder = ownedFolder(path, gitopsPath);
    if (folder === void 0) return void 0;
    let found = planned.get(folder);
    if (found === void 0) planned.set(folder, found = { generated: /* @__PURE__ */ new Map(), taken: [] });
    return found;
  };
  for (const [path, bytes] of rendered.files) {
    const entry = `${FILE_MODE} ${repository.blobId(bytes)}`;
    head.set(path, entry);
    const folder = folderOf(path);
    if (folder === void 0) own.set(path, entry);
    else folder.generated.set(path, entry);
  }
  for (const taken of (disjoint && takenFolders(known)) ?? [])
    folderOf(`${taken[0]}/`).taken.push(taken);
  for (const folder of planned.keys()) if (baseRead.outside.has(folder)) return cannot();
  const kept = /* @__PURE__ */ new Map();
  for (const [folder, tree] of folded2.proven) {
    const found = planned.get(folder);
    if (found && found.taken.length === tree.folders.size && sameFiles(folder, found, tree.files))
      kept.set(folder, tree.id);
  }
  for (const [folder, { treeId }] of folded2.whole) {
    const found = planned.get(folder);
    if (!found || found.taken.length > 0 || !sameFiles(folder, found, folded2.readme))
      throw new Error(
        `The render of '${rendered.view.name}' wrote into the folder '${folder}' the render index kept whole; nothing was pushed. Delete the notes ref refs/notes/kalypso-render/${base} in '${repository.fullName}' and run again: that run renders every cluster type.`
      );
    kept.set(folder, treeId);
  }
  const plan = await foldedPlan(baseRead, planned, kept, own, gitopsPath);
  const outside = new Map(baseRead.outside);
  for (const [path, entry] of own) outside.set(path, entry);
  const files = disjoint ? new PlannedListing(head, disjoint.files, disjoint.keys) : head;
  const current = read.branch;
  const onBase = current !== void 0 && current.parents.length === 1 && current.parents[0] === baseRead.head;
  return {
    plan,
    base: baseRead,
    branch: current,
    files,
    async build(message) {
      const starts = onBase ? [current, baseRead] : [baseRead, ...current ? [current] : []];
      for (const start of starts) {
        if ([...folded2.whole].some(([folder, { treeId }]) => start.folders.get(folder) !== treeId))
          continue;
        const found = await changesIn(start, outside, planned, kept, rendered.files);
        if (found === void 0) continue;
        if (start === current && onBase && found.changes.size === 0)
          return { treeId: current.treeId };
        return commitChanges(
          repository,
          baseRead.head,
          { treeId: start.treeId, files: found.files },
          found.changes,
          message(),
          `${kept.size} cluster-type folders kept whole`
        );
      }
      throw unwritable(rendered, base, branch);
    }
  };
}
function sameFiles(folder, planned, files) {
  if (planned.generated.size !== files.size) return false;
  for (const [path, entry] of planned.generated) {
    const name = path.slice(folder.length + 1);
    const blob = files.get(name);
    if (blob === void 0 || name.includes("/") || entry !== `${FILE_MODE} ${blob}`) return false;
  }
  return true;
}
function plannedFiles(folder) {
  const files = /* @__PURE__ */ new Map();
  if (folder === void 0) return files;
  for (const [path, entry] of folder.generated) files.set(path, entry);
  for (const [assignment, entry] of folder.taken)
    for (const [name, blob] of entry.files)
      files.set(`${assignment}/${name}`, `${FILE_MODE} ${blob}`);
  return files;
}
function byFolder(listing, gitopsPath) {
  const folders = /* @__PURE__ */ new Map();
  for (const [path, entry] of listing) {
    const folder = ownedFolder(path, gitopsPath);
    if (folder === void 0) continue;
    let files = folders.get(folder);
    if (files === void 0) folders.set(folder, files = /* @__PURE__ */ new Map());
    files.set(path, entry);
  }
  return folders;
}
async function foldedPlan(baseRead, planned, kept, own, gitopsPath) {
  const all = [.../* @__PURE__ */ new Set([...baseRead.folders.keys(), ...planned.keys()])].sort();
  const compared = all.filter((f2) => !kept.has(f2) || kept.get(f2) !== baseRead.folders.get(f2));
  const listed = byFolder(
    await baseRead.list(compared.filter((f2) => baseRead.folders.has(f2))),
    gitopsPath
  );
  const added = new Kept();
  const changed = new Kept();
  const removed = new Kept();
  const clusterTypes = [];
  for (const folder of compared) {
    const whole = planned.get(folder);
    if (whole !== void 0 && kept.has(folder) && !baseRead.folders.has(folder)) {
      clusterTypes.push(addedWhole(folder, whole, added, gitopsPath));
      continue;
    }
    const folderPlan = diffListings(
      listed.get(folder) ?? /* @__PURE__ */ new Map(),
      plannedFiles(planned.get(folder)),
      gitopsPath
    );
    added.add(folderPlan.added);
    changed.add(folderPlan.changed);
    removed.add(folderPlan.removed);
    for (const clusterType of folderPlan.clusterTypes)
      clusterTypes.push(boundedClusterTypePlan(clusterType));
  }
  let promoted = false;
  for (const [path, entry] of own) {
    const before = baseRead.outside.get(path);
    if (before === entry) continue;
    (before === void 0 ? added : changed).add([path]);
    if (path === TRACKING_FILE) promoted = true;
  }
  return {
    added: added.paths(),
    changed: changed.paths(),
    removed: removed.paths(),
    promoted,
    clusterTypes,
    counts: { added: added.count, changed: changed.count, removed: removed.count }
  };
}
function addedWhole(folder, planned, added, gitopsPath) {
  let files = planned.generated.size;
  for (const [, entry] of planned.taken) files += entry.files.size;
  if (added.full(`${folder}/`)) added.skip(files);
  else added.add([...plannedFiles(planned).keys()]);
  const targets = [];
  for (const [assignment] of planned.taken) targets.push(assignment.slice(folder.length + 1));
  return boundedClusterTypePlan({
    clusterType: folder.slice(gitopsPath === "" ? 0 : gitopsPath.length + 1),
    assignmentsAdded: targets.sort(),
    assignmentsRemoved: [],
    assignmentsChanged: [],
    filesChanged: files
  });
}
async function changesIn(start, outside, planned, kept, generated) {
  const same = (folder) => kept.has(folder) && kept.get(folder) === start.folders.get(folder);
  const files = new Map(start.outside);
  const listed = await start.list([...start.folders.keys()].filter((f2) => !same(f2)));
  for (const [path, entry] of listed) files.set(path, entry);
  const after = new Map(outside);
  for (const [folder, found] of planned)
    if (!same(folder)) for (const [path, entry] of plannedFiles(found)) after.set(path, entry);
  const changes = changesFrom(files, after, generated);
  return changes === void 0 ? void 0 : { changes, files };
}

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
  for (const term of selector.matchExpressions) {
    const has = Object.hasOwn(labels, term.key);
    const value = labels[term.key];
    let ok;
    switch (term.operator) {
      case "In":
        ok = has && term.values.includes(value);
        break;
      case "NotIn":
        ok = !has || !term.values.includes(value);
        break;
      case "Exists":
        ok = has;
        break;
      case "DoesNotExist":
        ok = !has;
        break;
    }
    if (!ok) {
      const values = term.values.length ? ` [${term.values.join(", ")}]` : "";
      return `${term.key} ${term.operator}${values} (has ${describeLabel(labels, term.key)})`;
    }
  }
  return void 0;
}
function describeLabel(labels, key) {
  return Object.hasOwn(labels, key) ? `${key}=${labels[key]}` : `no '${key}' label`;
}

// packages/core/src/model/types.ts
function templateFileLine(template, index, manifestLine) {
  const at = template.manifestLines?.[index];
  if (at === void 0) return template.origin.line;
  return at.exact ? at.line + manifestLine - 1 : at.line;
}
function describeObject(object) {
  return `${object.kind} '${object.name}'`;
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
  for (const object of view.deploymentTargets) {
    if (object.environment !== view.name) continue;
    const clash = byName.get(object.name);
    if (clash) {
      problems.push({
        file: object.origin.file,
        line: object.origin.line,
        object: describeObject(object),
        message: `has the name of the deployment target that ${describeObject(clash.workload)} (${clash.workload.origin.file}:${clash.entry.line}) derives; on the operator the two overwrite each other. Rename this DeploymentTarget or remove the Workload entry.`
      });
      continue;
    }
    const target = handWrittenTarget(object);
    byName.set(object.name, target);
    targets.push(target);
  }
  return targets.sort((a, b2) => compareBytes(a.name, b2.name));
}
function handWrittenTarget(object) {
  const workspace = object.labels["workspace"] ?? "";
  return {
    name: object.name,
    workload: {
      kind: "Workload",
      name: object.labels["workload"] ?? "",
      labels: {},
      origin: object.origin,
      deploymentTargets: [],
      configSchemas: []
    },
    entry: {
      name: object.name,
      labels: object.labels,
      environment: object.environment,
      manifests: object.manifests,
      configSchemas: object.configSchemas,
      line: object.origin.line
    },
    workspace,
    labels: object.labels,
    manifests: object.manifests,
    configSchemas: object.configSchemas,
    object
  };
}
function policySelectsTarget(policy, target) {
  return (policy.workspace === "" || policy.workspace === target.workspace) && selectorMatches(policy.targetSelector, target.labels);
}
function schedule(view, targets) {
  const byType = /* @__PURE__ */ new Map();
  for (const policy of view.policies) {
    const selectedTargets = targets.filter((t) => policySelectsTarget(policy, t));
    if (selectedTargets.length === 0) continue;
    const selectedTypes = view.clusterTypes.filter(
      (c2) => selectorMatches(policy.clusterTypeSelector, c2.labels)
    );
    for (const clusterType of selectedTypes) {
      let pairs = byType.get(clusterType.name);
      if (!pairs) byType.set(clusterType.name, pairs = /* @__PURE__ */ new Map());
      for (const target of selectedTargets) {
        const existing = pairs.get(target.name);
        if (existing) existing.policies.push(policy.name);
        else pairs.set(target.name, { target, clusterType, policies: [policy.name] });
      }
    }
  }
  const assignments = [];
  for (const name of [...byType.keys()].sort(compareBytes)) {
    const pairs = byType.get(name);
    for (const target of [...pairs.keys()].sort(compareBytes)) assignments.push(pairs.get(target));
  }
  return assignments;
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
function compareBytes(a, b2) {
  return a < b2 ? -1 : a > b2 ? 1 : 0;
}

// packages/core/src/publish/promotion-markdown.ts
var BODY_LIMIT = 6e4;
var SHOWN_ROWS = 200;
function promotedCommitLine(controlPlaneUrl, facts) {
  const subject = facts.subject.length > 120 ? `${facts.subject.slice(0, 120)}\u2026` : facts.subject;
  return `${commitLink(controlPlaneUrl, facts.sha)} ${text(subject)} \u2014 ${text(facts.author)}`;
}
function compareUrl(controlPlaneUrl, previous, current) {
  if (previous === "" || current === "" || previous === current) return "";
  return `${controlPlaneUrl}/compare/${previous}...${current}`;
}
function assignmentReasonsMarkdown(assignments, shown = SHOWN_ROWS) {
  if (assignments.length === 0) return "";
  const rows = [...assignments].sort(
    (a, b2) => compareBytes(a.clusterType.name, b2.clusterType.name) || compareBytes(a.target.name, b2.target.name)
  ).slice(0, shown).map((a) => [code(a.clusterType.name), code(a.target.name), a.policies.map(code).join(", ")]);
  const more = assignments.length - shown;
  return folded(`Why each assignment (${count(assignments.length, "assignment")})`, [
    ...table(
      ["cluster type", "deployment target", "selected by policy"],
      [...rows, ...more > 0 ? [["\u2026", `and ${more} more`, ""]] : []]
    )
  ]).join("\n");
}
function configChangesMarkdown(clusterTypes, shown = SHOWN_ROWS) {
  const value = (v2) => v2 === void 0 ? "*(absent)*" : code(v2);
  const rows = clusterTypes.flatMap(
    (c2) => c2.config.map((k2) => [
      code(c2.clusterType),
      code(k2.key),
      value(k2.before),
      value(k2.after),
      String(k2.targets.length)
    ])
  );
  if (rows.length === 0) return "";
  const more = rows.length - shown;
  return folded(`Config keys that change (${rows.length})`, [
    ...table(
      ["cluster type", "key", "old", "new", "targets"],
      [...rows.slice(0, shown), ...more > 0 ? [["\u2026", `and ${more} more`, "", "", ""]] : []]
    )
  ]).join("\n");
}
function chainSkipWarning(skip) {
  return [
    "> [!WARNING]",
    `> **This promotion skipped the promotion chain.** ${code(skip.actor)} promoted the commit without the previous environment reporting it deployed.`,
    `> Reason: ${code(skip.reason)}`
  ].join("\n");
}

// packages/core/src/publish/publish-environment.ts
var PROMOTED_LABEL = "promoted";
function pullRequestMarker(environment) {
  return `<!-- kalypso-actions:schedule environment=${environment} -->`;
}
async function publishEnvironment(request, deps) {
  const { repository, reporter } = deps;
  const { base, branch } = request;
  const { noted } = request;
  const draft = noted ? noted.draft : request.composed ? await composedDraft(
    { ...request, rendered: renderedOf(request) },
    request.composed,
    repository
  ) : (request.folded ? await foldedDraft(
    { ...request, rendered: renderedOf(request) },
    request.folded,
    repository
  ) : void 0) ?? await listedDraft({ ...request, rendered: renderedOf(request) }, repository);
  const { plan } = draft;
  const [open, promotion] = await Promise.allSettled([
    deps.pullRequests.listOpen(branch, base),
    request.promotion && !noted && !isEmptyPlan(plan) ? request.promotion() : Promise.resolve({})
  ]);
  if (open.status === "rejected") throw open.reason;
  if (promotion.status === "rejected") throw promotion.reason;
  const marker = pullRequestMarker(request.environment);
  const ours = open.value.find((p) => p.body.includes(marker));
  let head = draft.branch?.head;
  const said = {};
  let proposedTree = draft.base.treeId;
  const result = (operation, pr, autoMerge2) => ({
    operation: request.dryRun ? "none" : operation,
    wouldDo: operation,
    plan,
    pullRequest: pr ? { number: pr.number, url: pr.url } : void 0,
    ...pr && head && operation !== "closed" ? { pullRequestHead: head } : {},
    baseHead: draft.base.head,
    ...autoMerge2 ? { autoMerge: autoMerge2 } : {},
    ...proposedTree && !request.dryRun && draft.files ? { proposed: { treeId: proposedTree, files: draft.files } } : {},
    ...said
  });
  if (isEmptyPlan(plan)) {
    reporter.info(`The GitOps branch '${base}' already holds the rendered environment.`);
    if (!ours) return result("none");
    if (!request.dryRun) {
      await deps.pullRequests.close(ours.number);
      if (draft.branch) await repository.deleteBranch(branch, draft.branch.head);
      reporter.info(`Closed pull request #${ours.number}: nothing left to propose.`);
    }
    return result("closed");
  }
  const view = noted?.view ? { ...noted.view, plan: planMarkdown(plan), runUrl: request.runUrl } : messageView({ ...request, ...promotion.value }, plan, renderedOf(request));
  const title = titleOf(request.templates.title, view);
  const skip = noted ? noted.chainSkip : { ...request, ...promotion.value }.chainSkip;
  said.message = { view, chainSkip: skip };
  const warning = skip ? `${chainSkipWarning(skip)}

` : "";
  const body = `${warning}${boundedBody(request.templates.body, view)}

${marker}
`;
  if (request.dryRun) return result(ours ? "updated" : "created", ours);
  const built = await draft.build(() => renderMessage(request.templates.commit, view));
  proposedTree = built.treeId;
  if (built.commit === void 0) {
    if (ours) {
      reporter.info(`Pull request #${ours.number} already proposes this content; left as it is.`);
      const autoMerge2 = await syncPullRequest(ours, { title, body }, request, plan, deps);
      return result("none", ours, autoMerge2);
    }
  } else {
    await pushOrFail(
      repository,
      branch,
      built.commit,
      draft.branch?.head ?? "",
      request.environment,
      draft.files && request.whilePushing?.bind(null, { treeId: built.treeId, files: draft.files })
    );
    head = built.commit;
    reporter.info(
      `Pushed ${built.commit.slice(0, 7)} to '${branch}' on top of '${base}' (${built.said}).`
    );
    request.pushed?.(result(ours ? "updated" : "created", ours));
  }
  if (ours) {
    const autoMerge2 = await syncPullRequest(ours, { title, body }, request, plan, deps);
    reporter.info(`Updated pull request #${ours.number}.`);
    return result("updated", ours, autoMerge2);
  }
  const created = await deps.pullRequests.create({
    head: branch,
    base,
    title,
    body,
    draft: request.draft
  });
  const autoMerge = await syncLabels(created, request, plan, deps);
  if (request.reviewers.length + request.teamReviewers.length > 0)
    await deps.pullRequests.requestReviewers(
      created.number,
      request.reviewers,
      request.teamReviewers
    );
  reporter.info(`Created pull request #${created.number}: ${created.url}`);
  return result("created", created, autoMerge);
}
async function syncPullRequest(pr, message, request, plan, deps) {
  if (pr.title !== message.title || pr.body !== message.body)
    await deps.pullRequests.update(pr.number, message);
  if (pr.draft !== request.draft) {
    await deps.pullRequests.setDraft(pr, request.draft);
    deps.reporter.info(
      request.draft ? `Converted #${pr.number} back to a draft ('draft' is true).` : `Marked #${pr.number} ready for review ('draft' is false).`
    );
  }
  return syncLabels(pr, request, plan, deps);
}
async function syncLabels(pr, request, plan, deps) {
  const wanted = [...plan.promoted ? [PROMOTED_LABEL] : [], ...request.labels];
  const missing = [...new Set(wanted)].filter((l) => !pr.labels.includes(l));
  if (missing.length > 0) await deps.pullRequests.addLabels(pr.number, missing);
  if (!plan.promoted && pr.labels.includes(PROMOTED_LABEL)) {
    await deps.pullRequests.removeLabel(pr.number, PROMOTED_LABEL);
    deps.reporter.info(
      `Removed label '${PROMOTED_LABEL}' from #${pr.number}: it no longer promotes.`
    );
  }
  if (!request.autoMerge || request.draft) return void 0;
  if (pr.autoMergeEnabled) return { enabled: true, method: request.autoMerge };
  try {
    await deps.pullRequests.enableAutoMerge(pr, request.autoMerge);
    deps.reporter.info(`Enabled auto-merge (${request.autoMerge}) on #${pr.number}.`);
    return { enabled: true, method: request.autoMerge };
  } catch (error) {
    const reason = isUserError(error) ? error.message : `${error instanceof Error ? error.message : String(error)} Merge #${pr.number} by hand.`;
    deps.reporter.warning(`Auto-merge of #${pr.number} is not enabled: ${reason}`);
    return { enabled: false, reason };
  }
}
function boundedBody(template, view) {
  const body = redactUrlCredentials(renderMessage(template, view));
  if (utf8Bytes(body) <= BODY_LIMIT) return body;
  const note = "*Left out: the body would exceed what GitHub accepts. The run log has the details.*";
  const shorter = redactUrlCredentials(
    renderMessage(template, {
      ...view,
      assignmentReasons: note,
      configChanges: "",
      plan: utf8Bytes(view.plan) > BODY_LIMIT / 2 ? note : view.plan
    })
  );
  if (utf8Bytes(shorter) <= BODY_LIMIT) return shorter;
  return `${cutToBytes(shorter, BODY_LIMIT - 8)}

\u2026`;
}
function renderedOf(request) {
  if (request.rendered === void 0)
    throw new Error(
      "publishEnvironment: a request needs a rendered environment or a noted proposal."
    );
  return request.rendered;
}
function messageView(request, plan, rendered) {
  const promotedCommit = rendered.baseRepo?.commit ?? "";
  const url = request.controlPlaneUrl ?? "";
  const facts = request.promotedCommitFacts?.sha === promotedCommit ? request.promotedCommitFacts : void 0;
  const previous = request.previousPromotedCommit ?? "";
  return {
    promotedCommitUrl: url !== "" && promotedCommit !== "" ? `${url}/commit/${promotedCommit}` : "",
    promotedCommitSubject: facts ? text(facts.subject) : "",
    promotedCommitAuthor: facts ? text(facts.author) : "",
    promotedCommitLine: facts && url !== "" ? promotedCommitLine(url, facts) : "",
    previousPromotedCommit: previous,
    previousPromotedCommitShort: previous.slice(0, 7),
    compareUrl: url === "" ? "" : compareUrl(url, previous, promotedCommit),
    assignmentReasons: assignmentReasonsMarkdown(rendered.assignments),
    configChanges: configChangesMarkdown(request.configChanges ?? []),
    promotes: promotesOf(plan.promoted, promotedCommit, facts?.subject, request.configChanges),
    // Branch names may hold `@org/name`: inert, so the body pings no one.
    environment: inertMentions(request.environment),
    base: inertMentions(request.base),
    branch: inertMentions(request.branch),
    promotedCommit,
    promotedCommitShort: promotedCommit.slice(0, 7),
    promoted: plan.promoted,
    assignments: rendered.assignments.length,
    filesAdded: planCounts(plan).added,
    filesChanged: planCounts(plan).changed,
    filesRemoved: planCounts(plan).removed,
    plan: planMarkdown(plan),
    controlPlaneRepository: inertMentions(request.controlPlaneRepository),
    runUrl: request.runUrl
  };
}

// packages/core/src/policy/chain-file.ts
var import_yaml6 = __toESM(require_dist(), 1);

// packages/core/src/model/did-you-mean.ts
var MAX_NAME = 64;
function loose(name) {
  return name.toLowerCase().replace(/[-_.\s]/g, "");
}
function editDistance(a, b2, limit) {
  if (Math.abs(a.length - b2.length) > limit) return limit + 1;
  if (a.length > MAX_NAME || b2.length > MAX_NAME) return limit + 1;
  let prevPrev = [];
  let prev = Array.from({ length: b2.length + 1 }, (_2, j2) => j2);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j2 = 1; j2 <= b2.length; j2++) {
      const cost = a[i - 1] === b2[j2 - 1] ? 0 : 1;
      let d = Math.min(prev[j2] + 1, row[j2 - 1] + 1, prev[j2 - 1] + cost);
      if (i > 1 && j2 > 1 && a[i - 1] === b2[j2 - 2] && a[i - 2] === b2[j2 - 1])
        d = Math.min(d, prevPrev[j2 - 2] + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b2.length];
}
function nearLimit(name) {
  return name.length < 5 ? 1 : name.length < 12 ? 2 : 3;
}
function didYouMean(name, candidates) {
  if (name.length === 0 || name.length > MAX_NAME) return void 0;
  const looseName = loose(name);
  let best;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name || candidate.length > MAX_NAME) continue;
    if (loose(candidate) === looseName) return candidate;
    const limit = nearLimit(candidate);
    const d = Math.min(
      editDistance(name, candidate, limit),
      editDistance(looseName, loose(candidate), limit)
    );
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

// packages/core/src/model/branch-name.ts
function isValidBranchName(name) {
  return name.length > 0 && name !== "@" && !name.startsWith("-") && !name.startsWith("/") && !name.endsWith("/") && !name.endsWith(".") && !name.endsWith(".lock") && !name.includes("..") && !name.includes("//") && !name.includes("@{") && !name.split("/").some((part) => part.startsWith(".")) && !/[\x00-\x20\x7f~^:?*[\\]/.test(name);
}

// packages/core/src/policy/read-failures.ts
var import_yaml4 = __toESM(require_dist(), 1);

// packages/core/src/policy/yaml-reading.ts
var import_yaml3 = __toESM(require_dist(), 1);
var PolicyReader = class {
  problems = [];
  warnings = [];
  file;
  lines;
  constructor(file, lines) {
    this.file = file;
    this.lines = lines;
  }
  lineOf(node) {
    const offset = node?.range?.[0];
    return offset === void 0 ? void 0 : this.lines.linePos(offset).line;
  }
  fail(node, object, message) {
    this.problems.push(this.problem(node, object, message));
  }
  warn(node, object, message) {
    this.warnings.push({ ...this.problem(node, object, message), severity: "warning" });
  }
  problem(node, object, message) {
    const line = this.lineOf(node);
    return {
      file: this.file,
      ...line !== void 0 ? { line } : {},
      ...object !== void 0 ? { object } : {},
      message
    };
  }
  /**
   * Checks the keys of a mapping against the known ones. A near miss of a known key is an error
   * (a misspelled rule would be ignored and leave the environment open); any other unknown key is
   * a warning (a key of a newer version of the format). See docs/decisions/promotion-windows.md.
   */
  checkKeys(map, known, object, where) {
    for (const pair of map.items) {
      const key = (0, import_yaml3.isScalar)(pair.key) ? String(pair.key.value) : void 0;
      if (key === void 0) {
        this.fail(pair.key, object, `${where} has a key that is not a plain name.`);
        continue;
      }
      if (known.includes(key)) continue;
      const near = didYouMean(key, known);
      if (near)
        this.fail(
          pair.key,
          object,
          `unknown key '${clip2(key)}' in ${where}; did you mean '${near}'? A misspelled rule would be ignored, so this is an error.`
        );
      else
        this.warn(
          pair.key,
          object,
          `unknown key '${clip2(key)}' in ${where} is ignored; the keys are ${known.join(", ")}.`
        );
    }
  }
  /** The value node of `key` in a mapping, or undefined (also for an explicit null). */
  value(map, key) {
    for (const pair of map.items) {
      if ((0, import_yaml3.isScalar)(pair.key) && String(pair.key.value) === key) {
        const value = pair.value;
        if (value === null || (0, import_yaml3.isScalar)(value) && value.value === null) return void 0;
        return value;
      }
    }
    return void 0;
  }
  /** The text of a scalar (numbers and booleans as written), or a problem and undefined. */
  text(node, object, field) {
    if ((0, import_yaml3.isScalar)(node)) {
      const v2 = node.value;
      if (typeof v2 === "string") return v2;
      if (typeof v2 === "number" || typeof v2 === "boolean" || typeof v2 === "bigint")
        return typeof node.source === "string" ? node.source : String(v2);
    }
    this.fail(node, object, `'${field}' must be a single value, not a ${kindOf2(node)}.`);
    return void 0;
  }
  /** The mapping at `node`, or a problem and undefined. */
  mapping(node, object, field, example) {
    if ((0, import_yaml3.isMap)(node)) return node;
    this.fail(node, object, `'${field}' must be a mapping (key: value lines), e.g. ${example}.`);
    return void 0;
  }
  /** The items of the list at `node`, or a problem and undefined. */
  list(node, object, field, max) {
    if (!(0, import_yaml3.isSeq)(node)) {
      this.fail(node, object, `'${field}' must be a list ("- " items).`);
      return void 0;
    }
    if (node.items.length > max) {
      this.fail(
        node,
        object,
        `'${field}' has ${node.items.length} items; at most ${max} are allowed.`
      );
      return void 0;
    }
    return node.items;
  }
  /** A one-line text of at most `max` characters (it ends up in statuses and commit trailers). */
  line(node, object, field, max) {
    const text2 = this.text(node, object, field);
    if (text2 === void 0) return void 0;
    const trimmed = text2.trim();
    if (trimmed.length === 0) {
      this.fail(node, object, `'${field}' is empty; write a short text or remove the key.`);
      return void 0;
    }
    if (trimmed.length > max || /[\u0000-\u001f\u007f]/.test(trimmed)) {
      this.fail(
        node,
        object,
        `'${field}' must be one line of at most ${max} characters (it is shown in commit statuses and trailers).`
      );
      return void 0;
    }
    return trimmed;
  }
};
function kindOf2(node) {
  return (0, import_yaml3.isMap)(node) ? "mapping" : (0, import_yaml3.isSeq)(node) ? "list" : "value";
}
function clip2(text2, max = 60) {
  return text2.length > max ? `${text2.slice(0, max)}\u2026` : text2;
}

// packages/core/src/policy/read-failures.ts
var FAILURE_KEYS = ["max", "unreachable", "mandatory", "perClusterType"];
var PATTERN = /^[A-Za-z0-9*?._-]{1,100}$/;
var EXAMPLE = `failures: { max: 5%, unreachable: count, mandatory: [payments-*] }`;
function parseThreshold(text2) {
  const trimmed = text2.trim();
  const count2 = /^\d{1,7}$/.exec(trimmed);
  if (count2) return { type: "count", count: Number(trimmed) };
  const percent = /^(\d{1,3}(?:\.\d{1,2})?)\s*%$/.exec(trimmed);
  if (percent && Number(percent[1]) <= 100) return { type: "percent", percent: Number(percent[1]) };
  return {
    problem: `threshold '${clip2(text2)}' is neither a whole number of clusters (e.g. 5) nor a percentage from 0% to 100% (e.g. 5%).`
  };
}
function readFailures(reader, node, object) {
  const map = reader.mapping(node, object, "failures", EXAMPLE);
  if (!map) return void 0;
  const before = reader.problems.length;
  reader.checkKeys(map, FAILURE_KEYS, object, `'failures'`);
  const threshold = (value, field) => {
    const text2 = reader.text(value, object, field);
    if (text2 === void 0) return void 0;
    const parsed = parseThreshold(text2);
    if ("problem" in parsed) {
      reader.fail(value, object, `'${field}': ${parsed.problem}`);
      return void 0;
    }
    return parsed;
  };
  const pattern = (value, field) => {
    const text2 = reader.text(value, object, field);
    if (text2 === void 0) return void 0;
    if (PATTERN.test(text2)) return text2;
    reader.fail(
      value,
      object,
      `'${field}': '${clip2(text2)}' is not a cluster type pattern; use letters, digits, '.', '_', '-' and the wildcards '*' and '?', e.g. payments-*.`
    );
    return void 0;
  };
  const maxNode = reader.value(map, "max");
  const max = maxNode ? threshold(maxNode, "failures.max") : { type: "count", count: 0 };
  let unreachable = "count";
  const unreachableNode = reader.value(map, "unreachable");
  if (unreachableNode) {
    const text2 = reader.text(unreachableNode, object, "failures.unreachable");
    if (text2 === "count" || text2 === "ignore") unreachable = text2;
    else if (text2 !== void 0)
      reader.fail(
        unreachableNode,
        object,
        `'failures.unreachable' is '${clip2(text2)}'; write 'count' (a cluster without evidence counts as failed) or 'ignore' (it is left out).`
      );
  }
  const mandatory = [];
  const mandatoryNode = reader.value(map, "mandatory");
  if (mandatoryNode)
    for (const item of reader.list(mandatoryNode, object, "failures.mandatory", 100) ?? []) {
      const value = pattern(item, "failures.mandatory");
      if (value !== void 0) mandatory.push(value);
    }
  const perClusterType = [];
  const perNode = reader.value(map, "perClusterType");
  if (perNode) {
    const perMap = reader.mapping(
      perNode,
      object,
      "failures.perClusterType",
      `perClusterType: { "edge-*": 1, large: 10% }`
    );
    if (perMap) {
      if (perMap.items.length > 100)
        reader.fail(
          perNode,
          object,
          `'failures.perClusterType' has ${perMap.items.length} entries; at most 100 are allowed.`
        );
      else
        for (const pair of perMap.items) {
          const key = pair.key;
          const name = (0, import_yaml4.isScalar)(key) ? pattern(key, "failures.perClusterType") : void 0;
          const value = pair.value;
          if (!value) {
            reader.fail(
              key,
              object,
              `'failures.perClusterType' needs a threshold for each pattern, e.g. "edge-*": 1.`
            );
            continue;
          }
          const max2 = threshold(value, `failures.perClusterType.${name ?? "?"}`);
          if (name !== void 0 && max2) perClusterType.push({ pattern: name, max: max2 });
        }
    }
  }
  if (reader.problems.length > before || !max) return void 0;
  return { max, unreachable, mandatory, perClusterType };
}

// node_modules/croner/dist/croner.js
function g(s3, e, t, n = 0, r = 0, a = 0, i = 0) {
  let o = s3 >= 0 && s3 < 100, u = Date.UTC(o ? s3 + 400 : s3, e, t, n, r, a, i);
  return o ? u - 126227808e5 : u;
}
function D(s3) {
  return g(s3.y, s3.m - 1, s3.d, s3.h, s3.i, s3.s);
}
function w(s3, e) {
  return s3.y === e.y && s3.m === e.m && s3.d === e.d && s3.h === e.h && s3.i === e.i && s3.s === e.s;
}
function O(s3) {
  let e = s3.substring(9);
  return e.includes("Z") || e.includes("+") || e.includes("-");
}
function Z(s3, e) {
  let t = new Date(Date.parse(s3));
  if (isNaN(t)) throw new Error("Invalid ISO8601 passed to timezone parser.");
  return O(s3) ? { tp: T(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds(), "Etc/UTC"), ms: t.getUTCMilliseconds() } : { tp: T(t.getFullYear(), t.getMonth() + 1, t.getDate(), t.getHours(), t.getMinutes(), t.getSeconds(), e), ms: t.getMilliseconds() };
}
function v(s3, e, t) {
  let { tp: n, ms: r } = Z(s3, e);
  return new Date(N(n, t).getTime() + r);
}
function N(s3, e) {
  let t = _(s3);
  if (t.kind === "single") return t.date;
  if (t.kind === "ambiguous") return t.earlier;
  if (e) throw new Error("Invalid date passed to fromTZ()");
  return t.after;
}
function _(s3) {
  let e = D(s3), t = (i) => R(new Date(i), s3.tz), n = e - t(e), r = y(new Date(n), s3.tz);
  if (w(r, s3)) {
    let i = D(r) - n, o = n - (t(n - E) - i);
    if (o < n && w(y(new Date(o), s3.tz), s3)) return { kind: "ambiguous", earlier: new Date(o), later: new Date(n) };
    let u = n + (i - t(n + E));
    return u > n && w(y(new Date(u), s3.tz), s3) ? { kind: "ambiguous", earlier: new Date(n), later: new Date(u) } : { kind: "single", date: new Date(n) };
  }
  let a = e - (D(r) - n);
  return w(y(new Date(a), s3.tz), s3) ? { kind: "single", date: new Date(a) } : { kind: "gap", before: new Date(Math.min(n, a)), after: new Date(Math.max(n, a)) };
}
var E = 3 * 36e5;
function R(s3, e) {
  return D(y(s3, e)) - (s3.getTime() - s3.getUTCMilliseconds());
}
function k(s3, e, t) {
  let n = R(new Date(s3), t);
  for (; e - s3 > 1e3; ) {
    let r = s3 + Math.floor((e - s3) / 2e3) * 1e3;
    R(new Date(r), t) === n ? s3 = r : e = r;
  }
  return e;
}
function U(s3, e) {
  let t = _(y(new Date(s3), e));
  if (t.kind === "ambiguous") return s3 < t.later.getTime() ? "earlier" : "later";
}
var H = g(1, 0, 1);
var S = 864e5;
var W = /* @__PURE__ */ new Map();
function y(s3, e) {
  if (e === void 0) return T(s3.getFullYear(), s3.getMonth() + 1, s3.getDate(), s3.getHours(), s3.getMinutes(), s3.getSeconds());
  let t = W.get(e), n;
  try {
    t || (t = new Intl.DateTimeFormat("en-US", { timeZone: e, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hour12: false }), W.set(e, t)), n = t.formatToParts(s3);
  } catch (i) {
    let o = i instanceof Error ? i.message : String(i);
    throw new RangeError(`toTZ: Invalid timezone '${e}' or date. Please provide a valid IANA timezone (e.g., 'America/New_York', 'Europe/Stockholm'). Original error: ${o}`);
  }
  let r = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (let i of n) (i.type === "year" || i.type === "month" || i.type === "day" || i.type === "hour" || i.type === "minute" || i.type === "second") && (r[i.type] = parseInt(i.value, 10));
  if (isNaN(r.year) || isNaN(r.month) || isNaN(r.day) || isNaN(r.hour) || isNaN(r.minute) || isNaN(r.second)) throw new Error(`toTZ: Failed to parse all date components from timezone '${e}'. This may indicate an invalid date or timezone configuration. Parsed components: ${JSON.stringify(r)}`);
  let a = s3.getTime() - H;
  return (a < -S || a < S && r.month === 12) && (r.year = 1 - r.year), r.hour === 24 && (r.hour = 0), { y: r.year, m: r.month, d: r.day, h: r.hour, i: r.minute, s: r.second, tz: e };
}
function T(s3, e, t, n, r, a, i) {
  return { y: s3, m: e, d: t, h: n, i: r, s: a, tz: i };
}
var x = [1, 2, 4, 8, 16];
var C = class s {
  pattern;
  timezone;
  mode;
  alternativeWeekdays;
  sloppyRanges;
  fixedTimeRule;
  second;
  minute;
  hour;
  day;
  month;
  dayOfWeek;
  year;
  lastDayOfMonth;
  lastWeekday;
  nearestWeekdays;
  starDOM;
  starDOW;
  starYear;
  useAndLogic;
  isFixedTime;
  constructor(e, t, n) {
    this.pattern = e, this.timezone = t, this.mode = n?.mode ?? "auto", this.alternativeWeekdays = n?.alternativeWeekdays ?? false, this.sloppyRanges = n?.sloppyRanges ?? false, this.fixedTimeRule = n?.fixedTimeRule ?? "single-value", this.second = Array(60).fill(0), this.minute = Array(60).fill(0), this.hour = Array(24).fill(0), this.day = Array(31).fill(0), this.month = Array(12).fill(0), this.dayOfWeek = Array(7).fill(0), this.year = [], this.lastDayOfMonth = false, this.lastWeekday = false, this.nearestWeekdays = Array(31).fill(0), this.starDOM = false, this.starDOW = false, this.starYear = false, this.useAndLogic = false, this.isFixedTime = false, this.parse();
  }
  parse() {
    if (!(typeof this.pattern == "string" || this.pattern instanceof String)) throw new TypeError("CronPattern: Pattern has to be of type string.");
    this.pattern.indexOf("@") >= 0 && (this.pattern = this.handleNicknames(this.pattern).trim());
    let e = this.pattern.match(/\S+/g) || [""], t = e.length;
    if (e.length < 5 || e.length > 7) throw new TypeError("CronPattern: invalid configuration format ('" + this.pattern + "'), exactly five, six, or seven space separated parts are required.");
    if (this.mode !== "auto") {
      let i;
      switch (this.mode) {
        case "5-part":
          i = 5;
          break;
        case "6-part":
          i = 6;
          break;
        case "7-part":
          i = 7;
          break;
        case "5-or-6-parts":
          i = [5, 6];
          break;
        case "6-or-7-parts":
          i = [6, 7];
          break;
        default:
          i = 0;
      }
      if (!(Array.isArray(i) ? i.includes(t) : t === i)) {
        let u = Array.isArray(i) ? i.join(" or ") : i.toString();
        throw new TypeError(`CronPattern: mode '${this.mode}' requires exactly ${u} parts, but pattern '${this.pattern}' has ${t} parts.`);
      }
    }
    if (e.length === 5 && e.unshift("0"), e.length === 6 && e.push("*"), this.pattern.indexOf("?") >= 0) for (let i = 0; i < e.length; i++) e[i] = e[i].replace(/\?/g, "*");
    if (e[3].toUpperCase() === "LW") this.lastWeekday = true, e[3] = "";
    else if (e[3].toUpperCase().indexOf("L") >= 0) {
      let i = e[3].split(",");
      if (i.length > 1 && i.some((o) => o.toUpperCase() === "LW")) throw new TypeError(`CronPattern: Syntax error, LW can not be in a list in day-of-month ('${e[3]}').`);
      if (i.some((o) => o === "" || o.toUpperCase() !== "L" && /l/i.test(o))) throw new TypeError("CronPattern: Syntax error, L has to be a value of its own in day-of-month ('" + e[3] + "').");
      e[3] = i.filter((o) => o.toUpperCase() !== "L").join(","), this.lastDayOfMonth = true;
    }
    if (e[3] == "*" && (this.starDOM = true), e[6] == "*" && (this.starYear = true), e[4].length >= 3 && (e[4] = this.replaceAlpha(e[4], s.MONTH_NAMES)), e[5].length >= 3 && (e[5] = this.alternativeWeekdays ? this.replaceAlpha(e[5], s.DAY_NAMES_QUARTZ) : this.replaceAlpha(e[5], s.DAY_NAMES)), e[5].startsWith("+") && (this.useAndLogic = true, e[5] = e[5].substring(1), e[5] === "")) throw new TypeError("CronPattern: Day-of-week field cannot be empty after '+' modifier.");
    switch (e[5] == "*" && (this.starDOW = true), this.mode) {
      case "5-part":
        e[0] = "0", e[6] = "*";
        break;
      case "6-part":
        e[6] = "*";
        break;
      case "5-or-6-parts":
        e[6] = "*";
        break;
      case "6-or-7-parts":
        break;
      case "7-part":
      case "auto":
        break;
    }
    this.throwAtIllegalCharacters(e), this.partToArray("second", e[0], 0, 1), this.partToArray("minute", e[1], 0, 1), this.partToArray("hour", e[2], 0, 1), this.partToArray("day", e[3], -1, 1), this.partToArray("month", e[4], -1, 1);
    let n = this.alternativeWeekdays ? -1 : 0;
    this.partToArray("dayOfWeek", e[5], n, 63), e[6] === "*" ? this.year = Array(1e4).fill(1) : (this.year = Array(1e4).fill(0), this.partToArray("year", e[6], 0, 1)), !this.alternativeWeekdays && this.dayOfWeek[7] && (this.dayOfWeek[0] = this.dayOfWeek[7]);
    let r = this.fixedTimeRule === "single-value", a = (i, o) => !i.includes("*") && !i.includes("/") && (!r || o.filter((u) => u).length === 1);
    this.isFixedTime = a(e[0], this.second) && a(e[1], this.minute) && a(e[2], this.hour);
  }
  partToArray(e, t, n, r) {
    let a = this[e];
    if (t === "" && !(e === "day" && (this.lastDayOfMonth || this.lastWeekday))) throw new TypeError("CronPattern: configuration entry " + e + " (" + t + ") is empty, check for trailing spaces.");
    if (t === "*") return a.fill(r);
    let i = t.split(",");
    if (i.length > 1) for (let o of i) this.partToArray(e, o, n, r);
    else t.includes("-") && t.includes("/") ? this.handleRangeWithStepping(t, e, n, r) : t.includes("-") ? this.handleRange(t, e, n, r) : t.includes("/") ? this.handleStepping(t, e, n, r) : t !== "" && this.handleNumber(t, e, n, r);
  }
  throwAtIllegalCharacters(e) {
    for (let t = 0; t < e.length; t++) if ((t === 3 ? /[^/*0-9,\-WwLl]+/ : t === 5 ? /[^/*0-9,\-#Ll]+/ : /[^/*0-9,\-]+/).test(e[t])) throw new TypeError("CronPattern: configuration entry " + t + " (" + e[t] + ") contains illegal characters.");
  }
  handleNumber(e, t, n, r) {
    let a = this.extractNth(e, t), i = e.toUpperCase().includes("W");
    if (t !== "day" && i) throw new TypeError("CronPattern: Nearest weekday modifier (W) only allowed in day-of-month.");
    i && (t = "nearestWeekdays");
    let o = i ? a[0].replace(/W$/i, "") : a[0], u = s.toNumber(o) + n;
    if (isNaN(u)) throw new TypeError("CronPattern: " + t + " is not a number: '" + e + "'");
    this.setPart(t, u, a[1] || r);
  }
  setPart(e, t, n) {
    if (!Object.prototype.hasOwnProperty.call(this, e)) throw new TypeError("CronPattern: Invalid part specified: " + e);
    if (e === "dayOfWeek") {
      if (t === 7 && (t = 0), t < 0 || t > 6) throw new RangeError("CronPattern: Invalid value for dayOfWeek: " + t);
      this.setNthWeekdayOfMonth(t, n);
      return;
    }
    if (e === "second" || e === "minute") {
      if (t < 0 || t >= 60) throw new RangeError("CronPattern: Invalid value for " + e + ": " + t);
    } else if (e === "hour") {
      if (t < 0 || t >= 24) throw new RangeError("CronPattern: Invalid value for " + e + ": " + t);
    } else if (e === "day" || e === "nearestWeekdays") {
      if (t < 0 || t >= 31) throw new RangeError("CronPattern: Invalid value for " + e + ": " + t);
    } else if (e === "month") {
      if (t < 0 || t >= 12) throw new RangeError("CronPattern: Invalid value for " + e + ": " + t);
    } else if (e === "year" && (t < 1 || t >= 1e4)) throw new RangeError("CronPattern: Invalid value for " + e + ": " + t + " (supported range: 1-9999)");
    this[e][t] = n;
  }
  static toNumber(e) {
    return /^\d+$/.test(e) ? parseInt(e, 10) : NaN;
  }
  validateNotNaN(e, t) {
    if (isNaN(e)) throw new TypeError(t);
  }
  validateRange(e, t, n, r, a) {
    if (e > t) throw new TypeError("CronPattern: From value is larger than to value: '" + a + "'");
    if (n !== void 0) {
      if (n === 0) throw new TypeError("CronPattern: Syntax error, illegal stepping: 0");
      if (n > this[r].length) throw new TypeError("CronPattern: Syntax error, steps cannot be greater than maximum value of part (" + this[r].length + ")");
    }
  }
  handleRangeWithStepping(e, t, n, r) {
    if (e.toUpperCase().includes("W")) throw new TypeError("CronPattern: Syntax error, W is not allowed in ranges with stepping.");
    let a = this.extractNth(e, t), i = a[0].match(/^(\d+)-(\d+)\/(\d+)$/);
    if (i === null) throw new TypeError("CronPattern: Syntax error, illegal range with stepping: '" + e + "'");
    let [, o, u, l] = i, h = parseInt(o, 10) + n, m = parseInt(u, 10) + n, d = parseInt(l, 10);
    this.validateNotNaN(h, "CronPattern: Syntax error, illegal lower range (NaN)"), this.validateNotNaN(m, "CronPattern: Syntax error, illegal upper range (NaN)"), this.validateNotNaN(d, "CronPattern: Syntax error, illegal stepping: (NaN)"), this.validateRange(h, m, d, t, e);
    for (let p = h; p <= m; p += d) this.setPart(t, p, a[1] || r);
  }
  extractNth(e, t) {
    let n = e, r;
    if (n.includes("#")) {
      if (t !== "dayOfWeek") throw new Error("CronPattern: nth (#) only allowed in day-of-week field");
      let a = n.split("#");
      if (a.length !== 2 || a[1] === "") throw new TypeError("CronPattern: Syntax error, illegal nth weekday: '" + e + "'");
      n = a[0], r = a[1];
    } else if (n.toUpperCase().endsWith("L")) {
      if (t !== "dayOfWeek") throw new Error("CronPattern: L modifier only allowed in day-of-week field (use L alone for day-of-month)");
      r = "L", n = n.slice(0, -1);
    }
    return [n, r];
  }
  handleRange(e, t, n, r) {
    if (e.toUpperCase().includes("W")) throw new TypeError("CronPattern: Syntax error, W is not allowed in a range.");
    let a = this.extractNth(e, t), i = a[0].split("-");
    if (i.length !== 2) throw new TypeError("CronPattern: Syntax error, illegal range: '" + e + "'");
    let o = s.toNumber(i[0]) + n, u = s.toNumber(i[1]) + n;
    this.validateNotNaN(o, "CronPattern: Syntax error, illegal lower range (NaN)"), this.validateNotNaN(u, "CronPattern: Syntax error, illegal upper range (NaN)"), this.validateRange(o, u, void 0, t, e);
    for (let l = o; l <= u; l++) this.setPart(t, l, a[1] || r);
  }
  handleStepping(e, t, n, r) {
    if (e.toUpperCase().includes("W")) throw new TypeError("CronPattern: Syntax error, W is not allowed in parts with stepping.");
    let a = this.extractNth(e, t), i = a[0].split("/");
    if (i.length !== 2) throw new TypeError("CronPattern: Syntax error, illegal stepping: '" + e + "'");
    if (this.sloppyRanges) i[0] === "" && (i[0] = "*");
    else {
      if (i[0] === "") throw new TypeError("CronPattern: Syntax error, stepping with missing prefix ('" + e + "') is not allowed. Use wildcard (*/step) or range (min-max/step) instead.");
      if (i[0] !== "*") throw new TypeError("CronPattern: Syntax error, stepping with numeric prefix ('" + e + "') is not allowed. Use wildcard (*/step) or range (min-max/step) instead.");
    }
    let o = 0;
    i[0] !== "*" && (o = s.toNumber(i[0]) + n, this.validateNotNaN(o, "CronPattern: Syntax error, illegal stepping start (NaN)"));
    let u = s.toNumber(i[1]);
    this.validateNotNaN(u, "CronPattern: Syntax error, illegal stepping: (NaN)"), this.validateRange(0, this[t].length - 1, u, t, e);
    for (let l = o; l < this[t].length; l += u) t === "year" && l === 0 || this.setPart(t, l, a[1] || r);
  }
  replaceAlpha(e, t) {
    let n = e;
    for (let [r, a] of Object.entries(t)) n = n.replace(new RegExp(r, "gi"), (i, o, u) => {
      let l = o + i.length - 3, h = u.charAt(l - 1), m = u.charAt(l + 3);
      if (/[a-z\d/#]/i.test(h) || /[a-km-z\d]/i.test(m)) throw new TypeError(`CronPattern: Syntax error, a month or day name has to stand alone ('${e}').`);
      return a;
    });
    return n;
  }
  static DAY_NAMES = { "-sun": "-7", sun: "0", mon: "1", tue: "2", wed: "3", thu: "4", fri: "5", sat: "6" };
  static DAY_NAMES_QUARTZ = { sun: "1", mon: "2", tue: "3", wed: "4", thu: "5", fri: "6", sat: "7" };
  static MONTH_NAMES = { jan: "1", feb: "2", mar: "3", apr: "4", may: "5", jun: "6", jul: "7", aug: "8", sep: "9", oct: "10", nov: "11", dec: "12" };
  static NICKNAME_MAP = { "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * SUN", "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *" };
  handleNicknames(e) {
    let t = e.trim().toLowerCase();
    if (t === "@reboot") throw new TypeError("CronPattern: @reboot is not supported in this environment. This is an event-based trigger that requires system startup detection.");
    return s.NICKNAME_MAP[t] || e;
  }
  setNthWeekdayOfMonth(e, t) {
    if (typeof t != "number" && t.toUpperCase() === "L") this.dayOfWeek[e] = this.dayOfWeek[e] | 32;
    else if (t === 63) this.dayOfWeek[e] = 63;
    else if (t < 6 && t > 0) this.dayOfWeek[e] = this.dayOfWeek[e] | x[t - 1];
    else throw new TypeError(`CronPattern: nth weekday out of range, should be 1-5 or L. Value: ${t}, Type: ${typeof t}`);
  }
};
var B = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
var f = [["month", "year", 0], ["day", "month", -1], ["hour", "day", 0], ["minute", "hour", 0], ["second", "minute", 0]];
var c = class s2 {
  tz;
  instantMs;
  instantFields;
  ms;
  second;
  minute;
  hour;
  day;
  month;
  year;
  constructor(e, t) {
    if (this.tz = t, e && e instanceof Date) if (!isNaN(e)) this.fromDate(e);
    else throw new TypeError("CronDate: Invalid date passed to CronDate constructor");
    else if (e == null) this.fromDate(/* @__PURE__ */ new Date());
    else if (e && typeof e == "string") this.fromString(e);
    else if (e instanceof s2) this.fromCronDate(e);
    else throw new TypeError("CronDate: Invalid type (" + typeof e + ") passed to CronDate constructor");
  }
  getLastDayOfMonth(e, t) {
    return t !== 1 ? B[t] : new Date(g(e, t + 1, 0)).getUTCDate();
  }
  getLastWeekday(e, t) {
    let n = this.getLastDayOfMonth(e, t), a = new Date(g(e, t, n)).getUTCDay();
    return a === 0 ? n - 2 : a === 6 ? n - 1 : n;
  }
  getNearestWeekday(e, t, n) {
    let r = this.getLastDayOfMonth(e, t);
    if (n > r) return -1;
    let i = new Date(g(e, t, n)).getUTCDay();
    return i === 0 ? n === r ? n - 2 : n + 1 : i === 6 ? n === 1 ? n + 2 : n - 1 : n;
  }
  isNthWeekdayOfMonth(e, t, n, r) {
    let i = new Date(g(e, t, n)).getUTCDay(), o = 0;
    for (let u = 1; u <= n; u++) new Date(g(e, t, u)).getUTCDay() === i && o++;
    if (r & 63 && x[o - 1] & r) return true;
    if (r & 32) {
      let u = this.getLastDayOfMonth(e, t);
      for (let l = n + 1; l <= u; l++) if (new Date(g(e, t, l)).getUTCDay() === i) return false;
      return true;
    }
    return false;
  }
  fromDate(e) {
    if (this.tz !== void 0) if (typeof this.tz == "number") this.ms = e.getUTCMilliseconds(), this.second = e.getUTCSeconds(), this.minute = e.getUTCMinutes() + this.tz, this.hour = e.getUTCHours(), this.day = e.getUTCDate(), this.month = e.getUTCMonth(), this.year = e.getUTCFullYear(), this.apply();
    else try {
      let t = y(e, this.tz);
      this.ms = e.getMilliseconds(), this.second = t.s, this.minute = t.i, this.hour = t.h, this.day = t.d, this.month = t.m - 1, this.year = t.y, this.cacheInstant(e.getTime() - this.ms);
    } catch (t) {
      let n = t instanceof Error ? t.message : String(t);
      throw new TypeError(`CronDate: Failed to convert date to timezone '${this.tz}'. This may happen with invalid timezone names or dates. Original error: ${n}`);
    }
    else this.ms = e.getMilliseconds(), this.second = e.getSeconds(), this.minute = e.getMinutes(), this.hour = e.getHours(), this.day = e.getDate(), this.month = e.getMonth(), this.year = e.getFullYear(), this.cacheInstant(e.getTime() - this.ms);
  }
  cacheInstant(e) {
    this.instantMs = e;
    let { year: t, month: n, day: r, hour: a, minute: i, second: o } = this;
    this.instantFields = [t, n, r, a, i, o, this.tz];
  }
  cachedInstant() {
    let e = this.instantFields;
    if (!(e === void 0 || e[6] !== this.tz) && !(e[5] !== this.second || e[4] !== this.minute || e[3] !== this.hour) && !(e[2] !== this.day || e[1] !== this.month || e[0] !== this.year)) return this.instantMs;
  }
  fromCronDate(e) {
    this.tz = e.tz, this.year = e.year, this.month = e.month, this.day = e.day, this.hour = e.hour, this.minute = e.minute, this.second = e.second, this.ms = e.ms, this.instantMs = e.instantMs, this.instantFields = e.instantFields;
  }
  apply() {
    if (this.month > 11 || this.month < 0 || this.day > this.getLastDayOfMonth(this.year, this.month) || this.day < 1 || this.hour > 23 || this.minute > 59 || this.second > 59 || this.hour < 0 || this.minute < 0 || this.second < 0) {
      let e = /* @__PURE__ */ new Date(0);
      return e.setUTCFullYear(this.year, this.month, this.day), e.setUTCHours(this.hour, this.minute, this.second, this.ms), this.ms = e.getUTCMilliseconds(), this.second = e.getUTCSeconds(), this.minute = e.getUTCMinutes(), this.hour = e.getUTCHours(), this.day = e.getUTCDate(), this.month = e.getUTCMonth(), this.year = e.getUTCFullYear(), true;
    } else return false;
  }
  fromString(e) {
    if (typeof this.tz == "number") {
      if (O(e)) return this.fromDate(v(e));
      let t = v(e, "Etc/UTC");
      this.ms = t.getUTCMilliseconds(), this.second = t.getUTCSeconds(), this.minute = t.getUTCMinutes(), this.hour = t.getUTCHours(), this.day = t.getUTCDate(), this.month = t.getUTCMonth(), this.year = t.getUTCFullYear(), this.apply();
    } else return this.fromDate(v(e, this.tz));
  }
  findNext(e, t, n, r) {
    return this._findMatch(e, t, n, r, 1);
  }
  _matchDayValue(e, t, n, r) {
    let a = e;
    if (!a) {
      for (let i = 0; i < n.nearestWeekdays.length; i++) if (n.nearestWeekdays[i]) {
        let o = this.getNearestWeekday(this.year, this.month, i + 1);
        if (o !== -1 && o === t) {
          a = 1;
          break;
        }
      }
    }
    if (n.lastWeekday) {
      let i = this.getLastWeekday(this.year, this.month);
      t === i && (a = 1);
    }
    if (n.lastDayOfMonth) {
      let i = this.getLastDayOfMonth(this.year, this.month);
      t === i && (a = 1);
    }
    if (!n.starDOW) {
      let i = new Date(g(this.year, this.month, 1, 0, 0, 0, 0)).getUTCDay(), o = n.dayOfWeek[(i + (t - 1)) % 7];
      o && o & 63 && (o = this.isNthWeekdayOfMonth(this.year, this.month, t, o) ? 1 : 0), n.useAndLogic ? a = a && o : !r.domAndDow && !n.starDOM ? a = a || o : a = a && o;
    }
    return a;
  }
  _findMatch(e, t, n, r, a) {
    let i = this[t], o = t === "day" ? this.getLastDayOfMonth(this.year, this.month) : 0, u = this[t] + r, l = a === 1 ? (h) => h < n[t].length : (h) => h >= 0;
    for (let h = u; l(h); h += a) {
      let m = n[t][h];
      if (t === "day") {
        if (h - r > o) continue;
        m = this._matchDayValue(m, h - r, n, e);
      }
      if (m) return this[t] = h - r, i !== this[t] ? 2 : 1;
    }
    return 3;
  }
  recurse(e, t, n) {
    let r = this.year, a = n;
    for (; typeof a == "number"; ) {
      if (e.starYear && Math.abs(this.year - r) > 400) return null;
      a = this.recurseStep(e, t, a);
    }
    return a;
  }
  recurseStep(e, t, n) {
    if (n === 0 && !e.starYear) {
      if (this.year >= 0 && this.year < e.year.length && e.year[this.year] === 0) {
        let a = -1;
        for (let i = this.year + 1; i < e.year.length && i < 1e4; i++) if (e.year[i] === 1) {
          a = i;
          break;
        }
        if (a === -1) return null;
        this.year = a, this.month = 0, this.day = 1, this.hour = 0, this.minute = 0, this.second = 0, this.ms = 0;
      }
      if (this.year >= 1e4) return null;
    }
    let r = this.findNext(t, f[n][0], e, f[n][2]);
    if (r > 1) {
      let a = n + 1;
      for (; a < f.length; ) this[f[a][0]] = -f[a][2], a++;
      if (r === 3) {
        if (this[f[n][1]]++, this[f[n][0]] = -f[n][2], this.apply(), n === 0 && !e.starYear) {
          for (; this.year >= 0 && this.year < e.year.length && e.year[this.year] === 0 && this.year < 1e4; ) this.year++;
          if (this.year >= 1e4 || this.year >= e.year.length) return null;
        }
        return 0;
      } else if (this.apply()) return n - 1;
    }
    return n += 1, n >= f.length ? this : (e.starYear ? this.year >= 3e3 : this.year >= 1e4) ? null : n;
  }
  increment(e, t, n) {
    return this.instantMs = void 0, this.instantFields = void 0, this.second += t.interval !== void 0 && t.interval > 1 && n ? t.interval : 1, this.ms = 0, this.apply(), this.recurse(e, t, 0);
  }
  decrement(e, t, n = true) {
    this.instantMs = void 0, this.instantFields = void 0;
    let r = t.interval !== void 0 && t.interval >= 1;
    return (this.ms === 0 || r) && (this.second -= r && n ? t.interval : 1), this.ms = 0, this.apply(), this.year < 1 ? null : this.recurseBackward(e, t, 0);
  }
  recurseBackward(e, t, n) {
    let r = this.year, a = n;
    for (; typeof a == "number"; ) {
      if (e.starYear && Math.abs(this.year - r) > 400) return null;
      a = this.recurseBackwardStep(e, t, a);
    }
    return a;
  }
  recurseBackwardStep(e, t, n) {
    if (n === 0 && !e.starYear) {
      if (this.year >= 0 && this.year < e.year.length && e.year[this.year] === 0) {
        let a = -1;
        for (let i = this.year - 1; i >= 0; i--) if (e.year[i] === 1) {
          a = i;
          break;
        }
        if (a === -1) return null;
        this.year = a, this.month = 11, this.day = 31, this.hour = 23, this.minute = 59, this.second = 59, this.ms = 0;
      }
      if (this.year < 1) return null;
    }
    let r = this.findPrevious(t, f[n][0], e, f[n][2]);
    if (r > 1) {
      let a = n + 1;
      for (; a < f.length; ) {
        let i = f[a][0], o = f[a][2], u = this.getMaxPatternValue(i, e, o);
        this[i] = u, a++;
      }
      if (r === 3) {
        if (this[f[n][1]]--, n === 0) {
          let u = this.getLastDayOfMonth(this.year, this.month);
          this.day > u && (this.day = u);
        }
        if (n === 1) if (this.day <= 0) this.day = 1;
        else {
          let u = this.year, l = this.month;
          for (; l < 0; ) l += 12, u--;
          for (; l > 11; ) l -= 12, u++;
          let h = this.getLastDayOfMonth(u, l);
          this.day > h && (this.day = h);
        }
        this.apply();
        let i = f[n][0], o = f[n][2];
        if (this[i] = this.getMaxPatternValue(i, e, o), this.apply(), n === 0) {
          let u = f[1][2], l = this.getMaxPatternValue("day", e, u);
          l !== this.day && (this.day = l, this.hour = this.getMaxPatternValue("hour", e, f[2][2]), this.minute = this.getMaxPatternValue("minute", e, f[3][2]), this.second = this.getMaxPatternValue("second", e, f[4][2]));
        }
        if (n === 0 && !e.starYear) {
          for (; this.year >= 0 && this.year < e.year.length && e.year[this.year] === 0; ) this.year--;
          if (this.year < 1) return null;
        }
        return 0;
      } else if (this.apply()) return n - 1;
    }
    return n += 1, n >= f.length ? this : this.year < 1 ? null : n;
  }
  getMaxPatternValue(e, t, n) {
    let r = t[e].length - 1 - n;
    for (let a = t[e].length - 1; a >= 0; a--) if (t[e][a]) {
      r = a - n;
      break;
    }
    if (e === "day") {
      let a = this.getLastDayOfMonth(this.year, this.month);
      return t.lastWeekday || t.nearestWeekdays.some((i) => i) || t.lastDayOfMonth || !t.starDOW ? a : Math.min(r, a);
    }
    return r;
  }
  findPrevious(e, t, n, r) {
    return this._findMatch(e, t, n, r, -1);
  }
  getDate(e) {
    if (!e && typeof this.tz != "number") {
      let t = this.cachedInstant();
      if (t !== void 0) return new Date(t + (this.tz === void 0 ? this.ms : 0));
    }
    if (e || this.tz === void 0) {
      if (this.year >= 0 && this.year < 100) {
        let t = /* @__PURE__ */ new Date(0);
        return t.setFullYear(this.year, this.month, this.day), t.setHours(this.hour, this.minute, this.second, this.ms), t;
      }
      return new Date(this.year, this.month, this.day, this.hour, this.minute, this.second, this.ms);
    } else return typeof this.tz == "number" ? new Date(g(this.year, this.month, this.day, this.hour, this.minute - this.tz, this.second, this.ms)) : N(T(this.year, this.month + 1, this.day, this.hour, this.minute, this.second, this.tz), false);
  }
  getTime() {
    return this.getDate(false).getTime();
  }
  match(e, t) {
    if (!e.starYear && (this.year < 0 || this.year >= e.year.length || e.year[this.year] === 0)) return false;
    for (let n = 0; n < f.length; n++) {
      let r = f[n][0], a = f[n][2], i = this[r];
      if (i + a < 0 || i + a >= e[r].length) return false;
      let o = e[r][i + a];
      if (r === "day" && (o = this._matchDayValue(o, i, e, t)), !o) return false;
    }
    return true;
  }
};
function F(s3) {
  s3 === void 0 && (s3 = {}), delete s3.name, s3.legacyMode !== void 0 && s3.domAndDow === void 0 ? s3.domAndDow = !s3.legacyMode : s3.domAndDow === void 0 && (s3.domAndDow = false), s3.legacyMode = !s3.domAndDow;
  let e = (n, r) => n === void 0 ? r : n;
  if (s3.paused = e(s3.paused, false), s3.maxRuns = e(s3.maxRuns, 1 / 0), s3.catch = e(s3.catch, false), s3.unref = e(s3.unref, false), s3.mode = e(s3.mode, "auto"), s3.alternativeWeekdays = e(s3.alternativeWeekdays, false), s3.sloppyRanges = e(s3.sloppyRanges, false), s3.fixedTimeRule = e(s3.fixedTimeRule, "single-value"), s3.allowPast = e(s3.allowPast, false), s3.interval = s3.interval === void 0 ? 0 : parseInt(s3.interval.toString(), 10), s3.utcOffset = s3.utcOffset === void 0 ? void 0 : parseInt(s3.utcOffset.toString(), 10), s3.dayOffset = s3.dayOffset === void 0 ? 0 : parseInt(s3.dayOffset.toString(), 10), !["auto", "5-part", "6-part", "7-part", "5-or-6-parts", "6-or-7-parts"].includes(s3.mode)) throw new Error("CronOptions: mode must be one of 'auto', '5-part', '6-part', '7-part', '5-or-6-parts', or '6-or-7-parts'.");
  if (!["single-value", "no-wildcard"].includes(s3.fixedTimeRule)) throw new Error("CronOptions: fixedTimeRule must be one of 'single-value' or 'no-wildcard'.");
  s3.timezone === "" && (s3.timezone = void 0);
  let t = s3.timezone ?? s3.utcOffset;
  if (s3.startAt && (s3.startAt = I(new c(s3.startAt, t))), s3.stopAt && (s3.stopAt = I(new c(s3.stopAt, t))), s3.interval !== null) {
    if (isNaN(s3.interval)) throw new Error("CronOptions: Supplied value for interval is not a number");
    if (s3.interval < 0) throw new Error("CronOptions: Supplied value for interval can not be negative");
  }
  if (s3.utcOffset !== void 0) {
    if (isNaN(s3.utcOffset)) throw new Error("CronOptions: Invalid value passed for utcOffset, should be number representing minutes offset from UTC.");
    if (s3.utcOffset < -870 || s3.utcOffset > 870) throw new Error("CronOptions: utcOffset out of bounds.");
    if (s3.utcOffset !== void 0 && s3.timezone) throw new Error("CronOptions: Combining 'utcOffset' with 'timezone' is not allowed.");
  }
  if (s3.unref !== true && s3.unref !== false) throw new Error("CronOptions: Unref should be either true, false or undefined(false).");
  if (s3.dayOffset !== void 0 && s3.dayOffset !== 0 && isNaN(s3.dayOffset)) throw new Error("CronOptions: Invalid value passed for dayOffset, should be a number representing days to offset.");
  return s3;
}
function I(s3) {
  return s3.ms ? (s3.ms = 0, new c(new Date(s3.getTime() + 1e3), s3.tz)) : s3;
}
function b(s3) {
  return typeof s3 == "function";
}
function L(s3) {
  return b(s3);
}
function Y(s3) {
  typeof Deno < "u" && typeof Deno.unrefTimer < "u" ? Deno.unrefTimer(s3) : s3 && typeof s3.unref < "u" && s3.unref();
}
var P = 1440 * 60 * 1e3;
var $ = 30 * 1e3;
var M = [];
var j = class {
  name;
  options;
  _states;
  fn;
  _startAtRoundingMs = 0;
  getTz() {
    return this.options.timezone ?? this.options.utcOffset;
  }
  applyDayOffset(e) {
    let t = this._offsetMs();
    return t ? new Date(e.getTime() + t) : e;
  }
  _offsetMs() {
    return (this.options.dayOffset ?? 0) * P;
  }
  get _startAt() {
    return this.options.startAt;
  }
  get _stopAt() {
    return this.options.stopAt;
  }
  _nextTarget(e, t) {
    let n = this._offsetMs(), r = this._next(this._shift(e), new Date(t.getTime() - n), { startAt: this._shift(this._startAt), stopAt: this._shift(this._stopAt) });
    return r ? this.applyDayOffset(r.getDate(false)) : null;
  }
  _previousTarget(e, t) {
    let n = this._toMs(e ?? t) - this._offsetMs(), r = this._previous(new Date(n), { startAt: this._shift(this._startAt), stopAt: this._shift(this._stopAt) });
    return r ? this.applyDayOffset(r.getDate(false)) : null;
  }
  _shift(e) {
    if (e != null) return new c(new Date(this._toMs(e) - this._offsetMs()), this.getTz());
  }
  constructor(e, t, n) {
    let r, a;
    if (b(t)) a = t;
    else if (typeof t == "object") r = t;
    else if (t !== void 0) throw new Error("Cron: Invalid argument passed for optionsIn. Should be one of function, or object (options).");
    if (b(n)) a = n;
    else if (typeof n == "object") r = n;
    else if (n !== void 0) throw new Error("Cron: Invalid argument passed for funcIn. Should be one of function, or object (options).");
    this.name = r?.name;
    let i = r?.startAt;
    this.options = F(r), i && this._startAt && (this._startAtRoundingMs = this._startAt.getTime() - new c(i, this.getTz()).getTime());
    let o = !!e && (e instanceof Date || typeof e == "string" && e.indexOf(":") > 0);
    if (this._states = { kill: false, blocking: false, previousRun: void 0, currentRun: void 0, once: void 0, currentTimeout: void 0, maxRuns: r ? r.maxRuns : void 0, paused: r ? r.paused : false, pattern: o ? new C("* * * * *", void 0, { mode: "auto" }) : new C(e, this.options.timezone, { mode: this.options.mode, alternativeWeekdays: this.options.alternativeWeekdays, sloppyRanges: this.options.sloppyRanges, fixedTimeRule: this.options.fixedTimeRule }) }, o && (this._states.once = new c(e, this.getTz())), this.name) {
      if (M.find((l) => l.name === this.name)) throw new Error("Cron: Tried to initialize new named job '" + this.name + "', but name already taken.");
      M.push(this);
    }
    return a !== void 0 && L(a) && (this.fn = a, this.schedule()), this;
  }
  nextRun(e) {
    return this._nextTarget(e, /* @__PURE__ */ new Date());
  }
  nextRuns(e, t) {
    this._states.maxRuns !== void 0 && e > this._states.maxRuns && (e = this._states.maxRuns);
    let n = t || this._states.currentRun || void 0;
    return this._enumerateRuns(e, n, "next");
  }
  previousRuns(e, t) {
    return this._enumerateRuns(e, t || void 0, "previous");
  }
  enumerate(e) {
    return new A(this, e);
  }
  _enumerateRuns(e, t, n) {
    let r = [], a = /* @__PURE__ */ new Date(), i = t;
    for (; e-- > 0; ) {
      let o = n === "next" ? this._nextTarget(i, a) : this._previousTarget(i, a);
      if (!o) break;
      r.push(o), i = o;
    }
    return r;
  }
  match(e) {
    if (this._states.once) {
      let n = new c(e, this.getTz());
      n.ms = 0;
      let r = new c(this._states.once, this.getTz());
      return r.ms = 0, n.getTime() === r.getTime();
    }
    let t = new c(e, this.getTz());
    return t.ms = 0, t.match(this._states.pattern, this.options);
  }
  getPattern() {
    if (!this._states.once) return this._states.pattern ? this._states.pattern.pattern : void 0;
  }
  getOnce() {
    return this._states.once ? this._states.once.getDate() : null;
  }
  isRunning() {
    return !this._states.paused && !this._states.kill && this.fn !== void 0 && this._nextTarget(this._states.currentRun, /* @__PURE__ */ new Date()) !== null;
  }
  isStopped() {
    return this._states.kill;
  }
  isBusy() {
    return this._states.blocking;
  }
  currentRun() {
    return this._states.currentRun ? this._states.currentRun.getDate() : null;
  }
  previousRun() {
    return this._states.previousRun ? this._states.previousRun.getDate() : null;
  }
  msToNext(e) {
    let t = /* @__PURE__ */ new Date(), n = this._nextTarget(e, t);
    return n ? n.getTime() - this._toMs(e ?? t) : null;
  }
  stop() {
    this._states.kill = true, this._states.currentTimeout && clearTimeout(this._states.currentTimeout);
    let e = M.indexOf(this);
    e >= 0 && M.splice(e, 1);
  }
  pause() {
    return this._states.paused = true, !this._states.kill;
  }
  resume() {
    return this._states.paused = false, !this._states.kill;
  }
  schedule(e) {
    return this._schedule(e);
  }
  _schedule(e, t) {
    if (e && this.fn) throw new Error("Cron: It is not allowed to schedule two functions using the same Croner instance.");
    e && (this.fn = e);
    let n = t ?? /* @__PURE__ */ new Date(), r = this._nextTarget(void 0, n), a = r ? r.getTime() - n.getTime() : null, i = this._states.currentRun;
    i && i.getTime() > n.getTime() && (i = void 0);
    let o = this._nextTarget(i, n);
    return a === null || isNaN(a) || o === null ? this : (a > $ && (a = $), a < 0 && (a = this._states.paused ? 1e3 : 0), this._states.currentTimeout = setTimeout(() => this._checkTrigger(o), a), this._states.currentTimeout && this.options.unref && Y(this._states.currentTimeout), this);
  }
  async _trigger(e = /* @__PURE__ */ new Date()) {
    this._states.blocking = true, this._states.currentRun = new c(e, this.getTz());
    try {
      if (this.options.catch) try {
        this.fn !== void 0 && await this.fn(this, this.options.context);
      } catch (t) {
        if (b(this.options.catch)) try {
          Promise.resolve(this.options.catch(t, this)).catch(() => {
          });
        } catch {
        }
      }
      else this.fn !== void 0 && await this.fn(this, this.options.context);
    } finally {
      this._states.previousRun = new c(e, this.getTz()), this._states.blocking = false;
    }
  }
  async trigger() {
    await this._trigger();
  }
  runsLeft() {
    return this._states.maxRuns;
  }
  _checkTrigger(e) {
    let t = /* @__PURE__ */ new Date(), n = !this._states.paused && t.getTime() >= e.getTime(), r = this._states.blocking && this.options.protect;
    n && !r ? (this._states.maxRuns !== void 0 && this._states.maxRuns--, this._trigger(t)) : n && r && b(this.options.protect) && setTimeout(() => this.options.protect(this), 0), this._schedule(void 0, n ? void 0 : t);
  }
  _next(e, t, n) {
    let r = n ? n.startAt : this._startAt, a = n ? n.stopAt : this._stopAt, i = !!e, o = !!(e || this._states.currentRun), u = false;
    !e && r && this.options.interval && (e = this._calculatePreviousRun(r, t), e && (o = true), u = !e);
    let l = e ?? t ?? /* @__PURE__ */ new Date(), h = this._toMs(l);
    e = new c(l, this.getTz()), r && h < r.getTime() && (e = u ? r : new c(new Date(r.getTime() - 1e3), this.getTz()), h = e.getTime());
    let m = this._states.once || new c(e, this.getTz());
    if (!u && m !== this._states.once && (m = this._findOccurrence(e, h, 1, o)), this._states.once) {
      let d = this._states.once.getTime(), p = h - d;
      if (r && d < r.getTime() - this._startAtRoundingMs || this._states.currentRun && this.applyDayOffset(this._states.once.getDate()).getTime() <= this._states.currentRun.getTime() || (i ? p >= 0 : p > 1e3 && !this.options.allowPast)) return null;
    }
    return m === null || this._states.maxRuns !== void 0 && this._states.maxRuns <= 0 || this._states.kill || a && m.getTime() >= a.getTime() ? null : m;
  }
  _previous(e, t) {
    let n = this._toMs(e ?? /* @__PURE__ */ new Date());
    if (t.stopAt && n > t.stopAt.getTime() && (n = t.stopAt.getTime()), this._states.once) return this._states.once.getTime() < n ? this._states.once : null;
    let r = this._findOccurrence(new c(new Date(n), this.getTz()), n, -1);
    return r === null || t.startAt && r.getTime() < t.startAt.getTime() ? null : r;
  }
  _toMs(e) {
    if (e instanceof Date) return e.getTime();
    let t = new c(e, this.getTz());
    return t.getTime() + (typeof t.tz == "string" ? t.ms : 0);
  }
  _findOccurrence(e, t, n, r = false) {
    let a = this.options.interval ?? 0;
    if (a > 1 && (n === -1 || r)) {
      t += (a - 1) * 1e3 * n;
      let m = new Date(t);
      if (isNaN(m.getTime()) || (e = new c(m, this.getTz()), !(e.year >= 1 && e.year <= 9999))) return null;
      r = false;
    }
    let i = this._walk(e, t, n, r), o = this.getTz();
    if (this._states.pattern.isFixedTime && n === 1 || typeof o == "number" || U(t, o) !== (n === 1 ? "earlier" : "later")) return i;
    let u = Math.floor(t / 1e3) * 1e3, l = n === 1 ? k(u, u + P, o) : k(u - P, u, o) - 1e3;
    if (i && (l - i.getTime()) * n > 0) return i;
    let h = this._walk(new c(new Date(l), o), l - n, n, false, true);
    return !i || !h ? i ?? h : (i.getTime() - h.getTime()) * n > 0 ? h : i;
  }
  _walk(e, t, n, r, a = false) {
    let i = this._states.pattern, o = (l, h) => n === 1 ? l.increment(i, this.options, h) : l.decrement(i, this.options, h), u = new c(e, this.getTz());
    for ((!a || !u.match(i, this.options)) && (u = o(u, r)); u; ) {
      let l = this._runAt(u, t, n);
      if (l) return new c(l, this.getTz());
      u = o(u, false);
    }
    return null;
  }
  _runAt(e, t, n) {
    let r = (d) => (d.getTime() - t) * n > 0, a = e.tz;
    if (typeof a == "number") {
      let d = e.getDate();
      return r(d) ? d : null;
    }
    let i = T(e.year, e.month + 1, e.day, e.hour, e.minute, e.second, a), o = _(i), u = this._states.pattern.isFixedTime;
    if (o.kind === "single") return r(o.date) ? o.date : null;
    if (o.kind === "ambiguous") {
      let { earlier: d, later: p } = o;
      return (u ? [d] : n === 1 ? [d, p] : [p, d]).find(r) ?? null;
    }
    if (!u) return null;
    let l = new Date(k(o.before.getTime(), o.after.getTime(), a)), h = y(l, a);
    return h.y === i.y && h.m === i.m && h.d === i.d && r(l) ? l : null;
  }
  _calculatePreviousRun(e, t) {
    let n = new c(t, this.getTz()).getTime();
    if (e.getTime() > n) return;
    let r = this.options.interval * 1e3, a = e;
    for (; a.getTime() + r <= n; ) {
      let i = this._findOccurrence(a, a.getTime(), 1, true);
      if (i === null) break;
      a = i;
    }
    return a;
  }
};
var A = class {
  cron;
  cursor;
  now;
  done;
  initialMaxRuns;
  remainingRuns;
  constructor(e, t) {
    this.cron = e, this.initialMaxRuns = e.runsLeft() ?? 1 / 0, this.reset(t);
  }
  next() {
    if (this.done || this.remainingRuns <= 0) return this.done = true, { value: void 0, done: true };
    let e = this.cron._nextTarget(this.cursor, this.now);
    return e === null ? (this.done = true, { value: void 0, done: true }) : (this.cursor = e, this.remainingRuns--, { value: e, done: false });
  }
  peek() {
    return this.done || this.remainingRuns <= 0 ? null : this.cron._nextTarget(this.cursor, this.now);
  }
  reset(e) {
    this.cursor = e instanceof Date ? new Date(e.getTime()) : e ?? void 0, this.now = /* @__PURE__ */ new Date(), this.done = false, this.remainingRuns = this.initialMaxRuns;
  }
  [Symbol.iterator]() {
    return this;
  }
};

// packages/core/src/policy/timezone.ts
var DEFAULT_TIMEZONE = "UTC";
var IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;
function isValidTimeZone(name) {
  if (name.length > 64 || !IANA_SHAPE.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
function suggestTimeZone(name) {
  return didYouMean(name, ["UTC", ...Intl.supportedValuesOf("timeZone")]);
}
var LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?(Z|[+-]\d{2}:\d{2})?$/;
function parseDateTime(text2, timezone) {
  const match = LOCAL.exec(text2.trim());
  const shape = `write an ISO date-time such as '2026-12-19T18:00' (local to the timezone) or '2026-12-19T17:00Z'`;
  if (!match) return { problem: `'${clip3(text2)}' is not a date-time; ${shape}.` };
  const [, y2, mo, d, h = "00", mi = "00", s3 = "00", zone] = match;
  const fields = [y2, mo, d, h, mi, s3].map(Number);
  const [year, month, day, hour, minute, second] = fields;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return { problem: `'${clip3(text2)}' is not a real date and time; ${shape}.` };
  if (zone === "Z") return { date: new Date(utc) };
  if (zone !== void 0) {
    const sign = zone.startsWith("-") ? -1 : 1;
    const [oh, om] = zone.slice(1).split(":").map(Number);
    if (oh > 23 || om > 59) return { problem: `'${clip3(text2)}' has an invalid offset; ${shape}.` };
    return { date: new Date(utc - sign * (oh * 60 + om) * 6e4) };
  }
  const local = `${y2}-${mo}-${d}T${h}:${mi}:${s3}`;
  return { date: new c(local, timezone).getDate() };
}
var formatters = /* @__PURE__ */ new Map();
function formatterFor(timezone) {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    if (formatters.size > 200) formatters.clear();
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone: timezone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23"
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}
function localFields(instant, timezone) {
  const parts = Object.fromEntries(
    formatterFor(timezone).formatToParts(instant).map((part) => [part.type, part.value])
  );
  return {
    weekday: parts.weekday ?? "",
    day: parts.day ?? "",
    month: parts.month ?? "",
    year: parts.year ?? "",
    hour: parts.hour ?? "",
    minute: parts.minute ?? ""
  };
}
var HALF_YEAR_MS = 183 * 24 * 60 * 60 * 1e3;
function formatInstant(instant, timezone, now) {
  const f2 = localFields(instant, timezone);
  const withYear = now === void 0 || Math.abs(instant.getTime() - now.getTime()) > HALF_YEAR_MS;
  return `${f2.weekday} ${f2.day} ${f2.month}${withYear ? ` ${f2.year}` : ""} ${f2.hour}:${f2.minute} ${timezone}`;
}
function clip3(text2) {
  return text2.length > 40 ? `${text2.slice(0, 40)}\u2026` : text2;
}

// packages/core/src/policy/read-values.ts
function readTimeZone(reader, node, object) {
  const text2 = reader.text(node, object, "timezone");
  if (text2 === void 0) return void 0;
  if (isValidTimeZone(text2)) return text2;
  const near = text2.length <= 64 ? suggestTimeZone(text2) : void 0;
  reader.fail(
    node,
    object,
    `timezone '${clip2(text2)}' is not an IANA timezone${near ? `; did you mean '${near}'?` : ` (e.g. 'Europe/Berlin', 'America/New_York', 'UTC').`}`
  );
  return void 0;
}

// packages/core/src/policy/read-window.ts
var import_yaml5 = __toESM(require_dist(), 1);

// packages/core/src/policy/cron.ts
var MAX_CRON_LENGTH = 200;
var NICKNAMES = ["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@hourly"];
var REFERENCE = new Date(Date.UTC(2e3, 0, 1));
var compiled = /* @__PURE__ */ new Map();
function compile(schedule2) {
  const key = `${schedule2.timezone}
${schedule2.cron}`;
  let cron = compiled.get(key);
  if (!cron) {
    if (compiled.size > 500) compiled.clear();
    cron = new j(schedule2.cron, { timezone: schedule2.timezone, mode: "5-part" });
    compiled.set(key, cron);
  }
  return cron;
}
function cronProblem(cron, timezone) {
  const text2 = cron.trim();
  const shape = `write five fields (minute hour day-of-month month day-of-week), e.g. '0 9 * * 1-5'`;
  if (text2.length === 0 || text2.length > MAX_CRON_LENGTH)
    return `cron '${clip4(cron)}' is not a cron expression; ${shape}.`;
  if (text2.startsWith("@")) {
    if (!NICKNAMES.includes(text2.toLowerCase()))
      return `cron '${clip4(cron)}' is not one of ${NICKNAMES.join(", ")}; ${shape}.`;
  } else if (text2.split(/\s+/).length !== 5) {
    return `cron '${clip4(cron)}' has ${text2.split(/\s+/).length} fields, not 5; ${shape}.`;
  }
  try {
    if (compile({ cron: text2, timezone }).nextRun(REFERENCE) === null)
      return `cron '${clip4(cron)}' never runs (no such date); check the day and month fields.`;
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^CronPattern:\s*/, "").split("\n")[0];
    return `cron '${clip4(cron)}' is not valid: ${clip4(reason ?? "", 120)}; ${shape}.`;
  }
  return void 0;
}
function nextTick(schedule2, after) {
  return compile(schedule2).nextRun(new Date(after))?.getTime() ?? void 0;
}
function firstTickFrom(schedule2, from) {
  return nextTick(schedule2, Math.ceil(from / 1e3) * 1e3 - 1e3);
}
function latestTick(schedule2, at) {
  return compile(schedule2).previousRuns(1, new Date(at + 1))[0]?.getTime();
}
function clip4(text2, max = 60) {
  return text2.length > max ? `${text2.slice(0, max)}\u2026` : text2;
}

// packages/core/src/policy/duration.ts
var UNITS = [
  ["d", 24 * 60 * 60 * 1e3],
  ["h", 60 * 60 * 1e3],
  ["m", 60 * 1e3],
  ["s", 1e3]
];
var MAX_DURATION_MS = 366 * 24 * 60 * 60 * 1e3;
var SHAPE = /^(?:(\d{1,6})d)?(?:(\d{1,6})h)?(?:(\d{1,6})m)?(?:(\d{1,6})s)?$/;
function parseDuration(text2) {
  const example = `write it as whole numbers with units, largest first, e.g. '90m', '2h', '1h30m' or '1d'`;
  const trimmed = text2.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed))
    return { problem: `duration '${text2}' has no unit; ${example}.` };
  const match = trimmed === "" ? null : SHAPE.exec(trimmed);
  if (!match) {
    const hint = /\d\.\d/.test(trimmed) ? " (no fractions: 1h30m, not 1.5h)" : "";
    return { problem: `duration '${clip5(text2)}' is not valid${hint}; ${example}.` };
  }
  let ms = 0;
  UNITS.forEach(([, size], i) => {
    const group = match[i + 1];
    if (group !== void 0) ms += Number(group) * size;
  });
  if (ms <= 0)
    return { problem: `duration '${text2}' is zero; give a positive duration or remove the key.` };
  if (ms > MAX_DURATION_MS)
    return { problem: `duration '${text2}' is longer than the 366 days the policy allows.` };
  return { ms };
}
function formatDuration(ms) {
  if (ms <= 0) return "0m";
  let rest = Math.round(ms / 1e3) * 1e3;
  let out = "";
  for (const [unit, size] of UNITS) {
    const count2 = Math.floor(rest / size);
    if (count2 > 0) {
      out += `${count2}${unit}`;
      rest -= count2 * size;
    }
  }
  return out === "" ? "0s" : out;
}
function clip5(text2) {
  return text2.length > 40 ? `${text2.slice(0, 40)}\u2026` : text2;
}

// packages/core/src/policy/read-window.ts
var WINDOW_KEYS = ["name", "reason", "timezone", "from", "to", "cron", "duration"];
var FREEZE_KEYS = [...WINDOW_KEYS, "environments"];
var WINDOW_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
var EXAMPLE_ONCE = `{ name: holiday-2026, from: 2026-12-19T18:00, to: 2027-01-04T08:00 }`;
var EXAMPLE_CRON = `{ cron: "0 9 * * 1-5", duration: 8h }`;
function readWindow(reader, node, kind, index, defaultTimezone, chain, owner) {
  const where = kind === "freeze" ? `freeze #${index + 1}` : `allow window #${index + 1}`;
  const ownerText = owner === void 0 ? "" : ` of environment '${owner}'`;
  const map = reader.mapping(node, `${where}${ownerText}`, where, EXAMPLE_ONCE);
  if (!map) return void 0;
  const nameNode = reader.value(map, "name");
  let name = nameNode ? reader.text(nameNode, `${where}${ownerText}`, "name") : void 0;
  if (name !== void 0 && !WINDOW_NAME.test(name)) {
    reader.fail(
      nameNode,
      `${where}${ownerText}`,
      `name '${clip2(name)}' must be 1\u201363 letters, digits, '.', '_' or '-', starting with a letter or digit.`
    );
    name = void 0;
  }
  const object = name !== void 0 ? `${kind === "freeze" ? "freeze" : "allow window"} '${name}'${ownerText}` : `${where}${ownerText}`;
  const before = reader.problems.length;
  reader.checkKeys(
    map,
    kind === "freeze" ? FREEZE_KEYS : WINDOW_KEYS,
    object,
    `a ${kind === "freeze" ? "freeze" : "window"}`
  );
  const reasonNode = reader.value(map, "reason");
  const reason = reasonNode ? reader.line(reasonNode, object, "reason", 200) : void 0;
  const tzNode = reader.value(map, "timezone");
  const timezone = tzNode ? readTimeZone(reader, tzNode, object) : defaultTimezone;
  const fromNode = reader.value(map, "from");
  const toNode = reader.value(map, "to");
  const cronNode = reader.value(map, "cron");
  const durationNode = reader.value(map, "duration");
  const once = fromNode !== void 0 || toNode !== void 0;
  const recurring = cronNode !== void 0 || durationNode !== void 0;
  let schedule2;
  if (once && recurring) {
    reader.fail(
      map,
      object,
      `mixes a one-shot window (from/to) with a recurring one (cron/duration); write one of ${EXAMPLE_ONCE} or ${EXAMPLE_CRON}.`
    );
  } else if (once) {
    schedule2 = readOnce(reader, map, object, fromNode, toNode, timezone ?? "UTC");
  } else if (recurring) {
    schedule2 = readRecurring(reader, map, object, cronNode, durationNode, timezone ?? "UTC");
  } else {
    reader.fail(map, object, `says nothing about when; write ${EXAMPLE_ONCE} or ${EXAMPLE_CRON}.`);
  }
  let environments;
  const envNode = kind === "freeze" ? reader.value(map, "environments") : void 0;
  if (envNode) {
    const items = reader.list(envNode, object, "environments", 100) ?? [];
    environments = [];
    for (const item of items) {
      const env = reader.text(item, object, "environments");
      if (env === void 0) continue;
      if (!chain.includes(env)) {
        const near = didYouMean(env, chain);
        reader.fail(
          item,
          object,
          `'environments' names '${clip2(env)}', which is not in the chain (${chain.join(", ")})${near ? `; did you mean '${near}'?` : "."}`
        );
        continue;
      }
      environments.push(env);
    }
    if (items.length === 0)
      reader.warn(
        envNode,
        object,
        `'environments' is empty, so this freeze closes nothing; list environments or remove the key to close all.`
      );
  }
  if (reader.problems.length > before || !schedule2 || timezone === void 0) return void 0;
  const line = reader.lineOf(map);
  return {
    ...name !== void 0 ? { name } : {},
    ...reason !== void 0 ? { reason } : {},
    timezone,
    schedule: schedule2,
    ...environments !== void 0 ? { environments } : {},
    ...line !== void 0 ? { line } : {}
  };
}
function readOnce(reader, map, object, fromNode, toNode, timezone) {
  const instant = (node, field) => {
    if (!node) {
      reader.fail(
        map,
        object,
        `a one-shot window needs both 'from' and '${field}'; e.g. ${EXAMPLE_ONCE}.`
      );
      return void 0;
    }
    const text2 = reader.text(node, object, field);
    if (text2 === void 0) return void 0;
    const parsed = parseDateTime(text2, timezone);
    if ("problem" in parsed) {
      reader.fail(node, object, `'${field}': ${parsed.problem}`);
      return void 0;
    }
    return parsed.date;
  };
  const from = instant(fromNode, "from");
  const to = instant(toNode, "to");
  if (!from || !to) return void 0;
  if (to.getTime() <= from.getTime()) {
    reader.fail(toNode, object, `'to' must be after 'from'.`);
    return void 0;
  }
  return { type: "once", from, to };
}
function readRecurring(reader, map, object, cronNode, durationNode, timezone) {
  if (!cronNode || !durationNode) {
    reader.fail(
      map,
      object,
      `a recurring window needs both 'cron' and 'duration'; e.g. ${EXAMPLE_CRON}.`
    );
    return void 0;
  }
  const cron = reader.text(cronNode, object, "cron");
  const problem = cron === void 0 ? void 0 : cronProblem(cron, timezone);
  if (problem) reader.fail(cronNode, object, problem);
  const duration = readDuration(reader, durationNode, object, "duration");
  if (cron === void 0 || problem || duration === void 0) return void 0;
  return { type: "cron", cron: cron.trim(), duration };
}
function readDuration(reader, node, object, field) {
  const text2 = reader.text(node, object, field);
  if (text2 === void 0) return void 0;
  const parsed = parseDuration(text2);
  if ("problem" in parsed) {
    reader.fail(node, object, `'${field}': ${parsed.problem}`);
    return void 0;
  }
  return parsed.ms;
}
function readTrain(reader, node, object, defaultTimezone) {
  let cronNode = node;
  let timezone = defaultTimezone;
  if (!(0, import_yaml5.isScalar)(node)) {
    const map = reader.mapping(node, object, "train", `train: "0 10 * * 2,4"`);
    if (!map) return void 0;
    reader.checkKeys(map, ["cron", "timezone"], object, "a train");
    cronNode = reader.value(map, "cron");
    const tzNode = reader.value(map, "timezone");
    if (tzNode) timezone = readTimeZone(reader, tzNode, object);
    if (!cronNode) {
      reader.fail(map, object, `'train' needs 'cron', e.g. train: "0 10 * * 2,4".`);
      return void 0;
    }
  }
  const cron = reader.text(cronNode, object, "train");
  if (cron === void 0 || timezone === void 0) return void 0;
  const problem = cronProblem(cron, timezone);
  if (problem) {
    reader.fail(cronNode, object, `'train': ${problem}`);
    return void 0;
  }
  const line = reader.lineOf(node);
  return { cron: cron.trim(), timezone, ...line !== void 0 ? { line } : {} };
}

// packages/core/src/policy/chain-file.ts
var TOP_KEYS = ["environments", "timezone", "freezes", "breakGlass"];
var ENVIRONMENT_KEYS = ["name", "timezone", "soak", "allow", "train", "failures", "onFailure"];
var ON_FAILURE = ["none", "hold", "revert"];
var SHAPE2 = `Declare the chain as 'environments: [dev, stage, prod]'.`;
var MAX_FREEZES = 100;
var MAX_ALLOW = 50;
var MAX_CHAIN_ENVIRONMENTS = 32;
function readPromotionChainFile(text2, file) {
  const lines = new import_yaml6.LineCounter();
  const document = (0, import_yaml6.parseDocument)(text2, { lineCounter: lines, prettyErrors: false });
  const reader = new PolicyReader(file, lines);
  const yamlProblems = document.errors.map((error) => ({
    file,
    line: lines.linePos(error.pos[0]).line,
    message: `is not valid YAML: ${error.message.split("\n")[0]}.`
  }));
  if (yamlProblems.length > 0) throw new ControlPlaneError(yamlProblems);
  const root = document.contents;
  if (!(0, import_yaml6.isMap)(root)) {
    reader.fail(root, void 0, `must be a mapping with the key 'environments'. ${SHAPE2}`);
    throw new ControlPlaneError(reader.problems);
  }
  let declaresPolicy = false;
  for (const pair of root.items) {
    const key = (0, import_yaml6.isScalar)(pair.key) ? String(pair.key.value) : "";
    if (TOP_KEYS.includes(key)) {
      if (key !== "environments") declaresPolicy = true;
      continue;
    }
    const near = didYouMean(key, TOP_KEYS);
    reader.fail(
      pair.key,
      void 0,
      `unknown key '${clip2(key)}'.${near ? ` Did you mean '${near}'?` : ""} ${SHAPE2}`
    );
  }
  const list2 = root.get("environments", true);
  if (!(0, import_yaml6.isSeq)(list2) || list2.items.length === 0) {
    reader.fail(
      list2 ?? root,
      void 0,
      `'environments' must be a non-empty list of environment names. ${SHAPE2}`
    );
    throw new ControlPlaneError(reader.problems);
  }
  const tzNode = reader.value(root, "timezone");
  const timezone = (tzNode ? readTimeZone(reader, tzNode, void 0) : void 0) ?? DEFAULT_TIMEZONE;
  if (list2.items.length > MAX_CHAIN_ENVIRONMENTS) {
    reader.fail(
      list2.items[MAX_CHAIN_ENVIRONMENTS],
      void 0,
      `'environments' lists ${list2.items.length} environments; a promotion chain has at most ${MAX_CHAIN_ENVIRONMENTS}. Shorten the chain (the environment on this line is number ${MAX_CHAIN_ENVIRONMENTS + 1}).`
    );
  }
  const entries = [];
  for (const item of list2.items.slice(0, MAX_CHAIN_ENVIRONMENTS)) {
    const name = environmentName(reader, item);
    if (name === void 0) continue;
    if (entries.some((e) => e.name === name)) {
      reader.fail(
        item,
        void 0,
        `environment '${name}' is listed twice. An environment can appear once in the chain.`
      );
      continue;
    }
    entries.push({ name, node: item, ...(0, import_yaml6.isMap)(item) ? { map: item } : {} });
    if ((0, import_yaml6.isMap)(item)) declaresPolicy = true;
  }
  const chain = entries.map((e) => e.name);
  const environments = entries.map(
    (entry, index) => entry.map ? readEnvironment(reader, entry.map, entry.name, index, timezone, chain) : plainEnvironment(entry.name, timezone)
  );
  const freezes = readFreezes(reader, root, timezone, chain);
  const breakGlass = readBreakGlass(reader, root);
  if (reader.problems.length > 0) throw new ControlPlaneError(reader.problems);
  return {
    environments: chain,
    policy: {
      file,
      timezone,
      freezes,
      environments,
      ...breakGlass ? { breakGlass } : {}
    },
    declaresPolicy,
    warnings: reader.warnings
  };
}
function plainEnvironment(name, timezone) {
  return { name, timezone, allow: [], onFailure: "none" };
}
function environmentName(reader, item) {
  let nameNode = item;
  if ((0, import_yaml6.isMap)(item)) {
    nameNode = reader.value(item, "name");
    if (!nameNode) {
      reader.fail(
        item,
        void 0,
        `an environment written as a mapping needs 'name', e.g. '- { name: prod, soak: 2h }'.`
      );
      return void 0;
    }
  }
  const value = (0, import_yaml6.isScalar)(nameNode) ? nameNode.value : void 0;
  if (typeof value !== "string" || !isValidBranchName(value)) {
    reader.fail(
      nameNode,
      void 0,
      `environment ${JSON.stringify((0, import_yaml6.isScalar)(nameNode) ? nameNode.value : String(nameNode))} is not a valid branch name. Use the name of the environment's branch, e.g. 'dev'.`
    );
    return void 0;
  }
  return value;
}
function readEnvironment(reader, map, name, index, fileTimezone, chain) {
  const object = `environment '${name}'`;
  reader.checkKeys(map, ENVIRONMENT_KEYS, object, "an environment");
  const tzNode = reader.value(map, "timezone");
  const timezone = (tzNode ? readTimeZone(reader, tzNode, object) : void 0) ?? fileTimezone;
  const soakNode = reader.value(map, "soak");
  const soak = soakNode ? readDuration(reader, soakNode, object, "soak") : void 0;
  if (soakNode && index === 0)
    reader.fail(
      soakNode,
      object,
      `'soak' needs a previous environment, but '${name}' is the first of the chain; remove it or move it to the environment after.`
    );
  const allow = [];
  const allowNode = reader.value(map, "allow");
  if (allowNode) {
    const items = reader.list(allowNode, object, "allow", MAX_ALLOW) ?? [];
    items.forEach((item, i) => {
      const window = readWindow(reader, item, "allow", i, timezone, chain, name);
      if (window) allow.push(window);
    });
    uniqueNames(reader, items, allow, object, "allow window");
    if (items.length === 0)
      reader.warn(
        allowNode,
        object,
        `'allow' is empty, which leaves the environment always open; remove it or add a window.`
      );
  }
  const trainNode = reader.value(map, "train");
  const train = trainNode ? readTrain(reader, trainNode, object, timezone) : void 0;
  const failuresNode = reader.value(map, "failures");
  const failures = failuresNode ? readFailures(reader, failuresNode, object) : void 0;
  let onFailure = "none";
  const onFailureNode = reader.value(map, "onFailure");
  if (onFailureNode) {
    const text2 = reader.text(onFailureNode, object, "onFailure");
    if (ON_FAILURE.includes(text2)) onFailure = text2;
    else if (text2 !== void 0)
      reader.fail(
        onFailureNode,
        object,
        `'onFailure' is '${clip2(text2)}'; write none, hold or revert.`
      );
  }
  const line = reader.lineOf(map);
  return {
    name,
    timezone,
    ...soak !== void 0 ? { soak } : {},
    allow,
    ...train ? { train } : {},
    ...failures ? { failures } : {},
    onFailure,
    ...line !== void 0 ? { line } : {}
  };
}
function readFreezes(reader, root, timezone, chain) {
  const node = reader.value(root, "freezes");
  if (!node) return [];
  const items = reader.list(node, void 0, "freezes", MAX_FREEZES) ?? [];
  const freezes = [];
  items.forEach((item, i) => {
    const freeze = readWindow(reader, item, "freeze", i, timezone, chain);
    if (freeze) freezes.push(freeze);
  });
  uniqueNames(reader, items, freezes, void 0, "freeze");
  return freezes;
}
function uniqueNames(reader, items, windows, object, what) {
  const seen = /* @__PURE__ */ new Set();
  for (const window of windows) {
    if (window.name === void 0) continue;
    if (seen.has(window.name)) {
      const node = items.find((item) => reader.lineOf(item) === window.line);
      reader.fail(
        node,
        object ?? `${what} '${window.name}'`,
        `${what} name '${window.name}' is used twice; give each its own name.`
      );
    }
    seen.add(window.name);
  }
}
function readBreakGlass(reader, root) {
  const node = reader.value(root, "breakGlass");
  if (!node) return void 0;
  const object = "breakGlass";
  const map = reader.mapping(
    node,
    object,
    "breakGlass",
    `breakGlass: { environment: break-glass, label: kalypso/break-glass }`
  );
  if (!map) return void 0;
  reader.checkKeys(map, ["environment", "label"], object, `'breakGlass'`);
  const envNode = reader.value(map, "environment");
  const labelNode = reader.value(map, "label");
  const environment = envNode ? reader.line(envNode, object, "breakGlass.environment", 255) : void 0;
  const label = labelNode ? reader.line(labelNode, object, "breakGlass.label", 50) : void 0;
  if (!envNode && !labelNode)
    reader.fail(
      map,
      object,
      `'breakGlass' needs an 'environment' (a GitHub Environment with required reviewers), a 'label', or both.`
    );
  if (environment === void 0 && label === void 0) return void 0;
  return {
    ...environment !== void 0 ? { environment } : {},
    ...label !== void 0 ? { label } : {}
  };
}

// packages/core/src/promotion/chain.ts
var promotionChainPath = ".github/promotion-chain.yaml";
function parsePromotionChain(text2, file = promotionChainPath) {
  const read = readPromotionChainFile(text2, file);
  return {
    environments: read.environments,
    file,
    ...read.declaresPolicy ? { policy: read.policy } : {},
    ...read.warnings.length > 0 ? { warnings: read.warnings } : {}
  };
}

// packages/core/src/publish/target-overlap.ts
function targetsOverlap(a, b2) {
  if (a.repository.toLowerCase() !== b2.repository.toLowerCase() || a.branch !== b2.branch)
    return false;
  const inside = (p, folder) => folder === "" || p === folder || p.startsWith(`${folder}/`);
  return inside(a.path, b2.path) || inside(b2.path, a.path);
}
var describe = (t) => `'${t.repository}', branch '${t.branch}', ${t.path === "" ? "the repository root" : `path '${t.path}'`}`;
async function overlappingTargets(environment, ownTarget, ownRepo, mainCommit, sources) {
  if (mainCommit === void 0 || !sources.readGitOpsRepos) return [];
  const ownPath = ownRepo ? cleanGitOpsPath(ownRepo.path) : void 0;
  const own = { ...ownTarget, path: ownPath?.ok ? ownPath.path : "" };
  const tree = await sources.readCommit(mainCommit);
  const bytes = tree?.get(promotionChainPath);
  if (!bytes) return [];
  let others;
  try {
    others = parsePromotionChain(new TextDecoder().decode(bytes)).environments.filter(
      (e) => e !== environment
    );
  } catch {
    return [];
  }
  if (others.length === 0) return [];
  const found = await sources.readGitOpsRepos(others);
  const where = ownRepo ? {
    file: ownRepo.origin.file,
    line: ownRepo.origin.line,
    object: `GitOpsRepo '${ownRepo.name}'`
  } : {};
  const problems = [];
  for (const other of others) {
    for (const repo of found.get(other) ?? []) {
      const repository = parseGitHubRepositoryUrl(repo.repo)?.fullName;
      const path = cleanGitOpsPath(repo.path);
      if (repository === void 0 || !path.ok) continue;
      const theirs = { repository, branch: repo.branch, path: path.path };
      if (!targetsOverlap(own, theirs)) continue;
      problems.push({
        ...where,
        message: `the GitOps target of environment '${environment}' (${describe(own)}) overlaps the target of environment '${other}' (${describe(theirs)}, GitOpsRepo '${repo.name}' on branch '${other}'): scheduling '${environment}' would remove or overwrite the manifests of '${other}'. Give each environment its own branch, or disjoint paths on a shared branch (e.g. 'clusters/${environment}' and 'clusters/${other}').`
      });
    }
  }
  return problems;
}

// packages/core/src/publish/propose-environment.ts
async function propose(request, ports, fail2, ready) {
  const { environment } = request;
  const { reporter } = ports;
  const { target, warnings } = ready;
  const overlaps = await overlapsOf(request, ports, ready.mainCommit, target, ready.gitOpsRepo);
  if (overlaps.length > 0) return fail2(overlaps);
  const { statusCommit } = ready;
  const gitops = await ready.gitops();
  const end = endReads(request, ports, ready);
  let noting;
  const note = (result) => {
    if (noting || !ready.noteIndex) return;
    noting = ready.noteIndex(result);
    noting.catch(() => void 0);
  };
  try {
    const result = await reporter.group(
      `Proposing '${environment}' to '${target.repository}' branch '${target.base}'`,
      () => publishEnvironment(
        {
          ...publishRequest(request, target.base, ready.publish),
          ...ready.noteIndex ? { pushed: note } : {}
        },
        { ...gitops, reporter }
      )
    );
    note(result);
    try {
      if (end.latest && statusCommit !== void 0)
        await clearScheduleFailure(ports, statusCommit, request, end.latest());
      await setMergeGate(
        {
          environment,
          dryRun: request.dryRun,
          ...request.runUrl ? { runUrl: request.runUrl } : {},
          ...end.gate ? { mergeGate: end.gate } : {},
          reporter
        },
        gitops.statuses,
        result,
        ready.promotedCommit
      );
      const promotedCommit = ready.promotedCommit;
      const opened = result.operation === "created" || result.operation === "updated";
      if (opened && promotedCommit && !request.dryRun) {
        const pullRequestUrl = result.pullRequest?.url;
        await record(
          request,
          ports,
          promotedCommit,
          "in_progress",
          `GitOps pull request ${result.operation === "created" ? "opened" : "updated"}`,
          {
            repository: target.repository,
            branch: target.base,
            ...pullRequestUrl ? { pullRequestUrl } : {}
          }
        );
      }
    } finally {
      await noting;
    }
    return {
      kind: "published",
      result,
      gitops: {
        repository: target.repository,
        base: target.base,
        branch: request.pullRequestBranch
      },
      promotedCommit: ready.mainCommit ?? "",
      assignments: ready.assignments,
      warnings
    };
  } catch (error) {
    if (error instanceof ControlPlaneError) return fail2(error.problems);
    throw error;
  } finally {
    await end.settled();
    await noting?.catch(() => void 0);
  }
}
function publishRequest(request, base, proposal) {
  return {
    environment: request.environment,
    ...proposal,
    base,
    branch: request.pullRequestBranch,
    templates: request.templates,
    labels: request.labels,
    reviewers: request.reviewers,
    teamReviewers: request.teamReviewers,
    draft: request.draft,
    autoMerge: request.autoMerge,
    dryRun: request.dryRun,
    controlPlaneRepository: request.repository,
    runUrl: request.runUrl ?? "",
    controlPlaneUrl: `${request.serverUrl}/${request.repository}`
  };
}
function record(request, ports, promotedCommit, state, description, gitops) {
  return recordDeployment(ports.records, ports.reporter, {
    environment: request.environment,
    promotedCommit,
    state,
    description,
    ...request.runUrl ? { logUrl: request.runUrl } : {},
    ...gitops ? { gitops } : {}
  });
}
function endReads(request, ports, ready) {
  const { statusCommit, promotedCommit } = ready;
  const started = [];
  const once = (read) => {
    let made;
    return () => {
      if (!made) {
        made = read();
        made.catch(() => void 0);
        started.push(made);
      }
      return made;
    };
  };
  const writesStatus = request.setStatus && !request.dryRun && statusCommit !== void 0;
  const latest = writesStatus ? once(
    () => ports.statuses.latestStatus(statusCommit, environmentStatusContext(request.environment))
  ) : void 0;
  const mergeGate = ports.mergeGate;
  const gate = mergeGate && promotedCommit && !request.dryRun ? once(() => mergeGate(request.environment, promotedCommit)) : void 0;
  if (ready.endReadsAhead) {
    if (promotedCommit && !request.dryRun)
      ports.records.prepare?.(request.environment, promotedCommit);
    void latest?.();
    void gate?.();
  }
  return {
    ...latest ? { latest } : {},
    ...gate ? { gate } : {},
    settled: () => Promise.allSettled(started)
  };
}
async function clearScheduleFailure(ports, sha, request, read) {
  const context = environmentStatusContext(request.environment);
  const latest = await read;
  if (!isScheduleFailure(latest)) return;
  const promoted = promotedStatus();
  await ports.statuses.setStatus({
    sha,
    ...promoted,
    context,
    ...request.runUrl ? { targetUrl: request.runUrl } : {}
  });
  await record(request, ports, sha, recordStateOf(promoted), promoted.description);
  ports.reporter.info(
    `Set '${context}' on ${sha.slice(0, 7)} back to ${promoted.state} '${promoted.description}': the environment is scheduled again.`
  );
}
function overlapsOf(request, ports, mainCommit, target, gitOpsRepo) {
  const own = { repository: target.repository, branch: target.base };
  return ports.reporter.group(
    "Checking the GitOps targets of the other environments",
    () => overlappingTargets(request.environment, own, gitOpsRepo, mainCommit, ports.sources)
  );
}

// packages/core/src/publish/schedule-target.ts
var DEFAULT_MAX_FILES = 1e6;
function fleetFiles(assignments, clusterTypes) {
  return assignments * 3 + clusterTypes + 1;
}
function checkFleetSize(scheduled, maxFiles) {
  const { view } = scheduled;
  if (scheduled.loadFailed) return void 0;
  const assignments = scheduled.assignments.length;
  const files = fleetFiles(assignments, view.clusterTypes.length);
  if (files <= maxFiles) return void 0;
  const n = (value) => value.toLocaleString("en-US");
  return `The environment '${view.name}' is too large for this runner: ${n(assignments)} assignments on ${n(view.clusterTypes.length)} cluster types would render up to ${n(files)} GitOps files, over the budget of ${n(maxFiles)} files. Nothing was rendered or written. Render it across a job matrix (the sharded schedule: inputs 'mode' and 'shards', docs/sharded-schedule.md), split the environment (fewer cluster types or deployment targets per environment), or on a larger runner raise the budget with the step's env KALYPSO_SCHEDULE_MAX_FILES.`;
}
function gitopsTarget(request, gitOpsRepo) {
  const { serverUrl } = request;
  const where = gitOpsRepo ? {
    file: gitOpsRepo.origin.file,
    line: gitOpsRepo.origin.line,
    object: `GitOpsRepo '${gitOpsRepo.name}'`
  } : {};
  let repository = request.gitopsRepository;
  if (repository === "") {
    if (!gitOpsRepo)
      return {
        problem: {
          message: `the environment '${request.environment}' has no GitOpsRepo, so there is nowhere to propose its manifests. Add gitops-repo.yaml to the environment branch or set the 'gitops-repository' and 'gitops-branch' inputs.`
        }
      };
    const parsed = parseGitHubRepositoryUrl(gitOpsRepo.repo);
    if (!parsed)
      return {
        problem: {
          ...where,
          message: repositoryUrlProblem("spec.repo", gitOpsRepo.repo, "Fix spec.repo.")
        }
      };
    if (tokenOrigin(parsed.origin, serverUrl).kind !== "same")
      return {
        problem: {
          ...where,
          message: `spec.repo '${gitOpsRepo.repo}' is not on the GitHub this action runs against ('${serverUrl}'), and the 'gitops-token' is only sent to that exact origin (scheme, host and port). Use ${serverUrl}/${parsed.fullName}, or set the 'gitops-repository' input.`
        }
      };
    repository = parsed.fullName;
  }
  const base = request.gitopsBranch || gitOpsRepo?.branch || "";
  if (base === "")
    return {
      problem: {
        ...where,
        message: `no GitOps branch: spec.branch is empty. Set spec.branch or the 'gitops-branch' input.`
      }
    };
  return { repository, base };
}

// node_modules/@noble/hashes/_u64.js
var fromNumH = (n) => n / 2 ** 32 | 0;
var fromNumL = (n) => n >>> 0;
function setU64FromNum(view, byteOffset, n, isLE2) {
  const h = fromNumH(n);
  const l = fromNumL(n);
  view.setUint32(byteOffset, isLE2 ? l : h, isLE2);
  view.setUint32(byteOffset + 4, isLE2 ? h : l, isLE2);
}

// node_modules/@noble/hashes/utils.js
function isBytes(a) {
  return a instanceof Uint8Array || ArrayBuffer.isView(a) && a.constructor.name === "Uint8Array" && "BYTES_PER_ELEMENT" in a && a.BYTES_PER_ELEMENT === 1;
}
var atitle = (title) => title ? `"${title}" ` : "";
function anumber(n, title = "") {
  if (typeof n !== "number")
    throw new TypeError(atitle(title) + "expected number, got " + typeof n);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(atitle(title) + "expected integer >= 0, got " + n);
  return n;
}
function abytes(value, length, title = "") {
  if (isBytes(value) && (length === void 0 || value.length === length))
    return value;
  if (length !== void 0)
    anumber(length, "length");
  const bytes = isBytes(value);
  const ofLen = length !== void 0 ? ` of length ${length}` : "";
  const got = bytes ? `length=${value.length}` : `type=${typeof value}`;
  const message = atitle(title) + "expected Uint8Array" + ofLen + ", got " + got;
  if (!bytes)
    throw new TypeError(message);
  throw new RangeError(message);
}
function ahash(h) {
  if (typeof h !== "function" || typeof h.create !== "function")
    throw new TypeError("expected hash wrapped by utils.createHasher");
  anumber(h.outputLen);
  anumber(h.blockLen);
  if (h.outputLen < 1 || h.blockLen < 1)
    throw new Error("hash blockLen / outputLen must be >= 1");
}
var aobject = (value, label) => {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new TypeError((label === "object" ? "" : `"${label}" `) + "expected object, got type=" + typeof value);
};
var aopts = (value, label) => {
  aobject(value, label);
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null)
    throw new TypeError(`"${label}" expected plain object`);
  if (Object.hasOwn(value, "__proto__"))
    throw new TypeError(`"${label}.__proto__" is not allowed`);
};
function aexists(instance, checkFinished = true) {
  if (instance.destroyed)
    throw new Error("hash was destroyed");
  if (checkFinished && instance.finished)
    throw new Error("digest() was already called");
}
function aoutput(out, instance) {
  abytes(out, void 0, "output");
  const min = instance.outputLen;
  if (!(out.length >= min)) {
    throw new RangeError('"output" expected length >= ' + min);
  }
}
function u32(arr) {
  return new Uint32Array(arr.buffer, arr.byteOffset, Math.floor(arr.byteLength / 4));
}
function clean(...arrays) {
  for (let i = 0; i < arrays.length; i++) {
    arrays[i].fill(0);
  }
}
function createView(arr) {
  return new DataView(arr.buffer, arr.byteOffset, arr.byteLength);
}
function rotr(word, shift) {
  return word << 32 - shift | word >>> shift;
}
function rotl(word, shift) {
  return word << shift | word >>> 32 - shift >>> 0;
}
var isLE = /* @__PURE__ */ (() => new Uint8Array(new Uint32Array([287454020]).buffer)[0] === 68)();
function byteSwap(word) {
  return word << 24 & 4278190080 | word << 8 & 16711680 | word >>> 8 & 65280 | word >>> 24 & 255;
}
function byteSwap32(arr) {
  for (let i = 0; i < arr.length; i++) {
    arr[i] = byteSwap(arr[i]);
  }
  return arr;
}
var swap32IfBE = isLE ? (u) => u : byteSwap32;
var hasHexBuiltin = /* @__PURE__ */ (() => (
  // @ts-ignore
  typeof Uint8Array.from([]).toHex === "function" && typeof Uint8Array.fromHex === "function"
))();
var hexes = /* @__PURE__ */ Array.from({ length: 256 }, (_2, i) => i.toString(16).padStart(2, "0"));
function bytesToHex(bytes) {
  abytes(bytes);
  if (hasHexBuiltin)
    return bytes.toHex();
  let hex2 = "";
  for (let i = 0; i < bytes.length; i++) {
    hex2 += hexes[bytes[i]];
  }
  return hex2;
}
function utf8ToBytes(str2) {
  if (typeof str2 !== "string")
    throw new TypeError("string expected");
  const encoded = new TextEncoder().encode(str2);
  try {
    return new Uint8Array(encoded);
  } finally {
    clean(encoded);
  }
}
function kdfInputToBytes(data, errorTitle = "") {
  if (typeof data === "string")
    return utf8ToBytes(data);
  return abytes(data, void 0, errorTitle);
}
function checkOpts(defaults, opts, title = "opts") {
  aopts(defaults, "defaults");
  if (opts !== void 0)
    aopts(opts, title);
  const merged = Object.assign(/* @__PURE__ */ Object.create(null), defaults, opts);
  return merged;
}
function createHasher(hashCons, info = {}) {
  if (typeof hashCons !== "function")
    throw new TypeError('"hashCons" expected function, got type=' + typeof hashCons);
  info = checkOpts({}, info, "info");
  const hashC = (msg, opts) => hashCons(opts).update(msg).digest();
  const tmp = hashCons(void 0);
  hashC.outputLen = tmp.outputLen;
  hashC.blockLen = tmp.blockLen;
  hashC.canXOF = tmp.canXOF;
  hashC.create = (opts) => hashCons(opts);
  Object.assign(hashC, info);
  return Object.freeze(hashC);
}
var oidNist = (suffix) => ({
  // Current NIST hashAlgs suffixes used here fit in one DER subidentifier octet.
  // Larger suffix values would need base-128 OID encoding and a different length byte.
  oid: Uint8Array.from([6, 9, 96, 134, 72, 1, 101, 3, 4, 2, suffix])
});

// node_modules/@noble/hashes/_md.js
function Chi(a, b2, c2) {
  return a & b2 ^ ~a & c2;
}
function Maj(a, b2, c2) {
  return a & b2 ^ a & c2 ^ b2 & c2;
}
var HashMD = class {
  blockLen;
  outputLen;
  canXOF = false;
  padOffset;
  isLE;
  // For partial updates less than block size
  buffer;
  view;
  finished = false;
  length = 0;
  pos = 0;
  destroyed = false;
  constructor(blockLen, outputLen, padOffset, isLE2) {
    this.blockLen = blockLen;
    this.outputLen = outputLen;
    this.padOffset = padOffset;
    this.isLE = isLE2;
    this.buffer = new Uint8Array(blockLen);
    this.view = createView(this.buffer);
  }
  update(data) {
    aexists(this);
    abytes(data);
    const { view, buffer, blockLen } = this;
    const len = data.length;
    let processed = false;
    for (let pos = 0; pos < len; ) {
      const take = Math.min(blockLen - this.pos, len - pos);
      if (take === blockLen) {
        const dataView = createView(data);
        for (; blockLen <= len - pos; pos += blockLen)
          this.process(dataView, pos);
        processed = true;
        continue;
      }
      buffer.set(pos === 0 && take === len ? data : data.subarray(pos, pos + take), this.pos);
      this.pos += take;
      pos += take;
      if (this.pos === blockLen) {
        this.process(view, 0);
        this.pos = 0;
        processed = true;
      }
    }
    this.length += data.length;
    if (processed)
      this.roundClean();
    return this;
  }
  digestInto(out) {
    aexists(this);
    aoutput(out, this);
    this.finished = true;
    const { buffer, view, blockLen, isLE: isLE2 } = this;
    let { pos } = this;
    buffer[pos++] = 128;
    buffer.fill(0, pos);
    if (this.padOffset > blockLen - pos) {
      this.process(view, 0);
      buffer.fill(0);
    }
    setU64FromNum(view, blockLen - 8, this.length * 8, isLE2);
    this.process(view, 0);
    this.roundClean();
    const oview = out === buffer ? view : createView(out);
    const len = this.outputLen;
    const outLen = len / 4;
    const state = this.get();
    if (len % 4 || outLen > state.length)
      throw new Error("invalid outputLen");
    for (let i = 0; i < outLen; i++)
      oview.setUint32(4 * i, state[i], isLE2);
  }
  digest() {
    const { buffer, outputLen } = this;
    this.digestInto(buffer);
    const res = buffer.slice(0, outputLen);
    this.destroy();
    return res;
  }
  _cloneIntoMeta(to) {
    const { buffer, length, finished, destroyed, pos } = this;
    to.destroyed = destroyed;
    to.finished = finished;
    to.length = length;
    to.pos = pos;
    if (pos)
      to.buffer.set(buffer);
    return to;
  }
  clone() {
    return this._cloneInto();
  }
};
var SHA256_IV = /* @__PURE__ */ Uint32Array.from([
  1779033703,
  3144134277,
  1013904242,
  2773480762,
  1359893119,
  2600822924,
  528734635,
  1541459225
]);

// node_modules/@noble/hashes/sha2.js
var SHA256_K = /* @__PURE__ */ Uint32Array.from([
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
]);
var SHA256_W = /* @__PURE__ */ new Uint32Array(64);
var SHA2_32B = class extends HashMD {
  // We cannot use array here since array allows indexing by variable
  // which means optimizer/compiler cannot use registers.
  // Numeric initializers matter: starting the fields as `undefined` changes
  // V8's field representation and makes sha256 3x slower (measured).
  A = 0;
  B = 0;
  C = 0;
  D = 0;
  E = 0;
  F = 0;
  G = 0;
  H = 0;
  constructor(outputLen, IV) {
    super(64, outputLen, 8, false);
    this.A = IV[0] | 0;
    this.B = IV[1] | 0;
    this.C = IV[2] | 0;
    this.D = IV[3] | 0;
    this.E = IV[4] | 0;
    this.F = IV[5] | 0;
    this.G = IV[6] | 0;
    this.H = IV[7] | 0;
  }
  get() {
    const { A: A2, B: B2, C: C2, D: D2, E: E2, F: F2, G, H: H2 } = this;
    return [A2, B2, C2, D2, E2, F2, G, H2];
  }
  // prettier-ignore
  set(A2, B2, C2, D2, E2, F2, G, H2) {
    this.A = A2 | 0;
    this.B = B2 | 0;
    this.C = C2 | 0;
    this.D = D2 | 0;
    this.E = E2 | 0;
    this.F = F2 | 0;
    this.G = G | 0;
    this.H = H2 | 0;
  }
  _cloneInto(to) {
    (to ||= new this.constructor()).set(...this.get());
    return this._cloneIntoMeta(to);
  }
  process(view, offset) {
    for (let i = 0; i < 16; i++, offset += 4)
      SHA256_W[i] = view.getUint32(offset, false);
    for (let i = 16; i < 64; i++) {
      const W15 = SHA256_W[i - 15];
      const W2 = SHA256_W[i - 2];
      const s0 = rotr(W15, 7) ^ rotr(W15, 18) ^ W15 >>> 3;
      const s1 = rotr(W2, 17) ^ rotr(W2, 19) ^ W2 >>> 10;
      SHA256_W[i] = s1 + SHA256_W[i - 7] + s0 + SHA256_W[i - 16] | 0;
    }
    let { A: A2, B: B2, C: C2, D: D2, E: E2, F: F2, G, H: H2 } = this;
    for (let i = 0; i < 64; i++) {
      const sigma1 = rotr(E2, 6) ^ rotr(E2, 11) ^ rotr(E2, 25);
      const T1 = H2 + sigma1 + Chi(E2, F2, G) + SHA256_K[i] + SHA256_W[i] | 0;
      const sigma0 = rotr(A2, 2) ^ rotr(A2, 13) ^ rotr(A2, 22);
      const T2 = sigma0 + Maj(A2, B2, C2) | 0;
      H2 = G;
      G = F2;
      F2 = E2;
      E2 = D2 + T1 | 0;
      D2 = C2;
      C2 = B2;
      B2 = A2;
      A2 = T1 + T2 | 0;
    }
    A2 = A2 + this.A | 0;
    B2 = B2 + this.B | 0;
    C2 = C2 + this.C | 0;
    D2 = D2 + this.D | 0;
    E2 = E2 + this.E | 0;
    F2 = F2 + this.F | 0;
    G = G + this.G | 0;
    H2 = H2 + this.H | 0;
    this.set(A2, B2, C2, D2, E2, F2, G, H2);
  }
  roundClean() {
    clean(SHA256_W);
  }
  destroy() {
    this.destroyed = true;
    this.set(0, 0, 0, 0, 0, 0, 0, 0);
    clean(this.buffer);
  }
};
var _SHA256 = class extends SHA2_32B {
  constructor() {
    super(32, SHA256_IV);
  }
};
var sha256 = /* @__PURE__ */ createHasher(
  () => new _SHA256(),
  /* @__PURE__ */ oidNist(1)
);

// packages/core/src/render/render-key.ts
var RENDER_ENGINE_VERSION = "kalypso-render-1";
function sha256Hex(text2) {
  return bytesToHex(sha256(utf8ToBytes(text2)));
}
var RenderMemo = class {
  packages = /* @__PURE__ */ new Map();
  partIds = /* @__PURE__ */ new Map();
  partTexts = [];
  partDigests = [];
  /** The text of a stable key before its residual, by the ids of its parts. */
  stablePrefixes = /* @__PURE__ */ new Map();
  templateParts = /* @__PURE__ */ new WeakMap();
  digestText;
  /** Packages taken from the memo, over the memo's life. */
  reused = 0;
  /** Packages rendered with a key (and kept). */
  rendered = 0;
  constructor(options = {}) {
    this.digestText = options.digest ?? sha256Hex;
  }
  get(key) {
    const found = this.packages.get(key.id);
    if (found !== void 0) this.reused++;
    return found;
  }
  set(key, pkg) {
    this.rendered++;
    this.packages.set(key.id, pkg);
  }
  /** The id of an encoding: equal encodings, equal ids (interned for the memo's life). */
  part(encoding) {
    let id = this.partIds.get(encoding);
    if (id === void 0) {
      id = this.partTexts.length;
      this.partIds.set(encoding, id);
      this.partTexts.push(encoding);
    }
    return id;
  }
  /** The part of a Template's whole object (its JSON), computed once per object. */
  templatePart(template) {
    if (this.templateParts.has(template)) return this.templateParts.get(template);
    const json = plainJson(template);
    const id = json === void 0 ? void 0 : this.part(`T${json}`);
    this.templateParts.set(template, id);
    return id;
  }
  /**
   * The key as it means the same in every process: the SHA-256 of the engine version, the
   * digests of its parts and its residual. Part digests are computed once per part.
   */
  stableKey(key) {
    const ids = key.parts.join(",");
    let prefix = this.stablePrefixes.get(ids);
    if (prefix === void 0) {
      const digests = key.parts.map((id) => {
        let digest = this.partDigests[id];
        if (digest === void 0) {
          digest = this.digestText(wellFormed(this.partTexts[id]));
          this.partDigests[id] = digest;
        }
        return digest;
      });
      prefix = `${RENDER_ENGINE_VERSION};${digests.join(",")};`;
      this.stablePrefixes.set(ids, prefix);
    }
    const text2 = `${prefix}${key.residual}`;
    return this.digestText(
      LONE_SURROGATE.test(key.residual) ? `j${JSON.stringify(text2)}` : `w${text2}`
    );
  }
};
var LONE_SURROGATE = new RegExp("\\p{Cs}", "u");
function wellFormed(text2) {
  return LONE_SURROGATE.test(text2) ? `j${JSON.stringify(text2)}` : `w${text2}`;
}
function assignmentKey(memo, inputs) {
  const parts = [];
  for (const template of inputs.templates) {
    const id2 = memo.templatePart(template);
    if (id2 === void 0) return void 0;
    parts.push(id2);
  }
  const stands = /* @__PURE__ */ new Map();
  for (const [stand, part] of inputs.shared) {
    stands.set(stand, stands.size);
    parts.push(part);
  }
  for (const part of inputs.schemaParts) parts.push(part);
  const residual = canonicalGoValue(inputs.data, stands);
  if (residual === void 0) return void 0;
  const id = `${parts.join(",")};${residual}`;
  return { id, parts, residual };
}
var NotExact = class extends Error {
};
function canonicalGoValue(value, stands) {
  const out = [];
  try {
    encode(value, out, stands);
  } catch (error) {
    if (error instanceof NotExact) return void 0;
    throw error;
  }
  return out.join("");
}
function encode(value, out, stands) {
  const stand = value !== null && typeof value === "object" ? stands?.get(value) : void 0;
  if (stand !== void 0) {
    out.push("#", String(stand), ";");
    return;
  }
  if (value === null) {
    out.push("n");
    return;
  }
  switch (typeof value) {
    case "string":
      out.push("s", JSON.stringify(value));
      return;
    case "boolean":
      out.push(value ? "t" : "f");
      return;
    case "bigint":
      out.push("i", value.toString(), ";");
      return;
    case "number":
      out.push("d", Object.is(value, -0) ? "-0" : String(value), ";");
      return;
  }
  if (value instanceof GoInt) {
    out.push("I", value.type, ":", value.value.toString(), ";");
    return;
  }
  if (Array.isArray(value)) {
    out.push("[", JSON.stringify(sliceElement(value)), isNilSlice(value) ? "!" : "");
    out.push(String(value.length), ";");
    for (const item of value) encode(item, out, stands);
    out.push("]");
    return;
  }
  if (value instanceof GoMap) {
    out.push("{", value.type, ";", String(value.size), ";");
    for (const [key, item] of value.entries) {
      encode(key, out, stands);
      encode(item, out, stands);
    }
    out.push("}");
    return;
  }
  if (value instanceof GoStruct) {
    if (value.text !== void 0 || value.methods !== void 0 || value.goSyntax !== void 0 || value.marshal !== "fields")
      throw new NotExact("not exactly encodable");
    out.push("(", JSON.stringify(value.typeName), String(value.fields.size), ";");
    for (const [name, item] of value.fields) {
      out.push(JSON.stringify(name));
      encode(item, out, stands);
    }
    out.push(")");
    return;
  }
  throw new NotExact("not exactly encodable");
}
function plainJson(value) {
  let exact = true;
  const text2 = JSON.stringify(value, (_key, item) => {
    if (item === null || item === void 0) return item;
    if (typeof item === "string" || typeof item === "boolean") return item;
    if (typeof item === "number") {
      if (!Number.isFinite(item) || Object.is(item, -0)) exact = false;
      return item;
    }
    if (Array.isArray(item)) return item;
    if (typeof item === "object") {
      const prototype = Object.getPrototypeOf(item);
      if (prototype === Object.prototype || prototype === null) return item;
    }
    exact = false;
    return null;
  });
  return exact ? text2 : void 0;
}

// packages/core/src/publish/noted-proposal.ts
var MAX_PROPOSAL_CHARS = 4 * 1024 * 1024;
var MAX_NOTED_BLOB_CHARS = 1024 * 1024;
var HEADER = `kalypso-proposal 1 ${RENDER_ENGINE_VERSION}`;
var OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
var DIGEST = /^[0-9a-f]{64}$/;
function* inputsParts(build, request, read) {
  const part = (text2) => `${text2.length}:${text2}`;
  yield part(HEADER);
  yield part(build);
  const { runUrl: _runUrl, runId: _runId, ...settings } = request;
  yield part(canonicalJson(settings));
  yield part(read.baseCommit ?? "");
  const sources = read.sources;
  if (sources === void 0) return;
  yield part(sources.environment);
  for (const source of [sources.base, sources.controlPlane, ...sources.workloads]) {
    yield part(canonicalJson({ origin: source.origin, files: source.files.length }));
    for (const file of source.files) {
      if (file.blobId !== void 0) {
        yield part(canonicalJson([file.path, { blob: file.blobId }]));
        continue;
      }
      yield part(
        canonicalJson([file.path, file.unreadBytes ?? null, file.invalidUtf8Lines ?? null])
      );
      yield part(file.text);
    }
  }
}
function notedWorkloads(workloads, blobId) {
  const files = [];
  const texts = {};
  let chars = 0;
  for (const { origin, files: read } of workloads) {
    if (origin.kind !== "workload") continue;
    for (const file of read) {
      if (file.blobId !== void 0 || file.unreadBytes !== void 0) continue;
      if ((file.invalidUtf8Lines?.length ?? 0) > 0) continue;
      chars += file.text.length;
      if (chars > MAX_NOTED_BLOB_CHARS) return files.length > 0 ? { files, texts } : void 0;
      const id = blobId(file.text);
      texts[id] = file.text;
      files.push([origin.registration, file.path, id]);
    }
  }
  return files.length > 0 ? { files, texts } : void 0;
}
function canonicalJson(value) {
  return JSON.stringify(
    value,
    (_key, v2) => v2 !== null && typeof v2 === "object" && !Array.isArray(v2) ? Object.fromEntries(Object.entries(v2).sort(([a], [b2]) => a < b2 ? -1 : a > b2 ? 1 : 0)) : v2
  );
}
function boundedPlan(plan) {
  const counts = plan.counts ?? {
    added: plan.added.length,
    changed: plan.changed.length,
    removed: plan.removed.length
  };
  return {
    added: plan.added.slice(0, PLAN_PATHS_KEPT),
    changed: plan.changed.slice(0, PLAN_PATHS_KEPT),
    removed: plan.removed.slice(0, PLAN_PATHS_KEPT),
    promoted: plan.promoted,
    clusterTypes: plan.clusterTypes.map(boundedClusterTypePlan),
    counts
  };
}
function formatNotedProposal(proposal) {
  return `${HEADER}
${JSON.stringify(proposal)}
`;
}
function parseNotedProposal(text2) {
  if (text2 === void 0 || text2.length > MAX_PROPOSAL_CHARS) return void 0;
  const newline = text2.indexOf("\n");
  if (newline < 0 || text2.slice(0, newline) !== HEADER) return void 0;
  let value;
  try {
    value = JSON.parse(text2.slice(newline + 1));
  } catch {
    return void 0;
  }
  return isProposal(value) ? value : void 0;
}
var isObject = (v2) => typeof v2 === "object" && v2 !== null && !Array.isArray(v2);
var isCount = (v2) => Number.isSafeInteger(v2) && v2 >= 0;
var isText = (v2) => typeof v2 === "string";
var isTexts = (v2, most) => Array.isArray(v2) && v2.length <= most && v2.every(isText);
var isPaths = (v2) => isTexts(v2, PLAN_PATHS_KEPT) && v2.every((p) => unsafeTreePathReason(p) === void 0);
var hasOnly = (v2, keys) => Object.keys(v2).every((k2) => keys.includes(k2));
var VIEW_TEXTS = [
  "environment",
  "base",
  "branch",
  "promotedCommit",
  "promotedCommitShort",
  "controlPlaneRepository",
  "promotedCommitUrl",
  "promotedCommitSubject",
  "promotedCommitAuthor",
  "promotedCommitLine",
  "previousPromotedCommit",
  "previousPromotedCommitShort",
  "compareUrl",
  "assignmentReasons",
  "configChanges",
  "promotes"
];
var VIEW_COUNTS = ["assignments", "filesAdded", "filesChanged", "filesRemoved"];
function isView(v2) {
  if (!isObject(v2) || !hasOnly(v2, [...VIEW_TEXTS, ...VIEW_COUNTS, "promoted"])) return false;
  return VIEW_TEXTS.every((k2) => isText(v2[k2])) && VIEW_COUNTS.every((k2) => isCount(v2[k2])) && typeof v2.promoted === "boolean";
}
function isClusterTypePlan(v2) {
  if (!isObject(v2)) return false;
  const lists = ["assignmentsAdded", "assignmentsRemoved", "assignmentsChanged"];
  const counts = v2.counts;
  return hasOnly(v2, ["clusterType", ...lists, "filesChanged", "counts"]) && isText(v2.clusterType) && lists.every((k2) => isTexts(v2[k2], PLAN_TARGETS_KEPT)) && isCount(v2.filesChanged) && isObject(counts) && hasOnly(counts, lists) && lists.every((k2) => isCount(counts[k2]));
}
function isPlan(v2) {
  if (!isObject(v2)) return false;
  const counts = v2.counts;
  return hasOnly(v2, ["added", "changed", "removed", "promoted", "clusterTypes", "counts"]) && isPaths(v2.added) && isPaths(v2.changed) && isPaths(v2.removed) && typeof v2.promoted === "boolean" && Array.isArray(v2.clusterTypes) && v2.clusterTypes.every(isClusterTypePlan) && isObject(counts) && hasOnly(counts, ["added", "changed", "removed"]) && isCount(counts.added) && isCount(counts.changed) && isCount(counts.removed);
}
function isProposal(v2) {
  if (!isObject(v2)) return false;
  const keys = [
    "tree",
    "inputs",
    "controlPlaneInputs",
    "baseHead",
    "assignments",
    "clusterTypes",
    "plan",
    "view",
    "chainSkip",
    "workloads"
  ];
  const skip = v2.chainSkip;
  return (v2.workloads === void 0 || isWorkloads(v2.workloads)) && hasOnly(v2, keys) && isText(v2.tree) && OBJECT_ID.test(v2.tree) && isText(v2.inputs) && DIGEST.test(v2.inputs) && (v2.controlPlaneInputs === void 0 || isText(v2.controlPlaneInputs) && DIGEST.test(v2.controlPlaneInputs)) && isText(v2.baseHead) && OBJECT_ID.test(v2.baseHead) && isCount(v2.assignments) && isCount(v2.clusterTypes) && isPlan(v2.plan) && (v2.view === void 0 || isView(v2.view)) && (skip === void 0 || isObject(skip) && hasOnly(skip, ["actor", "reason"]) && isText(skip.actor) && isText(skip.reason));
}
function isWorkloads(v2) {
  if (!isObject(v2) || !hasOnly(v2, ["files", "texts"])) return false;
  const { files, texts } = v2;
  if (!isObject(texts) || !Array.isArray(files)) return false;
  if (!Object.entries(texts).every(([id, text2]) => OBJECT_ID.test(id) && isText(text2)))
    return false;
  let chars = 0;
  for (const file of files) {
    if (!Array.isArray(file) || file.length !== 3 || !file.every(isText)) return false;
    const blob = file[2];
    const text2 = Object.hasOwn(texts, blob) ? texts[blob] : void 0;
    if (!isText(text2)) return false;
    chars += text2.length;
    if (chars > MAX_NOTED_BLOB_CHARS) return false;
  }
  return true;
}

// packages/core/src/model/limits.ts
var DEFAULT_INPUT_LIMITS = {
  maxFileBytes: 8 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxAliasCount: 100,
  maxOutputBytes: 512 * 1024 * 1024
};
function inputLimits(overrides = {}) {
  return { ...DEFAULT_INPUT_LIMITS, ...overrides };
}
function utf8Length2(text2) {
  let bytes = 0;
  for (let i = 0; i < text2.length; i++) {
    const code2 = text2.charCodeAt(i);
    if (code2 < 128) bytes += 1;
    else if (code2 < 2048) bytes += 2;
    else if (code2 >= 55296 && code2 <= 56319 && i + 1 < text2.length) {
      const next = text2.charCodeAt(i + 1);
      if (next >= 56320 && next <= 57343) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
function formatBytes(bytes) {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

// packages/core/src/model/load.ts
var import_yaml12 = __toESM(require_dist(), 1);

// packages/core/src/model/lint-document.ts
var import_yaml7 = __toESM(require_dist(), 1);

// packages/core/src/model/shapes.ts
var str = (description) => ({
  type: "string",
  ...description ? { description } : {}
});
var obj = (fields, required = [], description) => ({ type: "object", fields, required, ...description ? { description } : {} });
var METADATA = obj(
  {
    name: str("The object name; for an Environment, the environment (branch) name."),
    namespace: str(),
    labels: {
      type: "stringMap",
      description: "Labels: the only input to selection and config matching."
    },
    annotations: { type: "stringMap" },
    generateName: str(),
    uid: str(),
    resourceVersion: str(),
    generation: { type: "any" },
    creationTimestamp: { type: "any" },
    deletionTimestamp: { type: "any" },
    deletionGracePeriodSeconds: { type: "any" },
    finalizers: { type: "list", items: str() },
    ownerReferences: { type: "any" },
    managedFields: { type: "any" },
    selfLink: str()
  },
  ["name"]
);
var REPO = (what, required = ["repo", "branch", "path"]) => obj(
  {
    repo: str(`URL of the ${what} repository.`),
    branch: str("Branch."),
    path: str("Folder inside the repository.")
  },
  required
);
var LABEL_SELECTOR = obj({
  matchLabels: { type: "stringMap" },
  matchExpressions: {
    type: "list",
    items: obj(
      {
        key: str(),
        operator: { type: "string", enum: ["In", "NotIn", "Exists", "DoesNotExist"] },
        values: { type: "list", items: str() }
      },
      ["key", "operator"]
    )
  }
});
var SPECS = {
  Environment: obj({ controlPlane: REPO("control-plane") }, ["controlPlane"]),
  BaseRepo: obj(
    {
      repo: str("URL of the control-plane repository."),
      branch: str(),
      path: str(),
      commit: str("The promoted commit of main.")
    },
    ["repo", "branch", "path"]
  ),
  GitOpsRepo: obj({ repo: str("https://github.com/<owner>/<repo>"), branch: str(), path: str() }, [
    "repo",
    "branch",
    "path"
  ]),
  ClusterType: obj(
    {
      reconciler: str("Name of the reconciler Template."),
      namespaceService: str("Name of the namespace Template."),
      configType: str("Name of the config Template.")
    },
    ["reconciler", "namespaceService", "configType"]
  ),
  Template: obj(
    {
      type: { type: "string", enum: ["reconciler", "namespace", "config"] },
      manifests: { type: "list", items: str("One Go text/template.") },
      contentType: str()
    },
    ["type", "manifests"]
  ),
  WorkloadRegistration: obj(
    { workload: REPO("application"), workspace: str("Becomes the targets\u2019 workspace label.") },
    ["workload"]
  ),
  Workload: obj({
    deploymentTargets: {
      type: "list",
      items: obj(
        {
          name: str(),
          labels: { type: "stringMap" },
          environment: str(),
          manifests: { type: "stringMap", description: "Conventionally repo, branch and path." },
          configSchemas: { type: "list", items: str("A JSON Schema document as a string.") }
        },
        ["name", "environment", "manifests"]
      )
    },
    configSchemas: { type: "list", items: str("A JSON Schema document as a string.") }
  }),
  DeploymentTarget: obj(
    {
      environment: str("The environment (namespace) the target belongs to."),
      manifests: { type: "stringMap", description: "Conventionally repo, branch and path." },
      configSchemas: { type: "list", items: str("A JSON Schema document as a string.") }
    },
    ["environment", "manifests"],
    "Usually derived from Workloads; one written by hand is scheduled like a derived one."
  ),
  SchedulingPolicy: obj(
    {
      deploymentTargetSelector: obj({ workspace: str(), labelSelector: LABEL_SELECTOR }, [
        "labelSelector"
      ]),
      clusterTypeSelector: obj({ labelSelector: LABEL_SELECTOR }, ["labelSelector"])
    },
    ["deploymentTargetSelector", "clusterTypeSelector"]
  ),
  ConfigSchema: obj({ schema: str("A JSON Schema document (JSON text).") }, ["schema"])
};
var KALYPSO_KINDS = Object.keys(SPECS);
var KALYPSO_GROUP = "scheduler.kalypso.io";
var KALYPSO_API_VERSION = `${KALYPSO_GROUP}/v1alpha1`;
function documentShape(kind) {
  if (kind === "ConfigMap") {
    return obj(
      {
        apiVersion: str(),
        kind: str(),
        metadata: METADATA,
        data: { type: "stringMap" },
        binaryData: { type: "stringMap" },
        immutable: { type: "boolean" }
      },
      ["apiVersion", "kind", "metadata"]
    );
  }
  const spec = Object.hasOwn(SPECS, kind) ? SPECS[kind] : void 0;
  if (!spec) return void 0;
  return obj(
    { apiVersion: str(), kind: str(), metadata: METADATA, spec, status: { type: "any" } },
    ["apiVersion", "kind", "metadata", "spec"]
  );
}

// packages/core/src/model/json-schema.ts
function schemaFileName(kind) {
  if (kind === "GitOpsRepo") return "gitops-repo.schema.json";
  return `${kind.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase()}.schema.json`;
}

// packages/core/src/model/lint-document.ts
var PLATFORM_CONFIG = "platform-config";
var MEANS_YES = /* @__PURE__ */ new Set(["true", "yes", "y", "on", "1", "enabled"]);
var MAX_FIELD_WARNINGS = 20;
function lintDocument(doc, warn) {
  const at = (node) => {
    const offset = node?.range?.[0];
    return offset === void 0 ? void 0 : doc.lines.linePos(offset).line;
  };
  const report = (node, message) => {
    const line = at(node);
    warn({ file: doc.file, ...line ? { line } : {}, object: doc.object, message });
  };
  const [group, version] = splitApiVersion(doc.apiVersion);
  if (doc.kind === "ConfigMap") {
    if (doc.apiVersion === "v1") lintConfigMap(doc, report);
    return;
  }
  if (group === KALYPSO_GROUP) {
    const shape = version === "v1alpha1" ? documentShape(doc.kind) : void 0;
    if (!shape) return;
    let count2 = 0;
    let first;
    lintFields(doc.root, shape, shape, "", doc.kind, (node, message) => {
      count2++;
      if (count2 <= MAX_FIELD_WARNINGS) report(node, message);
      else first ??= node;
    });
    if (count2 > MAX_FIELD_WARNINGS)
      report(
        first,
        `${count2 - MAX_FIELD_WARNINGS} more unknown or misplaced fields in this object were not listed; compare it with the ${doc.kind} schema (schemas/${schemaFileName(doc.kind)}).`
      );
    return;
  }
  lintLookalikeGroup(doc, group, report);
}
function splitApiVersion(apiVersion) {
  const slash = apiVersion.lastIndexOf("/");
  return slash < 0 ? ["", apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
}
function lintLookalikeGroup(doc, group, report) {
  if (group === "" || group.length > 64) return;
  const looksKalypso = group.toLowerCase().includes("kalypso") || editDistance(group.toLowerCase(), KALYPSO_GROUP, 3) <= 3;
  if (!looksKalypso) return;
  const kind = KALYPSO_KINDS.includes(doc.kind) ? doc.kind : didYouMean(doc.kind, KALYPSO_KINDS);
  if (!kind) return;
  const apiVersionNode = child(doc.root, "apiVersion");
  const kindHint = kind === doc.kind ? "" : ` and kind '${kind}'`;
  report(
    apiVersionNode ?? doc.root,
    `apiVersion '${doc.apiVersion}' is not Kalypso's API group, so this object is skipped as a foreign kind; did you mean 'apiVersion: ${KALYPSO_API_VERSION}'${kindHint}?`
  );
}
function lintConfigMap(doc, report) {
  const metadata = child(doc.root, "metadata");
  const labels = child(metadata, "labels");
  const blocks = [];
  if ((0, import_yaml7.isMap)(labels)) blocks.push({ node: labels, where: "metadata.labels" });
  for (const [parent, where] of [
    [doc.root, "labels"],
    [child(doc.root, "spec"), "spec.labels"],
    [child(doc.root, "data"), "data.labels"]
  ]) {
    const misplaced = child(parent, "labels");
    if ((0, import_yaml7.isMap)(misplaced) && mentionsPlatformConfig(misplaced))
      report(
        keyNode(parent, "labels"),
        `found a labels block ${where === "labels" ? "at the top level" : `at ${where}`}, where Kubernetes does not read labels, so this ConfigMap is not platform config and its data is not used; move the block under metadata (metadata.labels).`
      );
  }
  for (const { node } of blocks) {
    if (!(0, import_yaml7.isMap)(node)) continue;
    for (const pair of node.items) {
      const key = keyText(pair);
      if (key === void 0) continue;
      const value = pair.value;
      if (key === PLATFORM_CONFIG) {
        const text2 = (0, import_yaml7.isScalar)(value) ? value.value : void 0;
        if (text2 === "true" || text2 === true) continue;
        if (!MEANS_YES.has(String(text2).trim().toLowerCase())) continue;
        report(
          value ?? pair.key,
          `label 'platform-config' is '${String((0, import_yaml7.isScalar)(value) ? value.source ?? text2 : "")}', but only the exact string "true" makes a ConfigMap platform config, so its data is not used; write platform-config: "true".`
        );
        continue;
      }
      if (isNearPlatformConfig(key)) {
        report(
          pair.key,
          `label '${key}' is not 'platform-config', so this ConfigMap is not platform config and its data is not used; did you mean 'platform-config: "true"'?`
        );
      }
    }
  }
}
function isNearPlatformConfig(key) {
  if (key.length > 64) return false;
  const name = key.includes("/") ? key.slice(key.lastIndexOf("/") + 1) : key;
  return loose(name) === loose(PLATFORM_CONFIG) || editDistance(name.toLowerCase(), PLATFORM_CONFIG, 3) <= 3;
}
function mentionsPlatformConfig(node) {
  return (0, import_yaml7.isMap)(node) && node.items.some((pair) => {
    const key = keyText(pair);
    return key !== void 0 && (key === PLATFORM_CONFIG || isNearPlatformConfig(key));
  });
}
function lintFields(node, shape, root, path, kind, report) {
  if (shape.type === "list") {
    if ((0, import_yaml7.isSeq)(node))
      node.items.forEach(
        (item, i) => lintFields(item, shape.items, root, `${path}[${i}]`, kind, report)
      );
    return;
  }
  if (shape.type !== "object" || !(0, import_yaml7.isMap)(node)) return;
  const present = new Set(node.items.map(keyText).filter((k2) => k2 !== void 0));
  for (const pair of node.items) {
    const key = keyText(pair);
    if (key === void 0 || key === "<<") continue;
    const fieldPath = path === "" ? key : `${path}.${key}`;
    const field = Object.hasOwn(shape.fields, key) ? shape.fields[key] : void 0;
    if (field) {
      lintFields(pair.value, field, root, fieldPath, kind, report);
      continue;
    }
    const where = path === "" ? "at the top level" : `under ${path}`;
    const suggestion = didYouMean(key, Object.keys(shape.fields));
    if (suggestion) {
      if (shape.required?.includes(suggestion) && !present.has(suggestion)) continue;
      report(
        pair.key,
        `found '${key}' ${where}; did you mean '${suggestion}'? ${kind} has no such field, so its value is not used.`
      );
      continue;
    }
    const elsewhere = pathsOf(key, root);
    if (elsewhere.length > 0) {
      report(
        pair.key,
        `found '${key}' ${where}, where ${kind} does not read it: '${key}' belongs at ${elsewhere.join(" or ")}, so its value is not used. Fix the indentation.`
      );
      continue;
    }
    report(
      pair.key,
      `found '${key}' ${where}, a field ${kind} does not have, so its value is not used. Known fields there: ${Object.keys(shape.fields).join(", ")}.`
    );
  }
}
function pathsOf(key, shape, path = "", out = []) {
  if (shape.type === "list") return pathsOf(key, shape.items, `${path}[]`, out);
  if (shape.type !== "object") return out;
  for (const [name, field] of Object.entries(shape.fields)) {
    const here = path === "" ? name : `${path}.${name}`;
    if (name === key) out.push(here);
    pathsOf(key, field, here, out);
  }
  return out;
}
function keyText(pair) {
  const key = pair.key;
  if (!(0, import_yaml7.isScalar)(key)) return void 0;
  const value = key.value;
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : void 0;
}
function keyNode(node, key) {
  if (!(0, import_yaml7.isMap)(node)) return void 0;
  return node.items.find((pair) => keyText(pair) === key)?.key;
}
function child(node, key) {
  if (!(0, import_yaml7.isMap)(node)) return void 0;
  const pair = node.items.find((p) => keyText(p) === key);
  return pair?.value ?? void 0;
}

// packages/core/src/model/load-documents.ts
var DOCUMENT_START = /^---(?:[ \t\r]|$)/gm;
var UNSPLITTABLE = /^%|^\.\.\.|\r(?!\n)|\uFEFF/m;
function loadChangedDocuments(file, previous, load) {
  const marks = previous.loaded.marks;
  if (marks === void 0 || !marks.clean) return void 0;
  const before = file.linesBefore ?? 0;
  if ((previous.file.linesBefore ?? 0) !== before) return void 0;
  if (!splittable(file) || !splittable(previous.file)) return void 0;
  const [was, now] = [previous.file.text, file.text];
  const [wasStarts, nowStarts] = [chunkStarts(was), chunkStarts(now)];
  const chunk = (text2, starts, i) => text2.slice(starts[i], starts[i + 1] ?? text2.length);
  const most = Math.min(wasStarts.length, nowStarts.length);
  let prefix = 0;
  while (prefix < most && chunk(was, wasStarts, prefix) === chunk(now, nowStarts, prefix))
    prefix += 1;
  let suffix = 0;
  while (prefix + suffix < most && chunk(was, wasStarts, wasStarts.length - 1 - suffix) === chunk(now, nowStarts, nowStarts.length - 1 - suffix))
    suffix += 1;
  const prefixEnd = nowStarts[prefix] ?? now.length;
  let wasSuffixStart = wasStarts[wasStarts.length - suffix] ?? was.length;
  let nowSuffixStart = nowStarts[nowStarts.length - suffix] ?? now.length;
  if (newlines(was, prefixEnd, wasSuffixStart) !== newlines(now, prefixEnd, nowSuffixStart) && suffix > 0) {
    suffix = 0;
    [wasSuffixStart, nowSuffixStart] = [was.length, now.length];
  }
  if (prefix === 0 && suffix === 0) return void 0;
  const documents = marks.documents;
  for (const d of documents)
    if (straddles(d, prefixEnd) || straddles(d, wasSuffixStart)) return void 0;
  const firstChanged = documents.findIndex((d) => d.start >= prefixEnd);
  const firstKept = documents.findIndex((d) => d.start >= wasSuffixStart);
  const a = firstChanged < 0 ? documents.length : firstChanged;
  const b2 = suffix === 0 || firstKept < 0 ? documents.length : firstKept;
  const middle = load({
    path: file.path,
    text: now.slice(prefixEnd, nowSuffixStart),
    linesBefore: before + newlines(now, 0, prefixEnd)
  });
  if (middle.marks === void 0 || !middle.marks.clean) return void 0;
  const old = previous.loaded;
  const at = (i) => documents[i] ?? totals(old);
  const [head, tail] = [at(a), at(b2)];
  const mid = totals(middle);
  const shift = prefixEnd;
  const moved = now.length - was.length;
  const join = (x2, y2, key) => [
    ...x2.slice(0, head[key]),
    ...y2,
    ...x2.slice(tail[key])
  ];
  const rebased = (d, offset, from, to) => ({
    start: d.start + offset,
    end: d.end + offset,
    objects: d.objects - from.objects + to.objects,
    notes: d.notes - from.notes + to.notes,
    unreadable: d.unreadable - from.unreadable + to.unreadable,
    problems: d.problems - from.problems + to.problems,
    warnings: d.warnings - from.warnings + to.warnings
  });
  const zero = { objects: 0, notes: 0, unreadable: 0, problems: 0, warnings: 0 };
  const afterMiddle = add(head, mid);
  return {
    objects: join(old.objects, middle.objects, "objects"),
    notes: join(old.notes, middle.notes, "notes"),
    unreadable: join(old.unreadable, middle.unreadable, "unreadable"),
    problems: join(old.problems, middle.problems, "problems"),
    warnings: join(old.warnings, middle.warnings, "warnings"),
    marks: {
      clean: true,
      documents: [
        ...documents.slice(0, a),
        ...middle.marks.documents.map((d) => rebased(d, shift, zero, head)),
        ...documents.slice(b2).map((d) => rebased(d, moved, tail, afterMiddle))
      ]
    }
  };
}
function totals(loaded) {
  return {
    objects: loaded.objects.length,
    notes: loaded.notes.length,
    unreadable: loaded.unreadable.length,
    problems: loaded.problems.length,
    warnings: loaded.warnings.length
  };
}
function add(x2, y2) {
  return {
    objects: x2.objects + y2.objects,
    notes: x2.notes + y2.notes,
    unreadable: x2.unreadable + y2.unreadable,
    problems: x2.problems + y2.problems,
    warnings: x2.warnings + y2.warnings
  };
}
function splittable(file) {
  return file.unreadBytes === void 0 && file.blobId === void 0 && (file.invalidUtf8Lines?.length ?? 0) === 0 && !UNSPLITTABLE.test(file.text);
}
function chunkStarts(text2) {
  const starts = [0];
  for (const match of text2.matchAll(DOCUMENT_START)) if (match.index > 0) starts.push(match.index);
  return starts;
}
function newlines(text2, from, to) {
  let count2 = 0;
  for (let i = text2.indexOf("\n", from); i >= 0 && i < to; i = text2.indexOf("\n", i + 1))
    count2 += 1;
  return count2;
}
function straddles(d, offset) {
  return d.start < offset && d.end > offset;
}

// packages/core/src/model/read-kinds.ts
var TEMPLATE_TYPES = /* @__PURE__ */ new Set(["reconciler", "namespace", "config"]);
function readObject(kind, frame) {
  const { reader, root } = frame;
  const base = { name: frame.name, labels: frame.labels, origin: frame.origin };
  const spec = kind === "ConfigMap" ? void 0 : reader.mapping(root, "spec", "spec", true);
  const s3 = (key, path, required = true) => reader.string(spec, key, `spec.${path}`, required);
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
        s3("repo", "repo"),
        s3("branch", "branch"),
        s3("path", "path"),
        s3("commit", "commit", false)
      ];
      if (repo === void 0 || branch === void 0 || path === void 0) return void 0;
      return { kind, ...base, repo, branch, path, commit: commit ?? "" };
    }
    case "GitOpsRepo": {
      const [repo, branch, path] = [s3("repo", "repo"), s3("branch", "branch"), s3("path", "path")];
      if (repo === void 0 || branch === void 0 || path === void 0) return void 0;
      const cleaned = cleanGitOpsPath(path);
      if (!cleaned.ok) {
        reader.fail(reader.child(spec, "path"), cleaned.reason);
        return void 0;
      }
      return { kind, ...base, repo, branch, path };
    }
    case "ClusterType": {
      const [reconciler, namespaceService, configType] = [
        s3("reconciler", "reconciler"),
        s3("namespaceService", "namespaceService"),
        s3("configType", "configType")
      ];
      if (reconciler === void 0 || namespaceService === void 0 || configType === void 0)
        return void 0;
      return { kind, ...base, reconciler, namespaceService, configType };
    }
    case "Template": {
      const type = s3("type", "type");
      const contentType = s3("contentType", "contentType", false) ?? "";
      if (type !== void 0 && !TEMPLATE_TYPES.has(type)) {
        reader.fail(
          reader.child(spec, "type"),
          `spec.type '${type}' is not one of reconciler, namespace, config.`
        );
      }
      const manifests = reader.stringList(spec, "manifests", "spec.manifests", true);
      if (type === void 0 || manifests === void 0) return void 0;
      const manifestLines = reader.blockLines(reader.child(spec, "manifests"));
      return { kind, ...base, type, contentType, manifests, manifestLines };
    }
    case "WorkloadRegistration": {
      const w2 = reader.mapping(spec, "workload", "spec.workload", true);
      const repo = reader.string(w2, "repo", "spec.workload.repo", true);
      const branch = reader.string(w2, "branch", "spec.workload.branch", true);
      const path = reader.string(w2, "path", "spec.workload.path", true);
      const workspace = s3("workspace", "workspace", false) ?? "";
      if (repo === void 0 || branch === void 0 || path === void 0) return void 0;
      return { kind, ...base, workload: { repo, branch, path }, workspace };
    }
    case "Workload":
      return readWorkload(frame, spec);
    case "DeploymentTarget": {
      const environment = s3("environment", "environment");
      const manifests = reader.stringMap(spec, "manifests", "spec.manifests", true, false);
      const configSchemas = reader.stringList(spec, "configSchemas", "spec.configSchemas", false) ?? [];
      if (environment === void 0 || manifests === void 0) return void 0;
      return { kind, ...base, environment, manifests, configSchemas };
    }
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
      const schema = s3("schema", "schema");
      if (schema === void 0) return void 0;
      return { kind, ...base, schema };
    }
    case "ConfigMap": {
      const data = reader.stringMap(root, "data", "data", false) ?? {};
      const dataNode = reader.child(root, "data");
      let valueNodes;
      for (const [key, value] of Object.entries(data)) {
        const nodeOf = () => (valueNodes ??= reader.valueNodes(dataNode)).get(key);
        const why = unstorableText(value, () => reader.holdsInvalidUtf8(nodeOf()));
        if (!why) continue;
        valueNodes ??= reader.valueNodes(dataNode);
        reader.fail(
          valueNodes.get(key) ?? dataNode,
          `'data.${key}' ${why}; Kubernetes rejects such a ConfigMap. Re-save the file as UTF-8 and remove the character (binary content belongs in binaryData, which platform config does not read).`
        );
      }
      return { kind, ...base, data, dataLines: reader.keyLines(dataNode) };
    }
    default:
      return void 0;
  }
}
function readWorkload(frame, spec) {
  const { reader } = frame;
  const entries = reader.mappingList(spec, "deploymentTargets", "spec.deploymentTargets", false) ?? [];
  const configSchemas = reader.stringList(spec, "configSchemas", "spec.configSchemas", false) ?? [];
  const targets = [];
  const seen = /* @__PURE__ */ new Set();
  entries.forEach((entry, i) => {
    const at = `spec.deploymentTargets[${i}]`;
    const name = reader.string(entry, "name", `${at}.name`, true);
    const environment = reader.string(entry, "environment", `${at}.environment`, true);
    const manifests = reader.stringMap(entry, "manifests", `${at}.manifests`, true, false);
    const labels = reader.stringMap(entry, "labels", `${at}.labels`, false, false) ?? {};
    const schemas = reader.stringList(entry, "configSchemas", `${at}.configSchemas`, false) ?? [];
    if (name === void 0 || environment === void 0 || manifests === void 0) return;
    const nameProblem = targetNameError(frame.name, name);
    if (nameProblem) {
      reader.fail(reader.child(entry, "name") ?? entry, `${at}.name: ${nameProblem}`);
      return;
    }
    const key = `${environment}\0${name}`;
    if (seen.has(key)) {
      reader.fail(
        entry,
        `${at}: deployment target '${name}' is defined twice for environment '${environment}'; give each target of an environment a unique name.`
      );
      return;
    }
    seen.add(key);
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
function targetNameError(workload, entry) {
  if (entry === "") return `the deployment target name must not be empty.`;
  const full = `${workload}-${entry}`;
  if (objectNameError(full) === void 0 && !entry.startsWith(".")) return void 0;
  return `deployment target name '${entry}' makes the target '${full}', which is not a valid Kubernetes name (it names the target's folder in the GitOps repository). Use lowercase letters, digits, '-' and '.', starting and ending with a letter or digit, at most ${253 - workload.length - 1} characters.`;
}
function unstorableText(value, fromInvalidBytes) {
  if (value.includes("\0")) return "holds a NUL character";
  if (value.includes("\uFFFD") && fromInvalidBytes())
    return "holds bytes that are not valid UTF-8 (read as the replacement character U+FFFD)";
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value))
    return "holds text that cannot be encoded as UTF-8";
  return void 0;
}

// packages/core/src/model/source.ts
var strictUtf8 = new TextDecoder("utf-8", { fatal: true });
var lenientUtf8 = new TextDecoder("utf-8");
function decodeSourceText(bytes) {
  try {
    return { text: strictUtf8.decode(bytes) };
  } catch {
    const invalidUtf8Lines = [];
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i < bytes.length && bytes[i] !== 10) continue;
      const part = bytes.subarray(start, i);
      if (part.some((b2) => b2 >= 128)) {
        try {
          strictUtf8.decode(part);
        } catch {
          invalidUtf8Lines.push(line);
        }
      }
      line += 1;
      start = i + 1;
    }
    return { text: lenientUtf8.decode(bytes), invalidUtf8Lines };
  }
}
function isManifestPath(path) {
  return path.endsWith(".yaml") || path.endsWith(".yml");
}

// packages/core/src/model/yaml-node.ts
var import_yaml8 = __toESM(require_dist(), 1);
var ObjectReader = class {
  file;
  object;
  lines;
  problems;
  /** Length of the file's text when it lacks a final newline, else -1 (see `scalarText`). */
  unterminatedEnd;
  /** The document, to resolve aliases (`*name`) to their anchored nodes. */
  doc;
  /** Lines holding bytes that are not valid UTF-8 (SourceFile.invalidUtf8Lines). */
  invalidUtf8Lines;
  constructor(file, object, lines, problems, text2, doc, invalidUtf8Lines = []) {
    this.doc = doc;
    this.invalidUtf8Lines = new Set(invalidUtf8Lines);
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
  /** Whether `node` spans a line that held bytes that are not valid UTF-8. */
  holdsInvalidUtf8(node) {
    if (this.invalidUtf8Lines.size === 0) return false;
    const range = node?.range;
    if (!range) return false;
    const first = this.lines.linePos(range[0]).line;
    const last = this.lines.linePos(Math.max(range[0], range[1] - 1)).line;
    for (const line of this.invalidUtf8Lines) if (line >= first && line <= last) return true;
    return false;
  }
  fail(node, message) {
    this.problems.add({ file: this.file, line: this.lineOf(node), object: this.object, message });
  }
  /**
   * A required field is absent. When a sibling key is a near miss (`namespaceServce`), the problem
   * names the key that is there and points at its line (docs/decisions/lint-warnings.md).
   */
  missing(parent, key, path) {
    const keys = (0, import_yaml8.isMap)(parent) ? parent.items.flatMap(
      (pair) => (0, import_yaml8.isScalar)(pair.key) && typeof pair.key.value === "string" ? [{ name: pair.key.value, node: pair.key }] : []
    ) : [];
    const near = keys.find((k2) => didYouMean(k2.name, [key]) === key);
    if (near) {
      this.fail(
        near.node,
        `'${path}' is required, but found '${near.name}'; did you mean '${key}'?`
      );
      return;
    }
    this.fail(parent, `'${path}' is required; add it.`);
  }
  /** The node at a dotted field path below `node`, or undefined when any step is missing. */
  child(node, key) {
    if (!(0, import_yaml8.isMap)(node)) return void 0;
    for (const pair of node.items) {
      if ((0, import_yaml8.isScalar)(pair.key) && String(pair.key.value) === key)
        return this.deref(pair.value);
    }
    return void 0;
  }
  /**
   * Where each string of a sequence starts: a literal block (`|`) starts on the line after its
   * indicator and keeps the file's lines; a one-line string is on its own line; anything else
   * (folded, multi-line quoted) only has the line where it starts.
   */
  blockLines(node) {
    if (!(0, import_yaml8.isSeq)(node)) return [];
    return node.items.map((item) => {
      const value = this.deref(item);
      const line = this.lineOf(value);
      if (!(0, import_yaml8.isScalar)(value)) return { line, exact: false };
      if (value.type === "BLOCK_LITERAL") return { line: line + 1, exact: true };
      const text2 = typeof value.value === "string" ? value.value : "";
      return { line, exact: !text2.includes("\n") && value.type !== "BLOCK_FOLDED" };
    });
  }
  /** The line of each key of a mapping (its own line, not its value's). */
  keyLines(node) {
    const out = {};
    if (!(0, import_yaml8.isMap)(node)) return out;
    for (const pair of node.items) {
      if ((0, import_yaml8.isScalar)(pair.key)) out[String(pair.key.value)] = this.lineOf(pair.key);
    }
    return out;
  }
  /** The value nodes of a mapping by key (aliases resolved), for position lookups in bulk. */
  valueNodes(node) {
    const out = /* @__PURE__ */ new Map();
    if (!(0, import_yaml8.isMap)(node)) return out;
    for (const pair of node.items) {
      const value = this.deref(pair.value);
      if ((0, import_yaml8.isScalar)(pair.key) && value !== void 0) out.set(String(pair.key.value), value);
    }
    return out;
  }
  /**
   * An alias replaced by the node its anchor names, as Kubernetes sees the object. Expansion is
   * bounded: the loader refuses documents whose aliases exceed `maxAliasCount` before reading.
   */
  deref(node) {
    if (node === null || node === void 0) return void 0;
    if ((0, import_yaml8.isAlias)(node) && this.doc) return node.resolve(this.doc) ?? node;
    return node;
  }
  /** A required or optional string field; reports missing fields and non-strings. */
  string(parent, key, path, required) {
    const node = this.child(parent, key);
    if (node === void 0 || (0, import_yaml8.isScalar)(node) && node.value === null) {
      if (required) this.missing(parent, key, path);
      return void 0;
    }
    const text2 = (0, import_yaml8.isScalar)(node) ? scalarText2(node, this.unterminatedEnd) : void 0;
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
    if (node === void 0 || (0, import_yaml8.isScalar)(node) && node.value === null) {
      if (required) this.missing(parent, key, path);
      return void 0;
    }
    if (!(0, import_yaml8.isMap)(node)) {
      this.fail(node, `'${path}' must be a mapping of strings to strings (key: "value" lines).`);
      return void 0;
    }
    const out = /* @__PURE__ */ Object.create(null);
    for (const pair of node.items) {
      const k2 = (0, import_yaml8.isScalar)(pair.key) ? pair.key.value : void 0;
      const v2 = this.deref(pair.value) ?? null;
      if (typeof k2 !== "string") {
        this.fail(
          pair.key,
          `'${path}' has a key that is not a string (${String(k2)}); quote it.`
        );
        continue;
      }
      const text2 = (0, import_yaml8.isScalar)(v2) && (!strict || typeof v2.value === "string") ? scalarText2(v2, this.unterminatedEnd) : void 0;
      if (text2 === void 0) {
        const hint = (0, import_yaml8.isScalar)(v2) ? `; quote the value ${quoteHint(v2.value)}` : "";
        this.fail(v2 ?? pair.key, `'${path}.${k2}' must be a string${hint}.`);
        continue;
      }
      out[k2] = text2;
    }
    return out;
  }
  /** A list of strings. */
  stringList(parent, key, path, required) {
    const node = this.child(parent, key);
    if (node === void 0 || (0, import_yaml8.isScalar)(node) && node.value === null) {
      if (required) this.missing(parent, key, path);
      return void 0;
    }
    if (!(0, import_yaml8.isSeq)(node)) {
      this.fail(node, `'${path}' must be a list of strings ("- value" lines).`);
      return void 0;
    }
    const out = [];
    node.items.forEach((raw, i) => {
      const item = this.deref(raw);
      const text2 = (0, import_yaml8.isScalar)(item) ? scalarText2(item, this.unterminatedEnd) : void 0;
      if (text2 !== void 0) out.push(text2);
      else
        this.fail(
          item,
          `'${path}[${i}]' must be a string${(0, import_yaml8.isMap)(item) ? " (object manifests are the pre-2024 Template form: write each manifest as a block string, `- |`)" : ""}.`
        );
    });
    return out;
  }
  /** A list of mappings, each returned as its node. */
  mappingList(parent, key, path, required) {
    const node = this.child(parent, key);
    if (node === void 0 || (0, import_yaml8.isScalar)(node) && node.value === null) {
      if (required) this.missing(parent, key, path);
      return void 0;
    }
    if (!(0, import_yaml8.isSeq)(node)) {
      this.fail(node, `'${path}' must be a list ("- " items).`);
      return void 0;
    }
    const out = [];
    node.items.forEach((raw, i) => {
      const item = this.deref(raw);
      if ((0, import_yaml8.isMap)(item)) out.push(item);
      else this.fail(item, `'${path}[${i}]' must be a mapping.`);
    });
    return out;
  }
  /** A mapping field, returned as its node. */
  mapping(parent, key, path, required) {
    const node = this.child(parent, key);
    if (node === void 0 || (0, import_yaml8.isScalar)(node) && node.value === null) {
      if (required) this.missing(parent, key, path);
      return void 0;
    }
    if (!(0, import_yaml8.isMap)(node)) {
      this.fail(node, `'${path}' must be a mapping (key: value lines).`);
      return void 0;
    }
    return node;
  }
};
function scalarText2(node, unterminatedEnd) {
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

// packages/core/src/model/yaml-checks.ts
var import_yaml9 = __toESM(require_dist(), 1);
function duplicateKeyErrors(doc, lines) {
  const found = [];
  const check = (map) => {
    if (map.items.length < 2) return;
    const seen = /* @__PURE__ */ new Set();
    for (const pair of map.items) {
      if (!(0, import_yaml9.isScalar)(pair.key)) continue;
      const value = pair.key.value;
      const id = `${typeof value}:${String(value)}`;
      if (!seen.has(id)) {
        seen.add(id);
        continue;
      }
      const offset = pair.key.range?.[0];
      found.push({
        line: offset === void 0 ? void 0 : lines.linePos(offset).line,
        message: `YAML syntax error: Map keys must be unique (the key '${String(value)}' appears twice). Fix the file's YAML; nothing from it was read.`
      });
    }
  };
  const walk = (node) => {
    if ((0, import_yaml9.isMap)(node)) {
      check(node);
      for (const pair of node.items) {
        walk(pair.key);
        walk(pair.value);
      }
    } else if ((0, import_yaml9.isSeq)(node)) {
      for (const item of node.items) walk(item);
    } else if ((0, import_yaml9.isPair)(node)) {
      walk(node.key);
      walk(node.value);
    }
  };
  walk(doc.contents);
  return found;
}
function aliasErrors(doc, maxAliasCount) {
  let hasAlias = false;
  (0, import_yaml9.visit)(doc, {
    Alias() {
      hasAlias = true;
      return import_yaml9.visit.BREAK;
    }
  });
  if (!hasAlias || doc.errors.length > 0) return [];
  try {
    doc.toJS({ maxAliasCount });
    return [];
  } catch (error) {
    if (!(error instanceof ReferenceError)) return [];
    const message = error.message.includes("Excessive alias count") ? `YAML aliases in this document expand too much (more than maxAliasCount ${maxAliasCount}): ${error.message}. Write the values out instead of nesting aliases; nothing from the document was read.` : `YAML error: ${error.message}. Anchors (&name) are per document: define the anchor above its alias (*name) in the same document; nothing from the document was read.`;
    return [{ line: void 0, message }];
  }
}

// packages/core/src/model/yaml-lines.ts
var import_yaml10 = __toESM(require_dist(), 1);
function lineCounterAfter(before) {
  const lines = new import_yaml10.LineCounter();
  if (before === 0) return lines;
  const linePos = lines.linePos;
  lines.linePos = (offset) => {
    const { line, col } = linePos(offset);
    return { line: line + before, col };
  };
  return lines;
}
function syntaxErrorMessage(text2, message, position, before = 0) {
  if (position === void 0) {
    return `YAML syntax error: ${message}. Fix the file's YAML; nothing from it was read.`;
  }
  const { line, col } = position;
  const source = (text2.split("\n")[line - 1 - before] ?? "").replace(/\r$/, "").replace(/\t/g, " ");
  const shown = source.length > 120 ? `${source.slice(0, 120)}\u2026` : source;
  const gutter = String(line);
  const caret = `${" ".repeat(gutter.length)} | ${" ".repeat(Math.min(Math.max(col - 1, 0), 120))}^`;
  return `YAML syntax error at line ${line}, column ${col}: ${message}.
${gutter} | ${shown}
${caret}
Fix the file's YAML; nothing from it was read.`;
}
function firstLine(message) {
  return message.split("\n")[0].replace(/\s+at line \d+, column \d+:?$/, "");
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
  "ConfigSchema",
  "DeploymentTarget"
]);
var KNOWN_SCHEDULER_KINDS = [...SCHEDULER_KINDS];
function loadSource(source, problems, options = {}) {
  const limits = options.limits ?? DEFAULT_INPUT_LIMITS;
  const objects = [];
  const notes = [];
  const unreadable = [];
  for (const file of source.files) {
    if (!isManifestPath(file.path)) continue;
    if (file.blobId !== void 0)
      throw new Error(`${file.path} is not read yet (blob ${file.blobId})`);
    if (!withinBudget(file, limits, options.budget, problems)) continue;
    const loaded = options.cache?.load(
      file,
      source.origin,
      limits.maxAliasCount,
      loadFile,
      reloadFrom(source.origin, limits.maxAliasCount)
    ) ?? loadFile(file, source.origin, limits.maxAliasCount);
    for (const object of loaded.objects) objects.push(object);
    for (const note of loaded.notes) notes.push(note);
    for (const key of loaded.unreadable) unreadable.push(key);
    for (const problem of loaded.problems) problems.items.push(problem);
    for (const warning of loaded.warnings) problems.warnings.push(warning);
  }
  return { objects, notes, unreadable };
}
function reloadFrom(origin, maxAliasCount) {
  return (file, previous) => loadChangedDocuments(file, previous, (part) => loadFile(part, origin, maxAliasCount));
}
function loadFile(file, sourceOrigin, maxAliasCount) {
  const problems = new ProblemList();
  const objects = [];
  const notes = [];
  const unreadable = [];
  const marks = [];
  let clean2 = true;
  {
    const linesBefore = file.linesBefore ?? 0;
    const lines = lineCounterAfter(linesBefore);
    const documents = (0, import_yaml12.parseAllDocuments)(file.text, {
      lineCounter: lines,
      uniqueKeys: false,
      prettyErrors: true
    });
    const list2 = Array.isArray(documents) ? documents : [];
    const mayAlias = file.text.includes("*");
    let syntaxReported = false;
    for (const doc of list2) {
      marks.push({
        start: doc.range[0],
        end: doc.range[2],
        objects: objects.length,
        notes: notes.length,
        unreadable: unreadable.length,
        problems: problems.items.length,
        warnings: problems.warnings.length
      });
      if (doc.errors.length > 0) clean2 = false;
      const structural = [
        ...duplicateKeyErrors(doc, lines),
        ...mayAlias ? aliasErrors(doc, maxAliasCount) : []
      ];
      if (doc.errors.length > 0 || structural.length > 0) {
        for (const { line, message } of structural)
          problems.add({ file: file.path, ...line ? { line } : {}, message });
        const error = doc.errors[0];
        if (error !== void 0 && !syntaxReported) {
          syntaxReported = true;
          const position = error.linePos?.[0];
          problems.add({
            file: file.path,
            ...position ? { line: position.line } : {},
            message: syntaxErrorMessage(file.text, firstLine(error.message), position, linesBefore)
          });
        }
        continue;
      }
      const documentRoot = doc.contents;
      if (!(0, import_yaml12.isMap)(documentRoot)) continue;
      if (isKustomizationFile(file.path))
        warnKustomization(file.path, documentRoot, lines, problems);
      for (const root of expandList(documentRoot, file.path, lines, problems)) {
        const apiVersion = scalarText3(root, "apiVersion");
        const kind = scalarText3(root, "kind");
        if (apiVersion === void 0 || kind === void 0) continue;
        const line = root.range ? lines.linePos(root.range[0]).line : linesBefore + 1;
        const origin = { file: file.path, line, source: sourceOrigin };
        const metadata = childOf(root, "metadata");
        const name = (0, import_yaml12.isMap)(metadata) ? scalarText3(metadata, "name") : void 0;
        const object = `${kind} '${name ?? "?"}'`;
        lintDocument(
          { file: file.path, root, lines, apiVersion, kind, object },
          (p) => problems.warn(p)
        );
        if (isUnknownSchedulerKind(apiVersion, kind)) {
          const meant = didYouMean(kind, KNOWN_SCHEDULER_KINDS);
          problems.add({
            file: file.path,
            line: lineOf2(lines, childOf(root, "kind"), line),
            object,
            message: `kind '${kind}' does not exist in ${apiVersion.split("/")[0]} (Kubernetes would reject it); ${meant ? `did you mean '${meant}'? Use` : "use"} one of ${KNOWN_SCHEDULER_KINDS.join(", ")}.`
          });
          continue;
        }
        if (!isRecognised(apiVersion, kind, root)) {
          notes.push(
            `Skipped ${apiVersion} ${object} (${file.path}:${line}): not a Kalypso object or platform config.`
          );
          continue;
        }
        const before = problems.items.length;
        const reader = new ObjectReader(
          file.path,
          object,
          lines,
          problems,
          file.text,
          doc,
          file.invalidUtf8Lines
        );
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
        if (nameProblem) {
          reader.fail(childOf(meta, "name"), nameProblem);
          unreadable.push(`${kind}/${objectName}`);
          continue;
        }
        const labels = reader.stringMap(meta, "labels", "metadata.labels", false) ?? {};
        for (const [key, value] of Object.entries(labels)) {
          const labelProblem = labelKeyError(key) ?? labelValueError(key, value);
          if (labelProblem) reader.fail(childOf(meta, "labels"), labelProblem);
        }
        const read = readObject(kind, { reader, root, name: objectName, labels, origin });
        if (read && problems.items.length === before) objects.push(read);
        else unreadable.push(`${kind}/${objectName}`);
      }
    }
  }
  return {
    objects,
    notes,
    unreadable,
    problems: problems.items,
    warnings: problems.warnings,
    marks: { clean: clean2, documents: marks }
  };
}
function expandList(root, file, lines, problems) {
  if (scalarText3(root, "apiVersion") !== "v1" || scalarText3(root, "kind") !== "List") return [root];
  const items = childOf(root, "items");
  if (items === void 0 || (0, import_yaml12.isScalar)(items) && items.value === null) return [];
  if (!(0, import_yaml12.isSeq)(items)) {
    problems.add({
      file,
      line: lineOf2(lines, items, 1),
      object: "List",
      message: `'items' of a v1 List must be a list of objects (Kubernetes would reject it); nothing from this List was read.`
    });
    return [];
  }
  const expanded = [];
  for (const item of items.items) {
    if ((0, import_yaml12.isMap)(item)) expanded.push(...expandList(item, file, lines, problems));
    else
      problems.add({
        file,
        line: lineOf2(lines, item, 1),
        object: "List",
        message: `an item of a v1 List is not an object (Kubernetes would reject it); it was not read.`
      });
  }
  return expanded;
}
function isKustomizationFile(path) {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name === "kustomization.yaml" || name === "kustomization.yml" || name === "Kustomization";
}
function warnKustomization(file, root, lines, problems) {
  const fields = (0, import_yaml12.isMap)(root) ? root.items.flatMap(
    (pair) => (0, import_yaml12.isScalar)(pair.key) && !["apiVersion", "kind", "metadata"].includes(String(pair.key.value)) ? [String(pair.key.value)] : []
  ) : [];
  const only = fields.every((f2) => f2 === "resources");
  problems.warn({
    file,
    line: root.range ? lines.linePos(root.range[0]).line : 1,
    message: `this kustomization is not applied by kalypso-actions: it reads every YAML file below the folder as it is, while Flux builds the folder with kustomize for the operator. Ignored here: ${fields.length === 0 ? "the file itself" : fields.map((f2) => `'${f2}'`).join(", ")}${only ? " (files not listed in resources are read here too)" : " \u2014 objects it patches, renames, labels or generates differ from what the operator saw"}. Write the objects out as plain files, or remove the kustomization.`
  });
}
function withinBudget(file, limits, budget, problems) {
  const bytes = file.unreadBytes ?? (file.text.length * 3 <= limits.maxFileBytes ? -1 : utf8Length2(file.text));
  if (bytes > limits.maxFileBytes || file.unreadBytes !== void 0) {
    problems.add({
      file: file.path,
      message: `the file is ${formatBytes(bytes)}, more than the ${formatBytes(limits.maxFileBytes)} a control-plane file may have; nothing from it was read. Split it or remove what does not belong in the control plane.`
    });
    return false;
  }
  if (!budget) return true;
  if (budget.exceeded) return false;
  budget.remaining -= bytes >= 0 ? bytes : utf8Length2(file.text);
  if (budget.remaining < 0) {
    budget.exceeded = true;
    problems.add({
      file: file.path,
      message: `the control-plane files read up to this one exceed the total input budget; this file and the rest were not read. Remove files that do not belong in the control plane (or in the workload folders), or raise the total input limit.`
    });
    return false;
  }
  return true;
}
function isUnknownSchedulerKind(apiVersion, kind) {
  return apiVersion.startsWith("scheduler.kalypso.io/") && !SCHEDULER_KINDS.has(kind);
}
function lineOf2(lines, node, fallback) {
  const offset = node?.range?.[0];
  return offset === void 0 ? fallback : lines.linePos(offset).line;
}
function isRecognised(apiVersion, kind, root) {
  if (kind === "ConfigMap") {
    if (apiVersion !== "v1") return false;
    const metadata = childOf(root, "metadata");
    const name = (0, import_yaml12.isMap)(metadata) ? scalarText3(metadata, "name") : void 0;
    const labels = childOf(metadata, "labels");
    const flag = childOf(labels, "platform-config");
    const flagged = (0, import_yaml12.isScalar)(flag) && (flag.value === "true" || flag.value === true);
    return flagged || (name?.startsWith("azure-app-config") ?? false);
  }
  return SCHEDULER_KINDS.has(kind) && apiVersion.startsWith("scheduler.kalypso.io/");
}
function childOf(node, key) {
  if (!(0, import_yaml12.isMap)(node)) return void 0;
  for (const pair of node.items) {
    if ((0, import_yaml12.isScalar)(pair.key) && pair.key.value === key)
      return pair.value ?? void 0;
  }
  return void 0;
}
function scalarText3(node, key) {
  const value = childOf(node, key);
  if (!(0, import_yaml12.isScalar)(value)) return void 0;
  const v2 = value.value;
  if (typeof v2 === "string") return v2 === "" ? void 0 : v2;
  return typeof v2 === "number" || typeof v2 === "boolean" ? String(v2) : void 0;
}

// packages/core/src/model/objects-in.ts
function objectsIn(sources, kind, cache) {
  const found = /* @__PURE__ */ new Map();
  for (const object of objectsInOrder(sources, kind, cache))
    if (!found.has(object.name)) found.set(object.name, object);
  return [...found.values()].sort((a, b2) => a.name < b2.name ? -1 : 1);
}
function firstObjectIn(sources, kind, cache) {
  for (const object of objectsInOrder(sources, kind, cache)) return object;
  return void 0;
}
function* objectsInOrder(sources, kind, cache) {
  const scratch = new ProblemList();
  for (const source of sources) {
    for (const file of source.files) {
      if (!mayHold(file.text, kind)) continue;
      const max = DEFAULT_INPUT_LIMITS.maxFileBytes;
      const only = file.text.length * 3 <= max || utf8Length2(file.text) <= max ? documentsNaming(file.text, kind) : void 0;
      const loaded = only === void 0 ? loadSource({ ...source, files: [file] }, scratch, cache ? { cache } : {}) : loadSource(
        { ...source, files: [partFrom(file, only)] },
        scratch,
        cache ? { cache: cache.subsets } : {}
      );
      for (const object of loaded.objects)
        if (object.kind === kind) yield object;
    }
  }
}
function partFrom(file, only) {
  let lead = 0;
  while (only.charCodeAt(lead) === 10) lead++;
  return { ...file, text: only.slice(lead), linesBefore: (file.linesBefore ?? 0) + lead };
}
function mayHold(text2, kind) {
  return text2.includes(kind) || text2.includes("\\");
}
var DOCUMENT_MARKER = /^(---|\.\.\.)(?=[ \t\r]|$)/;
function documentsNaming(text2, kind) {
  if (text2.startsWith("%") || text2.includes("\n%") || text2.includes("\uFEFF")) return void 0;
  if (/\r(?!\n)/.test(text2)) return void 0;
  const lines = text2.split("\n");
  const kept = [];
  let start = 0;
  let open = false;
  const close = (end) => {
    if (end <= start) return;
    if (mayHold(lines.slice(start, end).join("\n"), kind)) {
      for (let i = start; i < end; i++) kept.push(lines[i]);
      open = true;
      return;
    }
    const marked = DOCUMENT_MARKER.exec(lines[start])?.[1] === "---";
    kept.push(marked && open ? "---" : "");
    if (marked) open = false;
    for (let i = start + 1; i < end; i++) kept.push("");
  };
  for (let i = 0; i < lines.length; i++) {
    const marker = DOCUMENT_MARKER.exec(lines[i])?.[1];
    if (marker === void 0) continue;
    close(i);
    if (marker === "---") start = i;
    else {
      kept.push(lines[i]);
      open = false;
      start = i + 1;
    }
  }
  close(lines.length);
  const only = kept.join("\n");
  return only === text2 ? void 0 : only;
}

// packages/core/src/publish/unchanged-inputs.ts
function runInputs(request, inputs, read, joining) {
  if (inputs === void 0 || request.dryRun || joining) return void 0;
  if (read.sources === void 0 || read.problems.length > 0) return void 0;
  return inputs.digest(inputsParts(inputs.build(), request, read));
}
function controlPlaneInputs(request, inputs, read, joining) {
  if (inputs === void 0 || request.dryRun || joining || read.sources === void 0)
    return void 0;
  const sources = { ...read.sources, workloads: [] };
  return inputs.digest(inputsParts(inputs.build(), request, { ...read, sources }));
}
function renderedGitOpsRepo(sources, loads) {
  const unread = sources.workloads.some((w2) => w2.files.some((f2) => f2.blobId !== void 0));
  const gitOpsRepo = firstObjectIn(
    unread ? [sources.base, sources.controlPlane] : [sources.base, sources.controlPlane, ...sources.workloads],
    "GitOpsRepo",
    loads
  );
  return { certain: gitOpsRepo !== void 0 || !unread, gitOpsRepo };
}
async function takeNotedProposal(request, ports, read, inputs, noted) {
  const { reporter } = ports;
  const sources = read.sources;
  if (sources === void 0) return void 0;
  const first = renderedGitOpsRepo(sources, ports.loads);
  if (!first.certain) return void 0;
  const { gitOpsRepo } = first;
  const target = gitopsTarget(request, gitOpsRepo);
  if ("problem" in target) return void 0;
  try {
    const gitops = await ports.openGitOps(target.repository);
    const tips = await gitops.repository.renderIndex?.tips?.(
      target.base,
      request.pullRequestBranch
    );
    if (tips === void 0) return void 0;
    const proposal = parseNotedProposal(tips.proposal);
    if (proposal !== void 0) noted?.(proposal);
    if (proposal === void 0 || proposal.inputs !== inputs) {
      if (proposal !== void 0)
        reporter.info(
          `The inputs of '${request.environment}' differ from those of the last proposal: the environment is rendered.`
        );
      return void 0;
    }
    const { base, branch } = tips;
    if (base === void 0) return void 0;
    let plan;
    if (base.treeId === proposal.tree) plan = EMPTY_PLAN;
    else if (branch !== void 0 && branch.treeId === proposal.tree && branch.parents.length === 1 && branch.parents[0] === base.head && base.head === proposal.baseHead && proposal.view !== void 0 && !isEmptyPlan(proposal.plan)) {
      plan = proposal.plan;
      const promoted = proposal.view.promotedCommit;
      const skip = promoted === "" ? void 0 : chainSkipOf(
        await ports.statuses.latestStatus(promoted, chainSkipContext(request.environment))
      );
      if (JSON.stringify(skip) !== JSON.stringify(proposal.chainSkip)) return void 0;
    } else return void 0;
    const tree = proposal.tree;
    reporter.info(
      `The inputs of '${request.environment}' are those of the proposal of tree ${tree.slice(0, 7)} (${proposal.assignments} assignments), and ${plan === EMPTY_PLAN ? `the GitOps branch '${target.base}' holds that tree` : `our pull request branch '${request.pullRequestBranch}' holds it on '${target.base}'`}: nothing is rendered or compared again.`
    );
    return {
      gitOpsRepo,
      target,
      gitops,
      proposal,
      noted: {
        draft: {
          plan,
          base,
          branch: branch && { head: branch.head },
          // Our branch already holds the planned tree on the base head: nothing to build.
          build: () => Promise.resolve({ treeId: tree })
        },
        view: proposal.view,
        chainSkip: proposal.chainSkip
      }
    };
  } catch (error) {
    reporter.info(
      `The last proposal is not used: ${error instanceof Error ? error.message : String(error)}`
    );
    return void 0;
  }
}
var EMPTY_PLAN = { added: [], changed: [], removed: [], promoted: false, clusterTypes: [] };
function proposalToNote(inputs, controlPlane, result, counts, detailsComplete, workloads) {
  if (inputs === void 0 || result.proposed === void 0 || !detailsComplete) return void 0;
  const message = result.message;
  let view;
  if (message !== void 0) {
    const { runUrl: _runUrl, plan: _plan, ...rest } = message.view;
    view = rest;
  }
  const proposal = {
    tree: result.proposed.treeId,
    inputs,
    ...controlPlane === void 0 ? {} : { controlPlaneInputs: controlPlane },
    baseHead: result.baseHead,
    ...counts,
    plan: boundedPlan(result.plan),
    view,
    chainSkip: message?.chainSkip
  };
  const withFiles = workloads && formatNotedProposal({ ...proposal, workloads });
  if (withFiles !== void 0 && withFiles.length <= MAX_PROPOSAL_CHARS) return withFiles;
  const text2 = formatNotedProposal(proposal);
  return text2.length <= MAX_PROPOSAL_CHARS ? text2 : void 0;
}

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
  const tracking = started?.then(async ({ folded: folded2 }) => {
    if (!folded2) return void 0;
    await folded2;
    return (await opening).repository.readText(target.base, TRACKING_FILE);
  });
  tracking?.catch(() => void 0);
  const settled = started?.then(
    ({ read, folded: folded2 }) => read ?? folded2?.then(() => tracking?.catch(() => void 0))
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
      const { read, folded: folded2 } = await started;
      const inner = gitops.repository;
      const folders = inner.folders;
      const own = (base, other) => base === target.base && other === branch;
      const repository = {
        ...inner,
        ...folded2 && tracking ? {
          readText: (other, path) => other === target.base && path === TRACKING_FILE ? tracking.then(
            (text2) => text2,
            () => inner.readText(other, path)
          ) : inner.readText(other, path)
        } : {},
        ...read ? { read: (base, other) => own(base, other) ? read : inner.read(base, other) } : {},
        ...folded2 && folders ? {
          folders: {
            objectId: (object) => folders.objectId(object),
            read: (base, other, path) => own(base, other) && path === gitopsPath ? folded2 : folders.read(base, other, path)
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

// packages/core/src/model/environment.ts
function assembleEnvironment(sources, limits = {}, cache) {
  const problems = new ProblemList();
  const notes = [];
  const all = [];
  const unreadable = /* @__PURE__ */ new Set();
  const effective = inputLimits(limits);
  const budget = { remaining: effective.maxTotalBytes };
  const delivered = /* @__PURE__ */ new Set();
  for (const source of [sources.base, sources.controlPlane, ...sources.workloads]) {
    const loaded = loadSource(source, problems, {
      limits: effective,
      budget,
      ...cache === void 0 ? {} : { cache }
    });
    all.push(...loaded.objects);
    notes.push(...loaded.notes);
    for (const key of loaded.unreadable) unreadable.add(key);
    if (source.origin.kind === "workload" && loaded.objects.some((o) => o.kind === "Workload"))
      delivered.add(source.origin.registration);
    if (source.origin.kind === "workload" && loaded.unreadable.some((key) => key.startsWith("Workload/")))
      delivered.add(source.origin.registration);
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
    deploymentTargets: sortByName(byKind("DeploymentTarget")),
    policies: sortByName(byKind("SchedulingPolicy")),
    configMaps: byKind("ConfigMap"),
    configSchemas: sortByName(byKind("ConfigSchema")),
    unreadable
  };
  checkReferences(view, problems);
  const registered = new Set(
    sources.workloads.flatMap((s3) => s3.origin.kind === "workload" ? [s3.origin.registration] : [])
  );
  for (const registration of view.registrations) {
    if (!registered.has(registration.name) || delivered.has(registration.name)) continue;
    problems.warn({
      file: registration.origin.file,
      line: registration.origin.line,
      object: describeObject(registration),
      message: `no Workload was found at spec.workload.path '${registration.workload.path}' of ${registration.workload.repo} (branch ${registration.workload.branch}), so this registration deploys nothing. Check the path and branch, or remove the registration.`
    });
  }
  return {
    view,
    problems: sortProblems(problems.items),
    warnings: sortProblems(problems.warnings),
    notes
  };
}
function rejectDuplicates(objects, problems) {
  const first = /* @__PURE__ */ new Map();
  const kept = [];
  for (const object of objects) {
    const key = `${object.kind}/${object.name}`;
    const earlier = first.get(key);
    if (earlier) {
      problems.add({
        file: object.origin.file,
        line: object.origin.line,
        object: describeObject(object),
        message: `is also defined in ${earlier.origin.file}:${earlier.origin.line}; a kind and name may be defined once per environment (across main, the environment branch and workload repositories). Remove or rename one of them.`
      });
      continue;
    }
    first.set(key, object);
    kept.push(object);
  }
  return kept;
}
function checkReferences(view, problems) {
  const gitops = view.gitOpsRepos;
  if (gitops.length > 1) {
    problems.add({
      file: gitops[1].origin.file,
      line: gitops[1].origin.line,
      object: describeObject(gitops[1]),
      message: `the environment has ${gitops.length} GitOpsRepos (${gitops.map((g2) => `'${g2.name}'`).join(", ")}); keep exactly one.`
    });
  }
}
function sortByName(items) {
  return items.sort((a, b2) => a.name < b2.name ? -1 : a.name > b2.name ? 1 : 0);
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
  const last = parts.length - 1;
  const labels = /* @__PURE__ */ Object.create(null);
  for (let i = 0; i + 1 < last; i += 2) {
    labels[parts[i] ?? ""] = parts[i + 1] ?? "";
  }
  return { labels, key: parts[last] ?? "" };
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
  const byName = /* @__PURE__ */ new Map();
  const index = (position) => {
    const item = result[position] ?? null;
    if (!isYamlMap(item)) return;
    const key = nameKey(item.get("name") ?? null);
    if (key === void 0) return;
    const positions = byName.get(key);
    if (positions) positions.push(position);
    else byName.set(key, [position]);
  };
  for (let i = 0; i < result.length; i++) index(i);
  for (const item of incoming) {
    let matched = false;
    if (isYamlMap(item)) {
      const key = nameKey(item.get("name") ?? null);
      for (const j2 of key === void 0 ? [] : byName.get(key) ?? []) {
        result[j2] = mergeConfigValue(result[j2] ?? null, item);
        matched = true;
      }
    }
    if (!matched) {
      result.push(item);
      index(result.length - 1);
    }
  }
  return result;
}
function nameKey(value) {
  if (value === null) return "nil";
  if (typeof value === "object") return void 0;
  if (typeof value === "number" && Number.isNaN(value)) return void 0;
  return `${typeof value}:${String(value)}`;
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
function compareStrings(a, b2) {
  return a < b2 ? -1 : a > b2 ? 1 : 0;
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
    const parse3 = (cm, key) => {
      let values = parsed.get(cm);
      if (!values) parsed.set(cm, values = /* @__PURE__ */ new Map());
      let value = values.get(key);
      if (value === void 0) values.set(key, value = parseConfigValue(cm.data[key] ?? ""));
      return value;
    };
    const sources = [];
    const labelled = configMaps.filter((cm) => isLabelledPlatformConfig(cm.labels));
    for (const cm of labelled.sort((a, b2) => compareStrings(a.name, b2.name))) {
      sources.push({
        labels: matchingLabels(cm.labels),
        entries: Object.keys(cm.data).map((key) => [key, parse3(cm, key)]),
        from: describeSource(cm),
        lineOf: (key) => keyLocation(cm, key)
      });
    }
    const azure = configMaps.filter((cm) => isAzureAppConfig(cm.name));
    for (const cm of azure.sort((a, b2) => compareStrings(a.name, b2.name))) {
      const keys = Object.keys(cm.data).sort((a, b2) => a.length - b2.length || compareStrings(a, b2));
      for (const encoded of keys) {
        const decoded = decodeAzureKey(encoded);
        sources.push({
          labels: matchingLabels(decoded.labels),
          entries: [[decoded.key, parse3(cm, encoded)]],
          from: `${describeSource(cm)} key '${encoded}'`,
          lineOf: () => keyLocation(cm, encoded)
        });
      }
    }
    this.#sources = sources;
    const special = /* @__PURE__ */ new Set([CLUSTER_TYPE_LABEL, DEPLOYMENT_TARGET_LABEL, WORKLOAD_LABEL]);
    const generic = new Set(sources.flatMap((s3) => s3.labels.map(([key]) => key)));
    this.#genericKeys = [...generic].filter((key) => !special.has(key)).sort(compareStrings);
  }
  /**
   * The ConfigData of one assignment: a fresh map (structured values deep-copied), so a caller
   * changing it cannot affect any other assignment.
   */
  collect(subject) {
    return this.collectFrom(this.sourcesOf(subject));
  }
  /**
   * Which sources supply the ConfigData of one assignment, as an id: in one collector, equal ids
   * give equal ConfigData (`collectFrom`).
   */
  sourcesOf(subject) {
    return this.#matching(subject).join(",");
  }
  /** `collect` for the sources `sourcesOf` named. */
  collectFrom(sources) {
    let merged = this.#merged.get(sources);
    if (!merged)
      this.#merged.set(
        sources,
        merged = this.#merge(sources === "" ? [] : sources.split(",").map(Number))
      );
    const copy = new GoMap(void 0, "map[string]interface {}");
    for (const [name, value] of merged.entries) copy.entries.set(name, cloneConfigValue(value));
    return copy;
  }
  /**
   * The ConfigMaps that supplied the top-level config `key` of one assignment, last (winning)
   * first: `ConfigMap 'name' (file:line)`. Empty when no ConfigMap sets the key.
   */
  suppliersOf(subject, key) {
    return this.suppliers(subject, key).map((s3) => s3.text);
  }
  /**
   * Like `suppliersOf`, with the file and line of the data key itself when the ConfigMap's YAML
   * positions are known: `ConfigMap 'sizes' (env/config.yaml:7)` names the line to fix.
   */
  suppliers(subject, key) {
    const found = [];
    for (const index of this.#matching(subject).reverse()) {
      const source = this.#sources[index];
      if (!source?.entries.some(([name]) => name === key)) continue;
      const at = source.lineOf(key);
      found.push(
        at === void 0 ? { text: source.from } : {
          text: source.from.replace(/ \([^()]*:\d+\)/, ` (${at.file}:${at.line})`),
          file: at.file,
          line: at.line
        }
      );
    }
    return found;
  }
  /**
   * Whether a source may supply the ConfigData of some assignment of this cluster type (some
   * target may match): when not, `sourcesOf` is '' for every target of it.
   */
  mayReach(clusterType) {
    return this.#planFor(clusterType).length > 0;
  }
  #matching(subject) {
    const plan = this.#planFor(subject.clusterType);
    const matching = [];
    for (const [index, checks] of plan) {
      if (checks.every((check) => targetSatisfies(check, subject.target))) matching.push(index);
    }
    return matching;
  }
  #planFor(clusterType) {
    const cacheKey = [
      clusterType.name,
      ...this.#genericKeys.map((k2) => labelValue(clusterType.labels, k2))
    ].join("\0");
    let plan = this.#plans.get(cacheKey);
    if (!plan) this.#plans.set(cacheKey, plan = this.#buildPlan(clusterType));
    return plan;
  }
  #buildPlan(clusterType) {
    const plan = [];
    this.#sources.forEach((source, index) => {
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
      plan.push([index, checks]);
    });
    return plan;
  }
  #merge(matching) {
    const data = new GoMap(void 0, "map[string]interface {}");
    for (const index of matching) {
      for (const [key, value] of this.#sources[index]?.entries ?? []) {
        const existing = data.entries.get(key);
        data.entries.set(key, existing === void 0 ? value : mergeConfigValue(existing, value));
      }
    }
    return data;
  }
};
function clusterTypesReached(cm) {
  const labelLists = [];
  if (isLabelledPlatformConfig(cm.labels)) labelLists.push(matchingLabels(cm.labels));
  if (isAzureAppConfig(cm.name))
    for (const encoded of Object.keys(cm.data))
      labelLists.push(matchingLabels(decodeAzureKey(encoded).labels));
  const names = /* @__PURE__ */ new Set();
  for (const labels of labelLists) {
    const named = labels.find(([key]) => key === CLUSTER_TYPE_LABEL);
    if (named === void 0) return void 0;
    names.add(named[1]);
  }
  return [...names].sort(compareStrings);
}
function keyLocation(cm, key) {
  const line = cm.dataLines?.[key];
  return cm.file === void 0 || line === void 0 ? void 0 : { file: cm.file, line };
}
function describeSource(cm) {
  return `ConfigMap '${cm.name}'${cm.origin === void 0 ? "" : ` (${cm.origin})`}`;
}
function matchingLabels(labels) {
  return Object.entries(labels).filter(([key]) => isMatchingLabel(key));
}
function targetSatisfies(check, target) {
  return check.kind === "name" ? target.name === check.value : labelValue(target.labels, check.key) === check.value;
}

export {
  __require,
  __commonJS,
  __toESM,
  parseGitHubRepositoryUrl,
  tokenOrigin,
  redactUrlCredentials,
  repositoryUrlProblem,
  asWarning,
  formatProblem,
  UserError,
  isUserError,
  ControlPlaneError,
  ProblemList,
  messageOf,
  DEFAULT_INPUT_LIMITS,
  inputLimits,
  utf8Length2 as utf8Length,
  formatBytes,
  decodeSourceText,
  isManifestPath,
  templateFileLine,
  describeObject,
  require_dist,
  didYouMean,
  splittable,
  chunkStarts,
  GoInt,
  int64,
  goInteger,
  typedSlice,
  nilSlice,
  isNilSlice,
  sliceElement,
  GoMap,
  GoStruct,
  goTypeName,
  goKindName,
  goStringBytes,
  goStringFromBytes,
  formatFloat,
  isPrint,
  quote,
  compareGoStrings,
  sortedEntries,
  defaultTemplateLimits,
  BudgetExceededError,
  Budget,
  withBudget,
  reserve,
  rethrowBudget,
  chargeSteps,
  formatValue,
  sprint,
  sprintln,
  sprintf,
  goAtoi,
  goParseFloat,
  formatGoFloat,
  UnsupportedJsonValue,
  scanGoJson,
  toJsonValue,
  goJsonMarshal,
  cleanPath,
  basePath,
  dirPath,
  extPath,
  marshalYaml,
  selectorMatches,
  reloadFrom,
  loadFile,
  withinBudget,
  assembleEnvironment,
  objectsIn,
  firstObjectIn,
  deploymentTargetsOf,
  policySelectsTarget,
  schedule,
  explainPair,
  compareBytes,
  anumber,
  abytes,
  ahash,
  aexists,
  aoutput,
  u32,
  clean,
  createView,
  rotl,
  swap32IfBE,
  kdfInputToBytes,
  checkOpts,
  sha256,
  RENDER_ENGINE_VERSION,
  RenderMemo,
  assignmentKey,
  canonicalGoValue,
  README_TEXT,
  TRACKING_FILE,
  normaliseGitOpsPath,
  unsafeTreePathReason,
  isSafeTreePath,
  generatedFilesBuilder,
  planCounts,
  PlannedListing,
  environmentStatusContext,
  heldDescription,
  frozenStatus,
  policyOpenStatus,
  fitDescription,
  clipDescription,
  supersededStatus,
  scheduleFailureStatus,
  chainSkipContext,
  chainSkipOf,
  isValidBranchName,
  PolicyReader,
  clip2 as clip,
  parseDateTime,
  formatInstant,
  nextTick,
  firstTickFrom,
  latestTick,
  formatDuration,
  recordStateOf,
  promotionChainPath,
  parsePromotionChain,
  inertText,
  utf8Bytes,
  cutToBytes,
  shortSha,
  commitLink,
  code,
  text,
  codeBlock,
  summaryLine,
  tableCell,
  table,
  factsTable,
  folded,
  count,
  warningLines,
  appendAll,
  DEFAULT_TITLE_TEMPLATE,
  DEFAULT_BODY_TEMPLATE,
  DEFAULT_COMMIT_TEMPLATE,
  checkMessageTemplate,
  planMarkdown,
  labelsMatchSubject,
  ConfigCollector,
  clusterTypesReached,
  IndexUse,
  propose,
  record,
  DEFAULT_MAX_FILES,
  fleetFiles,
  checkFleetSize,
  gitopsTarget,
  notedWorkloads,
  parseNotedProposal,
  runInputs,
  controlPlaneInputs,
  renderedGitOpsRepo,
  takeNotedProposal,
  proposalToNote,
  startGitOps,
  openedFor,
  readsFor,
  composeShards
};
//# sourceMappingURL=chunk-MSWBXDM5.js.map
