import { badgesArchive } from '#server/features/badges/badges.archive.ts';
import { chatArchive } from '#server/features/chat/chat.archive.ts';
import { createCommunityArchive } from '#server/features/community/community.archive.ts';
import { mediaArchive } from '#server/features/media/media.archive.ts';
import { musicArchive } from '#server/features/music/music.archive.ts';
import { pomodoroArchive } from '#server/features/pomodoro/pomodoro.archive.ts';
import { createProfileArchive } from '#server/features/profile/profile.archive.ts';
import { quickActionsArchive } from '#server/features/quick-actions/quick-actions.archive.ts';
import { tasksArchive } from '#server/features/tasks/tasks.archive.ts';
import { widgetsArchive } from '#server/features/widgets/widgets.archive.ts';
import type { ArchiveAdapter } from '#server/lib/data/archive-adapter.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import type { AllowedModels } from '#server/providers/allowed-models.ts';

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
