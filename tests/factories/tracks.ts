import type { Track } from '#shared/music.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

let sequence = 0;

/** A Suno song link with a fresh, valid uuid. */
export function buildSunoSongUrl(): { id: string; url: string } {
  sequence += 1;
  const id = `${sequence.toString(16).padStart(8, '0')}-aaaa-4bbb-8ccc-${process.pid.toString(16).padStart(12, '0').slice(-12)}`;
  return { id, url: `https://suno.com/song/${id}` };
}

/** Adds a track through the API as the member whose cookie is given. */
export async function addTrackAs(t: TestApp, cookie: string, input = buildSunoSongUrl().url): Promise<Track> {
  const response = await t.request('/api/music/add-embed', { method: 'POST', cookie, body: { input } });
  if (response.status !== 201)
    throw new Error(`add track failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Track;
}
