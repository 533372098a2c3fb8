import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

const ENTRY = path.resolve(import.meta.dirname, '../src/web/features/notifications/worker/push-worker.ts');

/**
 * Builds the service worker's push handlers (src/web/features/notifications/worker/push-worker.ts) into one
 * classic script, `assets/push-worker-<hash>.js`, which the worker vite-plugin-pwa generates loads with
 * `importScripts` (vite.config.ts hands it the name through `importScriptName`). Workbox's generateSW keeps
 * writing the precache and the offline copy exactly as before; a worker of our own (injectManifest) would have to
 * write them again by hand. The name carries the content's hash: a changed handler changes `sw.js`, so browsers
 * install the new worker, and the file itself is cached for good as every file under /assets is.
 *
 * A second Vite build of its own, in library mode as one IIFE: `importScripts` needs a classic script (no
 * `import`), and the worker needs none of the app's plugins (its texts are its own small catalogues). Vite's
 * bundler keeps of zod only what the contract's schemas use (about 80 KB); esbuild kept all of zod's locales
 * (450 KB), as it cannot shake the `z` namespace.
 */
export function pushWorkerBuild(): Plugin & { importScriptName: () => string } {
  let fileName: string | null = null;
  return {
    name: 'lumara:push-worker',
    apply: 'build',
    importScriptName() {
      if (!fileName)
        throw new Error('The push worker has not been built yet: it is written in generateBundle.');
      return fileName;
    },
    async generateBundle() {
      const built = await build({
        configFile: false,
        logLevel: 'warn',
        root: path.dirname(ENTRY),
        build: {
          write: false,
          minify: true,
          target: 'es2022',
          lib: { entry: ENTRY, formats: ['iife'], name: 'lumaraPushWorker' },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]) as Rollup.RollupOutput[];
      const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk');
      if (!chunk) throw new Error('The push worker build wrote no script');
      const hash = createHash('sha256').update(chunk.code).digest('base64url').slice(0, 10);
      fileName = `assets/push-worker-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: chunk.code });
    },
  };
}
