import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityPost, PostPage } from '#shared/community.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

export type PostPages = InfiniteData<PostPage>;

/** `GET /api/community/posts?cursor=`: newest first, a page at a time; `nextCursor` asks for the next page. */
export function getPosts(cursor: number | null, signal?: AbortSignal): Promise<PostPage> {
  const query = cursor === null ? {} : { cursor: String(cursor) };
  return answerOf(api.community.posts.$get({ query }, { init: { signal } }));
}

export function postsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: communityKeys.posts,
    queryFn: ({ pageParam, signal }) => getPosts(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function usePosts() {
  return useInfiniteQuery(postsQueryOptions());
}

/** Every loaded post, in order, without the duplicates a page boundary can produce while posts arrive. */
export function postsOf(pages: PostPages | undefined): CommunityPost[] {
  const seen = new Set<number>();
  const posts: CommunityPost[] = [];
  for (const page of pages?.pages ?? []) {
    for (const post of page.posts) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

/** Changes one post wherever it sits in the loaded pages (likes, comment counts). */
export function updatePostIn(
  pages: PostPages | undefined,
  postId: number,
  change: (post: CommunityPost) => CommunityPost,
): PostPages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      posts: page.posts.map((post) => (post.id === postId ? change(post) : post)),
    })),
  };
}
