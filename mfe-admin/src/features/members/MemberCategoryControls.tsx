/**
 * In a member's row, beside their name: their category as a button that opens their category and
 * birth year in a popup (member-category), and the box that selects them for "Kategorie für
 * Auswahl". Both sit in the row's first line, so the row stays as compact as before.
 */
import { useState } from 'react';
import * as categoryTexts from '@platzbuchung/domain/categories/texts';
import type { MemberCategory } from '@platzbuchung/domain/schemas';
import type { MessageAnswer } from '../../shared/admin-api';
import type { Member } from '../../shared/members-api';
import { fullName } from '../../shared/names';
import { categoryName, MemberCategoryForm } from './member-category';

const texts = categoryTexts.screen;

export function MemberCategoryControls(props: {
  clubId: string;
  member: Member;
  /** Null until the club's categories are loaded: the row shows the category's id meanwhile. */
  categories: readonly MemberCategory[] | null;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onChanged: (answer: MessageAnswer<Member[]>) => void;
}) {
  const { clubId, member, categories, selected, onSelect, onChanged } = props;
  const [open, setOpen] = useState(false);
  const name = fullName(member);
  return (
    <>
      <button
        type="button"
        className="member__category-badge"
        aria-expanded={open}
        aria-label={`${texts.change}: ${name}`}
        title={texts.change}
        disabled={categories === null}
        onClick={() => setOpen(!open)}
      >
        {categoryName(categories ?? [], member.category)}
      </button>
      {/* Named by aria-label, not by text: the row's text stays the member's name alone. */}
      <input
        type="checkbox"
        className="member__select"
        aria-label={texts.select(name)}
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
      />
      {open && categories && (
        <MemberCategoryForm
          clubId={clubId}
          member={member}
          categories={categories}
          onChanged={(answer) => {
            setOpen(false);
            onChanged(answer);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
