/**
 * Refusals as HTTP answers: a decider's typed refusal becomes its status and German text.
 */
import type { Refusal, RefusalKind } from '@platzbuchung/domain/decider';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import * as texts from '@platzbuchung/domain/texts';
import { HttpError, notFound } from '../http/errors';
import type { CommandResult } from './definition';

const STATUS_OF: Record<RefusalKind, number> = {
  conflict: 409,
  limit: 409,
  past: 400,
  forbidden: 403,
  not_found: 404,
  invalid: 400,
  payment_required: 402,
};

/** A decider's refusal as the HTTP answer: its status and its German text. */
export function refusal(error: Refusal): HttpError {
  return new HttpError(STATUS_OF[error.kind], error.message);
}

/** The stored events of an accepted command; a refusal or a missing club becomes its HTTP answer. */
export function eventsOrThrow(result: CommandResult | undefined): EventEnvelope[] {
  if (!result) throw notFound(texts.clubNotFound);
  if (!result.ok) throw refusal(result.error);
  return result.events;
}
