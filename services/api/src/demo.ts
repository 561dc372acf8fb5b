import type { Club } from '@platzbuchung/domain/types';
import type { PasswordHasher } from './accounts/passwords';
import { insertUser } from './accounts/users-store';
import type { Db } from './db/connect';

import credentials from './demo-credentials.json' with { type: 'json' };

/** Kept in JSON so the start script, which runs before TypeScript is available, prints the same. */
export const DEMO_CLUB_NAME = credentials.clubName;
export const DEMO_PASSWORD = credentials.password;
export const DEMO_ADMIN = credentials.admin;
export const DEMO_PLAYER = credentials.player;

/** A demo club with an admin and a player; running it again changes nothing. */
export async function seedDemo(db: Db, hasher: PasswordHasher): Promise<{ clubId: string }> {
  const password_hash = await hasher.hash(DEMO_PASSWORD);
  return db.transaction(async (trx) => {
    const existing: Pick<Club, '_id'> | undefined = await trx('clubs')
      .where({ name: DEMO_CLUB_NAME })
      .first({ _id: 'id' });
    const clubId =
      existing?._id ??
      (
        await trx('clubs')
          .insert({
            name: DEMO_CLUB_NAME,
            courts_count: 6,
            start_hour: 8,
            end_hour: 21,
            reservations_limit: 3,
          })
          .returning<{ id: string }[]>('id')
      )[0]!.id;
    await insertUser(trx, { ...DEMO_ADMIN, club_id: clubId, password_hash, role: 'admin' });
    await insertUser(trx, { ...DEMO_PLAYER, club_id: clubId, password_hash, role: 'player' });
    return { clubId };
  });
}
