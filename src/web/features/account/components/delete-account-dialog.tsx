import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CommunityContentChoice } from '#shared/account.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { ChoiceCard } from '#web/ui/choice-card.tsx';
import { ModalDialog } from '#web/ui/dialog.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
// A schema's own reasons are shown here: their words (not in the first load).
import '#web/lib/i18n/shared-texts.ts';

function sameEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * "Delete my account" (issue 19): what goes is said plainly, the member chooses what becomes of their posts and
 * comments, and types their email before the button does anything. Once the server has deleted the account, the
 * browser signs out as at Sign Out (its caches emptied) and says goodbye on the sign-in page.
 */
export function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const t = useT();
  const { logout } = useAuth();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [community, setCommunity] = useState<CommunityContentChoice>('delete');
  const emailField = useRef<HTMLInputElement>(null);
  const confirmed = sameEmail(typed, email);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed || remove.isPending) return;
    try {
      const { posts_kept } = await remove.mutateAsync({ email: typed, community });
      await logout();
      toast.success(
        t('account.delete.deleted', { count: posts_kept, name: t('shared.account.deletedMember') }),
      );
    } catch (error) {
      console.error('Failed to delete the account', error);
    }
  }

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
            onSelect={() => setCommunity('delete')}
          />
          <ChoiceCard
            name="community"
            value="keep"
            checked={community === 'keep'}
            label={t('account.delete.keepThem', { name: t('shared.account.deletedMember') })}
            description={t('account.delete.keepThemHelp')}
            onSelect={() => setCommunity('keep')}
          />
        </fieldset>
        <TextField
          ref={emailField}
          label={t('account.delete.typeToConfirm', { email })}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
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
