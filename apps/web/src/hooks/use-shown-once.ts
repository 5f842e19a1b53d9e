import { useRef, useState } from 'react';

/**
 * What was just made and is shown once in place of the form that made it (a secret), and Done:
 * it goes, and the focus it had goes to the heading over the form (`heading`, focusable with
 * `tabIndex={-1}`).
 */
export function useShownOnce<T>() {
  const [shown, setShown] = useState<T | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const done = () => {
    setShown(null);
    heading.current?.focus();
  };
  return { shown, show: setShown, done, heading };
}
