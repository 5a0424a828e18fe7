/**
 * sprig 3.2.3 functions deliberately left out of the table (docs/decisions/no-environment-in-templates.md): they read the
 * clock, the process environment, randomness or the network, so a template using one would not
 * render deterministically. Being absent, they fail at parse time (`function "env" not defined`).
 */
export const excludedFunctions: ReadonlySet<string> = new Set([
  // Clock and dates (time.Time values, `now`, relative ages).
  'now',
  'date',
  'date_in_zone',
  'dateInZone',
  'date_modify',
  'dateModify',
  'must_date_modify',
  'mustDateModify',
  'ago',
  'toDate',
  'mustToDate',
  'unixEpoch',
  'htmlDate',
  'htmlDateInZone',
  // Environment.
  'env',
  'expandenv',
  // Randomness.
  'randAlpha',
  'randAlphaNum',
  'randAscii',
  'randNumeric',
  'randInt',
  'randBytes',
  'shuffle',
  'uuidv4',
  // Key, certificate and salted-hash generators (random keys, serials, salts or IVs).
  'genPrivateKey',
  'genCA',
  'genCAWithKey',
  'genSelfSignedCert',
  'genSelfSignedCertWithKey',
  'genSignedCert',
  'genSignedCertWithKey',
  'buildCustomCert',
  'encryptAES',
  'bcrypt',
  'htpasswd',
  // Network.
  'getHostByName',
]);
