import { useSearchParams } from 'react-router';
import { YourDataCard } from '#web/features/account/components/your-data-card.tsx';
import { AiSettingsTab } from '#web/features/ai/components/ai-settings-tab.tsx';
import { AiStatusCard } from '#web/features/ai/components/ai-status-card.tsx';
import { SessionsCard } from '#web/features/auth/components/sessions-card.tsx';
import { CalendarFeedCard } from '#web/features/calendar-feed/components/calendar-feed-card.tsx';
import { CalendarSubscriptionsCard } from '#web/features/calendar-subscriptions/components/calendar-subscriptions-card.tsx';
import { LanguageCard } from '#web/features/language/components/language-card.tsx';
import { StorageUsageCard } from '#web/features/media/components/storage-usage-card.tsx';
import { NotificationsCard } from '#web/features/notifications/components/notifications-card.tsx';
import { AboutGeneratorTab } from '#web/features/profile/components/about-generator-tab.tsx';
import { AccountCard } from '#web/features/profile/components/account-card.tsx';
import { AvatarMagicTab } from '#web/features/profile/components/avatar-magic-tab.tsx';
import { CosmicWallpapersTab } from '#web/features/profile/components/cosmic-wallpapers-tab.tsx';
import { ProfileInfoTab } from '#web/features/profile/components/profile-info-tab.tsx';
import { useProfileDraft } from '#web/features/profile/hooks/use-profile-draft.ts';
import { KeyboardShortcutsCard } from '#web/features/shortcuts/components/keyboard-shortcuts-card.tsx';
import { ColorThemesTab } from '#web/features/themes/components/color-themes-tab.tsx';
import { ConnectedAppsCard } from '#web/features/tokens/components/connected-apps-card.tsx';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { PageHeader } from '#web/ui/page-header.tsx';
import { type Tab, TabList } from '#web/ui/tab-list.tsx';

type SettingsTabId = 'profile' | 'avatar' | 'about' | 'wallpapers' | 'themes' | 'ai';

/** The tabs in their order, named by their messages. */
const tabs: readonly { id: SettingsTabId; label: MessageKey }[] = [
  { id: 'profile', label: 'app.settings.tabs.profile' },
  { id: 'avatar', label: 'app.settings.tabs.avatar' },
  { id: 'about', label: 'app.settings.tabs.about' },
  { id: 'wallpapers', label: 'app.settings.tabs.wallpapers' },
  { id: 'themes', label: 'app.settings.tabs.themes' },
  { id: 'ai', label: 'app.settings.tabs.ai' },
];

function isTabId(value: string | null): value is SettingsTabId {
  return tabs.some((tab) => tab.id === value);
}

/**
 * /settings: the six tabs, the Account Information card and the AI services status card, and ours
 * beside them (sessions, language, notifications, connected apps, the calendar feed and subscriptions, storage,
 * shortcuts, your data). The open tab is in the address (`?tab=`), so a reload or a shared link opens it. This page composes the profile,
 * themes and generation features, as the app's pages do.
 */
export function SettingsPage() {
  const t = useT();
  const shownTabs: Tab<SettingsTabId>[] = tabs.map((tab) => ({ id: tab.id, label: t(tab.label) }));
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const selected: SettingsTabId = isTabId(requested) ? requested : 'profile';
  const form = useProfileDraft();

  function select(tab: SettingsTabId) {
    setParams(tab === 'profile' ? {} : { tab }, { replace: true });
  }

  return (
    <>
      <PageHeader title={t('app.settings.title')}>{t('app.settings.intro')}</PageHeader>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_18rem] xl:items-start">
        <TabList
          idPrefix="settings"
          label={t('app.settings.tabsLabel')}
          overflow="wrap"
          tabs={shownTabs}
          selected={selected}
          onSelect={select}
          panel={(tab) => {
            switch (tab) {
              case 'profile':
                return <ProfileInfoTab form={form} />;
              case 'avatar':
                return <AvatarMagicTab />;
              case 'about':
                return <AboutGeneratorTab form={form} />;
              case 'wallpapers':
                return <CosmicWallpapersTab />;
              case 'themes':
                // Mounted only while open: leaving the tab ends a Reset or Random preview.
                return selected === 'themes' ? <ColorThemesTab /> : null;
              case 'ai':
                return <AiSettingsTab />;
            }
          }}
        />
        <aside aria-label={t('app.settings.account')} className="flex flex-col gap-6">
          <AccountCard />
          <SessionsCard />
          <LanguageCard />
          <NotificationsCard />
          <ConnectedAppsCard />
          <CalendarFeedCard />
          <CalendarSubscriptionsCard />
          <AiStatusCard />
          <KeyboardShortcutsCard />
          <StorageUsageCard />
          <YourDataCard />
        </aside>
      </div>
    </>
  );
}
