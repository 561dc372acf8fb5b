import { hostPaths } from '@platzbuchung/host/contract';
import { CheckboxField } from '@platzbuchung/ui/components/form-fields';
import type { FieldBinding } from '@platzbuchung/ui/forms/use-schema-form';

/**
 * The consent of sign-up and club registration: who uses the data, and what for. The notice opens
 * in a new tab, so what the user has typed into the form stays where it is.
 */
export function PrivacyField({ field }: { field: FieldBinding }) {
  return (
    <CheckboxField field={field} checkedValue="agree">
      Ich bin damit einverstanden, dass der Entwickler dieser App und die Mitarbeiter meines Vereins meine
      Daten (Name und E-Mail-Adresse) verwenden, um die Platzreservierungen zu betreiben. Näheres in der{' '}
      <a href={hostPaths.privacy} target="_blank" rel="noopener">
        Datenschutzerklärung (öffnet in neuem Tab)
      </a>
      .
    </CheckboxField>
  );
}
