import { Keyboard } from 'lucide-react';
import { useState } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useKeyboardShortcutsPreference } from '#web/lib/keyboard-shortcuts-preference.ts';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { SwitchButton } from '#web/ui/switch-button.tsx';
import { ShortcutsSheet } from './shortcuts-sheet.tsx';

/**
 * Settings' Keyboard shortcuts card: single-key shortcuts can be turned off (WCAG 2.1.4: a member who uses speech
 * input, or who types into the page by accident, may need that), and the list is one click away.
 */
export function KeyboardShortcutsCard() {
  const t = useT();
  const [enabled, setEnabled] = useKeyboardShortcutsPreference();
  const [sheetOpen, setSheetOpen] = useState(false);
  return (
    <GlassPanel aria-labelledby="keyboard-shortcuts-heading" className="flex flex-col gap-4">
      <h2 id="keyboard-shortcuts-heading" className="flex items-center gap-2 text-xl font-bold text-(--ink)">
        <Keyboard aria-hidden="true" className="size-5 text-(--accent)" />
        {t('shortcuts.card.heading')}
      </h2>
      <SwitchButton on={enabled} onChange={setEnabled}>
        {t('shortcuts.card.singleKey')}
      </SwitchButton>
      <Button variant="secondary" className="self-start" onClick={() => setSheetOpen(true)}>
        {t('shortcuts.card.showAll')}
      </Button>
      {sheetOpen ? <ShortcutsSheet onClose={() => setSheetOpen(false)} /> : null}
    </GlassPanel>
  );
}
