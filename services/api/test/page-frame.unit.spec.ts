import { describe, expect, it } from 'vitest';
import { PAGE_FRAME_ATTRIBUTE, privateLayoutFrame, withFrame } from '../src/http/page-frame';

describe("the layout's frame in a member's page", () => {
  it("names the club in the header, its markup written as text, never as the page's own", () => {
    const frame = privateLayoutFrame('TC <Grün> & "Weiß"');
    expect(frame).toContain('<p class="app-header__title">TC &lt;Grün&gt; &amp; &quot;Weiß&quot;</p>');
    expect(frame).not.toContain('<Grün>');
  });

  it('goes into the empty root, marked so the shell replacing it can be told apart', () => {
    const rest = '</head><body><div id="root"></div><noscript>…</noscript></body></html>';
    const page = withFrame(rest, privateLayoutFrame('TC Nord'));
    expect(page).toMatch(new RegExp(`^</head><body><div id="root"><div [^>]*${PAGE_FRAME_ATTRIBUTE}`));
    expect(page).toContain('</main></div></div><noscript>');
  });

  it('leaves a page without an empty root as it is', () => {
    const rest = '</head><body><div id="app"></div></body></html>';
    expect(withFrame(rest, privateLayoutFrame('TC Nord'))).toBe(rest);
  });
});
