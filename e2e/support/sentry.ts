/** An envelope item the stand-in Sentry receiver got, parsed, with its raw text. */
export interface SentryItem {
  type: string;
  payload: {
    exception?: { values?: { value?: string }[] };
    request?: { url?: string };
    extra?: Record<string, unknown>;
  };
  raw: string;
}

/** Everything the stand-in Sentry receiver has received so far. */
export async function receivedItems(sentryUrl: string): Promise<SentryItem[]> {
  return (await (await fetch(`${sentryUrl}/items`)).json()) as SentryItem[];
}
