import type { ReactNode } from 'react';
import { BrandMark } from '#web/ui/brand-mark.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';

/** The centred card the sign-in pages share. */
export function AuthPageLayout({ children }: { children: ReactNode }) {
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <GlassPanel className="flex w-full max-w-md flex-col gap-6 p-6 sm:p-8">
        <BrandMark />
        {children}
      </GlassPanel>
    </main>
  );
}
