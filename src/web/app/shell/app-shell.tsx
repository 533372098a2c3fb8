import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isDashboardPath, useStartDashboardFirstLoad } from '#web/app/pages/dashboard-first-load.ts';
import { useBadgeEarnedToasts } from '#web/features/badges/hooks/use-badge-earned-toasts.ts';
import { useMemberLanguage } from '#web/features/language/hooks/use-member-language.ts';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { useNotificationLiveUpdates } from '#web/features/notifications/hooks/use-notification-live-updates.ts';
import { useWorkerLanguage } from '#web/features/notifications/hooks/use-worker-language.ts';
import { PomodoroTimerProvider } from '#web/features/pomodoro/components/pomodoro-timer-provider.tsx';
import { useCommandPaletteKey } from '#web/features/shortcuts/hooks/use-command-palette-key.ts';
import { useKeyboardShortcuts } from '#web/features/shortcuts/hooks/use-keyboard-shortcuts.ts';
import { AppearanceProvider } from '#web/features/themes/components/appearance-provider.tsx';
import { AfterHydration } from '#web/lib/after-hydration.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { PageLoading } from '#web/ui/page-loading.tsx';
import { MobileTopBar } from './mobile-top-bar.tsx';
import { NavigationPanel } from './navigation-panel.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { useFloatingPomodoroPreference } from './use-floating-pomodoro-preference.ts';
import { useLaunchAction } from './use-launch-action.ts';

/**
 * The slide-in menu's code (Radix Dialog, about 13 KB gzip) loads when a phone's menu button is pointed at,
 * focused or pressed, not with every page: most visits never open it.
 */
const loadMobileMenu = () => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu }));
const MobileMenu = lazy(loadMobileMenu);
/** The command palette's code (cmdk) loads as Ctrl (⌘) first goes down, not with every page. */
const loadCommandPalette = () =>
  import('./command-palette.tsx').then((module) => ({ default: module.CommandPalette }));
const CommandPalette = lazy(loadCommandPalette);
/**
 * The floating timer shows from the render after hydration (its first view follows the screen's width, decision
 * 0039), so its code is not needed for the first paint either: it loads beside hydration.
 */
const FloatingPomodoroWidget = lazy(async () => ({
  default: (await import('#web/features/pomodoro/components/floating-pomodoro-widget.tsx'))
    .FloatingPomodoroWidget,
}));
/** The `?` sheet's code loads when it is first asked for. */
const ShortcutsSheet = lazy(async () => ({
  default: (await import('#web/features/shortcuts/components/shortcuts-sheet.tsx')).ShortcutsSheet,
}));

/** The frame of every signed-in page. */
export function AppShell() {
  const t = useT();
  const location = useLocation();
  // The menu is open only for the location it was opened on: any navigation makes a new location key, so
  // the menu closes on route change without an effect.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const menuOpen = menuOpenedOn === location.key;
  const [menuMounted, setMenuMounted] = useState(false);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const { user } = useAuth();
  const [floatingTimerEnabled, setFloatingTimerEnabled] = useFloatingPomodoroPreference();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  useCommandPaletteKey(
    () => setPaletteOpen((open) => !open),
    () => void loadCommandPalette(),
  );
  useKeyboardShortcuts({
    onShowShortcuts: () => setShortcutsOpen(true),
    onToggleFloatingTimer: () => setFloatingTimerEnabled(!floatingTimerEnabled),
  });
  // On the dashboard its one-call first load starts here, beside the download of the page's code; the profile
  // (theme, wallpaper) and the badge list the toasts start from wait for it, as its answer carries them.
  useStartDashboardFirstLoad(isDashboardPath(location.pathname));
  useBadgeEarnedToasts();
  useMemberLanguage();
  useLaunchAction();
  // The bell's count follows new notifications live; the service worker words pushes in the interface's language.
  useNotificationLiveUpdates();
  useWorkerLanguage();

  const page = (
    <div className="min-h-dvh lg:flex">
      <a
        href="#main-content"
        className="sr-only rounded-full bg-(--surface-strong) px-4 py-2 font-semibold text-(--ink) focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        {t('app.shell.skipToContent')}
      </a>
      <MobileTopBar
        menuId={menuId}
        menuOpen={menuOpen}
        buttonRef={menuButtonRef}
        onPrepare={() => void loadMobileMenu()}
        onOpen={() => {
          setMenuMounted(true);
          setMenuOpenedOn(location.key);
        }}
      />
      {menuMounted ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={menuId}
            open={menuOpen}
            onOpenChange={(open) => setMenuOpenedOn(open ? location.key : null)}
            returnFocusTo={menuButtonRef}
          />
        </Suspense>
      ) : null}
      <div className="hidden lg:block lg:w-72 lg:shrink-0">
        <div className="glass sticky top-4 m-4 h-[calc(100dvh-2rem)] overflow-y-auto rounded-3xl p-5">
          <NavigationPanel headerAction={<NotificationBell variant="popover" />} />
        </div>
      </div>
      <main
        ref={mainRef}
        id="main-content"
        tabIndex={-1}
        // Room below the last content for the floating timer, so it never hides anything at the end of a page.
        className={`min-w-0 flex-1 px-4 py-6 focus-visible:outline-none sm:px-6 lg:px-10 lg:py-10 ${
          floatingTimerEnabled ? 'pb-28 lg:pb-32' : ''
        }`}
      >
        <div className="mx-auto max-w-6xl">
          <OfflineBanner />
          {/* The member's theme and wallpaper, restored from their profile; pages preview and apply themes. */}
          <AppearanceProvider>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
            {/* Inside the appearance: it switches themes. */}
            {paletteOpen ? (
              <Suspense fallback={null}>
                <CommandPalette
                  onClose={() => setPaletteOpen(false)}
                  onShowShortcuts={() => setShortcutsOpen(true)}
                />
              </Suspense>
            ) : null}
          </AppearanceProvider>
        </div>
      </main>
      {shortcutsOpen ? (
        <Suspense fallback={null}>
          <ShortcutsSheet onClose={() => setShortcutsOpen(false)} />
        </Suspense>
      ) : null}
      {/* Switching the preference off unmounts it; on again remounts it, closed state forgotten. Its first view
          follows the screen's width, which only the browser knows. */}
      {floatingTimerEnabled && user ? (
        <AfterHydration>
          {() => (
            <Suspense fallback={null}>
              <FloatingPomodoroWidget key={user.id} onClose={() => mainRef.current?.focus()} />
            </Suspense>
          )}
        </AfterHydration>
      ) : null}
    </div>
  );
  // The member's one focus timer, for every page of theirs: the focus card, the floating widget and its own
  // window show it, and this tab chimes and completes it at 0 even where neither shows.
  return user ? (
    <PomodoroTimerProvider key={user.id} memberId={user.id}>
      {page}
    </PomodoroTimerProvider>
  ) : (
    page
  );
}
