import Bowser from 'bowser';

/**
 * A short, language-neutral name for the browser of a User-Agent ("Firefox · Linux"), kept with a
 * session so "Your sessions" can tell them apart; null when the header names no known browser.
 * Only the browser and system are kept, never the full header (versions make people findable).
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, 1000));
  const browser = parsed.browser.name?.trim();
  if (!browser) return null;
  const system = parsed.os.name?.trim();
  return (system ? `${browser} · ${system}` : browser).slice(0, 100);
}
