/**
 * The compressed bytes of one offline pack, appended while it is built and read by any number of
 * answers meanwhile and after: each reader gets every part from the first, waiting for the next
 * while the build goes on, and an error when the build fails (its answer is then cut short).
 */
export class PackBytes {
  private readonly parts: Buffer[] = [];
  private state: 'writing' | 'done' | 'failed' = 'writing';
  private failure: unknown;
  private waiting: (() => void)[] = [];
  /** The bytes so far: the pack's compressed size once `done`. */
  size = 0;

  get done(): boolean {
    return this.state === 'done';
  }

  get failed(): boolean {
    return this.state === 'failed';
  }

  append(part: Buffer): void {
    this.parts.push(part);
    this.size += part.length;
    this.wake();
  }

  finish(): void {
    this.state = 'done';
    this.wake();
  }

  fail(error: unknown): void {
    this.state = 'failed';
    this.failure = error;
    this.wake();
  }

  /** Every part, from the first, as they come; throws the build's error if it fails. */
  async *read(): AsyncGenerator<Buffer> {
    for (let next = 0; ; ) {
      if (next < this.parts.length) {
        yield this.parts[next] as Buffer;
        next += 1;
      } else if (this.state === 'done') {
        return;
      } else if (this.state === 'failed') {
        throw this.failure;
      } else {
        await new Promise<void>((resume) => this.waiting.push(resume));
      }
    }
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume();
  }
}
