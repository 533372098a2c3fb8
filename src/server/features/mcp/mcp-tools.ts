import type { AgentToolName } from '#shared/agent-tools.ts';
import type { TokenScope } from '#shared/tokens.ts';

/**
 * Which of the agent tools an outside agent may call, by the scopes its token holds: reading needs the read
 * scope of what is read, writing the write scope. `draft_post` is the studio's alone: it opens the community
 * editor in the member's own browser, which an outside agent has not got.
 */
const SCOPE_OF_TOOL: Partial<Record<AgentToolName, TokenScope>> = {
  list_tasks: 'tasks:read',
  search: 'tasks:read',
  get_calendar: 'calendar:read',
  get_focus_stats: 'focus:read',
  create_task: 'tasks:write',
  update_task: 'tasks:write',
  complete_task: 'tasks:write',
  delete_task: 'tasks:write',
  start_focus: 'focus:write',
};

/** The tools a token with these scopes may list and call, in the catalogue's order. */
export function mcpToolNames(scopes: readonly TokenScope[]): AgentToolName[] {
  return (Object.entries(SCOPE_OF_TOOL) as [AgentToolName, TokenScope][])
    .filter(([, scope]) => scopes.includes(scope))
    .map(([name]) => name);
}
