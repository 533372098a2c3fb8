import { Check, Pencil } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { PROFILE_LIMITS } from '#shared/profile.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { Field, Input } from '#web/ui/field.tsx';

/**
 * The profile status, click to edit: Save or Enter commits, leaving the field (or Escape) cancels;
 * a status is non-empty after trimming, so a blank one is never sent. Focus comes back to the
 * status when the editing ends.
 */
export function StatusEditor({
  status,
  onSave,
}: {
  status: string | null;
  onSave: (status: string) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  const showRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const editing = draft !== null;
  const trimmed = draft?.trim() ?? '';

  // Once the editor is gone after Save, Enter or Escape, the status it edited takes focus back.
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    showRef.current?.focus();
  }, [editing]);

  function stopEditing() {
    returnFocus.current = true;
    setDraft(null);
  }

  function commit() {
    if (trimmed === '') return;
    if (trimmed !== status) onSave(trimmed);
    stopEditing();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stopEditing();
    }
  }

  /** Focus moving between the field and Save is still editing; anywhere else cancels. */
  function onBlur(event: FocusEvent<HTMLFieldSetElement>) {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDraft(null);
  }

  if (!editing) {
    return (
      <Button
        variant="bare"
        ref={showRef}
        aria-label={
          status !== null ? t('profile.status.editLabel', { status }) : t('profile.status.setLabel')
        }
        onClick={() => setDraft(status ?? '')}
        className="group inline-flex min-h-11 max-w-full items-center gap-2 rounded-2xl px-3 py-1.5 text-left text-(--ink) hover:bg-(--surface-strong)"
      >
        <span className={`min-w-0 break-words ${status ? '' : 'text-(--ink-muted) italic'}`}>
          {status ?? t('profile.status.set')}
        </span>
        <Pencil aria-hidden="true" className="size-4 shrink-0 text-(--ink-muted)" />
      </Button>
    );
  }

  return (
    <fieldset className="flex flex-wrap items-center gap-2" onBlur={onBlur}>
      <legend className="sr-only">{t('profile.status.edit')}</legend>
      <Field label={t('profile.status.label')} hideLabel className="min-w-0 flex-1">
        <Input
          // Focus at once: the member just asked to edit this very field.
          autoFocus
          value={draft}
          maxLength={PROFILE_LIMITS.statusMax}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          // A line of the card rather than a form's field: a little tighter (`!`: cn settles no conflicts).
          className="px-3! py-1.5!"
        />
      </Field>
      <Button
        variant="bare"
        // Keeps focus in the field on a mouse press, so the press is a Save and not a "left the field".
        onMouseDown={(event) => event.preventDefault()}
        onClick={commit}
        disabled={trimmed === ''}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-(--accent) px-4 font-semibold text-(--on-accent) hover:bg-(--accent-strong) disabled:cursor-not-allowed disabled:opacity-70"
      >
        <Check aria-hidden="true" className="size-4" />
        {t('profile.status.save')}
      </Button>
    </fieldset>
  );
}
