import type { User } from '#shared/auth.ts';
import { buildUser } from '#web/testing/build-user.ts';
import { renderWithMember } from '#web/testing/render-with-member.tsx';
import { CommunityPage } from '../components/community-page.tsx';

/** The community page with a fresh query client, signed in as `user` (ME by default). */
export function renderCommunity(user: User = buildUser()) {
  return renderWithMember(<CommunityPage />, user);
}
