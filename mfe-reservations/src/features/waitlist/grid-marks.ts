/**
 * The grid's mark on a taken hour the member waits for: words beside the holder (visible, not
 * colour alone) and in the name a screen reader announces. Rows without such an hour keep their
 * identity, so the grid renders only the rows that changed. The mark says that the member waits,
 * set apart from the holder's name ("Sie warten · Haas / Kerber"), so it never reads as the holder.
 */
import { useMemo } from 'react';
import { waitlistTexts } from '@platzbuchung/domain/waitlist/waitlist';
import type { IsoDate } from '@platzbuchung/domain/types';
import type { MarkableCell } from '../../shared/screen-pieces';
import type { WaitlistEntryShown } from './api';
import { entryAt, useWaitlist } from './waitlist-store';

/** What a marked cell shows first: a phone's narrow cell cuts the end of the text off. */
const MARK = 'Sie warten · ';

/** The holder as the grid names them, without this feature's mark. */
export const unmarked = (text: string): string => (text.startsWith(MARK) ? text.slice(MARK.length) : text);

export function withWaitlistMarks<C extends MarkableCell>(
  rows: C[][],
  date: IsoDate,
  entries: readonly WaitlistEntryShown[],
): C[][] {
  if (!entries.some((entry) => entry.date === date)) return rows;
  const marked = (cell: C): C =>
    cell.reservation && !cell.mine && entryAt(entries, date, cell.court, cell.hour)
      ? {
          ...cell,
          text: `${MARK}${cell.text}`,
          accessibleName: `${cell.accessibleName}, ${waitlistTexts.waiting}`,
        }
      : cell;
  return rows.map((row) => {
    const next = row.map(marked);
    return next.some((cell, i) => cell !== row[i]) ? next : row;
  });
}

/** The grid's rows with the member's waitlist marks (registered in ./pieces). */
export function useWaitlistMarks<C extends MarkableCell>(clubId: string, rows: C[][], date: IsoDate): C[][] {
  const waiting = useWaitlist(clubId);
  return useMemo(() => withWaitlistMarks(rows, date, waiting), [rows, date, waiting]);
}
