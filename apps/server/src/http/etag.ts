/**
 * Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for GET: the tags as
 * they are, `W/` aside, in a list), or is `*`.
 */
export function namesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === opaque);
}
