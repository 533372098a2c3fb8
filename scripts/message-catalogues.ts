import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const SRC = path.resolve(import.meta.dirname, '../src');
const WEB = path.join(SRC, 'web');
/** Texts shared schemas and parsers write (a form's reason, a refused link): shown by the browser and the server. */
export const SHARED_MESSAGES = path.join(SRC, 'shared/messages');
/** Texts only the server says (its errors): never sent to the browser, which shows them as the server wrote them. */
export const SERVER_MESSAGES = path.join(SRC, 'server/messages');
const VIRTUAL_PREFIX = 'virtual:lumara-messages/';
const RESOLVED_PREFIX = '\0lumara-messages:';

export type Catalogue = Record<string, string>;

/**
 * Which texts a catalogue holds: the web app's own (`interface`), the shared schemas' (`shared`), both (`web`: what
 * the browser may show), the shared ones and the server's (`server`), or every text (`all`, for the check).
 */
export type CatalogueScope = 'interface' | 'shared' | 'web' | 'server' | 'all';

/**
 * Every folder that keeps texts: `messages/<language>.json` beside the code that shows them (a web feature's own,
 * the app shell's, the shared ui's; the shared schemas'; the server's), each a flat object of key → ICU message.
 * Keys start with their feature's name (`tasks.…`; `shared.…` and `server.…` for the last two), so a language's
 * files merge into one catalogue without clashes.
 */
export async function messageFolders(scope: CatalogueScope = 'web'): Promise<string[]> {
  const entries = await readdir(WEB, { recursive: true, withFileTypes: true });
  const web = entries
    .filter((entry) => entry.isDirectory() && entry.name === 'messages')
    .map((entry) => path.join(entry.parentPath, entry.name));
  const folders = {
    interface: web,
    shared: [SHARED_MESSAGES],
    web: [...web, SHARED_MESSAGES],
    server: [SHARED_MESSAGES, SERVER_MESSAGES],
    all: [...web, SHARED_MESSAGES, SERVER_MESSAGES],
  }[scope];
  return folders.sort();
}

/** One language's catalogue: every folder's file merged; a key in two files is an error naming both. */
export async function readCatalogue(
  language: string,
  scope: CatalogueScope = 'web',
): Promise<{ catalogue: Catalogue; files: string[] }> {
  const catalogue: Catalogue = {};
  const origin = new Map<string, string>();
  const files: string[] = [];
  for (const folder of await messageFolders(scope)) {
    const file = path.join(folder, `${language}.json`);
    files.push(file);
    const part = JSON.parse(await readFile(file, 'utf8')) as Catalogue;
    for (const [key, message] of Object.entries(part)) {
      const earlier = origin.get(key);
      if (earlier) throw new Error(`The message key "${key}" is in both ${earlier} and ${file}`);
      origin.set(key, file);
      catalogue[key] = message;
    }
  }
  return { catalogue, files };
}

/**
 * The parts of the app that load their own texts (decision 0043): the entry (what main.tsx loads before the first
 * paint: the sign-in pages, the error page), and each page the router loads lazily (src/web/app/router.tsx), by the
 * module it imports. `within` names what is already loaded when it renders (the app shell for its pages).
 */
export const TEXT_ROUTES = {
  entry: { module: 'main.tsx', within: [] },
  shell: { module: 'app/shell/app-shell.tsx', within: ['entry'] },
  notFound: { module: 'app/not-found-page.tsx', within: ['entry', 'shell'] },
  devSignIn: { module: 'features/auth/components/dev-sign-in-page.tsx', within: ['entry'] },
  dashboard: { module: 'app/pages/dashboard-page.tsx', within: ['entry', 'shell'] },
  focus: { module: 'app/pages/focus-page.tsx', within: ['entry', 'shell'] },
  insights: { module: 'app/pages/insights-page.tsx', within: ['entry', 'shell'] },
  studio: { module: 'app/pages/studio/components/studio-page.tsx', within: ['entry', 'shell'] },
  community: { module: 'features/community/components/community-page.tsx', within: ['entry', 'shell'] },
  music: { module: 'features/music/components/music-page.tsx', within: ['entry', 'shell'] },
  settings: { module: 'app/pages/settings-page.tsx', within: ['entry', 'shell'] },
} as const satisfies Record<string, { module: string; within: readonly string[] }>;
export type TextRoute = keyof typeof TEXT_ROUTES;

const IMPORT_SPECIFIERS = [
  /(?:^|[;\s])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
  /(?:^|[;\s])import\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** A web module's import, as a file path; null for a package, a virtual module or a shared one (no interface texts). */
function resolveImport(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('#web/')) target = path.join(WEB, specifier.slice(5));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else return null;
  return target.startsWith(WEB) && /\.tsx?$/.test(target) && !target.endsWith('.gen.ts') ? target : null;
}

/**
 * The keys of the interface texts a module and everything it imports (statically or lazily) name, not following
 * into another part that loads its own texts. Keys are whole string literals (they are typed: message-keys.gen.ts;
 * the build's short ids rely on it too), so reading the source finds every one.
 */
async function keysUsedFrom(
  module: string,
  keys: ReadonlySet<string>,
  stopAt: ReadonlySet<string>,
  read: (file: string) => Promise<string>,
): Promise<{ used: Set<string>; files: string[] }> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const queue = [module];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await read(file);
    for (const match of code.matchAll(KEY_LITERAL)) {
      const key = match[2] ?? '';
      if (keys.has(key)) used.add(key);
    }
    for (const pattern of IMPORT_SPECIFIERS) {
      for (const match of code.matchAll(pattern)) {
        // A type-only import brings no code, and the generated list of every key (message-keys.gen.ts) no text.
        if (/^[;\s]*(?:import|export)\s+type\s/.test(match[0])) continue;
        const target = resolveImport(file, match[1] ?? '');
        if (target && !stopAt.has(target) && !seen.has(target)) queue.push(target);
      }
    }
  }
  return { used, files: [...seen] };
}

/** Each part's own keys: what its code names, less what the parts it renders within have loaded already. */
export async function textRouteKeys(
  keys: ReadonlySet<string>,
  read: (file: string) => Promise<string> = (file) => readFile(file, 'utf8'),
): Promise<{ keys: Record<TextRoute, string[]>; files: string[] }> {
  const stopAt = new Set(Object.values(TEXT_ROUTES).map((route) => path.join(WEB, route.module)));
  const used = {} as Record<TextRoute, Set<string>>;
  const files = new Set<string>();
  for (const [name, route] of Object.entries(TEXT_ROUTES) as [TextRoute, (typeof TEXT_ROUTES)[TextRoute]][]) {
    const module = path.join(WEB, route.module);
    const others = new Set([...stopAt].filter((file) => file !== module));
    const found = await keysUsedFrom(module, keys, others, read);
    used[name] = found.used;
    for (const file of found.files) files.add(file);
  }
  const own = {} as Record<TextRoute, string[]>;
  for (const [name, route] of Object.entries(TEXT_ROUTES) as [TextRoute, (typeof TEXT_ROUTES)[TextRoute]][]) {
    const loaded = new Set(route.within.flatMap((within) => [...used[within as TextRoute]]));
    own[name] = [...used[name]].filter((key) => !loaded.has(key)).sort();
  }
  return { keys: own, files: [...files] };
}

/**
 * The interface's catalogues as virtual modules, their ICU messages compiled at build time into the form Lingui's
 * runtime interpolates (plurals, arguments, tags). The browser never parses ICU, so the parser stays out of the
 * bundle (decision 0027). An unparseable message fails the build, naming its key.
 * - `virtual:lumara-messages/<language>/route/<part>`: the texts one part of the app needs (TEXT_ROUTES: the
 *   entry, the shell, a page), loaded with it (decision 0043);
 * - `virtual:lumara-messages/routes`: `routeTexts`, each lazy part's loaders by language (src/web/app/router.tsx);
 * - `virtual:lumara-messages/shared/<language>`: the shared schemas' texts, apart: only the pages that show a
 *   schema's own reason load them (src/web/lib/i18n/shared-texts.ts);
 * - `virtual:lumara-messages/all/<language>`: every text the browser may show (the interface's and the shared
 *   ones) in one catalogue, for code that renders any page at once (a server render, the web tests).
 */
export function messageCatalogues(): Plugin {
  // In a production build every key becomes a short id (`tasks.board.dropHere` → `7f`), in the code and in the
  // catalogues alike: keys are for people reading the source, and each one is sent twice otherwise. Keys are
  // typed (message-keys.gen.ts), so every key in the code is a whole string literal the pattern below finds.
  let shortIds: Map<string, string> | null = null;
  // The web tests render components without the router's parts and load every text at the start
  // (tests/setup/web-test-env.ts): there, each part's loader gives that whole catalogue, already loaded.
  let everyTextPerPart = false;
  // Which keys each part loads: read once per build, again after a source file changes (the dev server).
  let routeKeys: ReturnType<typeof textRouteKeys> | null = null;
  const shipped = (catalogue: Catalogue, name: string) => {
    const compiled = compileCatalogue(catalogue, name);
    const ids = shortIds;
    const messages = ids
      ? Object.fromEntries(Object.entries(compiled).map(([key, message]) => [ids.get(key) ?? key, message]))
      : compiled;
    return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
  };
  return {
    name: 'lumara:message-catalogues',
    async configResolved(config) {
      everyTextPerPart = config.mode === 'test';
      if (config.command !== 'build' || config.mode === 'test') return;
      const { catalogue } = await readCatalogue('en', 'web');
      shortIds = new Map(
        Object.keys(catalogue)
          .sort()
          .map((key, index) => [key, index.toString(36)]),
      );
    },
    buildStart() {
      routeKeys = null;
    },
    watchChange() {
      routeKeys = null;
    },
    resolveId(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const name = id.slice(VIRTUAL_PREFIX.length);
      const route = /^[a-z]{2}\/route\/(\w+)$/.exec(name);
      const known =
        name === 'routes' || /^(shared|all)\/[a-z]{2}$/.test(name) || (route?.[1] ?? '') in TEXT_ROUTES;
      if (!known) throw new Error(`No message catalogue for "${name}"`);
      return `${RESOLVED_PREFIX}${name}`;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const name = id.slice(RESOLVED_PREFIX.length);
      if (name === 'routes') {
        const spoken = languagesOf(await readdir(path.join(WEB, 'app/messages')));
        // The entry's own texts are imported by the translator itself (src/web/lib/i18n/i18n.ts, spanish-bundle.ts).
        const parts = Object.keys(TEXT_ROUTES).filter((route) => route !== 'entry');
        const entries = parts.map((route) => {
          const loaders = spoken.map((language) => {
            const catalogue = everyTextPerPart ? `all/${language}` : `${language}/route/${route}`;
            return `${language}: () => import('${VIRTUAL_PREFIX}${catalogue}')`;
          });
          return `  ${route}: { ${loaders.join(', ')} },`;
        });
        return `export const routeTexts = {\n${entries.join('\n')}\n};`;
      }
      const route = /^([a-z]{2})\/route\/(\w+)$/.exec(name);
      if (route) {
        const [, language = '', part = ''] = route;
        routeKeys ??= readCatalogue('en', 'interface').then(({ catalogue }) =>
          textRouteKeys(new Set(Object.keys(catalogue))),
        );
        const { keys, files } = await routeKeys;
        for (const file of files) this.addWatchFile(file);
        const wanted = new Set(keys[part as TextRoute]);
        const { catalogue, files: catalogueFiles } = await readCatalogue(language, 'interface');
        for (const file of catalogueFiles) this.addWatchFile(file);
        const own = Object.fromEntries(Object.entries(catalogue).filter(([key]) => wanted.has(key)));
        return shipped(own, `${language}.json`);
      }
      const [scope, language] = name.startsWith('shared/')
        ? (['shared', name.slice(7)] as const)
        : (['web', name.slice(4)] as const);
      const { catalogue, files } = await readCatalogue(language, scope);
      for (const file of files) this.addWatchFile(file);
      return shipped(catalogue, `${language}.json`);
    },
    transform(code, id) {
      const ids = shortIds;
      // The shared schemas name their texts by key too (#shared/texts.ts), and run in the browser.
      if (!ids || !/\/src\/(web|shared)\//.test(id) || id.includes('/messages/')) return null;
      let changed = false;
      const shortened = code.replace(KEY_LITERAL, (literal, quote: string, key: string) => {
        const short = ids.get(key);
        if (short === undefined) return literal;
        changed = true;
        return `${quote}${short}${quote}`;
      });
      return changed ? { code: shortened, map: null } : null;
    },
  };
}

/** The languages a messages folder holds a file for (`en.json` → `en`). */
function languagesOf(files: string[]): string[] {
  return files.flatMap((file) => /^([a-z]{2})\.json$/.exec(file)?.[1] ?? []).sort();
}

/** A string literal that may be a message key: `'feature.area.name'`, in any quotes. */
const KEY_LITERAL = /(["'`])([a-z][\w-]*(?:\.[\w-]+)+)\1/g;

/** Every message of a catalogue, compiled; a message that does not parse throws with its key. */
export function compileCatalogue(catalogue: Catalogue, name: string) {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, message]) => {
      try {
        return [key, compileMessage(message)];
      } catch (error) {
        throw new Error(`${name}: the message "${key}" is not valid ICU: ${(error as Error).message}`);
      }
    }),
  );
}
