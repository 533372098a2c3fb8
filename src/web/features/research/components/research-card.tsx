import { BookOpen, Check, Copy, ExternalLink } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { ResearchResponse } from '#shared/research.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';

/** A copy confirmation shows for 2 seconds. */
export const COPY_CONFIRMATION_MS = 2000;

/** Only web links become links: a reference's URL comes from a third party. */
export function webUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The references as plain text, numbered as on screen, for the clipboard. */
export function referencesText(result: ResearchResponse): string {
  return result.items.map((item, index) => `${index + 1}. ${item.harvard}`).join('\n');
}

const linkClass =
  'inline-flex items-center gap-1 font-semibold break-all text-(--accent) underline underline-offset-4 hover:text-(--accent-strong)';

/**
 * A research result in the conversation (kept in the page only): the topic, how many works matched
 * since which year, the synthesis, and the Harvard references with their DOI and open-access links.
 */
export function ResearchCard({ result }: { result: ResearchResponse }) {
  const t = useT();
  const id = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = window.setTimeout(() => setCopy('idle'), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copy]);

  async function copyReferences() {
    try {
      await navigator.clipboard.writeText(referencesText(result));
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <article
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-3xl border border-(--line) bg-(--surface-strong) p-4 text-(--ink)"
    >
      <header className="flex flex-col gap-1">
        <h4 id={`${id}-heading`} className="inline-flex items-start gap-2 font-bold">
          <BookOpen aria-hidden="true" className="mt-1 size-4 shrink-0 text-(--accent)" />
          <span>{t('research.card.heading', { query: result.query })}</span>
        </h4>
        <p className="text-sm text-(--ink-muted)">
          {t('research.card.count', { count: result.count, year: String(result.yearMin) })}
        </p>
      </header>
      <p className="whitespace-pre-line">{result.synthesis}</p>
      {result.items.length > 0 ? (
        <>
          <h5 className="text-sm font-bold">{t('research.card.references')}</h5>
          <ol className="flex list-decimal flex-col gap-3 pl-6 text-sm">
            {result.items.map((item) => {
              const doi = webUrl(item.doiUrl);
              const openAccess = webUrl(item.oaUrl);
              return (
                <li key={item.id} className="break-words">
                  <p>{item.harvard}</p>
                  {doi || openAccess ? (
                    <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                      {doi ? (
                        <a href={doi} target="_blank" rel="noopener noreferrer" className={linkClass}>
                          {doi}
                          <span className="sr-only"> {t('research.card.doiLink')}</span>
                        </a>
                      ) : null}
                      {openAccess ? (
                        <a href={openAccess} target="_blank" rel="noopener noreferrer" className={linkClass}>
                          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                          {t('research.card.openAccess')}
                          <span className="sr-only">
                            {' '}
                            {t('research.card.openAccessLink', { title: item.title })}
                          </span>
                        </a>
                      ) : null}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="bare"
              onClick={() => void copyReferences()}
              className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-(--ink) hover:bg-(--surface)"
            >
              <Copy aria-hidden="true" className="size-4" />
              {t('research.card.copy')}
            </Button>
            <span role="status" className="text-sm font-semibold">
              {copy === 'copied' ? (
                <span className="inline-flex items-center gap-1">
                  <Check aria-hidden="true" className="size-4 text-(--accent)" />
                  {t('research.card.copied')}
                </span>
              ) : copy === 'failed' ? (
                <span className="text-(--danger)">{t('research.card.copyFailed')}</span>
              ) : null}
            </span>
          </div>
        </>
      ) : (
        <p className="text-sm text-(--ink-muted)">{t('research.card.noWorks')}</p>
      )}
    </article>
  );
}
