import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogue, TEXT_ROUTES, textRouteKeys } from '../../scripts/message-catalogues.ts';

const WEB = path.resolve(import.meta.dirname, '../../src/web');
const KEY = /(["'`])([a-z][\w-]*(?:\.[\w-]+)+)\1/g;

/** Each part of the app loads the texts its code names (decision 0043). */
describe('texts by part', async () => {
  const { catalogue } = await readCatalogue('en', 'interface');
  const keys = new Set(Object.keys(catalogue));
  const { keys: parts } = await textRouteKeys(keys);

  it('gives every key the browser app names to a part (the push worker is built apart)', async () => {
    const files = (await readdir(WEB, { recursive: true })).filter(
      (file) =>
        /\.tsx?$/.test(file) &&
        !/\.test\.tsx?$/.test(file) &&
        !file.endsWith('.gen.ts') &&
        !file.includes(path.join('notifications', 'worker')),
    );
    const named = new Set<string>();
    for (const file of files) {
      for (const match of (await readFile(path.join(WEB, file), 'utf8')).matchAll(KEY)) {
        if (keys.has(match[2] ?? '')) named.add(match[2] ?? '');
      }
    }
    const inParts = new Set(Object.values(parts).flat());
    expect([...named].filter((key) => !inParts.has(key))).toEqual([]);
  });

  it('loads no key twice: a page has none its entry or shell loads', () => {
    for (const [name, route] of Object.entries(TEXT_ROUTES)) {
      const loadedBefore = new Set(route.within.flatMap((within) => parts[within as keyof typeof parts]));
      expect(
        parts[name as keyof typeof parts].filter((key) => loadedBefore.has(key)),
        name,
      ).toEqual([]);
    }
    expect(parts.entry).toContain('auth.login.title');
    expect(parts.dashboard).toContain('tasks.board.dropHere');
    expect(parts.shell).not.toContain('tasks.board.dropHere');
  });
});
