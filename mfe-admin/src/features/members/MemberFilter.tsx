/**
 * How many members the club has, and the tools over the list: the switch between waiting, active,
 * inactive and all members, a search by name or address, the order, and the list as a spreadsheet.
 */
import { clubNow } from '@platzbuchung/domain/club-time';
import { memberTexts } from '@platzbuchung/domain/members/texts';
import type { Member } from '../../shared/members-api';
import { membersCsvHref } from './api';
import { SORT_LABELS, STATUS_ORDER, type MemberFilter as Filter, type MemberSort } from './member-list';

const FILTERS: readonly Filter[] = [...STATUS_ORDER, 'all'];
const filterName = (filter: Filter) => (filter === 'all' ? 'Alle' : memberTexts.statusNames[filter]);

interface MemberFilterProps {
  members: readonly Member[];
  filter: Filter;
  query: string;
  sort: MemberSort;
  clubId: string;
  timeZone: string;
  onSelect: (filter: Filter) => void;
  onSearch: (query: string) => void;
  onSort: (sort: MemberSort) => void;
}

export function MemberFilter({
  members,
  filter,
  query,
  sort,
  clubId,
  timeZone,
  onSelect,
  onSearch,
  onSort,
}: MemberFilterProps) {
  const admins = members.filter((m) => m.role === 'admin' && m.status === 'active').length;
  const year = clubNow(timeZone).date.slice(0, 4);
  return (
    <div className="member-tools">
      <p className="members__count">
        {members.length === 1 ? '1 Mitglied' : `${members.length} Mitglieder`}, davon{' '}
        {admins === 1 ? '1 aktiver Administrator' : `${admins} aktive Administratoren`}
        {' · '}
        <a href={membersCsvHref(clubId, year)} download>
          Alle als Tabelle herunterladen (CSV, gebuchte Stunden {year})
        </a>
      </p>
      <div className="member-filter" role="group" aria-label="Mitglieder nach Status">
        {FILTERS.map((status) => {
          const count = status === 'all' ? members.length : members.filter((m) => m.status === status).length;
          return (
            <button
              key={status}
              type="button"
              className="member-filter__button"
              aria-pressed={filter === status}
              onClick={() => onSelect(status)}
            >
              {filterName(status)} <span className="member-filter__count">({count})</span>
            </button>
          );
        })}
      </div>
      <div className="member-tools__row" role="search">
        <div className="field member-tools__search">
          <label className="field__label" htmlFor="member-search">
            Suchen
          </label>
          <input
            id="member-search"
            type="search"
            className="field__input"
            placeholder="Name oder E-Mail-Adresse"
            autoComplete="off"
            value={query}
            onChange={(event) => onSearch(event.target.value)}
          />
        </div>
        <div className="field member-tools__sort">
          <label className="field__label" htmlFor="member-sort">
            Sortieren nach
          </label>
          <select
            id="member-sort"
            className="field__input"
            value={sort}
            onChange={(event) => onSort(event.target.value as MemberSort)}
          >
            {(Object.keys(SORT_LABELS) as MemberSort[]).map((key) => (
              <option key={key} value={key}>
                {SORT_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

export function emptyText(filter: Filter, query: string): string {
  if (query.trim()) return `Niemand passt zu „${query.trim()}“.`;
  if (filter === 'pending') return 'Niemand wartet auf Freigabe.';
  if (filter === 'inactive') return 'Keine inaktiven Mitglieder.';
  if (filter === 'all') return 'Noch keine Mitglieder.';
  return 'Keine aktiven Mitglieder.';
}
