import { z } from 'zod';
import { AI_LIMITS, aiProviderIdSchema, chatRoleSchema, modelIdSchema } from './ai.ts';
import { CHAT_LIMITS } from './chat.ts';
import {
  aiHelpersSchema,
  COMMUNITY_LIMITS,
  commentBodySchema,
  postBodySchema,
  postLangSchema,
  postTitleSchema,
} from './community.ts';
import { cutText } from './cut-text.ts';
import { widgetTypeSchema } from './embeds.ts';
import {
  MEDIA_LIMITS,
  mediaModelIdSchema,
  mediaPromptSchema,
  mediaTitleSchema,
  mediaTypeSchema,
} from './media.ts';
import { startPomodoroRequestSchema } from './pomodoro.ts';
import { languageSchema, PROFILE_LIMITS, statusSchema, wallpaperCssSchema } from './profile.ts';
import {
  quickActionCategorySchema,
  quickActionIconSchema,
  quickActionLabelSchema,
  quickActionPayloadSchema,
} from './quick-actions.ts';
import {
  checklistInputSchema,
  dueDateSchema,
  dueTimeSchema,
  remindersSchema,
  repeatFromSchema,
  TASK_PLAN_LIMITS,
  taskLabelsSchema,
  taskStatusSchema,
  taskTitleSchema,
} from './tasks.ts';
import { reason, sharedText } from './texts.ts';
import { panelThemeIdSchema, themeTokensSchema, tokenThemeNameSchema } from './themes.ts';
import { timeZoneSchema } from './time-zone.ts';
import { createWidgetRequestSchema } from './widgets.ts';

/**
 * The archive a member exports and imports ("Your data"): a zip with one JSON document per kind, the
 * media files beside them, a README describing it and `manifest.json` naming the format and its version. Ids in
 * the archive are the archive's own (the exporting server's row ids): they let one document point into another
 * (a message into its thread, a comment into its post, a media item to its file) and are re-mapped on import,
 * never written as they are. Nothing here names a member: whoever imports it owns what it makes.
 */

export const ARCHIVE_FORMAT = 'lumara-account-archive';
export const ARCHIVE_VERSION = 1;

/**
 * The limits an archive must keep to be read at all (hostile archives: zip bombs, endless entries, documents that
 * would take the server's memory). Each document is read, parsed and checked off the main thread, and no larger
 * than a few MB: a member's data of a kind that grows (tasks, sessions, messages) fits, a document that unpacks to
 * hundreds of MB from a few KB does not. The media files are held to the server's own `MEDIA_MAX_BYTES` as
 * uploads are; `fileBytesMax` is the most any configuration allows.
 */
export const ARCHIVE_LIMITS = {
  /** The upload itself. */
  archiveBytesMax: 2 * 1024 * 1024 * 1024,
  /** Entries in the zip's directory. */
  entriesMax: 50_000,
  /**
   * One JSON document (a list of items, or one part of a long list), unpacked. A list that outgrows it continues
   * in parts (`archivePartFile`): what bounds the memory a document takes to read is its own size.
   */
  documentBytesMax: 8 * 1024 * 1024,
  /** The size the export aims its parts at, well under `documentBytesMax` so one more item never passes it. */
  partBytesTarget: 4 * 1024 * 1024,
  /** Parts of one list, its first document included. */
  partsMax: 64,
  /** The documents that are one object (`manifest.json`, `profile.json`, `README.md`): a few KB when honest. */
  smallDocumentBytesMax: 256 * 1024,
  /** All the JSON documents together, unpacked: what an import holds in memory while it is planned. */
  documentsBytesMax: 64 * 1024 * 1024,
  /** One media file, unpacked, whatever `MEDIA_MAX_BYTES` says. */
  fileBytesMax: 1024 * 1024 * 1024,
  /** Everything unpacked together. */
  unpackedBytesMax: 4 * 1024 * 1024 * 1024,
  /** Rows of one kind, all its parts together. */
  itemsMax: 100_000,
} as const;

const instant = z.iso.datetime({ offset: true });
const archiveId = z.number().int().positive().max(2_147_483_647);
const text = (max: number) => z.string().max(max);

/** The archive's own paths: `media/<id>.<ext>` and `profile/avatar.<ext>`, never absolute, never `..`. */
export const archiveFilePathSchema = z
  .string()
  .max(200)
  .regex(/^(media|profile)\/[a-z0-9_-]+\.[a-z0-9]{1,8}$/, reason('shared.archive.notAFilePath'));

// Every field a route takes is held to that route's own schema (trimmed, bounded, refused as the route refuses
// it): an archive is no way around them.

export const archiveProfileSchema = z.object({
  display_name: text(PROFILE_LIMITS.displayNameMax).nullable(),
  about: text(PROFILE_LIMITS.aboutMax).nullable(),
  tags: z.array(text(PROFILE_LIMITS.tagMax)).max(PROFILE_LIMITS.tagsMax),
  status: statusSchema.nullable(),
  theme: panelThemeIdSchema.nullable(),
  theme_name: tokenThemeNameSchema.nullable(),
  theme_tokens: themeTokensSchema.nullable(),
  time_zone: timeZoneSchema.nullable(),
  // Added after version 1 was first written: an archive without it is still version 1.
  language: languageSchema.nullable().default(null),
  ai_provider: aiProviderIdSchema.nullable(),
  ai_model: modelIdSchema.nullable(),
  wallpaper_css: wallpaperCssSchema.nullable(),
  avatar_file: archiveFilePathSchema.nullable(),
  wallpaper_file: archiveFilePathSchema.nullable(),
});

/** The profile document of a member who set nothing. */
export const EMPTY_ARCHIVE_PROFILE: z.infer<typeof archiveProfileSchema> = {
  display_name: null,
  about: null,
  tags: [],
  status: null,
  theme: null,
  theme_name: null,
  theme_tokens: null,
  time_zone: null,
  language: null,
  ai_provider: null,
  ai_model: null,
  wallpaper_css: null,
  avatar_file: null,
  wallpaper_file: null,
};

/** One completion of a task: its occurrence (a repeating task's due date then; null for one that does not). */
export const archiveTaskCompletionSchema = z.object({
  occurrence: z.iso.date().nullable(),
  completed_at: instant,
});

/** Completions of one task an archive may hold: a daily task completed for years, and a bound. */
export const ARCHIVE_TASK_COMPLETIONS_MAX = 20_000;

export const archiveTaskSchema = z.object({
  id: archiveId,
  title: taskTitleSchema,
  status: taskStatusSchema,
  labels: taskLabelsSchema,
  due_date: dueDateSchema,
  position: z.number().finite(),
  created_at: instant,
  updated_at: instant,
  completed_at: instant.nullable(),
  // The plan fields, added after version 1 was first written: an archive without them is still version 1, its
  // tasks without a plan. The import holds them to the task routes' rules (a repeat it reads, a date for a time).
  notes: z.string().max(TASK_PLAN_LIMITS.notesMax).nullable().default(null),
  due_time: dueTimeSchema.nullable().default(null),
  repeat: z.string().trim().min(1).max(TASK_PLAN_LIMITS.repeatMax).nullable().default(null),
  repeat_from: repeatFromSchema.default('due'),
  checklist: checklistInputSchema.default([]),
  reminders: remindersSchema.default([]),
  time_zone: timeZoneSchema.default('UTC'),
  last_completed_at: instant.nullable().default(null),
  /** Absent in an older archive: a completed task then had the one completion its `completed_at` says. */
  completions: z.array(archiveTaskCompletionSchema).max(ARCHIVE_TASK_COMPLETIONS_MAX).optional(),
});

export const archivePomodoroSessionSchema = z.object({
  id: archiveId,
  duration_minutes: startPomodoroRequestSchema.shape.duration_minutes,
  time_zone: timeZoneSchema,
  started_at: instant,
  completed_at: instant.nullable(),
});

/** Badges are exported for the member to read; an import never takes them, it earns them again from the rows. */
export const archiveBadgeSchema = z.object({ badge_type: text(100), earned_at: instant });

/**
 * A message of a chat. What the member wrote is held to the chat route's limit; what a model wrote is cut to
 * `AI_LIMITS.messageMax`, as every model answer is (the document's own size bounds what is read).
 */
export const archiveChatMessageSchema = z
  .object({
    role: chatRoleSchema,
    content: z.string(),
    provider: text(100).nullable(),
    model: text(200).nullable(),
    stopped: z.boolean(),
    created_at: instant,
  })
  .superRefine((message, context) => {
    if (message.role === 'user' && message.content.length > CHAT_LIMITS.contentMax) {
      context.addIssue({
        code: 'custom',
        path: ['content'],
        message: sharedText('shared.limits.atMostCharacters', { max: CHAT_LIMITS.contentMax }),
      });
    }
  })
  .transform((message) =>
    message.role === 'user'
      ? message
      : { ...message, content: cutText(message.content, AI_LIMITS.messageMax) },
  );

export const archiveChatThreadSchema = z.object({
  id: archiveId,
  title: z.string().trim().min(1).max(CHAT_LIMITS.titleMax),
  /** Cut on import to what the chat's own summaries keep. */
  memory: z.string(),
  archived_at: instant.nullable(),
  created_at: instant,
  updated_at: instant,
  messages: z.array(archiveChatMessageSchema).max(ARCHIVE_LIMITS.itemsMax),
});

export const archiveQuickActionSchema = z.object({
  label: quickActionLabelSchema,
  icon: quickActionIconSchema,
  category: quickActionCategorySchema,
  payload: quickActionPayloadSchema,
  created_at: instant,
});

export const archiveMediaItemSchema = z.object({
  id: archiveId,
  media_type: mediaTypeSchema,
  content_type: text(200),
  size_bytes: z.number().int().min(0),
  source_url: text(MEDIA_LIMITS.urlMax),
  prompt: mediaPromptSchema,
  title: mediaTitleSchema,
  model_id: mediaModelIdSchema,
  is_favorite: z.boolean(),
  created_at: instant,
  /** Where the file is in the archive; null when the store had lost it at export. */
  file: archiveFilePathSchema.nullable(),
});

export const archiveTrackSchema = z.object({
  title: text(500).min(1),
  suno_url: text(2_000).min(1),
  embed_src: text(2_000).nullable(),
  created_at: instant,
});

export const archiveWidgetSchema = z.object({
  type: widgetTypeSchema,
  title: createWidgetRequestSchema.shape.title,
  url: text(2_000).nullable(),
  col_span: createWidgetRequestSchema.shape.col_span,
  row_span: createWidgetRequestSchema.shape.row_span,
  order_index: createWidgetRequestSchema.shape.order_index,
  created_at: instant,
});

export const archivePostSchema = z.object({
  id: archiveId,
  title: postTitleSchema,
  body: postBodySchema,
  lang: postLangSchema,
  images: z.array(text(MEDIA_LIMITS.urlMax)).max(20),
  ai_meta: z.object({ helpers: aiHelpersSchema }).nullable(),
  created_at: instant,
  updated_at: instant,
});

/**
 * A comment the member wrote. `post_id` is the archive's post when the post is the member's own (then it is
 * imported with it); a comment on another member's post keeps that post's title for the member to read, and is
 * not imported (the post is someone else's, and may not exist where the archive goes).
 */
export const archiveCommentSchema = z.object({
  post_id: archiveId.nullable(),
  post_title: text(COMMUNITY_LIMITS.titleMax),
  body: commentBodySchema,
  helpful_at: instant.nullable(),
  created_at: instant,
});

/** A like the member gave, as a comment points at its post. */
export const archiveLikeSchema = z.object({
  post_id: archiveId.nullable(),
  post_title: text(COMMUNITY_LIMITS.titleMax),
  created_at: instant,
});

const items = <S extends z.ZodType>(item: S) => z.array(item).max(ARCHIVE_LIMITS.itemsMax);

/** Every document of the archive: its file name, and what it holds. */
export const archiveDocuments = {
  profile: { file: 'profile.json', schema: archiveProfileSchema },
  tasks: { file: 'tasks.json', schema: items(archiveTaskSchema) },
  pomodoro_sessions: { file: 'pomodoro-sessions.json', schema: items(archivePomodoroSessionSchema) },
  badges: { file: 'badges.json', schema: items(archiveBadgeSchema) },
  chat_threads: { file: 'chat-threads.json', schema: items(archiveChatThreadSchema) },
  quick_actions: { file: 'quick-actions.json', schema: items(archiveQuickActionSchema) },
  media: { file: 'media.json', schema: items(archiveMediaItemSchema) },
  music_tracks: { file: 'music-tracks.json', schema: items(archiveTrackSchema) },
  widgets: { file: 'widgets.json', schema: items(archiveWidgetSchema) },
  community_posts: { file: 'community-posts.json', schema: items(archivePostSchema) },
  community_comments: { file: 'community-comments.json', schema: items(archiveCommentSchema) },
  community_likes: { file: 'community-likes.json', schema: items(archiveLikeSchema) },
} as const;

export type ArchiveKind = keyof typeof archiveDocuments;
export const archiveKinds = Object.keys(archiveDocuments) as ArchiveKind[];
/** The documents that are lists of items (every one but the profile), which may continue in parts. */
export type ArchiveListKind = Exclude<ArchiveKind, 'profile'>;
export const archiveListKinds = archiveKinds.filter((kind): kind is ArchiveListKind => kind !== 'profile');

/**
 * The file of a list's `part`: its document for the first (`tasks.json`), then `tasks-2.json`, `tasks-3.json`… A
 * list longer than one document may be is written in parts, in order, each a JSON list of the next items.
 */
export function archivePartFile(kind: ArchiveListKind, part: number): string {
  const file = archiveDocuments[kind].file;
  return part === 1 ? file : file.replace(/\.json$/, `-${part}.json`);
}
export type ArchiveContents = { [K in ArchiveKind]: z.infer<(typeof archiveDocuments)[K]['schema']> };

/** `manifest.json`: what the archive is, and how many of each kind it holds. */
export const archiveManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  exported_at: instant,
  counts: z.record(z.string(), z.number().int().min(0)),
});
export type ArchiveManifest = z.infer<typeof archiveManifestSchema>;
