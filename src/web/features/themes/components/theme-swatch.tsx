/** A theme's colours as a small gradient tile; decoration beside the theme's name. */
export function ThemeSwatch({ swatch, className = 'size-10' }: { swatch: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`${className} shrink-0 rounded-2xl border border-(--line) shadow-sm`}
      style={{ backgroundImage: swatch }}
    />
  );
}
