// Zod builds fast object parsers with `new Function` after probing whether eval is allowed. Under
// this app's CSP (script-src 'self', no 'unsafe-eval') that probe is reported as a CSP violation
// on every page load. Zod skips it in jitless mode, which must be set before any schema is made:
// this classic script runs before the app's module scripts, so it is (zod's global config object).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
