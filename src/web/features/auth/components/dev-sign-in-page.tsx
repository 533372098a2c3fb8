import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { devAuthorizeRequestSchema } from '#shared/auth.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { useDocumentTitle } from '#web/ui/use-document-title.ts';
import { useDevAuthorize } from '../api/dev-authorize.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';

type FieldErrors = { name?: string; email?: string; link?: string };

const damagedLinkText = 'This sign-in link is incomplete or damaged. Go back and start signing in again.';

/** Name and email come from the member; anything else wrong is the link's fault, not theirs. */
function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === 'name' || field === 'email') {
      errors[field] ??= issue.message;
    } else {
      errors.link = damagedLinkText;
    }
  }
  return errors;
}

function serverErrorsOf(error: Error): FieldErrors {
  if (error instanceof ApiError && (error.fields.name || error.fields.email)) {
    return { name: error.fields.name, email: error.fields.email };
  }
  return { link: `Sign-in did not go through: ${error.message}` };
}

/**
 * The development identity provider's page (architecture "Sign-in"): stands in for Google when no client
 * is configured, outside production only. It continues the same flow the real provider would.
 */
export function DevSignInPage() {
  const [searchParams] = useSearchParams();
  const authorize = useDevAuthorize();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  useDocumentTitle('Development sign-in');
  const state = searchParams.get('state');
  const nonce = searchParams.get('nonce');
  const codeChallenge = searchParams.get('code_challenge');

  if (!state || !nonce || !codeChallenge) {
    return (
      <AuthPageLayout>
        <h1 className="text-2xl font-bold tracking-tight text-(--ink) sm:text-3xl">Development sign-in</h1>
        <Alert>
          This page needs the state, nonce and code challenge that the sign-in link carries, and they are
          missing.
        </Alert>
        <Link to="/login" className="font-semibold text-(--accent) underline hover:text-(--accent-strong)">
          Back to sign in
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
      const errors = fieldErrorsOf(parsed.error.issues);
      setClientErrors(errors);
      const firstInvalid = errors.name ? 'name' : errors.email ? 'email' : null;
      if (firstInvalid) form.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setClientErrors({});
    authorize.mutate(parsed.data);
  }

  const errors = authorize.error ? serverErrorsOf(authorize.error) : clientErrors;
  return (
    <AuthPageLayout>
      <div className="flex flex-col gap-2">
        <p className="w-fit rounded-full bg-(--accent) px-3 py-1 text-xs font-bold tracking-wide text-(--on-accent) uppercase">
          Development only
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-(--ink) sm:text-3xl">Development sign-in</h1>
        <p className="text-(--ink-muted)">
          Lumara is running without a Google client, so this page stands in for it. Type any name and email
          address: nothing is checked, and this page does not exist in production.
        </p>
      </div>
      {errors.link ? <Alert>{errors.link}</Alert> : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="Name" name="name" autoComplete="name" error={errors.name} />
        <TextField label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
        <Button type="submit" busy={authorize.isPending || authorize.isSuccess} className="w-full">
          Continue
        </Button>
      </form>
    </AuthPageLayout>
  );
}
