import type { Queryable } from '../db/database.ts';
import { ChangeListener, type HeardChanges } from './change-listener.ts';
import { purgeChanges } from './change-log.ts';

/** What the follower keeps current: an index that applies the changes since its last read. */
export interface FollowedIndex {
  catchUp(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface ChangeFollowerOptions {
  /** How often the change log is read; a change reaches the map within about this plus its apply. */
  intervalMs?: number;
  /** Change-log rows older than this are deleted (every instance has long since read them). */
  retainMs?: number;
  /** A PostgreSQL URL: LISTEN there, and read the log as soon as a change is notified. */
  listenUrl?: string;
  logger?: Logger;
}

/** Reads the change log twice a second: a change is on the map within ~0.5 s plus its apply. */
export const FOLLOW_INTERVAL_MS = 500;
const RETAIN_MS = 60 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Keeps a map index in step with the places table through the `place_changes` log, which triggers
 * fill on every insert, update and delete. Each server instance reads the log on its own (the same
 * query on PostgreSQL and PGlite), so a change made through any instance reaches every instance's
 * map. The index applies what changed since its last read (MapIndexService.catchUp). On
 * PostgreSQL a NOTIFY from the triggers wakes the follower early; the polling stays.
 */
export class ChangeFollower {
  private timer: NodeJS.Timeout | undefined;
  private listener: ChangeListener | undefined;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
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
    if (this.options.listenUrl) {
      this.listener = new ChangeListener(
        this.options.listenUrl,
        () => void this.check(),
        this.options.logger,
      );
      this.listener.start();
    }
  }

  /**
   * Brings the index up to every change committed before this call; resolves when done. A call
   * while a check runs queues one more after it (the running one may have read the log already).
   */
  check(): Promise<void> {
    this.queued ??= (this.running ?? Promise.resolve()).then(() => {
      this.queued = undefined;
      this.running = this.checkOnce().finally(() => {
        this.running = undefined;
      });
      return this.running;
    });
    return this.queued;
  }

  /** What its listener heard (PostgreSQL with `listenUrl`, once started), for change-watch.ts. */
  get heard(): HeardChanges | undefined {
    return this.listener;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.listener?.stop();
    this.listener = undefined;
    await this.queued;
    await this.running;
  }

  private async checkOnce(): Promise<void> {
    try {
      await this.index.catchUp();
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
    await purgeChanges(this.db, this.options.retainMs ?? RETAIN_MS);
  }
}
