// Records intake could not move into cur/ (claim failures), by id: each stays in new/ and the next
// periodic scans try it again, up to a bound, after which it waits in new/ until the daemon starts again.
import type { Arrival } from '../../inbox/inbox.js';
import type { Logger } from '../../common/logger.js';
import { clip } from '../../common/clip-text.js';

/** Scans at which a record that cannot be claimed is tried before it is left in new/ until the next start. */
const MAX_CLAIM_TRIES = 5;

/** How many times each record in new/ failed to be claimed. */
export class ClaimFailures {
  private readonly tries = new Map<string, number>();

  /** `retrySoon`: asked after each failure, for a scan that tries the record again. */
  constructor(
    private readonly logger: Logger,
    private readonly retrySoon: () => void,
  ) {}

  /** Count one failed claim of `arrival`, ask for a scan soon, and log it (with whether it is given up on). */
  readonly failed = (arrival: Arrival, error: Error): void => {
    const tries = (this.tries.get(arrival.id) ?? 0) + 1;
    this.tries.set(arrival.id, tries);
    this.retrySoon();
    const fields = { id: clip(arrival.id), error: clip(error.message), tries };
    if (tries < MAX_CLAIM_TRIES)
      this.logger.error(fields, 'cannot take a record from the inbox; trying again at the next scan');
    else
      this.logger.error(fields, 'cannot take a record from the inbox; it stays in new/ until the daemon starts again');
  };

  /** The arrivals not given up on; failure counts of records no longer in new/ are dropped. */
  claimable(arrivals: Arrival[]): Arrival[] {
    if (this.tries.size === 0) return arrivals;
    const present = new Set(arrivals.map((arrival) => arrival.id));
    for (const id of this.tries.keys()) if (!present.has(id)) this.tries.delete(id);
    return arrivals.filter((arrival) => (this.tries.get(arrival.id) ?? 0) < MAX_CLAIM_TRIES);
  }
}
