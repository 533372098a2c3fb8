import { Confetti } from '#web/ui/confetti.tsx';
import { COMPLETION_CONFETTI, type TaskActions } from '../hooks/use-task-actions.ts';

/** The confetti after a task is completed: 60 pieces for 4 seconds. */
export function TaskCelebration({
  actions,
}: {
  actions: Pick<TaskActions, 'celebration' | 'endCelebration'>;
}) {
  if (actions.celebration === 0) return null;
  return (
    <Confetti
      key={actions.celebration}
      pieces={COMPLETION_CONFETTI.pieces}
      durationMs={COMPLETION_CONFETTI.durationMs}
      onDone={actions.endCelebration}
    />
  );
}
