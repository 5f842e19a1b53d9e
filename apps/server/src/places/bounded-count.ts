import { LIST_COUNT_BOUND } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';

export interface BoundedCount {
  /** The number of matches, exact when below the bound, else the bound itself. */
  total: number;
  /** `true`: at least `total` places match (the count stopped there). */
  totalIsLowerBound: boolean;
}

/**
 * Counts the rows of `fromWhere` (SQL text from `FROM` on, e.g. `FROM places p WHERE …`) up to
 * `bound`: the subquery stops after `bound + 1` rows, so a count reads at most that many matches
 * whatever the data, instead of every one (a common search word matched a fifth of a million
 * places). One more than the bound tells "exactly the bound" from "more".
 */
export async function boundedCount(
  db: Queryable,
  fromWhere: string,
  params: readonly unknown[],
  bound: number = LIST_COUNT_BOUND,
): Promise<BoundedCount> {
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM (SELECT 1 ${fromWhere} LIMIT ${Math.trunc(bound) + 1}) AS matches`,
    params,
  );
  return boundedTotal(rows[0]?.total ?? 0, bound);
}

/** A number of matches as a list says it: itself up to `bound`, else the bound as a lower bound. */
export function boundedTotal(counted: number, bound: number = LIST_COUNT_BOUND): BoundedCount {
  return counted > bound
    ? { total: bound, totalIsLowerBound: true }
    : { total: counted, totalIsLowerBound: false };
}
