import { ChevronDown } from 'lucide-react';
import { useRef } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { type NextPageQuery, useLoadMoreOnScroll } from './use-load-more-on-scroll.ts';

/**
 * The end of a list loaded a page at a time: the next page loads when this end scrolls near, or with the Load
 * more button, which is always there as well while there are more pages; a page that failed says so. `what` is
 * translated, a plural noun without a determiner as it reads after "more" ("posts"; in Spanish "publicaciones").
 */
export function LoadMore({ query, what }: { query: NextPageQuery; what: string }) {
  const t = useT();
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useLoadMoreOnScroll(sentinelRef, query);

  return (
    <>
      <div ref={sentinelRef} aria-hidden="true" />
      {isFetchNextPageError ? <Alert>{t('ui.loadMore.failed', { what })}</Alert> : null}
      {hasNextPage ? (
        <Button
          variant="secondary"
          busy={isFetchingNextPage}
          onClick={() => void fetchNextPage({ cancelRefetch: false })}
          className="self-center"
        >
          <ChevronDown aria-hidden="true" className="size-4" />
          {isFetchingNextPage ? t('ui.loadMore.loading') : t('ui.loadMore.button')}
        </Button>
      ) : null}
    </>
  );
}
