import type { Db } from '#server/db/database.ts';
import { agentToolDefinitions } from '#server/features/agent-tools/agent-tool-definitions.ts';
import { runWriteToolNow } from '#server/features/agent-tools/chat-proposals.ts';
import { runReadTool } from '#server/features/agent-tools/read-tools.ts';
import type { McpCaller } from '#server/features/mcp/mcp-server.ts';
import { recordTokenCall } from '#server/features/tokens/tokens.service.ts';
import type { SessionMember } from '#server/lib/http/app-env.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { Language } from '#shared/language.ts';

type TokenMember = SessionMember & { accessToken: NonNullable<SessionMember['accessToken']> };

/**
 * The MCP server's view of Lumara for one token's member: the agent tools the studio's AI uses (read at once,
 * writes applied at once: the outside client asked its own user), each call recorded for Settings → Connected
 * apps. Writes tell the member's open pages, as the task routes do.
 */
export function mcpCallerFor(deps: { db: Db; events: EventBus; now: () => Date; logger: Logger }) {
  return (member: TokenMember, language: Language): McpCaller => {
    const memberId = member.user.id;
    return {
      memberId,
      tokenId: member.accessToken.id,
      scopes: member.accessToken.scopes,
      language,
      listings: (names) =>
        agentToolDefinitions(names).map((tool) => ({
          name: tool.name,
          description: tool.description,
          inputSchema: tool.parameters,
        })),
      runRead: (name, args) => runReadTool(deps, { memberId, name, args, language }),
      runWrite: (name, args) => runWriteToolNow(deps, { memberId, name, args, language }),
      record: (tool, outcome) =>
        recordTokenCall(deps.db, {
          tokenId: member.accessToken.id,
          userId: memberId,
          tool,
          ok: outcome.ok,
          result: outcome.content,
          now: deps.now(),
        }),
      logger: deps.logger,
    };
  };
}
