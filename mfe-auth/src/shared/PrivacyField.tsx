import { CheckboxField } from '@platzbuchung/ui/components/form-fields';
import type { FieldBinding } from '@platzbuchung/ui/forms/use-schema-form';

/** The consent of sign-up and club registration: who uses the data, and what for. */
export function PrivacyField({ field }: { field: FieldBinding }) {
  return (
    <CheckboxField field={field} checkedValue="agree">
      Ich bin damit einverstanden, dass der Entwickler dieser App und die Mitarbeiter meines Vereins meine
      Daten (Name und E-Mail-Adresse) verwenden, um die Platzreservierungen zu betreiben.
    </CheckboxField>
  );
}
