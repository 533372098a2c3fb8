import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfileMe } from '#tests/factories/build-profile.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { bodiesTo, server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { renderSettings } from '#tests/web-kit/settings/render-settings.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { AccountCard } from './account-card.tsx';
import { AvatarMagicTab } from './avatar-magic-tab.tsx';
import { ProfileCard } from './profile-card.tsx';

describe('profile in Spanish', () => {
  it('words the profile card’s stats as Spanish plurals', async () => {
    server.use(
      http.get('/api/profile/me', () =>
        HttpResponse.json(buildProfileMe({ stats: { tasksToday: 1, pomodoros: 2, streakDays: 1 } })),
      ),
    );
    await act(() => activateLanguage('es'));
    renderWithMember(<ProfileCard />);

    const card = await screen.findByRole('region', { name: 'Tu perfil' });
    expect(await within(card).findByRole('list', { name: 'Progreso de hoy' })).toHaveTextContent(
      '1tarea hecha hoy2sesiones de concentración1día de racha',
    );
    expect(
      within(card).getByRole('button', { name: 'Agrega un estado (editar estado)' }),
    ).toBeInTheDocument();
  });

  it('dates the account card in Spanish', async () => {
    server.use(http.get('/api/profile/me', () => HttpResponse.json(buildProfileMe({ time_zone: 'UTC' }))));
    await act(() => activateLanguage('es'));
    renderWithMember(<AccountCard />);

    const card = await screen.findByRole('region', { name: 'Información de la cuenta' });
    expect((await within(card).findByText('Miembro desde')).nextSibling).toHaveTextContent('5 ene 2026');
    expect(within(card).getByText('Última visita').nextSibling).toHaveTextContent('20 nov 2026, 8:30');
    expect(within(card).getByRole('link', { name: 'referencia de la API' })).toHaveAttribute('href');
  });

  it('names the avatar styles in Spanish and still asks the image model in English', async () => {
    server.use(
      http.get('/api/profile/me', () => HttpResponse.json(buildProfileMe({ display_name: 'Ada' }))),
      http.post('/api/profile/avatar-generate', () =>
        HttpResponse.json({ status: 'ready', url: 'https://img.example/a.png', jobId: null, error: null }),
      ),
      ...emptyMemberDataHandlers(),
    );
    await act(() => activateLanguage('es'));
    const { user } = renderSettings(<AvatarMagicTab />);

    expect(await screen.findByRole('radio', { name: /Ada en caricatura/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Diva del escenario/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generar avatar' }));
    await waitFor(() => expect(bodiesTo('/api/profile/avatar-generate')).toHaveLength(1));
    expect(bodiesTo<{ prompt: string }>('/api/profile/avatar-generate')[0]?.prompt).toMatch(
      /^A cheerful cartoon character portrait called Ada,/,
    );
    expect(await screen.findByRole('img', { name: 'Tu nuevo avatar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Usar como avatar' })).toBeInTheDocument();
  });
});
