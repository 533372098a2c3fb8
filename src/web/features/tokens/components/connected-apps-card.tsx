import { Plug } from 'lucide-react';
import { useId, useState } from 'react';
import type { CreatedToken } from '#shared/tokens.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { CreateTokenForm } from './create-token-form.tsx';
import { NewTokenNotice } from './new-token-notice.tsx';
import { TokenCallList } from './token-call-list.tsx';
import { TokenList } from './token-list.tsx';

/**
 * Settings' "Connected apps" card: personal access tokens for outside apps and agents. A new token is shown once
 * in place of the form, until the member says it is copied; then the member's tokens with Revoke, and the calls
 * agents made with them.
 */
export function ConnectedAppsCard() {
  const t = useT();
  const id = useId();
  const [created, setCreated] = useState<CreatedToken | null>(null);

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold text-(--ink)">
        <Plug aria-hidden="true" className="size-5 text-(--accent)" />
        {t('tokens.card.heading')}
      </h2>
      <p className="text-sm text-(--ink-muted)">{t('tokens.card.help')}</p>

      {created ? (
        <NewTokenNotice token={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}

      <section aria-labelledby={`${id}-tokens`} className="flex flex-col gap-3">
        <h3 id={`${id}-tokens`} className="font-bold text-(--ink)">
          {t('tokens.list.heading')}
        </h3>
        <TokenList />
      </section>

      <section aria-labelledby={`${id}-calls`} className="flex flex-col gap-3">
        <h3 id={`${id}-calls`} className="font-bold text-(--ink)">
          {t('tokens.calls.heading')}
        </h3>
        <TokenCallList />
      </section>
    </GlassPanel>
  );
}
