import type { ReactNode } from 'react';

/**
 * A link for keyboard users past long stretches (the header, the map's many buttons). It waits
 * just above the viewport and slides in when focused; screen readers always find it.
 */
export function SkipLink({ href, children, testId }: { href: string; children: ReactNode; testId?: string }) {
  return (
    <a
      href={href}
      data-testid={testId}
      className="fixed top-3 left-3 z-[2000] -translate-y-[calc(100%+2rem)] rounded-lg bg-blue-700 px-4 py-2 text-sm font-medium text-white shadow-none transition-transform focus:translate-y-0 focus:shadow-lg motion-reduce:transition-none"
    >
      {children}
    </a>
  );
}
