import { CategoryBadge } from './category-badge.tsx';

interface PlaceSublineProps {
  category: { name: string; color: string };
  address: string | null;
  /** The text size and spacing where it is used (the list: `text-sm`; suggestions: `text-xs`). */
  className?: string;
}

/** The line under a place's name in lists: its category badge, then its address when it has one. */
export function PlaceSubline({ category, address, className = 'mt-0.5 text-sm' }: PlaceSublineProps) {
  return (
    <span className={`flex min-w-0 items-center gap-1.5 text-gray-600 ${className}`}>
      <CategoryBadge name={category.name} color={category.color} className="shrink-0" />
      {address && (
        <>
          <span aria-hidden="true">·</span>
          <span className="truncate">{address}</span>
        </>
      )}
    </span>
  );
}
