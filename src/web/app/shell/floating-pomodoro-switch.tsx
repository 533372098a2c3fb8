import { useT } from '#web/lib/i18n/use-t.ts';
import { SwitchButton } from '#web/ui/switch-button.tsx';
import { useFloatingPomodoroPreference } from './use-floating-pomodoro-preference.ts';

export function FloatingPomodoroSwitch() {
  const t = useT();
  const [enabled, setEnabled] = useFloatingPomodoroPreference();
  return (
    <SwitchButton on={enabled} onChange={setEnabled}>
      {t('app.floatingTimer')}
    </SwitchButton>
  );
}
