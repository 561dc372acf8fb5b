/** Above the log: its title (or one reservation's), and the button that asks for newer events. */
import { guestsTexts } from '@platzbuchung/domain/exports/texts';
import { withQuery } from '@platzbuchung/ui/search-params';
import { clubQuery } from '../../shared/admin-api';
import { adminPaths } from '../../shared/paths';
import { searchFromFilter, type LogFilter } from './log';

const addedText = (count: number) =>
  count === 1 ? '1 neues Ereignis oben eingefügt.' : `${count} neue Ereignisse oben eingefügt.`;

/** Asks for events newer than the top of the list, and says how many came. */
export function LogToolbar(props: {
  added: number | null;
  refreshing: boolean;
  disabled: boolean;
  onRefresh: () => void;
}) {
  const { added } = props;
  return (
    <div className="log-toolbar">
      <button type="button" className="button" onClick={props.onRefresh} disabled={props.disabled}>
        {props.refreshing && <span className="spinner" aria-hidden="true" />}
        Neue Ereignisse anzeigen
      </button>
      <p className="log-toolbar__status" role="status">
        {added === null ? '' : added === 0 ? 'Keine neuen Ereignisse.' : addedText(added)}
      </p>
    </div>
  );
}

/** The whole log, or one reservation's history with the way back. */
export function LogHeading({ filter, clubId }: { filter: LogFilter; clubId: string }) {
  if (!filter.reservationId)
    return (
      <>
        <h2>Ereignisprotokoll</h2>
        <p className="admin-part__intro">
          Wer hat wann welchen Platz reserviert oder eine Reservierung storniert, und wer hat Einstellungen
          oder Rollen geändert.
        </p>
        <p className="admin-part__intro">
          {/* The whole log, one event a line, with the club's positions (docs/architecture/exports.md). */}
          <a href={`/api/admin/events/export?${clubQuery(clubId)}`} download>
            {guestsTexts.logDownload}
          </a>
        </p>
      </>
    );
  return (
    <>
      <h2>Verlauf einer Reservierung</h2>
      <p className="admin-part__intro">
        <a
          className="back-link"
          href={withQuery(adminPaths.log, searchFromFilter({ ...filter, reservationId: '' }))}
        >
          <span aria-hidden="true">←</span> Zurück zum ganzen Protokoll
        </a>
      </p>
    </>
  );
}
