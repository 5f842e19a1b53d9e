import { Link } from 'wouter';

export interface TabLink {
  /** The value the tab stands for (also its `data-tab`). */
  value: string;
  label: string;
  href: string;
}

/**
 * Views of one screen as links (each view has its own address, so it can be shared and the Back
 * button works), the current one marked with `aria-current`. Scrolls sideways on narrow screens.
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
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-gray-200">
        {tabs.map((tab) => {
          const active = tab.value === current;
          return (
            <li key={tab.value}>
              <Link
                href={tab.href}
                data-testid="tab"
                data-tab={tab.value}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap ${
                  active
                    ? 'border-blue-700 text-blue-800'
                    : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
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
