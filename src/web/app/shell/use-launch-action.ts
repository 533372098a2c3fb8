import { useEffect } from 'react';
import { runShortcutActionWhenReady } from '#web/lib/shortcut-actions.ts';
import { useOneTimeParam } from '#web/lib/use-id-param.ts';

/**
 * The installed app's "New task" shortcut (the web app manifest, vite.config.ts) opens `/?launch=new-task`: the
 * new-task field, focused, as the `n` key would; then the address is plain again.
 */
export function useLaunchAction(): void {
  const [launch, clear] = useOneTimeParam('launch');
  useEffect(() => {
    if (launch === null) return;
    if (launch === 'new-task') runShortcutActionWhenReady('new-task');
    clear();
  }, [launch, clear]);
}
