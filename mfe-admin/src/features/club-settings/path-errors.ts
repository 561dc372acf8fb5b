/**
 * A settings card's list rows and their errors by JSON path ("/quotas/0/days"), as the cards with a list of rows (the
 * play rules' quotas, the prices) show them under their controls.
 */
import type { FieldError } from '@platzbuchung/domain/types';
import { ApiError } from '@platzbuchung/ui/api/client';
import { uiTexts } from '@platzbuchung/ui/texts';

export type PathErrors = Record<string, string>;

/** Errors without those at `prefix` and below it. */
export const without = (errors: PathErrors, prefix: string): PathErrors =>
  Object.fromEntries(
    Object.entries(errors).filter(([path]) => path !== prefix && !path.startsWith(`${prefix}/`)),
  );

/** Once row `removed` of the list at `/list` is gone, the errors of the rows after it move up one. */
export function shiftedAfterRemoval(errors: PathErrors, list: string, removed: number): PathErrors {
  const row = new RegExp(`^/${list}/(\\d+)(.*)$`);
  const shifted: PathErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = row.exec(path);
    if (!match) shifted[path] = message;
    else if (Number(match[1]) < removed) shifted[path] = message;
    else if (Number(match[1]) > removed) shifted[`/${list}/${Number(match[1]) - 1}${match[2]}`] = message;
  }
  return shifted;
}

/** The first message for each path; `shownAt` names the path a message shows at, if not its own. */
export function errorsByPath(
  errors: readonly FieldError[],
  shownAt: (path: string) => string = (path) => path,
): PathErrors {
  const byPath: PathErrors = {};
  for (const error of errors) byPath[shownAt(error.instancePath || '/')] ??= error.message;
  return byPath;
}

/** A save that failed: the API's messages under their paths and above the form, or the network's. */
export function saveFailure(
  error: unknown,
  shownAt?: (path: string) => string,
): { errors: PathErrors; formError: string | null } {
  if (!(error instanceof ApiError)) return { formError: uiTexts.networkError, errors: {} };
  return { errors: errorsByPath(error.fieldErrors, shownAt), formError: error.formMessage };
}

/** A checkbox list (days, courts) with `item` ticked or not, each item once. */
export const toggled = <T>(list: readonly T[], item: T, checked: boolean): T[] =>
  checked ? [...new Set([...list, item])] : list.filter((x) => x !== item);
