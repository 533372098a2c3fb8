import type { Proposal, ProposalChange, ProposalResult } from '#shared/agent-tools.ts';
import type { Formatters } from '#web/lib/i18n/format.ts';
import type { MessageKey, Translate } from '#web/lib/i18n/use-t.ts';

/** The machine keys a change's `fields` name, in the member's words. */
const fieldLabels: Record<string, MessageKey> = {
  title: 'chat.proposal.field.title',
  status: 'chat.proposal.field.status',
  due_date: 'chat.proposal.field.dueDate',
  due_time: 'chat.proposal.field.dueTime',
  labels: 'chat.proposal.field.labels',
  repeat: 'chat.proposal.field.repeat',
  notes: 'chat.proposal.field.notes',
  focus_minutes: 'chat.proposal.field.focusMinutes',
};

const statusLabels: Record<string, MessageKey> = {
  todo: 'chat.proposal.taskStatus.todo',
  doing: 'chat.proposal.taskStatus.doing',
  done: 'chat.proposal.taskStatus.done',
};

/** The tools the model reads with, as the live line under the reply says them ("Reading your tasks…"). */
const toolLabels: Record<string, MessageKey> = {
  list_tasks: 'chat.tool.listTasks',
  get_calendar: 'chat.tool.getCalendar',
  get_focus_stats: 'chat.tool.getFocusStats',
  search: 'chat.tool.search',
};

/** Notes can be long: the card shows their start. */
const VALUE_CHARS = 80;

export function fieldLabel(t: Translate, field: string): string {
  const key = fieldLabels[field];
  return key ? t(key) : field;
}

/** One value of a field as the member reads it: days and times in their language, statuses translated. */
export function fieldValue(t: Translate, format: Formatters, field: string, value: string | null): string {
  if (value === null || value === '') return t('chat.proposal.none');
  if (field === 'due_date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar day, not an instant: read and written in UTC so no time zone moves it.
    return format.date(`${value}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
  }
  if (field === 'due_time' && /^\d{2}:\d{2}$/.test(value)) {
    return format.date(`1970-01-01T${value}:00Z`, { timeStyle: 'short', timeZone: 'UTC' });
  }
  if (field === 'status') {
    const key = statusLabels[value];
    return key ? t(key) : value;
  }
  if (field === 'focus_minutes' && /^\d+$/.test(value)) {
    return t('chat.proposal.minutes', { count: Number(value) });
  }
  const chars = Array.from(value);
  return chars.length > VALUE_CHARS ? `${chars.slice(0, VALUE_CHARS).join('')}…` : value;
}

export function toolStatusText(t: Translate, tool: string): string {
  const key = toolLabels[tool];
  return key ? t(key) : t('chat.tool.other');
}

export function validChanges(proposal: Proposal): ProposalChange[] {
  return proposal.changes.filter((change) => change.valid);
}

/**
 * Where each draft post of an applied proposal opens: the apply's results say it; after a reload (no results)
 * the same link is made from the change's words, as the server makes it (`/community?draft_title=…&draft_body=…`).
 */
export function draftLinks(proposal: Proposal, results: readonly ProposalResult[] | null): string[] {
  if (proposal.status !== 'applied') return [];
  const urls = results
    ? results.flatMap((result) => (result.tool === 'draft_post' && result.url ? [result.url] : []))
    : validChanges(proposal).flatMap((change) => {
        const { title, body } = change.args;
        if (change.tool !== 'draft_post' || typeof title !== 'string' || typeof body !== 'string') return [];
        return [`/community?${new URLSearchParams({ draft_title: title, draft_body: body }).toString()}`];
      });
  // Only the app's own pages: a link elsewhere is not what a draft is.
  return urls.filter((url) => url.startsWith('/') && !url.startsWith('//'));
}

/** Undo is offered until `undo_until` (24 hours after the apply). */
export function canUndo(proposal: Proposal, now: number): boolean {
  return (
    proposal.status === 'applied' && proposal.undo_until !== null && Date.parse(proposal.undo_until) > now
  );
}
