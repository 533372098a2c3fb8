import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export type SettingsTab<Id extends string> = { id: Id; label: string };

/**
 * The settings page's tab list (WAI-ARIA tabs pattern, automatic activation): one tab stop, the arrow keys move
 * between tabs and open them, Home and End jump to the first and last. Every panel stays mounted (hidden when not
 * selected), so an avatar being generated keeps its place while the member looks at another tab.
 */
export function SettingsTabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  panel,
}: {
  label: string;
  tabs: readonly SettingsTab<Id>[];
  selected: Id;
  onSelect: (tab: Id) => void;
  panel: (tab: Id) => ReactNode;
}) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = tabs[targets[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    buttons.current.get(target.id)?.focus();
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="glass flex flex-wrap gap-1 rounded-3xl p-1"
      >
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(button) => {
                if (button) buttons.current.set(tab.id, button);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`settings-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`settings-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`min-h-11 shrink-0 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
                active
                  ? 'bg-(--accent) text-(--on-accent) shadow-(--glow)'
                  : 'text-(--ink) hover:bg-(--surface-strong)'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`settings-panel-${tab.id}`}
          aria-labelledby={`settings-tab-${tab.id}`}
          hidden={tab.id !== selected}
        >
          {panel(tab.id)}
        </div>
      ))}
    </div>
  );
}
