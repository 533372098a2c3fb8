import { Bell, Send } from 'lucide-react';
import { useId } from 'react';
import { deviceOfUserAgent } from '#shared/device-of-user-agent.ts';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { toast } from '#web/ui/toast.ts';
import { useNotificationSettings } from '../api/notification-settings.ts';
import { usePushDevices, useSendTestNotification } from '../api/push-devices.ts';
import { useThisDevicePush } from '../hooks/use-this-device-push.ts';
import { NotificationPreferencesForm } from './notification-preferences-form.tsx';
import { PushDeviceList } from './push-device-list.tsx';
import { PushDeviceSection } from './push-device-section.tsx';

/** "Chrome on Linux", or as much of it as the browser says: the name this device is listed by. */
function thisDeviceName(t: Translate): string {
  const { browser, os } = deviceOfUserAgent(navigator.userAgent);
  if (browser && os) return t('notifications.push.deviceName', { browser, os });
  if (browser) return browser;
  if (os) return t('notifications.push.browserOn', { os });
  return t('notifications.push.unknownDevice');
}

/**
 * Settings' "Notifications" card: push on this device (the browser asks for permission only when the member
 * presses Enable), the member's devices with Remove, a test notification, and per type push and in-app with
 * quiet hours.
 */
export function NotificationsCard() {
  const t = useT();
  const id = useId();
  const { user } = useAuth();
  const devices = usePushDevices();
  const settings = useNotificationSettings();
  const push = useThisDevicePush(user?.id ?? 0, thisDeviceName(t));
  const sendTest = useSendTestNotification();
  // This browser counts as on only while the server still lists its device (removed elsewhere, it is not).
  const listed = devices.data?.some((device) => device.id === push.thisDeviceId) ?? false;
  const thisDeviceId = listed ? push.thisDeviceId : null;

  function test() {
    sendTest.mutate(undefined, {
      onSuccess: ({ devices: count }) => toast.success(t('notifications.test.sent', { count })),
      onError: () => toast.error(t('notifications.test.failed')),
    });
  }

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold text-(--ink)">
        <Bell aria-hidden="true" className="size-5 text-(--accent)" />
        {t('notifications.settings.heading')}
      </h2>
      <p className="text-sm text-(--ink-muted)">{t('notifications.settings.help')}</p>

      <section aria-labelledby={`${id}-push`} className="flex flex-col gap-3">
        <h3 id={`${id}-push`} className="font-bold text-(--ink)">
          {t('notifications.push.heading')}
        </h3>
        <PushDeviceSection
          availability={push.availability}
          checking={push.checking || (push.thisDeviceId !== null && devices.isPending)}
          on={thisDeviceId !== null}
          enable={push.enable}
          disable={push.disable}
        />
      </section>

      <section aria-labelledby={`${id}-devices`} className="flex flex-col gap-3">
        <h3 id={`${id}-devices`} className="font-bold text-(--ink)">
          {t('notifications.devices.heading')}
        </h3>
        <PushDeviceList
          devices={devices}
          thisDeviceId={thisDeviceId}
          onRemoveThis={() => push.disable.mutate()}
          removingThis={push.disable.isPending}
        />
        <Button variant="secondary" className="self-start" busy={sendTest.isPending} onClick={test}>
          <Send aria-hidden="true" className="size-4" />
          {t('notifications.test.send')}
        </Button>
      </section>

      <section aria-labelledby={`${id}-preferences`} className="flex flex-col gap-3">
        <h3 id={`${id}-preferences`} className="font-bold text-(--ink)">
          {t('notifications.preferences.heading')}
        </h3>
        <QueryState query={settings} what={t('notifications.preferences.what')}>
          {(loaded) => <NotificationPreferencesForm settings={loaded} />}
        </QueryState>
      </section>
    </GlassPanel>
  );
}
