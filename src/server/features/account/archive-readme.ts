import { ARCHIVE_FORMAT, ARCHIVE_VERSION, archiveDocuments, archiveKinds } from '#shared/account-archive.ts';

/** What each document holds, in a line a person reads. */
const described: Record<keyof typeof archiveDocuments, string> = {
  profile:
    'your display name, about, tags, status, theme, time zone, AI choice, wallpaper; avatar and wallpaper files under profile/',
  tasks:
    'your tasks (not the deleted ones): title, status, labels, due date, order, when made and completed, ' +
    'notes, time, repeat rule, checklist, reminders, and each completion',
  pomodoro_sessions: 'your focus sessions: length, time zone, when started and completed',
  badges: 'the badges you earned, and when',
  chat_threads: 'your AI chats: each thread with its memory and its messages, archived ones included',
  quick_actions: 'your own quick actions',
  media: 'your gallery: each item with its prompt and title; the file itself under media/',
  music_tracks: 'your Suno tracks',
  widgets: 'your dashboard widgets, in their order and sizes',
  community_posts: 'the posts you wrote',
  community_comments:
    'the comments you wrote; `post_id` names one of your posts in this archive, or is null for a comment on someone else’s post (its title is kept so you know which)',
  community_likes: 'the likes you gave, pointed at posts the same way as comments',
};

/** README.md at the root of the archive: what it is, how to read it, and how to bring it back. */
export function archiveReadme(exportedAt: string): string {
  const documents = archiveKinds
    .map((kind) => `- \`${archiveDocuments[kind].file}\`: ${described[kind]}.`)
    .join('\n');
  return `# Your Lumara data

Exported ${exportedAt}. Format \`${ARCHIVE_FORMAT}\`, version ${ARCHIVE_VERSION} (\`manifest.json\` says so,
with how many of each kind the archive holds).

Every document is JSON (UTF-8), an array of items unless it is \`profile.json\`. A long list continues in parts,
in order: \`tasks.json\`, then \`tasks-2.json\`, \`tasks-3.json\`… (each a list of the next items). Times are
ISO 8601 in UTC; dates (a task's due date) are \`YYYY-MM-DD\`. The \`id\` numbers are this archive's own: they
only tie one document to another (a comment to its post, an item to its file) and change when the archive is
imported.

${documents}

## Bringing it back

Settings → Your data → Import, on this Lumara or another, shows what the archive would add, then adds all of it
or nothing. Importing the same archive twice adds nothing the second time. Everything goes through the same rules
as the app's own pages; badges are earned again from what you bring, not copied. Your posts, and the comments and
likes on them, become the importing member's own; comments and likes on other members' posts are kept here for
you to read but are not imported.
`;
}
