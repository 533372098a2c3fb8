import { MemoryRouter } from 'react-router';
import type { User } from '#shared/auth.ts';
import { buildUser } from '#tests/factories/build-user.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { CommunityPage } from '#web/features/community/components/community-page.tsx';

/** The community page with a fresh query client, signed in as `user` (ME by default). */
export function renderCommunity(user: User = buildUser()) {
  // Under a router, as the app renders it: the page reads its address (`?post=`).
  return renderWithMember(
    <MemoryRouter initialEntries={['/community']}>
      <CommunityPage />
    </MemoryRouter>,
    user,
  );
}
