import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { devAuthorizeRequestSchema } from '#shared/auth.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { useDocumentTitle } from '#web/ui/use-document-title.ts';
import { useDevAuthorize } from '../api/dev-authorize.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';

type FieldErrors = { name?: string; email?: string; link?: string };

/**
 * The schema's words for a name or email the member typed wrong (#shared/auth.ts, which the server also reads, keeps
 * them in English): said in the interface's language.
 */
function fieldErrorOf(issue: z.core.$ZodIssue, field: 'name' | 'email', t: Translate): string {
  if (field === 'email') return t('auth.devSignIn.typeEmail');
  if (issue.code === 'too_big') return t('auth.devSignIn.nameTooLong', { maximum: Number(issue.maximum) });
  return t('auth.devSignIn.typeName');
}

/** Name and email come from the member; anything else wrong is the link's fault, not theirs. */
function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === 'name' || field === 'email') {
      errors[field] ??= fieldErrorOf(issue, field, t);
    } else {
      errors.link = t('auth.devSignIn.damagedLink');
    }
  }
  return errors;
}

/** The server's own words (it answers in the interface's language). */
function serverErrorsOf(error: Error, t: Translate): FieldErrors {
  if (error instanceof ApiError && (error.fields.name || error.fields.email)) {
    return { name: error.fields.name, email: error.fields.email };
  }
  return { link: t('auth.devSignIn.didNotGoThrough', { reason: error.message }) };
}

/**
 * The development identity provider's page (architecture "Sign-in"): stands in for Google when no client
 * is configured, outside production only. It continues the same flow the real provider would.
 */
export function DevSignInPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const authorize = useDevAuthorize();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  useDocumentTitle(t('auth.devSignIn.title'));
  const state = searchParams.get('state');
  const nonce = searchParams.get('nonce');
  const codeChallenge = searchParams.get('code_challenge');

  if (!state || !nonce || !codeChallenge) {
    return (
      <AuthPageLayout>
        <h1 className="text-2xl font-bold tracking-tight text-(--ink) sm:text-3xl">
          {t('auth.devSignIn.title')}
        </h1>
        <Alert>{t('auth.devSignIn.missingParameters')}</Alert>
        <Link to="/login" className="font-semibold text-(--accent) underline hover:text-(--accent-strong)">
          {t('auth.devSignIn.backToSignIn')}
        </Link>
      </AuthPageLayout>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    authorize.reset();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = devAuthorizeRequestSchema.safeParse({
      name: data.get('name') ?? '',
      email: data.get('email') ?? '',
      state,
      nonce,
      code_challenge: codeChallenge,
    });
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error.issues, t);
      setClientErrors(errors);
      const firstInvalid = errors.name ? 'name' : errors.email ? 'email' : null;
      if (firstInvalid) form.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setClientErrors({});
    authorize.mutate(parsed.data);
  }

  const errors = authorize.error ? serverErrorsOf(authorize.error, t) : clientErrors;
  return (
    <AuthPageLayout>
      <div className="flex flex-col gap-2">
        <p className="w-fit rounded-full bg-(--accent) px-3 py-1 text-xs font-bold tracking-wide text-(--on-accent) uppercase">
          {t('auth.devSignIn.badge')}
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-(--ink) sm:text-3xl">
          {t('auth.devSignIn.title')}
        </h1>
        <p className="text-(--ink-muted)">{t('auth.devSignIn.intro')}</p>
      </div>
      {errors.link ? <Alert>{errors.link}</Alert> : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField label={t('auth.devSignIn.name')} name="name" autoComplete="name" error={errors.name} />
        <TextField
          label={t('auth.devSignIn.email')}
          name="email"
          type="email"
          autoComplete="email"
          error={errors.email}
        />
        <Button type="submit" busy={authorize.isPending || authorize.isSuccess} className="w-full">
          {t('auth.devSignIn.continue')}
        </Button>
      </form>
    </AuthPageLayout>
  );
}
