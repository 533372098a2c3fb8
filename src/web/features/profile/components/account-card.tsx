import { useId } from 'react';
import { api } from '#web/lib/api-client.ts';
import { Alert } from '#web/ui/alert.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { useProfileMe } from '../api/get-profile-me.ts';
import { PROFILE_LOAD_FAILED } from './profile-card.tsx';

function formatDate(instant: string, withTime: boolean): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(new Date(instant));
}

/**
 * Part 1 §2: the Account Information card, with the email, member since and last visit, and (ours) where the API
 * reference is, for members who script Lumara.
 */
export function AccountCard() {
  const id = useId();
  const me = useProfileMe();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        Account Information
      </h2>
      <QueryState
        query={me}
        what="account"
        loading={<Spinner label="Loading your account" />}
        error={<Alert>{PROFILE_LOAD_FAILED}</Alert>}
      >
        {(account) => (
          <dl className="flex flex-col gap-2 text-sm">
            <div>
              <dt className="font-semibold text-(--ink-muted)">Email</dt>
              <dd className="break-all text-(--ink)">{account.email}</dd>
            </div>
            <div>
              <dt className="font-semibold text-(--ink-muted)">Member since</dt>
              <dd className="text-(--ink)">
                <time dateTime={account.member_since}>{formatDate(account.member_since, false)}</time>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-(--ink-muted)">Last visit</dt>
              <dd className="text-(--ink)">
                <time dateTime={account.last_visit}>{formatDate(account.last_visit, true)}</time>
              </dd>
            </div>
          </dl>
        )}
      </QueryState>
      <p className="text-sm text-(--ink-muted)">
        Scripting Lumara? The{' '}
        <a className="font-semibold text-(--ink) underline" href={api.docs.$path()}>
          API reference
        </a>{' '}
        lists every call; sign in here and send your session cookie.
      </p>
    </GlassPanel>
  );
}
