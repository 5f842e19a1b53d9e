import type { ReactNode } from 'react';

/** One labelled fact in a details list. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-gray-900">{children}</dd>
    </div>
  );
}
