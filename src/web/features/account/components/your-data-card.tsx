import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '#web/lib/use-auth.ts';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/** Settings' "Your data" card (issue 19): the member's data is theirs, to take away or to delete. */
export function YourDataCard() {
  const { user } = useAuth();
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;
  return (
    <GlassPanel aria-labelledby="your-data-heading" className="flex flex-col gap-4">
      <h2 id="your-data-heading" className="flex items-center gap-2 text-xl font-bold text-(--ink)">
        <ShieldCheck aria-hidden="true" className="size-5 text-(--accent)" />
        Your data
      </h2>
      <p className="text-sm text-(--ink-muted)">
        Deleting your account removes everything of yours from Lumara.
      </p>
      <Button variant="secondary" className="self-start" onClick={() => setDeleting(true)}>
        Delete my account
      </Button>
      {deleting ? <DeleteAccountDialog email={user.email} onClose={() => setDeleting(false)} /> : null}
    </GlassPanel>
  );
}
