import { type ChecklistInput, type ChecklistItem, TASK_PLAN_LIMITS } from '#shared/tasks.ts';
import { isTemporaryItemId, newItemKey } from './checklist-ids.ts';

/*
 * A task's checklist as the editor holds it, and the changes a member makes to it: add, check, edit, move, remove.
 * Pure: each takes the list and answers a new one.
 */

/** An item being edited: `key` names it on the page; `id` is the server's, absent on an item not yet saved. */
export type DraftItem = { key: string; id?: string; text: string; done: boolean };

export function draftsOf(items: readonly ChecklistItem[]): DraftItem[] {
  return items.map((item) => ({ key: item.id, id: item.id, text: item.text, done: item.done }));
}

/** The list with a new unchecked item at the end; a blank text or a full list adds nothing. */
export function addItem(items: readonly DraftItem[], text: string, key: string = newItemKey()): DraftItem[] {
  const trimmed = text.trim();
  if (trimmed === '' || items.length >= TASK_PLAN_LIMITS.checklistMax) return [...items];
  return [...items, { key, text: trimmed.slice(0, TASK_PLAN_LIMITS.checklistTextMax), done: false }];
}

export function toggleItem(items: readonly DraftItem[], key: string): DraftItem[] {
  return items.map((item) => (item.key === key ? { ...item, done: !item.done } : item));
}

export function editItem(items: readonly DraftItem[], key: string, text: string): DraftItem[] {
  return items.map((item) => (item.key === key ? { ...item, text } : item));
}

export function removeItem(items: readonly DraftItem[], key: string): DraftItem[] {
  return items.filter((item) => item.key !== key);
}

/** The item one place up (-1) or down (+1); at either end nothing moves. */
export function moveItem(items: readonly DraftItem[], key: string, by: -1 | 1): DraftItem[] {
  const from = items.findIndex((item) => item.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= items.length) return [...items];
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  if (item) moved.splice(to, 0, item);
  return moved;
}

/** The list as `PUT /api/tasks/{id}` takes it: an item without an id is new. */
export function checklistRequest(items: readonly DraftItem[]): ChecklistInput {
  return items.map(({ id, text, done }) =>
    id !== undefined && !isTemporaryItemId(id) ? { id, text, done } : { text, done },
  );
}
