import { http } from 'msw';
import { successSchema } from '#shared/api.ts';
import {
  MEDIA_LIMITS,
  type MediaCreate,
  type MediaItem,
  mediaCreateSchema,
  mediaItemSchema,
  mediaListQuerySchema,
  mediaPageSchema,
} from '#shared/media.ts';
import { contractAnswer, errorResponse } from '#tests/web-kit/http-answers.ts';
import { server } from '#tests/web-kit/msw-server.ts';

let nextId = 500;
let clock = Date.parse('2026-05-01T10:00:00.000Z');

export function buildMediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  nextId += 1;
  clock += 60_000;
  const id = overrides.id ?? nextId;
  return {
    id,
    media_type: 'image',
    media_url: `/api/media/${id}/file`,
    prompt: `Prompt ${id}`,
    title: `Creation ${id}`,
    model_id: 'fal-ai/flux/schnell',
    is_favorite: false,
    content_type: 'image/png',
    size_bytes: 1024,
    created_at: new Date(clock).toISOString(),
    ...overrides,
  };
}

const contentTypes = { image: 'image/png', video: 'video/mp4', audio: 'audio/mpeg' } as const;

/**
 * The media routes in memory on the test's MSW server, as the server behaves: `GET /api/media` filtered (type,
 * favorites, q on title and prompt) and paged newest first by id cursor, its query read with the contract's
 * schema; `PUT /api/media/{id}/favorite`; `DELETE /api/media/{id}`; and `POST /api/media`, which answers the
 * item already saved from the same URL.
 */
export function serveMedia(initial: MediaItem[] = []) {
  let items = [...initial];
  const saved: MediaCreate[] = [];
  const sources = new Map<string, number>();
  const noSuchMedia = () => errorResponse(404, 'not_found', 'There is no such media');

  server.use(
    http.get('/api/media', ({ request }) => {
      const query = mediaListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      const needle = query.q.toLowerCase();
      const matching = [...items]
        .sort((a, b) => b.id - a.id)
        .filter((item) => query.type === 'all' || item.media_type === query.type)
        .filter((item) => !query.favorites || item.is_favorite)
        .filter(
          (item) =>
            needle === '' ||
            item.title.toLowerCase().includes(needle) ||
            item.prompt.toLowerCase().includes(needle),
        );
      const { cursor } = query;
      const after = cursor === undefined ? matching : matching.filter((item) => item.id < cursor);
      const page = after.slice(0, query.limit);
      const last = page.at(-1);
      return contractAnswer(mediaPageSchema, {
        items: page,
        nextCursor: last && after.length > page.length ? last.id : null,
        total: matching.length,
      });
    }),
    http.post('/api/media', async ({ request }) => {
      const body = mediaCreateSchema.parse(await request.json());
      saved.push(body);
      const existing = sources.get(body.media_url);
      const already = items.find((item) => item.id === existing);
      if (already) return contractAnswer(mediaItemSchema, already);
      const item = buildMediaItem({
        media_type: body.media_type,
        prompt: body.prompt,
        title: body.title,
        model_id: body.model_id,
        content_type: contentTypes[body.media_type],
      });
      sources.set(body.media_url, item.id);
      items = [...items, item];
      return contractAnswer(mediaItemSchema, item, 201);
    }),
    http.put('/api/media/:id/favorite', ({ params }) => {
      const id = Number(params.id);
      const item = items.find((candidate) => candidate.id === id);
      if (!item) return noSuchMedia();
      const changed = { ...item, is_favorite: !item.is_favorite };
      items = items.map((candidate) => (candidate.id === id ? changed : candidate));
      return contractAnswer(mediaItemSchema, changed);
    }),
    http.delete('/api/media/:id', ({ params }) => {
      const id = Number(params.id);
      if (!items.some((item) => item.id === id)) return noSuchMedia();
      items = items.filter((item) => item.id !== id);
      return contractAnswer(successSchema, { success: true });
    }),
  );

  return {
    items: () => items,
    /** The bodies of every `POST /api/media`, parsed. */
    saved: () => saved,
  };
}

/** More items than one page holds, newest last (the server answers newest first). */
export function buildManyMediaItems(count = MEDIA_LIMITS.pageDefault + 4): MediaItem[] {
  return Array.from({ length: count }, () => buildMediaItem());
}
