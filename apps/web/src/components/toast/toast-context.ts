import { createContext, useContext } from 'react';

/** Shows a short message in the page's status toast. */
export type ShowToast = (message: string) => void;

export const ToastContext = createContext<ShowToast | null>(null);

/** The function that shows a toast; needs a `ToastProvider` above. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
