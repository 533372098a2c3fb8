import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
  users,
  widgets,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Logger } from '#server/lib/logger.ts';
import { extensionOf } from '#server/lib/media-content-types.ts';
import type { MediaStore } from '#server/lib/media-store.ts';
import { findUnstorableText } from '#server/lib/storable-text.ts';
import type { AccountImportSummary } from '#shared/account.ts';
import { type ArchiveContents, type ArchiveKind, archiveKinds } from '#shared/account-archive.ts';
import { quickActionPayloadSchema } from '#shared/quick-actions.ts';
import { withCheckedEmbeds } from './archive-embeds.ts';
import type { OpenedArchive } from './read-account-archive.ts';
import { checkArchiveFile, type StoredArchiveFile, storeArchiveFile } from './store-archive-file.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Db | Tx;
type Items<K extends ArchiveKind> = ArchiveContents[K] extends readonly (infer I)[] ? I[] : never;

/** PostgreSQL takes at most 65,535 parameters a statement: rows go in by the thousand. */
const ROWS_PER_INSERT = 1_000;

const refuse = (message: string) =>
  new AppError('bad_request', `This archive cannot be imported: ${message}`);
const at = (instant: string) => new Date(instant);
const atOrNull = (instant: string | null) => (instant === null ? null : new Date(instant));

/** What an import adds: per kind, the archive's items that are not already the member's (exact duplicates). */
type ImportPlan = {
  tasks: Items<'tasks'>;
  pomodoro_sessions: Items<'pomodoro_sessions'>;
  badges: Items<'badges'>;
  chat_threads: Items<'chat_threads'>;
  quick_actions: Items<'quick_actions'>;
  media: Items<'media'>;
  music_tracks: Items<'music_tracks'>;
  widgets: Items<'widgets'>;
  community_posts: Items<'community_posts'>;
  /** Comments and likes on the archive's posts, each with the post it goes on once the posts exist. */
  community_comments: Items<'community_comments'>;
  community_likes: Items<'community_likes'>;
  /** Archive post id → the member's post it already is (a post imported before). */
  existingPosts: Map<number, number>;
  /** Profile fields the member has not set, to take from the archive. */
  profile: Partial<ArchiveContents['profile']>;
};

/** What does not make an item different: the archive's ids and paths, and what is another document's. */
const NOT_IDENTITY = new Set(['id', 'file', 'messages', 'post_title']);

/**
 * An item's identity for "exact duplicate": everything it says but `NOT_IDENTITY`, keys in one order (a row read
 * back from jsonb and an item read from the archive may list theirs differently).
 */
function sameness(item: object): string {
  return JSON.stringify(item, (key, value: unknown) => {
    if (NOT_IDENTITY.has(key)) return undefined;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/** Checks that cannot be a schema's: ids unique per kind, and everything an item points to present. */
function checkReferences(archive: OpenedArchive): void {
  const { contents, files } = archive;
  for (const kind of ['tasks', 'pomodoro_sessions', 'chat_threads', 'media', 'community_posts'] as const) {
    const ids = contents[kind].map((item) => item.id);
    if (new Set(ids).size !== ids.length) throw refuse(`two items of ${kind} share an id`);
  }
  const posts = new Set(contents.community_posts.map((post) => post.id));
  for (const kind of ['community_comments', 'community_likes'] as const) {
    for (const item of contents[kind]) {
      if (item.post_id !== null && !posts.has(item.post_id))
        throw refuse(`a ${kind} item names a post it does not hold`);
    }
  }
  const named = [
    ...contents.media.map((item) => item.file),
    contents.profile.avatar_file,
    contents.profile.wallpaper_file,
  ];
  for (const file of named) {
    if (file !== null && !files.has(file)) throw refuse(`${file} is named but not in the archive`);
  }
  const unstorable = findUnstorableText(contents);
  if (unstorable) throw refuse(`${unstorable.field}: ${unstorable.reason}`);
}

/** The member's rows of each kind, as `sameness` keys, so the plan can leave out what is already theirs. */
async function planImport(db: Reader, memberId: number, contents: ArchiveContents): Promise<ImportPlan> {
  const fresh = <I extends object>(items: I[], existing: object[]) => {
    const have = new Set(existing.map(sameness));
    const seen = new Set<string>();
    return items.filter((item) => {
      const key = sameness(item);
      if (have.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  const iso = (value: Date | null) => (value === null ? null : value.toISOString());

  const existingTasks = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, memberId), sql`${tasks.deletedAt} IS NULL`));
  const existingSessions = await db
    .select()
    .from(pomodoroSessions)
    .where(eq(pomodoroSessions.userId, memberId));
  const existingBadges = await db.select().from(badges).where(eq(badges.userId, memberId));
  const existingThreads = await db.select().from(chatThreads).where(eq(chatThreads.userId, memberId));
  const existingActions = await db.select().from(quickActions).where(eq(quickActions.userId, memberId));
  const existingMedia = await db
    .select({ sourceUrl: media.sourceUrl })
    .from(media)
    .where(eq(media.userId, memberId));
  const existingTracks = await db.select().from(tracks).where(eq(tracks.userId, memberId));
  const existingWidgets = await db.select().from(widgets).where(eq(widgets.userId, memberId));
  const existingPosts = await db.select().from(communityPosts).where(eq(communityPosts.authorId, memberId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, memberId));

  const postKey = (post: { title: string; body: string; created_at: string }) =>
    JSON.stringify([post.title, post.body, post.created_at]);
  const postByKey = new Map(
    existingPosts.map((post) => [postKey({ ...post, created_at: post.createdAt.toISOString() }), post.id]),
  );
  const existingPostIds = new Map<number, number>();
  const newPosts: Items<'community_posts'> = [];
  for (const post of contents.community_posts) {
    const known = postByKey.get(postKey(post));
    if (known !== undefined) existingPostIds.set(post.id, known);
    else newPosts.push(post);
  }
  const alreadyThere = existingPostIds.size === 0 ? [] : [...existingPostIds.values()];
  const existingComments =
    alreadyThere.length === 0
      ? []
      : await db
          .select()
          .from(postComments)
          .where(and(eq(postComments.authorId, memberId), inArray(postComments.postId, alreadyThere)));
  const existingLikes =
    alreadyThere.length === 0
      ? []
      : await db
          .select()
          .from(postLikes)
          .where(and(eq(postLikes.userId, memberId), inArray(postLikes.postId, alreadyThere)));
  const postIdOfExisting = new Map([...existingPostIds].map(([archiveId, id]) => [id, archiveId]));

  const profileFields: Partial<ArchiveContents['profile']> = {};
  const archived = contents.profile;
  const unset = (value: unknown) => value === null || value === undefined || value === '';
  const take = <K extends keyof ArchiveContents['profile']>(field: K, current: unknown) => {
    if (unset(current) && !unset(archived[field])) profileFields[field] = archived[field];
  };
  take('display_name', profile?.displayName);
  take('about', profile?.about);
  take('status', profile?.status);
  take('theme', profile?.theme);
  take('theme_name', profile?.themeName);
  take('theme_tokens', profile?.themeTokens);
  take('time_zone', profile?.timeZone);
  take('language', profile?.language);
  take('ai_provider', profile?.aiProvider);
  take('ai_model', profile?.aiModel);
  take('wallpaper_css', profile?.wallpaperCss);
  take('avatar_file', profile?.avatarKey);
  take('wallpaper_file', profile?.wallpaperKey);
  if ((!Array.isArray(profile?.tags) || profile.tags.length === 0) && archived.tags.length > 0) {
    profileFields.tags = archived.tags;
  }

  const onOwnPost = <I extends { post_id: number | null }>(items: I[]) =>
    items.filter((item): item is I & { post_id: number } => item.post_id !== null);
  return {
    tasks: fresh(
      contents.tasks,
      existingTasks.map((task) => ({
        title: task.title,
        status: task.status,
        labels: task.labels,
        due_date: task.dueDate,
        position: task.position,
        created_at: task.createdAt.toISOString(),
        updated_at: task.updatedAt.toISOString(),
        completed_at: iso(task.completedAt),
      })),
    ),
    pomodoro_sessions: fresh(
      contents.pomodoro_sessions,
      existingSessions.map((session) => ({
        duration_minutes: session.durationMinutes,
        time_zone: session.timeZone,
        started_at: session.startedAt.toISOString(),
        completed_at: iso(session.completedAt),
      })),
    ),
    badges: contents.badges.filter(
      (badge) => !existingBadges.some((held) => held.badgeType === badge.badge_type),
    ),
    chat_threads: fresh(
      contents.chat_threads,
      existingThreads.map((thread) => ({
        title: thread.title,
        memory: thread.memory,
        archived_at: iso(thread.archivedAt),
        created_at: thread.createdAt.toISOString(),
        updated_at: thread.updatedAt.toISOString(),
      })),
    ),
    quick_actions: fresh(
      contents.quick_actions,
      existingActions.map((action) => ({
        label: action.label,
        icon: action.icon,
        category: action.category,
        payload: quickActionPayloadSchema.parse(action.payload),
        created_at: action.createdAt.toISOString(),
      })),
    ),
    // One item per source link and member (an index says so): a link already kept is the same item.
    media: contents.media.filter(
      (item, index, all) =>
        item.file !== null &&
        !existingMedia.some((kept) => kept.sourceUrl === item.source_url) &&
        all.findIndex((other) => other.source_url === item.source_url) === index,
    ),
    music_tracks: fresh(
      contents.music_tracks,
      existingTracks.map((track) => ({
        title: track.title,
        suno_url: track.sunoUrl,
        embed_src: track.embedSrc,
        created_at: track.createdAt.toISOString(),
      })),
    ),
    widgets: fresh(
      contents.widgets,
      existingWidgets.map((widget) => ({
        type: widget.type,
        title: widget.title,
        url: widget.url,
        col_span: widget.colSpan,
        row_span: widget.rowSpan,
        order_index: widget.orderIndex,
        created_at: widget.createdAt.toISOString(),
      })),
    ),
    community_posts: newPosts,
    community_comments: fresh(
      onOwnPost(contents.community_comments),
      existingComments.map((comment) => ({
        post_id: postIdOfExisting.get(comment.postId) ?? null,
        body: comment.body,
        helpful_at: iso(comment.helpfulAt),
        created_at: comment.createdAt.toISOString(),
      })),
    ).filter((comment) => comment.post_id !== null),
    community_likes: onOwnPost(contents.community_likes).filter(
      (like) => !existingLikes.some((held) => postIdOfExisting.get(held.postId) === like.post_id),
    ),
    existingPosts: existingPostIds,
    profile: profileFields,
  };
}

function summarize(contents: ArchiveContents, plan: ImportPlan, applied: boolean): AccountImportSummary {
  const counted = (kind: ArchiveKind) => {
    if (kind === 'profile') return Object.keys(plan.profile).length > 0 ? 1 : 0;
    return (plan[kind] as unknown[]).length;
  };
  const notImported =
    contents.community_comments.filter((comment) => comment.post_id === null).length +
    contents.community_likes.filter((like) => like.post_id === null).length;
  return {
    applied,
    kinds: archiveKinds.map((kind) => {
      const value = contents[kind];
      return { kind, in_archive: Array.isArray(value) ? value.length : 1, to_add: counted(kind) };
    }),
    not_imported: notImported,
  };
}

async function insertInChunks<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/** The plan's rows, written in one transaction: all of them or none. */
async function writePlan(
  tx: Tx,
  memberId: number,
  plan: ImportPlan,
  files: Map<string, StoredArchiveFile>,
  now: Date,
): Promise<void> {
  if (plan.tasks.length > 0) {
    // The task list's version (its ETag) moves, as with every change to the member's tasks.
    await tx
      .update(users)
      .set({ tasksVersion: sql`${users.tasksVersion} + 1` })
      .where(eq(users.id, memberId));
  }
  await insertInChunks(plan.tasks, (chunk) =>
    tx.insert(tasks).values(
      chunk.map((task) => ({
        userId: memberId,
        title: task.title,
        status: task.status,
        labels: task.labels,
        dueDate: task.due_date,
        position: task.position,
        createdAt: at(task.created_at),
        updatedAt: at(task.updated_at),
        completedAt: atOrNull(task.completed_at),
      })),
    ),
  );
  await insertInChunks(plan.pomodoro_sessions, (chunk) =>
    tx.insert(pomodoroSessions).values(
      chunk.map((session) => ({
        userId: memberId,
        durationMinutes: session.duration_minutes,
        timeZone: session.time_zone,
        startedAt: at(session.started_at),
        completedAt: atOrNull(session.completed_at),
      })),
    ),
  );
  await insertInChunks(plan.badges, (chunk) =>
    tx
      .insert(badges)
      .values(
        chunk.map((badge) => ({
          userId: memberId,
          badgeType: badge.badge_type,
          earnedAt: at(badge.earned_at),
        })),
      )
      .onConflictDoNothing(),
  );
  for (const thread of plan.chat_threads) {
    const [row] = await tx
      .insert(chatThreads)
      .values({
        userId: memberId,
        title: thread.title,
        memory: thread.memory,
        archivedAt: atOrNull(thread.archived_at),
        createdAt: at(thread.created_at),
        updatedAt: at(thread.updated_at),
      })
      .returning({ id: chatThreads.id });
    if (!row) throw new Error('a chat thread was not inserted');
    await insertInChunks(thread.messages, (chunk) =>
      tx.insert(chatMessages).values(
        chunk.map((message) => ({
          threadId: row.id,
          userId: memberId,
          role: message.role,
          content: message.content,
          provider: message.provider,
          model: message.model,
          stopped: message.stopped,
          createdAt: at(message.created_at),
        })),
      ),
    );
  }
  await insertInChunks(plan.quick_actions, (chunk) =>
    tx.insert(quickActions).values(
      chunk.map((action) => ({
        userId: memberId,
        label: action.label,
        icon: action.icon,
        category: action.category,
        payload: action.payload,
        createdAt: at(action.created_at),
      })),
    ),
  );
  const storedMedia = plan.media.flatMap((item) => {
    const stored = item.file === null ? undefined : files.get(item.file);
    return stored ? [{ item, stored }] : [];
  });
  await insertInChunks(storedMedia, (chunk) =>
    tx.insert(media).values(
      chunk.map(({ item, stored }) => ({
        userId: memberId,
        mediaType: item.media_type,
        storageKey: stored.key,
        contentType: stored.contentType,
        sizeBytes: stored.size,
        sourceUrl: item.source_url,
        prompt: item.prompt,
        title: item.title,
        modelId: item.model_id,
        isFavorite: item.is_favorite,
        createdAt: at(item.created_at),
      })),
    ),
  );
  await insertInChunks(plan.music_tracks, (chunk) =>
    tx.insert(tracks).values(
      chunk.map((track) => ({
        userId: memberId,
        title: track.title,
        sunoUrl: track.suno_url,
        embedSrc: track.embed_src,
        createdAt: at(track.created_at),
      })),
    ),
  );
  await insertInChunks(plan.widgets, (chunk) =>
    tx.insert(widgets).values(
      chunk.map((widget) => ({
        userId: memberId,
        type: widget.type,
        title: widget.title,
        url: widget.url,
        colSpan: widget.col_span,
        rowSpan: widget.row_span,
        orderIndex: widget.order_index,
        createdAt: at(widget.created_at),
      })),
    ),
  );

  const postIds = new Map(plan.existingPosts);
  for (const post of plan.community_posts) {
    const [row] = await tx
      .insert(communityPosts)
      .values({
        authorId: memberId,
        title: post.title,
        body: post.body,
        lang: post.lang,
        images: post.images,
        aiMeta: post.ai_meta,
        createdAt: at(post.created_at),
        updatedAt: at(post.updated_at),
      })
      .returning({ id: communityPosts.id });
    if (!row) throw new Error('a post was not inserted');
    postIds.set(post.id, row.id);
  }
  const postOf = (archiveId: number) => {
    const id = postIds.get(archiveId);
    if (id === undefined) throw new Error(`archive post ${archiveId} has no row`);
    return id;
  };
  await insertInChunks(plan.community_comments, (chunk) =>
    tx.insert(postComments).values(
      chunk.map((comment) => ({
        postId: postOf(comment.post_id ?? 0),
        authorId: memberId,
        body: comment.body,
        helpfulAt: atOrNull(comment.helpful_at),
        createdAt: at(comment.created_at),
      })),
    ),
  );
  await insertInChunks(plan.community_likes, (chunk) =>
    tx
      .insert(postLikes)
      .values(
        chunk.map((like) => ({
          postId: postOf(like.post_id ?? 0),
          userId: memberId,
          createdAt: at(like.created_at),
        })),
      )
      .onConflictDoNothing(),
  );
  // The posts' counters follow their rows, as the like and comment routes keep them.
  const touched = [...postIds.values()];
  if (touched.length > 0) {
    await tx
      .update(communityPosts)
      .set({
        likesCount: sql`(SELECT count(*)::int FROM ${postLikes} WHERE ${postLikes.postId} = ${communityPosts.id})`,
        commentsCount: sql`(SELECT count(*)::int FROM ${postComments} WHERE ${postComments.postId} = ${communityPosts.id})`,
      })
      .where(inArray(communityPosts.id, touched));
  }

  await writeProfile(tx, memberId, plan.profile, files, now);
}

async function writeProfile(
  tx: Tx,
  memberId: number,
  fields: ImportPlan['profile'],
  files: Map<string, StoredArchiveFile>,
  now: Date,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  const avatar = fields.avatar_file ? files.get(fields.avatar_file) : undefined;
  const wallpaper = fields.wallpaper_file ? files.get(fields.wallpaper_file) : undefined;
  const columns = {
    ...(fields.display_name !== undefined ? { displayName: fields.display_name } : {}),
    ...(fields.about !== undefined ? { about: fields.about } : {}),
    ...(fields.tags !== undefined ? { tags: fields.tags } : {}),
    ...(fields.status !== undefined ? { status: fields.status } : {}),
    ...(fields.theme !== undefined ? { theme: fields.theme } : {}),
    ...(fields.theme_name !== undefined ? { themeName: fields.theme_name } : {}),
    ...(fields.theme_tokens !== undefined ? { themeTokens: fields.theme_tokens } : {}),
    ...(fields.time_zone !== undefined ? { timeZone: fields.time_zone } : {}),
    ...(fields.language !== undefined ? { language: fields.language } : {}),
    ...(fields.ai_provider !== undefined ? { aiProvider: fields.ai_provider } : {}),
    ...(fields.ai_model !== undefined ? { aiModel: fields.ai_model } : {}),
    ...(fields.wallpaper_css !== undefined ? { wallpaperCss: fields.wallpaper_css } : {}),
    // The stored pictures are served at `/api/<key>` (profile-images.service.ts `storedImagePath`).
    ...(avatar ? { avatarKey: avatar.key, avatarUrl: `/api/${avatar.key}` } : {}),
    ...(wallpaper ? { wallpaperKey: wallpaper.key, wallpaperUrl: `/api/${wallpaper.key}` } : {}),
    updatedAt: now,
  };
  await tx.insert(profiles).values({ userId: memberId, updatedAt: now }).onConflictDoNothing();
  await tx.update(profiles).set(columns).where(eq(profiles.userId, memberId));
}

/** Copies the files the plan needs into the store; on any failure removes the ones already copied. */
async function storeFiles(
  store: MediaStore,
  memberId: number,
  archive: OpenedArchive,
  plan: ImportPlan,
): Promise<Map<string, StoredArchiveFile>> {
  const stored = new Map<string, StoredArchiveFile>();
  const name = randomUUID;
  try {
    for (const item of plan.media) {
      if (item.file === null) continue;
      stored.set(
        item.file,
        await storeArchiveFile(
          store,
          archive,
          item.file,
          item.media_type,
          item.content_type,
          (type) => `media/${memberId}/${name()}.${extensionOf(type)}`,
        ),
      );
    }
    for (const [file, folder] of [
      [plan.profile.avatar_file, 'avatars'],
      [plan.profile.wallpaper_file, 'wallpapers'],
    ] as const) {
      if (!file) continue;
      stored.set(
        file,
        await storeArchiveFile(
          store,
          archive,
          file,
          'image',
          null,
          (type) => `${folder}/${memberId}/${name()}.${extensionOf(type)}`,
        ),
      );
    }
  } catch (error) {
    await removeStored(store, stored);
    throw error;
  }
  return stored;
}

async function removeStored(store: MediaStore, stored: Map<string, StoredArchiveFile>): Promise<void> {
  await Promise.all([...stored.values()].map((file) => store.remove(file.key).catch(() => undefined)));
}

/**
 * Imports an opened archive into the member's account (issue 19). `preview` answers what would be added and writes
 * nothing. `apply` copies the files it needs into the store first (checked as uploads are), then writes every
 * row in one transaction: all or nothing, the files removed again if it fails. Exact duplicates of what the member
 * already has are skipped, so importing the same archive twice adds nothing the second time; creation dates are
 * kept; every row is the importing member's (the archive's ids only tie its documents together).
 */
export async function importAccount(
  deps: { db: Db; store: MediaStore; logger: Logger; appUrl: URL },
  memberId: number,
  archive: OpenedArchive,
  mode: 'preview' | 'apply',
  now: Date,
): Promise<AccountImportSummary> {
  checkReferences(archive);
  const contents = withCheckedEmbeds(archive.contents, deps.appUrl.origin);
  const plan = await planImport(deps.db, memberId, contents);
  if (mode === 'preview') {
    for (const item of plan.media) {
      if (item.file !== null) await checkArchiveFile(archive, item.file, item.media_type, item.content_type);
    }
    for (const file of [plan.profile.avatar_file, plan.profile.wallpaper_file]) {
      if (file) await checkArchiveFile(archive, file, 'image', null);
    }
    return summarize(contents, plan, false);
  }

  const files = await storeFiles(deps.store, memberId, archive, plan);
  let written: ImportPlan;
  try {
    written = await deps.db.transaction(async (tx) => {
      // Planned again inside: an import that ran meanwhile has made some of these duplicates.
      const final = await planImport(tx, memberId, contents);
      await writePlan(tx, memberId, final, files, now);
      return final;
    });
  } catch (error) {
    await removeStored(deps.store, files);
    throw error;
  }
  const used = new Set(
    [
      ...written.media.map((item) => item.file),
      written.profile.avatar_file,
      written.profile.wallpaper_file,
    ].filter((file): file is string => typeof file === 'string'),
  );
  await removeStored(deps.store, new Map([...files].filter(([path]) => !used.has(path))));
  deps.logger.info({ memberId }, 'account import applied');
  return summarize(contents, written, true);
}
