import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { MediaStore } from '#server/features/media/media-store.ts';
import { serveStoredFile } from '#server/features/media/serve-stored-file.ts';
import { notFound } from '#server/lib/errors.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/rate-limiter.ts';
import { parseWith, readJson } from '#server/lib/validation.ts';
import { falModels } from '#shared/fal-models.ts';
import {
  aiImageRequestSchema,
  falImageRequestSchema,
  falVideoRequestSchema,
  imageStatusQuerySchema,
  straicoAudioRequestSchema,
  straicoVideoRequestSchema,
} from '#shared/media.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { MAX_JOB_OUTPUTS } from './collect-outputs.ts';
import type { GenerationService } from './generation.service.ts';

/**
 * Media generation (part 1 §7 `POST /api/ai/image` and its status; part 2 §7 Straico and fal calls), plus the
 * job list the studio picks generations up from and the outputs that came inline. Every call is a signed-in
 * member's and sees only their own jobs (404 otherwise). Starting a generation counts against the member's
 * share of `aiLimiter` (shared with chat and research); polling does not.
 */
export function createGenerationRoutes(deps: {
  requireMember: ReturnType<typeof createRequireMember>;
  aiLimiter: RateLimiter;
  generation: GenerationService;
  store: MediaStore;
}) {
  const routes = new Hono<AppEnv>();
  const member = deps.requireMember;
  const limitAi = limitPerMember(deps.aiLimiter, 'AI');
  const memberId = (c: { get(key: 'member'): { user: { id: number } } }) => c.get('member').user.id;
  const { generation } = deps;

  routes.post('/api/ai/image', member, limitAi, async (c) => {
    const request = await readJson(c, aiImageRequestSchema);
    return c.json(await generation.start(memberId(c), { kind: 'ai-image', ...request }));
  });

  routes.get('/api/ai/image/status', member, async (c) => {
    const { jobId } = parseWith(imageStatusQuerySchema, {
      provider: c.req.query('provider') || undefined,
      jobId: c.req.query('jobId'),
    });
    return c.json(await generation.status(memberId(c), jobId));
  });

  routes.get('/api/straico/status/:jobId', member, async (c) =>
    c.json(await generation.status(memberId(c), c.req.param('jobId'))),
  );

  routes.post('/api/straico/video', member, limitAi, async (c) => {
    const { provider: _straico, ...request } = await readJson(c, straicoVideoRequestSchema);
    return c.json(await generation.start(memberId(c), { kind: 'straico-video', ...request }));
  });

  routes.post('/api/straico/audio', member, limitAi, async (c) => {
    const { provider: _straico, ...request } = await readJson(c, straicoAudioRequestSchema);
    return c.json(await generation.start(memberId(c), { kind: 'straico-audio', ...request }));
  });

  routes.get('/api/fal/models', member, (c) => c.json(falModels));

  routes.post('/api/fal/image', member, limitAi, async (c) => {
    const request = await readJson(c, falImageRequestSchema);
    return c.json(await generation.start(memberId(c), { kind: 'fal-image', ...request }));
  });

  routes.post('/api/fal/video', member, limitAi, async (c) => {
    const request = await readJson(c, falVideoRequestSchema);
    return c.json(await generation.start(memberId(c), { kind: 'fal-video', ...request }));
  });

  routes.get('/api/ai/jobs', member, async (c) => c.json(await generation.list(memberId(c))));

  routes.get('/api/ai/jobs/:jobId/outputs/:n', member, async (c) => {
    const index = /^\d{1,3}$/.test(c.req.param('n')) ? Number(c.req.param('n')) : Number.NaN;
    if (!(index < MAX_JOB_OUTPUTS)) throw notFound('That file');
    const file = await generation.output(memberId(c), c.req.param('jobId'), index);
    return serveStoredFile(c.req.raw, deps.store, file, 'inline');
  });

  return routes;
}
