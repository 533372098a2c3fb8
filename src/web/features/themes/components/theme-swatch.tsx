import { cn } from '#web/ui/cn.ts';
import { insetBoxClass } from '#web/ui/field-classes.ts';

/** A theme's colours as a small gradient tile; decoration beside the theme's name. */
export function ThemeSwatch({ swatch, className = 'size-10' }: { swatch: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(className, insetBoxClass, 'shrink-0 shadow-sm')}
      style={{ backgroundImage: swatch }}
    />
  );
}
