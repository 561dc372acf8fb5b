/**
 * Verein, the club-local rules' card: the club-local rules — time zone, how far ahead players may book, until
 * when they may cancel, and the Platzordnung — through the one schema form (schema
 * `clubLocalRules`). They are saved with the club's other settings (PUT /api/admin/club), which
 * are sent unchanged, so each save is one settings change in the log.
 */
import type { HostContract } from '@platzbuchung/host/contract';
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import type { Club } from '@platzbuchung/domain/types';
import { ClubLocalRulesFields } from '@platzbuchung/ui/components/club-local-rules-fields';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import type { Payload } from '@platzbuchung/ui/forms/form-machine';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { fetchClubRules, saveClubSettings } from './api';
import type { MessageAnswer } from '../../shared/admin-api';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { clubFromAnswer, localRulesBody } from './local-rules-body';

export function ClubLocalRules({
  host,
  club,
  onSaved,
}: {
  host: HostContract;
  club: Club;
  onSaved: () => void;
}) {
  // The Platzordnung is not part of the club list; its text is read once for the form.
  const rules = useResource(fetchClubRules, club._id);
  if (rules.loading) {
    return (
      <p className="admin-status" role="status">
        Platzordnung wird geladen …
      </p>
    );
  }
  if (rules.failed || rules.data === null)
    return <FailureNotice message={rules.error} onRetry={rules.retry} />;
  return <LocalRulesForm host={host} club={club} rules={rules.data} onSaved={onSaved} />;
}

function LocalRulesForm({
  host,
  club,
  rules,
  onSaved,
}: {
  host: HostContract;
  club: Club;
  rules: string;
  onSaved: () => void;
}) {
  const form = useSchemaForm<MessageAnswer<Club & { rules?: string }>>({
    schemaName: 'clubLocalRules',
    initialValues: {
      time_zone: club.time_zone,
      booking_horizon_days: club.booking_horizon_days === null ? '' : String(club.booking_horizon_days),
      cancel_deadline_hours: String(club.cancel_deadline_hours),
      rules,
    },
    submit: (payload: Payload) => saveClubSettings(club._id, localRulesBody(club, payload)),
    onSuccess: ({ data }) => {
      // The grid, the navigation's Platzordnung link and every "today" read the club from the shell.
      const changed = clubFromAnswer(data);
      host.replaceClubs(host.clubs.map((c) => (c._id === changed._id ? changed : c)));
      onSaved();
    },
  });
  return (
    <SchemaForm
      form={form}
      submitLabel={clubSettingsTexts.save}
      savedText={clubSettingsTexts.saved}
      requiredHint={false}
    >
      <ClubLocalRulesFields form={form} />
    </SchemaForm>
  );
}
