import type { Middleware } from 'koa';
import * as texts from '@platzbuchung/domain/texts';
import { badRequest } from './errors';

/** No form is deeper than an object of arrays; anything far deeper is an attack on the stack. */
export const MAX_BODY_DEPTH = 8;

/** PostgreSQL text cannot hold U+0000, so such a value would fail in the database instead of here. */
const NUL = '\u0000';

type Problem = 'depth' | 'nul' | undefined;

/** Walks a parsed JSON value without recursion, so no depth can overflow the stack while checking. */
export function bodyProblem(value: unknown, maxDepth = MAX_BODY_DEPTH): Problem {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length) {
    const { value: current, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return 'nul';
    } else if (current !== null && typeof current === 'object') {
      if (depth >= maxDepth) return 'depth';
      for (const [key, child] of Object.entries(current)) {
        if (key.includes(NUL)) return 'nul';
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * Refuses, before any route sees them, bodies nested deeper than {@link MAX_BODY_DEPTH} and bodies
 * or query strings carrying U+0000 (docs/security/input.md, "Bad input").
 */
export function inputLimits(): Middleware {
  return async (ctx, next) => {
    const problem =
      bodyProblem((ctx.request as { body?: unknown }).body) ??
      (ctx.querystring.includes('%00') ? 'nul' : undefined);
    if (problem === 'depth') throw badRequest(texts.tooDeeplyNested);
    if (problem === 'nul') throw badRequest(texts.controlCharacters);
    await next();
  };
}
