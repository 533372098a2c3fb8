import { zodResolver } from '@hookform/resolvers/zod';
import { Languages, Sparkles, Wand2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AiChoice } from '#shared/ai.ts';
import {
  COMMUNITY_LIMITS,
  type CommunityGenerateRequest,
  type CommunityPost,
  createPostRequestSchema,
  type PostLang,
  postLangSchema,
  updatePostRequestSchema,
  vibes,
} from '#shared/community.ts';
import { type MessageKey, type Translate, useLanguage, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { cn } from '#web/ui/cn.ts';
import { ModalDialog } from '#web/ui/dialog.tsx';
import { Field, Input, Select, Textarea } from '#web/ui/field.tsx';
import { insetBoxClass } from '#web/ui/field-classes.ts';
import { useCreatePost } from '../api/create-post.ts';
import { useGenerateText } from '../api/generate-text.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { errorText } from './error-text.ts';

/**
 * The rules of the route the form calls, so that it refuses nothing the server takes: `POST`'s for a new post,
 * `PUT`'s for an edit. The edit's title is required here: the form always sends one (and `PUT` refuses a blank
 * one), and it gives both schemas the same input, which one form needs.
 */
const editPostSchema = updatePostRequestSchema.required({ title: true });
const createResolver = zodResolver(createPostRequestSchema);
const editResolver = zodResolver(editPostSchema);

/** The post as the form holds it, and as either route reads it back (title and body trimmed). */
type PostInput = z.input<typeof createPostRequestSchema>;
type PostOutput = z.output<typeof editPostSchema>;
type AiHelper = NonNullable<PostInput['aiHelpers']>[number];

/** A new post (`draft`: the words it starts with, as the studio's AI drafted them), or an edit of one. */
export type EditorMode =
  | { kind: 'create'; draft?: { title: string; body: string } }
  | { kind: 'edit'; post: CommunityPost };

const langLabels: Record<PostLang, MessageKey> = {
  auto: 'community.editor.langAuto',
  en: 'community.editor.langEnglish',
  es: 'community.editor.langSpanish',
};
const vibeLabels: Record<(typeof vibes)[number], MessageKey> = {
  friendly: 'community.editor.vibeFriendly',
  inspiring: 'community.editor.vibeInspiring',
  funny: 'community.editor.vibeFunny',
  professional: 'community.editor.vibeProfessional',
  cozy: 'community.editor.vibeCozy',
};

/**
 * The words for a field the post's schema refused, in the interface's language: the schema's own messages are
 * English (the server shares them), so the form reads the kind of refusal (zod's issue code) instead.
 */
function fieldErrorText(t: Translate, field: 'title' | 'body', error: FieldError): string {
  if (field === 'title' && error.type === 'too_small') return t('community.editor.titleRequired');
  const max = field === 'title' ? COMMUNITY_LIMITS.titleMax : COMMUNITY_LIMITS.bodyMax;
  return t('community.editor.tooLong', { max });
}

/**
 * The create-post modal and, with a post, its edit form. States: open, submitting (the
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
  const t = useT();
  const language = useLanguage();
  const editing = mode.kind === 'edit' ? mode.post : null;
  const draft = mode.kind === 'create' ? mode.draft : undefined;
  const titleRef = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useForm<PostInput, unknown, PostOutput>({
    resolver: editing ? editResolver : createResolver,
    // A new post, and what the writing helpers write, default to the member's language; in English
    // 'auto', which follows the language the topic is written in.
    defaultValues: {
      title: editing?.title ?? draft?.title ?? '',
      body: editing?.body ?? draft?.body ?? '',
      lang: editing?.lang ?? (language === 'en' ? 'auto' : language),
    },
  });
  // The helpers' topic and vibe belong to the generate request, not to the post, so the post form leaves them out.
  const [topic, setTopic] = useState('');
  const [vibe, setVibe] = useState<string>(vibes[0]);
  const [aiError, setAiError] = useState<string | null>(null);

  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const generate = useGenerateText();
  const submitting = createPost.isPending || updatePost.isPending;
  const aiBusy = generate.isPending;
  // `body` and `lang` are optional in `POST`'s input; the form starts them, so the fallbacks never show.
  const [title, body = '', lang = 'auto'] = watch(['title', 'body', 'lang']);
  const titleMissing = title.trim() === '';
  const bodyMissing = body.trim() === '';
  const titleField = register('title');

  function runHelper(helper: AiHelper, request: CommunityGenerateRequest) {
    setAiError(null);
    generate.mutate(request, {
      onSuccess: (answer) => {
        // Checked at once: an answer past the body's limit is shown as such rather than refused on Create.
        setValue('body', answer.text, { shouldValidate: true });
        if (helper === 'translate') setValue('lang', answer.lang);
        // The helpers used travel with the post (once each, in the order first used): it shows as AI Enhanced.
        const used = getValues('aiHelpers') ?? [];
        if (!used.includes(helper)) setValue('aiHelpers', [...used, helper]);
      },
      onError: (error) => setAiError(errorText(error, t('community.editor.aiFailed'), 'run the AI helper')),
    });
  }

  const choice = { provider: aiChoice.provider, model: aiChoice.model };

  // The post as the route's schema reads it (title and body trimmed); a refusal is kept as the form's root error,
  // which the next submit clears.
  const onSubmit = handleSubmit((post) => {
    if (submitting) return;
    const callbacks = {
      onSuccess: onClose,
      onError: (error: Error) =>
        setError('root.server', {
          message: errorText(
            error,
            t(editing ? 'community.editor.saveFailed' : 'community.editor.createFailed'),
            editing ? 'save the post' : 'create the post',
          ),
        }),
    };
    if (editing) updatePost.mutate({ id: editing.id, ...post }, callbacks);
    else createPost.mutate(post, callbacks);
  });
  const submitError = errors.root?.server?.message;

  const submitLabel = t(
    editing
      ? submitting
        ? 'community.editor.saving'
        : 'community.editor.save'
      : submitting
        ? 'community.editor.creating'
        : 'community.editor.create',
  );

  return (
    <ModalDialog
      title={t(editing ? 'community.editor.editTitle' : 'community.editor.create')}
      onClose={onClose}
      initialFocus={titleRef}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <Field
          label={t('community.editor.title')}
          error={errors.title ? fieldErrorText(t, 'title', errors.title) : undefined}
        >
          <Input
            {...titleField}
            // The dialog puts focus here when it opens, so the field has two refs: the form's and the dialog's.
            ref={(element) => {
              titleField.ref(element);
              titleRef.current = element;
            }}
            maxLength={COMMUNITY_LIMITS.titleMax}
            autoComplete="off"
          />
        </Field>
        <Field
          label={t('community.editor.body')}
          error={errors.body ? fieldErrorText(t, 'body', errors.body) : undefined}
        >
          <Textarea
            {...register('body')}
            rows={6}
            maxLength={COMMUNITY_LIMITS.bodyMax}
            aria-busy={aiBusy || undefined}
            className="resize-y"
          />
        </Field>
        <Field label={t('community.editor.language')}>
          <Select {...register('lang')}>
            {postLangSchema.options.map((option) => (
              <option key={option} value={option}>
                {t(langLabels[option])}
              </option>
            ))}
          </Select>
        </Field>

        <fieldset className={cn(insetBoxClass, 'flex flex-col gap-3 p-4')}>
          <legend className="px-1 text-sm font-bold text-(--ink)">{t('community.editor.helpers')}</legend>
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem]">
            <Field label={t('community.editor.topic')}>
              <Input
                value={topic}
                maxLength={500}
                onChange={(event) => setTopic(event.target.value)}
                autoComplete="off"
              />
            </Field>
            <Field label={t('community.editor.vibe')}>
              <Select value={vibe} onChange={(event) => setVibe(event.target.value)}>
                {vibes.map((option) => (
                  <option key={option} value={option}>
                    {t(vibeLabels[option])}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={topic.trim() === '' || aiBusy}
              onClick={() => runHelper('generate', { mode: 'post', topic, vibe, lang, ...choice })}
            >
              <Sparkles aria-hidden="true" className="size-4" />
              {t('community.editor.generate')}
            </Button>
            <Button
              variant="secondary"
              disabled={bodyMissing || aiBusy}
              onClick={() => runHelper('improve', { mode: 'improve', body, goals: '', ...choice })}
            >
              <Wand2 aria-hidden="true" className="size-4" />
              {t('community.editor.improve')}
            </Button>
            <Button
              variant="secondary"
              disabled={bodyMissing || aiBusy}
              onClick={() => runHelper('translate', { mode: 'translate', body, target: 'es', ...choice })}
            >
              <Languages aria-hidden="true" className="size-4" />
              {t('community.editor.toSpanish')}
            </Button>
            <Button
              variant="secondary"
              disabled={bodyMissing || aiBusy}
              onClick={() => runHelper('translate', { mode: 'translate', body, target: 'en', ...choice })}
            >
              <Languages aria-hidden="true" className="size-4" />
              {t('community.editor.toEnglish')}
            </Button>
          </div>
          <p role="status" className="text-sm text-(--ink-muted) empty:hidden">
            {aiBusy ? t('community.editor.writing') : ''}
          </p>
          {aiError ? <Alert>{aiError}</Alert> : null}
        </fieldset>

        {submitError ? <Alert>{submitError}</Alert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('community.editor.cancel')}
          </Button>
          <Button type="submit" busy={submitting} disabled={titleMissing}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
