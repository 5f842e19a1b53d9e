import type { NoteEffect } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/badge.tsx';

/** A status note's badge by its effect (as the status note's aside), a comment's in gray. */
const EFFECT_LOOKS: Record<NoteEffect, string> = {
  closed_now: 'bg-red-100 text-red-900 ring-red-300',
  limited: 'bg-amber-100 text-amber-900 ring-amber-300',
  normal: 'bg-green-100 text-green-900 ring-green-300',
};
const COMMENT_LOOK = 'bg-gray-100 text-gray-800 ring-gray-300';

/** What a note is, in words: "Reported closed today", "Limited today", "As usual today", or "Comment". */
export function NoteKindBadge({ effect }: { effect: NoteEffect | null }) {
  const { t } = useTranslation();
  return effect ? (
    <Badge look={EFFECT_LOOKS[effect]}>{t(`placeNotes.effect.${effect}`)}</Badge>
  ) : (
    <Badge look={COMMENT_LOOK}>{t('placeNotes.commentLabel')}</Badge>
  );
}
