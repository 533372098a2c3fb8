import { config } from 'zod';

/**
 * Zod 4 compiles object parsers with `new Function` and probes for it when a schema is built. Our CSP
 * (`script-src 'self'`) forbids eval, and even the caught probe is reported as a CSP violation, so parsing
 * runs without it. This must run before any schema module is evaluated: main.tsx imports it first.
 */
config({ jitless: true });
