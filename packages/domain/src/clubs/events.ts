/** The club stream's events: one stream per club, keyed by the club's id. */
import type { RecordedClubSettings } from './local-rules';

/**
 * An admin saved the club's settings; `before` and `after` are whole, so the log reads on its own.
 * Events older than the club-local rules lack those fields (./local-rules, `withLocalRules`).
 */
export interface ClubSettingsChanged {
  type: 'ClubSettingsChanged';
  club_id: string;
  data: { before: RecordedClubSettings; after: RecordedClubSettings };
}

export type ClubEvent = ClubSettingsChanged;
