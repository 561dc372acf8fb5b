/** The club stream's events: one stream per club, keyed by the club's id. */
import type { ClubSettings } from '../schemas';

/** An admin saved the club's settings; `before` and `after` are whole, so the log reads on its own. */
export interface ClubSettingsChanged {
  type: 'ClubSettingsChanged';
  club_id: string;
  data: { before: ClubSettings; after: ClubSettings };
}

export type ClubEvent = ClubSettingsChanged;
