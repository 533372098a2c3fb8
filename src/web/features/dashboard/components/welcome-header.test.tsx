import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildUser } from '#tests/factories/build-user.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { WelcomeHeader } from './welcome-header.tsx';

describe('WelcomeHeader', () => {
  it('greets the member by first name, in English then in Spanish', async () => {
    renderWithMember(
      <MemoryRouter>
        <WelcomeHeader />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter Focus Mode' })).toBeInTheDocument();

    await act(() => activateLanguage('es'));
    expect(screen.getByRole('heading', { level: 2, name: 'Hola de nuevo, Ada' })).toBeInTheDocument();
    expect(screen.getByText('Una sesión de concentración a la vez. Tú puedes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar al modo concentración' })).toBeInTheDocument();
  });

  it('greets without a name when the member has none', () => {
    const member = buildUser();
    renderWithMember(
      <MemoryRouter>
        <WelcomeHeader />
      </MemoryRouter>,
      { ...member, google_user_data: { ...member.google_user_data, name: '' } },
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeInTheDocument();
  });
});
