import { useT } from '#web/lib/i18n/use-t.ts';

/** Shown while Lumara has not written her first words yet; announced once, politely. */
export function TypingIndicator() {
  const t = useT();
  return (
    <div role="status" className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-(--surface-strong) text-xl ring-2 ring-white/70"
      >
        🦜
      </span>
      <span className="inline-flex items-center gap-2 rounded-3xl rounded-bl-md bg-(--surface-strong) px-4 py-3 text-sm text-(--ink-muted)">
        {t('chat.typing')}
        <span aria-hidden="true" className="inline-flex gap-1">
          {[0, 150, 300].map((delay) => (
            <span
              key={delay}
              className="size-1.5 animate-bounce rounded-full bg-(--accent)"
              style={{ animationDelay: `${delay}ms` }}
            />
          ))}
        </span>
      </span>
    </div>
  );
}
