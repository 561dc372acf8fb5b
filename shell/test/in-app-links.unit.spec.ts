import { describe, expect, it } from 'vitest';
import { inAppDestination, type ClickedLink, type LinkClick } from '../src/layout/in-app-links';

const here = new URL('https://platz.example/admin?reservierung=1');
const plainClick: LinkClick = {
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
};
const link = (href: string, more: Partial<ClickedLink> = {}): ClickedLink => ({
  href: new URL(href, here).href,
  target: '',
  download: false,
  ...more,
});

describe('following a remote’s plain link inside the app', () => {
  it('follows a plain click on a link to one of our pages, with its query', () => {
    expect(inAppDestination(plainClick, link('/reservations'), here)).toBe('/reservations');
    expect(inAppDestination(plainClick, link('/admin/stand?tag=2026-11-24'), here)).toBe(
      '/admin/stand?tag=2026-11-24',
    );
    expect(inAppDestination(plainClick, link('?reservierung=2'), here)).toBe('/admin?reservierung=2');
  });

  it('leaves new tabs and windows, downloads and other buttons to the browser', () => {
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) {
      expect(inAppDestination({ ...plainClick, [key]: true }, link('/players'), here)).toBeNull();
    }
    expect(inAppDestination({ ...plainClick, button: 1 }, link('/players'), here)).toBeNull();
    expect(inAppDestination(plainClick, link('/players', { target: '_blank' }), here)).toBeNull();
    expect(inAppDestination(plainClick, link('/players', { target: '_self' }), here)).toBe('/players');
    expect(inAppDestination(plainClick, link('/kalender.ics', { download: true }), here)).toBeNull();
  });

  it('leaves other sites, jumps within the page and clicks handled already alone', () => {
    expect(inAppDestination(plainClick, link('https://example.org/'), here)).toBeNull();
    expect(inAppDestination(plainClick, link('#main'), here)).toBeNull();
    expect(inAppDestination({ ...plainClick, defaultPrevented: true }, link('/players'), here)).toBeNull();
    expect(inAppDestination(plainClick, null, here)).toBeNull();
  });
});
