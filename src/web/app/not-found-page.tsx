import { Link, useLocation } from 'react-router';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { PageHeader } from '#web/ui/page-header.tsx';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title="Page not found" />
      <GlassPanel className="flex flex-col items-start gap-4">
        <p className="text-(--ink)">
          There is no page at{' '}
          <code className="break-all rounded bg-(--surface-strong) px-1.5 py-0.5">{pathname}</code>.
        </p>
        <Link to="/" className="font-semibold text-(--accent) underline hover:text-(--accent-strong)">
          Go to your dashboard
        </Link>
      </GlassPanel>
    </>
  );
}
