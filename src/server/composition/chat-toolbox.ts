import type { Db } from '#server/db/database.ts';
import { agentToolDefinitions } from '#server/features/agent-tools/agent-tool-definitions.ts';
import { issuesText, runReadTool } from '#server/features/agent-tools/read-tools.ts';
import type { ChatToolbox, ChatToolboxFor } from '#server/features/chat/chat-agent-turns.ts';
import { PROPOSED_NOTE } from '#server/features/chat/chat-agent-turns.ts';
import { inLanguage } from '#server/lib/http/request-language.ts';
import { agentToolArgsSchemas, readToolNames, writeToolNames } from '#shared/agent-tools.ts';

/** Every agent tool, read and write, as a chat reply offers them. */
const CHAT_TOOLS = [...readToolNames, ...writeToolNames] as const;

/**
 * The chat's toolbox, from the agent-tools feature: the model is offered every agent tool; read tools run at once
 * on the member's own rows (in the member's language, the browser's zone when the profile names none); a write
 * call whose arguments do not fit its tool is answered with the reasons (so the model can call again) and left
 * out of the proposal, and one that fits is collected for it. Whether it names the member's own live task is
 * checked when the proposal is made (a change that cannot be made is kept `valid: false`), not here.
 */
export function createChatToolbox(deps: { db: Db; now: () => Date }): ChatToolboxFor {
  const definitions = agentToolDefinitions(CHAT_TOOLS);
  return ({ language, timeZone }): ChatToolbox => ({
    definitions,
    runRead: (memberId, name, args) => runReadTool(deps, { memberId, name, args, language, timeZone }),
    checkWrite: async (_memberId, name, args) => {
      const parsed = inLanguage(language, () => agentToolArgsSchemas[name].safeParse(args));
      if (parsed.success) return { ok: true, content: PROPOSED_NOTE };
      return {
        ok: false,
        content: JSON.stringify({
          error: `Not proposed: ${inLanguage(language, () => issuesText(parsed.error))}. Call the tool again with correct arguments.`,
        }),
      };
    },
  });
}
