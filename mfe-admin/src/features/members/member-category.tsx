/**
 * Mitglieder: a member's category and birth year (docs/who-plays.md, "Member categories"), changed
 * in the member's row, and one category for a selection of members at once. Each answers with the
 * member list as it is afterwards, which the members screen takes over.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import * as categoryTexts from '@platzbuchung/domain/categories/texts';
import type { MemberCategory } from '@platzbuchung/domain/schemas';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { getJson, putJson } from '@platzbuchung/ui/api/client';
import { clubQuery, type MessageAnswer } from '../../shared/admin-api';
import type { Member } from '../../shared/members-api';
import { fullName } from '../../shared/names';
import './member-category.css';

const texts = categoryTexts.screen;

type MembersAnswer = MessageAnswer<Member[]>;

/** The club's categories, as members read them beside the Platzordnung. */
export const fetchCategories = (clubId: string, signal: AbortSignal) =>
  getJson<{ categories: MemberCategory[] }>(`/api/club/rules?${clubQuery(clubId)}`, signal).then(
    (answer) => answer.categories,
  );

/** A birth year that is no year goes out as typed, so the API answers it with its German text. */
type BirthYear = number | string | null;

const putCategory = (
  clubId: string,
  memberId: string,
  body: { category_id: string; birth_year: BirthYear },
) =>
  putJson<MembersAnswer>(
    `/api/admin/members/${encodeURIComponent(memberId)}/category?${clubQuery(clubId)}`,
    body,
  );

const putSelection = (clubId: string, userIds: readonly string[], categoryId: string) =>
  putJson<MembersAnswer>(`/api/admin/members/category?${clubQuery(clubId)}`, {
    category_id: categoryId,
    user_ids: userIds,
  });

/** The category's name as the row shows it; an id the club removed shows as the first. */
export const categoryName = (categories: readonly MemberCategory[], id: string) =>
  (categories.find((c) => c.id === id) ?? categories[0])?.name ?? id;

/** A birth year as typed: blank is none, four digits a year, anything else goes to the API as typed. */
const birthYearOf = (text: string): BirthYear => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{4}$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/**
 * The member's category and birth year in a modal `<dialog>`, opened from the row: the browser keeps
 * focus inside it and closes it with Escape; focus starts on the category and returns to the row.
 */
export function MemberCategoryForm(props: {
  clubId: string;
  member: Member;
  categories: readonly MemberCategory[];
  onChanged: (answer: MembersAnswer) => void;
  onClose: () => void;
}) {
  const { clubId, member, categories, onChanged, onClose } = props;
  const ids = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const firstRef = useRef<HTMLSelectElement>(null);
  const [categoryId, setCategoryId] = useState(member.category_id ?? categories[0]?.id ?? '');
  const [birthYear, setBirthYear] = useState(member.birth_year === null ? '' : String(member.birth_year));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = fullName(member);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement;
    dialog?.showModal();
    firstRef.current?.focus();
    return () => {
      dialog?.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="modal-dialog confirm-dialog"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        className="member__category"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          putCategory(clubId, member._id, { category_id: categoryId, birth_year: birthYearOf(birthYear) })
            .then(onChanged)
            .catch((failure: unknown) => {
              setError(failureText(failure));
              setBusy(false);
            });
        }}
      >
        <h3 id={`${ids}-title`} className="confirm-dialog__title">
          {texts.changeFor(name)}
        </h3>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-category`}>
            {texts.column}
          </label>
          <select
            id={`${ids}-category`}
            ref={firstRef}
            className="field__input"
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
          >
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-year`}>
            {texts.birthYear}
          </label>
          <input
            id={`${ids}-year`}
            className="field__input"
            inputMode="numeric"
            value={birthYear}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
            onChange={(event) => setBirthYear(event.target.value)}
          />
          <p className="field__hint" id={`${ids}-hint`}>
            {texts.birthYearHint}
          </p>
        </div>
        {error && (
          <p className="field__error" id={`${ids}-error`} role="alert">
            {error}
          </p>
        )}
        <div className="member__category-buttons">
          <button type="button" className="button" disabled={busy} onClick={onClose}>
            {texts.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {texts.saveMember}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** "Kategorie für Auswahl": the chosen members all go to one category. */
export function SelectionCategory(props: {
  clubId: string;
  selected: readonly string[];
  categories: readonly MemberCategory[];
  onChanged: (answer: MembersAnswer) => void;
}) {
  const { clubId, selected, categories, onChanged } = props;
  const ids = useId();
  const [categoryId, setCategoryId] = useState(categories[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="members__selection"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        putSelection(clubId, selected, categoryId)
          .then(onChanged)
          .catch((failure: unknown) => setError(failureText(failure)))
          .finally(() => setBusy(false));
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-category`}>
          {texts.bulk(selected.length)}
        </label>
        <select
          id={`${ids}-category`}
          className="field__input"
          value={categoryId}
          onChange={(event) => setCategoryId(event.target.value)}
        >
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button" disabled={busy || selected.length === 0}>
        {texts.apply}
      </button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
