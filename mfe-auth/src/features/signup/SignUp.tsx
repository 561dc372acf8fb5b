/** Member sign-up with an existing club: picked from a list, or searched for among many. */
import { hostPaths, type RemoteScreenProps } from '@platzbuchung/host/contract';
import { signupSchema } from '@platzbuchung/domain/schemas';
import * as texts from '@platzbuchung/domain/texts';
import { SelectField } from '@platzbuchung/ui/components/form-fields';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { AuthScreen } from '../../shared/AuthScreen';
import { NewAccountFields } from '../../shared/NewAccountFields';
import { PrivacyField } from '../../shared/PrivacyField';
import { signUp, type MessageResponse } from '../../shared/auth-api';
import { ClubSearchField } from './ClubSearchField';
import { CLUB_SEARCH_THRESHOLD } from './club-search-machine';

export default function SignUp({ host }: RemoteScreenProps) {
  const form = useSchemaForm<MessageResponse>({
    schemaName: 'signup',
    // At hand, so the form is in the page's HTML before any script runs (docs/architecture/first-visit.md).
    schema: signupSchema,
    initialValues: { club_id: '', first_name: '', last_name: '', email: '', password: '', privacy: '' },
    submit: signUp,
    // The returned member list belongs to the reservations area, which loads its own.
    onSuccess: ({ message }) => host.navigate(hostPaths.login, { replace: true, notice: message }),
  });
  const clubOptions = host.clubs.map((club) => ({ value: club._id, label: club.name }));
  // A list of a few clubs is quicker to scan; a long one is quicker to search.
  const searchForClub = host.clubs.length > CLUB_SEARCH_THRESHOLD;

  return (
    <AuthScreen title="Registrieren" backTo={hostPaths.landing}>
      <SchemaForm form={form} submitLabel={texts.submitSignup}>
        {searchForClub ? (
          <ClubSearchField field={form.field('club_id')} label="Verein" />
        ) : (
          <SelectField
            field={form.field('club_id')}
            label="Verein"
            options={clubOptions}
            placeholder={texts.selectPlaceholder}
          />
        )}
        <NewAccountFields form={form} />
        <PrivacyField field={form.field('privacy')} />
      </SchemaForm>
    </AuthScreen>
  );
}
