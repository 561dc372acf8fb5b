/**
 * The one way the browser talks to the API: same origin, cookie session, JSON both ways. Every
 * state-changing call sends `Content-Type: application/json` (the API refuses anything else with 415).
 * Failures become an `ApiError` that already knows where its messages belong.
 */
import { INLINE_ANSWERS_ID } from '@platzbuchung/host/contract';
import { CLUB_SEQ_HEADER } from '@platzbuchung/domain/live/changes';
import * as texts from '@platzbuchung/domain/texts';
import type { FieldError } from '@platzbuchung/domain/types';
import { uiTexts } from '../texts';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the server could not be reached at all. */
    readonly status: number,
    /** Schema-style errors from a 4xx body `{error: [...]}`; placed under their fields. */
    readonly fieldErrors: readonly FieldError[],
    /** A text from a body `{error: "text"}`, or our own when the body said nothing usable. */
    readonly formMessage: string | null,
  ) {
    super(formMessage ?? (fieldErrors.map((e) => e.message).join(' ') || `HTTP ${status}`));
  }
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldError).instancePath === 'string' &&
    typeof (value as FieldError).message === 'string'
  );
}

/** A fallback text by status, for bodies that carry no `error` we can show. */
function statusText(status: number): string {
  if (status === 429) return texts.tooManyRequests;
  if (status === 401) return texts.notLoggedIn;
  if (status === 403) return texts.forbidden;
  if (status === 404) return texts.apiNotFound;
  if (status === 415) return texts.unsupportedMediaType;
  return texts.internalError;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page, an empty body): the status alone has to speak.
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (Array.isArray(error) && error.every(isFieldError)) return new ApiError(response.status, error, null);
  if (typeof error === 'string' && error.trim()) return new ApiError(response.status, [], error);
  return new ApiError(response.status, [], statusText(response.status));
}

/** A successful response, or the ApiError that says why there is none. */
async function respond(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch {
    throw new ApiError(0, [], uiTexts.networkError);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  const response = await respond(path, init);
  // "Done, nothing to say" (a co-player taking themselves off): no body to read.
  if (response.status === 204) return undefined as T;
  // The response shape is the API's contract (see packages/domain/src/types.ts); it is not re-checked here.
  return (await response.json()) as T;
}

/** The answers the API wrote into the page, read once; each is taken once. */
let inlineAnswers: Map<string, unknown> | undefined;

function readInlineAnswers(): Map<string, unknown> {
  const text =
    typeof document === 'undefined' ? null : document.getElementById(INLINE_ANSWERS_ID)?.textContent;
  try {
    return new Map(Object.entries(text ? (JSON.parse(text) as Record<string, unknown>) : {}));
  } catch {
    return new Map();
  }
}

/**
 * The page's answer to this path, once: a later call (a reload of the list) asks the API, since
 * the page's answer is as old as the page.
 */
function takeInlineAnswer(path: string): { answer: unknown } | null {
  inlineAnswers ??= readInlineAnswers();
  if (!inlineAnswers.has(path)) return null;
  const answer = inlineAnswers.get(path);
  inlineAnswers.delete(path);
  return { answer };
}

export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const inline = takeInlineAnswer(path);
  if (inline) return Promise.resolve(inline.answer as T);
  return request<T>(path, { method: 'GET', signal: signal ?? null });
}

/** A club's list and the club sequence it includes at least (0 when the answer does not say). */
export interface AtClubSeq<T> {
  value: T;
  clubSeq: number;
}

async function fetchAtClubSeq<T>(path: string, signal: AbortSignal | null): Promise<AtClubSeq<T>> {
  const response = await respond(path, { method: 'GET', signal });
  const clubSeq = Number(response.headers.get(CLUB_SEQ_HEADER) ?? 0);
  return { value: (await response.json()) as T, clubSeq: Number.isSafeInteger(clubSeq) ? clubSeq : 0 };
}

/**
 * The club lists the page preloads for its first screen, asked for as that screen's code ran
 * (`askPageLists`), by address; each answer is taken once, by the first call for its address.
 */
let pageLists: Map<string, Promise<AtClubSeq<unknown>>> | undefined;

/** Whether the address is still the one the page was loaded at, so its preloads are this screen's. */
function onPageAddress(): boolean {
  const [navigation] = performance.getEntriesByType('navigation');
  return navigation === undefined || new URL(navigation.name).pathname === window.location.pathname;
}

/**
 * Asks for the lists the page preloads (`<link rel="preload" as="fetch">`, named by the API for
 * the opened screen), once per page, as the first screen's code runs: while the shell still
 * renders, the answers arrive and are parsed, and the screen's machines, which start only after
 * its first paint, find them ready. Nothing after a step to another screen, whose lists the page
 * did not name. The answers are as old as the page, like the page's inline answers: each serves
 * the first call for its address, and a later call (a reload) asks the API.
 */
export function askPageLists(): void {
  if (pageLists || typeof document === 'undefined') return;
  pageLists = new Map();
  if (!onPageAddress()) return;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) continue;
    const path = `${url.pathname}${url.search}`;
    const answer = fetchAtClubSeq(path, null);
    // Whoever takes the answer meets its failure; one nobody takes is no error.
    answer.catch(() => {});
    pageLists.set(path, answer);
  }
}

/** A GET of one of a club's lists, with the `Club-Seq` the API answers it with. */
export function getJsonAtClubSeq<T>(path: string, signal?: AbortSignal): Promise<AtClubSeq<T>> {
  const asked = pageLists?.get(path);
  if (asked) {
    pageLists?.delete(path);
    return asked as Promise<AtClubSeq<T>>;
  }
  return fetchAtClubSeq<T>(path, signal ?? null);
}

function sendJson<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  signal?: AbortSignal,
  headers: Readonly<Record<string, string>> = {},
): Promise<T> {
  return request<T>(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: signal ?? null,
  });
}

export function postJson<T>(path: string, body: unknown = {}, signal?: AbortSignal): Promise<T> {
  return sendJson<T>('POST', path, body, signal);
}

/**
 * A POST that is safe to send again with the same `key` (the API's `Idempotency-Key`): one whose
 * answer was lost while the database failed over is answered as the first was, never done twice.
 */
export function postJsonOnce<T>(path: string, body: unknown, key: string): Promise<T> {
  return sendJson<T>('POST', path, body, undefined, { 'Idempotency-Key': key });
}

/**
 * A new key for a request that must happen once (32 hex digits). Made from `getRandomValues`,
 * which, unlike `randomUUID`, also exists on plain http.
 */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One key per distinct body: the same booking sent again keeps its key, a changed one gets a new key. */
export function keysPerBody(): (body: unknown) => string {
  const keys = new Map<string, string>();
  return (body) => {
    const asked = JSON.stringify(body);
    let key = keys.get(asked);
    if (!key) {
      key = randomKey();
      keys.set(asked, key);
    }
    return key;
  };
}

export function putJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return sendJson<T>('PUT', path, body, signal);
}

/** A DELETE still sends a JSON body (`{}` by default): the API takes state changes only as JSON. */
export function deleteJson<T>(path: string, body: unknown = {}, signal?: AbortSignal): Promise<T> {
  return sendJson<T>('DELETE', path, body, signal);
}

/** A file the API answers for download, and the name its `Content-Disposition` gives it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** `filename="…"` of a `Content-Disposition: attachment` header, or null without one. */
export function attachmentFileName(header: string | null): string | null {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null;
}

/** A GET whose answer is a file to save (the account's data export), not JSON to read. */
export async function getFile(path: string, signal?: AbortSignal): Promise<DownloadedFile> {
  const response = await respond(path, { method: 'GET', signal: signal ?? null });
  return {
    blob: await response.blob(),
    fileName: attachmentFileName(response.headers.get('Content-Disposition')),
  };
}
