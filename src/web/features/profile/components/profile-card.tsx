import type { ProfileStats } from '#shared/profile.ts';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { Alert } from '#web/ui/alert.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { useProfileMe } from '../api/get-profile-me.ts';
import { useSetStatus } from '../api/set-status.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import { StatusEditor } from './status-editor.tsx';

/**
 * The dashboard's profile card: the display name (the server answers the name from sign-in until
 * the member sets one, 'Lumarian' when there is none), the avatar with initials, the status to click and edit,
 * and today's stats.
 */
export function ProfileCard() {
  const t = useT();
  const { user } = useAuth();
  const profile = useProfileMe();
  const setStatus = useSetStatus();

  return (
    // A container, so the card lays itself out for the width it gets: a narrow dashboard column or a phone.
    <GlassPanel aria-labelledby="profile-card-heading" className="@container flex flex-col gap-4">
      <h2 id="profile-card-heading" className="text-xl font-bold text-(--ink)">
        {t('profile.card.heading')}
      </h2>
      <QueryState
        query={profile}
        what={t('profile.what')}
        loading={<Spinner label={t('profile.loading')} />}
        error={<Alert>{t('profile.loadFailed')}</Alert>}
      >
        {(me) => (
          <>
            <div className="flex flex-col gap-3 @[15rem]:flex-row @[15rem]:items-center">
              <ProfileAvatar name={me.display_name} url={me.avatar_url} />
              {/* No width of its own (w-0 grow): a long email is cut with an ellipsis, never widening the column. */}
              <div className="flex w-full min-w-0 flex-col @[15rem]:w-0 @[15rem]:grow">
                <p className="text-lg font-bold break-words text-(--ink)">{me.display_name}</p>
                <p className="truncate text-sm text-(--ink-muted)" title={me.email || user?.email}>
                  {me.email || user?.email}
                </p>
              </div>
            </div>
            <StatusEditor status={me.status} onSave={(status) => setStatus.mutate(status)} />
            <ul
              aria-label={t('profile.card.todayProgress')}
              className="grid gap-2 text-center @[18rem]:grid-cols-3"
            >
              {statItems(me.stats).map(({ value, label }) => (
                <li key={label} className="flex flex-col rounded-2xl bg-(--surface-strong) px-2 py-3">
                  <span className="text-lg font-bold text-(--ink)">{value}</span>
                  <span className="text-xs font-semibold text-(--ink-muted)">
                    {t(label, { count: value })}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </GlassPanel>
  );
}

/**
 * Worded apart from the dashboard's stat cards, which show the same day in more detail. Each label is a plural
 * message of its `count`, the number shown above it.
 */
function statItems(stats: ProfileStats): { value: number; label: MessageKey }[] {
  return [
    { value: stats.tasksToday, label: 'profile.card.tasksToday' },
    { value: stats.pomodoros, label: 'profile.card.focusSessions' },
    { value: stats.streakDays, label: 'profile.card.streakDays' },
  ];
}
