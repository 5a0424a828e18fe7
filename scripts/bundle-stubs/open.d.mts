// Types of scripts/bundle-stubs/open.mjs (a plain ES module that esbuild bundles as is).
export default function open(): Promise<never>;
