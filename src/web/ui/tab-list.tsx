import * as Tabs from '@radix-ui/react-tabs';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export type Tab<Id extends string> = { id: Id; label: string; icon?: LucideIcon };

/** How the tabs fit a narrow screen: onto more rows, or in one row that scrolls sideways. */
export type TabOverflow = 'wrap' | 'scroll';

const tabListClass: Record<TabOverflow, string> = {
  wrap: 'glass flex flex-wrap gap-1 rounded-3xl p-1',
  scroll: 'glass flex gap-1 overflow-x-auto rounded-full p-1',
};

/**
 * An accessible tab list on Radix Tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop, the arrow
 * keys move between tabs and open them, Home and End jump to the first and last. Every panel stays mounted
 * (hidden when not selected), so work in progress in one tab (a chat, an avatar being generated) survives a look
 * at another. Tab `t` is `${idPrefix}-tab-${t}` and controls `${idPrefix}-panel-${t}`: a page can focus a tab.
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
  return (
    <Tabs.Root
      value={selected}
      onValueChange={(value) => {
        const tab = tabs.find((candidate) => candidate.id === value);
        if (tab) onSelect(tab.id);
      }}
      className="flex min-w-0 flex-col gap-6"
    >
      <Tabs.List aria-label={label} className={tabListClass[overflow]}>
        {tabs.map((tab) => {
          const active = tab.id === selected;
          const Icon = tab.icon;
          return (
            <Tabs.Trigger
              key={tab.id}
              value={tab.id}
              id={`${idPrefix}-tab-${tab.id}`}
              aria-controls={`${idPrefix}-panel-${tab.id}`}
              // Radix picks a tab stop once focus has been in the list: the selected tab is it from the start.
              tabIndex={active ? 0 : -1}
              className={`inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
                active
                  ? 'bg-(--accent) text-(--on-accent) shadow-(--glow)'
                  : 'text-(--ink) hover:bg-(--surface-strong)'
              }`}
            >
              {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
              {tab.label}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content
          key={tab.id}
          value={tab.id}
          // Mounted while hidden (Radix would unmount it), and not a tab stop of its own, as before.
          forceMount
          hidden={tab.id !== selected}
          tabIndex={undefined}
          id={`${idPrefix}-panel-${tab.id}`}
          aria-labelledby={`${idPrefix}-tab-${tab.id}`}
        >
          {panel(tab.id)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
