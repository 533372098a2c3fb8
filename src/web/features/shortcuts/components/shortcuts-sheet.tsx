import { ModalDialog } from '#web/ui/dialog.tsx';
import { modifierKeyLabel } from '../model/platform-modifier.ts';
import { goToShortcuts, singleKeyShortcuts } from '../model/shortcut-list.ts';

/** The `?` sheet: every shortcut, by what it does, with its keys. */
export function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title="Keyboard shortcuts" onClose={onClose}>
      <p className="text-sm text-(--ink-muted)">
        They wait while you type in a field. You can turn them off in Settings.
      </p>
      <ShortcutGroup
        title="Anywhere"
        rows={[
          { keys: [modifierKeyLabel(), 'K'], together: true, label: 'Open the command palette' },
          ...singleKeyShortcuts.map((shortcut) => ({ keys: [shortcut.key], label: shortcut.label })),
        ]}
      />
      <ShortcutGroup
        title="Go to a page: g, then a letter"
        rows={goToShortcuts.map((shortcut) => ({ keys: ['g', shortcut.key], label: shortcut.label }))}
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
                  {index > 0 ? <span>{row.together ? '+' : 'then'}</span> : null}
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
