/** The footer's icons, drawn in the shared icon frame. Decorative: the link text names them. */
import { Icon } from '@platzbuchung/ui/components/icon';

export const HomeIcon = () => (
  <Icon>
    <path d="M3 11 12 3l9 8" />
    <path d="M5 10v10h5v-6h4v6h5V10" />
  </Icon>
);

export const ListIcon = () => (
  <Icon>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4.5" cy="6" r="1" />
    <circle cx="4.5" cy="12" r="1" />
    <circle cx="4.5" cy="18" r="1" />
  </Icon>
);

export const AccountIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </Icon>
);

export const AdminIcon = () => (
  <Icon>
    <path d="M12 3 4 6v6c0 5 3.4 8.3 8 9 4.6-.7 8-4 8-9V6l-8-3Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

/** A page of text: the club's Platzordnung. */
export const RulesIcon = () => (
  <Icon>
    <path d="M6 3h9l4 4v14H6Z" />
    <path d="M15 3v4h4" />
    <path d="M9 11h7M9 15h7M9 19h4" />
  </Icon>
);
