import { jsonObjectBody } from '../shapes';
import { pushTexts } from './texts';

/**
 * Which notices a device wants as push, one switch each (docs/architecture/push.md, "Choices"):
 * the Warteliste's freed hour, being named as a co-player, a cancelled booking (one's own or one
 * naming one), and a court released, kept for the check-in feature that will send it.
 */
export const pushChoiceNames = [
  'waitlist_freed',
  'co_player_named',
  'booking_cancelled',
  'court_released',
] as const;
export type PushChoiceName = (typeof pushChoiceNames)[number];
export type PushChoices = Record<PushChoiceName, boolean>;

const { type: _object, ...unknownFieldsRefused } = jsonObjectBody;

const ENDPOINT_MAX_LENGTH = 2000;
const BASE64URL = '^[A-Za-z0-9_-]+={0,2}$';

const endpoint = {
  type: 'string',
  minLength: 1,
  maxLength: ENDPOINT_MAX_LENGTH,
  errorMessage: pushTexts.endpointInvalid,
} as const;

const choiceProperties = Object.fromEntries(
  pushChoiceNames.map((name) => [name, { type: 'boolean', errorMessage: pushTexts.choiceInvalid }]),
) as Record<PushChoiceName, { type: 'boolean'; errorMessage: string }>;

/** `POST /api/account/push-subscriptions`: what `PushSubscription.toJSON()` gives, less its expiry. */
export const pushSubscriptionSchema = {
  $id: 'pushSubscription',
  type: 'object',
  properties: {
    endpoint,
    // Browsers add expirationTime (mostly null); it is not kept.
    expirationTime: { type: ['number', 'null'] },
    keys: {
      type: 'object',
      properties: {
        p256dh: { type: 'string', maxLength: 200, pattern: BASE64URL, errorMessage: pushTexts.p256dhInvalid },
        auth: { type: 'string', maxLength: 100, pattern: BASE64URL, errorMessage: pushTexts.authInvalid },
      },
      required: ['p256dh', 'auth'],
      additionalProperties: false,
      errorMessage: { type: pushTexts.keysInvalid },
    },
  },
  required: ['endpoint', 'keys'],
  errorMessage: unknownFieldsRefused.errorMessage,
  additionalProperties: false,
} as const;

export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** `DELETE /api/account/push-subscriptions`: the device's endpoint. */
export const pushEndpointSchema = {
  $id: 'pushEndpoint',
  type: 'object',
  properties: { endpoint },
  required: ['endpoint'],
  errorMessage: unknownFieldsRefused.errorMessage,
  additionalProperties: false,
} as const;

/** `PUT /api/account/push-subscriptions`: the device's endpoint and the switches to change; absent = unchanged. */
export const pushChoicesSchema = {
  $id: 'pushChoices',
  type: 'object',
  properties: { endpoint, ...choiceProperties },
  required: ['endpoint'],
  errorMessage: unknownFieldsRefused.errorMessage,
  additionalProperties: false,
} as const;

export type PushChoicesChange = { endpoint: string } & Partial<PushChoices>;
