const DAY_MS = 86_400_000;

/** Rows per statement of a retention job; the job repeats batches until one comes back short. */
export const RETENTION_BATCH_SIZE = 1000;

/**
 * Batches per run: a housekeeping job runs in one transaction (it holds the job's advisory lock), so a large backlog is
 * worked off over several runs instead of one transaction that locks it all.
 */
export const RETENTION_MAX_BATCHES = 50;

/** The moment `days` before `now`: what is older goes. */
export const cutoffOf = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Runs `batch` (which removes at most `size` rows and says how many it did) until it comes back short or `maxBatches` ran. */
export async function inBatches(
  batch: (size: number) => Promise<number>,
  size = RETENTION_BATCH_SIZE,
  maxBatches = RETENTION_MAX_BATCHES,
): Promise<number> {
  let total = 0;
  for (let run = 0; run < maxBatches; run += 1) {
    const done = await batch(size);
    total += done;
    if (done < size) break;
  }
  return total;
}
