import { BookOpenText, Send, Square, Wand2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type RefObject, useId } from 'react';
import { CHAT_LIMITS } from '#shared/chat.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { Field, Textarea } from '#web/ui/field.tsx';

export type ComposerNote = { tone: 'info' | 'error'; text: string };

/**
 * The message input: Enter sends, Shift+Enter starts a new line; disabled while a reply
 * streams, when Stop takes Send's place. Optimize rewrites the prompt; Research searches the topic typed.
 */
export function Composer({
  textareaRef,
  value,
  onChange,
  onSend,
  onStop,
  onOptimize,
  onResearch,
  streaming,
  canSend,
  sendBlockedHint,
  toolsNote = null,
  optimizing,
  canOptimize,
  researching,
  canResearch,
  note,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  onOptimize: () => void;
  onResearch: () => void;
  streaming: boolean;
  canSend: boolean;
  /** Why Send cannot work with the current choice (a provider that cannot chat); shown under the input. */
  sendBlockedHint: string | null;
  /** What the chosen model cannot do (act on the member's tasks); a short note under the input. */
  toolsNote?: string | null;
  optimizing: boolean;
  canOptimize: boolean;
  researching: boolean;
  canResearch: boolean;
  note: ComposerNote | null;
}) {
  const t = useT();
  const id = useId();
  const describedBy = [
    sendBlockedHint ? `${id}-blocked` : null,
    toolsNote ? `${id}-tools` : null,
    note ? `${id}-note` : null,
    `${id}-hint`,
  ]
    .filter(Boolean)
    .join(' ');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSend && value.trim() !== '') onSend();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter, and Enter that completes an input-method composition, do not.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend && value.trim() !== '') onSend();
  }

  return (
    <form aria-label={t('chat.composer.label')} onSubmit={submit} className="flex flex-col gap-2">
      <Field label={t('chat.composer.inputLabel')} hideLabel>
        <Textarea
          ref={textareaRef}
          rows={3}
          value={value}
          maxLength={CHAT_LIMITS.contentMax}
          disabled={streaming}
          placeholder={t('chat.composer.placeholder')}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          // The message box is taller and rounder than a field (`!`: cn does not settle two of one property).
          className="min-h-24! resize-y rounded-3xl! py-3!"
        />
      </Field>
      <p id={`${id}-hint`} className="sr-only">
        {t('chat.composer.keysHint')}
      </p>
      {sendBlockedHint ? (
        <p id={`${id}-blocked`} className="text-sm font-medium text-(--ink)">
          {sendBlockedHint}
        </p>
      ) : null}
      {toolsNote ? (
        <p id={`${id}-tools`} className="text-xs text-(--ink-muted)">
          {toolsNote}
        </p>
      ) : null}
      {note ? (
        <p
          id={`${id}-note`}
          role={note.tone === 'error' ? 'alert' : 'status'}
          className={`text-sm font-medium ${note.tone === 'error' ? 'text-(--danger)' : 'text-(--ink)'}`}
        >
          {note.text}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            busy={optimizing}
            disabled={!canOptimize || value.trim() === ''}
            onClick={onOptimize}
          >
            <Wand2 aria-hidden="true" className="size-4" />
            {optimizing ? t('chat.composer.optimizing') : t('chat.composer.optimize')}
          </Button>
          <Button variant="secondary" busy={researching} disabled={!canResearch} onClick={onResearch}>
            <BookOpenText aria-hidden="true" className="size-4" />
            {researching ? t('chat.composer.researching') : t('chat.composer.research')}
          </Button>
        </div>
        {streaming ? (
          <Button variant="secondary" onClick={onStop} className="ml-auto">
            <Square aria-hidden="true" className="size-4" />
            {t('chat.composer.stop')}
          </Button>
        ) : (
          <Button type="submit" disabled={!canSend || value.trim() === ''} className="ml-auto">
            <Send aria-hidden="true" className="size-4" />
            {t('chat.composer.send')}
          </Button>
        )}
      </div>
    </form>
  );
}
