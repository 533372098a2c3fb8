import type { FormEvent } from 'react';
import type { FieldError, FieldErrors as FormErrors } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { type DevAuthorizeRequest, devAuthorizeRequestSchema } from '#shared/auth.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/field.tsx';
import { useDocumentTitle } from '#web/ui/use-document-title.ts';
import { useDevAuthorize } from '../api/dev-authorize.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';

type FieldErrors = { name?: string; email?: string; link?: string };

/** The longest name the route takes. */
const nameMax = devAuthorizeRequestSchema.shape.name.maxLength ?? 0;

/**
 * The schema's words for a name or email the member typed wrong (#shared/auth.ts, which the server also reads, keeps
 * them in English): said in the interface's language, from the kind of refusal (zod's issue code).
 */
function fieldErrorOf(error: FieldError, field: 'name' | 'email', t: Translate): string {
  if (field === 'email') return t('auth.devSignIn.typeEmail');
  if (error.type === 'too_big') return t('auth.devSignIn.nameTooLong', { maximum: nameMax });
  return t('auth.devSignIn.typeName');
}

/** Name and email come from the member; anything else wrong is the link's fault, not theirs. */
function fieldErrorsOf(errors: FormErrors<DevAuthorizeRequest>, t: Translate): FieldErrors {
  const linkDamaged = Boolean(errors.state ?? errors.nonce ?? errors.code_challenge);
  return {
    ...(errors.name ? { name: fieldErrorOf(errors.name, 'name', t) } : {}),
    ...(errors.email ? { email: fieldErrorOf(errors.email, 'email', t) } : {}),
    ...(linkDamaged ? { link: t('auth.devSignIn.damagedLink') } : {}),
  };
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
  useDocumentTitle(t('auth.devSignIn.title'));
  const state = searchParams.get('state');
  const nonce = searchParams.get('nonce');
  const codeChallenge = searchParams.get('code_challenge');
  // The link's values travel with the two fields and are checked by the same schema; the first field refused
  // takes focus.
  const {
    register,
    handleSubmit,
    formState: { errors: formErrors },
  } = useZodForm(devAuthorizeRequestSchema, {
    defaultValues: {
      name: '',
      email: '',
      state: state ?? '',
      nonce: nonce ?? '',
      code_challenge: codeChallenge ?? '',
    },
    shouldFocusError: true,
  });

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
    // A new try forgets the server's last answer, whether or not the fields pass.
    authorize.reset();
    void handleSubmit((request) => authorize.mutate(request))(event);
  }

  const errors = authorize.error ? serverErrorsOf(authorize.error, t) : fieldErrorsOf(formErrors, t);
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
        <TextField
          {...register('name')}
          label={t('auth.devSignIn.name')}
          autoComplete="name"
          error={errors.name}
        />
        <TextField
          {...register('email')}
          label={t('auth.devSignIn.email')}
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
