import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/app/api-client.ts';

export type ReportPostInput = { postId: number; reason: string };

/** `POST /api/community/posts/{id}/report {reason}`: any member but the author, once per post. */
export function reportPost({ postId, reason }: ReportPostInput): Promise<void> {
  return apiRequest(`/api/community/posts/${postId}/report`, { method: 'POST', body: { reason } });
}

export function useReportPost() {
  return useMutation({ mutationFn: reportPost });
}
