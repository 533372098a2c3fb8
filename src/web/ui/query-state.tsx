import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { LoadError } from './load-error.tsx';

/**
 * The one ladder every list and card climbs while its data loads: loading, then a readable error with "Try
 * again" (only while there is nothing to show), then the empty state, then the data. Each screen says only what differs: its skeleton, what it loads
 * and what "empty" looks like.
 */
export function QueryState<T>({
  query,
  what,
  loading,
  error,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /**
   * What is loading, translated, as LoadError takes it: English reads it after "your" ("tracks", "comments"),
   * Spanish says the whole phrase with its determiner ("tus canciones", "los comentarios").
   */
  what: string;
  /**
   * Shown while the first answer is on its way: a skeleton of the content, by default a pulsing block (`null`
   * shows nothing).
   */
  loading?: ReactNode;
  /**
   * Shown instead of "Could not load your …" with "Try again" when the screen words the failure otherwise
   * (the screen still has the query to offer its own retry).
   */
  error?: ReactNode;
  /** When the data counts as empty (a list with no rows); without it there is no empty state. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) {
    return loading === undefined ? <LoadingBlock label={t('ui.queryState.loading', { what })} /> : loading;
  }
  // A refresh that failed (offline, a blip) keeps what was shown: the error is for having nothing to show.
  if (query.isError && query.data === undefined) {
    if (error !== undefined) return error;
    return (
      <LoadError
        what={what}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { data } = query;
  if (data === undefined) return null;
  if (isEmpty?.(data)) return empty ?? null;
  return children(data);
}

/** A pulsing placeholder that screen readers announce as loading (`className` gives its size). */
export function LoadingBlock({ label, className = 'h-24' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`animate-pulse rounded-2xl bg-(--surface-strong) ${className}`}>
      <span className="sr-only">{label}</span>
    </div>
  );
}
