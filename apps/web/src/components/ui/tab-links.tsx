import { Link } from 'wouter';

export interface TabLink {
  /** The value the tab stands for (also its `data-tab`). */
  value: string;
  label: string;
  href: string;
}

/**
 * Views of one screen as links (each view has its own address, so it can be shared and the Back
 * button works), the current one marked with `aria-current`. On a phone or a tablet the tabs are
 * chips that wrap onto a second row: every one stays in sight, where a row scrolling sideways
 * would hide the last ones with nothing to say they are there. From 1 024 px they are a row of
 * underlined tabs (the staff screens' nine fit one row there, not at 768 px).
 */
export function TabLinks({
  tabs,
  current,
  label,
}: {
  tabs: readonly TabLink[];
  current: string;
  label: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2 lg:gap-x-1 lg:gap-y-0 lg:border-b lg:border-gray-200">
        {tabs.map((tab) => {
          const active = tab.value === current;
          return (
            <li key={tab.value} className="min-w-0">
              <Link
                href={tab.href}
                data-testid="tab"
                data-tab={tab.value}
                aria-current={active ? 'page' : undefined}
                className={`flex min-h-10 items-center rounded-full border px-3.5 text-sm font-medium lg:-mb-px lg:h-10 lg:rounded-none lg:border-0 lg:border-b-2 lg:px-3 lg:whitespace-nowrap ${
                  active
                    ? 'border-blue-700 bg-blue-50 text-blue-800 lg:bg-transparent'
                    : 'border-gray-300 bg-white text-gray-700 hover:border-gray-400 hover:text-gray-900 lg:border-transparent lg:bg-transparent lg:hover:border-gray-300'
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
