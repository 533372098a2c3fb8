import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { TASK_PLAN_LIMITS } from '#shared/tasks.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button, IconButton } from '#web/ui/button.tsx';
import { Checkbox, Input } from '#web/ui/field.tsx';
import {
  addItem,
  type DraftItem,
  editItem,
  moveItem,
  removeItem,
  toggleItem,
} from '../../model/checklist.ts';
import { checklistProgress } from '../../model/checklist-ids.ts';

const iconButton =
  'grid size-9 shrink-0 place-items-center rounded-full text-(--ink-muted) transition-colors hover:bg-(--surface) hover:text-(--ink) disabled:cursor-not-allowed disabled:opacity-40';

/** Which control of which item takes the focus once the list has re-rendered (after a move or a removal). */
type FocusTarget = { key: string; control: 'up' | 'down' | 'text' } | { key: null; control: 'new' };

/**
 * A task's checklist: each item checked, edited in place, moved up or down (buttons, so the keyboard moves it as
 * the pointer does) or removed; a new item added with Enter or the Add button. Up to 50 items.
 */
export function ChecklistField({
  items,
  onChange,
  errors,
  error,
}: {
  items: readonly DraftItem[];
  onChange: (items: DraftItem[]) => void;
  /** Each item's problem with its text, by index. */
  errors?: readonly (string | undefined)[];
  /** A problem with the list as a whole. */
  error?: string | undefined;
}) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const progress = checklistProgress(items);
  const full = items.length >= TASK_PLAN_LIMITS.checklistMax;

  useEffect(() => {
    if (!focusTarget) return;
    setFocusTarget(null);
    if (focusTarget.key === null) {
      newRef.current?.focus();
      return;
    }
    const row = listRef.current?.querySelector(`[data-key="${CSS.escape(focusTarget.key)}"]`);
    const control = row?.querySelector<HTMLElement>(`[data-control="${focusTarget.control}"]`);
    // At the top or bottom its move button is disabled: the other one keeps the keyboard in the row.
    const fallback = row?.querySelector<HTMLElement>('[data-control="text"]');
    (control && !control.hasAttribute('disabled') ? control : fallback)?.focus();
  }, [focusTarget]);

  function add() {
    const next = addItem(items, draft);
    if (next.length === items.length) return;
    onChange(next);
    setDraft('');
  }

  function onNewKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the item; it must not save the whole task.
    event.preventDefault();
    add();
  }

  function move(item: DraftItem, by: -1 | 1) {
    onChange(moveItem(items, item.key, by));
    setFocusTarget({ key: item.key, control: by === -1 ? 'up' : 'down' });
  }

  function remove(index: number, item: DraftItem) {
    onChange(removeItem(items, item.key));
    const neighbour = items[index + 1] ?? items[index - 1];
    setFocusTarget(neighbour ? { key: neighbour.key, control: 'text' } : { key: null, control: 'new' });
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 flex w-full items-baseline justify-between gap-2 text-sm font-semibold text-(--ink)">
        {t('tasks.editor.checklist')}
        {progress.total > 0 ? (
          <span className="text-xs font-medium text-(--ink-muted)">
            {t('tasks.item.checklistProgress', progress)}
          </span>
        ) : null}
      </legend>
      {items.length > 0 ? (
        <ul ref={listRef} className="flex flex-col gap-1.5">
          {items.map((item, index) => {
            const itemError = errors?.[index];
            const label = item.text.trim() || t('tasks.editor.itemNumber', { number: index + 1 });
            return (
              <li key={item.key} data-key={item.key} className="flex flex-col gap-1">
                <div className="flex items-center gap-1.5">
                  <Checkbox
                    checked={item.done}
                    aria-label={t('tasks.editor.itemDone', { item: label })}
                    onChange={() => onChange(toggleItem(items, item.key))}
                  />
                  <Input
                    data-control="text"
                    aria-label={t('tasks.editor.itemText', { number: index + 1 })}
                    value={item.text}
                    maxLength={TASK_PLAN_LIMITS.checklistTextMax}
                    aria-invalid={itemError ? true : undefined}
                    aria-describedby={itemError ? `${id}-item-${item.key}` : undefined}
                    onChange={(event) => onChange(editItem(items, item.key, event.target.value))}
                    onKeyDown={(event) => {
                      // Enter in an item moves on to a new one rather than saving the task.
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        newRef.current?.focus();
                      }
                    }}
                    className={`min-h-10 flex-1 py-1.5 ${item.done ? 'text-(--ink-muted) line-through' : ''}`}
                  />
                  <IconButton
                    data-control="up"
                    label={t('tasks.editor.moveUp', { item: label })}
                    disabled={index === 0}
                    onClick={() => move(item, -1)}
                    className={iconButton}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </IconButton>
                  <IconButton
                    data-control="down"
                    label={t('tasks.editor.moveDown', { item: label })}
                    disabled={index === items.length - 1}
                    onClick={() => move(item, 1)}
                    className={iconButton}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </IconButton>
                  <IconButton
                    label={t('tasks.editor.removeItem', { item: label })}
                    onClick={() => remove(index, item)}
                    className={`${iconButton} hover:text-(--danger)`}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </IconButton>
                </div>
                {itemError ? (
                  <p id={`${id}-item-${item.key}`} className="pl-7 text-sm font-medium text-(--danger)">
                    {itemError}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="flex items-center gap-2">
        <Input
          ref={newRef}
          aria-label={t('tasks.editor.newItem')}
          placeholder={t('tasks.editor.newItemPlaceholder')}
          value={draft}
          disabled={full}
          maxLength={TASK_PLAN_LIMITS.checklistTextMax}
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onNewKeyDown}
          className="min-h-10 flex-1 py-1.5"
        />
        <Button variant="secondary" onClick={add} disabled={full} className="min-h-10! px-4!">
          <Plus aria-hidden="true" className="size-4" />
          {t('tasks.editor.addItem')}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-(--danger)">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
