import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import type { NearTab } from '../../../lib/near-url.ts';

export interface ResultTab {
  value: NearTab;
  label: string;
}

interface ResultTabsProps {
  tabs: readonly ResultTab[];
  current: NearTab;
  onChange(tab: NearTab): void;
  /** Accessible name of the tab list. */
  label: string;
  /** The current tab's panel. */
  children: ReactNode;
}

/** The id of a tab's button and of its panel, for `aria-controls` and `aria-labelledby`. */
const tabId = (value: NearTab) => `near-tab-${value}`;
const panelId = (value: NearTab) => `near-panel-${value}`;

/**
 * The WAI-ARIA tabs pattern: one tab stop for the list, arrow keys (and Home/End) move between
 * tabs and show them at once, Tab goes on into the panel.
 */
export function ResultTabs({ tabs, current, onChange, label, children }: ResultTabsProps) {
  const buttons = useRef(new Map<NearTab, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.value === current);
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = tabs[next[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onChange(target.value);
    buttons.current.get(target.value)?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 border-b border-gray-200"
      >
        {tabs.map((tab) => {
          const selected = tab.value === current;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                if (element) buttons.current.set(tab.value, element);
                else buttons.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={selected ? panelId(tab.value) : undefined}
              tabIndex={selected ? 0 : -1}
              data-testid="near-tab"
              data-tab={tab.value}
              onClick={() => onChange(tab.value)}
              className={`-mb-px flex h-10 flex-1 items-center justify-center border-b-2 px-3 text-sm font-medium whitespace-nowrap sm:flex-none ${
                selected
                  ? 'border-blue-700 text-blue-800'
                  : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)} className="pt-4">
        {children}
      </div>
    </div>
  );
}
