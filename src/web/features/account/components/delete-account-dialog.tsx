import { useRef } from 'react';
import { deleteAccountRequestSchema } from '#shared/account.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { ChoiceCard } from '#web/ui/choice-card.tsx';
import { ModalDialog } from '#web/ui/dialog.tsx';
import { TextField } from '#web/ui/field.tsx';
import { toast } from '#web/ui/toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
// A schema's own reasons are shown here: their words (not in the first load).
import '#web/lib/i18n/shared-texts.ts';

function sameEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * "Delete my account": what goes is said plainly, the member chooses what becomes of their posts and
 * comments, and types their email before the button does anything. Once the server has deleted the account, the
 * browser signs out as at Sign Out (its caches emptied) and says goodbye on the sign-in page.
 */
export function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const t = useT();
  const { logout } = useAuth();
  const remove = useDeleteAccount();
  // The route's own schema; the button waits for the member's own email besides (the server checks it too).
  const { register, handleSubmit, watch, setValue } = useZodForm(deleteAccountRequestSchema, {
    defaultValues: { email: '', community: 'delete' },
  });
  const emailField = useRef<HTMLInputElement | null>(null);
  const [typed, community] = watch(['email', 'community']);
  const confirmed = sameEmail(typed, email);
  const emailRegistration = register('email');

  const submit = handleSubmit(async (request) => {
    if (!confirmed || remove.isPending) return;
    try {
      const { posts_kept } = await remove.mutateAsync(request);
      await logout();
      toast.success(
        t('account.delete.deleted', { count: posts_kept, name: t('shared.account.deletedMember') }),
      );
    } catch (error) {
      console.error('Failed to delete the account', error);
    }
  });

  const failure =
    remove.error instanceof ApiError
      ? remove.error.message
      : remove.error
        ? t('account.delete.unreachable')
        : null;

  return (
    <ModalDialog title={t('account.delete.title')} onClose={onClose} initialFocus={emailField}>
      <form
        aria-label={t('account.delete.title')}
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <p className="text-(--ink)">{t('account.delete.explanation')}</p>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold text-(--ink)">{t('account.delete.communityLegend')}</legend>
          <ChoiceCard
            name="community"
            value="delete"
            checked={community === 'delete'}
            label={t('account.delete.deleteThem')}
            onSelect={() => setValue('community', 'delete')}
          />
          <ChoiceCard
            name="community"
            value="keep"
            checked={community === 'keep'}
            label={t('account.delete.keepThem', { name: t('shared.account.deletedMember') })}
            description={t('account.delete.keepThemHelp')}
            onSelect={() => setValue('community', 'keep')}
          />
        </fieldset>
        <TextField
          {...emailRegistration}
          // The dialog puts focus here when it opens, so the field has two refs: the form's and the dialog's.
          ref={(element) => {
            emailRegistration.ref(element);
            emailField.current = element;
          }}
          label={t('account.delete.typeToConfirm', { email })}
          type="email"
          autoComplete="off"
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('account.delete.cancel')}
          </Button>
          <Button type="submit" disabled={!confirmed} busy={remove.isPending}>
            {t('account.delete.submit')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
