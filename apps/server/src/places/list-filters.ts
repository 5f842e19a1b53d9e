import type { PlaceListQuery } from '@karta/contracts';

/**
 * What is wrong with a combination of list filters that each parsed on their own: `near` needs
 * `radius` (and the other way round), and `near`, `covers` and `origin` each name the point
 * distances are measured from, so only one may be given; `openNow` and `openAt` each name the
 * instant places must be open at. Every reader of the list query (the
 * places list, exports) checks it, answering 400 with these field details.
 */
export function listFilterProblems(
  query: Pick<PlaceListQuery, 'near' | 'radius' | 'covers' | 'origin' | 'openNow' | 'openAt'>,
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (query.near && query.radius === undefined)
    problems.push({ path: 'radius', message: 'Required with near' });
  if (query.radius !== undefined && !query.near)
    problems.push({ path: 'near', message: 'Required with radius' });
  if (query.near && query.covers) problems.push({ path: 'covers', message: 'Not together with near' });
  if (query.origin && (query.near || query.covers)) {
    problems.push({ path: 'origin', message: 'Not together with near or covers, which are the origin' });
  }
  if (query.openNow && query.openAt) problems.push({ path: 'openAt', message: 'Not together with openNow' });
  return problems;
}
