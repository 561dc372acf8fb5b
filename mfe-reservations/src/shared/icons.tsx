/** The reservations screens' icons, drawn in the shared icon frame. */
import { Icon } from '@platzbuchung/ui/components/icon';

export const ReloadIcon = () => (
  <Icon>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </Icon>
);

export const PreviousIcon = () => (
  <Icon>
    <path d="m15 5-7 7 7 7" />
  </Icon>
);

export const NextIcon = () => (
  <Icon>
    <path d="m9 5 7 7-7 7" />
  </Icon>
);

export const TrashIcon = () => (
  <Icon>
    <path d="M4 7h16M10 11v6M14 11v6" />
    <path d="M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);

/** Marks the user's own reservations, so they differ from others' by shape, not colour alone. */
export const MineIcon = () => (
  <Icon size={14}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </Icon>
);

/** Two people: the players' link, and someone else's booking the user plays in. */
const twoPeople = (
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5c2 .8 3.5 2.8 3.5 5.5" />
  </>
);

/** Marks someone else's booking the user plays in, by shape, not colour alone. */
export const WithMeIcon = () => <Icon size={14}>{twoPeople}</Icon>;

/** Says a change went through, beside the status line's words. */
export const DoneIcon = () => (
  <Icon>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);

export const RepeatIcon = () => (
  <Icon size={14}>
    <path d="M17 2l4 4-4 4" />
    <path d="M3 11V10a4 4 0 0 1 4-4h14M7 22l-4-4 4-4" />
    <path d="M21 13v1a4 4 0 0 1-4 4H3" />
  </Icon>
);

export const PlayersIcon = () => <Icon size={20}>{twoPeople}</Icon>;

export const EditIcon = () => (
  <Icon>
    <path d="M4 20h4L19 9l-4-4L4 16v4z" />
    <path d="m13.5 6.5 4 4" />
  </Icon>
);

/** Marks a closed court hour by shape (a no-entry sign), so it differs from a booking not by colour alone. */
export const BlockedIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="8" />
    <path d="m6.5 6.5 11 11" />
  </Icon>
);
