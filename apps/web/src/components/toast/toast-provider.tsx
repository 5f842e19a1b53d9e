import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ToastContext } from './toast-context.ts';

/** How long a toast stays: long enough to read two words, short enough not to cover the page. */
export const TOAST_DURATION_MS = 2500;

interface ToastMessage {
  id: number;
  text: string;
}

/**
 * Provides `useToast()` and renders the one toast region. The region is always in the page (an
 * empty live region), so screen readers announce each message when it is put in.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  const nextId = useRef(0);

  const show = useCallback((text: string) => {
    nextId.current += 1;
    setMessage({ id: nextId.current, text });
  }, []);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  return (
    <ToastContext value={show}>
      {children}
      <div
        data-testid="toast"
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="pointer-events-none fixed inset-x-0 bottom-6 z-[1100] flex justify-center px-4"
      >
        {message && (
          <p
            key={message.id}
            className="toast-enter rounded-full bg-gray-900 px-4 py-2 text-sm font-medium text-white shadow-lg"
          >
            {message.text}
          </p>
        )}
      </div>
    </ToastContext>
  );
}
