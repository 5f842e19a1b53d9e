import type { ReactNode } from 'react';

interface BadgeProps {
  /** Its colours: background, text and ring, at WCAG AA contrast on each other. */
  look: string;
  testId?: string;
  children: ReactNode;
}

/** A state in words on a coloured pill (text, not colour alone). */
export function Badge({ look, testId, children }: BadgeProps) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${look}`}
    >
      {children}
    </span>
  );
}
