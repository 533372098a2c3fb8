import { useT } from '#web/lib/i18n/use-t.ts';
import { ModalDialog } from '#web/ui/dialog.tsx';
import { modifierKeyLabel } from '../model/platform-modifier.ts';
import { goToShortcuts, singleKeyShortcuts } from '../model/shortcut-list.ts';

/** The `?` sheet: every shortcut, by what it does, with its keys. */
export function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <ModalDialog title={t('shortcuts.sheet.title')} onClose={onClose}>
      <p className="text-sm text-(--ink-muted)">{t('shortcuts.sheet.intro')}</p>
      <ShortcutGroup
        title={t('shortcuts.sheet.anywhere')}
        rows={[
          { keys: [modifierKeyLabel(), 'K'], together: true, label: t('shortcuts.sheet.commandPalette') },
          ...singleKeyShortcuts.map((shortcut) => ({ keys: [shortcut.key], label: t(shortcut.label) })),
        ]}
      />
      <ShortcutGroup
        title={t('shortcuts.sheet.goTo')}
        rows={goToShortcuts.map((shortcut) => ({ keys: ['g', shortcut.key], label: t(shortcut.label) }))}
      />
    </ModalDialog>
  );
}

function ShortcutGroup({
  title,
  rows,
}: {
  title: string;
  /** `together`: keys held at once (Ctrl K); else one after the other (g then d). */
  rows: { keys: string[]; label: string; together?: boolean }[];
}) {
  const t = useT();
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-semibold text-(--ink)">{title}</h3>
      <dl className="flex flex-col gap-1.5">
        {rows.map((row) => (
          <div
            key={row.label}
            className="flex items-center justify-between gap-4 rounded-2xl bg-(--surface) px-3 py-2"
          >
            <dt className="text-(--ink)">{row.label}</dt>
            <dd className="flex shrink-0 items-center gap-1.5 text-sm text-(--ink-muted)">
              {row.keys.map((key, index) => (
                <span key={key} className="flex items-center gap-1.5">
                  {index > 0 ? <span>{row.together ? '+' : t('shortcuts.sheet.then')}</span> : null}
                  <kbd className="min-w-7 rounded-lg border border-(--line) bg-(--surface-strong) px-2 py-0.5 text-center font-mono font-semibold text-(--ink)">
                    {key}
                  </kbd>
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
