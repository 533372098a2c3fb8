import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useId, useState } from 'react';
import type { MemberSession } from '#shared/auth.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { ConfirmDialog } from '#web/ui/confirm-dialog.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { toast } from '#web/ui/toast.ts';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessionsQuery } from '../api/get-sessions.ts';

/**
 * Settings' "Sessions" card: every browser signed in to the account, this one marked, each other one with its
 * own "Sign out", and "Sign out everywhere else" for a lost phone or a shared computer left signed in.
 */
export function SessionsCard() {
  const t = useT();
  const id = useId();
  const sessions = useSessionsQuery();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);

  function signOutEverywhereElse() {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => toast.success(t('auth.sessions.endedOthers', { count: ended })),
      onError: () => toast.error(t('auth.sessions.endFailed')),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold text-(--ink)">
        <MonitorSmartphone aria-hidden="true" className="size-5 text-(--accent)" />
        {t('auth.sessions.heading')}
      </h2>
      <p className="text-sm text-(--ink-muted)">{t('auth.sessions.help')}</p>
      <QueryState query={sessions} what={t('auth.sessions.what')}>
        {({ sessions: all }) => {
          const others = all.filter((session) => !session.current);
          return (
            <>
              <ul aria-label={t('auth.sessions.listLabel')} className="flex flex-col gap-3">
                {all.map((session) => (
                  <SessionRow key={session.id} session={session} />
                ))}
              </ul>
              {others.length === 0 ? (
                <p className="text-sm text-(--ink-muted)">{t('auth.sessions.noOthers')}</p>
              ) : (
                <Button variant="secondary" className="self-start" onClick={() => setConfirming(true)}>
                  <LogOut aria-hidden="true" className="size-4" />
                  {t('auth.sessions.endOthers')}
                </Button>
              )}
            </>
          );
        }}
      </QueryState>
      {confirming ? (
        <ConfirmDialog
          title={t('auth.sessions.endOthersTitle')}
          message={t('auth.sessions.endOthersMessage')}
          confirmLabel={t('auth.sessions.endOthers')}
          busy={endOthers.isPending}
          onConfirm={signOutEverywhereElse}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </GlassPanel>
  );
}

/** One browser: what it is, when it was last used, and this one's mark or another's "Sign out". */
function SessionRow({ session }: { session: MemberSession }) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const end = useEndSession();
  const device = deviceName(t, session);

  function signOut() {
    end.mutate(session.id, {
      onSuccess: () => toast.success(t('auth.sessions.ended', { device })),
      onError: () => toast.error(t('auth.sessions.endFailed')),
    });
  }

  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-(--surface-strong) p-3 sm:flex-row sm:items-center sm:justify-between xl:flex-col xl:items-stretch">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-(--ink)">
          <span id={`${id}-device`} className="break-words">
            {device}
          </span>
          {session.current ? (
            <span className="rounded-full bg-(--accent) px-2 py-0.5 text-xs font-semibold text-(--on-accent)">
              {t('auth.sessions.thisDevice')}
            </span>
          ) : null}
        </p>
        <p id={`${id}-seen`} className="text-sm text-(--ink-muted)">
          {t('auth.sessions.lastActive', {
            when: format.date(session.last_seen_at, { dateStyle: 'medium', timeStyle: 'short' }),
          })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          className="self-start sm:self-center xl:self-start"
          aria-describedby={`${id}-device ${id}-seen`}
          busy={end.isPending}
          onClick={signOut}
        >
          {t('auth.sessions.end')}
        </Button>
      )}
    </li>
  );
}

/** "Chrome on Linux", or as much of it as the browser said. */
function deviceName(t: Translate, session: MemberSession): string {
  if (session.browser && session.os)
    return t('auth.sessions.device', { browser: session.browser, os: session.os });
  if (session.browser) return session.browser;
  if (session.os) return t('auth.sessions.browserOn', { os: session.os });
  return t('auth.sessions.unknownDevice');
}
