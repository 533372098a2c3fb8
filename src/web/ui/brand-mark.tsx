import { Sparkles } from 'lucide-react';

export function BrandMark() {
  return (
    <span className="inline-flex items-center gap-2 text-xl font-bold tracking-tight text-(--ink)">
      <span className="grid size-9 place-items-center rounded-2xl bg-linear-to-br from-(--accent) to-(--accent-2) text-(--on-accent) shadow-(--glow)">
        <Sparkles aria-hidden="true" className="size-5" />
      </span>
      Lumara
    </span>
  );
}
