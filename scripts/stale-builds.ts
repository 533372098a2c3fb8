/**
 * What `npm start` builds before it serves: each build output, the inputs it is made from, and how to make it. An
 * output is stale when it is missing or any of its inputs (a file, or any file or folder under a folder) changed
 * after it was written. Deciding takes a few milliseconds: this module imports nothing but Node's own, and a
 * build's tool chain (Vite, esbuild, the database the server's build migrates) is loaded only when its output is
 * stale. A new build output is one more entry in `buildOutputs`.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export type BuildOutput = {
  /** What is built, as `npm start` says it: "the browser app". */
  name: string;
  /** A file the build writes last, relative to the project: its modification time is the build's. */
  output: string;
  /** Files and folders (walked whole) relative to the project; one that does not exist counts as unchanged. */
  inputs: string[];
  build(): Promise<void>;
};

/** What the browser app is made from: its sources, Vite's config and the build steps that config reads. */
const WEB_INPUTS = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'scripts/build-web.ts',
  'scripts/first-load-chunks.ts',
  'scripts/message-catalogues.ts',
  'scripts/precompress-assets.ts',
  'scripts/push-worker-build.ts',
  'scripts/zod-without-json-schema.ts',
  'package-lock.json',
];

export const buildOutputs: BuildOutput[] = [
  {
    // With its server renderer and the prerendered sign-in page (scripts/build-web.ts, decision 0039).
    name: 'the browser app',
    output: 'dist/web/index.html',
    inputs: WEB_INPUTS,
    build: async () => (await import('./build-web.ts')).buildWeb({ quiet: true }),
  },
  {
    name: 'the server',
    output: 'dist/server/main.mjs',
    inputs: ['src/server', 'src/shared', 'scripts/build-server.ts', 'package-lock.json'],
    build: async () => (await import('./build-server.ts')).buildServer(),
  },
];

/** The outputs that must be built again, in the order given. An input several outputs share is walked once. */
export function staleBuildOutputs(outputs: BuildOutput[] = buildOutputs, root = projectRoot): BuildOutput[] {
  const walked = new Map<string, number>();
  const changedAt = (input: string) => {
    const known = walked.get(input);
    if (known !== undefined) return known;
    const time = newestMtime(path.join(root, input));
    walked.set(input, time);
    return time;
  };
  return outputs.filter((entry) => {
    const builtAt = mtimeOf(path.join(root, entry.output));
    return builtAt === 0 || entry.inputs.some((input) => changedAt(input) > builtAt);
  });
}

/** Builds every stale output, in order; the first failure ends the process with its exit code. */
export async function buildStaleOutputs(outputs: BuildOutput[] = buildOutputs): Promise<void> {
  for (const entry of staleBuildOutputs(outputs)) {
    console.log(`Building ${entry.name}…`);
    await entry.build();
  }
}

function mtimeOf(target: string): number {
  return statSync(target, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

/**
 * The latest modification time of a file, or of a folder and everything under it: a folder's own time changes
 * when an entry is added, removed or renamed in it, a file's when it is written. One stat per entry.
 */
function newestMtime(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    const full = path.join(target, entry.name);
    const time = entry.isDirectory() || entry.isSymbolicLink() ? newestMtime(full) : mtimeOf(full);
    if (time > newest) newest = time;
  }
  return newest;
}
