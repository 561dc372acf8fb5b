/**
 * Verein, "Platznamen": a name of its own for each court, or none ("Platz N"), through the one
 * form machine. Checked by the domain before sending and again by the API; saved with the club's
 * other settings sent unchanged (PUT /api/admin/club), so each save is one settings change in the log.
 */
import type { HostContract } from '@platzbuchung/host/contract';
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import { courtName } from '@platzbuchung/domain/courts';
import type { Club } from '@platzbuchung/domain/types';
import { ApiError } from '@platzbuchung/ui/api/client';
import { TextField } from '@platzbuchung/ui/components/form-fields';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import type { MessageAnswer } from '../../shared/admin-api';
import { saveClubSettings } from './api';
import {
  courtField,
  courtNameFieldErrors,
  courtNamesBody,
  courtNameValues,
  onCourtFields,
} from './court-names-body';
import { clubFromAnswer } from './local-rules-body';

export function ClubCourtNames({
  host,
  club,
  onSaved,
}: {
  host: HostContract;
  club: Club;
  onSaved: () => void;
}) {
  const form = useSchemaForm<MessageAnswer<Club>>({
    // The domain checks the names (they need the club's courts); no schema of its own.
    schemaName: null,
    initialValues: courtNameValues(club),
    submit: async (payload) => {
      const refused = courtNameFieldErrors(club, payload);
      if (refused.length) throw new ApiError(400, refused, null);
      try {
        return await saveClubSettings(club._id, courtNamesBody(club, payload));
      } catch (error) {
        // The API names a court's field as `/court_names/3`; here it is that court's field.
        if (error instanceof ApiError)
          throw new ApiError(error.status, onCourtFields(error.fieldErrors), error.formMessage);
        throw error;
      }
    },
    onSuccess: ({ data }) => {
      // The grid and every screen read the club, its names included, from the shell.
      const changed = clubFromAnswer(data);
      host.replaceClubs(host.clubs.map((c) => (c._id === changed._id ? changed : c)));
      onSaved();
    },
  });
  const courts = Array.from({ length: club.courts_count }, (_, i) => i + 1);
  return (
    <SchemaForm
      form={form}
      submitLabel={clubSettingsTexts.save}
      savedText={clubSettingsTexts.saved}
      requiredHint={false}
    >
      <div className="court-names">
        {courts.map((court) => (
          <TextField
            key={court}
            field={form.field(courtField(court))}
            label={clubSettingsTexts.courtNameLabel(court)}
            placeholder={courtName({}, court)}
          />
        ))}
      </div>
    </SchemaForm>
  );
}
