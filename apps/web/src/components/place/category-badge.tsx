/** A category's colour dot and name, as places show it. */
export function CategoryBadge({
  name,
  color,
  className = '',
}: {
  name: string;
  color: string;
  className?: string;
}) {
  return (
    <span className={`inline-flex min-w-0 items-center gap-1.5 ${className}`}>
      <span
        aria-hidden="true"
        className="size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: color }}
      />
      <span className="truncate">{name}</span>
    </span>
  );
}
