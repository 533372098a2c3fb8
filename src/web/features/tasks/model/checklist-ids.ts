import type { ChecklistInput, ChecklistItem } from '#shared/tasks.ts';

/*
 * What the task list itself needs of checklists (the editor's changes are in checklist.ts, loaded with it): the
 * temporary ids of items shown before the server has answered, and a checklist's progress.
 */

/** Items shown before the server has answered carry an id of this form: never sent, the server gives its own. */
const TEMPORARY_PREFIX = 'tmp-';

let nextKey = 0;
/** A key no other item on the page has. */
export function newItemKey(): string {
  nextKey += 1;
  return `${TEMPORARY_PREFIX}${nextKey}`;
}

export function isTemporaryItemId(id: string): boolean {
  return id.startsWith(TEMPORARY_PREFIX);
}

/** What a request's checklist will be once saved, as shown before the answer (new items under a temporary id). */
export function predictedChecklist(items: ChecklistInput): ChecklistItem[] {
  return items.map((item) => ({ id: item.id ?? newItemKey(), text: item.text.trim(), done: item.done }));
}

export function checklistProgress(items: readonly { done: boolean }[]): { done: number; total: number } {
  return { done: items.filter((item) => item.done).length, total: items.length };
}
