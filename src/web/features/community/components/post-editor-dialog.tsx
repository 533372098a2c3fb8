import { Languages, Sparkles, Wand2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { AiChoice } from '#shared/ai.ts';
import {
  COMMUNITY_LIMITS,
  COMMUNITY_TEXTS,
  type CommunityGenerateRequest,
  type CommunityPost,
  type PostLang,
  postLangSchema,
  vibes,
} from '#shared/community.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { useCreatePost } from '../api/create-post.ts';
import { useGenerateText } from '../api/generate-text.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { errorText } from './error-text.ts';
import { fieldClass, labelClass } from './field-classes.ts';
import { ModalDialog } from './modal-dialog.tsx';

type AiHelper = 'generate' | 'improve' | 'translate';

export type EditorMode = { kind: 'create' } | { kind: 'edit'; post: CommunityPost };

const langLabels: Record<PostLang, string> = { auto: 'Auto', en: 'English', es: 'Español' };
const vibeLabel = (vibe: string) => vibe.charAt(0).toUpperCase() + vibe.slice(1);

/**
 * The create-post modal (part 2 §2, §4, §5) and, with a post, its edit form. States: open, submitting (the
 * button says 'Creating...'), closed when done. Create Post waits for a title that is more than spaces. The AI
 * helpers write into the body; the ones used travel with the post, which then shows as AI Enhanced.
 */
export function PostEditorDialog({
  mode,
  aiChoice,
  onClose,
}: {
  mode: EditorMode;
  aiChoice: AiChoice;
  onClose: () => void;
}) {
  const id = useId();
  const editing = mode.kind === 'edit' ? mode.post : null;
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [lang, setLang] = useState<PostLang>(editing?.lang ?? 'auto');
  const [topic, setTopic] = useState('');
  const [vibe, setVibe] = useState<string>(vibes[0]);
  const [helpersUsed, setHelpersUsed] = useState<ReadonlySet<AiHelper>>(new Set());
  const [aiError, setAiError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const generate = useGenerateText();
  const submitting = createPost.isPending || updatePost.isPending;
  const aiBusy = generate.isPending;
  const titleMissing = title.trim() === '';
  const bodyMissing = body.trim() === '';

  function runHelper(helper: AiHelper, request: CommunityGenerateRequest) {
    setAiError(null);
    generate.mutate(request, {
      onSuccess: (answer) => {
        setBody(answer.text);
        if (helper === 'translate') setLang(answer.lang);
        setHelpersUsed((used) => new Set(used).add(helper));
      },
      onError: (error) =>
        setAiError(
          errorText(error, 'The AI helper could not answer. Please try again.', 'run the AI helper'),
        ),
    });
  }

  const choice = { provider: aiChoice.provider, model: aiChoice.model };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (titleMissing || submitting) return;
    setSubmitError(null);
    const aiHelpers = helpersUsed.size > 0 ? [...helpersUsed] : undefined;
    const fields = { title: title.trim(), body, lang, aiHelpers };
    const callbacks = {
      onSuccess: onClose,
      onError: (error: Error) =>
        setSubmitError(
          errorText(
            error,
            editing
              ? 'Could not save the post. Please try again.'
              : 'Could not create the post. Please try again.',
            editing ? 'save the post' : 'create the post',
          ),
        ),
    };
    if (editing) updatePost.mutate({ id: editing.id, ...fields }, callbacks);
    else createPost.mutate(fields, callbacks);
  }

  const submitLabel = editing
    ? submitting
      ? 'Saving...'
      : 'Save'
    : submitting
      ? COMMUNITY_TEXTS.creating
      : 'Create Post';

  return (
    <ModalDialog title={editing ? 'Edit post' : 'Create Post'} onClose={onClose} initialFocus={titleRef}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-title`} className={labelClass}>
            Title
          </label>
          <input
            ref={titleRef}
            id={`${id}-title`}
            value={title}
            maxLength={COMMUNITY_LIMITS.titleMax}
            onChange={(event) => setTitle(event.target.value)}
            className={fieldClass}
            autoComplete="off"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-body`} className={labelClass}>
            Body
          </label>
          <textarea
            id={`${id}-body`}
            value={body}
            rows={6}
            maxLength={COMMUNITY_LIMITS.bodyMax}
            onChange={(event) => setBody(event.target.value)}
            aria-busy={aiBusy || undefined}
            className={`${fieldClass} resize-y`}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-lang`} className={labelClass}>
            Language
          </label>
          <select
            id={`${id}-lang`}
            value={lang}
            onChange={(event) => setLang(postLangSchema.parse(event.target.value))}
            className={fieldClass}
          >
            {postLangSchema.options.map((option) => (
              <option key={option} value={option}>
                {langLabels[option]}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="flex flex-col gap-3 rounded-2xl border border-(--line) p-4">
          <legend className="px-1 text-sm font-bold text-(--ink)">AI writing helpers</legend>
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem]">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-topic`} className={labelClass}>
                Topic
              </label>
              <input
                id={`${id}-topic`}
                value={topic}
                maxLength={500}
                onChange={(event) => setTopic(event.target.value)}
                className={fieldClass}
                autoComplete="off"
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-vibe`} className={labelClass}>
                Vibe
              </label>
              <select
                id={`${id}-vibe`}
                value={vibe}
                onChange={(event) => setVibe(event.target.value)}
                className={fieldClass}
              >
                {vibes.map((option) => (
                  <option key={option} value={option}>
                    {vibeLabel(option)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={topic.trim() === '' || aiBusy}
              onClick={() => runHelper('generate', { mode: 'post', topic, vibe, lang, ...choice })}
            >
              <Sparkles aria-hidden="true" className="size-4" />
              Generate
            </Button>
            <Button
              variant="secondary"
              disabled={bodyMissing || aiBusy}
              onClick={() => runHelper('improve', { mode: 'improve', body, goals: '', ...choice })}
            >
              <Wand2 aria-hidden="true" className="size-4" />
              Improve Text
            </Button>
            <Button
              variant="secondary"
              disabled={bodyMissing || aiBusy}
              onClick={() => runHelper('translate', { mode: 'translate', body, target: 'es', ...choice })}
            >
              <Languages aria-hidden="true" className="size-4" />
              Translate to Spanish
            </Button>
            <Button
              variant="secondary"
              disabled={bodyMissing || aiBusy}
              onClick={() => runHelper('translate', { mode: 'translate', body, target: 'en', ...choice })}
            >
              <Languages aria-hidden="true" className="size-4" />
              Translate to English
            </Button>
          </div>
          <p role="status" className="text-sm text-(--ink-muted) empty:hidden">
            {aiBusy ? 'The AI helper is writing…' : ''}
          </p>
          {aiError ? <Alert>{aiError}</Alert> : null}
        </fieldset>

        {submitError ? <Alert>{submitError}</Alert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={submitting} disabled={titleMissing}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
