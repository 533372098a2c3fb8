import type { Track } from '#shared/music.ts';
import { errorResponse, jsonResponse, type StubbedRequest, stubFetch } from '#tests/web-kit/fetch-stub.ts';
import { answerEmptyMemberData } from '#tests/web-kit/member-data-stub.ts';

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
 * A small music server in memory: the list, adding (any input containing "suno.com/song/" succeeds, anything
 * else is refused with the reason `refusal`), and deleting. `add` may be replaced to answer by hand.
 */
export function stubMusicServer(
  initial: Track[],
  options: { add?: (request: StubbedRequest) => Response | Promise<Response> } = {},
) {
  let tracks = [...initial];
  const stub = stubFetch(async (request) => {
    if (request.path === '/api/music/list' && request.method === 'GET') return jsonResponse(tracks);
    if (request.path === '/api/music/add-embed' && request.method === 'POST') {
      if (options.add) {
        const answer = await options.add(request);
        if (answer.status === 201) tracks = [(await answer.clone().json()) as Track, ...tracks];
        return answer;
      }
      const { input } = JSON.parse(request.body ?? '{}') as { input: string };
      if (!input.includes('suno.com/song/')) {
        return errorResponse(400, 'bad_request', 'That is not a Suno song link.');
      }
      const track = buildTrack();
      tracks = [track, ...tracks];
      return jsonResponse(track, 201);
    }
    const deleting = /^\/api\/music\/tracks\/(\d+)$/.exec(request.path);
    if (deleting && request.method === 'DELETE') {
      tracks = tracks.filter((track) => track.id !== Number(deleting[1]));
      return jsonResponse({ success: true });
    }
    return answerEmptyMemberData(request);
  });
  return { ...stub, tracks: () => tracks };
}
