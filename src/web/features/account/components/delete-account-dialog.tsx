import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CommunityContentChoice } from '#shared/account.ts';
import { DELETED_MEMBER_NAME } from '#shared/account.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { ChoiceCard } from '#web/ui/choice-card.tsx';
import { ModalDialog } from '#web/ui/dialog.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';

function sameEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * "Delete my account" (issue 19): what goes is said plainly, the member chooses what becomes of their posts and
 * comments, and types their email before the button does anything. Once the server has deleted the account, the
 * browser signs out as at Sign Out (its caches emptied) and says goodbye on the sign-in page.
 */
export function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
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
        posts_kept > 0
          ? `Your account is deleted. Your ${posts_kept === 1 ? 'post stays' : 'posts stay'} as “${DELETED_MEMBER_NAME}”.`
          : 'Your account is deleted. Take care.',
      );
    } catch (error) {
      console.error('Failed to delete the account', error);
    }
  }

  const failure =
    remove.error instanceof ApiError
      ? remove.error.message
      : remove.error
        ? 'Could not reach Lumara. Nothing was deleted; please try again.'
        : null;

  return (
    <ModalDialog title="Delete my account" onClose={onClose} initialFocus={emailField}>
      <form
        aria-label="Delete my account"
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <p className="text-(--ink)">
          This removes your tasks, focus sessions, badges, chats, gallery and files, music, widgets and
          profile from Lumara, at once and for good, and signs you out everywhere. Download your data first if
          you want a copy.
        </p>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold text-(--ink)">Your community posts and comments</legend>
          <ChoiceCard
            name="community"
            value="delete"
            checked={community === 'delete'}
            label="Delete them with my account"
            onSelect={() => setCommunity('delete')}
          />
          <ChoiceCard
            name="community"
            value="keep"
            checked={community === 'keep'}
            label={`Keep them, shown as “${DELETED_MEMBER_NAME}”`}
            description="Others can still read the conversations you took part in. Your likes go either way."
            onSelect={() => setCommunity('keep')}
          />
        </fieldset>
        <TextField
          ref={emailField}
          label={`Type ${email} to confirm`}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!confirmed} busy={remove.isPending}>
            Delete my account
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
