/** Categories as the tests name them: the default one, and a club's typical four. */
import { DEFAULT_PLAY_RULES } from '../../src/players/play-rules';
import type { MemberCategory } from '../../src/schemas';

/** The one category of a club that never set any: the club's own rules. */
export const DEFAULT_CATEGORY: MemberCategory = DEFAULT_PLAY_RULES.categories[0]!;

export const adults: MemberCategory = { id: 'erwachsene', name: 'Erwachsene', can_book: true };
/** Mo–Fr until 18 Uhr (the weekend as the club); one booking to come at a time. */
export const juniors: MemberCategory = {
  id: 'jugend',
  name: 'Jugend',
  can_book: true,
  windows: [{ days: [1, 2, 3, 4, 5], from_hour: 0, to_hour: 18 }],
  reservations_limit: 1,
};
export const passive: MemberCategory = { id: 'passiv', name: 'Passiv', can_book: false };
export const coaches: MemberCategory = {
  id: 'trainer',
  name: 'Trainer',
  can_book: true,
  reservations_limit: null,
  quota_exempt: true,
};
