import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalDialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  testId?: string;
  /** Focused when the dialog opens; the first focusable element otherwise. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  /** Wider on larger screens (a form with a preview beside it); a form's width otherwise. */
  wide?: boolean;
}

/**
 * A modal dialog: focus moves in and stays in (Tab and Shift+Tab wrap), Escape or the close button
 * or a click on the backdrop closes it, and focus returns to what opened it. Rendered on top of the
 * page under the status toast, so a "Copied" confirmation stays visible and announced.
 */
export function ModalDialog({ title, onClose, children, testId, initialFocus, wide }: ModalDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => [...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    (initialFocus?.current ?? focusables()[0] ?? panel.current)?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const inside = panel.current?.contains(document.activeElement) ?? false;
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
    // Focus that escapes anyway (a click on the page behind, a screen reader's jump) is brought back;
    // not from a hidden helper such as the copy fallback's textarea, which needs it for a moment.
    function onFocusIn(event: FocusEvent) {
      const target = event.target;
      if (!(target instanceof Element) || target.closest('[aria-hidden="true"]')) return;
      if (panel.current && !panel.current.contains(target)) {
        (focusables()[0] ?? panel.current).focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      opener?.focus({ preventScroll: true });
    };
  }, [initialFocus]);

  return createPortal(
    <div className="fixed inset-0 z-[1050] flex items-end justify-center p-0 sm:items-center sm:p-6">
      <div aria-hidden="true" className="absolute inset-0 bg-gray-950/50" onClick={() => onClose()} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        tabIndex={-1}
        className={`relative max-h-[calc(100vh-1rem)] w-full overflow-y-auto rounded-t-2xl bg-white p-5 pb-20 shadow-xl outline-none sm:rounded-2xl sm:p-6 ${wide ? 'sm:max-w-3xl lg:max-w-6xl' : 'sm:max-w-xl'}`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          <button
            type="button"
            data-testid="dialog-close"
            aria-label={t('dialog.close')}
            title={t('dialog.close')}
            className="-mt-1 -mr-1 rounded-lg p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
            onClick={() => onClose()}
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
