// Packages that our dependencies import but nothing of ours reaches, each replaced in every bundle
// by a small stub that throws (scripts/build.mjs passes this map to esbuild's `alias`):
//   open   @azure/identity loads it only to launch a browser for interactive sign-in; with it go
//          default-browser, default-browser-id, bundle-name, run-applescript, wsl-utils,
//          powershell-utils, is-wsl, is-docker, is-inside-container, is-in-ssh, define-lazy-prop.
// `npm run bench` prints each bundle's size and what the stubs save (its `bundles` line).
export const stubs = { open: './scripts/bundle-stubs/open.mjs' };
