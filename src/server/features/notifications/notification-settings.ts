import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { notificationSettings, profiles } from '#server/db/schema.ts';
import { assertTimeZone } from '#server/lib/data/time-zone.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/language.ts';
import {
  DEFAULT_NOTIFICATION_CHANNELS,
  type NotificationChannels,
  type NotificationKind,
  type NotificationSettings,
  notificationChannelsSchema,
  notificationTypes,
  type updateNotificationSettingsRequestSchema,
} from '#shared/notifications.ts';

type SettingsUpdate = z.infer<typeof updateNotificationSettingsRequestSchema>;

/** Every type on, push and in-app, no quiet hours: what a member who never opened the settings gets. */
function defaultTypes(): NotificationSettings['types'] {
  return Object.fromEntries(
    notificationTypes.map((type) => [type, { ...DEFAULT_NOTIFICATION_CHANNELS }]),
  ) as NotificationSettings['types'];
}

/** A stored `types` value, read leniently: a type missing or malformed in it is on (the default). */
function typesOf(stored: unknown): NotificationSettings['types'] {
  const types = defaultTypes();
  if (stored && typeof stored === 'object') {
    for (const type of notificationTypes) {
      const parsed = notificationChannelsSchema.safeParse((stored as Record<string, unknown>)[type]);
      if (parsed.success) types[type] = parsed.data;
    }
  }
  return types;
}

/** What a notification is sent with: the member's settings, and the language it is worded in. */
export type Recipient = { settings: NotificationSettings; language: Language };

/**
 * The member's settings, defaults where none are saved; the zone is the saved one, else the profile's, else UTC.
 * The language is the profile's (the interface's on every device), else English.
 */
export async function readRecipient(db: Db, userId: number): Promise<Recipient> {
  const [[saved], [profile]] = await Promise.all([
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    db
      .select({ timeZone: profiles.timeZone, language: profiles.language })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
  ]);
  const row = saved
    ? { ...saved, profileZone: profile?.timeZone ?? null, language: profile?.language ?? null }
    : {
        types: {},
        quietStart: null,
        quietEnd: null,
        timeZone: null,
        profileZone: profile?.timeZone ?? null,
        language: profile?.language ?? null,
      };
  const quiet = row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null;
  return {
    settings: {
      types: typesOf(row.types),
      quiet_hours: quiet,
      time_zone: row.timeZone ?? row.profileZone ?? 'UTC',
    },
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
  };
}

export async function readSettings(db: Db, userId: number): Promise<NotificationSettings> {
  return (await readRecipient(db, userId)).settings;
}

/** Saves what the update names over the settings as they stand (one row per member, made on first save). */
export async function saveSettings(
  db: Db,
  userId: number,
  update: SettingsUpdate,
): Promise<NotificationSettings> {
  const current = await readSettings(db, userId);
  const next: NotificationSettings = {
    types: update.types ?? current.types,
    quiet_hours: update.quiet_hours === undefined ? current.quiet_hours : update.quiet_hours,
    time_zone: update.time_zone === undefined ? current.time_zone : assertTimeZone(update.time_zone),
  };
  const values = {
    types: next.types,
    quietStart: next.quiet_hours?.start ?? null,
    quietEnd: next.quiet_hours?.end ?? null,
    timeZone: next.time_zone,
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: sql`now()` } });
  return next;
}

/** Whether a kind goes to the centre and by push. The test the member asks for always goes both ways. */
export function channelsOf(settings: NotificationSettings, kind: NotificationKind): NotificationChannels {
  return kind === 'push.test' ? { push: true, in_app: true } : settings.types[kind];
}

/**
 * Whether `at` falls in the member's quiet hours, read on their clock: [start, end), across midnight when end
 * comes before start (22:00–07:00); start = end is no quiet time at all.
 */
export function inQuietHours(settings: NotificationSettings, at: Date): boolean {
  const quiet = settings.quiet_hours;
  if (!quiet || quiet.start === quiet.end) return false;
  const local = format(at, 'HH:mm', { in: tz(settings.time_zone) });
  return quiet.start < quiet.end
    ? local >= quiet.start && local < quiet.end
    : local >= quiet.start || local < quiet.end;
}
