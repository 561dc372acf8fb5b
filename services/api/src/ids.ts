/**
 * Ids of new streams and of what they hold (reservations, series, blocks, Warteliste entries,
 * guests): UUIDv7, whose first 48 bits are the moment they were made. A random id puts each new
 * booking's keys on a random page of every index keyed by it (the events' stream key, the
 * reservations', the club's numbers'); at national size those pages are mostly outside the
 * database's buffers. Time-ordered ids put them on the few newest pages, which stay in memory
 * (docs/scaling.md, "What one primary and one API process carry"). The time they tell is no secret: the log says it too.
 */
import { v7 } from 'uuid';

export const newId = (): string => v7();
