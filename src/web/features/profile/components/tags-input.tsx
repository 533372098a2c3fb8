import { X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { PROFILE_LIMITS } from '#shared/profile.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { IconButton } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/field.tsx';
import { addTag, removeTag } from '../model/tags.ts';

/**
 * Tags: typed and added with Enter (trimmed; empty and repeated ones ignored), each removable.
 * Enter never submits the form around it.
 */
export function TagsInput({
  tags,
  onChange,
}: {
  tags: readonly string[];
  onChange: (tags: readonly string[]) => void;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const full = tags.length >= PROFILE_LIMITS.tagsMax;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const next = addTag(tags, typed);
    if (next !== tags) onChange(next);
    setTyped('');
  }

  return (
    <div className="flex flex-col gap-1.5">
      <TextField
        label={t('profile.tags.label')}
        hint={full ? t('profile.tags.full', { max: PROFILE_LIMITS.tagsMax }) : t('profile.tags.hint')}
        value={typed}
        maxLength={PROFILE_LIMITS.tagMax}
        disabled={full}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('profile.tags.placeholder')}
      />
      {tags.length > 0 ? (
        <ul aria-label={t('profile.tags.list')} className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border border-(--line) bg-(--surface-strong) py-1 pr-1 pl-3 text-sm font-semibold text-(--ink)"
            >
              {tag}
              <IconButton
                label={t('profile.tags.remove', { tag })}
                onClick={() => onChange(removeTag(tags, tag))}
                className="grid size-8 place-items-center rounded-full hover:bg-(--surface)"
              >
                <X aria-hidden="true" className="size-4" />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
