import type { Queryable } from '../db/database.ts';
import { latestChangeId } from './load-places.ts';

/** What the follower keeps current: an index that knows the change it was built at. */
export interface FollowedIndex {
  readonly lastBuild: { changeId: number } | undefined;
  rebuild(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface ChangeFollowerOptions {
  /** How often the change log is read; a change reaches the map within about this plus a build. */
  intervalMs?: number;
  /** Change-log rows older than this are deleted (every instance has long since read them). */
  retainMs?: number;
  logger?: Logger;
}

/** Reads the change log twice a second: at 2 400 places a change is on every map within ~0.7 s. */
export const FOLLOW_INTERVAL_MS = 500;
const RETAIN_MS = 60 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Keeps a map index in step with the places table through the `place_changes` log, which triggers
 * fill on every insert, update and delete. Each server instance reads the log on its own (the same
 * query on PostgreSQL and PGlite), so a change made through any instance reaches every instance's
 * map; a burst of changes costs at most two rebuilds (see MapIndexService.rebuild).
 */
export class ChangeFollower {
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private lastPurge = 0;
  private failing = false;

  constructor(
    private readonly db: Queryable,
    private readonly index: FollowedIndex,
    private readonly options: ChangeFollowerOptions = {},
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.options.intervalMs ?? FOLLOW_INTERVAL_MS);
    // Following changes never keeps the process alive on its own.
    this.timer.unref();
  }

  /** Rebuilds when the log has a change the index has not seen; resolves when done. */
  check(): Promise<void> {
    this.checking ??= this.checkOnce().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.checking;
  }

  private async checkOnce(): Promise<void> {
    try {
      const latest = await latestChangeId(this.db);
      const built = this.index.lastBuild?.changeId;
      if (built === undefined || latest > built) await this.index.rebuild();
      await this.purgeOldChanges();
      this.failing = false;
    } catch (error) {
      // Logged once per outage (the database may be away): the next tick tries again.
      if (!this.failing) this.options.logger?.warn({ err: error }, 'could not follow place changes');
      this.failing = true;
    }
  }

  private async purgeOldChanges(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    const retainSeconds = (this.options.retainMs ?? RETAIN_MS) / 1000;
    await this.db.query(`DELETE FROM place_changes WHERE changed_at < now() - make_interval(secs => $1)`, [
      retainSeconds,
    ]);
  }
}
