import { useState } from 'react';
import { initialsOf } from '../model/initials.ts';

const sizes = {
  md: 'size-14 text-lg',
  lg: 'size-24 text-3xl',
} as const;

/**
 * The member's avatar: their picture, or their initials ('L' when there is nothing to take) when
 * there is none or it fails to load. Decorative: the name is always shown beside it.
 */
export function ProfileAvatar({
  name,
  url,
  size = 'md',
}: {
  name: string;
  url: string | null;
  size?: keyof typeof sizes;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url && url !== failedUrl) {
    return (
      <img
        src={url}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(url)}
        className={`${sizes[size]} shrink-0 rounded-full object-cover ring-2 ring-(--line)`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initials"
      className={`${sizes[size]} grid shrink-0 place-items-center rounded-full bg-linear-to-br from-(--accent) to-(--accent-2) font-bold text-(--on-accent) ring-2 ring-(--line)`}
    >
      {initialsOf(name)}
    </span>
  );
}
