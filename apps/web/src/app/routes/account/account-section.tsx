import type { ReactNode } from 'react';

interface AccountSectionProps {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  title: string;
  intro?: ReactNode;
  /** Content in a white card (a form); otherwise it brings its own boxes (a list). */
  card?: boolean;
  testId?: string;
  children: ReactNode;
}

/** One section of the account page: its heading, a line of introduction, and what it holds. */
export function AccountSection({ id, title, intro, card = false, testId, children }: AccountSectionProps) {
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-gray-600">{intro}</p>}
      <div className={card ? 'mt-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6' : 'mt-3'}>
        {children}
      </div>
    </section>
  );
}
