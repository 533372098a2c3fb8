import { Heart, LayoutGrid, List, type LucideIcon, Search } from 'lucide-react';
import { MEDIA_LIMITS, type MediaFilterType, mediaFilterTypes } from '#shared/media.ts';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { Button, IconButton } from '#web/ui/button.tsx';
import { Field, Input } from '#web/ui/field.tsx';
import { mediaFilterLabels } from '../model/media-labels.ts';
import type { GalleryView } from './media-tile.tsx';

const segmentClass = (active: boolean) =>
  `inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors ${
    active ? 'bg-(--accent) text-(--on-accent) shadow-(--glow)' : 'text-(--ink) hover:bg-(--surface-strong)'
  }`;

const viewChoices: readonly { view: GalleryView; label: MessageKey; icon: LucideIcon }[] = [
  { view: 'grid', label: 'media.filters.gridView', icon: LayoutGrid },
  { view: 'list', label: 'media.filters.listView', icon: List },
];

/**
 * The gallery's controls: search text, the type filter (all, image, video, audio), Favorites, and the
 * grid/list toggle. Each choice is a pressed or unpressed button, so its state is read out with it.
 */
export function GalleryFilters({
  search,
  onSearchChange,
  type,
  onTypeChange,
  favorites,
  onFavoritesChange,
  view,
  onViewChange,
}: {
  search: string;
  onSearchChange: (search: string) => void;
  type: MediaFilterType;
  onTypeChange: (type: MediaFilterType) => void;
  favorites: boolean;
  onFavoritesChange: (favorites: boolean) => void;
  view: GalleryView;
  onViewChange: (view: GalleryView) => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3">
      <Field label={t('media.filters.searchLabel')} hideLabel className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-(--ink-muted)"
        />
        <Input
          type="search"
          value={search}
          maxLength={MEDIA_LIMITS.searchMax}
          placeholder={t('media.filters.searchPlaceholder')}
          onChange={(event) => onSearchChange(event.target.value)}
          // Room for the magnifier (`!`: cn settles no conflicts).
          className="pl-10!"
        />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="glass flex flex-wrap gap-1 rounded-full p-1">
          <legend className="sr-only">{t('media.filters.type')}</legend>
          {mediaFilterTypes.map((choice) => (
            <Button
              variant="bare"
              key={choice}
              aria-pressed={type === choice}
              onClick={() => onTypeChange(choice)}
              className={segmentClass(type === choice)}
            >
              {t(mediaFilterLabels[choice])}
            </Button>
          ))}
        </fieldset>
        <Button
          variant="bare"
          aria-pressed={favorites}
          onClick={() => onFavoritesChange(!favorites)}
          className={`glass ${segmentClass(favorites)}`}
        >
          <Heart aria-hidden="true" className={`size-4 ${favorites ? 'fill-current' : ''}`} />
          {t('media.filters.favorites')}
        </Button>
        <fieldset className="glass ml-auto flex gap-1 rounded-full p-1">
          <legend className="sr-only">{t('media.filters.view')}</legend>
          {viewChoices.map(({ view: choice, label, icon: Icon }) => (
            <IconButton
              key={choice}
              aria-pressed={view === choice}
              label={t(label)}
              title={t(label)}
              onClick={() => onViewChange(choice)}
              className={segmentClass(view === choice)}
            >
              <Icon aria-hidden="true" className="size-4" />
            </IconButton>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
