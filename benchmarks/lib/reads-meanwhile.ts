import { type LoadResult, runLoad } from './http-load.ts';

export interface ReadsMeanwhile {
  /** Database reads by one client, one after another, while the work ran. */
  reads: LoadResult;
  /** Health checks every 250 ms meanwhile, and how many did not answer 200. */
  healthChecks: number;
  healthNot200: number;
}

/**
 * Starts one client reading `paths` in a loop and a health check every 250 ms, as a visitor and a
 * supervisor would while something heavy (an import) runs; `stop()` ends both and sums them up.
 */
export function readMeanwhile(origin: string, paths: readonly string[]): { stop(): Promise<ReadsMeanwhile> } {
  let done = false;
  const reads = runLoad(origin, paths, { total: Number.MAX_SAFE_INTEGER, concurrency: 1, until: () => done });
  let healthChecks = 0;
  let healthNot200 = 0;
  const health = (async () => {
    while (!done) {
      const status = await fetch(`${origin}/api/v1/health`).then(
        (response) => response.status,
        () => 0,
      );
      healthChecks += 1;
      if (status !== 200) healthNot200 += 1;
      await new Promise((wait) => setTimeout(wait, 250));
    }
  })();
  return {
    async stop() {
      done = true;
      const [result] = await Promise.all([reads, health]);
      return { reads: result, healthChecks, healthNot200 };
    },
  };
}
