import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/auth.ts';
import { buildNotification } from '#tests/factories/build-notification.ts';
import { buildUser } from '#tests/factories/build-user.ts';
import { signInModeHandler, userAnswer } from '#tests/web-kit/auth/auth-handlers.ts';
import { deferred } from '#tests/web-kit/http-answers.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { serveNotifications } from '#tests/web-kit/notifications/notifications-handlers.ts';
import { preloadPages } from '#tests/web-kit/preload-pages.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';
import { FLOATING_POMODORO_STORAGE_KEY } from './use-floating-pomodoro-preference.ts';

function stubSignedIn(
  user: User = buildUser(),
  logout: () => Promise<Response> | Response = () => HttpResponse.json({ success: true }),
) {
  server.use(
    http.get('/api/users/me', () => userAnswer(user)),
    http.get('/api/logout', logout),
    signInModeHandler('google'),
    ...emptyMemberDataHandlers(),
  );
}

async function renderSignedIn(path = '/', user?: User) {
  stubSignedIn(user);
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const entries = ['Dashboard', 'Focus', 'Insights', 'AI Studio', 'Community', 'Music', 'Settings'];

beforeAll(preloadPages, 30_000);

describe('AppShell', () => {
  it('has the seven navigation entries in order, each pointing at its route, and the current one marked', async () => {
    await renderSignedIn('/studio');

    const [sideNav] = screen.getAllByRole('navigation', { name: 'Main' });
    const links = within(sideNav as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(entries);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/focus',
      '/insights',
      '/studio',
      '/community',
      '/music',
      '/settings',
    ]);
    expect(within(sideNav as HTMLElement).getByRole('link', { name: 'AI Studio' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeInTheDocument();
  });

  it('marks Dashboard as current at / and at /dashboard', async () => {
    const app = await renderSignedIn('/dashboard');
    const [sideNav] = screen.getAllByRole('navigation', { name: 'Main' });
    const dashboardLink = within(sideNav as HTMLElement).getByRole('link', { name: 'Dashboard' });
    expect(dashboardLink).toHaveAttribute('aria-current', 'page');

    await app.user.click(within(sideNav as HTMLElement).getByRole('link', { name: 'Focus' }));
    await screen.findByRole('heading', { level: 1, name: 'Focus' });
    await app.user.click(within(sideNav as HTMLElement).getByRole('link', { name: 'Dashboard' }));

    expect(app.pathname()).toBe('/');
    expect(within(sideNav as HTMLElement).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows the member by name, with initials when there is no picture and the picture when there is', async () => {
    await renderSignedIn(
      '/',
      buildUser({ google_user_data: { name: 'Grace Brewster Hopper', picture: null } }),
    );
    expect(screen.getAllByText('Grace Brewster Hopper')[0]).toBeInTheDocument();
    expect(screen.getAllByText('GH')[0]).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Grace' })).toBeInTheDocument();
  });

  it('shows the picture when the member has one', async () => {
    const { container } = await renderSignedIn(
      '/',
      buildUser({ google_user_data: { name: 'Ada', picture: 'https://lh3.example.test/ada.png' } }),
    );
    expect(container.querySelector('img[src="https://lh3.example.test/ada.png"]')).not.toBeNull();
  });

  it('opens the mobile menu with the same entries and closes it on route change', async () => {
    const app = await renderSignedIn('/');
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await app.user.click(menuButton);

    // The menu's code loads on demand: it appears once that has arrived.
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton).toHaveAttribute('aria-controls', menu.id);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(entries);
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(menu).getByRole('switch', { name: 'Floating timer' })).toBeInTheDocument();

    await app.user.click(within(menu).getByRole('link', { name: 'Music' }));

    await waitFor(() => expect(app.pathname()).toBe('/music'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu when the route changes some other way, such as the back button', async () => {
    const app = await renderSignedIn('/');
    await act(() => app.router.navigate('/focus'));
    await screen.findByRole('heading', { level: 1, name: 'Focus' });
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();

    await act(() => app.router.navigate(-1));

    await waitFor(() => expect(app.pathname()).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the mobile menu on a click outside it, but not on a click inside it', async () => {
    const app = await renderSignedIn('/');
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });

    await app.user.click(within(menu).getByRole('switch', { name: 'Floating timer' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();

    // The backdrop covers the page beside the panel (the page behind is inert): a press outside lands on it.
    await app.user.click(screen.getByTestId('mobile-menu-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the mobile menu on Escape and gives focus back to the menu button', async () => {
    const app = await renderSignedIn('/');
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await app.user.click(menuButton);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus());

    await app.user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('keeps Tab inside the open menu, and the page behind it (the menu button too) out of reach', async () => {
    const app = await renderSignedIn('/');
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-modal', 'true');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();

    const close = within(menu).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();
    await app.user.tab({ shift: true });
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    expect(close).not.toHaveFocus();
    await app.user.tab();
    expect(close).toHaveFocus();
  });

  it('keeps the floating timer preference in localStorage across remounts, on by default', async () => {
    const first = await renderSignedIn('/');
    const [floatingSwitch] = screen.getAllByRole('switch', { name: 'Floating timer' });
    expect(floatingSwitch).toHaveAttribute('aria-checked', 'true');

    await first.user.click(floatingSwitch as HTMLElement);

    expect(floatingSwitch).toHaveAttribute('aria-checked', 'false');
    expect(window.localStorage.getItem(FLOATING_POMODORO_STORAGE_KEY)).toBe('false');
    first.unmount();

    const second = await renderSignedIn('/');
    const [remounted] = screen.getAllByRole('switch', { name: 'Floating timer' });
    expect(remounted).toHaveAttribute('aria-checked', 'false');

    await second.user.click(remounted as HTMLElement);
    expect(window.localStorage.getItem(FLOATING_POMODORO_STORAGE_KEY)).toBe('true');
  });

  it('mounts the floating timer on every page while the switch is on, and removes it when it is off', async () => {
    const app = await renderSignedIn('/');
    expect(screen.getByRole('region', { name: 'Pomodoro timer' })).toBeInTheDocument();
    await act(() => app.router.navigate('/music'));
    await screen.findByRole('heading', { level: 1, name: 'Music' });
    expect(screen.getByRole('region', { name: 'Pomodoro timer' })).toBeInTheDocument();

    const [floatingSwitch] = screen.getAllByRole('switch', { name: 'Floating timer' });
    await app.user.click(floatingSwitch as HTMLElement);
    expect(screen.queryByRole('region', { name: 'Pomodoro timer' })).not.toBeInTheDocument();
  });

  it('closing the floating timer hides it and gives focus to the page; the switch brings it back', async () => {
    const app = await renderSignedIn('/');
    const timer = screen.getByRole('region', { name: 'Pomodoro timer' });
    await app.user.click(within(timer).getByRole('button', { name: 'Close timer' }));
    expect(screen.queryByRole('region', { name: 'Pomodoro timer' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();

    const [floatingSwitch] = screen.getAllByRole('switch', { name: 'Floating timer' });
    await app.user.click(floatingSwitch as HTMLElement);
    await app.user.click(floatingSwitch as HTMLElement);
    expect(screen.getByRole('region', { name: 'Pomodoro timer' })).toBeInTheDocument();
  });

  it('signs out: the member is cleared at once, GET /api/logout is called and the app is at /login', async () => {
    const logoutAnswer = deferred<Response>();
    stubSignedIn(buildUser(), () => logoutAnswer.promise);
    const app = renderApp('/focus');
    await screen.findByRole('heading', { level: 1, name: 'Focus' });

    await app.user.click(screen.getByRole('button', { name: 'Sign Out' }));

    // The server has not answered yet: the member is already gone.
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(requestsTo('/api/logout', 'GET')).toHaveLength(1);
    logoutAnswer.resolve(HttpResponse.json({ success: true }));
  });

  it('has a notification bell with the unread count beside the side navigation’s brand and in the phone’s top bar', async () => {
    stubSignedIn();
    // After the empty answers, so its own answer first.
    serveNotifications({ items: [buildNotification(), buildNotification()] });
    renderApp('/');
    const bells = await screen.findAllByRole('button', { name: 'Notifications, 2 unread' });
    expect(bells).toHaveLength(2);
    // The phone's top bar (first in the page) holds one, beside its menu button.
    expect(bells[0]?.closest('header')).toContainElement(screen.getByRole('button', { name: 'Open menu' }));
    // One read of the centre for both, and the list's code not loaded until a bell is used.
    expect(requestsTo('/api/notifications', 'GET')).toHaveLength(1);
  });
});
