/**
 * What a moderator's check of a place sets: it is there now, and its "Not here" reports are
 * answered. One list for every kind of check (an edit or publication, their own "Still here", a
 * dismissed "does not exist" report), so they cannot drift apart.
 */
const CHECKED: readonly (readonly [column: string, value: string])[] = [
  ['last_confirmed_at', 'now()'],
  ['checked_at', 'now()'],
  ['not_here_count', '0'],
];

/** The SET items of a check. */
export const CHECKED_SQL = CHECKED.map(([column, value]) => `${column} = ${value}`).join(', ');

/** The SET items of a check that applies only where the SQL `condition` holds on the row. */
export function checkedWhenSql(condition: string): string {
  return CHECKED.map(
    ([column, value]) => `${column} = CASE WHEN ${condition} THEN ${value} ELSE ${column} END`,
  ).join(', ');
}
