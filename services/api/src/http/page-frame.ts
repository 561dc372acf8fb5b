/**
 * The logged-in layout's frame, written into the page's `#root` by the server: the header with the
 * club's name, the page's largest text, paints as soon as the HTML and the shell's style sheet are
 * in, instead of after the shell's scripts have loaded and run (docs/architecture/first-visit.md, "The first
 * visit"). The shell's first render replaces it with the same header (React empties its root
 * before its first commit), so nothing moves. The markup is the one `shell/src/layout/Layout.tsx`
 * renders for a logged-in member; `tests/first-visit.e2e.spec.ts` holds the two to each other.
 */

import { SERVER_RENDERED_ATTRIBUTE } from '@platzbuchung/host/contract';

/** Marks the frame until the shell replaces it, so tests can wait for the shell's own render. */
export const PAGE_FRAME_ATTRIBUTE = 'data-page-frame';

/** Where the shell mounts; index.html has it empty. */
const EMPTY_ROOT = '<div id="root"></div>';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The private layout's header and an empty main column, as the shell's first render shows them. */
export function privateLayoutFrame(clubName: string): string {
  return (
    `<div class="layout layout--private" ${PAGE_FRAME_ATTRIBUTE}><a class="skip-link" href="#main">Zum Inhalt springen</a>` +
    `<header class="app-header app-header--private"><p class="app-header__title">${escapeHtml(clubName)}</p></header>` +
    '<main class="app-main" id="main" tabindex="-1"></main></div>'
  );
}

/** The page's rest (from `</head>` on) with the frame in its root; unchanged without a root to fill. */
export function withFrame(rest: string, frame: string): string {
  return rest.replace(EMPTY_ROOT, `<div id="root">${frame}</div>`);
}

/** What the page says without JavaScript (index.html's `<noscript>`). */
const NOSCRIPT = /<noscript>[^<]*<\/noscript>/;

/**
 * A painted page reads without JavaScript; its forms send through the API's JSON routes, which a
 * plain HTML form cannot call, so they wait for the script (their `method="post"` keeps what was
 * typed out of the address if one is sent anyway).
 */
const FORMS_NEED_JAVASCRIPT =
  'Zum Absenden von Formularen braucht Platzbuchung JavaScript. Bitte aktivieren Sie es in Ihrem Browser.';

/**
 * The page's rest with an anonymous page rendered by React in its root (./painted-pages), marked so
 * the shell hydrates it instead of rendering anew. Without JavaScript the page reads as it is, and
 * its note (index.html's, replaced) says only that sending a form needs JavaScript.
 */
export function withPaintedPage(rest: string, html: string): string {
  const notice = `<noscript><p class="notice notice--info">${FORMS_NEED_JAVASCRIPT}</p></noscript>`;
  // The note above the page, where it is read first; outside the root, which React hydrates.
  return rest
    .replace(NOSCRIPT, '')
    .replace(EMPTY_ROOT, `${notice}<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${html}</div>`);
}
