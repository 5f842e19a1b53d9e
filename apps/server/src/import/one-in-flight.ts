/**
 * Hands work over one piece at a time, so the caller prepares the next piece while the last one
 * runs: an import checks the rows of one batch on this thread while the database writes the
 * previous batch (PostgreSQL's backend or PGlite's worker), using both of the machine's cores.
 * At most one piece is in flight, so the pieces run in order and memory stays bounded.
 */
export interface OneInFlight<T> {
  /** Waits for the piece in flight, then starts `piece` (a failure of the previous one throws here). */
  add(piece: T): Promise<void>;
  /** Waits for the piece in flight to end (a failure throws). */
  finish(): Promise<void>;
  /** Waits for the piece in flight to end, whatever its outcome: before a rollback or a clean-up. */
  settle(): Promise<void>;
}

export function oneInFlight<T>(work: (piece: T) => Promise<void>): OneInFlight<T> {
  let inFlight: Promise<void> | undefined;
  return {
    async add(piece) {
      await inFlight;
      inFlight = work(piece);
      // Awaited by the next add or by finish; until then its rejection is not reported as unhandled.
      inFlight.catch(() => undefined);
    },
    async finish() {
      await inFlight;
    },
    async settle() {
      await inFlight?.catch(() => undefined);
    },
  };
}
