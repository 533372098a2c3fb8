import { http } from 'msw';
import { successSchema } from '#shared/api.ts';
import { addTrackRequestSchema, type Track, trackListSchema, trackSchema } from '#shared/music.ts';
import { contractAnswer, errorResponse } from '#tests/web-kit/http-answers.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { requestsTo, server } from '#tests/web-kit/msw-server.ts';

let nextId = 1000;

export function buildTrack(overrides: Partial<Track> = {}): Track {
  nextId += 1;
  const uuid = `${nextId.toString(16).padStart(8, '0')}-1111-4222-8333-444455556666`;
  return {
    id: nextId,
    title: `Suno song ${uuid.slice(0, 8)}`,
    suno_url: `https://suno.com/song/${uuid}`,
    embed_src: `https://suno.com/embed/${uuid}`,
    ...overrides,
  };
}

/**
 * A small music server in memory on the test's MSW server, over the reads of a member with no other data: the
 * list, adding (any input containing "suno.com/song/" succeeds, anything else is refused with the server's
 * reason), and deleting. `add` may be replaced to answer by hand; a 201 it gives joins the list.
 */
export function serveMusic(
  initial: Track[],
  options: { add?: (request: Request) => Response | Promise<Response> } = {},
) {
  let tracks = [...initial];
  server.use(
    http.get('/api/music/list', () => contractAnswer(trackListSchema, tracks)),
    http.post('/api/music/add-embed', async ({ request }) => {
      if (options.add) {
        const answer = await options.add(request);
        if (answer.status === 201) tracks = [trackSchema.parse(await answer.clone().json()), ...tracks];
        return answer;
      }
      const { input } = addTrackRequestSchema.parse(await request.json());
      if (!input.includes('suno.com/song/')) {
        return errorResponse(400, 'bad_request', 'That is not a Suno song link.');
      }
      const track = buildTrack();
      tracks = [track, ...tracks];
      return contractAnswer(trackSchema, track, 201);
    }),
    http.delete('/api/music/tracks/:id', ({ params }) => {
      tracks = tracks.filter((track) => track.id !== Number(params.id));
      return contractAnswer(successSchema, { success: true });
    }),
    // After the music routes: in one server.use call, the first handler that answers wins.
    ...emptyMemberDataHandlers(),
  );
  return { tracks: () => tracks, requestsTo };
}
