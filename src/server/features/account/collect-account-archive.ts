import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import {
  badges,
  chatMessages,
  chatThreads,
  communityPosts,
  media,
  pomodoroSessions,
  postComments,
  postLikes,
  profiles,
  quickActions,
  tasks,
  tracks,
  widgets,
} from '#server/db/schema.ts';
import type { MediaStore } from '#server/lib/media-store.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  type ArchiveContents,
  type ArchiveManifest,
  archiveKinds,
} from '#shared/account-archive.ts';
import { aiProviderIdSchema, modelIdSchema } from '#shared/ai.ts';
import { languageSchema, wallpaperCssSchema } from '#shared/profile.ts';
import { quickActionPayloadSchema } from '#shared/quick-actions.ts';
import { panelThemeIdSchema, themeTokensSchema, tokenThemeNameSchema } from '#shared/themes.ts';
import { timeZoneSchema } from '#shared/time-zone.ts';

/** A stored file the archive carries: where it goes in the zip, where it is in the store, and its size. */
export type ArchiveFile = { path: string; key: string; size: number };

export type AccountArchive = { manifest: ArchiveManifest; contents: ArchiveContents; files: ArchiveFile[] };

const iso = (at: Date) => at.toISOString();

/**
 * A stored value as the archive's schema has it, or null when it is not one (a value from before a schema
 * tightened): the archive must stay importable, and a null profile field is simply not set.
 */
function validOrNull<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/** The archive's name for a stored file: its folder, its archive id, the store key's own extension. */
function archivePathOf(folder: 'media' | 'profile', name: string | number, key: string): string {
  const extension = /\.([a-z0-9]{1,8})$/.exec(key)?.[1] ?? 'bin';
  return `${folder}/${name}.${extension}`;
}

/**
 * A stored file as the archive will carry it, when the store still has it: its size is read from the store (not
 * from the row), since a zip written with the wrong size is a broken download.
 */
async function storedFile(
  store: MediaStore,
  key: string | null,
  path: (key: string) => string,
): Promise<ArchiveFile | null> {
  if (!key) return null;
  const size = await store.size(key);
  return size === null ? null : { path: path(key), key, size };
}

/**
 * Everything of one member's, as the archive describes it (`#shared/account-archive.ts`): rows read in one
 * snapshot of the database, files listed with their sizes (their bytes are read only as the zip is written).
 * Soft-deleted tasks are not the member's any more and are left out.
 */
export async function collectAccountArchive(
  db: Db,
  store: MediaStore,
  memberId: number,
  now: Date,
): Promise<AccountArchive> {
  const rows = await db.transaction(
    async (tx) => {
      const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, memberId));
      const threads = await tx
        .select()
        .from(chatThreads)
        .where(eq(chatThreads.userId, memberId))
        .orderBy(asc(chatThreads.id));
      const posts = await tx
        .select()
        .from(communityPosts)
        .where(eq(communityPosts.authorId, memberId))
        .orderBy(asc(communityPosts.id));
      return {
        profile,
        threads,
        posts,
        tasks: await tx
          .select()
          .from(tasks)
          .where(and(eq(tasks.userId, memberId), isNull(tasks.deletedAt)))
          .orderBy(asc(tasks.id)),
        sessions: await tx
          .select()
          .from(pomodoroSessions)
          .where(eq(pomodoroSessions.userId, memberId))
          .orderBy(asc(pomodoroSessions.id)),
        badges: await tx.select().from(badges).where(eq(badges.userId, memberId)).orderBy(asc(badges.id)),
        messages:
          threads.length === 0
            ? []
            : await tx
                .select()
                .from(chatMessages)
                .where(
                  and(
                    eq(chatMessages.userId, memberId),
                    inArray(
                      chatMessages.threadId,
                      threads.map((thread) => thread.id),
                    ),
                  ),
                )
                .orderBy(asc(chatMessages.id)),
        quickActions: await tx
          .select()
          .from(quickActions)
          .where(eq(quickActions.userId, memberId))
          .orderBy(asc(quickActions.id)),
        media: await tx.select().from(media).where(eq(media.userId, memberId)).orderBy(asc(media.id)),
        tracks: await tx.select().from(tracks).where(eq(tracks.userId, memberId)).orderBy(asc(tracks.id)),
        widgets: await tx.select().from(widgets).where(eq(widgets.userId, memberId)).orderBy(asc(widgets.id)),
        comments: await tx
          .select({
            comment: postComments,
            postTitle: communityPosts.title,
            postAuthor: communityPosts.authorId,
          })
          .from(postComments)
          .innerJoin(communityPosts, eq(communityPosts.id, postComments.postId))
          .where(eq(postComments.authorId, memberId))
          .orderBy(asc(postComments.id)),
        likes: await tx
          .select({ like: postLikes, postTitle: communityPosts.title, postAuthor: communityPosts.authorId })
          .from(postLikes)
          .innerJoin(communityPosts, eq(communityPosts.id, postLikes.postId))
          .where(eq(postLikes.userId, memberId))
          .orderBy(asc(postLikes.createdAt)),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const files: ArchiveFile[] = [];
  const keep = (file: ArchiveFile | null) => {
    if (file) files.push(file);
    return file?.path ?? null;
  };

  const mediaItems: ArchiveContents['media'] = [];
  for (const item of rows.media) {
    const file = keep(
      await storedFile(store, item.storageKey, (key) => archivePathOf('media', item.id, key)),
    );
    mediaItems.push({
      id: item.id,
      media_type: item.mediaType as ArchiveContents['media'][number]['media_type'],
      content_type: item.contentType,
      size_bytes: item.sizeBytes,
      source_url: item.sourceUrl,
      prompt: item.prompt,
      title: item.title,
      model_id: item.modelId,
      is_favorite: item.isFavorite,
      created_at: iso(item.createdAt),
      file,
    });
  }

  const profile = rows.profile;
  const contents: ArchiveContents = {
    profile: {
      display_name: profile?.displayName ?? null,
      about: profile?.about ?? null,
      tags: Array.isArray(profile?.tags) ? (profile.tags as string[]) : [],
      status: profile?.status ?? null,
      theme: validOrNull(panelThemeIdSchema, profile?.theme),
      theme_name: validOrNull(tokenThemeNameSchema, profile?.themeName),
      theme_tokens: validOrNull(themeTokensSchema, profile?.themeTokens),
      time_zone: validOrNull(timeZoneSchema, profile?.timeZone),
      language: validOrNull(languageSchema, profile?.language),
      ai_provider: validOrNull(aiProviderIdSchema, profile?.aiProvider),
      ai_model: validOrNull(modelIdSchema, profile?.aiModel),
      wallpaper_css: validOrNull(wallpaperCssSchema, profile?.wallpaperCss),
      avatar_file: keep(
        await storedFile(store, profile?.avatarKey ?? null, (key) => archivePathOf('profile', 'avatar', key)),
      ),
      wallpaper_file: keep(
        await storedFile(store, profile?.wallpaperKey ?? null, (key) =>
          archivePathOf('profile', 'wallpaper', key),
        ),
      ),
    },
    tasks: rows.tasks.map((task) => ({
      id: task.id,
      title: task.title,
      status: task.status,
      labels: task.labels,
      due_date: task.dueDate,
      position: task.position,
      created_at: iso(task.createdAt),
      updated_at: iso(task.updatedAt),
      completed_at: isoOrNull(task.completedAt),
    })),
    pomodoro_sessions: rows.sessions.map((session) => ({
      id: session.id,
      duration_minutes: session.durationMinutes,
      time_zone: session.timeZone,
      started_at: iso(session.startedAt),
      completed_at: isoOrNull(session.completedAt),
    })),
    badges: rows.badges.map((badge) => ({ badge_type: badge.badgeType, earned_at: iso(badge.earnedAt) })),
    chat_threads: rows.threads.map((thread) => ({
      id: thread.id,
      title: thread.title,
      memory: thread.memory,
      archived_at: isoOrNull(thread.archivedAt),
      created_at: iso(thread.createdAt),
      updated_at: iso(thread.updatedAt),
      messages: rows.messages
        .filter((message) => message.threadId === thread.id)
        .map((message) => ({
          role: message.role as ArchiveContents['chat_threads'][number]['messages'][number]['role'],
          content: message.content,
          provider: message.provider,
          model: message.model,
          stopped: message.stopped,
          created_at: iso(message.createdAt),
        })),
    })),
    quick_actions: rows.quickActions.map((action) => ({
      label: action.label,
      icon: action.icon,
      category: action.category,
      payload: quickActionPayloadSchema.parse(action.payload),
      created_at: iso(action.createdAt),
    })),
    media: mediaItems,
    music_tracks: rows.tracks.map((track) => ({
      title: track.title,
      suno_url: track.sunoUrl,
      embed_src: track.embedSrc,
      created_at: iso(track.createdAt),
    })),
    widgets: rows.widgets.map((widget) => ({
      type: widget.type,
      title: widget.title,
      url: widget.url,
      col_span: widget.colSpan,
      row_span: widget.rowSpan,
      order_index: widget.orderIndex,
      created_at: iso(widget.createdAt),
    })),
    community_posts: rows.posts.map((post) => ({
      id: post.id,
      title: post.title,
      body: post.body,
      lang: post.lang as ArchiveContents['community_posts'][number]['lang'],
      images: Array.isArray(post.images) ? (post.images as string[]) : [],
      ai_meta: (post.aiMeta as ArchiveContents['community_posts'][number]['ai_meta']) ?? null,
      created_at: iso(post.createdAt),
      updated_at: iso(post.updatedAt),
    })),
    community_comments: rows.comments.map(({ comment, postTitle, postAuthor }) => ({
      post_id: postAuthor === memberId ? comment.postId : null,
      post_title: postTitle,
      body: comment.body,
      helpful_at: isoOrNull(comment.helpfulAt),
      created_at: iso(comment.createdAt),
    })),
    community_likes: rows.likes.map(({ like, postTitle, postAuthor }) => ({
      post_id: postAuthor === memberId ? like.postId : null,
      post_title: postTitle,
      created_at: iso(like.createdAt),
    })),
  };

  const counts = Object.fromEntries(
    archiveKinds.map((kind) => {
      const value = contents[kind];
      return [kind, Array.isArray(value) ? value.length : 1];
    }),
  );
  return {
    manifest: { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, exported_at: iso(now), counts },
    contents,
    files,
  };
}
