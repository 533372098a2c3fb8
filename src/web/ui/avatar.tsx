import { useState } from 'react';

/** Initials of the first and last word, e.g. "Ada Lovelace" → "AL". */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/**
 * Decorative: the name is always shown beside it, so the image has empty alt text. Falls back to initials
 * when there is no picture or it fails to load.
 */
export function Avatar({ name, picture }: { name: string; picture: string | null }) {
  const [failedPicture, setFailedPicture] = useState<string | null>(null);
  if (picture && picture !== failedPicture) {
    return (
      <img
        src={picture}
        alt=""
        // Google's avatar host refuses some requests that carry a referrer.
        referrerPolicy="no-referrer"
        onError={() => setFailedPicture(picture)}
        className="size-10 shrink-0 rounded-full object-cover ring-2 ring-white/70"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="grid size-10 shrink-0 place-items-center rounded-full bg-linear-to-br from-(--accent) to-(--accent-2) text-sm font-bold text-(--on-accent) ring-2 ring-white/70"
    >
      {initialsOf(name)}
    </span>
  );
}
