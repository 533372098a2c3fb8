import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfileMe } from '#tests/factories/build-profile.ts';
import { errorResponse, jsonResponse, stubFetch } from '#tests/web-kit/fetch-stub.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { ProfileCard } from './profile-card.tsx';

describe('ProfileCard', () => {
  it('shows the default name with the initials fallback L, the stats, and no status yet', async () => {
    stubFetch((request) =>
      request.path.startsWith('/api/profile/me') ? jsonResponse(buildProfileMe()) : undefined,
    );
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
    stubFetch((request) =>
      request.path.startsWith('/api/profile/me')
        ? jsonResponse(buildProfileMe({ display_name: 'Ada', avatar_url: '/api/avatars/1/a.png' }))
        : undefined,
    );
    const { container } = renderWithMember(<ProfileCard />);
    await screen.findByText('Ada');
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/avatars/1/a.png');
  });

  it('saves an edited status with POST /api/profile/set-status and shows it at once', async () => {
    let status: string | null = null;
    const fetchStub = stubFetch((request) => {
      if (request.path.startsWith('/api/profile/me')) return jsonResponse(buildProfileMe({ status }));
      if (request.path === '/api/profile/set-status') {
        status = (JSON.parse(request.body ?? '{}') as { status: string }).status;
        return jsonResponse({ status });
      }
      return undefined;
    });
    const { user } = renderWithMember(<ProfileCard />);
    await user.click(await screen.findByRole('button', { name: /Set a status/ }));
    await user.type(screen.getByRole('textbox', { name: 'Status' }), 'Recording vocals{Enter}');
    expect(await screen.findByRole('button', { name: /Recording vocals/ })).toBeInTheDocument();
    expect(fetchStub.requestsTo('/api/profile/set-status', 'POST').map((r) => r.body)).toEqual([
      JSON.stringify({ status: 'Recording vocals' }),
    ]);
  });

  it("says 'Failed to load profile' when the profile cannot be read", async () => {
    stubFetch((request) =>
      request.path.startsWith('/api/profile/me') ? errorResponse(400, 'validation_failed') : undefined,
    );
    renderWithMember(<ProfileCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile');
  });
});
