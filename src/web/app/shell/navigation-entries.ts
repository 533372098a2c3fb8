import { LayoutDashboard, type LucideIcon, Music, Settings, Sparkles, Timer, Users } from 'lucide-react';

export type NavigationEntry = { label: string; to: string; icon: LucideIcon };

/** Part 1 §2 "App shell": the side navigation's entries, in this order. */
export const navigationEntries: readonly NavigationEntry[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Focus', to: '/focus', icon: Timer },
  { label: 'AI Studio', to: '/studio', icon: Sparkles },
  { label: 'Community', to: '/community', icon: Users },
  { label: 'Music', to: '/music', icon: Music },
  { label: 'Settings', to: '/settings', icon: Settings },
];
