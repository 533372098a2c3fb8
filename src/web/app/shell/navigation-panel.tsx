import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useMatch } from 'react-router';
import { goToShortcuts } from '#web/features/shortcuts/model/shortcut-list.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useShortcutHint } from '#web/lib/keyboard-shortcuts-preference.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { Avatar } from '#web/ui/avatar.tsx';
import { BrandMark } from '#web/ui/brand-mark.tsx';
import { Button } from '#web/ui/button.tsx';
import { FloatingPomodoroSwitch } from './floating-pomodoro-switch.tsx';
import { type NavigationEntry, navigationEntries } from './navigation-entries.ts';

type NavigationLinkProps = { entry: NavigationEntry; dashboardAlias: boolean; onNavigate?: () => void };

function NavigationLink({ entry, dashboardAlias, onNavigate }: NavigationLinkProps) {
  const t = useT();
  const label = t(entry.label);
  // The dashboard answers at / and at /dashboard; pointing the link at the address in use keeps it marked
  // as the current page on both.
  const to = entry.to === '/' && dashboardAlias ? '/dashboard' : entry.to;
  const Icon = entry.icon;
  const goTo = goToShortcuts.find((shortcut) => shortcut.to === entry.to);
  const hint = useShortcutHint(label, { hint: goTo ? t('app.nav.goToHint', { key: goTo.key }) : '' });
  return (
    <NavLink
      {...(goTo ? hint : {})}
      to={to}
      end={entry.to === '/'}
      onClick={onNavigate}
      className={({ isActive }) =>
        `flex min-h-11 items-center gap-3 rounded-2xl px-3 py-2 font-medium transition-colors ${
          isActive
            ? 'bg-(--surface-strong) text-(--accent-strong) shadow-sm'
            : 'text-(--ink) hover:bg-(--surface-strong)/70'
        }`
      }
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      {label}
    </NavLink>
  );
}

type NavigationPanelProps = {
  showBrand?: boolean;
  /** Beside the brand (the side navigation's notification bell). */
  headerAction?: ReactNode;
  /** Called when an entry is followed, before the next page has loaded. */
  onNavigate?: () => void;
};

/** What the side navigation and the mobile menu both hold: member, entries, timer switch, sign out. */
export function NavigationPanel({ showBrand = true, headerAction, onNavigate }: NavigationPanelProps) {
  const t = useT();
  const { user, logout } = useAuth();
  const dashboardAlias = useMatch('/dashboard') !== null;
  const name = user?.google_user_data.name ?? '';
  return (
    <div className="flex h-full flex-col gap-6">
      {showBrand ? (
        <div className="flex items-center justify-between gap-2">
          <BrandMark />
          {headerAction}
        </div>
      ) : null}
      {user ? (
        <div className="flex items-center gap-3 rounded-2xl bg-(--surface-strong)/60 p-3">
          <Avatar name={name} picture={user.google_user_data.picture} />
          <div className="min-w-0">
            <p className="truncate font-semibold text-(--ink)">{name}</p>
            <p className="truncate text-sm text-(--ink-muted)" title={user.email}>
              {user.email}
            </p>
          </div>
        </div>
      ) : null}
      <nav aria-label={t('app.nav.label')}>
        <ul className="flex flex-col gap-1">
          {navigationEntries.map((entry) => (
            <li key={entry.to}>
              <NavigationLink entry={entry} dashboardAlias={dashboardAlias} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto flex flex-col gap-1 border-t border-(--line) pt-4">
        <FloatingPomodoroSwitch />
        <Button
          variant="bare"
          onClick={() => void logout()}
          className="flex min-h-11 items-center gap-3 rounded-2xl px-3 py-2 font-medium text-(--ink) hover:bg-(--surface-strong)"
        >
          <LogOut aria-hidden="true" className="size-5" />
          {t('app.nav.signOut')}
        </Button>
      </div>
    </div>
  );
}
