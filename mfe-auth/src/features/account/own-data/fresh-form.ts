/**
 * What the account panel's password-bearing forms share: after a success the form starts afresh (the
 * passwords typed do not stay on the screen), its confirmation takes the keyboard focus (the button
 * pressed is gone with the old form), and typing again clears the confirmation.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { FieldBinding } from '@platzbuchung/ui/forms/use-schema-form';

export function useFreshAfterSuccess() {
  const [round, setRound] = useState(0);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (confirmation) notice.current?.focus();
  }, [confirmation]);
  return {
    /** The form's key: a new round is a new form. */
    round,
    confirmation,
    notice,
    succeeded(message: string) {
      setConfirmation(message);
      setRound((r) => r + 1);
    },
    edited: () => setConfirmation(null),
  };
}

/** The field's binding, which also says that the member typed again. */
export function clearingOnEdit(binding: FieldBinding, onEdit: () => void): FieldBinding {
  return {
    ...binding,
    onValueChange: (value: string) => {
      onEdit();
      binding.onValueChange(value);
    },
  };
}
