import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono } from 'hono';
import type { RequireMember } from '#server/lib/http/api-route.ts';
import type { AppEnv, SessionMember } from '#server/lib/http/app-env.ts';
import { AppError, errorBody } from '#server/lib/http/errors.ts';
import { requestLanguage, say } from '#server/lib/http/request-language.ts';
import type { Language } from '#shared/language.ts';
import { buildMcpServer, type McpCaller } from './mcp-server.ts';

/** The path outside agents are given (docs/api.md): Streamable HTTP, JSON-RPC in a POST. */
export const MCP_PATH = '/mcp';

/** A JSON-RPC message or batch is small: a larger body is refused (413) before it is parsed. */
const MCP_MAX_BODY_BYTES = 256 * 1024;

/**
 * `POST /mcp` (and `GET` and `DELETE`, answered 405 as the Streamable HTTP transport allows a server without
 * sessions), for a personal access token with the `mcp` scope only: a session cookie is not a token, and a token
 * without the scope is 403 `insufficient_scope` (require-member.ts). Stateless: each request builds its server
 * for the token's member, so any of N servers answers any request.
 */
export function createMcpRoutes(deps: {
  requireMember: RequireMember;
  callerFor: (
    member: SessionMember & { accessToken: NonNullable<SessionMember['accessToken']> },
    language: Language,
  ) => McpCaller;
}) {
  return new Hono<AppEnv>().on(
    ['GET', 'POST', 'DELETE'],
    MCP_PATH,
    deps.requireMember(['mcp']),
    async (c) => {
      const member = c.get('member');
      const accessToken = member.accessToken;
      if (!accessToken) {
        throw new AppError('unauthenticated', say('server.mcp.tokenNeeded'), {
          headers: { 'WWW-Authenticate': 'Bearer realm="lumara"' },
        });
      }
      // Stateless: there is no session to end and nothing the server would send unasked, so no stream to open.
      // The transport lets a server answer both with 405 (its clients then stay on POST).
      if (c.req.method !== 'POST') {
        c.header('Allow', 'POST');
        return c.json(errorBody('method_not_allowed', say('server.mcp.postOnly')), 405);
      }
      const server = buildMcpServer(deps.callerFor({ ...member, accessToken }, requestLanguage()));
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        maxRequestBodySize: MCP_MAX_BODY_BYTES,
      });
      await server.connect(transport);
      try {
        return await transport.handleRequest(c.req.raw);
      } finally {
        await server.close();
      }
    },
  );
}
