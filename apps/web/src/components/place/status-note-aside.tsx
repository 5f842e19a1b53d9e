import type { NoteEffect, StatusNote } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckCircleIcon } from '../ui/icons.tsx';
import { reportedAgo, stillApplies } from './reported-ago.ts';

/** Each effect's look: a border, a tint and an icon beside words that say it (never colour alone). */
const LOOKS: Record<NoteEffect, { box: string; title: string; icon: string }> = {
  closed_now: { box: 'border-red-300 bg-red-50', title: 'text-red-800', icon: 'text-red-700' },
  limited: { box: 'border-amber-300 bg-amber-50', title: 'text-amber-900', icon: 'text-amber-700' },
  normal: { box: 'border-green-300 bg-green-50', title: 'text-green-900', icon: 'text-green-700' },
};

/**
 * What a visitor reported of the place today, where the place is shown: "Reported closed today",
 * then "Ana reported 2 hours ago: no water today". Beside the open state, never instead of it (the
 * hours say what they say). Nothing once the note has ended, even in an answer kept offline.
 * `compact`: the map's info window, in smaller type.
 */
export function StatusNoteAside({
  note,
  compact = false,
  className = '',
}: {
  note: StatusNote | null | undefined;
  compact?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const [now] = useState(() => Date.now());
  if (!note || !stillApplies(note, now)) return null;
  const look = LOOKS[note.effect];
  const ago = reportedAgo(note.createdAt, now, i18n.language, t('placeNotes.justNow'));
  const Icon = note.effect === 'normal' ? CheckCircleIcon : AlertIcon;
  return (
    <aside
      data-testid="status-note"
      data-effect={note.effect}
      aria-label={t('placeNotes.statusLabel')}
      className={`rounded-lg border-l-4 border ${look.box} ${compact ? 'px-2 py-1.5 text-xs' : 'px-3 py-2.5 text-sm'} ${className}`}
    >
      <div className={`flex items-start gap-1.5 font-semibold ${look.title}`}>
        <Icon className={`${compact ? 'size-3.5' : 'size-4'} mt-0.5 shrink-0 ${look.icon}`} />
        <span>{t(`placeNotes.effect.${note.effect}`)}</span>
      </div>
      <div className={`mt-0.5 break-words text-gray-900 ${compact ? 'line-clamp-3' : ''}`}>
        <span className="text-gray-700">
          {note.authorName
            ? t('placeNotes.reportedBy', { name: note.authorName, ago })
            : t('placeNotes.reportedAnonymous', { ago })}
        </span>{' '}
        <span data-testid="status-note-text">{note.text}</span>
      </div>
    </aside>
  );
}
