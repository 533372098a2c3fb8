import { readFileSync } from 'node:fs';

/**
 * The API reference page at /api/docs: Scalar's standalone bundle, served from the installed package (no CDN
 * is reachable, and the page keeps the app's `script-src 'self'`). The bundle finds its configuration on the
 * empty `#api-reference` element, so the page needs no inline script.
 */
export const REFERENCE_SCRIPT_PATH = '/api/docs/reference.js';

export function referencePageHtml(documentPath: string): string {
  const configuration = JSON.stringify({ withDefaultFonts: false, hideClientButton: true });
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
  scriptText ??= readFileSync(
    new URL('./browser/standalone.js', import.meta.resolve('@scalar/api-reference')),
    'utf8',
  );
  return scriptText;
}
