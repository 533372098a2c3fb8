import { describe, expect, it } from 'vitest';
import { type OpenAlexWork, openAlexWorkSchema } from '#server/providers/openalex-client.ts';
import { type FixtureWork, openAlexFixtures } from '#tests/fakes/openalex-server.ts';
import { toCslName } from './author-name.ts';
import { bareDoi, formatHarvard, formatInTextCitation, toCsl } from './harvard.ts';

/**
 * Harvard references (Cite Them Right, the bundled `harvard1` CSL style, British punctuation) made by citeproc
 * from OpenAlex data. The expected strings were produced once by running the code, then read against the style's
 * rules: "Family, I." names, "and" before the last, "et al." from four authors, (year), ‘title’ in single quotes
 * with the comma outside, container, volume(issue), p./pp. with an en dash, "Available at:" the DOI link, and for
 * a link without a DOI the day it was accessed.
 */

const accessed = new Date('2026-11-22T09:00:00Z');

function fixture(id: string): OpenAlexWork {
  const found = openAlexFixtures.find((work: FixtureWork) => work.id.endsWith(id));
  if (!found) throw new Error(`no fixture ${id}`);
  return openAlexWorkSchema.parse(found);
}

/** A work from partial wire data, read as the client reads OpenAlex's answers. */
function work(fields: Record<string, unknown>): OpenAlexWork {
  return openAlexWorkSchema.parse({
    id: 'https://openalex.org/W42',
    type: 'article',
    publication_year: 2020,
    title: 'A title',
    primary_location: { source: { display_name: 'Journal of Things', type: 'journal' } },
    authorships: [{ author: { display_name: 'Jane Doe' } }],
    ...fields,
  });
}

describe('formatHarvard on the fake OpenAlex corpus', () => {
  const expected: [string, string, string][] = [
    [
      'W2741809807',
      'Piwowar, H. and Priem, J. (2018) ‘The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles’, PeerJ, 6, p. e4375. Available at: https://doi.org/10.7717/peerj.4375.',
      '(Piwowar and Priem, 2018)',
    ],
    [
      'W3100000002',
      'van Beethoven, L., de la Cruz, A.M. and Chen, M.L. (2021) ‘Open science practices in music cognition’, Music Perception, 38(4), pp. 301–325. Available at: https://doi.org/10.1525/mp.2021.38.4.301.',
      '(van Beethoven, de la Cruz and Chen, 2021)',
    ],
    // No title, no source, no DOI, no pages: only what is known, never "undefined" or empty quotes.
    ['W3100000003', 'Doe, J. (2019).', '(Doe, 2019)'],
    // A chapter takes no volume (the odd "Spring" is not printed); its book and publisher are.
    [
      'W3100000004',
      'Otieno, G. and Silva, T. (2020) ‘Teaching open science in the classroom’, Handbook of Open Scholarship. Springer Nature, pp. 45–67. Available at: https://doi.org/10.1007/978-3-030-12345-6_3.',
      '(Otieno and Silva, 2020)',
    ],
    // An organisation printed whole; a report's title is set (italic in rich formats, plain here), no quotes.
    [
      'W3100000005',
      'World Health Organization (2022) Open science and health research: guidance for member states. World Health Organization. Available at: https://iris.who.int/handle/10665/000000 (Accessed: 22 November 2026).',
      '(World Health Organization, 2022)',
    ],
    [
      'W3100000006',
      'Rossi, S. et al. (2023) ‘A many-lab replication of open science interventions’, Nature Human Behaviour, 7(3), pp. 412–425. Available at: https://doi.org/10.1038/s41562-023-00001-1.',
      '(Rossi et al., 2023)',
    ],
    // A one-word name stays as it is; markup and entities are gone from the title; a preprint says so.
    [
      'W3100000007',
      'Teodora and Okafor, C. (2024) ‘Open science for E. coli genomics & beyond’, arXiv (Cornell University) [Preprint]. Available at: https://doi.org/10.48550/arXiv.2401.01234.',
      '(Teodora and Okafor, 2024)',
    ],
    [
      'W3100000008',
      'Costa, A. (2025) ‘Open science survey responses 2025’. Zenodo (CERN European Organization for Nuclear Research). Available at: https://doi.org/10.5281/zenodo.1234567.',
      '(Costa, 2025)',
    ],
    [
      'W3100000009',
      'Singh, M. and Becker, T. (2026) ‘Attitudes to open science among early-career researchers’, PLOS ONE, 21(2), p. e0000009. Available at: https://doi.org/10.1371/journal.pone.0000009.',
      '(Singh and Becker, 2026)',
    ],
  ];

  for (const [id, reference, inText] of expected) {
    it(`formats ${id}`, () => {
      expect(formatHarvard(fixture(id), accessed)).toBe(reference);
      expect(formatInTextCitation(fixture(id))).toBe(inText);
    });
  }

  it('formats every fixture without a trailing newline, "undefined", "null" or empty quotes', () => {
    for (const raw of openAlexFixtures) {
      const reference = formatHarvard(openAlexWorkSchema.parse(raw), accessed);
      expect(reference).toBe(reference.trim());
      expect(reference).not.toMatch(/undefined|null|‘’|\(\)|\s,/);
      expect(reference.endsWith('.')).toBe(true);
    }
  });

  it('is the same reference whatever else was formatted before it (one Cite per work)', () => {
    const first = formatHarvard(fixture('W3100000006'), accessed);
    for (const raw of openAlexFixtures) formatHarvard(openAlexWorkSchema.parse(raw), accessed);
    expect(formatHarvard(fixture('W3100000006'), accessed)).toBe(first);
  });
});

describe('formatHarvard on what OpenAlex may send', () => {
  it('puts the container in the author’s place when a journal article has no authors', () => {
    expect(formatHarvard(work({ authorships: [] }), accessed)).toBe('Journal of Things (2020) ‘A title’.');
  });

  it('says "no date" when the year is unknown', () => {
    const reference = formatHarvard(
      work({ publication_year: null, biblio: { volume: '3', first_page: '1' } }),
      accessed,
    );
    expect(reference).toBe('Doe, J. (no date) ‘A title’, Journal of Things, 3, p. 1.');
  });

  it('keeps an odd volume as it is, cleans "Vol."/"No."/"pp." prefixes, drops "null" and reads numbers', () => {
    expect(
      formatHarvard(
        work({ biblio: { volume: 'Spring', issue: 'No. 2', first_page: 'pp. 10', last_page: '20' } }),
        accessed,
      ),
    ).toBe('Doe, J. (2020) ‘A title’, Journal of Things, Spring(2), pp. 10–20.');
    expect(
      formatHarvard(
        work({ biblio: { volume: 'Vol. 12', issue: 'null', first_page: '7', last_page: '7' } }),
        accessed,
      ),
    ).toBe('Doe, J. (2020) ‘A title’, Journal of Things, 12, p. 7.');
    expect(
      formatHarvard(work({ biblio: { volume: 12, issue: 3, first_page: 5, last_page: 9 } }), accessed),
    ).toBe('Doe, J. (2020) ‘A title’, Journal of Things, 12(3), pp. 5–9.');
  });

  it('marks a journal article without volume or pages as a preprint, as the style does for articles in press', () => {
    expect(formatHarvard(work({}), accessed)).toBe('Doe, J. (2020) ‘A title’, Journal of Things [Preprint].');
  });

  it('formats a conference paper with its proceedings', () => {
    const paper = work({
      primary_location: { source: { display_name: 'Proceedings of CHI', type: 'conference' } },
      biblio: { first_page: '1', last_page: '10' },
    });
    expect(formatHarvard(paper, accessed)).toBe('Doe, J. (2020) ‘A title’, Proceedings of CHI, pp. 1–10.');
  });

  it('names the first author and "et al." for a hundred authors', () => {
    const crowd = work({
      authorships: Array.from({ length: 100 }, (_, i) => ({ author: { display_name: `Person Number${i}` } })),
      biblio: { volume: '1' },
    });
    expect(formatHarvard(crowd, accessed)).toBe('Number0, P. et al. (2020) ‘A title’, Journal of Things, 1.');
    expect(formatInTextCitation(crowd)).toBe('(Number0 et al., 2020)');
  });

  it('falls back to the raw author string and skips authors with no name', () => {
    const reference = formatHarvard(
      work({
        authorships: [
          { author: null, raw_author_name: 'Okafor, Chidi' },
          { author: { display_name: null }, raw_author_name: null },
        ],
        biblio: { volume: '2' },
      }),
      accessed,
    );
    expect(reference).toBe('Okafor, C. (2020) ‘A title’, Journal of Things, 2.');
  });

  it('links only DOIs that are DOIs and pages that are http(s)', () => {
    const noDoi = work({
      doi: 'https://doi.org/not-a-doi',
      biblio: { volume: '1' },
      primary_location: {
        landing_page_url: 'javascript:alert(1)',
        source: { display_name: 'J', type: 'journal' },
      },
    });
    expect(formatHarvard(noDoi, accessed)).toBe('Doe, J. (2020) ‘A title’, J, 1.');
    expect(toCsl(noDoi, accessed)).not.toHaveProperty('URL');
  });

  it('survives a work with nothing but an id', () => {
    expect(formatHarvard(openAlexWorkSchema.parse({ id: 'W1' }), accessed)).toBe('(No date).');
  });
});

describe('bareDoi', () => {
  it('reads the forms a DOI comes in', () => {
    expect(bareDoi('https://doi.org/10.7717/peerj.4375')).toBe('10.7717/peerj.4375');
    expect(bareDoi('http://dx.doi.org/10.1000/XYZ.1')).toBe('10.1000/XYZ.1');
    expect(bareDoi('doi:10.1000/abc')).toBe('10.1000/abc');
    expect(bareDoi(' 10.1000/abc ')).toBe('10.1000/abc');
    expect(bareDoi('https://example.org/10.1000/abc')).toBeNull();
    expect(bareDoi('not a doi')).toBeNull();
    expect(bareDoi(null)).toBeNull();
  });
});

describe('toCslName', () => {
  const cases: [string, ReturnType<typeof toCslName>][] = [
    ['Heather Piwowar', { family: 'Piwowar', given: 'Heather' }],
    ['Ludwig van Beethoven', { family: 'Beethoven', given: 'Ludwig', 'non-dropping-particle': 'van' }],
    ['Anna Maria de la Cruz', { family: 'Cruz', given: 'Anna Maria', 'non-dropping-particle': 'de la' }],
    ['Luiz Inácio da Silva', { family: 'Silva', given: 'Luiz Inácio', 'non-dropping-particle': 'da' }],
    ['de Gaulle', { family: 'Gaulle', 'non-dropping-particle': 'de' }],
    // A capitalised first word is a given name, not a particle.
    ['Van Morrison', { family: 'Morrison', given: 'Van' }],
    ['J. R. R. Tolkien', { family: 'Tolkien', given: 'J. R. R.' }],
    ['Jean-Paul Sartre', { family: 'Sartre', given: 'Jean-Paul' }],
    ['Martin Luther King Jr.', { family: 'King', given: 'Martin Luther', suffix: 'Jr.' }],
    ['Piwowar, Heather', { family: 'Piwowar', given: 'Heather' }],
    ['King, Martin Luther, Jr.', { family: 'King', given: 'Martin Luther', suffix: 'Jr.' }],
    ['van der Berg, Anna', { family: 'Berg', given: 'Anna', 'non-dropping-particle': 'van der' }],
    ['  Heather   Piwowar ', { family: 'Piwowar', given: 'Heather' }],
    ['Plato', { literal: 'Plato' }],
    ['World Health Organization', { literal: 'World Health Organization' }],
    ['The Open Science Collaboration', { literal: 'The Open Science Collaboration' }],
    [
      'University of Oxford, Department of Zoology',
      { literal: 'University of Oxford, Department of Zoology' },
    ],
    ['The Many Labs Replication Effort Of Twenty', { literal: 'The Many Labs Replication Effort Of Twenty' }],
    ['   ', null],
  ];
  for (const [name, csl] of cases) {
    it(`splits ${JSON.stringify(name)}`, () => expect(toCslName(name)).toEqual(csl));
  }

  it('prints particles with the family name: van Beethoven, L.', () => {
    const reference = formatHarvard(
      work({ authorships: [{ author: { display_name: 'Ludwig van Beethoven' } }], biblio: { volume: '1' } }),
      accessed,
    );
    expect(reference.startsWith('van Beethoven, L. (2020)')).toBe(true);
  });
});
