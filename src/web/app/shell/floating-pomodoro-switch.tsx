import { SwitchButton } from '#web/ui/switch-button.tsx';
import { useFloatingPomodoroPreference } from './use-floating-pomodoro-preference.ts';

export function FloatingPomodoroSwitch() {
  const [enabled, setEnabled] = useFloatingPomodoroPreference();
  return (
    <SwitchButton on={enabled} onChange={setEnabled}>
      Floating timer
    </SwitchButton>
  );
}
