import type { LucideIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export type Tab<Id extends string> = { id: Id; label: string; icon?: LucideIcon };

/** How the tabs fit a narrow screen: onto more rows, or in one row that scrolls sideways. */
export type TabOverflow = 'wrap' | 'scroll';

const tabListClass: Record<TabOverflow, string> = {
  wrap: 'glass flex flex-wrap gap-1 rounded-3xl p-1',
  scroll: 'glass flex gap-1 overflow-x-auto rounded-full p-1',
};

/**
 * An accessible tab list (WAI-ARIA tabs pattern, automatic activation): one tab stop, the arrow keys move
 * between tabs and open them, Home and End jump to the first and last. Every panel stays mounted (hidden
 * when not selected), so work in progress in one tab (a chat, an avatar being generated) survives a look at
 * another. Tab `t` is `${idPrefix}-tab-${t}` and controls `${idPrefix}-panel-${t}`: a page can focus a tab.
 */
export function TabList<Id extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  panel,
  overflow,
}: {
  idPrefix: string;
  label: string;
  tabs: readonly Tab<Id>[];
  selected: Id;
  onSelect: (tab: Id) => void;
  panel: (tab: Id) => ReactNode;
  overflow: TabOverflow;
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
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={tabListClass[overflow]}>
        {tabs.map((tab) => {
          const active = tab.id === selected;
          const Icon = tab.icon;
          return (
            <button
              key={tab.id}
              ref={(button) => {
                if (button) buttons.current.set(tab.id, button);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${idPrefix}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
                active
                  ? 'bg-(--accent) text-(--on-accent) shadow-(--glow)'
                  : 'text-(--ink) hover:bg-(--surface-strong)'
              }`}
            >
              {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${idPrefix}-panel-${tab.id}`}
          aria-labelledby={`${idPrefix}-tab-${tab.id}`}
          hidden={tab.id !== selected}
        >
          {panel(tab.id)}
        </div>
      ))}
    </div>
  );
}
