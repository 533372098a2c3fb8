import { MemoryRouter, useLocation } from 'react-router';
import type { User } from '#shared/auth.ts';
import { buildUser } from '#tests/factories/build-user.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { CommunityPage } from '#web/features/community/components/community-page.tsx';

/** The address the page is at, for tests of what it reads from it and takes out again. */
export let currentAddress = '';

function AddressProbe() {
  const location = useLocation();
  currentAddress = `${location.pathname}${location.search}`;
  return null;
}

/** The community page with a fresh query client, signed in as `user` (ME by default), at `address`. */
export function renderCommunity(user: User = buildUser(), address = '/community') {
  // Under a router, as the app renders it: the page reads its address (`?post=`, `?draft_title=`).
  return renderWithMember(
    <MemoryRouter initialEntries={[address]}>
      <CommunityPage />
      <AddressProbe />
    </MemoryRouter>,
    user,
  );
}
