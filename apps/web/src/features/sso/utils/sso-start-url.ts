/** Where a provider's button goes: the server's start, which comes back to `returnTo` (a path here). */
export function ssoStartUrl(provider: string, returnTo: string): string {
  const query = returnTo === '/' ? '' : `?${new URLSearchParams({ returnTo })}`;
  return `/api/v1/auth/oidc/${encodeURIComponent(provider)}/start${query}`;
}
