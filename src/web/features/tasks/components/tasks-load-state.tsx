import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Task } from '#shared/tasks.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { cn } from '#web/ui/cn.ts';
import { insetSurfaceClass } from '#web/ui/field-classes.ts';
import { LoadError } from '#web/ui/load-error.tsx';

/** Grey shapes where the tasks will be, announced as loading. */
export function TasksSkeleton() {
  const t = useT();
  return (
    <div role="status" className="flex flex-col gap-2">
      <span className="sr-only">{t('tasks.load.loading')}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden="true" className={cn(insetSurfaceClass, 'h-14 animate-pulse')} />
      ))}
    </div>
  );
}

/**
 * The four states of the member's task list, in one place for every card that shows it: loading, failed (with
 * another try), empty, or the tasks handed to `children`. An empty list gets its text and `children` too: the
 * board shows its empty columns, the list its empty sections.
 */
export function TasksQueryView({
  query,
  emptyText,
  children,
}: {
  query: UseQueryResult<Task[]>;
  emptyText: string;
  children: (tasks: Task[]) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) return <TasksSkeleton />;
  // A refresh that failed (offline, a blip) keeps the list shown: the error is for having nothing to show.
  if (query.isError && query.data === undefined) {
    return (
      <LoadError
        what={t('tasks.load.what')}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <>
        <p className="text-(--ink-muted)">{emptyText}</p>
        {children(query.data)}
      </>
    );
  }
  return <>{children(query.data)}</>;
}
