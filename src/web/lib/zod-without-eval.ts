/**
 * Zod 4 compiles object parsers with `new Function` and probes for it when a schema is built. Our CSP
 * (`script-src 'self'`) forbids eval, and even the caught probe is reported as a CSP violation, so parsing
 * runs without it. This must run before any schema module is evaluated: main.tsx imports it first.
 *
 * It does not import zod: zod's core takes its configuration from this global when it first runs (zod 4.6,
 * v4/core/core.js), so zod itself loads only with the pages that parse (zod-without-eval.test.ts holds this).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
