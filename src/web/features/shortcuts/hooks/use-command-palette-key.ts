import { useEffect, useRef } from 'react';
import { usesCommandKey } from '../model/platform-modifier.ts';

/**
 * Ctrl-K (⌘-K on a Mac) toggles the command palette, even while typing: a shortcut with the platform's modifier
 * is not one a member types by accident, so it stays on when single-key shortcuts are turned off. `onPrepare`
 * runs as the modifier goes down.
 */
export function useCommandPaletteKey(onToggle: () => void, onPrepare?: () => void): void {
  const latest = useRef({ onToggle, onPrepare });
  latest.current = { onToggle, onPrepare };
  useEffect(() => {
    const commandKey = usesCommandKey();
    function onKeyDown(event: KeyboardEvent): void {
      // The modifier going down comes before the K: time to fetch the palette's code, so what is typed next lands.
      if (event.key === (commandKey ? 'Meta' : 'Control')) latest.current.onPrepare?.();
      const modifier = commandKey ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
      if (!modifier || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      latest.current.onToggle();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
