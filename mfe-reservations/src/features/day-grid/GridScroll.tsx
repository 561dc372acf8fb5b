/**
 * The grid's scroll box, saying when courts lie beyond its edges: on a phone three of six courts
 * fit, and nothing else would tell a member that the others are there. A shadow marks the edge the
 * grid continues past, and a button on the court names' row names the courts there ("4–6 ›") and scrolls to them.
 */
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { NextIcon, PreviousIcon } from '../../shared/icons';

interface OutOfView {
  left: number[];
  right: number[];
}

const NONE: OutOfView = { left: [], right: [] };

/** "4–6", or "6" for one court: short enough to leave the court names beside it readable. */
function courtsRange(courts: number[]): string {
  const first = courts[0];
  const last = courts.at(-1);
  return first === last ? `${first}` : `${first}–${last}`;
}

/** What the button says to screen readers and as its tooltip: "Zu Platz 4–6 blättern". */
const scrollText = (courts: number[]) => `Zu Platz ${courtsRange(courts)} blättern`;

const sameCourts = (a: OutOfView, b: OutOfView) =>
  a.left.join() === b.left.join() && a.right.join() === b.right.join();

/** The courts whose column the box cuts off, at each side (the hour column covers the left). */
function courtsOutOfView(box: HTMLElement): OutOfView {
  const edges = box.getBoundingClientRect();
  const hourColumn = box.querySelector('.day-grid__corner')?.getBoundingClientRect().width ?? 0;
  const left: number[] = [];
  const right: number[] = [];
  for (const header of box.querySelectorAll<HTMLElement>('th[data-court]')) {
    const column = header.getBoundingClientRect();
    const court = Number(header.dataset.court);
    if (column.left < edges.left + hourColumn - 1) left.push(court);
    else if (column.right > edges.right + 1) right.push(court);
  }
  return { left, right };
}

function useCourtsOutOfView(box: RefObject<HTMLDivElement | null>): OutOfView {
  const [outOfView, setOutOfView] = useState<OutOfView>(NONE);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const now = courtsOutOfView(element);
      setOutOfView((before) => (sameCourts(before, now) ? before : now));
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    const table = element.querySelector('table');
    if (table) resized.observe(table);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      resized.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [box]);
  return outOfView;
}

export function GridScroll({ busy, children }: { busy: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const { left, right } = useCourtsOutOfView(box);
  const scrollAcross = (direction: 1 | -1) => {
    const element = box.current;
    if (!element) return;
    const hourColumn = element.querySelector('.day-grid__corner')?.getBoundingClientRect().width ?? 0;
    element.scrollBy({ left: direction * (element.clientWidth - hourColumn), behavior: 'smooth' });
  };
  return (
    <div
      className="grid-frame"
      data-more-left={left.length > 0 || undefined}
      data-more-right={right.length > 0 || undefined}
    >
      <div ref={box} className="grid-scroll" aria-busy={busy || undefined} tabIndex={-1}>
        {children}
      </div>
      {left.length > 0 && <MoreCourts courts={left} side="left" onClick={() => scrollAcross(-1)} />}
      {right.length > 0 && <MoreCourts courts={right} side="right" onClick={() => scrollAcross(1)} />}
    </div>
  );
}

/** The button at an edge the grid goes on past: "4–6 ›" at the right, "‹ 1–2" at the left. */
function MoreCourts({
  courts,
  side,
  onClick,
}: {
  courts: number[];
  side: 'left' | 'right';
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`grid-more grid-more--${side}`}
      aria-label={scrollText(courts)}
      title={scrollText(courts)}
      onClick={onClick}
    >
      {side === 'left' && <PreviousIcon />}
      {courtsRange(courts)}
      {side === 'right' && <NextIcon />}
    </button>
  );
}
