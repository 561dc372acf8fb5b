/** What a block would cancel, before the admin confirms it. */
import { useLayoutEffect, useRef } from 'react';
import { formatDateDe, formatTimeRange } from '@platzbuchung/domain/dates';
import { describeBlock, type CourtNameOf } from '@platzbuchung/domain/events/describe';
import type { AffectedBooking, BlockRequest } from './api';
import { fullName } from '../../shared/names';

interface PreviewProps {
  affected: readonly AffectedBooking[];
  /** What the club calls each court (`courtName`). */
  courts: CourtNameOf;
  request: BlockRequest;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

export function BlockPreview({ affected, courts, request, busy, onConfirm, onBack }: PreviewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  const count = affected.length;

  return (
    <section className="block-preview" aria-labelledby="block-preview-title">
      <h3 id="block-preview-title" ref={heading} tabIndex={-1}>
        Vorschau
      </h3>
      <p className="block-preview__what">{describeBlock(request, courts)}</p>
      <p>
        {count === 0
          ? 'Keine Reservierung ist betroffen.'
          : count === 1
            ? 'Dieser Termin wird storniert:'
            : `Diese ${count} Termine werden storniert:`}
      </p>
      {count > 0 && (
        <ul className="block-preview__list">
          {affected.map((booking) => (
            <li key={`${booking.reservation_id}:${booking.date}`} className="block-preview__item">
              <span className="block-preview__name">
                {booking.holder ? fullName(booking.holder) : 'Unbekanntes Mitglied'}
              </span>
              <span>
                {formatDateDe(booking.date)} · {formatTimeRange(booking.start_time, booking.end_time)} ·{' '}
                {courts(booking.court_num)}
                {booking.label ? ` · „${booking.label}“` : ''}
                {booking.recurring ? ' · wöchentlich' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="block-preview__buttons">
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {count === 0 ? 'Sperren' : 'Sperren und Reservierungen stornieren'}
        </button>
        <button type="button" className="button button--ghost" onClick={onBack} disabled={busy}>
          Zurück
        </button>
      </div>
    </section>
  );
}
