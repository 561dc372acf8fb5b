/**
 * What a list the page may answer inline is (./page-startup lists them): apart from the list, so
 * the lists' own modules name it without importing the list that imports them.
 */
import type { SessionUser } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';

/** One list the page may answer inline: its address for the user's club, and the read its route makes. */
export interface InlineAnswer {
  path: (clubId: string) => string;
  read: (db: Db, user: SessionUser, now: Date) => Promise<unknown>;
}
