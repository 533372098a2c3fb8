import { CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';

type AlertTone = 'error' | 'info';

/** A short message in the page. Errors are announced at once (role alert); notes are not. */
export function Alert({ tone = 'error', children }: { tone?: AlertTone; children: ReactNode }) {
  const Icon = tone === 'error' ? CircleAlert : Info;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'note'}
      className={`flex items-start gap-2 rounded-2xl border px-4 py-3 text-sm ${
        tone === 'error'
          ? 'border-(--danger)/40 bg-(--danger-soft) text-(--danger)'
          : 'border-(--accent)/30 bg-(--surface-strong) text-(--ink)'
      }`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
