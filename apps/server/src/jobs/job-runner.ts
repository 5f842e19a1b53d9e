import { hostname } from 'node:os';
import type { Queryable } from '../db/database.ts';
import { type ClaimedJob, createJobQueue, enqueueTick } from './job-queue.ts';

/** Thrown by a handler for a failure no retry can mend: the job is dead at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** What a handler is given with its job. */
export interface JobContext {
  /** Aborted when the runner stops, or when the job's lease was lost to another instance. */
  signal: AbortSignal;
}

/** How the jobs of one kind are run. */
export interface JobHandler {
  kind: string;
  /** Throws to fail the attempt (a `PermanentJobError` for good); resolves when done. */
  run(job: ClaimedJob, context: JobContext): Promise<void>;
  /** The wait before the next attempt after `attempts` failed ones. */
  retryDelayMs(attempts: number): number;
  /** Jobs of this kind one instance runs at once (1 by default). */
  concurrency?: number;
  /** Why an attempt failed, for the job's row (and admins): short, without personal data. */
  describeFailure?(error: unknown): string;
}

/** A job of `kind` added every `everyMs` (by the database's clock), once for all instances. */
export interface PeriodicTask {
  kind: string;
  everyMs: number;
}

export interface JobRunnerOptions {
  database: Queryable;
  handlers: readonly JobHandler[];
  periodic?: readonly PeriodicTask[];
  /** How often the queue is read when nothing wakes the runner. */
  pollMs?: number;
  /** How long a claim holds a job; a running job's lease is renewed every third of it. */
  leaseMs?: number;
  /** Finished jobs are kept this long for admins to read, then deleted. */
  keepDays?: number;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

/** Finished jobs are kept this long (admins read why a job died), then deleted. */
export const JOBS_KEEP_DAYS = 7;
const TIDY_EVERY_MS = 60 * 60_000;
const BURY_EVERY_MS = 30_000;

/** Doubling waits: `first`, twice that, … at most `longest`. */
export function doublingDelay(first: number, longest: number) {
  return (attempts: number) => Math.min(longest, first * 2 ** Math.max(0, attempts - 1));
}

function defaultFailure(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'failed';
}

/**
 * Runs the jobs of `handlers` from the queue on this instance: every `pollMs` (or at once when
 * woken) it looks for due kinds, claims as many jobs of each as it has free places, renews the
 * lease of each running job, and marks it done, or failed with a retry after the handler's wait
 * (dead past its attempts). It also adds the periodic tasks' ticks and deletes old finished jobs.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const queue = createJobQueue(options.database);
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const keepDays = options.keepDays ?? JOBS_KEEP_DAYS;
  const instance = `${hostname()}:${process.pid}`;
  const handlers = new Map(options.handlers.map((handler) => [handler.kind, handler]));
  const running = new Map<string, Set<Promise<boolean>>>();
  const stopping = new AbortController();
  const lastTick = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let wokenWhileRunning = false;
  let stopped = true;
  let tidiedAt = 0;
  let buriedAt = 0;

  const freePlaces = (kind: string) =>
    (handlers.get(kind)?.concurrency ?? 1) - (running.get(kind)?.size ?? 0);

  /** Runs one claimed job to its end; true when it was done. */
  async function runJob(job: ClaimedJob): Promise<boolean> {
    const handler = handlers.get(job.kind);
    if (!handler) return false;
    const lost = new AbortController();
    const signal = AbortSignal.any([stopping.signal, lost.signal]);
    const heartbeat = setInterval(() => {
      void queue.renew(job, leaseMs).then(
        (held) => {
          if (!held) lost.abort();
        },
        () => undefined,
      );
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      await handler.run(job, { signal });
      clearInterval(heartbeat);
      await queue.complete(job);
      return true;
    } catch (error) {
      clearInterval(heartbeat);
      // Lost to another instance: its attempt now. Stopped with this instance: given back whole.
      if (lost.signal.aborted) return false;
      if (stopping.signal.aborted) {
        await queue.release(job).catch(() => undefined);
        return false;
      }
      const permanent = error instanceof PermanentJobError;
      const retry = permanent || job.attempts >= job.maxAttempts ? null : handler.retryDelayMs(job.attempts);
      await queue
        .fail(job, (handler.describeFailure ?? defaultFailure)(error), retry)
        .catch((failure) => options.log.warn({ err: failure, jobId: job.id }, 'job failure not recorded'));
      options.log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, dead: retry === null },
        'job failed',
      );
      return false;
    }
  }

  /** Starts `job` beside the others of its kind; the promise settles when it has finished. */
  function start(job: ClaimedJob): Promise<boolean> {
    const set = running.get(job.kind) ?? new Set();
    running.set(job.kind, set);
    const done = runJob(job).finally(() => {
      set.delete(done);
      if (!stopped) schedule(0);
    });
    set.add(done);
    return done;
  }

  async function addTicks(): Promise<void> {
    for (const task of options.periodic ?? []) {
      const period = Math.floor(Date.now() / task.everyMs);
      if (lastTick.get(task.kind) === period) continue;
      await enqueueTick(options.database, task.kind, task.everyMs);
      lastTick.set(task.kind, period);
    }
  }

  async function housekeeping(): Promise<void> {
    if (Date.now() - buriedAt > BURY_EVERY_MS) {
      buriedAt = Date.now();
      const buried = await queue.buryAbandoned();
      if (buried > 0) options.log.warn({ jobs: buried }, 'jobs stopped mid-way with no attempts left: dead');
    }
    if (Date.now() - tidiedAt > TIDY_EVERY_MS) {
      tidiedAt = Date.now();
      await queue.tidy(keepDays);
    }
  }

  /** One round: ticks, housekeeping, then as many due jobs as there are free places, started. */
  async function claimAndStart(): Promise<void> {
    await addTicks();
    await housekeeping();
    const open = [...handlers.keys()].filter((kind) => freePlaces(kind) > 0);
    if (open.length === 0) return;
    for (const kind of await queue.claimableKinds(open)) {
      const jobs = await queue.claim([kind], freePlaces(kind), leaseMs, instance);
      for (const job of jobs) void start(job);
    }
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void loop(), delay);
    timer.unref();
  }

  async function loop(): Promise<void> {
    if (round) {
      wokenWhileRunning = true;
      return;
    }
    wokenWhileRunning = false;
    round = claimAndStart().catch((error) => {
      options.log.warn({ err: error }, 'job queue could not be read');
    });
    await round;
    round = undefined;
    schedule(wokenWhileRunning ? 0 : pollMs);
  }

  return {
    start() {
      stopped = false;
      schedule(0);
    },
    /** Looks for jobs soon: one was just added (call it after the commit). */
    wake() {
      schedule(0);
    },
    /**
     * Runs every due job of `kinds` (all by default) here and now, one at a time, until none is
     * due; returns how many were done (tests, and flushing before a shutdown).
     */
    async runDue(kinds: readonly string[] = [...handlers.keys()]): Promise<number> {
      let done = 0;
      for (;;) {
        const [job] = await queue.claim(kinds, 1, leaseMs, instance);
        if (!job) return done;
        if (await runJob(job)) done += 1;
      }
    },
    /** Stops claiming, aborts running jobs and waits for them to settle. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
      stopping.abort();
      await Promise.all([...running.values()].flatMap((set) => [...set]));
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
