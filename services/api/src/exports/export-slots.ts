/**
 * How many of the event log's exports run at once on this process (docs/security/cost.md, "Exports that
 * wait for their reader"): a few per club, so one club's downloads leave room for the others, and a
 * bound for the process. Counted in memory: the bound is this process's by design.
 */
import { exportTexts } from '@platzbuchung/domain/exports/texts';
import type { EventExportConfig } from '../config';
import { HttpError } from '../http/errors';

/** Refused exports may try again after this long; one minute is when a stalled one has ended. */
const RETRY_AFTER_SECONDS = 60;

export class ExportSlots {
  #running = 0;
  readonly #byClub = new Map<string, number>();

  constructor(private readonly limits: Pick<EventExportConfig, 'perProcess' | 'perClub'>) {}

  /**
   * A slot for one export of `clubId`, or a German refusal: 429 while the club's own exports fill
   * its share, 503 while the process runs as many as it takes. The answer gives the slot back, once.
   */
  take(clubId: string): () => void {
    const retryLater = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
    const ofClub = this.#byClub.get(clubId) ?? 0;
    if (ofClub >= this.limits.perClub) {
      throw new HttpError(429, exportTexts.tooManyEventExports(ofClub), retryLater);
    }
    if (this.#running >= this.limits.perProcess) {
      throw new HttpError(503, exportTexts.eventExportsBusy, retryLater);
    }
    this.#running++;
    this.#byClub.set(clubId, ofClub + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running--;
      const left = (this.#byClub.get(clubId) ?? 1) - 1;
      if (left > 0) this.#byClub.set(clubId, left);
      else this.#byClub.delete(clubId);
    };
  }
}
