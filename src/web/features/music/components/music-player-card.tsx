import { Music } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { RichMessage } from '#web/lib/i18n/rich-message.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Field, Select } from '#web/ui/field.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { useTracks } from '../api/get-tracks.ts';
import { TrackEmbed } from './track-embed.tsx';

/** The dashboard's Music Player card: one track of the member's library at a time. */
export function MusicPlayerCard() {
  const t = useT();
  const id = useId();
  const tracks = useTracks();
  const [selectedId, setSelectedId] = useState<number | null>(null);

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold text-(--ink)">
        <Music aria-hidden="true" className="size-5 text-(--accent)" />
        {t('music.player.heading')}
      </h2>
      <QueryState
        query={tracks}
        what={t('music.tracks.what')}
        isEmpty={(list) => list.length === 0}
        empty={
          <p className="text-(--ink-muted)">
            <RichMessage
              id="music.player.empty"
              parts={[
                <Link
                  key="music"
                  to="/music"
                  className="font-semibold text-(--accent) underline underline-offset-4"
                />,
              ]}
            />
          </p>
        }
      >
        {(list) => {
          const current = list.find((track) => track.id === selectedId) ?? list[0];
          return (
            <>
              <Field label={t('music.player.track')}>
                <Select value={current?.id} onChange={(event) => setSelectedId(Number(event.target.value))}>
                  {list.map((track) => (
                    <option key={track.id} value={track.id}>
                      {track.title}
                    </option>
                  ))}
                </Select>
              </Field>
              {current ? <TrackEmbed key={current.id} track={current} /> : null}
            </>
          );
        }}
      </QueryState>
    </GlassPanel>
  );
}
