import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The one "Deleted member" row's email. Only a label now: the row is found by its kind, never by this email, and
 * no one can sign in with it (`.invalid` is reserved, RFC 2606, and reserved domains are refused at sign-in).
 */
export const DELETED_MEMBER_EMAIL = 'deleted-member@lumara.invalid';

/**
 * What a `users` row is: a member who signs in, or the system's one "Deleted member", the author of the posts and
 * comments members chose to leave behind when they deleted their account (account feature). The system row has
 * no identity and no session, so no one can act as it.
 */
export const userKinds = ['member', 'deleted_member'] as const;
export type UserKind = (typeof userKinds)[number];

/** Members. Everything a member owns carries `user_id` pointing here. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: userKinds }).notNull().default('member'),
    email: text('email').notNull(),
    /**
     * Whether the identity provider vouched for `email` at the last sign-in (the ID token's `email_verified`).
     * Emails are not unique and an unverified one is only what someone typed: rights never follow from it alone.
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    name: text('name').notNull(),
    picture: text('picture'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Counts every change to the member's tasks, in the change's own transaction: the task list's ETag, so a
     * repeat read that changed nothing costs one primary-key look-up and answers 304.
     */
    tasksVersion: bigint('tasks_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('users_email_idx').on(sql`lower(${t.email})`),
    // At most one "Deleted member", so two deletions at once that keep their posts make one row.
    uniqueIndex('users_deleted_member_kind_key').on(t.kind).where(sql`${t.kind} = 'deleted_member'`),
  ],
);

/**
 * How a member signs in: one row per identity provider account. Members are keyed on the provider's stable
 * `sub`, never on email (an email can change owner).
 */
export const identities = pgTable(
  'identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /**
     * The issuer that vouched for the subject at the last sign-in (the ID token's `iss`; `development` for the
     * development provider): operators are named by issuer and subject (`ADMIN_SUBJECTS`).
     */
    issuer: text('issuer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identities_provider_subject_key').on(t.provider, t.subject),
    index('identities_user_id_idx').on(t.userId),
  ],
);

/**
 * Signed-in browsers. Only the SHA-256 of the cookie's token is stored, so a database leak does not hand out
 * sessions. `expiresAt` slides with use (idle timeout) and never passes `absoluteExpiresAt`, which never moves.
 * `publicId` names a session to its member (the sessions list), so the token's hash never leaves the server;
 * `browser` and `os` are what the User-Agent said at sign-in, summarised ("Chrome", "Linux"), null when unknown.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browser: text('browser'),
    os: text('os'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    uniqueIndex('sessions_public_id_key').on(t.publicId),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * Sign-ins under way, between "Continue with Google" and the code exchange. Keyed by the hash of the state the
 * browser holds in its cookie; the row is deleted when the code is exchanged, so a state (and the code that came
 * with it) can be used once, on whichever server the request lands.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_attempts_expires_at_idx').on(t.expiresAt)],
);

/**
 * A member's tasks. `position` orders a status column (lower first); new and restored tasks take a position
 * below the column's lowest, so they land on top without renumbering the rest. `deleted_at` is a soft delete,
 * so Undo (POST /api/tasks/restore) can bring a task back. `client_key` is the Idempotency-Key the creation was
 * sent with, if any: a retried creation finds its task instead of making a second (unique per member; NULLs
 * never collide).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status', { enum: ['todo', 'doing', 'done'] })
      .notNull()
      .default('todo'),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    dueDate: date('due_date', { mode: 'string' }),
    position: doublePrecision('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    clientKey: text('client_key'),
    notes: text('notes'),
    /** `HH:MM` in `time_zone`; only with a due date. */
    dueTime: text('due_time'),
    /** An RFC 5545 rule without its `RRULE:` prefix (#shared/task-repeat.ts); only with a due date. */
    repeat: text('repeat'),
    repeatFrom: text('repeat_from', { enum: ['due', 'completion'] })
      .notNull()
      .default('due'),
    /** `[{id, text, done}]`, at most 50 (taskChecklistSchema). */
    checklist: jsonb('checklist').notNull().default(sql`'[]'::jsonb`),
    /** `[{before_minutes}]`, at most 5 (taskRemindersSchema). */
    reminders: jsonb('reminders').notNull().default(sql`'[]'::jsonb`),
    /** The member's zone when the date and time were last set: where `due_date` + `due_time` is an instant. */
    timeZone: text('time_zone').notNull().default('UTC'),
    lastCompletedAt: timestamp('last_completed_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_user_status_position_idx').on(t.userId, t.status, t.position),
    index('tasks_user_completed_at_idx').on(t.userId, t.completedAt),
    uniqueIndex('tasks_user_client_key').on(t.userId, t.clientKey),
  ],
);

/**
 * Focus sessions. `time_zone` is the member's when it started: "a day" for badges and stats is theirs.
 * `client_key`: as on tasks, the Idempotency-Key of the start, so a retried start records one session.
 */
export const pomodoroSessions = pgTable(
  'pomodoro_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    durationMinutes: integer('duration_minutes').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    clientKey: text('client_key'),
    /** The task the session was for, if the member named one (their own). */
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('pomodoro_sessions_user_completed_at_idx').on(t.userId, t.completedAt),
    uniqueIndex('pomodoro_sessions_user_client_key').on(t.userId, t.clientKey),
  ],
);

/**
 * Every completion of a task: the one record that Tasks Today, the streak, the calendar and Task Warrior count.
 * A task that does not repeat has at most one (removed when it leaves Done); a repeating task gains one per
 * occurrence completed (`occurrence`, its due date then), unique per task, so a completion sent twice or two at
 * once record one. `client_key` is the Idempotency-Key of the `PUT` that completed it.
 */
export const taskCompletions = pgTable(
  'task_completions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    occurrence: date('occurrence', { mode: 'string' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    clientKey: text('client_key'),
  },
  (t) => [
    index('task_completions_user_completed_at_idx').on(t.userId, t.completedAt),
    uniqueIndex('task_completions_task_occurrence_key').on(t.taskId, t.occurrence),
    uniqueIndex('task_completions_user_client_key').on(t.userId, t.clientKey),
  ],
);

/**
 * The member's one focus timer, shared by every tab and device (pomodoro feature). `ends_at` while running;
 * `remaining_seconds` while paused; `version` grows with each change so a device can tell the newest.
 */
export const pomodoroTimers = pgTable('pomodoro_timers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  state: text('state', { enum: ['idle', 'running', 'paused'] })
    .notNull()
    .default('idle'),
  sessionId: integer('session_id').references(() => pomodoroSessions.id, { onDelete: 'set null' }),
  durationMinutes: integer('duration_minutes').notNull().default(25),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  remainingSeconds: integer('remaining_seconds'),
  taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The VAPID key pair every server signs Web Push with (RFC 8292), made once by whichever server needs it first
 * (`id` is always 1, so two at once keep one), unless the configuration names one.
 */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A browser's push subscription (one per device). The endpoint is unique: the same browser subscribing for
 * another member moves to that member, so one member's notifications never reach a device someone else now uses.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label'),
    expirationTime: timestamp('expiration_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * The notification centre: every notification a member was sent (pushed or not), newest first by id. `in_app`
 * false: the member turned the centre off for its type but it was pushed, so the row exists (the push names it,
 * its Snooze acts on it) yet the centre neither lists nor counts it (it is made read).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    tag: text('tag').notNull(),
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    inApp: boolean('in_app').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A member's notification settings: per type push and in-app on/off, and quiet hours in their zone. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  types: jsonb('types').notNull().default(sql`'{}'::jsonb`),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  timeZone: text('time_zone').notNull().default('UTC'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Notifications due later (a task's reminders, the timer's end), durable as generation jobs are (decision 0014):
 * a server sends one only while it holds its lease (`locked_by`, `locked_until`), so each is sent once across N
 * servers and restarts. `dedupe_key` names what it is for (`task.reminder:<task>:<due>:<minutes>`,
 * `pomodoro.finished:<session>`), so scheduling the same thing twice keeps one row. `status`: pending → sent, or
 * cancelled (the task changed), or dropped (more than an hour late).
 */
export const scheduledNotifications = pgTable(
  'scheduled_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    status: text('status', { enum: ['pending', 'sent', 'cancelled', 'dropped'] })
      .notNull()
      .default('pending'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    notificationId: integer('notification_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scheduled_notifications_dedupe_key').on(t.dedupeKey),
    index('scheduled_notifications_due_idx').on(t.sendAt).where(sql`${t.status} = 'pending'`),
    index('scheduled_notifications_user_idx').on(t.userId),
  ],
);

/** Badges earned: one per member and type, which makes awarding idempotent under concurrency. */
export const badges = pgTable(
  'badges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeType: text('badge_type').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('badges_user_type_key').on(t.userId, t.badgeType)],
);

export type TaskRow = typeof tasks.$inferSelect;
export type PomodoroSessionRow = typeof pomodoroSessions.$inferSelect;

/** A member's music library: Suno songs, stored with the embed URL the server derived (never pasted code). */
export const tracks = pgTable(
  'tracks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sunoUrl: text('suno_url').notNull(),
    embedSrc: text('embed_src'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracks_user_created_idx').on(t.userId, t.createdAt)],
);

/** Dashboard embed widgets. `url` is the embed URL the server derived; `order_index` orders the grid. */
export const widgets = pgTable(
  'widgets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    colSpan: integer('col_span').notNull().default(6),
    rowSpan: integer('row_span').notNull().default(6),
    orderIndex: integer('order_index').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('widgets_user_order_idx').on(t.userId, t.orderIndex)],
);

/**
 * What a member sets about themselves. One row per member, made on first save;
 * a null column means "not set" and the API answers its default (display name 'Lumarian', theme 'default').
 * - `tags`: a JSON list of strings.
 * - `avatarKey`/`wallpaperKey`: the media store key of an avatar or wallpaper Lumara keeps a copy of (a
 *   generated one, whose provider URL expires); `avatarUrl`/`wallpaperUrl` are what the browser loads.
 * - `theme`: the panel theme id (eight themes); `themeName`/`themeTokens`: the settings token theme.
 * - `timeZone`: an IANA zone the calendar uses; null means the browser's.
 * - `language`: 'en' or 'es', the interface's language on every device; null means the browser's preference.
 */
export const profiles = pgTable('profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  aiProvider: text('ai_provider'),
  aiModel: text('ai_model'),
  displayName: text('display_name'),
  about: text('about'),
  avatarUrl: text('avatar_url'),
  avatarKey: text('avatar_key'),
  wallpaperUrl: text('wallpaper_url'),
  wallpaperKey: text('wallpaper_key'),
  wallpaperCss: text('wallpaper_css'),
  tags: jsonb('tags').notNull().default(sql`'[]'::jsonb`),
  status: text('status'),
  theme: text('theme'),
  themeName: text('theme_name'),
  themeTokens: jsonb('theme_tokens'),
  timeZone: text('time_zone'),
  language: text('language'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Chat threads. `memory` is the running summary of every message up to `memoryThroughMessageId`; replies are
 * asked for with that summary plus the messages after it, so a long thread stays within the model's context.
 */
export const chatThreads = pgTable(
  'chat_threads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    memory: text('memory').notNull().default(''),
    memoryThroughMessageId: integer('memory_through_message_id'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_threads_user_updated_idx').on(t.userId, t.updatedAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    /** Which provider and model wrote an assistant reply; null for the member's own messages. */
    provider: text('provider'),
    model: text('model'),
    /** The member stopped this reply mid-stream; what arrived is kept. */
    stopped: boolean('stopped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_thread_id_idx').on(t.threadId, t.id)],
);

/** A member's quick actions; `payload` is checked against `quickActionPayloadSchema` before it is stored. */
export const quickActions = pgTable(
  'quick_actions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    icon: text('icon').notNull(),
    category: text('category').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quick_actions_user_id_idx').on(t.userId, t.id)],
);

/**
 * Community posts. `likesCount` and `commentsCount` are kept with the likes and comments they count, in the same
 * transaction, so the list never counts rows. `hiddenAt`: an operator hid it after reports.
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    lang: text('lang').notNull().default('auto'),
    images: jsonb('images').notNull().default(sql`'[]'::jsonb`),
    aiMeta: jsonb('ai_meta'),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // (author_id, created_at, id): a member's own posts newest first (the palette's search walks it and stops at
  // its few results) and "did this member post in the last 30 days" as one probe (the community stats).
  (t) => [
    index('community_posts_author_created_idx').on(t.authorId, t.createdAt, t.id),
    index('community_posts_created_idx').on(t.createdAt),
  ],
);

/** One like per member and post: the primary key is the rule. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // (user_id, created_at): "did this member like anything in the last 30 days" as one probe (the stats).
    index('post_likes_user_created_idx').on(t.userId, t.createdAt),
    index('post_likes_created_idx').on(t.createdAt),
  ],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** When the post's author marked it helpful; null otherwise. */
    helpfulAt: timestamp('helpful_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_comments_post_idx').on(t.postId, t.id),
    index('post_comments_author_created_idx').on(t.authorId, t.createdAt),
    index('post_comments_created_idx').on(t.createdAt),
  ],
);

/** A member's report of a post, once per member and post. */
export const postReports = pgTable(
  'post_reports',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.reporterId] })],
);

/**
 * Media generations as server-side jobs (docs/decisions/0014). A request inserts a row; a worker on any
 * server claims due rows with `FOR UPDATE SKIP LOCKED`, calls the provider and records the outcome, so a job
 * survives a restart and runs on exactly one instance.
 * - `status`: pending until the outcome is known, then ready (with `outputs`) or failed (with `error`).
 * - `input`: the validated request (sizes, steps, durations) the provider call is built from.
 * - `providerState`: what a queued provider handed back (fal's request id and its status/response/cancel URLs).
 * - `runAfter`: when the job is next due (fal's status is polled by re-claiming the job later).
 * - `lockedBy`/`lockedUntil`: the lease of the instance working on it; an expired lease is taken over and
 *   counted in `recoveries`, and too many recoveries fail the job instead of retrying forever.
 * - `deadlineAt`: past it a job fails as 'Generation timed out'.
 */
export const generationJobs = pgTable(
  'generation_jobs',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    mediaType: text('media_type').notNull(),
    model: text('model').notNull(),
    prompt: text('prompt').notNull(),
    input: jsonb('input').notNull(),
    status: text('status').notNull().default('pending'),
    providerState: jsonb('provider_state'),
    outputs: jsonb('outputs').notNull().default(sql`'[]'::jsonb`),
    error: text('error'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    recoveries: integer('recoveries').notNull().default(0),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('generation_jobs_user_created_idx').on(t.userId, t.createdAt),
    index('generation_jobs_due_idx').on(t.runAfter).where(sql`${t.status} = 'pending'`),
    // The retention sweep walks finished jobs oldest first (decision 0014 "Retention").
    index('generation_jobs_finished_idx').on(t.finishedAt).where(sql`${t.status} in ('ready', 'failed')`),
  ],
);

/**
 * The media gallery. Each row's file is Lumara's own copy in the media store (`storageKey`), made when it was
 * saved, because provider URLs expire. `sourceUrl` is where it was copied from: one row per member and source
 * (a hash index, as signed URLs can outgrow a btree entry), so saving the same output twice answers the first.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaType: text('media_type').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sourceUrl: text('source_url').notNull(),
    prompt: text('prompt').notNull().default(''),
    title: text('title').notNull().default(''),
    modelId: text('model_id').notNull().default(''),
    isFavorite: boolean('is_favorite').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_user_id_idx').on(t.userId, t.id),
    uniqueIndex('media_user_source_idx').on(t.userId, sql`md5(${t.sourceUrl})`),
  ],
);

export type GenerationJobRow = typeof generationJobs.$inferSelect;
export type MediaRow = typeof media.$inferSelect;

/**
 * Personal access tokens (the tokens feature): an outside script or agent acting for the member within its
 * scopes. Only the SHA-256 of the token is kept; the token itself is shown once, when it is made. Revoking
 * deletes the row (and its calls).
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_tokens_token_hash_key').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId),
  ],
);

/** What a token's outside agent did through MCP: each tool call, its time and result, listed in Settings. */
export const accessTokenCalls = pgTable(
  'access_token_calls',
  {
    id: serial('id').primaryKey(),
    tokenId: integer('token_id')
      .notNull()
      .references(() => accessTokens.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    ok: boolean('ok').notNull(),
    /** A line saying what happened ("Added 'Buy milk'", or the error's text), at most 500 characters. */
    result: text('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_token_calls_user_idx').on(t.userId, t.id)],
);

/**
 * Changes the studio's AI proposed in a reply (the agent-tools feature), applied only when the member says so.
 * `changes` is the proposal as the member saw it (`proposalChangeSchema[]`); `undo` what an apply changed, row by
 * row, to put it back (null until applied).
 */
export const chatProposals = pgTable(
  'chat_proposals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => chatMessages.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    changes: jsonb('changes').notNull(),
    undo: jsonb('undo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_proposals_user_idx').on(t.userId),
    uniqueIndex('chat_proposals_message_key').on(t.messageId),
  ],
);

/**
 * The member's calendar feed (the calendar-feed feature): one secret address per member, `/calendar/<token>.ics`,
 * kept as the token's hash, and the random seed the token is made from under the server's feed key (decision
 * 0036). Replacing it writes a new seed and hash over the old, so the old address answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** 32 random bytes, base64url: the token is HMAC(feed key, member and seed). */
    seed: text('seed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);

/**
 * Outside calendars a member subscribed to (the calendar-subscriptions feature), refreshed by any one server when
 * `next_refresh_at` is due: the server that claims it holds `refresh_lease_until`. A failing refresh keeps the
 * last good events and records the error.
 */
export const calendarSubscriptions = pgTable(
  'calendar_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The https address fetched (a `webcal:` link is kept as its https form). */
    url: text('url').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    /** The validators of the last good answer, sent back as If-None-Match / If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    nextRefreshAt: timestamp('next_refresh_at', { withTimezone: true }).notNull().defaultNow(),
    refreshLeaseUntil: timestamp('refresh_lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_subscriptions_user_url_key').on(t.userId, t.url),
    index('calendar_subscriptions_next_refresh_idx').on(t.nextRefreshAt),
  ],
);

/**
 * The occurrences of a subscribed calendar, expanded at refresh (recurrences, exceptions and time zones resolved)
 * over a window around today. A timed one has its instants; an all-day one its days (`end_day` exclusive, as in
 * RFC 5545), which are the member's days wherever they are.
 */
export const calendarSubscriptionEvents = pgTable(
  'calendar_subscription_events',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => calendarSubscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    title: text('title').notNull(),
    allDay: boolean('all_day').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    startDay: date('start_day', { mode: 'string' }),
    endDay: date('end_day', { mode: 'string' }),
  },
  (t) => [
    index('calendar_subscription_events_subscription_idx').on(t.subscriptionId),
    index('calendar_subscription_events_user_starts_idx').on(t.userId, t.startsAt),
    index('calendar_subscription_events_user_day_idx').on(t.userId, t.startDay),
  ],
);
