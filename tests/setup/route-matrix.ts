/**
 * Every route of the API, keyed `METHOD /path`, with a valid example request (path with ids filled in, body) and
 * what it answers to an anonymous visitor and to a fresh member. The authorization matrix checks the answers
 * (tests/server/authz-matrix.test.ts fails when a registered route has no row); the chaos suite's bad requests
 * start from the examples. Rows for routes on a member's own data add `otherMember` (expect 404).
 */
/**
 * `member` is a fresh member acting on `path` (for id routes: an id that is not theirs, since they own nothing);
 * `otherMember` documents that a row exists for another member and must answer 404 (checked per feature with
 * real rows, e.g. tasks.test.ts "never shows or changes another member's task").
 */
export type RouteRow = {
  path?: string;
  body?: unknown;
  anonymous: number;
  member: number;
  otherMember?: 404;
  /** An endless stream (server-sent events): only the status is checked, then the body is cancelled. */
  stream?: true;
};

export const routeMatrix: Record<string, RouteRow> = {
  'GET /healthz': { anonymous: 200, member: 200 },
  'GET /readyz': { anonymous: 200, member: 200 },
  'GET /api/auth/mode': { anonymous: 200, member: 200 },
  // The API reference is public: it describes the routes, and holds nothing of anyone's.
  'GET /api/openapi.json': { anonymous: 200, member: 200 },
  'GET /api/docs': { anonymous: 200, member: 200 },
  'GET /api/docs/reference.js': { anonymous: 200, member: 200 },
  'GET /api/oauth/google/redirect_url': { anonymous: 200, member: 200 },
  // Public by nature (it is how one signs in); without a sign-in started in this browser it refuses.
  'POST /api/sessions': { body: { code: 'c', state: 's' }, anonymous: 400, member: 400 },
  'POST /api/dev-identity/authorize': { body: {}, anonymous: 400, member: 400 },
  'GET /api/users/me': { anonymous: 401, member: 200 },
  'GET /api/logout': { anonymous: 200, member: 200 },
  'POST /api/logout': { body: {}, anonymous: 200, member: 200 },
  // Only ever the member's own sessions: another member's id answers 404 and the session stays
  // (member-sessions.test.ts ends real ones).
  'GET /api/sessions': { anonymous: 401, member: 200 },
  'DELETE /api/sessions/others': { anonymous: 401, member: 200 },
  'DELETE /api/sessions/:id': {
    path: '/api/sessions/00000000-0000-4000-8000-000000000000',
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  // Never another member's: the account is the caller's own. The example's email is not the member's, so the
  // matrix's member is refused (400) and kept.
  'DELETE /api/account': {
    body: { email: 'not-this-member@example.test', community: 'delete' },
    anonymous: 401,
    member: 400,
  },
  'GET /api/account/export': { anonymous: 401, member: 200 },
  // Its body is a zip, not JSON, so the example sends none: the member is refused (400, "Send the archive")
  // before anything is read. import-account.test.ts sends real archives, good and hostile.
  'POST /api/account/import': { anonymous: 401, member: 400 },
  'GET /api/tasks': { anonymous: 401, member: 200 },
  'POST /api/tasks': { body: { title: 'Matrix task' }, anonymous: 401, member: 201 },
  'POST /api/tasks/restore': { body: { id: 1 }, anonymous: 401, member: 404, otherMember: 404 },
  'PUT /api/tasks/:id': {
    path: '/api/tasks/1',
    body: { title: 'x' },
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'DELETE /api/tasks/:id': { path: '/api/tasks/1', anonymous: 401, member: 404, otherMember: 404 },
  'POST /api/pomodoro': { body: { duration_minutes: 25 }, anonymous: 401, member: 201 },
  'PUT /api/pomodoro/:id/complete': {
    path: '/api/pomodoro/1/complete',
    body: {},
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'GET /api/badges': { anonymous: 401, member: 200 },
  'GET /api/dashboard/stats': { anonymous: 401, member: 200 },
  'GET /api/dashboard': { anonymous: 401, member: 200 },
  // Only ever the member's own: a fresh member finds nothing.
  'GET /api/search': { path: '/api/search?q=matrix', anonymous: 401, member: 200 },
  // The matrix app's OpenAlex is a closed local port: a clean 502 `provider_failed`, never a 500.
  'POST /api/research': { body: { query: 'open science' }, anonymous: 401, member: 502 },
  'GET /api/quick-actions': { anonymous: 401, member: 200 },
  'POST /api/quick-actions': {
    body: {
      label: 'Matrix action',
      payload: {
        provider: 'openrouter',
        model: 'openrouter/auto',
        type: 'chat',
        promptTemplate: 'Fix: {{selection}}',
      },
    },
    anonymous: 401,
    member: 201,
  },
  'DELETE /api/quick-actions/:id': {
    path: '/api/quick-actions/1',
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  // A fresh member has no actions: the five defaults are added (201); a second call would answer 200.
  'POST /api/quick-actions/seed': { body: {}, anonymous: 401, member: 201 },
  'GET /api/widgets': { anonymous: 401, member: 200 },
  'POST /api/widgets': {
    body: {
      type: 'iframe',
      title: 'Matrix widget',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      col_span: 6,
      row_span: 6,
      order_index: 0,
    },
    anonymous: 401,
    member: 201,
  },
  'PUT /api/widgets/:id': {
    path: '/api/widgets/1',
    body: { order_index: 0 },
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'DELETE /api/widgets/:id': { path: '/api/widgets/1', anonymous: 401, member: 404, otherMember: 404 },
  'GET /api/music/list': { anonymous: 401, member: 200 },
  'POST /api/music/add-embed': {
    body: { input: 'https://suno.com/song/0f4b9c2e-1d3a-4e5f-8a6b-7c8d9e0f1a2b' },
    anonymous: 401,
    member: 201,
  },
  'DELETE /api/music/tracks/:id': {
    path: '/api/music/tracks/1',
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  // Community (community.test.ts checks these with real rows: posts are public, so another member's post answers
  // 403 to edit or delete and may be liked, commented and reported). Here no post 1 exists yet: the id rows come
  // before the create row, which makes one.
  'PUT /api/community/posts/:id': {
    path: '/api/community/posts/1',
    body: { title: 'Matrix edit' },
    anonymous: 401,
    member: 404,
  },
  'DELETE /api/community/posts/:id': { path: '/api/community/posts/1', anonymous: 401, member: 404 },
  'PUT /api/community/posts/:id/like': {
    path: '/api/community/posts/1/like',
    body: {},
    anonymous: 401,
    member: 404,
  },
  'GET /api/community/posts/:id/comments': {
    path: '/api/community/posts/1/comments',
    anonymous: 401,
    member: 404,
  },
  'POST /api/community/posts/:id/comments': {
    path: '/api/community/posts/1/comments',
    body: { body: 'Matrix comment' },
    anonymous: 401,
    member: 404,
  },
  'PUT /api/community/comments/:id/helpful': {
    path: '/api/community/comments/1/helpful',
    body: { helpful: true },
    anonymous: 401,
    member: 404,
  },
  'POST /api/community/posts/:id/report': {
    path: '/api/community/posts/1/report',
    body: { reason: 'spam' },
    anonymous: 401,
    member: 404,
  },
  // Operators only (ADMIN_EMAILS): a member who is not one is refused before the post is looked at.
  'GET /api/community/reports': { anonymous: 401, member: 403 },
  'PUT /api/community/posts/:id/hidden': {
    path: '/api/community/posts/1/hidden',
    body: { hidden: true },
    anonymous: 401,
    member: 403,
  },
  'GET /api/community/posts': { anonymous: 401, member: 200 },
  'GET /api/community/members': { anonymous: 401, member: 200 },
  'GET /api/community/stats': { anonymous: 401, member: 200 },
  'POST /api/community/posts': { body: { title: 'Matrix post' }, anonymous: 401, member: 201 },
  // Live events: a member's stream stays open, so the row checks the status and hangs up (events.test.ts reads it).
  'GET /api/events': { anonymous: 401, member: 200, stream: true },
  // Community AI helpers: the matrix app configures no provider, so a valid call as a member answers 503.
  'POST /api/community/ai/generate-text': { body: { topic: 'Focus' }, anonymous: 401, member: 503 },
  'POST /api/community/ai/improve': { body: { body: 'Some text' }, anonymous: 401, member: 503 },
  'POST /api/community/ai/translate': { body: { body: 'Hello', target: 'es' }, anonymous: 401, member: 503 },
  'POST /api/community/ai/generate': {
    body: { mode: 'translate', body: 'Hello', target: 'en' },
    anonymous: 401,
    member: 503,
  },
  'GET /api/ai/models': { anonymous: 401, member: 200 },
  'GET /api/_debug/ai-diag': { anonymous: 401, member: 200 },
  // The matrix app configures no provider: a valid AI call as a member answers 503 provider_not_configured.
  'POST /api/ai/chat': {
    body: { messages: [{ role: 'user', content: 'Hello' }] },
    anonymous: 401,
    member: 503,
  },
  'POST /api/ai/optimize-prompt': { body: { prompt: 'a cat' }, anonymous: 401, member: 503 },
  // Media generation (generation.test.ts checks jobs of two members with real rows). The matrix app configures no
  // provider: a valid start answers 503 with no job written; a job id the fresh member does not own answers 404.
  'POST /api/ai/image': {
    body: {
      provider: 'openrouter',
      model: 'google/gemini-2.5-flash-image',
      prompt: 'a parrot',
      size: '1024x1024',
    },
    anonymous: 401,
    member: 503,
  },
  'GET /api/ai/image/status': {
    path: '/api/ai/image/status?provider=openrouter&jobId=0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11',
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'GET /api/straico/status/:jobId': {
    path: '/api/straico/status/0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11',
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'POST /api/straico/video': {
    body: { model: 'kling/v2.1', prompt: 'a parrot flying', duration: 4, aspect_ratio: '16:9' },
    anonymous: 401,
    member: 503,
  },
  'POST /api/straico/audio': {
    body: { model: 'eleven_multilingual_v2', prompt: 'Hello there' },
    anonymous: 401,
    member: 503,
  },
  'GET /api/fal/models': { anonymous: 401, member: 200 },
  'POST /api/fal/image': {
    body: { model: 'fal-ai/flux/schnell', prompt: 'a parrot' },
    anonymous: 401,
    member: 503,
  },
  'POST /api/fal/video': {
    body: { model: 'fal-ai/kling-video/v2.1/master/text-to-video', prompt: 'a parrot flying' },
    anonymous: 401,
    member: 503,
  },
  'GET /api/ai/jobs': { anonymous: 401, member: 200 },
  'GET /api/ai/jobs/:jobId/outputs/:n': {
    path: '/api/ai/jobs/0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11/outputs/0',
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'POST /api/profile/set-ai': {
    body: { aiProvider: 'openrouter', aiModel: 'openrouter/auto' },
    anonymous: 401,
    member: 200,
  },
  // Profile (profile.test.ts and profile-images.test.ts check each member's own rows with real data). A job output
  // or a picture the fresh member does not own answers 404; the matrix app configures no image provider (503).
  'GET /api/profile': { anonymous: 401, member: 200 },
  'PUT /api/profile': { body: { display_name: 'Matrix' }, anonymous: 401, member: 200 },
  'GET /api/profile/me': { anonymous: 401, member: 200 },
  'POST /api/profile/set-status': { body: { status: 'Matrix status' }, anonymous: 401, member: 200 },
  'POST /api/profile/set-theme': { body: { theme: 'ocean' }, anonymous: 401, member: 200 },
  'POST /api/theme/apply': {
    body: {
      name: 'cosmic-pink',
      tokens: { bg: '#000000', surface: '#111111', text: '#ffffff', accent: '#ff7eb3', accent2: '#7afcff' },
    },
    anonymous: 401,
    member: 200,
  },
  'POST /api/profile/set-avatar': {
    body: { url: '/api/ai/jobs/0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11/outputs/0' },
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'POST /api/profile/set-wallpaper': {
    body: { wallpaperUrl: '/api/ai/jobs/0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11/outputs/0' },
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'POST /api/profile/avatar-generate': { body: { prompt: 'a parrot' }, anonymous: 401, member: 503 },
  'GET /api/profile/avatar-status': {
    path: '/api/profile/avatar-status?jobId=0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11',
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  // Avatars are shown to every signed-in member (community); wallpapers to their owner only.
  'GET /api/avatars/:userId/:file': {
    path: '/api/avatars/1/0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11.png',
    anonymous: 401,
    member: 404,
  },
  'GET /api/wallpapers/:userId/:file': {
    path: '/api/wallpapers/1/0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11.png',
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'GET /api/calendar/week': { anonymous: 401, member: 200 },
  // Media (media.test.ts checks another member's rows answer 404 on each). Saving names a job output the fresh
  // member does not own: 404 without any fetch.
  'GET /api/media': { anonymous: 401, member: 200 },
  // The caller's own usage: there is no way to name another member's.
  'GET /api/media/usage': { anonymous: 401, member: 200 },
  'POST /api/media': {
    body: { media_type: 'image', media_url: '/api/ai/jobs/0f4b9c2e-1d3a-4e5f-8a6b-7c8d9e0f1a2b/outputs/0' },
    anonymous: 401,
    member: 404,
  },
  'PUT /api/media/:id/favorite': {
    path: '/api/media/1/favorite',
    body: {},
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'DELETE /api/media/:id': { path: '/api/media/1', anonymous: 401, member: 404, otherMember: 404 },
  'GET /api/media/:id/file': { path: '/api/media/1/file', anonymous: 401, member: 404, otherMember: 404 },
  'GET /api/download': {
    path: '/api/download?url=%2Fapi%2Fmedia%2F1%2Ffile',
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'GET /api/chat/threads': { anonymous: 401, member: 200 },
  'POST /api/chat/thread': { body: { title: 'Matrix thread' }, anonymous: 401, member: 201 },
  'GET /api/chat/thread/:id': { path: '/api/chat/thread/1', anonymous: 401, member: 404, otherMember: 404 },
  'PUT /api/chat/thread/:id/archive': {
    path: '/api/chat/thread/1/archive',
    body: {},
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  // The thread is checked before the provider: a member who owns no thread 1 gets 404, not the matrix app's 503.
  'POST /api/chat/send': {
    body: { threadId: 1, content: 'Hello', provider: 'openrouter', model: 'openrouter/auto' },
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'POST /api/chat/stream': {
    body: { threadId: 1, content: 'Hello', provider: 'openrouter', model: 'openrouter/auto' },
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
  'POST /api/chat/regenerate': {
    body: { threadId: 1, provider: 'openrouter', model: 'openrouter/auto' },
    anonymous: 401,
    member: 404,
    otherMember: 404,
  },
};
