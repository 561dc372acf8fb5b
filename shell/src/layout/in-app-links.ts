/**
 * Remotes link with plain `<a href>` (docs/architecture/micro-frontends.md, "The host contract"): the shell
 * follows a click on such a link itself, so moving between screens needs no page load and remotes
 * need no router. Anything a browser user expects to do differently still does: a new tab, a
 * download, another site, a jump within the page.
 */

/** The parts of a click this decision reads; a DOM MouseEvent has them all. */
export interface LinkClick {
  readonly defaultPrevented: boolean;
  readonly button: number;
  readonly metaKey: boolean;
  readonly ctrlKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** The clicked link: its resolved address, its target, and whether it asks for a download. */
export interface ClickedLink {
  readonly href: string;
  readonly target: string;
  readonly download: boolean;
}

/** The path, query and fragment to show in the app for this click, or null to leave it to the browser. */
export function inAppDestination(click: LinkClick, link: ClickedLink | null, here: URL): string | null {
  if (!link || click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if ((link.target && link.target !== '_self') || link.download) return null;
  const to = new URL(link.href, here);
  if (to.origin !== here.origin) return null;
  // A jump to an anchor on the same page (the skip link) is the browser's.
  if (to.pathname === here.pathname && to.search === here.search && to.hash) return null;
  return `${to.pathname}${to.search}${to.hash}`;
}

/** The link a click landed in, read from the DOM. */
export function clickedLink(target: EventTarget | null): ClickedLink | null {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  return { href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download') };
}
