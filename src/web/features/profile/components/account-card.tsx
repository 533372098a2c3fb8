import { useId } from 'react';
import { api } from '#web/lib/api-client.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { RichMessage } from '#web/lib/i18n/rich-message.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { memberTimeZone, useProfileMe } from '../api/get-profile-me.ts';

/**
 * The Account Information card, with the email, member since and last visit, and (ours) where the API
 * reference is, for members who script Lumara.
 */
export function AccountCard() {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const me = useProfileMe();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        {t('profile.account.heading')}
      </h2>
      <QueryState
        query={me}
        what={t('profile.account.what')}
        loading={<Spinner label={t('profile.account.loading')} />}
        error={<Alert>{t('profile.loadFailed')}</Alert>}
      >
        {(account) => {
          // The member's days and hours, as their stats count them.
          const timeZone = memberTimeZone(account);
          return (
            <dl className="flex flex-col gap-2 text-sm">
              <div>
                <dt className="font-semibold text-(--ink-muted)">{t('profile.account.email')}</dt>
                <dd className="break-all text-(--ink)">{account.email}</dd>
              </div>
              <div>
                <dt className="font-semibold text-(--ink-muted)">{t('profile.account.memberSince')}</dt>
                <dd className="text-(--ink)">
                  <time dateTime={account.member_since}>
                    {format.date(account.member_since, { dateStyle: 'medium', timeZone })}
                  </time>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-(--ink-muted)">{t('profile.account.lastVisit')}</dt>
                <dd className="text-(--ink)">
                  <time dateTime={account.last_visit}>
                    {format.date(account.last_visit, { dateStyle: 'medium', timeStyle: 'short', timeZone })}
                  </time>
                </dd>
              </div>
            </dl>
          );
        }}
      </QueryState>
      <p className="text-sm text-(--ink-muted)">
        <RichMessage
          id="profile.account.apiReference"
          parts={[
            // biome-ignore lint/a11y/useAnchorContent: RichMessage fills the link with the message's words.
            <a key="docs" className="font-semibold text-(--ink) underline" href={api.docs.$path()} />,
          ]}
        />
      </p>
    </GlassPanel>
  );
}
