/**
 * While zod is still in the player build (the steps' form schemas): zod probes whether it may
 * compile parsers with `new Function`, and under this app's CSP (no 'unsafe-eval') the probe is
 * reported as a violation on every load. Jitless mode skips the probe; it must be set before any
 * schema is built, so this module is the player entry's first import. Delete it, and its import,
 * once no zod reaches the player build.
 */
const zodConfig = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodConfig.__zod_globalConfig = Object.assign(zodConfig.__zod_globalConfig ?? {}, { jitless: true });
