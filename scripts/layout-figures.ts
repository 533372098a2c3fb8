/**
 * `node scripts/layout-figures.ts`: prints how the tree keeps its layers (docs/architecture.md), the figures
 * issue 15 tracks: feature names present on all three sides, imports that point up a layer, and imports from
 * one server feature into another. Reads files as text; asserts nothing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function folderNames(dir: string): Set<string> {
  return new Set(readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isDirectory()));
}

/** Layers from the top (0) down; a file belongs to the first that matches. */
const layers: { name: string; test: (relative: string) => boolean }[] = [
  { name: 'server main', test: (f) => f === 'server/main.ts' || f === 'server/http-server.ts' },
  { name: 'server app', test: (f) => f === 'server/app.ts' },
  { name: 'server composition', test: (f) => f.startsWith('server/composition/') },
  { name: 'server features', test: (f) => f.startsWith('server/features/') },
  { name: 'server providers', test: (f) => f.startsWith('server/providers/') },
  { name: 'server lib', test: (f) => f.startsWith('server/lib/') || f.startsWith('server/db/') },
  { name: 'web app', test: (f) => f.startsWith('web/app/') || f === 'web/main.tsx' },
  { name: 'web features', test: (f) => f.startsWith('web/features/') },
  { name: 'web ui', test: (f) => f.startsWith('web/ui/') },
  { name: 'web lib', test: (f) => f.startsWith('web/lib/') },
  { name: 'shared', test: (f) => f.startsWith('shared/') },
];
const rank = (relative: string) => layers.findIndex((layer) => layer.test(relative));

/** What an import specifier names, relative to src/, or undefined for a package. */
function target(fromFile: string, specifier: string): string | undefined {
  const alias = /^#(shared|server|web)\/(.*)$/.exec(specifier);
  if (alias) return `${alias[1]}/${alias[2]}`;
  if (specifier.startsWith('.')) return path.relative(src, path.resolve(path.dirname(fromFile), specifier));
  return undefined;
}

const featureOf = (relative: string) => /^server\/features\/([^/]+)\//.exec(relative)?.[1];

let upward = 0;
const crossFeature = new Set<string>();
const upwardExamples: string[] = [];
for (const file of filesUnder(src)) {
  if (/\.test\.tsx?$/.test(file)) continue;
  const from = path.relative(src, file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
    const to = target(file, match[1] as string);
    if (!to) continue;
    const typeOnly = /^\s*import\s+type\s/.test(match[0]);
    const fromRank = rank(from);
    const toRank = rank(to);
    if (fromRank >= 0 && toRank >= 0 && toRank < fromRank && !typeOnly) {
      upward += 1;
      if (upwardExamples.length < 12) upwardExamples.push(`${from} → ${to}`);
    }
    const a = featureOf(from);
    const b = featureOf(to);
    if (a && b && a !== b) crossFeature.add(`${a} → ${b}`);
  }
}

const sharedNames = new Set(
  readdirSync(path.join(src, 'shared'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => name.replace(/\.ts$/, '')),
);
const serverNames = folderNames(path.join(src, 'server/features'));
const webNames = folderNames(path.join(src, 'web/features'));
const allNames = new Set([...sharedNames, ...serverNames, ...webNames]);
const onAllSides = [...allNames].filter((n) => sharedNames.has(n) && serverNames.has(n) && webNames.has(n));

/**
 * Why a name is not on all three sides, where that is by design (docs/architecture.md). Anything else missing a
 * side is printed as such: it is the figure to bring down.
 */
const notAFeature: Record<string, string> = {
  api: 'shared foundation: the OpenAPI names every side uses',
  constants: 'shared foundation: app-wide spec constants',
  errors: 'shared foundation: the one error body',
  'error-codes':
    'shared foundation: the error codes and statuses, apart from their schema (no zod on first load)',
  'row-id': 'shared foundation: the id every path parameter reads',
  'time-zone': 'shared foundation: the IANA zone name every dated read takes',
  embeds: 'shared foundation: reading pasted links and embed code (widgets and music)',
  health: 'no page: the load balancer reads it',
  'api-docs': 'no feature page: the server serves the reference page, settings links it',
  shortcuts: 'the browser only: keys for what other features do, kept in this browser',
  events: "the browser's listener applies events to the community's caches, so it lives in community",
};
const features = new Set([...serverNames, ...webNames]);
const partOf = (name: string) => [...features].find((feature) => name.startsWith(`${feature}-`));

const linesOf = (file: string) => readFileSync(path.join(root, file), 'utf8').trimEnd().split('\n').length;

console.log(
  `feature names on all three sides: ${onAllSides.length} of ${allNames.size} (${onAllSides.join(', ')})`,
);
for (const name of [...allNames].filter((n) => !onAllSides.includes(n)).sort()) {
  const sides = [
    sharedNames.has(name) && 'shared',
    serverNames.has(name) && 'server',
    webNames.has(name) && 'web',
  ]
    .filter(Boolean)
    .join('+');
  const part = sharedNames.has(name) ? partOf(name) : undefined;
  const why = notAFeature[name] ?? (part ? `part of ${part}'s contract` : 'MISSING A SIDE');
  console.log(`  ${name} (${sides}): ${why}`);
}
console.log(`imports that point up a layer (type-only ones aside): ${upward}`);
for (const example of upwardExamples) console.log(`  ${example}`);
console.log(`server features importing another feature: ${crossFeature.size} edges`);
console.log(
  `biome.json: ${linesOf('biome.json')} lines (its lint zones, biome.zones.json, are generated by scripts/lint-zones.ts: ${linesOf('biome.zones.json')} lines)`,
);
