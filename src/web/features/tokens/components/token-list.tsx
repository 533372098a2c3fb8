import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import type { AccessToken } from '#shared/tokens.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { ConfirmDialog } from '#web/ui/confirm-dialog.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { toast } from '#web/ui/toast.ts';
import { useTokens } from '../api/get-tokens.ts';
import { useRevokeToken } from '../api/revoke-token.ts';
import { scopeLabels } from './scope-labels.ts';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The member's tokens, newest first: what each may do, when it was made, last used and expires; each with Revoke. */
export function TokenList() {
  const t = useT();
  const tokens = useTokens();
  return (
    <QueryState
      query={tokens}
      what={t('tokens.list.what')}
      isEmpty={(list) => list.length === 0}
      empty={<p className="text-sm text-(--ink-muted)">{t('tokens.list.none')}</p>}
    >
      {(list) => (
        <ul aria-label={t('tokens.list.label')} className="flex flex-col gap-2">
          {list.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function TokenRow({ token }: { token: AccessToken }) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const revoke = useRevokeToken();
  const [confirming, setConfirming] = useState(false);
  const expired = token.expires_at !== null && Date.parse(token.expires_at) <= Date.now();

  function revokeToken() {
    revoke.mutate(token.id, {
      onSuccess: () => toast.success(t('tokens.list.revoked', { name: token.name })),
      onError: () => toast.error(t('tokens.list.revokeFailed')),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-2xl bg-(--surface-strong) p-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="flex items-center gap-2 font-semibold text-(--ink)">
          <KeyRound aria-hidden="true" className="size-4 shrink-0 text-(--accent)" />
          <span id={`${id}-name`} className="break-words">
            {token.name}
          </span>
        </p>
        <p className="text-sm text-(--ink)">
          {format.list(token.scopes.map((scope) => t(scopeLabels[scope])))}
        </p>
        <p className="text-sm text-(--ink-muted)">
          {t('tokens.list.created', { when: format.date(token.created_at, DAY) })}
          {' · '}
          {token.last_used_at
            ? t('tokens.list.lastUsed', { when: format.date(token.last_used_at, MOMENT) })
            : t('tokens.list.neverUsed')}
          {' · '}
          <span className={expired ? 'font-semibold text-(--danger)' : undefined}>
            {token.expires_at === null
              ? t('tokens.list.noExpiry')
              : t(expired ? 'tokens.list.expired' : 'tokens.list.expires', {
                  when: format.date(token.expires_at, DAY),
                })}
          </span>
        </p>
      </div>
      <Button variant="ghost" aria-describedby={`${id}-name`} onClick={() => setConfirming(true)}>
        {t('tokens.list.revoke')}
      </Button>
      {confirming ? (
        <ConfirmDialog
          title={t('tokens.list.revokeTitle', { name: token.name })}
          message={t('tokens.list.revokeMessage')}
          confirmLabel={t('tokens.list.revoke')}
          busy={revoke.isPending}
          onConfirm={revokeToken}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
