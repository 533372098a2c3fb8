import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** zod's JSON Schema output: every schema type links to it, and the browser never calls it. */
const JSON_SCHEMA_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
const STUB_PREFIX = '\0zod-without-json-schema:';
/**
 * What schemas use of those modules for themselves, kept: a string's `minLength`, `maxLength` and `format`, a
 * number's bounds and `isInt` read their checks through it.
 */
const KEPT = new Set(['aggregateChecks']);

/**
 * Builds the browser app with zod's JSON Schema output left out (decision 0043): each zod schema type refers to
 * its converter to JSON Schema, so the whole converter (about 7 KiB gzip) came with the first schema a page
 * parsed. Only the server writes JSON Schema (the OpenAPI document, the AI tools); in the browser bundle the
 * converter's exports are stubs that throw, named after the real ones so every import still links. The server,
 * its bundle and the tests use zod whole.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'lumara:zod-without-json-schema',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise answer first.
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(STUB_PREFIX)) return null;
      if (!/[\\/]zod[\\/]/.test(importer) || !/json-schema/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !JSON_SCHEMA_MODULES.test(resolved.id)) return null;
      return `${STUB_PREFIX}${resolved.id}`;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const realPath = id.slice(STUB_PREFIX.length);
      const real = readFileSync(realPath, 'utf8');
      const names = [
        ...real.matchAll(/^export (?:const|function) (\w+)/gm),
        ...real.matchAll(/^export \{ \w+ as (\w+) \}/gm),
      ].map((match) => match[1] ?? '');
      const stubs = names.map((name) =>
        KEPT.has(name)
          ? `export { ${name} } from ${JSON.stringify(realPath)};`
          : // `create…Method` is called as a schema's `~standard` is read; the method it makes is what would convert.
            name.startsWith('create')
            ? `export const ${name} = () => unavailable;`
            : `export const ${name} = unavailable;`,
      );
      return [
        'function unavailable() {',
        "  throw new Error('zod JSON Schema output is not in the browser bundle (scripts/zod-without-json-schema.ts)');",
        '}',
        ...stubs,
      ].join('\n');
    },
  };
}
