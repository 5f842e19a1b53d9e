/**
 * The token of an `Authorization` header: `undefined` when the header is absent or another
 * scheme's (a proxy's Basic credentials are not ours to judge), else the Bearer value as sent,
 * which may be anything.
 */
export function bearerValue(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer(?:[ \t]+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}
