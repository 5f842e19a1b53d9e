/** How often due digests are looked for: a digest goes out within this long of being due. */
export const DIGEST_CHECK_MS = 10 * 60_000;

/**
 * Runs `writeDue` now and then every `everyMs`, one run at a time, until stopped; a failed run is
 * logged and the next one tries again. Digests carry their own idempotency, so several instances
 * may each run this.
 */
export function startDigestSchedule(
  writeDue: () => Promise<unknown>,
  log: { warn(details: object, message: string): void },
  everyMs = DIGEST_CHECK_MS,
) {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = writeDue()
      .catch((error) => log.warn({ err: error }, 'digests could not be written'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, 1_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
