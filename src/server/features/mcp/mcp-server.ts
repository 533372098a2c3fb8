import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '#server/lib/infra/logger.ts';
import { type AgentToolName, isWriteTool } from '#shared/agent-tools.ts';
import type { Language } from '#shared/language.ts';
import type { TokenScope } from '#shared/tokens.ts';
import { mcpToolNames } from './mcp-tools.ts';

/** What a tool call answers: compact JSON text, or (`ok` false) why it was refused, in the member's words. */
export type McpToolOutcome = { ok: boolean; content: string };

/** One tool the agent is told of: its name, what it does, and its arguments as a JSON Schema object. */
export type McpToolListing = {
  name: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
};

/**
 * What the MCP server needs of the rest of Lumara, for the token's member (the app composes it from the
 * agent-tools and tokens features): the tools' listings, running a read or a write, and the call log.
 */
export type McpCaller = {
  memberId: number;
  tokenId: number;
  scopes: readonly TokenScope[];
  language: Language;
  listings(names: readonly AgentToolName[]): McpToolListing[];
  runRead(name: string, args: unknown): Promise<McpToolOutcome>;
  runWrite(name: string, args: unknown): Promise<McpToolOutcome>;
  /** Settings → Connected apps lists each call with its time and result. */
  record(tool: string, outcome: McpToolOutcome): Promise<void>;
  logger: Logger;
};

export const MCP_SERVER_INFO = { name: 'lumara', version: '1.0.0' } as const;

/**
 * A Model Context Protocol server for one request of one token (stateless: any of N servers answers any request,
 * and nothing is kept between them). `tools/list` lists what the token's scopes allow; `tools/call` runs it for
 * the token's member and records the call. Every failure is a tool error with a text (`isError`), never a
 * protocol failure or a 5xx: a tool the scopes do not allow, bad arguments, a refused change, a fault.
 */
export function buildMcpServer(caller: McpCaller): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      "Lumara: the member's tasks, calendar and focus timer. Dates are YYYY-MM-DD in the member's time zone. " +
      'Write tools change the member’s data at once: confirm with your user before calling them.',
  });
  const names = mcpToolNames(caller.scopes);
  const allowed = new Set<string>(names);

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: caller.listings(names) }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = request.params;
    let outcome: McpToolOutcome;
    if (!allowed.has(name)) {
      outcome = {
        ok: false,
        content: `The tool ${name} is not one this token may use (its scopes: ${caller.scopes.join(', ')}).`,
      };
    } else {
      try {
        outcome = isWriteTool(name) ? await caller.runWrite(name, args) : await caller.runRead(name, args);
      } catch (error) {
        caller.logger.error(
          {
            err:
              error instanceof Error
                ? { name: error.name, message: error.message, stack: error.stack }
                : error,
            tool: name,
          },
          'MCP tool call failed',
        );
        outcome = { ok: false, content: 'Lumara could not do this just now. Try again in a moment.' };
      }
    }
    try {
      await caller.record(name, outcome);
    } catch (error) {
      caller.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'MCP call not recorded',
      );
    }
    return { content: [{ type: 'text', text: outcome.content }], isError: !outcome.ok };
  });
  return server;
}
