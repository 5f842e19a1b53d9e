import pg from 'pg';

/** What a listener heard of changes committed anywhere, as change-watch.ts reads it. */
export interface HeardChanges {
  readonly heard: number;
  readonly listening: boolean;
}

/** The channel the `place_changes` triggers notify (migration 001). */
export const CHANGES_CHANNEL = 'karta_place_changes';
const RECONNECT_MS = 5000;

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Wakes `onChange` when a transaction that changed places commits on PostgreSQL (LISTEN on one
 * connection of its own), so a change is read at once rather than at the next poll. Only a wake-up:
 * the change log stays the source of truth, and a lost connection is reopened after 5 s while the
 * polling goes on meanwhile. What it heard is counted (`heard`, `listening`) for change-watch.ts.
 */
export class ChangeListener implements HeardChanges {
  /** Notifications heard, and connections made (changes while away were never notified). */
  heard = 0;
  /** Whether LISTEN is in place now: while not, a change elsewhere may go unheard. */
  listening = false;
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private failing = false;

  constructor(
    private readonly url: string,
    private readonly onChange: () => void,
    private readonly logger?: Logger,
  ) {}

  start(): void {
    void this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    this.client = client;
    const lost = (error: Error) => {
      if (this.client !== client) return;
      this.listening = false;
      this.client = undefined;
      client.end().catch(() => undefined);
      if (this.closed) return;
      if (!this.failing) this.logger?.warn({ err: error }, 'not listening for place changes; retrying');
      this.failing = true;
      this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
      this.retry.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('The listening connection ended')));
    client.on('notification', () => {
      this.heard += 1;
      this.onChange();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (this.client !== client) return;
      this.heard += 1;
      this.listening = true;
      this.failing = false;
      // Changes committed while this connection was away were never notified: read them now.
      this.onChange();
    } catch (error) {
      lost(error as Error);
    }
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
