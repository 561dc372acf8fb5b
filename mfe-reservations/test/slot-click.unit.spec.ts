import { describe, expect, it } from 'vitest';
import { blockTexts } from '@platzbuchung/domain/blocks/blocks';
import * as texts from '@platzbuchung/domain/texts';
import { isBlocked, slotClick, type ClickedCell, type Viewer } from '../src/shared/popup/slot-click';

const free: ClickedCell = {
  court: 1,
  hour: 15,
  date: '2026-11-23',
  past: false,
  mine: false,
  reservation: null,
};
const others: ClickedCell = { ...free, reservation: { _id: 'r1', recurring: false } };
const own: ClickedCell = { ...others, mine: true };
const player: Viewer = { isAdmin: false, upcomingCount: 1, limit: 3 };
const admin: Viewer = { isAdmin: true, upcomingCount: 9, limit: 3 };

describe('a click on a grid cell', () => {
  it('opens the make popup for a free future slot', () => {
    expect(slotClick(free, player)).toEqual({
      kind: 'make',
      slot: { court: 1, date: '2026-11-23', hour: 15 },
    });
  });

  it('does nothing for a player on a past slot, their own or anyone’s', () => {
    expect(slotClick({ ...free, past: true }, player)).toEqual({ kind: 'none' });
    expect(slotClick({ ...others, past: true }, player)).toEqual({ kind: 'none' });
    expect(slotClick({ ...own, past: true }, player)).toEqual({ kind: 'none' });
  });

  it('opens the taken slot’s popup (the Warteliste) for a player on someone else’s upcoming reservation', () => {
    expect(slotClick(others, player)).toEqual({
      kind: 'taken',
      slot: { court: 1, date: '2026-11-23', hour: 15 },
    });
  });

  it('lets a player delete their own upcoming reservation', () => {
    expect(slotClick(own, player)).toMatchObject({ kind: 'delete', slot: { reservation_id: 'r1' } });
  });

  it('alerts the limit before any request, with the club’s limit in the text', () => {
    expect(slotClick(free, { ...player, upcomingCount: 3 })).toEqual({
      kind: 'alert',
      message: texts.limitReached(3),
    });
    expect(slotClick(free, { ...player, upcomingCount: 0, limit: undefined })).toEqual({
      kind: 'alert',
      message: texts.limitReached(0),
    });
  });

  it('leaves the limit to the server while the own count is unknown', () => {
    expect(slotClick(free, { ...player, upcomingCount: null })).toMatchObject({ kind: 'make' });
  });

  it('alerts an admin who picks a free past slot; admins have no limit', () => {
    expect(slotClick({ ...free, past: true }, admin)).toEqual({
      kind: 'alert',
      message: texts.pastReservation,
    });
    expect(slotClick(free, admin)).toMatchObject({ kind: 'make' });
  });

  it('lets an admin open any reserved slot to delete it, past ones too', () => {
    expect(slotClick({ ...others, past: true }, admin)).toMatchObject({ kind: 'delete' });
    expect(slotClick({ ...others, reservation: { _id: 'r2', recurring: true } }, admin)).toMatchObject({
      kind: 'delete',
      slot: { reservation_id: 'r2', recurring: true, court: 1, hour: 15 },
    });
  });

  it('never opens a booking in a blocked hour: it explains the block to everyone', () => {
    const blocked = { ...free, block: { reason: 'Frost' } };
    const message = blockTexts.blocked('1', '2026-11-23', 15, 'Frost');
    expect(isBlocked(blocked)).toBe(true);
    expect(slotClick(blocked, player)).toEqual({ kind: 'alert', message });
    expect(slotClick(blocked, admin)).toEqual({ kind: 'alert', message });
    expect(message).toBe('Platz 1 ist am Mo., 23.11.2026 um 15:00 Uhr gesperrt: Frost');
  });

  it('offers a group booking’s court so deletion can ask which courts', () => {
    const grouped = { ...own, reservation: { _id: 'r1', recurring: false, group_id: 'g1' } };
    expect(slotClick(grouped, admin)).toMatchObject({ kind: 'delete', slot: { group_id: 'g1' } });
  });
});
