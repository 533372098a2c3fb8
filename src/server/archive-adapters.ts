import { badgesArchive } from './features/badges/badges.archive.ts';
import { chatArchive } from './features/chat/chat.archive.ts';
import { createCommunityArchive } from './features/community/community.archive.ts';
import { mediaArchive } from './features/media/media.archive.ts';
import { musicArchive } from './features/music/music.archive.ts';
import { pomodoroArchive } from './features/pomodoro/pomodoro.archive.ts';
import { createProfileArchive } from './features/profile/profile.archive.ts';
import { quickActionsArchive } from './features/quick-actions/quick-actions.archive.ts';
import { tasksArchive } from './features/tasks/tasks.archive.ts';
import { widgetsArchive } from './features/widgets/widgets.archive.ts';
import type { ArchiveAdapter } from './lib/data/archive-adapter.ts';
import type { EventBus } from './lib/infra/event-bus.ts';
import type { AllowedModels } from './providers/allowed-models.ts';

/**
 * Every feature's part of a member's archive, composed here so the account feature drives them without knowing
 * any: it exports what they collect and imports what they plan, in this order.
 */
export function createArchiveAdapters(deps: {
  events: EventBus;
  models: AllowedModels;
}): readonly ArchiveAdapter[] {
  return [
    createProfileArchive(deps),
    tasksArchive,
    pomodoroArchive,
    badgesArchive,
    chatArchive,
    quickActionsArchive,
    mediaArchive,
    musicArchive,
    widgetsArchive,
    createCommunityArchive(deps),
  ];
}
