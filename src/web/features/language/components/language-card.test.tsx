import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildProfileMe } from '#tests/factories/build-profile.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { bodiesTo, server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { currentLanguage } from '#web/lib/i18n/i18n.ts';
import { LanguageCard } from './language-card.tsx';

describe('LanguageCard', () => {
  it('switches the interface at once, then saves the choice on the profile', async () => {
    server.use(
      ...emptyMemberDataHandlers(),
      http.put('/api/profile', () => HttpResponse.json(buildProfile({ language: 'es' }))),
    );
    const { user } = renderWithMember(<LanguageCard />);
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('browser');

    await user.selectOptions(select, 'es');
    expect(await screen.findByRole('heading', { name: 'Idioma' })).toBeVisible();
    expect(currentLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    await waitFor(() => expect(bodiesTo('/api/profile', 'PUT')).toEqual([{ language: 'es' }]));
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  });

  it('keeps the interface in the language chosen when the choice could not be saved', async () => {
    server.use(
      ...emptyMemberDataHandlers(),
      http.get('/api/profile/me', () => HttpResponse.json(buildProfileMe({ language: null }))),
      http.put('/api/profile', () =>
        errorResponse(503, 'database_unavailable', 'The database is unavailable.'),
      ),
    );
    const { user } = renderWithMember(<LanguageCard />);
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'es');
    expect(await screen.findByRole('heading', { name: 'Idioma' })).toBeVisible();
    await waitFor(() => expect(bodiesTo('/api/profile', 'PUT')).toHaveLength(1));
    expect(currentLanguage()).toBe('es');
    takeConsoleErrors();
  });
});
