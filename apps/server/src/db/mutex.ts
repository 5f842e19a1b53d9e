/**
 * A first-come, first-served async lock. PGlite is one session: a transaction is a run of queries
 * that nothing else may interleave with, so every use of the session takes this lock.
 */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Runs `fn` once every earlier holder has finished; the lock is released even when `fn` throws. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
