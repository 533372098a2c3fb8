import type { CSLName } from '@citation-js/core';

/**
 * OpenAlex gives each author as one display string ("Heather Piwowar"); a Harvard reference needs the family
 * name and initials ("Piwowar, H."). CSL wants the parts, so the split happens here and citeproc does the rest.
 *
 * The split is deliberately plain, because a wrong guess shows in every reference:
 * - "Family, Given" (the form raw author strings often take) splits at the comma;
 * - otherwise the last word is the family name, and lower-case particles just before it ("van", "de la") stay
 *   with it, as `non-dropping-particle` ("van Beethoven, L."), so sorting still sees "Beethoven";
 * - a generational suffix ("Jr.", "III") is kept as a suffix, not taken for the family name;
 * - one word ("Plato") and organisations ("World Health Organization") are printed as given (`literal`): they
 *   have no family name to invert and no initials to take.
 */

const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'dei',
  'degli',
  'di',
  'da',
  'das',
  'do',
  'dos',
  'du',
  'la',
  'le',
  'les',
  'ter',
  'ten',
  'te',
  'op',
  'zu',
  'zur',
  'af',
  'av',
  'bin',
  'binti',
  'al',
  'el',
]);

const SUFFIXES = /^(jr|sr|ii|iii|iv|v)\.?$/i;

/** Words that make a "name" an organisation or a group, never a person. */
const ORGANISATION_WORDS =
  /\b(organi[sz]ation|consortium|collaboration|collaborative|group|committee|association|institute|institution|university|universit[eé]|society|council|agency|team|network|project|foundation|cent(?:re|er)|department|ministry|initiative|alliance|federation|commission|board|office|authority|company|corporation|laborator(?:y|ies)|investigators|inc|ltd|llc|gmbh|plc)\b/i;

/** More words than any personal display name we expect: treat it as an organisation, printed whole. */
const MAX_PERSON_WORDS = 6;

export function toCslName(displayName: string): CSLName | null {
  const name = displayName.replace(/\s+/g, ' ').trim();
  if (!name) return null;

  const comma = name.indexOf(',');
  if (comma > 0 && !ORGANISATION_WORDS.test(name)) {
    const family = name.slice(0, comma).trim();
    const rest = name
      .slice(comma + 1)
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    // "King, Martin Luther, Jr." keeps its suffix; "Family, Given" is the common case.
    const suffix = rest.length > 1 && SUFFIXES.test(rest[rest.length - 1] ?? '') ? rest.pop() : undefined;
    const given = rest.join(' ');
    if (family && given) return withParticle(family, given, suffix);
    return { literal: name };
  }

  const words = name.split(' ');
  if (words.length === 1 || words.length > MAX_PERSON_WORDS || ORGANISATION_WORDS.test(name)) {
    return { literal: name };
  }

  let suffix: string | undefined;
  if (words.length > 2 && SUFFIXES.test(words[words.length - 1] ?? '')) suffix = words.pop();
  const family = words.pop() ?? '';
  const particles: string[] = [];
  // Particles sit between the given names and the family name ("Anna Maria de la Cruz"); a name that is all
  // particle and family ("de Gaulle") has no given name at all.
  while (words.length > 0 && PARTICLES.has(words[words.length - 1] ?? '')) {
    particles.unshift(words.pop() ?? '');
  }
  const given = words.join(' ');
  return {
    family,
    ...(given ? { given } : {}),
    ...(particles.length > 0 ? { 'non-dropping-particle': particles.join(' ') } : {}),
    ...(suffix ? { suffix } : {}),
  };
}

/** "van Beethoven" written family-first: the particle is taken out of the family part the same way. */
function withParticle(family: string, given: string, suffix: string | undefined): CSLName {
  const words = family.split(' ');
  const particles: string[] = [];
  while (words.length > 1 && PARTICLES.has(words[0] ?? '')) particles.push(words.shift() ?? '');
  return {
    family: words.join(' '),
    given,
    ...(particles.length > 0 ? { 'non-dropping-particle': particles.join(' ') } : {}),
    ...(suffix ? { suffix } : {}),
  };
}
