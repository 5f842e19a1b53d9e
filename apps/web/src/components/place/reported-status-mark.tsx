import type { StatusNote } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stillApplies } from './reported-ago.ts';

const TEXT = { closed_now: 'text-red-800', limited: 'text-amber-800' } as const;

/**
 * "Reported closed today" or "Limited today" where a place is listed, under its open state (which
 * stays what the hours say); nothing for a note saying all is as usual, or one that has ended.
 */
export function ReportedStatusMark({
  note,
  className = '',
}: {
  note: StatusNote | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  if (!note || note.effect === 'normal' || !stillApplies(note, now)) return null;
  return (
    <span
      data-testid="reported-status"
      data-effect={note.effect}
      className={`block font-medium ${TEXT[note.effect]} ${className}`}
    >
      {t(`placeNotes.effect.${note.effect}`)}
    </span>
  );
}
