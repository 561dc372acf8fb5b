/** Registers a club together with its admin account. */
import type { Club } from '@platzbuchung/domain/types';
import { hostPaths, type RemoteScreenProps } from '@platzbuchung/host/contract';
import { clubSchema } from '@platzbuchung/domain/schemas';
import * as texts from '@platzbuchung/domain/texts';
import { TimeZoneField } from '@platzbuchung/ui/components/club-local-rules-fields';
import { ClubSettingsFields } from '@platzbuchung/ui/components/club-settings-fields';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { AuthScreen } from '../../shared/AuthScreen';
import { NewAccountFields } from '../../shared/NewAccountFields';
import { PrivacyField } from '../../shared/PrivacyField';
import { registerClub, type MessageResponse } from '../../shared/auth-api';

export default function ClubRegistration({ host }: RemoteScreenProps) {
  const form = useSchemaForm<MessageResponse & { data: Club[] }>({
    schemaName: 'club',
    // At hand, so the form is in the page's HTML before any script runs (docs/architecture/first-visit.md).
    schema: clubSchema,
    initialValues: {
      name: '',
      courts_count: '1',
      start_hour: '8',
      end_hour: '20',
      reservations_limit: '3',
      // Optional: left empty, the club gets the operator's default zone (APP_TIMEZONE).
      time_zone: '',
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      privacy: '',
    },
    submit: registerClub,
    onSuccess: ({ message, data }) => {
      host.replaceClubs(data);
      host.navigate(hostPaths.login, { replace: true, notice: message });
    },
  });

  return (
    <AuthScreen title="Verein registrieren" backTo={hostPaths.landing}>
      <SchemaForm form={form} submitLabel={texts.submitClub}>
        <fieldset className="form__fieldset">
          <legend>Verein</legend>
          <ClubSettingsFields form={form} />
          <TimeZoneField field={form.field('time_zone')} emptyLabel="Voreinstellung des Betreibers" />
        </fieldset>
        <fieldset className="form__fieldset">
          <legend>Administrator</legend>
          <NewAccountFields form={form} />
        </fieldset>
        <PrivacyField field={form.field('privacy')} />
      </SchemaForm>
    </AuthScreen>
  );
}
