import { z } from 'zod';
import { aiProviderIdSchema, modelIdSchema } from './ai.ts';
import { rowIdParamSchema } from './row-id.ts';
import { reason } from './texts.ts';

/** The community: posts, comments, likes, helpful marks, reports, members. */

export const postLangs = ['auto', 'en', 'es'] as const;
export const postLangSchema = z.enum(postLangs);
export type PostLang = z.infer<typeof postLangSchema>;

export const COMMUNITY_LIMITS = {
  titleMax: 200,
  bodyMax: 10_000,
  commentMax: 2_000,
  reportReasonMax: 500,
  pageDefault: 20,
  pageMax: 50,
  /** Recent Members shows the first 5. */
  recentMembers: 5,
  /** Posts, then comments, a member may write per minute on one server. */
  postsPerMinute: 5,
  commentsPerMinute: 20,
} as const;

/** Kept exactly as members know them. */
export const COMMUNITY_TEXTS = {
  noPosts: 'No posts yet',
  createFirstPost: 'Create First Post',
  deleteConfirm: 'Are you sure you want to delete this post?',
  creating: 'Creating...',
} as const;

const id = z.number().int();

/** A post as every member sees it, plus what the page needs about the viewer. */
export const communityPostSchema = z
  .object({
    id,
    author_id: id,
    author_name: z.string(),
    author_avatar: z.string().nullable(),
    title: z.string(),
    body: z.string(),
    lang: postLangSchema,
    images: z.array(z.string()),
    likes: z.number().int(),
    comments_count: z.number().int(),
    /** The viewer liked it. */
    liked: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    /** Set when an AI helper wrote or changed the text: the post shows as AI Enhanced. */
    ai_meta: z.object({ helpers: z.array(z.enum(['generate', 'improve', 'translate'])) }).nullable(),
  })
  .meta({ id: 'CommunityPost' });
export type CommunityPost = z.infer<typeof communityPostSchema>;

/** `GET /api/community/posts?cursor=&limit=`: newest first; `nextCursor` asks for the page after this one. */
export const postsQuerySchema = z.object({
  cursor: rowIdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(COMMUNITY_LIMITS.pageMax).default(COMMUNITY_LIMITS.pageDefault),
});
export const postPageSchema = z.object({
  posts: z.array(communityPostSchema),
  nextCursor: z.number().int().nullable(),
});
export type PostPage = z.infer<typeof postPageSchema>;

export const postTitleSchema = z
  .string()
  .trim()
  .min(1, reason('shared.community.giveTitle'))
  .max(
    COMMUNITY_LIMITS.titleMax,
    reason('shared.limits.atMostCharacters', { max: COMMUNITY_LIMITS.titleMax }),
  );
export const postBodySchema = z
  .string()
  .trim()
  .max(COMMUNITY_LIMITS.bodyMax, reason('shared.limits.atMostCharacters', { max: COMMUNITY_LIMITS.bodyMax }));
export const aiHelpersSchema = z.array(z.enum(['generate', 'improve', 'translate'])).max(3);

/** `POST /api/community/posts`. `aiHelpers` lists the AI helpers the author used, which marks the post AI Enhanced. */
export const createPostRequestSchema = z.object({
  title: postTitleSchema,
  body: postBodySchema.default(''),
  lang: postLangSchema.default('auto'),
  aiHelpers: aiHelpersSchema.optional(),
});
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;

/** `PUT /api/community/posts/{id}` (the post editor's edit). Author only. */
export const updatePostRequestSchema = z.object({
  title: postTitleSchema.optional(),
  body: postBodySchema.optional(),
  lang: postLangSchema.optional(),
  aiHelpers: aiHelpersSchema.optional(),
});
export type UpdatePostRequest = z.input<typeof updatePostRequestSchema>;

/** `PUT /api/community/posts/{id}/like`: the like was toggled; `likes` is the new count. */
export const likeResponseSchema = z.object({ likes: z.number().int(), liked: z.boolean() });
export type LikeResponse = z.infer<typeof likeResponseSchema>;

export const communityCommentSchema = z
  .object({
    id,
    post_id: id,
    author_id: id,
    author_name: z.string(),
    author_avatar: z.string().nullable(),
    body: z.string(),
    created_at: z.string(),
    /** The post's author marked it helpful (Glow Mentor for the commenter, the first time). */
    helpful: z.boolean(),
  })
  .meta({ id: 'CommunityComment' });
export type CommunityComment = z.infer<typeof communityCommentSchema>;
/** `GET /api/community/posts/{id}/comments`: oldest first. */
export const commentListSchema = z.array(communityCommentSchema);

export const commentBodySchema = z
  .string()
  .trim()
  .min(1, reason('shared.community.writeComment'))
  .max(
    COMMUNITY_LIMITS.commentMax,
    reason('shared.limits.atMostCharacters', { max: COMMUNITY_LIMITS.commentMax }),
  );

export const createCommentRequestSchema = z.object({ body: commentBodySchema });

/** `PUT /api/community/comments/{id}/helpful {helpful}`: the post's author marks a comment helpful, or not. */
export const markHelpfulRequestSchema = z.object({ helpful: z.boolean() });

/** A member in the community's list. `GET /api/community/members`: newest first. */
export const communityMemberSchema = z
  .object({ id, display_name: z.string(), created_at: z.string() })
  .meta({ id: 'CommunityMember' });
export type CommunityMember = z.infer<typeof communityMemberSchema>;
export const membersQuerySchema = z.object({
  cursor: rowIdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(COMMUNITY_LIMITS.pageMax).default(COMMUNITY_LIMITS.pageDefault),
});
export const memberPageSchema = z.object({
  members: z.array(communityMemberSchema),
  nextCursor: z.number().int().nullable(),
});

/** `GET /api/community/stats`: the sidebar's numbers, and whether the viewer runs the community. */
export const communityStatsSchema = z.object({
  totalPosts: z.number().int(),
  /** Members who posted, commented or liked in the last 30 days. */
  activeMembers: z.number().int(),
  totalLikes: z.number().int(),
  canModerate: z.boolean(),
});
export type CommunityStats = z.infer<typeof communityStatsSchema>;
export const ACTIVE_MEMBER_DAYS = 30;

/** `POST /api/community/posts/{id}/report {reason?}`: any member but the author, once per post. */
export const reportPostRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(
      COMMUNITY_LIMITS.reportReasonMax,
      reason('shared.limits.atMostCharacters', { max: COMMUNITY_LIMITS.reportReasonMax }),
    )
    .default(''),
});

/** `GET /api/community/reports` (operators only): reported posts, hidden ones included. */
export const reportedPostSchema = z.object({
  post: communityPostSchema,
  hidden: z.boolean(),
  reports: z.array(z.object({ reporter_name: z.string(), reason: z.string(), created_at: z.string() })),
});
export type ReportedPost = z.infer<typeof reportedPostSchema>;
export const reportedPostListSchema = z.array(reportedPostSchema);

/** `PUT /api/community/posts/{id}/hidden {hidden}` (operators only): hide a post from everyone, or restore it. */
export const setHiddenRequestSchema = z.object({ hidden: z.boolean() });

// AI writing helpers (answer shapes are ours: `{text, lang}`).
const aiChoiceFields = { provider: aiProviderIdSchema.optional(), model: modelIdSchema.optional() };
export const vibes = ['friendly', 'inspiring', 'funny', 'professional', 'cozy'] as const;
export const generateTextRequestSchema = z.object({
  topic: z
    .string()
    .trim()
    .min(1, reason('shared.community.giveTopic'))
    .max(500, reason('shared.limits.atMostCharacters', { max: 500 })),
  vibe: z.string().trim().max(40).default('friendly'),
  lang: postLangSchema.default('auto'),
  ...aiChoiceFields,
});
export const improveTextRequestSchema = z.object({
  body: z.string().trim().min(1, reason('shared.community.writeToImprove')).max(COMMUNITY_LIMITS.bodyMax),
  goals: z.string().trim().max(300).default(''),
  ...aiChoiceFields,
});
export const translateTargetSchema = z.enum(['es', 'en']);
export const translateTextRequestSchema = z.object({
  body: z.string().trim().min(1, reason('shared.community.writeToTranslate')).max(COMMUNITY_LIMITS.bodyMax),
  target: translateTargetSchema,
  ...aiChoiceFields,
});
/** `POST /api/community/ai/generate {mode, …}`: the one call the page's form uses. */
export const communityGenerateRequestSchema = z.discriminatedUnion('mode', [
  generateTextRequestSchema.extend({ mode: z.literal('post') }),
  improveTextRequestSchema.extend({ mode: z.literal('improve') }),
  translateTextRequestSchema.extend({ mode: z.literal('translate') }),
]);
export type CommunityGenerateRequest = z.input<typeof communityGenerateRequestSchema>;
export const communityAiResponseSchema = z.object({ text: z.string(), lang: postLangSchema });
export type CommunityAiResponse = z.infer<typeof communityAiResponseSchema>;
