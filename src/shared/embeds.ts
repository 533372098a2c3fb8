import { z } from 'zod';

/**
 * Turning what a member pastes (a share link, an embed URL, or a whole `<iframe>` snippet) into an embed URL we
 * are willing to put in an iframe, or a refusal a person can read. Pure string work, no network: the music
 * library and the dashboard widgets both run input through here on the
 * server before storing it, and the browser may run the same code to answer early.
 *
 * The rules:
 * - Never iframe the pasted string. Every URL we return is rebuilt from parts we parsed and checked, with the
 *   WHATWG URL parser (the one browsers use), so what we checked is what the browser will load.
 * - Hosts are compared exactly, on the parsed `hostname`, against per-provider lists. A raw-string regex would
 *   let `suno.com.evil.example`, `https://suno.com@evil.example/` or `%2e`-encoded dots through.
 * - Pasted embed code is never parsed as HTML: a small attribute reader takes the iframe's `src` out of the
 *   string and everything else is thrown away.
 */

export const EMBED_LIMITS = {
  /** A link, pasted or taken from embed code. Browsers and CDNs handle far longer, but no real share link is. */
  urlMax: 2048,
  /** Whatever the member pastes: room for embed code whose attributes (style, allow…) surround a short src. */
  inputMax: 4096,
  /** `src=` values in one Google Calendar embed. */
  calendarsMax: 10,
} as const;

export type EmbedOptions = {
  /** The app's own origin, e.g. `https://lumara.example`: a widget may not frame the app itself. */
  appOrigin: string;
};

/** A dashboard widget's type. `profile` is a built-in widget; it is never derived from a URL. */
export const widgetTypes = ['iframe', 'suno', 'youtube', 'spotify', 'gcal', 'profile'] as const;
export const widgetTypeSchema = z.enum(widgetTypes);
export type WidgetType = z.infer<typeof widgetTypeSchema>;

/** The widget types a pasted URL can turn into. */
export type EmbedWidgetType = Exclude<WidgetType, 'profile'>;

/**
 * Why an input was refused, as a code: the server words it for the member (`server.embeds.<code>` in
 * src/server/messages, embed-refusal.ts), in the request's language. `lookalike` names the site imitated.
 */
const refusalCodes = [
  'empty',
  'sunoEmpty',
  'inputTooLong',
  'urlTooLong',
  'notALink',
  'scheme',
  'invisible',
  'backslash',
  'userinfo',
  'hostName',
  'insecure',
  'address',
  'idn',
  'ownSite',
  'codeNoIframe',
  'codeManyIframes',
  'codeNoSrc',
  'codeDuplicateSrc',
  'codeSrcdoc',
  'codeUnclosed',
  'notSuno',
  'sunoNotSong',
  'youtubeNotVideo',
  'spotifyNotItem',
  'calendarNotEmbed',
  'calendarNoSrc',
  'calendarBadSrc',
  'calendarTooMany',
  'calendarIdDomain',
] as const;
export type EmbedRefusal = { code: (typeof refusalCodes)[number] } | { code: 'lookalike'; provider: string };

/** Each refusal by its code: `embedRefusal.scheme`, `embedRefusal.lookalike('YouTube')`. */
export const embedRefusal = {
  .../* @__PURE__ */ (Object.fromEntries(refusalCodes.map((code) => [code, { code }])) as {
    readonly [C in (typeof refusalCodes)[number]]: { readonly code: C };
  }),
  lookalike: (provider: string): EmbedRefusal => ({ code: 'lookalike', provider }),
};

export type SunoInputResult =
  | { kind: 'embed'; id: string; embedSrc: string; sunoUrl: string }
  /** A `suno.com/s/…` share link: the server resolves it by following its redirect, then parses the target. */
  | { kind: 'short-link'; url: string }
  | { kind: 'invalid'; reason: EmbedRefusal };

export type EmbedResult =
  | { kind: 'embed'; type: EmbedWidgetType; url: string }
  /** A Suno short link: not embeddable until the server has followed its redirect. */
  | { kind: 'short-link'; type: 'suno'; url: string }
  | { kind: 'invalid'; reason: EmbedRefusal };

type Refused = { kind: 'invalid'; reason: EmbedRefusal };
const refuse = (reason: EmbedRefusal): Refused => ({ kind: 'invalid', reason });

// ---------------------------------------------------------------------------------------------------------------
// Reading what was pasted

type Pasted = { ok: true; text: string; fromCode: boolean } | { ok: false; reason: EmbedRefusal };

/**
 * The trimmed link, or the `src` of the one iframe in pasted embed code. Anything with a `<` in it is embed code:
 * a link copied from an address bar never has one (browsers show it as `%3C`).
 */
function readPasted(input: unknown, emptyReason: EmbedRefusal): Pasted {
  if (typeof input !== 'string') return { ok: false, reason: emptyReason };
  // Measured after trimming, as the request schemas measure it.
  const text = input.trim();
  if (text.length > EMBED_LIMITS.inputMax) return { ok: false, reason: embedRefusal.inputTooLong };
  if (text === '') return { ok: false, reason: emptyReason };
  if (!text.includes('<')) return { ok: true, text, fromCode: false };
  const extracted = extractIframeSrc(text);
  return extracted.ok ? { ok: true, text: extracted.src, fromCode: true } : extracted;
}

export type IframeSrc = { ok: true; src: string } | { ok: false; reason: EmbedRefusal };

/** `<iframe` as a tag name, not the start of a longer one (`<iframex`). */
const IFRAME_OPEN = /<iframe(?=[\s/>]|$)/gi;

/**
 * The `src` of the single `<iframe>` in pasted embed code, entity-decoded as a browser would read it. Only
 * attributes are read, with HTML's quoting rules, so `>` inside a quoted value does not end the tag. Whatever
 * else the code holds (scripts, other tags, event handlers) is ignored: it is never stored nor rendered.
 * Ambiguous code is refused rather than guessed at: several iframes, several `src`, a `srcdoc` (which a browser
 * would show instead of `src`), or an unclosed quote.
 */
export function extractIframeSrc(code: string): IframeSrc {
  const openings = [...code.matchAll(IFRAME_OPEN)];
  const opening = openings[0];
  if (opening === undefined) return { ok: false, reason: embedRefusal.codeNoIframe };
  if (openings.length > 1) return { ok: false, reason: embedRefusal.codeManyIframes };
  const attributes = readAttributes(code, opening.index + '<iframe'.length);
  if (attributes === null) return { ok: false, reason: embedRefusal.codeUnclosed };
  if (attributes.has('srcdoc')) return { ok: false, reason: embedRefusal.codeSrcdoc };
  const srcs = attributes.get('src') ?? [];
  if (srcs.length > 1) return { ok: false, reason: embedRefusal.codeDuplicateSrc };
  // Browsers strip ASCII whitespace around URL attributes; anything left inside is judged by parseLink.
  const src = trimHtmlSpace(decodeEntities(srcs[0] ?? ''));
  if (src === '') return { ok: false, reason: embedRefusal.codeNoSrc };
  return { ok: true, src };
}

const isHtmlSpace = (ch: string | undefined) =>
  ch === ' ' || ch === '\t' || ch === '\n' || ch === '\f' || ch === '\r';

/** Without the ASCII whitespace around it, as browsers read a URL attribute: a loop, linear however long the run. */
function trimHtmlSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isHtmlSpace(text[start])) start += 1;
  while (end > start && isHtmlSpace(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** Attributes of one start tag from `start` up to its `>` (or the end of the text); null on an unclosed quote. */
function readAttributes(code: string, start: number): Map<string, string[]> | null {
  const attributes = new Map<string, string[]>();
  let i = start;
  const skipSpaces = () => {
    while (isHtmlSpace(code[i])) i++;
  };
  while (i < code.length) {
    const ch = code[i];
    if (isHtmlSpace(ch) || ch === '/') {
      i++;
      continue;
    }
    if (ch === '>') break;
    // A name runs to whitespace, `/`, `>` or `=`; its first character is taken whatever it is, so the loop advances.
    const nameStart = i++;
    while (i < code.length && !isHtmlSpace(code[i]) && code[i] !== '/' && code[i] !== '>' && code[i] !== '=')
      i++;
    const name = code.slice(nameStart, i).toLowerCase();
    skipSpaces();
    let value = '';
    if (code[i] === '=') {
      i++;
      skipSpaces();
      const quote = code[i];
      if (quote === '"' || quote === "'") {
        const close = code.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = code.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < code.length && !isHtmlSpace(code[i]) && code[i] !== '>') i++;
        value = code.slice(valueStart, i);
      }
    }
    attributes.set(name, [...(attributes.get(name) ?? []), value]);
  }
  return attributes;
}

/**
 * The character references a browser would decode in an attribute value, so `&#106;avascript:` is judged as the
 * `javascript:` it is. Numeric references without `;` decode too, as in browsers; named ones need their `;`
 * (the short list covers what share codes use and what URL tricks use). One pass: `&amp;#106;` stays `&#106;`.
 */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  colon: ':',
  sol: '/',
  bsol: '\\',
  period: '.',
  quest: '?',
  equals: '=',
  num: '#',
  percnt: '%',
  commat: '@',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
};

function decodeEntities(value: string): string {
  return value.replace(
    /&(?:#(\d{1,8});?|#[xX]([0-9a-fA-F]{1,7});?|([A-Za-z]{2,8});)/g,
    (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
      const codePoint = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
      const valid = codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
      return valid ? String.fromCodePoint(codePoint) : '\ufffd';
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing a link

type Link = { ok: true; url: URL; host: string } | { ok: false; reason: EmbedRefusal };

/** Letters, digits, `-` and `_` in non-empty labels: the parsed host of a real site (after IDNA to punycode). */
const DNS_NAME = /^[a-z0-9_-]{1,63}(?:\.[a-z0-9_-]{1,63})*$/;

/** Controls, format characters (zero-width, bidi overrides) and any kind of space. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}]/u;

/**
 * A link we are willing to look at: http(s) only, written out with `//`, no user name, nothing the URL parser
 * would silently drop or reinterpret. The parser strips tabs and newlines inside a URL and reads `\` as `/`;
 * other parsers (a server-side fetch, an old proxy) may not, so input that depends on either is refused rather
 * than normalized.
 */
function parseLink(text: string): Link {
  if (text.length > EMBED_LIMITS.urlMax) return { ok: false, reason: embedRefusal.urlTooLong };
  if (INVISIBLE.test(text)) return { ok: false, reason: embedRefusal.invisible };
  if (text.includes('\\')) return { ok: false, reason: embedRefusal.backslash };
  if (!/^https?:\/\//i.test(text)) {
    const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
    return { ok: false, reason: hasScheme ? embedRefusal.scheme : embedRefusal.notALink };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: embedRefusal.notALink };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: embedRefusal.scheme };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: embedRefusal.userinfo };
  // `youtube.com.` is youtube.com to DNS; compare without the root dot.
  const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  // The URL parser lets `"`, `'`, `{`, `!`, `;`… and empty labels through in a host; DNS names never have them.
  // IPv6 literals (bracketed) pass here and are refused later, with their own reason.
  if (!host.startsWith('[') && !DNS_NAME.test(host)) return { ok: false, reason: embedRefusal.hostName };
  return { ok: true, url, host };
}

const isWithin = (host: string, domains: readonly string[]) =>
  domains.some((domain) => host === domain || host.endsWith(`.${domain}`));

// ---------------------------------------------------------------------------------------------------------------
// Suno

const SUNO_DOMAINS = ['suno.com', 'suno.ai'] as const;
/** Hosts that serve `/song/<uuid>` links: the current domain and the old one (same uuids). */
const SUNO_SONG_HOSTS = new Set(['suno.com', 'www.suno.com', 'suno.ai', 'www.suno.ai', 'app.suno.ai']);
/** Short links are only seen on the current domain. */
const SUNO_SHORT_HOSTS = new Set(['suno.com', 'www.suno.com']);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `/song/<uuid>`, an embed URL `/embed/<uuid>`, or the `/embed/song/<uuid>` form some third-party code uses. */
const SUNO_SONG_PATH = new RegExp(`^/(?:song|embed|embed/song)/(${UUID})/?$`, 'i');
const SUNO_SHORT_PATH = /^\/s\/([A-Za-z0-9_-]{4,64})\/?$/;

function sunoFromUrl(url: URL, host: string): SunoInputResult {
  const song = SUNO_SONG_HOSTS.has(host) ? SUNO_SONG_PATH.exec(url.pathname) : null;
  if (song?.[1] !== undefined) {
    const id = song[1].toLowerCase();
    return {
      kind: 'embed',
      id,
      embedSrc: `https://suno.com/embed/${id}`,
      sunoUrl: `https://suno.com/song/${id}`,
    };
  }
  const short = SUNO_SHORT_HOSTS.has(host) ? SUNO_SHORT_PATH.exec(url.pathname) : null;
  // Short ids are case-sensitive: kept as written.
  if (short?.[1] !== undefined) return { kind: 'short-link', url: `https://suno.com/s/${short[1]}` };
  return refuse(embedRefusal.sunoNotSong);
}

/**
 * What a member pastes into the music library's add-track form: a Suno
 * song link on either domain, a Suno embed URL, or Suno embed code. A short link comes back as such, for the
 * server to resolve by following its redirect and then parse the target with this same function.
 */
export function parseSunoInput(input: string): SunoInputResult {
  const pasted = readPasted(input, embedRefusal.sunoEmpty);
  if (!pasted.ok) return refuse(pasted.reason);
  const link = parseLink(pasted.text);
  if (!link.ok) return refuse(link.reason);
  if (!isWithin(link.host, SUNO_DOMAINS)) return refuse(embedRefusal.notSuno);
  return sunoFromUrl(link.url, link.host);
}

// ---------------------------------------------------------------------------------------------------------------
// YouTube

const YOUTUBE_DOMAINS = ['youtube.com', 'youtu.be', 'youtube-nocookie.com'] as const;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** Playlist ids: `PL…` (34), `OLAK5uy_…` (41), `UU…`, `RD…` mixes. */
const YOUTUBE_LIST_ID = /^[A-Za-z0-9_-]{2,64}$/;
const YOUTUBE_VIDEO_PATH = /^\/(?:shorts|live|embed|v|e)\/([A-Za-z0-9_-]{11})\/?$/;
const YOUTUBE_SHORT_PATH = /^\/([A-Za-z0-9_-]{11})\/?$/;
const YOUTUBE_PLAYLIST_PATH = /^\/(?:playlist|embed\/videoseries)\/?$/;
/** The privacy-enhanced player host; it must also be in the CSP `frame-src`. */
const YOUTUBE_EMBED_BASE = 'https://www.youtube-nocookie.com/embed/';
const MAX_START_SECONDS = 7 * 24 * 3600;

/** `t=90`, `t=90s`, `t=1m30s`, `t=1h2m3s` (and the embed player's `start=90`) as seconds; null if unreadable. */
export function parseYouTubeStart(value: string | null): number | null {
  if (value === null || value === '') return null;
  const plain = /^(\d{1,7})s?$/.exec(value);
  const parts = plain ? null : /^(?:(\d{1,3})h)?(?:(\d{1,5})m)?(?:(\d{1,7})s)?$/.exec(value);
  let seconds: number;
  if (plain?.[1] !== undefined) seconds = Number(plain[1]);
  else if (parts) seconds = Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0);
  else return null;
  return seconds > 0 && seconds <= MAX_START_SECONDS ? seconds : null;
}

function youtubeFromUrl(url: URL, host: string): EmbedResult {
  const params = url.searchParams;
  let videoId: string | null = null;
  let playlistOnly = false;
  if (host === 'youtu.be') {
    videoId = YOUTUBE_SHORT_PATH.exec(url.pathname)?.[1] ?? null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    const path = url.pathname;
    if (path === '/watch' || path === '/watch/') {
      const v = params.get('v');
      if (v !== null) {
        if (!YOUTUBE_VIDEO_ID.test(v)) return refuse(embedRefusal.youtubeNotVideo);
        videoId = v;
      } else {
        // `watch?list=…` without a video plays the playlist.
        playlistOnly = true;
      }
    } else if (YOUTUBE_PLAYLIST_PATH.test(path)) {
      playlistOnly = true;
    } else {
      videoId = YOUTUBE_VIDEO_PATH.exec(path)?.[1] ?? null;
    }
  }
  const listParam = params.get('list');
  const list = listParam !== null && YOUTUBE_LIST_ID.test(listParam) ? listParam : null;

  if (playlistOnly) {
    if (list === null) return refuse(embedRefusal.youtubeNotVideo);
    return { kind: 'embed', type: 'youtube', url: `${YOUTUBE_EMBED_BASE}videoseries?list=${list}` };
  }
  if (videoId === null) return refuse(embedRefusal.youtubeNotVideo);
  // A start time or playlist that cannot be read is dropped: the video itself is what the member wants.
  const query = new URLSearchParams();
  if (list !== null) query.set('list', list);
  const start = parseYouTubeStart(params.get('t') ?? params.get('start'));
  if (start !== null) query.set('start', String(start));
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return { kind: 'embed', type: 'youtube', url: `${YOUTUBE_EMBED_BASE}${videoId}${search}` };
}

// ---------------------------------------------------------------------------------------------------------------
// Spotify

const SPOTIFY_DOMAINS = ['spotify.com', 'spotify.link'] as const;
export const spotifyTypes = ['track', 'album', 'playlist', 'episode', 'show', 'artist'] as const;
const SPOTIFY_TYPE = spotifyTypes.join('|');
const SPOTIFY_ID = '[A-Za-z0-9]{22}';
/** `/{type}/{id}`, after an optional `intl-xx/` (or `intl-xx-yy/`) and optionally already an `/embed/` URL. */
const SPOTIFY_PATH = new RegExp(
  `^/(?:intl-[A-Za-z]{2}(?:-[A-Za-z]{2,4})?/)?(?:embed/)?(${SPOTIFY_TYPE})/(${SPOTIFY_ID})/?$`,
);
/** Old playlist links name the owner: `/user/{name}/playlist/{id}`. */
const SPOTIFY_USER_PLAYLIST_PATH = new RegExp(`^/(?:embed/)?user/[^/]{1,64}/playlist/(${SPOTIFY_ID})/?$`);
const SPOTIFY_URI = new RegExp(`^spotify:(${SPOTIFY_TYPE}):(${SPOTIFY_ID})$`);
const SPOTIFY_USER_PLAYLIST_URI = new RegExp(`^spotify:user:[^:]{1,64}:playlist:(${SPOTIFY_ID})$`);

const spotifyEmbed = (type: string, id: string): EmbedResult => ({
  kind: 'embed',
  type: 'spotify',
  url: `https://open.spotify.com/embed/${type}/${id}`,
});

function spotifyFromUri(text: string): EmbedResult | null {
  const item = SPOTIFY_URI.exec(text);
  if (item?.[1] !== undefined && item[2] !== undefined) return spotifyEmbed(item[1], item[2]);
  const playlist = SPOTIFY_USER_PLAYLIST_URI.exec(text);
  if (playlist?.[1] !== undefined) return spotifyEmbed('playlist', playlist[1]);
  return /^spotify:/i.test(text) ? refuse(embedRefusal.spotifyNotItem) : null;
}

function spotifyFromUrl(url: URL, host: string): EmbedResult {
  // Other Spotify hosts (accounts., spotify.link short links, the marketing site) are not embeddable.
  if (host !== 'open.spotify.com') return refuse(embedRefusal.spotifyNotItem);
  const item = SPOTIFY_PATH.exec(url.pathname);
  if (item?.[1] !== undefined && item[2] !== undefined) return spotifyEmbed(item[1], item[2]);
  const playlist = SPOTIFY_USER_PLAYLIST_PATH.exec(url.pathname);
  if (playlist?.[1] !== undefined) return spotifyEmbed('playlist', playlist[1]);
  return refuse(embedRefusal.spotifyNotItem);
}

// ---------------------------------------------------------------------------------------------------------------
// Google Calendar

/** `/calendar/embed`, also under an account index (`/calendar/u/0/embed`), as Google's own links write it. */
const CALENDAR_EMBED_PATH = /^\/calendar\/(?:[ub]\/\d{1,2}\/)?embed\/?$/;
/**
 * A calendar id is email-shaped: `abc123@group.calendar.google.com`, `name@gmail.com`, a Workspace address,
 * `en.usa#holiday@group.v.calendar.google.com`.
 */
const CALENDAR_ID = /^[A-Za-z0-9._+#-]{1,128}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+$/;
const CALENDAR_MODES = new Set(['WEEK', 'MONTH', 'AGENDA']);

/** A time zone name the platform knows (the same shape `timeZoneSchema` accepts). */
function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function calendarEmbed(ids: readonly string[], ctz: string | null, mode: string | null): EmbedResult {
  const query = new URLSearchParams();
  for (const id of ids) query.append('src', id);
  if (ctz !== null) query.set('ctz', ctz);
  if (mode !== null) query.set('mode', mode);
  return {
    kind: 'embed',
    type: 'gcal',
    url: `https://calendar.google.com/calendar/embed?${query.toString()}`,
  };
}

/**
 * Rebuilt from the `src` values alone, plus `ctz` and `mode` when valid: the other display flags are dropped
 * rather than passed through, so nothing we did not check reaches the iframe.
 */
function calendarFromUrl(url: URL): EmbedResult {
  if (!CALENDAR_EMBED_PATH.test(url.pathname)) return refuse(embedRefusal.calendarNotEmbed);
  const ids = [...new Set(url.searchParams.getAll('src'))];
  if (ids.length === 0) return refuse(embedRefusal.calendarNoSrc);
  if (ids.length > EMBED_LIMITS.calendarsMax) return refuse(embedRefusal.calendarTooMany);
  if (!ids.every((id) => CALENDAR_ID.test(id))) return refuse(embedRefusal.calendarBadSrc);
  const ctz = url.searchParams.get('ctz');
  const mode = url.searchParams.get('mode')?.toUpperCase() ?? null;
  return calendarEmbed(
    ids,
    ctz !== null && isTimeZone(ctz) ? ctz : null,
    mode !== null && CALENDAR_MODES.has(mode) ? mode : null,
  );
}

/**
 * A bare calendar id pasted instead of a link. Only Google's own calendar domains and Gmail are taken bare: an
 * arbitrary email address pasted into a URL field is more likely a slip than a calendar.
 */
function calendarFromBareId(text: string): EmbedResult | null {
  if (!CALENDAR_ID.test(text)) return null;
  const domain = text.slice(text.lastIndexOf('@') + 1).toLowerCase();
  const google =
    isWithin(domain, ['calendar.google.com']) || domain === 'gmail.com' || domain === 'googlemail.com';
  return google ? calendarEmbed([text], null, null) : refuse(embedRefusal.calendarIdDomain);
}

const isCalendarHost = (host: string, url: URL) =>
  host === 'calendar.google.com' ||
  ((host === 'www.google.com' || host === 'google.com') && /^\/calendar(?:\/|$)/.test(url.pathname));

// ---------------------------------------------------------------------------------------------------------------
// Everything else

/**
 * Hosts that borrow a provider's name without being on its domain: `suno.com.evil.example`, `evil-youtube.com`,
 * `open.spotify.com.evil`. They would frame fine as generic pages, but a member who pasted one almost certainly
 * believes it is the provider, so they are refused with that said. Matched on whole labels (split at `.` and
 * `-`) of the parsed host, so `sunoco.com` is unaffected. Google is matched only as Google Calendar: Google's
 * many country domains and embeddable products (Maps, Docs) are legitimate generic iframes.
 */
const LOOKALIKES: readonly { name: string; matches: (labels: readonly string[]) => boolean }[] = [
  { name: 'Suno', matches: (labels) => labels.includes('suno') },
  { name: 'YouTube', matches: (labels) => labels.includes('youtube') || labels.includes('youtu') },
  { name: 'Spotify', matches: (labels) => labels.includes('spotify') },
  { name: 'Google Calendar', matches: (labels) => labels.includes('calendar') && labels.includes('google') },
];

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The host part of the app's origin, for the "not ourselves" rule. Throws on a malformed origin: a setup bug. */
function appHostOf(appOrigin: string): string {
  const host = new URL(appOrigin).hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

const sameSite = (host: string, appHost: string) =>
  host === appHost || host === `www.${appHost}` || appHost === `www.${host}`;

/**
 * Any other page, framed as it is. Refused: http (mixed content, and the page could be swapped in transit), the
 * app itself, IP addresses and single-label or `localhost` names (a member's network is not a website, and a
 * later preview fetch must never be pointed there), and punycode hosts, which exist mostly to imitate.
 */
function genericFromUrl(url: URL, host: string, appHost: string): EmbedResult {
  if (sameSite(host, appHost)) return refuse(embedRefusal.ownSite);
  if (url.protocol !== 'https:') return refuse(embedRefusal.insecure);
  const isLocalName = !host.includes('.') || host === 'localhost' || host.endsWith('.localhost');
  if (host.startsWith('[') || IPV4.test(host) || isLocalName) return refuse(embedRefusal.address);
  if (host.split('.').some((label) => label.startsWith('xn--'))) return refuse(embedRefusal.idn);
  // Rebuilt from the parsed parts. The parser has already percent-encoded `"`, `<`, `>`, spaces and controls;
  // `'` and `` ` `` are encoded too, so the URL stays inert even in a hand-written attribute.
  const rebuilt = `https://${url.host}${url.pathname}${url.search}${url.hash}`;
  return { kind: 'embed', type: 'iframe', url: rebuilt.replaceAll("'", '%27').replaceAll('`', '%60') };
}

/**
 * What a member pastes into the dashboard's add-widget form: a link or embed code of Suno,
 * YouTube, Spotify or Google Calendar becomes that provider's embed URL; any other secure page becomes a generic
 * iframe widget. Known providers' http:// links are upgraded (we rebuild them on https anyway). Never throws on
 * any input; throws only if `appOrigin` is not a URL.
 */
export function toEmbed(input: string, options: EmbedOptions): EmbedResult {
  const result = embedFromInput(input, options);
  // Percent-encoding and rebuilt calendar ids can lengthen a link; what we store must pass our own limit again.
  const tooLong = result.kind !== 'invalid' && result.url.length > EMBED_LIMITS.urlMax;
  return tooLong ? refuse(embedRefusal.urlTooLong) : result;
}

function embedFromInput(input: string, options: EmbedOptions): EmbedResult {
  const appHost = appHostOf(options.appOrigin);
  const pasted = readPasted(input, embedRefusal.empty);
  if (!pasted.ok) return refuse(pasted.reason);
  if (!pasted.fromCode) {
    // Not links, but forms members paste: Spotify's "Copy URI" and a calendar's id from its settings.
    const special = spotifyFromUri(pasted.text) ?? calendarFromBareId(pasted.text);
    if (special !== null) return special;
  }
  const link = parseLink(pasted.text);
  if (!link.ok) return refuse(link.reason);
  const { url, host } = link;

  if (isWithin(host, SUNO_DOMAINS)) {
    const suno = sunoFromUrl(url, host);
    if (suno.kind === 'embed') return { kind: 'embed', type: 'suno', url: suno.embedSrc };
    if (suno.kind === 'short-link') return { kind: 'short-link', type: 'suno', url: suno.url };
    return suno;
  }
  if (isWithin(host, YOUTUBE_DOMAINS)) return youtubeFromUrl(url, host);
  if (isWithin(host, SPOTIFY_DOMAINS)) return spotifyFromUrl(url, host);
  if (isCalendarHost(host, url)) return calendarFromUrl(url);

  const labels = host.split(/[.-]/);
  const imitated = LOOKALIKES.find((provider) => provider.matches(labels));
  if (imitated) return refuse(embedRefusal.lookalike(imitated.name));
  return genericFromUrl(url, host, appHost);
}
