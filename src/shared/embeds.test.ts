import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMBED_LIMITS,
  type EmbedResult,
  embedRefusal,
  extractIframeSrc,
  parseSunoInput,
  parseYouTubeStart,
  toEmbed,
} from './embeds.ts';
import { addTrackRequestSchema, trackSchema } from './music.ts';
import { clampWidgetWidth, createWidgetRequestSchema, widgetSchema, widgetSizes } from './widgets.ts';

const APP = { appOrigin: 'https://lumara.example' };
const embed = (input: string) => toEmbed(input, APP);

const UUID = '3b9d6f0e-7f7a-4c53-9f1c-8a2e5f0d9c11';
const SUNO_EMBED = `https://suno.com/embed/${UUID}`;
const VIDEO = 'dQw4w9WgXcQ';
const YT = `https://www.youtube-nocookie.com/embed/${VIDEO}`;
const LIST = 'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI';
const TRACK = '4cOdK2wGLETKBW3PvgPWqT';
const ALBUM = '1DFixLWuPkv3KT3TnV35m3';
const PLAYLIST = '37i9dQZF1DXcBWIGoYBM5M';
const EPISODE = '512ojhOuo1ktJprKbVcKyQ';
const SHOW = '4rOoJ6Egrf8K2IrywzwOMk';
const ARTIST = '0OdUWJ0sBjDrqHygGUXeCF';
const SPOTIFY = 'https://open.spotify.com/embed';
const GCAL = 'https://calendar.google.com/calendar/embed?src=';

describe('parseSunoInput', () => {
  const song = { kind: 'embed', id: UUID, embedSrc: SUNO_EMBED, sunoUrl: `https://suno.com/song/${UUID}` };

  it.each([
    ['the canonical song link', `https://suno.com/song/${UUID}`],
    ['a song link with a share query', `https://suno.com/song/${UUID}?sh=AbCdEfGh12345678`],
    ['a song link with a trailing slash', `https://suno.com/song/${UUID}/`],
    ['www', `https://www.suno.com/song/${UUID}`],
    ['the old app domain', `https://app.suno.ai/song/${UUID}`],
    ['the old bare domain', `https://suno.ai/song/${UUID}`],
    ['an embed URL', SUNO_EMBED],
    ['the third-party /embed/song/ form', `https://suno.com/embed/song/${UUID}`],
    ['an upper-case uuid (lower-cased)', `https://suno.com/song/${UUID.toUpperCase()}`],
    ['http (upgraded)', `http://suno.com/song/${UUID}`],
    ['surrounding whitespace and a newline', `  https://suno.com/song/${UUID}\n`],
    [
      'embed code',
      `<iframe src="${SUNO_EMBED}" width="100%" height="240" allow="autoplay; clipboard-write; encrypted-media"></iframe>`,
    ],
    ['embed code with single quotes', `<iframe src='${SUNO_EMBED}'></iframe>`],
    ['embed code with an unquoted src', `<iframe height=240 src=${SUNO_EMBED}></iframe>`],
    ['embed code in upper case with newlines', `<IFRAME\n  SRC="${SUNO_EMBED}"\n></IFRAME>`],
  ])('reads %s', (_label, input) => {
    expect(parseSunoInput(input)).toEqual(song);
  });

  it('returns a short link for the server to resolve, keeping its case', () => {
    expect(parseSunoInput('https://suno.com/s/AbCdEf12GhIj3456')).toEqual({
      kind: 'short-link',
      url: 'https://suno.com/s/AbCdEf12GhIj3456',
    });
    expect(parseSunoInput('http://www.suno.com/s/x9Y8z7W6?sh=1')).toEqual({
      kind: 'short-link',
      url: 'https://suno.com/s/x9Y8z7W6',
    });
  });

  it.each([
    ['empty', '', embedRefusal.sunoEmpty],
    ['whitespace only', '   \n\t', embedRefusal.sunoEmpty],
    ['a YouTube link', `https://www.youtube.com/watch?v=${VIDEO}`, embedRefusal.notSuno],
    ['a lookalike host', `https://suno.com.evil.example/song/${UUID}`, embedRefusal.notSuno],
    ['a lookalike old domain', `https://app.suno.ai.evil.example/song/${UUID}`, embedRefusal.notSuno],
    [
      'a user name that looks like the host',
      `https://suno.com@evil.example/song/${UUID}`,
      embedRefusal.userinfo,
    ],
    ['the song link in a fragment', `https://evil.example#suno.com/song/${UUID}`, embedRefusal.notSuno],
    [
      'the song link in a query',
      `https://evil.example/?u=https://suno.com/song/${UUID}`,
      embedRefusal.notSuno,
    ],
    ['a backslash host trick', `https://evil.example\\@suno.com/song/${UUID}`, embedRefusal.backslash],
    ['a profile page', 'https://suno.com/@someartist', embedRefusal.sunoNotSong],
    ['a song id that is not a uuid', 'https://suno.com/song/not-a-uuid', embedRefusal.sunoNotSong],
    [
      'a uuid with a bad character',
      `https://suno.com/song/${UUID.replace('3b', 'zb')}`,
      embedRefusal.sunoNotSong,
    ],
    ['an extra path segment', `https://suno.com/song/${UUID}/evil`, embedRefusal.sunoNotSong],
    ['the CDN audio file', `https://cdn1.suno.ai/${UUID}.mp3`, embedRefusal.sunoNotSong],
    ['a short link on the old domain', 'https://app.suno.ai/s/AbCdEf12', embedRefusal.sunoNotSong],
    ['a javascript: URL', 'javascript:alert(1)', embedRefusal.scheme],
    ['a bare uuid', UUID, embedRefusal.notALink],
    [
      'embed code with a script src',
      `<iframe src="javascript:alert('${UUID}')"></iframe>`,
      embedRefusal.scheme,
    ],
    [
      'too long',
      `https://suno.com/song/${UUID}?x=${'a'.repeat(EMBED_LIMITS.inputMax)}`,
      embedRefusal.inputTooLong,
    ],
  ])('refuses %s', (_label, input, reason) => {
    expect(parseSunoInput(input)).toEqual({ kind: 'invalid', reason });
  });
});

describe('toEmbed: real link forms', () => {
  it.each<[string, string, string]>([
    // Suno
    ['suno', `https://suno.com/song/${UUID}?sh=abc`, SUNO_EMBED],
    ['suno', `https://app.suno.ai/song/${UUID}`, SUNO_EMBED],
    ['suno', `https://suno.ai/song/${UUID.toUpperCase()}`, SUNO_EMBED],
    ['suno', SUNO_EMBED, SUNO_EMBED],
    ['suno', `<iframe src="${SUNO_EMBED}" height="152"></iframe>`, SUNO_EMBED],
    // YouTube
    ['youtube', `https://www.youtube.com/watch?v=${VIDEO}`, YT],
    ['youtube', `https://youtube.com/watch?v=${VIDEO}`, YT],
    ['youtube', `https://m.youtube.com/watch?v=${VIDEO}&feature=share`, YT],
    ['youtube', `https://music.youtube.com/watch?v=${VIDEO}&si=Zx`, YT],
    ['youtube', `http://www.youtube.com/watch?v=${VIDEO}`, YT],
    ['youtube', `https://www.youtube.com/watch?feature=youtu.be&v=${VIDEO}`, YT],
    ['youtube', `https://www.youtube.com/watch?v=${VIDEO}&t=90`, `${YT}?start=90`],
    ['youtube', `https://www.youtube.com/watch?v=${VIDEO}&t=90s`, `${YT}?start=90`],
    ['youtube', `https://www.youtube.com/watch?v=${VIDEO}&t=1m30s`, `${YT}?start=90`],
    ['youtube', `https://www.youtube.com/watch?v=${VIDEO}&t=1h2m3s`, `${YT}?start=3723`],
    ['youtube', `https://www.youtube.com/watch?v=${VIDEO}&t=soon`, YT],
    ['youtube', `https://youtu.be/${VIDEO}`, YT],
    ['youtube', `https://youtu.be/${VIDEO}?si=B_RZg_I-lLaa7UU-&t=90`, `${YT}?start=90`],
    ['youtube', `https://www.youtube.com/shorts/${VIDEO}`, YT],
    ['youtube', `https://youtube.com/shorts/${VIDEO}?si=x`, YT],
    ['youtube', `https://www.youtube.com/live/${VIDEO}?si=x`, YT],
    ['youtube', `https://www.youtube.com/embed/${VIDEO}`, YT],
    ['youtube', `https://www.youtube.com/embed/${VIDEO}?start=30`, `${YT}?start=30`],
    ['youtube', `https://www.youtube.com/v/${VIDEO}`, YT],
    ['youtube', `https://www.youtube-nocookie.com/embed/${VIDEO}`, YT],
    [
      'youtube',
      `https://www.youtube.com/playlist?list=${LIST}`,
      `${YT.replace(VIDEO, 'videoseries')}?list=${LIST}`,
    ],
    [
      'youtube',
      `https://music.youtube.com/playlist?list=OLAK5uy_k4Yx`,
      `${YT.replace(VIDEO, 'videoseries')}?list=OLAK5uy_k4Yx`,
    ],
    [
      'youtube',
      `https://www.youtube.com/embed/videoseries?list=${LIST}`,
      `${YT.replace(VIDEO, 'videoseries')}?list=${LIST}`,
    ],
    ['youtube', `https://www.youtube.com/watch?v=${VIDEO}&list=${LIST}`, `${YT}?list=${LIST}`],
    [
      'youtube',
      `https://www.youtube.com/watch?v=${VIDEO}&list=${LIST}&index=2&t=1m`,
      `${YT}?list=${LIST}&start=60`,
    ],
    ['youtube', `https://www.youtube.com/watch?v=${VIDEO}&list=bad%20list`, YT],
    // The parser's own normalizations reach the real host, which is then checked exactly.
    ['youtube', `https://WWW.YouTube.COM/watch?v=${VIDEO}`, YT],
    ['youtube', `https://www.youtube.com./watch?v=${VIDEO}`, YT],
    ['youtube', `https://%79outube.com/watch?v=${VIDEO}`, YT],
    ['youtube', `https://ｙｏｕｔｕｂｅ.com/watch?v=${VIDEO}`, YT],
    [
      'youtube',
      `<iframe width="560" height="315" src="https://www.youtube.com/embed/${VIDEO}?si=AbC&amp;start=10" title="YouTube video player" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`,
      `${YT}?start=10`,
    ],
    // Spotify
    ['spotify', `https://open.spotify.com/track/${TRACK}`, `${SPOTIFY}/track/${TRACK}`],
    ['spotify', `https://open.spotify.com/track/${TRACK}?si=1f2e3d4c5b6a`, `${SPOTIFY}/track/${TRACK}`],
    ['spotify', `https://open.spotify.com/intl-de/track/${TRACK}?si=x`, `${SPOTIFY}/track/${TRACK}`],
    ['spotify', `https://open.spotify.com/intl-pt-br/album/${ALBUM}`, `${SPOTIFY}/album/${ALBUM}`],
    ['spotify', `https://open.spotify.com/album/${ALBUM}`, `${SPOTIFY}/album/${ALBUM}`],
    [
      'spotify',
      `https://open.spotify.com/playlist/${PLAYLIST}?si=abc&pi=u-xyz`,
      `${SPOTIFY}/playlist/${PLAYLIST}`,
    ],
    ['spotify', `https://open.spotify.com/episode/${EPISODE}`, `${SPOTIFY}/episode/${EPISODE}`],
    ['spotify', `https://open.spotify.com/show/${SHOW}`, `${SPOTIFY}/show/${SHOW}`],
    ['spotify', `https://open.spotify.com/artist/${ARTIST}`, `${SPOTIFY}/artist/${ARTIST}`],
    ['spotify', `http://open.spotify.com/track/${TRACK}`, `${SPOTIFY}/track/${TRACK}`],
    [
      'spotify',
      `https://open.spotify.com/user/spotify/playlist/${PLAYLIST}`,
      `${SPOTIFY}/playlist/${PLAYLIST}`,
    ],
    ['spotify', `${SPOTIFY}/track/${TRACK}?utm_source=generator`, `${SPOTIFY}/track/${TRACK}`],
    ['spotify', `spotify:track:${TRACK}`, `${SPOTIFY}/track/${TRACK}`],
    ['spotify', `spotify:episode:${EPISODE}`, `${SPOTIFY}/episode/${EPISODE}`],
    ['spotify', `spotify:user:spotify:playlist:${PLAYLIST}`, `${SPOTIFY}/playlist/${PLAYLIST}`],
    [
      'spotify',
      `<iframe style="border-radius:12px" src="https://open.spotify.com/embed/track/${TRACK}?utm_source=generator" width="100%" height="352" frameBorder="0" allowfullscreen="" allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture" loading="lazy"></iframe>`,
      `${SPOTIFY}/track/${TRACK}`,
    ],
    // Google Calendar
    ['gcal', 'abc123@group.calendar.google.com', `${GCAL}abc123%40group.calendar.google.com`],
    ['gcal', 'someone@gmail.com', `${GCAL}someone%40gmail.com`],
    [
      'gcal',
      'en.usa#holiday@group.v.calendar.google.com',
      `${GCAL}en.usa%23holiday%40group.v.calendar.google.com`,
    ],
    [
      'gcal',
      'https://calendar.google.com/calendar/embed?src=abc123%40group.calendar.google.com&ctz=Europe%2FLondon',
      `${GCAL}abc123%40group.calendar.google.com&ctz=Europe%2FLondon`,
    ],
    [
      'gcal',
      'https://calendar.google.com/calendar/embed?height=600&wkst=1&bgcolor=%23ffffff&ctz=America/New_York&showTitle=0&src=a@group.calendar.google.com&src=team@company.example&color=%23039BE5&mode=week',
      `${GCAL}a%40group.calendar.google.com&src=team%40company.example&ctz=America%2FNew_York&mode=WEEK`,
    ],
    [
      'gcal',
      'https://calendar.google.com/calendar/embed?src=a%40gmail.com&ctz=Mars%2FOlympus&mode=DAY',
      `${GCAL}a%40gmail.com`,
    ],
    ['gcal', 'https://calendar.google.com/calendar/u/0/embed?src=a@gmail.com', `${GCAL}a%40gmail.com`],
    ['gcal', 'https://www.google.com/calendar/embed?src=a@gmail.com', `${GCAL}a%40gmail.com`],
    [
      'gcal',
      '<iframe src="https://calendar.google.com/calendar/embed?src=abc123%40group.calendar.google.com&ctz=Europe%2FLondon" style="border: 0" width="800" height="600" frameborder="0" scrolling="no"></iframe>',
      `${GCAL}abc123%40group.calendar.google.com&ctz=Europe%2FLondon`,
    ],
    // Any other secure page, rebuilt by the parser
    ['iframe', 'https://example.com/widget', 'https://example.com/widget'],
    ['iframe', 'https://Example.COM', 'https://example.com/'],
    ['iframe', 'https://example.com:443/a"b?q="x"#"frag"', 'https://example.com/a%22b?q=%22x%22#%22frag%22'],
    ['iframe', "https://example.com/it's", 'https://example.com/it%27s'],
    ['iframe', 'https://example.com:8443/board', 'https://example.com:8443/board'],
    ['iframe', 'https://www.google.com/maps/embed?pb=!1m18', 'https://www.google.com/maps/embed?pb=!1m18'],
    ['iframe', 'https://sunoco.com/stations', 'https://sunoco.com/stations'],
    ['iframe', `https://evil.example#suno.com/song/${UUID}`, `https://evil.example/#suno.com/song/${UUID}`],
    [
      'iframe',
      '<iframe src="https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/1" width="100%"></iframe>',
      'https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/1',
    ],
  ])('%s: %s', (type, input, url) => {
    expect(embed(input)).toEqual({ kind: 'embed', type, url });
  });

  it('marks a Suno short link as needing its redirect resolved', () => {
    expect(embed('https://suno.com/s/AbCdEf12GhIj3456')).toEqual({
      kind: 'short-link',
      type: 'suno',
      url: 'https://suno.com/s/AbCdEf12GhIj3456',
    });
  });
});

describe('toEmbed: refusals', () => {
  const long = `https://example.com/${'a'.repeat(EMBED_LIMITS.urlMax)}`;
  it.each([
    // Not a web link
    ['empty', '', embedRefusal.empty],
    ['javascript:', 'javascript:alert(1)', embedRefusal.scheme],
    ['mixed-case javascript:', 'JaVaScRiPt:alert(document.cookie)', embedRefusal.scheme],
    ['space-padded javascript:', '   javascript:alert(1)  ', embedRefusal.scheme],
    ['tab inside the scheme', 'java\tscript:alert(1)', embedRefusal.invisible],
    ['newline inside the scheme', 'java\nscript:alert(1)', embedRefusal.invisible],
    ['NUL before the scheme', '\u0000javascript:alert(1)', embedRefusal.invisible],
    ['a control character before https', '\u0001https://example.com/', embedRefusal.invisible],
    ['an entity-encoded scheme', '&#106;avascript:alert(1)', embedRefusal.notALink],
    ['a hex-entity-encoded scheme', '&#x6A;avascript:alert(1)', embedRefusal.notALink],
    ['a percent-encoded scheme', '%6Aavascript:alert(1)', embedRefusal.notALink],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', embedRefusal.scheme],
    ['vbscript:', 'vbscript:msgbox(1)', embedRefusal.scheme],
    ['file:', 'file:///etc/passwd', embedRefusal.scheme],
    ['ftp:', 'ftp://example.com/file', embedRefusal.scheme],
    ['blob:', 'blob:https://example.com/uuid', embedRefusal.scheme],
    ['a protocol-relative link', '//evil.example/', embedRefusal.notALink],
    ['a link without a scheme', 'www.youtube.com/watch?v=dQw4w9WgXcQ', embedRefusal.notALink],
    ['https: without slashes', 'https:evil.example', embedRefusal.scheme],
    ['a space in the host', 'https://exa mple.com/', embedRefusal.invisible],
    ['a forbidden host code point', 'https://a%40b.example/', embedRefusal.notALink],
    ['a quote in the host', `https://"suno.com/song/${UUID}`, embedRefusal.hostName],
    ['markup-ish characters in the host', "https://exa'mple{x}.com/", embedRefusal.hostName],
    ['an empty label in the host', 'https://example..com/', embedRefusal.hostName],
    // Userinfo
    ['user info', 'https://a@b.example', embedRefusal.userinfo],
    ['a provider name as user', 'https://suno.com@evil.example/', embedRefusal.userinfo],
    [
      'a provider name as user and password',
      'https://www.youtube.com:443@evil.example/',
      embedRefusal.userinfo,
    ],
    ['an encoded at sign', 'https://youtube.com%2f@evil.example/', embedRefusal.userinfo],
    // Backslashes and invisible characters
    ['backslashes for slashes', 'https:\\\\evil.example\\youtube.com', embedRefusal.backslash],
    [
      'a backslash before an at sign',
      `https://evil.example\\@www.youtube.com/watch?v=${VIDEO}`,
      embedRefusal.backslash,
    ],
    ['a zero-width space in the host', `https://you\u200btube.com/watch?v=${VIDEO}`, embedRefusal.invisible],
    ['a right-to-left override', 'https://example.com/\u202egnp.exe', embedRefusal.invisible],
    // Lookalike hosts
    ['suno.com as a subdomain', `https://suno.com.evil.example/song/${UUID}`, embedRefusal.lookalike('Suno')],
    [
      'youtube.com as a subdomain',
      `https://youtube.com.evil.example/watch?v=${VIDEO}`,
      embedRefusal.lookalike('YouTube'),
    ],
    ['a hyphenated youtube', `https://evil-youtube.com/watch?v=${VIDEO}`, embedRefusal.lookalike('YouTube')],
    ['youtu.be as a subdomain', `https://youtu.be.evil.example/${VIDEO}`, embedRefusal.lookalike('YouTube')],
    [
      'open.spotify.com under another TLD',
      `https://open.spotify.com.evil/track/${TRACK}`,
      embedRefusal.lookalike('Spotify'),
    ],
    [
      'spotify on another domain',
      `https://spotify-embed.example/track/${TRACK}`,
      embedRefusal.lookalike('Spotify'),
    ],
    [
      'calendar.google.com as a subdomain',
      'https://calendar.google.com.evil.example/calendar/embed?src=a@gmail.com',
      embedRefusal.lookalike('Google Calendar'),
    ],
    ['an encoded dot', `https://suno.com%2eevil.example/song/${UUID}`, embedRefusal.lookalike('Suno')],
    [
      'an ideographic full stop',
      `https://youtube.com\u3002evil.example/watch?v=${VIDEO}`,
      embedRefusal.lookalike('YouTube'),
    ],
    ['a Cyrillic o (punycode)', `https://y\u043eutube.com/watch?v=${VIDEO}`, embedRefusal.idn],
    ['a punycode host written out', `https://xn--yutube-wqf.com/watch?v=${VIDEO}`, embedRefusal.idn],
    [
      'a Greek lookalike of open.spotify.com',
      `https://open.sp\u03bftify.com/track/${TRACK}`,
      embedRefusal.idn,
    ],
    // Provider hosts, nothing embeddable
    ['a YouTube channel', 'https://www.youtube.com/@SomeChannel', embedRefusal.youtubeNotVideo],
    ['a YouTube search', 'https://www.youtube.com/results?search_query=lofi', embedRefusal.youtubeNotVideo],
    ['a YouTube id too short', 'https://www.youtube.com/watch?v=short', embedRefusal.youtubeNotVideo],
    [
      'a YouTube id with a breakout',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ%22%3E',
      embedRefusal.youtubeNotVideo,
    ],
    ['a YouTube playlist without a list', 'https://www.youtube.com/playlist', embedRefusal.youtubeNotVideo],
    ['a YouTube studio page', 'https://studio.youtube.com/channel/UC123', embedRefusal.youtubeNotVideo],
    ['youtu.be with no id', 'https://youtu.be/', embedRefusal.youtubeNotVideo],
    ['a Spotify user page', 'https://open.spotify.com/user/someone', embedRefusal.spotifyNotItem],
    ['a Spotify id of the wrong length', 'https://open.spotify.com/track/abc', embedRefusal.spotifyNotItem],
    [
      'a Spotify type we do not embed',
      `https://open.spotify.com/concert/${TRACK}`,
      embedRefusal.spotifyNotItem,
    ],
    ['the Spotify account site', 'https://accounts.spotify.com/login', embedRefusal.spotifyNotItem],
    ['a Spotify short link', 'https://spotify.link/AbCdEf', embedRefusal.spotifyNotItem],
    ['a bad Spotify URI', 'spotify:track:short', embedRefusal.spotifyNotItem],
    ['a Suno profile', 'https://suno.com/@artist', embedRefusal.sunoNotSong],
    ['the Google Calendar app', 'https://calendar.google.com/calendar/u/0/r', embedRefusal.calendarNotEmbed],
    [
      'a calendar embed without src',
      'https://calendar.google.com/calendar/embed?ctz=Europe/London',
      embedRefusal.calendarNoSrc,
    ],
    [
      'a calendar src that is not an id',
      'https://calendar.google.com/calendar/embed?src=javascript:alert(1)',
      embedRefusal.calendarBadSrc,
    ],
    [
      'a calendar src with markup',
      'https://calendar.google.com/calendar/embed?src=%22%3E%3Cscript%3E@x.com',
      embedRefusal.calendarBadSrc,
    ],
    [
      'too many calendars',
      `https://calendar.google.com/calendar/embed?${Array.from({ length: 11 }, (_, i) => `src=c${i}@gmail.com`).join('&')}`,
      embedRefusal.calendarTooMany,
    ],
    ['a bare non-Google email', 'someone@example.com', embedRefusal.calendarIdDomain],
    // Generic pages we will not frame
    ['http for a generic page', 'http://example.com/', embedRefusal.insecure],
    ['the app itself', 'https://lumara.example/dashboard', embedRefusal.ownSite],
    ['the app with www and a port', 'https://www.lumara.example:443/', embedRefusal.ownSite],
    ['the app over http', 'http://lumara.example/', embedRefusal.ownSite],
    ['the app with a root dot', 'https://LUMARA.example./music', embedRefusal.ownSite],
    ['an IPv4 address', 'https://93.184.216.34/', embedRefusal.address],
    ['a hex IPv4 address', 'https://0x7f000001/', embedRefusal.address],
    ['a decimal IPv4 address', 'https://2130706433/', embedRefusal.address],
    ['an IPv6 address', 'https://[::1]/', embedRefusal.address],
    ['localhost', 'https://localhost:3000/', embedRefusal.address],
    ['a localhost subdomain', 'https://app.localhost/', embedRefusal.address],
    ['a single-label name', 'https://intranet/', embedRefusal.address],
    // Size
    ['an overlong link', long, embedRefusal.urlTooLong],
    ['overlong input', 'x'.repeat(EMBED_LIMITS.inputMax + 1), embedRefusal.inputTooLong],
    ['an overlong src in embed code', `<iframe src="${long}"></iframe>`, embedRefusal.urlTooLong],
  ])('refuses %s', (_label, input, reason) => {
    expect(embed(input)).toEqual({ kind: 'invalid', reason });
  });

  it('accepts a link of exactly the maximum length', () => {
    const atMax = `https://example.com/${'a'.repeat(EMBED_LIMITS.urlMax - 'https://example.com/'.length)}`;
    expect(atMax).toHaveLength(EMBED_LIMITS.urlMax);
    expect(embed(atMax)).toEqual({ kind: 'embed', type: 'iframe', url: atMax });
  });

  it('throws on a malformed app origin (a setup bug, not member input)', () => {
    expect(() => toEmbed('https://example.com/', { appOrigin: 'not an origin' })).toThrow(TypeError);
  });
});

describe('pasted embed code: XSS corpus', () => {
  const yt = `https://www.youtube.com/embed/${VIDEO}`;
  const corpus: readonly [string, EmbedResult][] = [
    ['<iframe src="javascript:alert(1)"></iframe>', { kind: 'invalid', reason: embedRefusal.scheme }],
    ['<iframe src="JaVaScRiPt:alert(1)"></iframe>', { kind: 'invalid', reason: embedRefusal.scheme }],
    ['<iframe src=" javascript:alert(1)"></iframe>', { kind: 'invalid', reason: embedRefusal.scheme }],
    ['<iframe src="&#106;avascript:alert(1)"></iframe>', { kind: 'invalid', reason: embedRefusal.scheme }],
    [
      '<iframe src="&#x6A;&#x61;vascript:alert(1)"></iframe>',
      { kind: 'invalid', reason: embedRefusal.scheme },
    ],
    ['<iframe src="&#106avascript:alert(1)"></iframe>', { kind: 'invalid', reason: embedRefusal.scheme }],
    ['<iframe src="javascript&colon;alert(1)"></iframe>', { kind: 'invalid', reason: embedRefusal.scheme }],
    [
      '<iframe src="java&#x09;script:alert(1)"></iframe>',
      { kind: 'invalid', reason: embedRefusal.invisible },
    ],
    [
      '<iframe src="java\u0000script:alert(1)"></iframe>',
      { kind: 'invalid', reason: embedRefusal.invisible },
    ],
    [
      '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
      { kind: 'invalid', reason: embedRefusal.scheme },
    ],
    ['<iframe src="vbscript:msgbox(1)"></iframe>', { kind: 'invalid', reason: embedRefusal.scheme }],
    [
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      { kind: 'invalid', reason: embedRefusal.codeSrcdoc },
    ],
    [
      `<iframe srcdoc="<script>alert(1)</script>" src="${yt}"></iframe>`,
      { kind: 'invalid', reason: embedRefusal.codeSrcdoc },
    ],
    ['<iframe src=x onload=alert(1)>', { kind: 'invalid', reason: embedRefusal.notALink }],
    [`<iframe src=${yt} onload=alert(1)></iframe>`, { kind: 'embed', type: 'youtube', url: YT }],
    [`<iframe onload="alert(1)" src='${yt}'></iframe>`, { kind: 'embed', type: 'youtube', url: YT }],
    [
      `<script>alert(1)</script><iframe src="${yt}"></iframe><script>alert(2)</script>`,
      { kind: 'embed', type: 'youtube', url: YT },
    ],
    [
      `<iframe src="${yt}" title="x>y" data-x='"><script>alert(1)</script>'></iframe>`,
      { kind: 'embed', type: 'youtube', url: YT },
    ],
    [`<iframe src="${yt}"><img src=x onerror=alert(1)>`, { kind: 'embed', type: 'youtube', url: YT }],
    [
      `<iframe src="${yt}"><img src=x onerror=alert(1)>"></iframe>`,
      { kind: 'embed', type: 'youtube', url: YT },
    ],
    [
      `<iframe src="${yt}&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"></iframe>`,
      { kind: 'invalid', reason: embedRefusal.invisible },
    ],
    [
      `<iframe src="https://www.youtube.com/embed/${VIDEO}%22%3E%3Cscript%3E"></iframe>`,
      { kind: 'invalid', reason: embedRefusal.youtubeNotVideo },
    ],
    [
      `<iframe src="https://open.spotify.com/embed/track/${TRACK}/&quot;onload=alert(1)"></iframe>`,
      { kind: 'invalid', reason: embedRefusal.spotifyNotItem },
    ],
    ['"><img src=x onerror=alert(1)>', { kind: 'invalid', reason: embedRefusal.codeNoIframe }],
    ['<img src=x onerror=alert(1)>', { kind: 'invalid', reason: embedRefusal.codeNoIframe }],
    ['<svg onload=alert(1)>', { kind: 'invalid', reason: embedRefusal.codeNoIframe }],
    ['<iframe src="javascript:alert(1)', { kind: 'invalid', reason: embedRefusal.codeUnclosed }],
    ['<iframe></iframe>', { kind: 'invalid', reason: embedRefusal.codeNoSrc }],
    ['<iframe src=""></iframe>', { kind: 'invalid', reason: embedRefusal.codeNoSrc }],
    [
      `<iframe src="${yt}" src="javascript:alert(1)"></iframe>`,
      { kind: 'invalid', reason: embedRefusal.codeDuplicateSrc },
    ],
    [
      `<iframe src="${yt}"></iframe><iframe src="javascript:alert(1)"></iframe>`,
      { kind: 'invalid', reason: embedRefusal.codeManyIframes },
    ],
    [
      `<iframe src="${yt}"></iframe><iframe src="${SUNO_EMBED}"></iframe>`,
      { kind: 'invalid', reason: embedRefusal.codeManyIframes },
    ],
    [
      `<iframe src="https://suno.com@evil.example/embed/${UUID}"></iframe>`,
      { kind: 'invalid', reason: embedRefusal.userinfo },
    ],
    [
      `<iframe src="https://suno.com.evil.example/embed/${UUID}"></iframe>`,
      { kind: 'invalid', reason: embedRefusal.lookalike('Suno') },
    ],
    [`<iframe src="http://evil.example/"></iframe>`, { kind: 'invalid', reason: embedRefusal.insecure }],
    [
      `<iframe src="https://lumara.example/settings"></iframe>`,
      { kind: 'invalid', reason: embedRefusal.ownSite },
    ],
    [`<iframe data-src="${yt}"></iframe>`, { kind: 'invalid', reason: embedRefusal.codeNoSrc }],
    [`<iframe\tsrc='${SUNO_EMBED}'/>`, { kind: 'embed', type: 'suno', url: SUNO_EMBED }],
    [
      `<div><iframe src = "spotify:track:${TRACK}"></iframe></div>`,
      { kind: 'invalid', reason: embedRefusal.scheme },
    ],
    [
      `<iframe src="${SUNO_EMBED}" allow="autoplay" sandbox=""></iframe>`,
      { kind: 'embed', type: 'suno', url: SUNO_EMBED },
    ],
  ];

  it.each(corpus)('%s', (code, expected) => {
    const result = embed(code);
    expect(result).toEqual(expected);
    if (result.kind !== 'invalid') {
      expect(result.type).not.toBe('iframe');
      expect(result.url).not.toMatch(/[<>"]|javascript/i);
    }
  });

  it('has enough cases', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(25);
  });

  it('reads the src exactly as a browser would decode it', () => {
    expect(extractIframeSrc('<iframe src="https://a.example/?x=1&amp;y=2&#38;z=3"></iframe>')).toEqual({
      ok: true,
      src: 'https://a.example/?x=1&y=2&z=3',
    });
    // One decoding pass only: an escaped entity stays an entity.
    expect(extractIframeSrc('<iframe src="&amp;#106;"></iframe>')).toEqual({ ok: true, src: '&#106;' });
    expect(extractIframeSrc('<iframe src="&#0;&#xD800;&#x110000;"></iframe>')).toEqual({
      ok: true,
      src: '\ufffd\ufffd\ufffd',
    });
    expect(extractIframeSrc('<iframex src="https://a.example/">')).toEqual({
      ok: false,
      reason: embedRefusal.codeNoIframe,
    });
  });
});

describe('parseYouTubeStart', () => {
  it.each([
    ['90', 90],
    ['90s', 90],
    ['1m30s', 90],
    ['2m', 120],
    ['1h', 3600],
    ['1h2m3s', 3723],
    ['0', null],
    ['', null],
    ['-5', null],
    ['1.5', null],
    ['1m30', null],
    ['99999999', null],
    ['hms', null],
  ])('%s → %s', (value, seconds) => {
    expect(parseYouTubeStart(value)).toBe(seconds);
  });
});

describe('widget sizes and schemas', () => {
  it('offers the size choices with a 6 x 6 default', () => {
    expect(widgetSizes.widths.map((w) => [w.label, w.span])).toEqual([
      ['Small', 3],
      ['Medium', 6],
      ['Large', 9],
      ['Full', 12],
    ]);
    expect(widgetSizes.heights.map((h) => [h.label, h.span])).toEqual([
      ['Short', 3],
      ['Medium', 6],
      ['Tall', 9],
    ]);
    expect([widgetSizes.defaultColSpan, widgetSizes.defaultRowSpan]).toEqual([6, 6]);
  });

  it.each([
    [0, 3],
    [-4, 3],
    [3, 3],
    [7, 7],
    [6.6, 7],
    [12, 12],
    [13, 12],
    [Number.POSITIVE_INFINITY, 6],
    [Number.NaN, 6],
  ])('clampWidgetWidth(%s) = %s', (span, clamped) => {
    expect(clampWidgetWidth(span)).toBe(clamped);
  });

  it('trims and bounds the add-track input', () => {
    expect(addTrackRequestSchema.parse({ input: `  https://suno.com/song/${UUID} ` })).toEqual({
      input: `https://suno.com/song/${UUID}`,
    });
    expect(addTrackRequestSchema.safeParse({ input: '   ' }).success).toBe(false);
    expect(addTrackRequestSchema.safeParse({ input: 'x'.repeat(EMBED_LIMITS.inputMax + 1) }).success).toBe(
      false,
    );
    expect(addTrackRequestSchema.safeParse({ input: 'x', extra: 1 }).success).toBe(false);
  });

  const widget = {
    type: 'youtube',
    title: ' Focus music ',
    url: YT,
    col_span: 6,
    row_span: 6,
    order_index: 0,
  };

  it('accepts a widget request and trims its title', () => {
    expect(createWidgetRequestSchema.parse(widget)).toEqual({ ...widget, title: 'Focus music' });
  });

  it.each([
    ['an empty title', { title: '   ' }],
    ['a 101-character title', { title: 'x'.repeat(101) }],
    ['an unknown type', { type: 'soundcloud' }],
    ['an empty url', { url: ' ' }],
    ['a width off the grid', { col_span: 4 }],
    ['a height of 12', { row_span: 12 }],
    ['a negative order', { order_index: -1 }],
    ['a fractional order', { order_index: 1.5 }],
    ['an extra field', { id: 1 }],
  ])('refuses a widget request with %s', (_label, change) => {
    expect(createWidgetRequestSchema.safeParse({ ...widget, ...change }).success).toBe(false);
  });

  it('reads tracks and widgets as the API returns them', () => {
    expect(
      trackSchema.parse({ id: 1, title: 'Song', suno_url: `https://suno.com/song/${UUID}`, embed_src: null }),
    ).toMatchObject({ embed_src: null });
    expect(widgetSchema.parse({ ...widget, id: 2, type: 'profile', url: null })).toMatchObject({
      type: 'profile',
    });
    expect(widgetSchema.safeParse({ ...widget, id: 2, type: 'html' }).success).toBe(false);
  });
});

describe('properties', () => {
  const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
  const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

  const EMBED_HOSTS: Record<string, readonly string[]> = {
    suno: ['suno.com'],
    youtube: ['www.youtube-nocookie.com'],
    spotify: ['open.spotify.com'],
    gcal: ['calendar.google.com'],
  };

  const seeds = [
    `https://suno.com/song/${UUID}`,
    `https://www.youtube.com/watch?v=${VIDEO}&list=${LIST}&t=1m30s`,
    `https://youtu.be/${VIDEO}`,
    `https://open.spotify.com/intl-de/track/${TRACK}?si=x`,
    'https://calendar.google.com/calendar/embed?src=a%40gmail.com&ctz=Europe%2FLondon&mode=WEEK',
    `<iframe src="${SUNO_EMBED}"></iframe>`,
    'https://example.com/page?q=1#x',
  ];
  const piece = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom(
      '<iframe ',
      'src=',
      '"',
      "'",
      '>',
      '&#',
      '&amp;',
      'javascript:',
      '\\',
      '@',
      '#',
      '%2e',
      '%00',
      '\u0000',
      '\u202e',
      'xn--',
      '.',
      '/',
      '?',
      'evil.example',
      'suno.com',
      'youtube.com',
      'spotify:track:',
      'lumara.example',
    ),
  );
  /** Real links with text spliced in somewhere, so the generator reaches the provider branches. */
  const mutated = fc
    .tuple(fc.constantFrom(...seeds), fc.nat(), fc.array(piece, { maxLength: 4 }))
    .map(([link, at, inserts]) => {
      const cut = at % (link.length + 1);
      return link.slice(0, cut) + inserts.join('') + link.slice(cut);
    });
  const anyInput = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 300 }), fc.webUrl(), mutated);

  const check = (result: EmbedResult) => {
    if (result.kind === 'invalid') {
      expect(result.reason.code).toBeTruthy();
      return;
    }
    expect(result.url.startsWith('https://')).toBe(true);
    const url = new URL(result.url);
    expect(url.protocol).toBe('https:');
    expect(url.username + url.password).toBe('');
    expect(result.url).not.toMatch(/[\s<>"'`\\]/);
    const hosts = EMBED_HOSTS[result.type];
    if (hosts) expect(hosts).toContain(url.hostname);
    else expect(url.hostname).not.toBe('lumara.example');
    // An embed URL we produced is itself accepted, unchanged.
    expect(embed(result.url)).toEqual(result);
  };

  it('toEmbed never throws, and only returns https URLs that re-parse to themselves', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        check(embed(input));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('parseSunoInput never throws, and only returns Suno https URLs', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = parseSunoInput(input);
        if (result.kind === 'embed') {
          expect(result.embedSrc).toBe(`https://suno.com/embed/${result.id}`);
          expect(result.sunoUrl).toBe(`https://suno.com/song/${result.id}`);
          expect(new URL(result.embedSrc).hostname).toBe('suno.com');
        } else if (result.kind === 'short-link') {
          expect(new URL(result.url).hostname).toBe('suno.com');
          expect(result.url).toMatch(/^https:\/\/suno\.com\/s\/[A-Za-z0-9_-]+$/);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('does not throw on values that are not strings', () => {
    for (const value of [undefined, null, 42, {}, ['https://example.com/']]) {
      expect(embed(value as unknown as string).kind).toBe('invalid');
      expect(parseSunoInput(value as unknown as string).kind).toBe('invalid');
    }
  });
});
