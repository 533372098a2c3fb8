import { Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { ImportArchive } from './import-archive.tsx';

/**
 * Settings' "Your data" card: the member's data is theirs, to take away, to bring in, or to delete.
 * The export is a plain download: the server streams the archive with its size known, so the browser's own
 * download shows its progress and writes it to disk as it comes, however large the gallery.
 */
export function YourDataCard() {
  const t = useT();
  const { user } = useAuth();
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;
  return (
    <GlassPanel aria-labelledby="your-data-heading" className="flex flex-col gap-4">
      <h2 id="your-data-heading" className="flex items-center gap-2 text-xl font-bold text-(--ink)">
        <ShieldCheck aria-hidden="true" className="size-5 text-(--accent)" />
        {t('account.yourData.heading')}
      </h2>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-(--ink-muted)">{t('account.yourData.exportHelp')}</p>
        <a
          href="/api/account/export"
          download
          className="inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-full bg-(--accent) px-5 py-2.5 font-semibold text-(--on-accent) shadow-(--glow) hover:bg-(--accent-strong)"
        >
          <Download aria-hidden="true" className="size-4" />
          {t('account.yourData.download')}
        </a>
      </div>
      <ImportArchive />
      <div className="flex flex-col gap-3 border-t border-(--line) pt-4">
        <p className="text-sm text-(--ink-muted)">{t('account.yourData.deleteHelp')}</p>
        <Button variant="secondary" className="self-start" onClick={() => setDeleting(true)}>
          {t('account.yourData.delete')}
        </Button>
      </div>
      {deleting ? <DeleteAccountDialog email={user.email} onClose={() => setDeleting(false)} /> : null}
    </GlassPanel>
  );
}
