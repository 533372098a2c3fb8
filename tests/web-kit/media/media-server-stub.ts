import {
  MEDIA_LIMITS,
  type MediaCreate,
  type MediaItem,
  mediaCreateSchema,
  mediaListQuerySchema,
} from '#shared/media.ts';
import { errorResponse, jsonResponse, type StubbedRequest } from '#tests/web-kit/fetch-stub.ts';

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
 * The media routes in memory, as the server behaves: `GET /api/media` filtered (type, favorites, q on title and
 * prompt) and paged newest first by id cursor, `PUT /api/media/{id}/favorite`, `DELETE /api/media/{id}`, and
 * `POST /api/media`, which answers the item already saved from the same URL. Returns undefined for any other
 * request, so it chains with a test's other routes.
 */
export function createMediaServer(initial: MediaItem[] = []) {
  let items = [...initial];
  const saved: MediaCreate[] = [];
  const sources = new Map<string, number>();

  function route(request: StubbedRequest): Response | undefined {
    const url = new URL(request.path, 'http://localhost');
    const { pathname } = url;
    if (request.method === 'GET' && pathname === '/api/media') {
      const query = mediaListQuerySchema.parse(Object.fromEntries(url.searchParams));
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
      return jsonResponse({
        items: page,
        nextCursor: last && after.length > page.length ? last.id : null,
        total: matching.length,
      });
    }
    if (request.method === 'POST' && pathname === '/api/media') {
      const body = mediaCreateSchema.parse(JSON.parse(request.body ?? '{}'));
      saved.push(body);
      const existing = sources.get(body.media_url);
      const already = items.find((item) => item.id === existing);
      if (already) return jsonResponse(already);
      const item = buildMediaItem({
        media_type: body.media_type,
        prompt: body.prompt,
        title: body.title,
        model_id: body.model_id,
        content_type: contentTypes[body.media_type],
      });
      sources.set(body.media_url, item.id);
      items = [...items, item];
      return jsonResponse(item, 201);
    }
    const favorite = /^\/api\/media\/(\d+)\/favorite$/.exec(pathname);
    if (request.method === 'PUT' && favorite) {
      const id = Number(favorite[1]);
      const item = items.find((candidate) => candidate.id === id);
      if (!item) return errorResponse(404, 'not_found', 'There is no such media');
      const changed = { ...item, is_favorite: !item.is_favorite };
      items = items.map((candidate) => (candidate.id === id ? changed : candidate));
      return jsonResponse(changed);
    }
    const one = /^\/api\/media\/(\d+)$/.exec(pathname);
    if (request.method === 'DELETE' && one) {
      const id = Number(one[1]);
      if (!items.some((item) => item.id === id))
        return errorResponse(404, 'not_found', 'There is no such media');
      items = items.filter((item) => item.id !== id);
      return jsonResponse({ success: true });
    }
    return undefined;
  }

  return {
    route,
    items: () => items,
    /** The bodies of every `POST /api/media`, parsed. */
    saved: () => saved,
  };
}

/** More items than one page holds, newest last (the server answers newest first). */
export function buildManyMediaItems(count = MEDIA_LIMITS.pageDefault + 4): MediaItem[] {
  return Array.from({ length: count }, () => buildMediaItem());
}
