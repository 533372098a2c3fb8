// The shared schemas' own reasons ("Type a title") in English; other languages carry them in their chunk.
import '#web/lib/i18n/shared-texts.ts';
import { useEffect, useRef } from 'react';
import { Controller, type FieldError, type FieldPath } from 'react-hook-form';
import { TASK_LIMITS, TASK_PLAN_LIMITS, type Task } from '#shared/tasks.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { ModalDialog } from '#web/ui/dialog.tsx';
import { Field, Input, Textarea } from '#web/ui/field.tsx';
import { useUpdateTask } from '../../api/update-task.ts';
import {
  editorChanges,
  editorValuesOf,
  NEEDS_DATE,
  type TaskEditorInput,
  taskEditorSchema,
} from '../../model/task-editor-form.ts';
import { LabelPicker } from '../label-picker.tsx';
import { ChecklistField } from './checklist-field.tsx';
import { RemindersField } from './reminders-field.tsx';
import { RepeatField } from './repeat-field.tsx';

/** The fields a refusal of the server may name (its `fields`), by the first part of their path. */
const serverFields: readonly FieldPath<TaskEditorInput>[] = [
  'title',
  'notes',
  'due_date',
  'due_time',
  'repeat',
  'repeat_from',
  'checklist',
  'reminders',
  'labels',
];

/**
 * A task's editor: title, notes, date and time, repeat (presets and a custom rule), where the next date counts
 * from, checklist, reminders and labels. A full-screen dialog on a phone, a wide card from 640 px up. Save sends
 * `PUT /api/tasks/{id}` with what changed only (and closes; nothing changed closes at once); what the server
 * refuses is shown by the field it names. A change made offline is kept and shown, and the editor closes.
 */
export function TaskEditorDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const t = useT();
  const titleRef = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    control,
    watch,
    setError,
    formState: { errors },
  } = useZodForm(taskEditorSchema, { defaultValues: editorValuesOf(task) });
  const update = useUpdateTask();
  const dueDate = watch('due_date');
  const titleField = register('title');

  // Offline, the change waits (kept across reloads) and already shows in the list: nothing more to wait for here.
  useEffect(() => {
    if (update.isPaused) onClose();
  }, [update.isPaused, onClose]);

  /** A field's problem in words: a time, a repeat or reminders without a date say so; the rest say themselves. */
  const problem = (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    return error.message === NEEDS_DATE ? t('tasks.editor.needsDate') : error.message;
  };

  const onSubmit = handleSubmit((values) => {
    const changes = editorChanges(task, values);
    if (!changes) {
      onClose();
      return;
    }
    update.mutate(
      { task, changes },
      {
        onSuccess: onClose,
        onError: (error) => {
          const named =
            error instanceof ApiError
              ? Object.entries(error.fields).filter(([path]) =>
                  serverFields.includes(path.split('.')[0] as FieldPath<TaskEditorInput>),
                )
              : [];
          for (const [path, message] of named) {
            setError(path.split('.')[0] as FieldPath<TaskEditorInput>, { type: 'server', message });
          }
          if (named.length === 0) {
            setError('root.server', {
              message:
                error instanceof ApiError && error.code !== 'unknown'
                  ? error.message
                  : t('tasks.error.update'),
            });
          }
        },
      },
    );
  });
  const submitError = errors.root?.server?.message;

  return (
    <ModalDialog title={t('tasks.editor.title')} onClose={onClose} initialFocus={titleRef} wide>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <Field label={t('tasks.editor.taskTitle')} error={problem(errors.title)}>
          <Input
            {...titleField}
            // The dialog puts focus here when it opens, so the field has two refs: the form's and the dialog's.
            ref={(element) => {
              titleField.ref(element);
              titleRef.current = element;
            }}
            maxLength={TASK_LIMITS.titleMax}
            autoComplete="off"
          />
        </Field>
        <Field label={t('tasks.editor.notes')} error={problem(errors.notes)}>
          <Textarea
            {...register('notes')}
            rows={4}
            maxLength={TASK_PLAN_LIMITS.notesMax}
            placeholder={t('tasks.editor.notesPlaceholder')}
            className="resize-y"
          />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('tasks.editor.date')} error={problem(errors.due_date)}>
            <Input type="date" {...register('due_date')} />
          </Field>
          <Field
            label={t('tasks.editor.time')}
            hint={t('tasks.editor.timeHint')}
            error={problem(errors.due_time)}
          >
            <Input type="time" {...register('due_time')} />
          </Field>
        </div>
        <Controller
          control={control}
          name="repeat"
          render={({ field, fieldState }) => (
            <Controller
              control={control}
              name="repeat_from"
              render={({ field: from }) => (
                <RepeatField
                  value={field.value}
                  onChange={field.onChange}
                  repeatFrom={from.value}
                  onRepeatFromChange={from.onChange}
                  dueDate={dueDate}
                  savedRule={task.repeat}
                  savedText={task.repeat_text}
                  error={problem(fieldState.error)}
                />
              )}
            />
          )}
        />
        <Controller
          control={control}
          name="checklist"
          render={({ field, fieldState }) => (
            <ChecklistField
              items={field.value}
              onChange={field.onChange}
              errors={
                errors.checklist && Array.isArray(errors.checklist)
                  ? field.value.map((_, index) => errors.checklist?.[index]?.text?.message)
                  : undefined
              }
              error={fieldState.error?.message ?? errors.checklist?.root?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="reminders"
          render={({ field, fieldState }) => (
            <RemindersField
              reminders={field.value}
              onChange={field.onChange}
              hasDate={dueDate !== ''}
              error={problem(fieldState.error)}
            />
          )}
        />
        <Controller
          control={control}
          name="labels"
          render={({ field, fieldState }) => (
            <LabelPicker labels={field.value} onChange={field.onChange} error={problem(fieldState.error)} />
          )}
        />

        {submitError ? <Alert>{submitError}</Alert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('tasks.editor.cancel')}
          </Button>
          <Button type="submit" busy={update.isPending && !update.isPaused}>
            {t('tasks.editor.save')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
