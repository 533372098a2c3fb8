import path from 'node:path';
import type { Plugin } from 'vite';
import { TEXT_ROUTES } from './message-catalogues.ts';

const SRC = path.resolve(import.meta.dirname, '../src');
const WEB = path.join(SRC, 'web');
const SHELL = path.join(WEB, TEXT_ROUTES.shell.module);
const DASHBOARD = path.join(WEB, TEXT_ROUTES.dashboard.module);
/** The other lazy parts (pages) the router loads: what they share with the dashboard goes apart from it. */
const OTHER_PARTS = Object.entries(TEXT_ROUTES)
  .filter(([name]) => !['entry', 'shell', 'dashboard'].includes(name))
  .map(([, route]) => path.join(WEB, route.module));

type ModuleGraph = {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean } | null;
};

/** Every module `from` imports statically, itself included: what loads with it. */
function staticallyReached(graph: ModuleGraph, from: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (reached.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    reached.add(id);
    queue.push(...info.importedIds);
  }
  return reached;
}

/**
 * The dashboard's first load in few files (decision 0043). Left to itself the bundler cuts a chunk wherever two
 * lazy parts share modules, which made 20-odd files for the dashboard, each a request with its headers. Once the
 * module graph is known, four groups:
 * - `web`: everything the entry loads (main.tsx's static imports): one file with the entry;
 * - `app-shell`: everything the app shell adds, which every signed-in page has loaded;
 * - `pages-common`: what the dashboard page adds that other pages use too (the shared contract, zod, the task
 *   list's parts), so those pages do not load the dashboard;
 * - `dashboard-page`: the rest of the dashboard.
 * Lazy code (dialogs, the studio, dnd-kit, texts) keeps its own chunks, and Vite's modulepreload lists follow the
 * chunks as they come out.
 */
export function firstLoadChunks() {
  let sets: { entry: Set<string>; shell: Set<string>; dashboard: Set<string>; shared: Set<string> } | null =
    null;
  const plugin: Plugin = {
    name: 'lumara:first-load-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      const graph = this as unknown as ModuleGraph;
      const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
      const entry = staticallyReached(graph, entries);
      const shell = staticallyReached(graph, [SHELL]);
      const dashboard = staticallyReached(graph, [DASHBOARD]);
      const others = staticallyReached(graph, OTHER_PARTS);
      const shared = new Set([...dashboard].filter((id) => others.has(id)));
      sets = { entry, shell, dashboard, shared };
    },
  };
  const inGroup = (group: 'shell' | 'shared' | 'dashboard') => (id: string) => {
    if (!sets || !id.startsWith(SRC) || sets.entry.has(id)) return false;
    if (group === 'shell') return sets.shell.has(id);
    if (sets.shell.has(id)) return false;
    return group === 'shared' ? sets.shared.has(id) : sets.dashboard.has(id);
  };
  const groups = [
    { name: 'web', tags: ['$initial' as const], priority: 4 },
    { name: 'app-shell', test: inGroup('shell'), priority: 3 },
    { name: 'pages-common', test: inGroup('shared'), priority: 2 },
    { name: 'dashboard-page', test: inGroup('dashboard'), priority: 1 },
  ];
  return { plugin, groups };
}
