import { useMutation } from '@tanstack/react-query';
import { answerOf, api } from '#web/lib/api-client.ts';

export type ReportPostInput = { postId: number; reason: string };

/** `POST /api/community/posts/{id}/report {reason}`: any member but the author, once per post. */
export async function reportPost({ postId, reason }: ReportPostInput): Promise<void> {
  await answerOf(
    api.community.posts[':id'].report.$post({ param: { id: String(postId) }, json: { reason } }),
  );
}

export function useReportPost() {
  return useMutation({ mutationFn: reportPost });
}
