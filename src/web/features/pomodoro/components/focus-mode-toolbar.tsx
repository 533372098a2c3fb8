import { LogOut, Maximize2, Minimize2 } from 'lucide-react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';

type FocusModeToolbarProps = {
  fullscreen: boolean;
  fullscreenRefused: boolean;
  onToggleFullscreen: () => void;
  onExit: () => void;
};

/** A fullscreen toggle and an exit control. */
export function FocusModeToolbar({
  fullscreen,
  fullscreenRefused,
  onToggleFullscreen,
  onExit,
}: FocusModeToolbarProps) {
  const t = useT();
  const FullscreenIcon = fullscreen ? Minimize2 : Maximize2;
  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-pressed={fullscreen} onClick={onToggleFullscreen}>
          <FullscreenIcon aria-hidden="true" className="size-5" />
          {t('pomodoro.focusMode.fullScreen')}
        </Button>
        <Button variant="secondary" onClick={onExit}>
          <LogOut aria-hidden="true" className="size-5" />
          {t('pomodoro.focusMode.exit')}
        </Button>
      </div>
      <p role="status" className="text-sm text-(--ink-muted)">
        {fullscreenRefused ? t('pomodoro.focusMode.fullScreenRefused') : ''}
      </p>
    </div>
  );
}
