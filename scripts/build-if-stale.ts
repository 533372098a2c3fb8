/**
 * Builds what changed since the last build and nothing else (scripts/stale-builds.ts lists the outputs and what
 * each is made from): `npm start` does the same before it serves; the two-server suite runs this first.
 */
import { buildStaleOutputs } from './stale-builds.ts';

await buildStaleOutputs();
