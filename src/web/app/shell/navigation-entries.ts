import {
  ChartColumn,
  LayoutDashboard,
  type LucideIcon,
  Music,
  Settings,
  Sparkles,
  Timer,
  Users,
} from 'lucide-react';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/** `label` is the entry's message: translate it where it is shown. */
export type NavigationEntry = { label: MessageKey; to: string; icon: LucideIcon };

/** The side navigation's entries, in this order. */
export const navigationEntries: readonly NavigationEntry[] = [
  { label: 'app.nav.dashboard', to: '/', icon: LayoutDashboard },
  { label: 'app.nav.focus', to: '/focus', icon: Timer },
  { label: 'app.nav.insights', to: '/insights', icon: ChartColumn },
  { label: 'app.nav.studio', to: '/studio', icon: Sparkles },
  { label: 'app.nav.community', to: '/community', icon: Users },
  { label: 'app.nav.music', to: '/music', icon: Music },
  { label: 'app.nav.settings', to: '/settings', icon: Settings },
];
