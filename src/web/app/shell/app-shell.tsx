import { Suspense, useCallback, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '#web/ui/page-loading.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { MobileTopBar } from './mobile-top-bar.tsx';
import { NavigationPanel } from './navigation-panel.tsx';

const MOBILE_MENU_ID = 'mobile-menu';

/** The frame of every signed-in page (part 1 §2 "App shell"). */
export function AppShell() {
  const location = useLocation();
  // The menu is open only for the location it was opened on: any navigation makes a new location key, so
  // the menu closes on route change without an effect.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const menuOpen = menuOpenedOn === location.key;
  const toggleRef = useRef<HTMLButtonElement>(null);

  const closeMenu = useCallback((restoreFocus: boolean) => {
    setMenuOpenedOn(null);
    if (restoreFocus) toggleRef.current?.focus();
  }, []);

  return (
    <div className="min-h-dvh lg:flex">
      <a
        href="#main-content"
        className="sr-only rounded-full bg-(--surface-strong) px-4 py-2 font-semibold text-(--ink) focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <MobileTopBar
        menuId={MOBILE_MENU_ID}
        menuOpen={menuOpen}
        onToggleMenu={() => setMenuOpenedOn(menuOpen ? null : location.key)}
        toggleRef={toggleRef}
      />
      {menuOpen ? <MobileMenu id={MOBILE_MENU_ID} onClose={closeMenu} toggleRef={toggleRef} /> : null}
      <div className="hidden lg:block lg:w-72 lg:shrink-0">
        <div className="glass sticky top-4 m-4 h-[calc(100dvh-2rem)] overflow-y-auto rounded-3xl p-5">
          <NavigationPanel />
        </div>
      </div>
      <main
        id="main-content"
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-6 focus-visible:outline-none sm:px-6 lg:px-10 lg:py-10"
      >
        <div className="mx-auto max-w-6xl">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      {/* The floating pomodoro widget mounts here in a later issue, when useFloatingPomodoroPreference says on. */}
    </div>
  );
}
