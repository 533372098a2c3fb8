import { readFileSync } from 'node:fs';

/**
 * The API reference page at /api/docs: Scalar's standalone bundle, served from the installed package (no CDN
 * is reachable, and the page keeps the app's `script-src 'self'`). The bundle finds its configuration on the
 * empty `#api-reference` element, so the page needs no inline script.
 */
export const REFERENCE_SCRIPT_PATH = '/api/docs/reference.js';

export function referencePageHtml(documentPath: string): string {
  // Nothing leaves the app: no web fonts, no telemetry, no hosted AI agent or request proxy (the CSP would refuse
  // them anyway); "Try it" requests go straight to this origin with the member's own cookie.
  const configuration = JSON.stringify({
    withDefaultFonts: false,
    hideClientButton: true,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: 'never',
  });
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Lumara API reference</title>
  </head>
  <body>
    <script id="api-reference" data-url="${documentPath}" data-configuration='${configuration}'></script>
    <script src="${REFERENCE_SCRIPT_PATH}"></script>
  </body>
</html>
`;
}

let scriptText: string | undefined;

/** Read at the first request for it and kept: 4 MB that never changes while the process runs. */
export function referenceScript(): string {
  // The bundle's zod would probe for eval (`Function('')`), which the CSP refuses and reports; told to run
  // without it first, as the app's own zod is (src/web/lib/zod-without-eval.ts).
  scriptText ??= `globalThis.__zod_globalConfig = { jitless: true };\n${readFileSync(
    new URL('./browser/standalone.js', import.meta.resolve('@scalar/api-reference')),
    'utf8',
  )}`;
  return scriptText;
}
