import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../components/toast/toast-context.ts';
import { copyText } from '../lib/clipboard.ts';

/** Copies text and confirms it (or says it failed) in the status toast. */
export function useCopyToClipboard(): (text: string) => Promise<void> {
  const { t } = useTranslation();
  const showToast = useToast();
  return useCallback(
    async (text: string) => {
      const copied = await copyText(text);
      showToast(copied ? t('actions.copied') : t('actions.copyFailed'));
    },
    [showToast, t],
  );
}
