import { type ReactNode, useEffect } from 'react';

/** The page's one h1; also names the browser tab, so screen-reader users hear where a navigation led. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Lumara`;
  }, [title]);
  return (
    <header className="mb-6 flex flex-col gap-2">
      <h1 className="text-3xl font-bold tracking-tight text-(--ink) sm:text-4xl">{title}</h1>
      {children ? <div className="text-(--ink-muted)">{children}</div> : null}
    </header>
  );
}
