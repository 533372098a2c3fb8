import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { chatMessages, chatThreads, media, profiles } from '#server/db/schema.ts';
import { createFileMediaStore } from '#server/lib/infra/media-store.ts';
import { SAMPLE_FILES, storeJobOutput } from '#tests/factories/media-test-files.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createQuickActionAs } from '#tests/factories/quick-actions.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { addTrackAs } from '#tests/factories/tracks.ts';
import { createWidgetAs } from '#tests/factories/widgets.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

/**
 * A member with something of every private kind (for the account deletion and export tests): a repeating task
 * with notes, a time, a checklist and a reminder, completed once, a focus
 * session, a track, a widget, a quick action, a chat thread with memory and messages, a gallery item, a
 * generation output and an avatar with their files, and a profile. Community content is each test's own.
 */
export async function memberWithEverything(t: TestApp) {
  const member = await signInMember(t);
  const { cookie, user } = member;
  // A task with a whole plan, completed once (so it has moved on to its next date and holds a completion).
  const plan = await createTaskAs(t, cookie, {
    title: 'Private plan',
    notes: 'Bring the receipts',
    due_date: '2026-11-27',
    due_time: '18:00',
    repeat: 'RRULE:FREQ=MONTHLY;BYDAY=-1FR',
    checklist: [
      { text: 'Receipts', done: false },
      { text: 'Invoices', done: true },
    ],
    reminders: [{ before_minutes: 30 }],
    time_zone: 'Europe/Madrid',
  });
  const completed = await t.request(`/api/tasks/${plan.id}`, {
    method: 'PUT',
    cookie,
    body: { status: 'done', occurrence: '2026-11-27' },
  });
  expect(completed.status).toBe(200);
  const started = await t.request('/api/pomodoro', {
    method: 'POST',
    cookie,
    body: { duration_minutes: 25 },
  });
  expect(started.status).toBe(201);
  await addTrackAs(t, cookie);
  await createWidgetAs(t, cookie);
  await createQuickActionAs(t, cookie);
  const [thread] = await t.db
    .insert(chatThreads)
    .values({ userId: user.id, title: 'My secrets', memory: 'Likes early mornings.' })
    .returning({ id: chatThreads.id });
  if (!thread) throw new Error('no thread');
  await t.db.insert(chatMessages).values([
    { threadId: thread.id, userId: user.id, role: 'user', content: 'Remember my plan' },
    {
      threadId: thread.id,
      userId: user.id,
      role: 'assistant',
      content: 'I will.',
      provider: 'openrouter',
      model: 'test/model',
    },
  ]);
  const store = createFileMediaStore(t.media.dir);
  const output = await storeJobOutput(t, user.id, {
    bytes: SAMPLE_FILES.png,
    contentType: 'image/png',
    extension: 'png',
  });
  const galleryKey = `media/${user.id}/picture.jpg`;
  await store.put(galleryKey, SAMPLE_FILES.jpeg);
  await t.db.insert(media).values({
    userId: user.id,
    mediaType: 'image',
    storageKey: galleryKey,
    contentType: 'image/jpeg',
    sizeBytes: SAMPLE_FILES.jpeg.length,
    sourceUrl: 'https://example.test/picture.png',
  });
  const avatarKey = `avatars/${user.id}/me.png`;
  await store.put(avatarKey, SAMPLE_FILES.png);
  await t.db.insert(profiles).values({
    userId: user.id,
    avatarKey,
    avatarUrl: `/api/avatars/${user.id}/me.png`,
    displayName: 'Ada at work',
    tags: ['focus', 'tea'],
  });
  const files = [output.key, galleryKey, avatarKey].map((key) => path.join(t.media.dir, key));
  for (const file of files) expect(existsSync(file)).toBe(true);
  return { ...member, files };
}

/**
 * How many rows of every table of the schema name the member by a member column (`user_id`, `author_id`,
 * `reporter_id`, and `users.id`), keyed `table.column`: what "nothing of the member remains" and "nothing was
 * written" are checked against. Read from the catalogue, so a table added later is counted too.
 */
export async function rowCountsNaming(t: TestApp, memberId: number): Promise<Record<string, number>> {
  const { rows } = await t.db.$client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema()
       AND (column_name IN ('user_id', 'author_id', 'reporter_id') OR (table_name = 'users' AND column_name = 'id'))
     ORDER BY table_name, column_name`,
  );
  expect(rows.length).toBeGreaterThan(15);
  const counts: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of rows) {
    const { rows: counted } = await t.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}" = $1`,
      [memberId],
    );
    counts[`${table}.${column}`] = counted[0]?.n ?? 0;
  }
  return counts;
}
