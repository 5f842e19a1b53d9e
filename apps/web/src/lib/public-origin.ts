/**
 * The site's public origin for links given away: the deployment's `PUBLIC_URL` when it is set
 * (behind a proxy the page's own origin may be an internal one), else the page's origin. A module
 * of its own: the home page needs it in its first view, and nothing else of the embed's code.
 */
export function publicOrigin(publicUrl: string | null, fallback: string = window.location.origin): string {
  return (publicUrl?.trim() || fallback).replace(/\/+$/, '');
}
