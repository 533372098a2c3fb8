import type http from 'node:http';
import { startTestServer, type TestServer } from './canary-server.ts';

/**
 * A local OpenAlex `GET /works`: the response shape of its documentation, `select` limited to root-level
 * fields, `filter=from_publication_date:YYYY-MM-DD`, `per-page` 1–200, wildcards refused, and OpenAlex's error body
 * `{"error": "…", "message": "…"}`. It searches a small fixture corpus naively: every word of `search` must
 * appear in a work's title or topic words.
 *
 * Steering, as the OpenRouter fake does it:
 * - words in `search`: `[fail]` 500, `[error200]` 200 with an error body, `[garbage]` an HTML
 *   page with status 200, `[hang]` never answers;
 * - `enqueue({status, body})` overrides the next answers in order.
 * Every request is recorded with its query parameters, so tests can assert what was sent.
 */

type Source = {
  display_name: string;
  type: string;
  host_organization_name: string | null;
  [key: string]: unknown;
};
type Location = ReturnType<typeof location>;

/** A work as the fake stores it: the wire fields plus the words it is found by (never sent). */
export type FixtureWork = {
  id: string;
  doi: string | null;
  title: string | null;
  display_name: string | null;
  publication_year: number;
  publication_date: string;
  type: string;
  authorships: ReturnType<typeof authors>;
  primary_location: Location | null;
  best_oa_location: Location | null;
  biblio: {
    volume: string | null;
    issue: string | null;
    first_page: string | null;
    last_page: string | null;
  };
  open_access: {
    is_oa: boolean;
    oa_status: string;
    oa_url: string | null;
    any_repository_has_fulltext: boolean;
  };
  topics: string[];
};

const location = (source: Source | null, urls: { landing?: string; pdf?: string | null } = {}) => ({
  is_oa: Boolean(urls.pdf),
  landing_page_url: urls.landing ?? null,
  pdf_url: urls.pdf ?? null,
  license: urls.pdf ? 'cc-by' : null,
  version: urls.pdf ? 'publishedVersion' : null,
  source,
});

const journal = (display_name: string, host_organization_name: string | null): Source => ({
  id: `https://openalex.org/S${display_name.length}000`,
  display_name,
  issn_l: null,
  issn: null,
  host_organization: null,
  host_organization_name,
  type: 'journal',
});

const authors = (...names: string[]) =>
  names.map((name, index) => ({
    author_position: index === 0 ? 'first' : index === names.length - 1 ? 'last' : 'middle',
    raw_author_name: name,
    is_corresponding: index === 0,
    institutions: [],
    author: { id: `https://openalex.org/A${5000 + index}`, display_name: name, orcid: null },
  }));

const closedAccess = { is_oa: false, oa_status: 'closed', oa_url: null, any_repository_has_fulltext: false };

/** The corpus, most relevant first. Every fixture is found by "open science"; one is too old for the filter. */
export const openAlexFixtures: FixtureWork[] = [
  {
    // The normal case: a journal article with a DOI and a free PDF (the example of OpenAlex's documentation).
    id: 'https://openalex.org/W2741809807',
    doi: 'https://doi.org/10.7717/peerj.4375',
    title: 'The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles',
    display_name:
      'The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles',
    publication_year: 2018,
    publication_date: '2018-02-13',
    type: 'article',
    authorships: authors('Heather Piwowar', 'Jason Priem'),
    primary_location: location(journal('PeerJ', 'PeerJ'), {
      landing: 'https://doi.org/10.7717/peerj.4375',
      pdf: 'https://peerj.com/articles/4375.pdf',
    }),
    biblio: { volume: '6', issue: null, first_page: 'e4375', last_page: 'e4375' },
    open_access: {
      is_oa: true,
      oa_status: 'gold',
      oa_url: 'https://peerj.com/articles/4375.pdf',
      any_repository_has_fulltext: true,
    },
    best_oa_location: location(journal('PeerJ', 'PeerJ'), {
      landing: 'https://doi.org/10.7717/peerj.4375',
      pdf: 'https://peerj.com/articles/4375.pdf',
    }),
    topics: ['open science', 'open access'],
  },
  {
    // Three authors with particles ("van", "de la"); the free copy is only a repository landing page.
    id: 'https://openalex.org/W3100000002',
    doi: 'https://doi.org/10.1525/mp.2021.38.4.301',
    title: 'Open science practices in music cognition',
    display_name: 'Open science practices in music cognition',
    publication_year: 2021,
    publication_date: '2021-04-01',
    type: 'article',
    authorships: authors('Ludwig van Beethoven', 'Anna Maria de la Cruz', 'Mei Lin Chen'),
    primary_location: location(journal('Music Perception', 'University of California Press'), {
      landing: 'https://doi.org/10.1525/mp.2021.38.4.301',
    }),
    biblio: { volume: '38', issue: '4', first_page: '301', last_page: '325' },
    open_access: { is_oa: true, oa_status: 'green', oa_url: null, any_repository_has_fulltext: true },
    best_oa_location: location(
      { display_name: 'Music Repository', type: 'repository', host_organization_name: null },
      { landing: 'https://repository.example.org/handle/123', pdf: null },
    ),
    topics: ['open science', 'music'],
  },
  {
    // What OpenAlex does not know: no title, no source (primary_location null), no DOI, no biblio.
    id: 'https://openalex.org/W3100000003',
    doi: null,
    title: null,
    display_name: null,
    publication_year: 2019,
    publication_date: '2019-01-01',
    type: 'article',
    authorships: authors('Jane Doe'),
    primary_location: null,
    biblio: { volume: null, issue: null, first_page: null, last_page: null },
    open_access: closedAccess,
    best_oa_location: null,
    topics: ['open science'],
  },
  {
    // A book chapter whose "volume" is a season: chapters take no volume in Harvard; the publisher is named.
    id: 'https://openalex.org/W3100000004',
    doi: 'https://doi.org/10.1007/978-3-030-12345-6_3',
    title: 'Teaching open science in the classroom',
    display_name: 'Teaching open science in the classroom',
    publication_year: 2020,
    publication_date: '2020-05-20',
    type: 'book-chapter',
    authorships: authors('Grace Otieno', 'Tomás Silva'),
    primary_location: location(
      {
        display_name: 'Handbook of Open Scholarship',
        type: 'book series',
        host_organization_name: 'Springer Nature',
      },
      { landing: 'https://doi.org/10.1007/978-3-030-12345-6_3' },
    ),
    biblio: { volume: 'Spring', issue: null, first_page: '45', last_page: '67' },
    open_access: closedAccess,
    best_oa_location: null,
    topics: ['open science', 'teaching'],
  },
  {
    // An organisation as the author: printed whole, never inverted into "Organization, W.H.".
    id: 'https://openalex.org/W3100000005',
    doi: null,
    title: 'Open science and health research: guidance for member states',
    display_name: 'Open science and health research: guidance for member states',
    publication_year: 2022,
    publication_date: '2022-09-01',
    type: 'report',
    authorships: authors('World Health Organization'),
    primary_location: location(
      { display_name: 'WHO IRIS', type: 'repository', host_organization_name: 'World Health Organization' },
      { landing: 'https://iris.who.int/handle/10665/000000' },
    ),
    biblio: { volume: null, issue: null, first_page: null, last_page: null },
    open_access: { is_oa: true, oa_status: 'bronze', oa_url: null, any_repository_has_fulltext: false },
    best_oa_location: location(
      { display_name: 'WHO IRIS', type: 'repository', host_organization_name: 'World Health Organization' },
      {
        landing: 'https://iris.who.int/handle/10665/000000',
        pdf: 'https://iris.who.int/bitstream/000000.pdf',
      },
    ),
    topics: ['open science', 'health'],
  },
  {
    // Many authors: Harvard names the first and "et al." from four on.
    id: 'https://openalex.org/W3100000006',
    doi: 'https://doi.org/10.1038/s41562-023-00001-1',
    title: 'A many-lab replication of open science interventions',
    display_name: 'A many-lab replication of open science interventions',
    publication_year: 2023,
    publication_date: '2023-03-03',
    type: 'article',
    authorships: authors(
      'Sofia Rossi',
      'Kenji Tanaka',
      'Amara Okafor',
      'Lars Nilsson',
      'Priya Raman',
      'Jonas Müller',
      'Fatima Zahra',
      'Diego Alvarez',
      'Hana Novak',
      'Samuel Mensah',
      'Olga Ivanova',
      'Liam Byrne',
    ),
    primary_location: location(journal('Nature Human Behaviour', 'Springer Nature'), {
      landing: 'https://doi.org/10.1038/s41562-023-00001-1',
    }),
    biblio: { volume: '7', issue: '3', first_page: '412', last_page: '425' },
    open_access: closedAccess,
    best_oa_location: null,
    topics: ['open science', 'replication'],
  },
  {
    // A preprint on a repository; a one-word author name; a title with markup and an entity.
    id: 'https://openalex.org/W3100000007',
    doi: 'https://doi.org/10.48550/arXiv.2401.01234',
    title: 'Open science for <i>E. coli</i> genomics &amp; beyond',
    display_name: 'Open science for <i>E. coli</i> genomics &amp; beyond',
    publication_year: 2024,
    publication_date: '2024-01-05',
    type: 'preprint',
    authorships: authors('Teodora', 'Chidi Okafor'),
    primary_location: location(
      {
        display_name: 'arXiv (Cornell University)',
        type: 'repository',
        host_organization_name: 'Cornell University',
      },
      { landing: 'https://arxiv.org/abs/2401.01234', pdf: 'https://arxiv.org/pdf/2401.01234' },
    ),
    biblio: { volume: null, issue: null, first_page: null, last_page: null },
    open_access: {
      is_oa: true,
      oa_status: 'green',
      oa_url: 'https://arxiv.org/pdf/2401.01234',
      any_repository_has_fulltext: true,
    },
    best_oa_location: null,
    topics: ['open science', 'genomics'],
  },
  {
    // A data set in a repository: the repository publishes it.
    id: 'https://openalex.org/W3100000008',
    doi: 'https://doi.org/10.5281/zenodo.1234567',
    title: 'Open science survey responses 2025',
    display_name: 'Open science survey responses 2025',
    publication_year: 2025,
    publication_date: '2025-06-30',
    type: 'dataset',
    authorships: authors('Ana Costa'),
    primary_location: location(
      {
        display_name: 'Zenodo (CERN European Organization for Nuclear Research)',
        type: 'repository',
        host_organization_name: null,
      },
      { landing: 'https://zenodo.org/records/1234567', pdf: null },
    ),
    biblio: { volume: null, issue: null, first_page: null, last_page: null },
    open_access: {
      is_oa: true,
      oa_status: 'green',
      oa_url: 'https://zenodo.org/records/1234567',
      any_repository_has_fulltext: true,
    },
    best_oa_location: null,
    topics: ['open science', 'survey'],
  },
  {
    // Ninth in relevance: found, counted, but beyond the eight answered.
    id: 'https://openalex.org/W3100000009',
    doi: 'https://doi.org/10.1371/journal.pone.0000009',
    title: 'Attitudes to open science among early-career researchers',
    display_name: 'Attitudes to open science among early-career researchers',
    publication_year: 2026,
    publication_date: '2026-02-01',
    type: 'article',
    authorships: authors('Maya Singh', 'Tom Becker'),
    primary_location: location(journal('PLOS ONE', 'Public Library of Science'), {
      landing: 'https://doi.org/10.1371/journal.pone.0000009',
    }),
    biblio: { volume: '21', issue: '2', first_page: 'e0000009', last_page: null },
    open_access: closedAccess,
    best_oa_location: null,
    topics: ['open science', 'careers'],
  },
  {
    // Older than any "last 10 years" window: the date filter must drop it.
    id: 'https://openalex.org/W1000000010',
    doi: 'https://doi.org/10.1000/old.2012',
    title: 'Open science in 2012',
    display_name: 'Open science in 2012',
    publication_year: 2012,
    publication_date: '2012-12-31',
    type: 'article',
    authorships: authors('Old Author'),
    primary_location: location(journal('Old Journal', null)),
    biblio: { volume: '1', issue: '1', first_page: '1', last_page: '2' },
    open_access: closedAccess,
    best_oa_location: null,
    topics: ['open science'],
  },
];

/** Root-level fields a work has; `select` may name only these. */
const SELECTABLE = new Set([
  'id',
  'doi',
  'title',
  'display_name',
  'publication_year',
  'publication_date',
  'type',
  'authorships',
  'primary_location',
  'best_oa_location',
  'biblio',
  'open_access',
]);

export type ScriptedOpenAlexAnswer = { status: number; body: unknown } | { hang: true };

export type OpenAlexRequest = {
  path: string;
  /** The query parameters as the server read them (decoded). */
  params: Record<string, string>;
  headers: http.IncomingHttpHeaders;
};

export type FakeOpenAlexServer = TestServer & {
  /** The base URL to configure (`OPENALEX_BASE_URL`). */
  baseUrl: string;
  requests: OpenAlexRequest[];
  enqueue: (...answers: ScriptedOpenAlexAnswer[]) => void;
  reset: () => void;
};

export async function startFakeOpenAlexServer(options: { host?: string } = {}): Promise<FakeOpenAlexServer> {
  const queue: ScriptedOpenAlexAnswer[] = [];
  const requests: OpenAlexRequest[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = await startTestServer((req, res) => handle(req, res), { host: options.host ?? '127.0.0.1' });

  function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, params, headers: req.headers });

    const scripted = queue.shift();
    if (scripted) {
      if ('hang' in scripted) return hang(res);
      return send(res, scripted.status, scripted.body);
    }
    if (req.method !== 'GET' || url.pathname !== '/works') {
      return send(res, 404, { error: 'Not found', message: `${url.pathname} is not a valid endpoint` });
    }

    const search = params.search ?? '';
    if (search.includes('[fail]'))
      return send(res, 500, { error: 'Internal Server Error', message: 'Something went wrong' });
    if (search.includes('[hang]')) return hang(res);
    if (search.includes('[garbage]')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>Gateway hiccup</body></html>');
    }
    if (search.includes('[error200]')) {
      return send(res, 200, {
        error: 'Invalid query parameters error.',
        message: 'search is not a valid query: wildcard characters are not allowed',
      });
    }
    if (/[?*]/.test(search)) {
      return send(res, 400, {
        error: 'Invalid query parameters error.',
        message: 'Wildcard characters (? and *) are not supported in search',
      });
    }

    const perPage = Number(params['per-page'] ?? params.per_page ?? 25);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 200) {
      return send(res, 400, {
        error: 'Pagination error.',
        message: 'per-page must be a number between 1 and 200',
      });
    }
    const select = params.select ? params.select.split(',') : [...SELECTABLE];
    const invalid = select.find((field) => !SELECTABLE.has(field));
    if (invalid) {
      return send(res, 400, {
        error: 'Invalid query parameters error.',
        message: `${invalid} is not a valid select field. Valid fields for select are: ${[...SELECTABLE].join(', ')}.`,
      });
    }
    const from = readFromDate(params.filter);
    if (from === 'invalid') {
      return send(res, 400, {
        error: 'Invalid query parameters error.',
        message: `${params.filter} is not a valid filter`,
      });
    }

    const words = search
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const matches = openAlexFixtures.filter(
      (work) =>
        (from === null || work.publication_date >= from) &&
        words.every((word) => `${work.title ?? ''} ${work.topics.join(' ')}`.toLowerCase().includes(word)),
    );
    return send(res, 200, {
      meta: { count: matches.length, db_response_time_ms: 7, page: 1, per_page: perPage, groups_count: null },
      results: matches.slice(0, perPage).map((work) => pick(work, select)),
      group_by: [],
    });
  }

  function hang(res: http.ServerResponse) {
    hanging.add(res);
    res.on('close', () => hanging.delete(res));
  }

  return {
    ...server,
    baseUrl: server.origin,
    requests,
    enqueue: (...answers) => queue.push(...answers),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      await server.close();
    },
  };
}

/** `from_publication_date:2017-01-01` (other filters ANDed with a comma are accepted and ignored). */
function readFromDate(filter: string | undefined): string | null | 'invalid' {
  if (!filter) return null;
  let from: string | null = null;
  for (const part of filter.split(',')) {
    const [key, value = ''] = part.split(/:(.*)/s);
    if (key === 'from_publication_date') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'invalid';
      from = value;
    }
  }
  return from;
}

function pick(work: FixtureWork, fields: string[]): Record<string, unknown> {
  const all = work as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, all[field] ?? null]));
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}
