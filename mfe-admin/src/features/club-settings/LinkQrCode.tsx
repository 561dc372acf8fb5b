/**
 * The clubhouse screen's link as a QR code, so the device in the clubhouse opens it by its camera
 * instead of someone typing 80 characters on a TV remote. Its own chunk with the QR library
 * (ClubhouseScreen loads it lazily): the admin area's other screens never carry it. Drawn as SVG
 * paths from the code's modules, so the page's CSP needs no data: images.
 */
import { useMemo } from 'react';
import qrcode from 'qrcode-generator';
import { displayTexts } from '@platzbuchung/domain/display/texts';

/** The quiet zone the QR standard asks for around the code, in modules. */
const QUIET_ZONE = 4;

/** One path of the dark modules, each a 1×1 square, in module units. */
export function qrPath(text: string): { size: number; path: string } {
  // Type 0: the smallest version that holds the text; level M survives a smudged screen.
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  const squares: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (code.isDark(row, col)) squares.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: count + 2 * QUIET_ZONE, path: squares.join('') };
}

export default function LinkQrCode({ url }: { url: string }) {
  const { size, path } = useMemo(() => qrPath(url), [url]);
  return (
    <figure className="display-link__qr">
      <svg
        className="display-link__qr-code"
        viewBox={`0 0 ${size} ${size}`}
        role="img"
        aria-label={displayTexts.qrTitle}
        shapeRendering="crispEdges"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <figcaption className="display-link__qr-hint">{displayTexts.qrHint}</figcaption>
    </figure>
  );
}
