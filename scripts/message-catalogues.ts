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
 * `import { messages } from 'virtual:lumara-messages/es'`: the interface's Spanish catalogue, its ICU messages
 * compiled at build time into the form Lingui's runtime interpolates (plurals, arguments, tags). The browser never
 * parses ICU, so the parser stays out of the bundle (decision 0027). An unparseable message fails the build, naming
 * its key. `virtual:lumara-messages/shared/es` is the shared schemas' texts, apart: only the pages that show a
 * schema's own reason load them (src/web/lib/i18n/shared-texts.ts), so the first load does not carry them.
 */
export function messageCatalogues(): Plugin {
  // In a production build every key becomes a short id (`tasks.board.dropHere` → `7f`), in the code and in the
  // catalogues alike: keys are for people reading the source, and each one is sent twice otherwise. Keys are
  // typed (message-keys.gen.ts), so every key in the code is a whole string literal the pattern below finds.
  let shortIds: Map<string, string> | null = null;
  return {
    name: 'lumara:message-catalogues',
    async configResolved(config) {
      if (config.command !== 'build' || config.mode === 'test') return;
      const { catalogue } = await readCatalogue('en', 'web');
      shortIds = new Map(
        Object.keys(catalogue)
          .sort()
          .map((key, index) => [key, index.toString(36)]),
      );
    },
    resolveId(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const name = id.slice(VIRTUAL_PREFIX.length);
      if (!/^(shared\/)?[a-z]{2}$/.test(name)) throw new Error(`No message catalogue for "${name}"`);
      return `${RESOLVED_PREFIX}${name}`;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const name = id.slice(RESOLVED_PREFIX.length);
      const [scope, language] = name.startsWith('shared/')
        ? (['shared', name.slice(7)] as const)
        : (['interface', name] as const);
      const { catalogue, files } = await readCatalogue(language, scope);
      for (const file of files) this.addWatchFile(file);
      const compiled = compileCatalogue(catalogue, `${language}.json`);
      const ids = shortIds;
      const shipped = ids
        ? Object.fromEntries(Object.entries(compiled).map(([key, message]) => [ids.get(key) ?? key, message]))
        : compiled;
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(shipped))});`;
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
