import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { successSchema } from '#shared/api.ts';
import {
  endOtherSessionsResponseSchema,
  type MemberSession,
  memberSessionsResponseSchema,
} from '#shared/auth.ts';
import { buildMemberSession } from '#tests/factories/build-member-session.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { contractAnswer, deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { SessionsCard } from './sessions-card.tsx';

const here = buildMemberSession({ current: true, browser: 'Firefox', os: 'macOS' });
const phone = buildMemberSession({ browser: 'Safari', os: 'iOS', last_seen_at: '2026-11-21T18:45:00.000Z' });
const unknown = buildMemberSession({ browser: null, os: null });

/** The server's list, which the card's sign-outs change as the server would. */
function serveSessions(initial: MemberSession[]) {
  let sessions = initial;
  server.use(
    http.get('/api/sessions', () => contractAnswer(memberSessionsResponseSchema, { sessions })),
    http.delete('/api/sessions/others', () => {
      const ended = sessions.filter((session) => !session.current).length;
      sessions = sessions.filter((session) => session.current);
      return contractAnswer(endOtherSessionsResponseSchema, { ended });
    }),
    http.delete('/api/sessions/:id', ({ params }) => {
      sessions = sessions.filter((session) => session.id !== params.id);
      return contractAnswer(successSchema, { success: true });
    }),
  );
}

const list = () => screen.findByRole('list', { name: 'Your sessions' });

describe('SessionsCard', () => {
  it('lists the browsers, this one marked, with what each is and when it was last active', async () => {
    serveSessions([here, phone, unknown]);
    renderWithMember(<SessionsCard />);
    const rows = within(await list()).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Firefox on macOSThis device',
      'Safari on iOS',
      'An unknown browser',
    ]);
    expect(within(rows[1] as HTMLElement).getByText(/^Last active Nov 21, 2026/)).toBeVisible();
    // This browser is signed out with the app's own Sign Out, not from here.
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Sign out' }),
    ).toHaveAccessibleDescription(/^Safari on iOS Last active/);
  });

  it('signs one other browser out, by keyboard, and shows the list without it', async () => {
    serveSessions([here, phone, unknown]);
    const { user } = renderWithMember(<SessionsCard />);
    const row = within(await list()).getAllByRole('listitem')[1] as HTMLElement;
    within(row).getByRole('button', { name: 'Sign out' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Signed out Safari on iOS.')).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your sessions' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
    expect(requestsTo(`/api/sessions/${phone.id}`, 'DELETE')).toHaveLength(1);
  });

  it('signs out everywhere else after asking, then says no other browser is signed in', async () => {
    serveSessions([here, phone, unknown]);
    const { user } = renderWithMember(<SessionsCard />);
    await list();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out everywhere else?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out 2 other browsers.')).toBeVisible();
    expect(await screen.findByText('No other browser is signed in.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(requestsTo('/api/sessions/others', 'DELETE')).toHaveLength(1);
  });

  it('says so when a sign-out fails, and keeps the browser listed', async () => {
    serveSessions([here, phone]);
    server.use(
      http.delete('/api/sessions/:id', () =>
        errorResponse(503, 'database_unavailable', 'The database is unavailable. Try again shortly.'),
      ),
    );
    const { user } = renderWithMember(<SessionsCard />);
    const row = within(await list()).getAllByRole('listitem')[1] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Could not sign that out. Please try again.')).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Your sessions' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
    takeConsoleErrors();
  });

  it('shows the loading state, then a readable error with Try again', async () => {
    const answer = deferred<void>();
    server.use(
      http.get('/api/sessions', async () => {
        await answer.promise;
        // A refusal is not retried: the error shows at once.
        return errorResponse(401, 'unauthenticated', 'Sign in to continue');
      }),
    );
    renderWithMember(<SessionsCard />);
    expect(await screen.findByRole('status')).toHaveTextContent(/Loading/);
    answer.resolve();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your sessions');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    takeConsoleErrors();
  });

  it('speaks Spanish', async () => {
    await activateLanguage('es');
    serveSessions([here, phone]);
    renderWithMember(<SessionsCard />);
    const rows = within(await screen.findByRole('list', { name: 'Tus sesiones' })).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('Este dispositivo')).toBeVisible();
    expect(within(rows[1] as HTMLElement).getByText('Safari en iOS')).toBeVisible();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  });
});
