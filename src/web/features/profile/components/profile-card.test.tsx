import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfileMe } from '#tests/factories/build-profile.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { ProfileCard } from './profile-card.tsx';

describe('ProfileCard', () => {
  it('shows the default name with the initials fallback L, the stats, and no status yet', async () => {
    server.use(http.get('/api/profile/me', () => HttpResponse.json(buildProfileMe())));
    renderWithMember(<ProfileCard />);
    const card = await screen.findByRole('region', { name: 'Your Profile' });
    expect(await within(card).findByText('Lumarian')).toBeInTheDocument();
    expect(within(card).getByTestId('avatar-initials')).toHaveTextContent('L');
    expect(within(card).getByRole('button', { name: /Set a status/ })).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Today’s progress' })).toHaveTextContent(
      '0tasks done today0focus sessions0day streak',
    );
  });

  it('shows the avatar picture when there is one', async () => {
    server.use(
      http.get('/api/profile/me', () =>
        HttpResponse.json(buildProfileMe({ display_name: 'Ada', avatar_url: '/api/avatars/1/a.png' })),
      ),
    );
    const { container } = renderWithMember(<ProfileCard />);
    await screen.findByText('Ada');
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/avatars/1/a.png');
  });

  it('saves an edited status with POST /api/profile/set-status and shows it at once', async () => {
    let status: string | null = null;
    server.use(
      http.get('/api/profile/me', () => HttpResponse.json(buildProfileMe({ status }))),
      http.post('/api/profile/set-status', async ({ request }) => {
        status = ((await request.json()) as { status: string }).status;
        return HttpResponse.json({ status });
      }),
    );
    const { user } = renderWithMember(<ProfileCard />);
    await user.click(await screen.findByRole('button', { name: /Set a status/ }));
    await user.type(screen.getByRole('textbox', { name: 'Status' }), 'Recording vocals{Enter}');
    expect(await screen.findByRole('button', { name: /Recording vocals/ })).toBeInTheDocument();
    expect(requestsTo('/api/profile/set-status', 'POST').map((r) => r.body)).toEqual([
      JSON.stringify({ status: 'Recording vocals' }),
    ]);
  });

  it("says 'Failed to load profile' when the profile cannot be read", async () => {
    server.use(http.get('/api/profile/me', () => errorResponse(400, 'validation_failed')));
    renderWithMember(<ProfileCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile');
  });
});
