/**
 * Whether the text reads as a whole http(s) address. Where it leads (a public address, a server
 * that answers) is the server's to say (docs/decisions/032-webhooks.md).
 */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
