import { CloudRain, Coffee, type LucideIcon, TreePine, Volume2, VolumeX } from 'lucide-react';
import { useId } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { useAmbientSound } from '../hooks/use-ambient-sound.ts';
import { type AmbientSoundId, ambientSounds, type StartAmbientSound } from '../model/ambient.ts';

const icons: Record<AmbientSoundId, LucideIcon> = { rain: CloudRain, forest: TreePine, cafe: Coffee };

const toggleClasses =
  'flex min-h-11 items-center justify-center gap-2 rounded-2xl border px-4 py-2 font-semibold transition-colors aria-pressed:border-(--accent) aria-pressed:bg-(--accent) aria-pressed:text-(--on-accent) border-(--line) bg-(--surface-strong) text-(--ink) hover:border-(--accent)';

/** Rain, Forest, Cafe, one at a time; the active one stops on a second click; Mute. */
export function AmbientSoundControls({ startSound }: { startSound?: StartAmbientSound }) {
  const t = useT();
  const headingId = useId();
  const { state, toggleSound, toggleMute } = useAmbientSound(startSound);
  const MuteIcon = state.muted ? VolumeX : Volume2;
  return (
    <GlassPanel aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-(--ink)">
        {t('pomodoro.ambient.heading')}
      </h2>
      <div className="grid grid-cols-3 gap-2">
        {ambientSounds.map((sound) => {
          const Icon = icons[sound.id];
          return (
            <Button
              variant="bare"
              key={sound.id}
              aria-pressed={state.playing === sound.id}
              onClick={() => toggleSound(sound.id)}
              className={`${toggleClasses} flex-col sm:flex-row`}
            >
              <Icon aria-hidden="true" className="size-5" />
              {t(sound.label)}
            </Button>
          );
        })}
      </div>
      <Button variant="bare" aria-pressed={state.muted} onClick={toggleMute} className={toggleClasses}>
        <MuteIcon aria-hidden="true" className="size-5" />
        {t('pomodoro.ambient.mute')}
      </Button>
    </GlassPanel>
  );
}
