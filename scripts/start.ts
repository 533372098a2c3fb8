/**
 * `npm start`: builds what changed since the last build (scripts/stale-builds.ts: a few milliseconds when nothing
 * did), then runs the bundled server (dist/server/main.mjs) in this same process, with Node's compile cache on:
 * the machine code compiled for the bundle at one start is reused at the next (in the system's temporary
 * directory), which takes a tenth off the start. The cache must be on before the bundle is loaded, hence this small
 * first module.
 */
import module from 'node:module';
import { buildStaleOutputs } from './stale-builds.ts';

await buildStaleOutputs();
module.enableCompileCache();
// A URL, not a literal path: the bundle is build output, which the type checker has no business reading.
await import(new URL('../dist/server/main.mjs', import.meta.url).href);
