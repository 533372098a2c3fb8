import type { OpenAPIHono } from '@hono/zod-openapi';
import { TOKEN_SECURITY } from '#server/lib/http/api-route.ts';
import { errorStatusByCode } from '#shared/error-codes.ts';
import { TOKEN_PREFIX } from '#shared/tokens.ts';

/** The router every route was declared on, as far as the document needs it. */
export type DeclaredApi = Pick<OpenAPIHono, 'openAPIRegistry' | 'getOpenAPI31Document'>;
type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

const errorTable = Object.entries(errorStatusByCode)
  .map(([code, status]) => `| \`${code}\` | ${status} |`)
  .join('\n');

/**
 * The OpenAPI 3.1 document of every route, generated from the routes' declarations (api-route.ts), never
 * written by hand. Built once, at the first request, when every route has been declared.
 */
/** The contract's own version: it changes when a change would break an existing client. */
const API_VERSION = '1.0.0';

export function createOpenApiDocument(api: DeclaredApi): () => OpenApiDocument {
  api.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'lumara_session',
    description:
      "The session cookie set by signing in (`POST /api/sessions`). Over https it is named `__Host-lumara_session`. Writes must come from the app's own origin: a foreign `Origin` or `Sec-Fetch-Site: cross-site` is refused with 403, and a request with a body must send it as `application/json` (415 otherwise).",
  });
  api.openAPIRegistry.registerComponent('securitySchemes', TOKEN_SECURITY, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `personal access token (${TOKEN_PREFIX}…)`,
    description:
      'A personal access token (`lum_…`, made in Settings → Connected apps or with `POST /api/tokens`), sent as `Authorization: Bearer lum_…`. A route takes one only where its `accessToken` security lists a scope, and only a token holding one of those scopes (else 403 `insufficient_scope`); an unknown, revoked or expired token is 401. With a bearer the session cookie is not read, and no Origin or Fetch Metadata check applies.',
  });
  let document: OpenApiDocument | undefined;
  return () => {
    document ??= api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Lumara API',
        version: API_VERSION,
        description: `The API Lumara's own pages use, for members who script Lumara. Flows, live events and limits are described in docs/api.md.\n\nEvery failure answers \`{"error": {"code", "message", "fields"?}}\`; \`fields\` names the failing inputs of a 400. The codes and their statuses:\n\n| code | status |\n| --- | --- |\n${errorTable}`,
      },
      // Relative: the server that served this document, whatever origin it is reached at (the paths start /api).
      servers: [{ url: '/', description: 'The Lumara server this document came from' }],
    });
    return document;
  };
}
