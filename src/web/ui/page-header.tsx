import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title.ts';

/** The page's one h1, which also names the browser tab. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="mb-6 flex flex-col gap-2">
      <h1 className="text-3xl font-bold tracking-tight text-(--ink) sm:text-4xl">{title}</h1>
      {children ? <div className="text-(--ink-muted)">{children}</div> : null}
    </header>
  );
}
