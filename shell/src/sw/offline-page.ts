/**
 * The page the service worker answers a navigation with when the network fails: the member's own
 * upcoming bookings as the reservations screens last kept them (docs/architecture/offline.md), or
 * a line saying there is no copy yet. Plain HTML with its styles inline and no script, so it needs
 * nothing the phone cannot reach.
 */
import { offlineTexts } from '@platzbuchung/domain/offline-texts';
import type { OfflineCopy } from '@platzbuchung/ui/offline-copy';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{margin:0;font-family:system-ui,sans-serif;background:#f4f6f1;color:#1b1f1c}
header{background:#1d6a40;color:#fff;padding:16px;text-align:center;font-weight:700;font-size:1.25rem}
main{max-width:36rem;margin:0 auto;padding:16px}
.stand{display:inline-block;padding:4px 12px;border-radius:999px;background:#fdf3d8;color:#5c4300;font-weight:600}
ul{list-style:none;padding:0}
li{background:#fff;border-radius:8px;padding:12px 16px;margin:8px 0;box-shadow:0 1px 3px rgb(0 0 0/8%)}
.when{font-weight:700}.note{color:#55605a}
a{color:#1d6a40;font-weight:700}
`;

function bookingsList(copy: OfflineCopy): string {
  if (copy.bookings.length === 0) return `<p>${escapeHtml(offlineTexts.none)}</p>`;
  const items = copy.bookings.map(
    (b) =>
      `<li><div class="when">${escapeHtml(b.day)}, ${escapeHtml(b.time)}</div><div>${escapeHtml(b.court)}</div>` +
      (b.note ? `<div class="note">${escapeHtml(b.note)}</div>` : '') +
      '</li>',
  );
  return `<ul>${items.join('')}</ul>`;
}

/** The whole page; `copy` null when the screens kept none (never opened, or logged out since). */
export function offlinePage(copy: OfflineCopy | null, productName: string, retryPath: string): string {
  const body = copy
    ? `<p class="stand">${escapeHtml(offlineTexts.readAt(copy.readOn, copy.readAt))}</p>` +
      `<p>${escapeHtml(offlineTexts.explain)}</p>${bookingsList(copy)}`
    : `<p>${escapeHtml(offlineTexts.noCopy)}</p>`;
  return (
    '<!doctype html><html lang="de"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(offlineTexts.title)} – ${escapeHtml(productName)}</title><style>${STYLE}</style></head>` +
    `<body><header>${escapeHtml(productName)}</header><main><h1>${escapeHtml(offlineTexts.title)}</h1>${body}` +
    `<p><a href="${escapeHtml(retryPath)}">${escapeHtml(offlineTexts.retry)}</a></p></main></body></html>`
  );
}
