/** Bodies of the check-in calls (docs/check-in.md): a member's PIN, and a tap at the clubhouse screen. */
import { courtNumber, jsonObjectBody } from '../shapes';
import { checkInTexts } from './texts';

/** Four digits: what the clubhouse screen's keypad takes. */
export const PIN_PATTERN = '^[0-9]{4}$';

/** Is `value` a PIN as the schemas take it? For a form that checks before it sends. */
export const isPin = (value: string): boolean => new RegExp(PIN_PATTERN).test(value);

const pin = { type: 'string', pattern: PIN_PATTERN, errorMessage: checkInTexts.pinInvalid } as const;

/** PUT /api/account/pin */
export const checkInPinSchema = {
  $id: 'checkInPin',
  ...jsonObjectBody,
  properties: { pin },
  required: ['pin'],
} as const;

/** POST /api/display/:secret/check-in */
export const screenCheckInSchema = {
  $id: 'screenCheckIn',
  ...jsonObjectBody,
  properties: { court_num: courtNumber, pin },
  required: ['court_num', 'pin'],
} as const;

export interface CheckInPinBody {
  pin: string;
}

export interface ScreenCheckInBody {
  court_num: string;
  pin: string;
}
