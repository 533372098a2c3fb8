import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { NotificationsCard } from '#web/features/notifications/components/notifications-card.tsx';
import { useNotificationLiveUpdates } from '#web/features/notifications/hooks/use-notification-live-updates.ts';

/** Settings' Notifications card for a signed-in member (the fake API: notifications-handlers.ts). */
export function renderNotificationsCard() {
  return renderWithMember(
    <MemoryRouter initialEntries={['/settings']}>
      <NotificationsCard />
    </MemoryRouter>,
  );
}

/** Where the app is: what following a notification changes. */
function Where() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

function Shell({ variant }: { variant: 'popover' | 'dialog' }) {
  useNotificationLiveUpdates();
  return (
    <>
      <NotificationBell variant={variant} />
      <Where />
    </>
  );
}

/** The shell's bell as the shell mounts it (with the live updates), under a router whose address a test reads. */
export function renderBell(variant: 'popover' | 'dialog' = 'popover') {
  return renderWithMember(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="*" element={<Shell variant={variant} />} />
      </Routes>
    </MemoryRouter>,
  );
}
