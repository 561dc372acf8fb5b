/**
 * The words of a push message: short, from the notice's facts (docs/architecture/push.md,
 * "Sending"). Only the kinds a device can choose have one.
 */
import type { NoticeFacts } from '../mail/notices';
import { describeSlot } from '../mail/slot';
import type { PushChoiceName } from './schemas';

/** Which switch of a device lets a notice of this kind through, if any. */
export function pushChoiceFor(kind: NoticeFacts['kind']): PushChoiceName | undefined {
  switch (kind) {
    case 'waitlist-freed':
      return 'waitlist_freed';
    case 'co-player-named':
      return 'co_player_named';
    case 'booking-cancelled':
    case 'co-player-cancelled':
      return 'booking_cancelled';
    default:
      return undefined;
  }
}

export interface PushText {
  title: string;
  body: string;
}

/** Title and one line for the kinds a device can choose; undefined for every other kind. */
export function pushText(facts: NoticeFacts): PushText | undefined {
  switch (facts.kind) {
    case 'waitlist-freed': {
      const [first, ...more] = [...facts.slots].sort(
        (a, b) => a.date.localeCompare(b.date) || a.start - b.start,
      );
      if (!first) return undefined;
      const others =
        more.length === 0
          ? ''
          : more.length === 1
            ? ' und 1 weitere Stunde'
            : ` und ${more.length} weitere Stunden`;
      return {
        title: `Warteliste: Platz frei – ${facts.clubName}`,
        body: `Platz frei: ${describeSlot(first)}${others}`,
      };
    }
    case 'co-player-named':
      return { title: `Als Mitspieler eingetragen – ${facts.clubName}`, body: describeSlot(facts.slot) };
    case 'booking-cancelled':
      return {
        title: `Buchung abgesagt – ${facts.clubName}`,
        body: `${describeSlot(facts.slot)}${facts.reason ? ` (${facts.reason})` : ''}`,
      };
    case 'co-player-cancelled':
      return { title: `Buchung mit Ihnen abgesagt – ${facts.clubName}`, body: describeSlot(facts.slot) };
    default:
      return undefined;
  }
}
