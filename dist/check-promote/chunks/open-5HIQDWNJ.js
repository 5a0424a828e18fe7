import { createRequire as __kalypsoCreateRequire } from 'node:module'; const require = __kalypsoCreateRequire(import.meta.url);
import "./chunk-3ZKCM37X.js";

// scripts/bundle-stubs/open.mjs
async function open() {
  throw new Error(
    "kalypso-actions cannot open a browser: interactive Azure sign-in is not supported. Use azure-auth oidc, client-secret or azure-cli."
  );
}
export {
  open as default
};
//# sourceMappingURL=open-5HIQDWNJ.js.map
