import { Copy } from 'lucide-react';
import { useId } from 'react';
import type { CreatedToken } from '#shared/tokens.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { Input } from '#web/ui/field.tsx';
import { toast } from '#web/ui/toast.ts';

/**
 * The new token, shown this once (the server keeps only its hash), with Copy and a plain warning; it stays until
 * the member says it is copied, so a stray click elsewhere does not lose it.
 */
export function NewTokenNotice({ token, onDone }: { token: CreatedToken; onDone: () => void }) {
  const t = useT();
  const id = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(token.token);
      toast.success(t('tokens.created.copied'));
    } catch {
      toast.error(t('tokens.created.copyFailed'));
    }
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-2xl bg-(--surface-strong) p-3"
    >
      <h3 id={`${id}-heading`} className="font-bold text-(--ink)">
        {t('tokens.created.heading', { name: token.name })}
      </h3>
      <Alert tone="info">{t('tokens.created.once')}</Alert>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          readOnly
          aria-label={t('tokens.created.label')}
          value={token.token}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 font-mono text-sm"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('tokens.created.copy')}
        </Button>
      </div>
      <Button variant="ghost" className="self-start" onClick={onDone}>
        {t('tokens.created.done')}
      </Button>
    </section>
  );
}
