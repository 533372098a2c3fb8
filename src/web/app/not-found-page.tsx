import { Link, useLocation } from 'react-router';
import { RichMessage } from '#web/lib/i18n/rich-message.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { PageHeader } from '#web/ui/page-header.tsx';

export function NotFoundPage() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={t('app.notFound.title')} />
      <GlassPanel className="flex flex-col items-start gap-4">
        <p className="text-(--ink)">
          <RichMessage
            id="app.notFound.noPage"
            values={{ path: pathname }}
            parts={[<code key="path" className="break-all rounded bg-(--surface-strong) px-1.5 py-0.5" />]}
          />
        </p>
        <Link to="/" className="font-semibold text-(--accent) underline hover:text-(--accent-strong)">
          {t('app.notFound.goToDashboard')}
        </Link>
      </GlassPanel>
    </>
  );
}
