import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { AppearanceProvider } from '#web/features/themes/components/appearance-provider.tsx';

/** A settings part as the app shell gives it: a member, a router and the appearance (theme) provider. */
export function renderSettings(ui: ReactNode, path = '/settings') {
  return renderWithMember(
    <MemoryRouter initialEntries={[path]}>
      <AppearanceProvider>{ui}</AppearanceProvider>
    </MemoryRouter>,
  );
}
