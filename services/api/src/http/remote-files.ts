/**
 * The files a remote's screen needs, read from the manifest (`mf-manifest.json`) of the version
 * being served (and its `host-contract.json`, which the shell then need not ask for), so a page can
 * name them as preloads and the browser fetches them beside the shell's own scripts instead of
 * after them (docs/architecture/first-visit.md). The manifest is asked again once it is older
 * than a short while: after `npm run switch` the next pages name the new version's files, at the
 * cost of one small request per remote and period. The contract is asked for every page.
 */
import type { Logger } from 'pino';
import type { RemoteContractDeclaration } from '@platzbuchung/host/contract';

/** What a screen loads, as absolute URLs: the remote's entry, its chunks and its style sheets. */
export interface ScreenFiles {
  entry: string;
  scripts: string[];
  styles: string[];
  /** The remote's `host-contract.json` beside the manifest, when it declares one. */
  contract: RemoteContractDeclaration | null;
}

interface ManifestAssets {
  js?: { sync?: unknown };
  css?: { sync?: unknown };
}
interface ManifestExpose {
  path?: unknown;
  assets?: ManifestAssets;
}
interface Manifest {
  exposes?: ManifestExpose[];
}

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The files of one exposed module (`./Reservations`) by the manifest, resolved against the entry's
 * folder (remotes are built with `publicPath: 'auto'`: their files sit beside the entry), or null
 * when the manifest does not expose it.
 */
export function screenFilesOf(served: ServedRemote, entryUrl: string, module: string): ScreenFiles | null {
  const exposes = (served.manifest as Manifest | null)?.exposes;
  const expose = Array.isArray(exposes) ? exposes.find((candidate) => candidate.path === module) : undefined;
  if (!expose) return null;
  const resolve = (file: string) => new URL(file, entryUrl).href;
  return {
    entry: entryUrl,
    scripts: stringsOf(expose.assets?.js?.sync).map(resolve),
    styles: stringsOf(expose.assets?.css?.sync).map(resolve),
    contract: contractOf(served.contract),
  };
}

/** What a remote's server answers beside its entry: the manifest and the contract declaration (parsed JSON). */
interface ServedRemote {
  manifest: unknown;
  contract: unknown;
}

/** The declaration's two fields when they have their types; the shell judges the version. */
function contractOf(json: unknown): RemoteContractDeclaration | null {
  const { remote, hostContract } = (json ?? {}) as Partial<Record<keyof RemoteContractDeclaration, unknown>>;
  return typeof remote === 'string' && typeof hostContract === 'number' ? { remote, hostContract } : null;
}

interface KeptManifest {
  askedAt: number;
  manifest: Promise<unknown>;
}

export interface ServedManifestsOptions {
  /** Federation name → the absolute URL of its `remoteEntry.js`. */
  remotes: Record<string, string>;
  /** How long an answer stands before the manifest is asked again. */
  freshForMs: number;
  /** How long a page waits for a manifest; without an answer it names no files. */
  timeoutMs: number;
}

/** The files of a remote's exposed module; the logger is the request's, which says why there are none. */
export type ScreenFilesFor = (
  remote: string,
  module: string,
  logger: Pick<Logger, 'warn'>,
) => Promise<ScreenFiles | null>;

/**
 * Each remote's served manifest, asked at most once per `freshForMs` (the pages meanwhile share
 * the answer), and its contract, asked for every page; a remote that does not answer in time, or answers no manifest,
 * makes the page name none of its files, and the shell loads them as it always did.
 */
export function servedScreenFiles(options: ServedManifestsOptions): ScreenFilesFor {
  const kept = new Map<string, KeptManifest>();
  /** A file beside the entry as parsed JSON, or null when it is missing or unreadable. */
  const jsonBeside = (entryUrl: string, file: string, logger: Pick<Logger, 'warn'>): Promise<unknown> =>
    fetch(new URL(file, entryUrl), { signal: AbortSignal.timeout(options.timeoutMs) })
      .then((response) => (response.ok ? response.json() : null))
      .catch((err: unknown) => {
        logger.warn(
          { err, entryUrl, file },
          "a remote's file could not be read: the page names none of its files",
        );
        return null;
      });
  const manifestOf = (entryUrl: string, logger: Pick<Logger, 'warn'>): Promise<unknown> => {
    const known = kept.get(entryUrl);
    if (known && Date.now() - known.askedAt < options.freshForMs) return known.manifest;
    const manifest = jsonBeside(entryUrl, 'mf-manifest.json', logger);
    kept.set(entryUrl, { askedAt: Date.now(), manifest });
    return manifest;
  };
  /**
   * The manifest may be a moment old (a stale preload costs one wasted fetch), the contract never:
   * the shell runs the remote on the page's word, so right after a `switch` to an incompatible
   * version an older answer would let it run a remote it must fence off. It is asked per page.
   */
  const servedOf = async (entryUrl: string, logger: Pick<Logger, 'warn'>): Promise<ServedRemote> => {
    const [manifest, contract] = await Promise.all([
      manifestOf(entryUrl, logger),
      jsonBeside(entryUrl, 'host-contract.json', logger),
    ]);
    return { manifest, contract };
  };
  return async (remote, module, logger) => {
    const entryUrl = options.remotes[remote];
    if (!entryUrl) return null;
    return screenFilesOf(await servedOf(entryUrl, logger), entryUrl, module);
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Preload links for a screen's files. Module Federation and webpack load them as classic scripts
 * and plain style sheets without a `crossorigin` attribute, so the preloads carry none either: a
 * preload is reused only by a request of the same mode, else the file is fetched twice.
 */
export function screenPreloadLinks(files: ScreenFiles): string {
  const link = (as: 'script' | 'style', href: string) =>
    `<link rel="preload" as="${as}" href="${escapeAttribute(href)}" />`;
  return [
    ...files.styles.map((href) => link('style', href)),
    link('script', files.entry),
    ...files.scripts.map((href) => link('script', href)),
  ].join('');
}

/**
 * The screen's style sheets, applied by the page itself: a page the server rendered shows the
 * screen before any script runs (./painted-pages), so its styles cannot wait for the remote's
 * loader, which later links the same files again and finds them loaded.
 */
export function screenStyleSheets(files: ScreenFiles | null): string {
  return (files?.styles ?? [])
    .map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}" />`)
    .join('');
}

/**
 * Preload links for the API answers a screen asks for as it opens. The screens' API client asks
 * with `credentials: 'same-origin'`, which a preload with a bare `crossorigin` (anonymous) matches:
 * the session's cookie goes along to the page's own origin, and the screen's request takes the
 * preloaded answer. `use-credentials` would not match it, and the list would be asked twice.
 */
export function dataPreloadLinks(paths: readonly string[]): string {
  return paths
    .map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}" />`)
    .join('');
}
