// Types of scripts/bundle-stubs/stubs.mjs (a plain ES module that scripts/build.mjs imports).
export declare const stubs: Record<string, string>;
