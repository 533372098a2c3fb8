/**
 * The community's query keys, in one place because live events (hooks/use-live-events.ts) and several mutations
 * touch the same lists. Everything starts with `community`, so one prefix invalidates it all.
 */
export const communityKeys = {
  all: ['community'] as const,
  posts: ['community', 'posts'] as const,
  stats: ['community', 'stats'] as const,
  members: ['community', 'members'] as const,
  reports: ['community', 'reports'] as const,
  comments: (postId: number) => ['community', 'comments', postId] as const,
  /** The community's catalogue (its live OpenRouter list is capped at 150, the studio's at 100: another key). */
  aiModels: ['community', 'ai-models'] as const,
};
