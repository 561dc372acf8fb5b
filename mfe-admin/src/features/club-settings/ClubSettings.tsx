/**
 * Verein: the club's settings in cards that each save on their own (its "Speichern", then
 * "Gespeichert." beside it), checked in the browser and again by the API, and the record of what
 * was changed by whom. A card keeps what the admin typed while another card saves.
 */
import type { HostContract } from '@platzbuchung/host/contract';
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import type { Club } from '@platzbuchung/domain/types';
import { ClubSettingsFields } from '@platzbuchung/ui/components/club-settings-fields';
import { CheckboxField } from '@platzbuchung/ui/components/form-fields';
import type { FieldBinding } from '@platzbuchung/ui/forms/use-schema-form';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { saveClubSettings } from './api';
import type { MessageAnswer } from '../../shared/admin-api';
import { ClubCategories } from './ClubCategories';
import { ClubChanges, loadChanges } from './ClubChanges';
import { ClubCheckIn } from './ClubCheckIn';
import { ClubCourtNames } from './ClubCourtNames';
import { ClubLocalRules } from './ClubLocalRules';
import { ClubPlayRules } from './ClubPlayRules';
import { ClubPrices } from './ClubPrices';
import { ClubSepa } from './ClubSepa';
import { clubFromAnswer } from './local-rules-body';
import { ClubhouseScreen } from './ClubhouseScreen';
import { SettingsCard } from './SettingsCard';
import { displayTexts } from '@platzbuchung/domain/display/texts';
import { priceTexts } from '@platzbuchung/domain/money/prices';
import { checkInTexts } from '@platzbuchung/domain/check-in/texts';
import * as categoryTexts from '@platzbuchung/domain/categories/texts';

export function ClubSettings({ host, club }: { host: HostContract; club: Club }) {
  const changes = useResource(loadChanges, club._id);
  return (
    <div className="admin-part">
      <h2>Verein</h2>
      <p className="admin-part__intro">{clubSettingsTexts.intro}</p>
      <div className="settings-cards">
        <SettingsCard title={clubSettingsTexts.coreTitle} intro={clubSettingsTexts.coreIntro}>
          <CoreSettings host={host} club={club} onSaved={changes.load} />
        </SettingsCard>
        <SettingsCard title={clubSettingsTexts.courtNamesTitle} intro={clubSettingsTexts.courtNamesIntro}>
          <ClubCourtNames host={host} club={club} onSaved={changes.load} />
        </SettingsCard>
        <SettingsCard title={clubSettingsTexts.localRulesTitle}>
          <ClubLocalRules host={host} club={club} onSaved={changes.load} />
        </SettingsCard>
        <SettingsCard title={clubSettingsTexts.playRulesTitle}>
          <ClubPlayRules club={club} onSaved={changes.load} />
        </SettingsCard>
        <SettingsCard title={checkInTexts.cardTitle} intro={checkInTexts.cardIntro}>
          <ClubCheckIn club={club} onSaved={changes.load} />
        </SettingsCard>
        <SettingsCard title={categoryTexts.screen.title} intro={categoryTexts.screen.intro}>
          <ClubCategories club={club} onSaved={changes.load} />
        </SettingsCard>
        <SettingsCard title={priceTexts.cardTitle} intro={priceTexts.cardIntro}>
          <ClubPrices club={club} onSaved={changes.load} />
          <ClubSepa club={club} onSaved={changes.load} />
        </SettingsCard>
        <SettingsCard title={displayTexts.cardTitle}>
          <ClubhouseScreen club={club} onSaved={changes.load} />
        </SettingsCard>
      </div>

      <h3 className="admin-subtitle">{clubSettingsTexts.changesTitle}</h3>
      <ClubChanges changes={changes} timeZone={club.time_zone} />
    </div>
  );
}

/** Name, courts, hours, limit and member approval (schema `clubSettings`). */
function CoreSettings({ host, club, onSaved }: { host: HostContract; club: Club; onSaved: () => void }) {
  const form = useSchemaForm<MessageAnswer<Club>>({
    schemaName: 'clubSettings',
    initialValues: {
      name: club.name,
      courts_count: String(club.courts_count),
      start_hour: String(club.start_hour),
      end_hour: String(club.end_hour),
      reservations_limit: String(club.reservations_limit),
      // Membership: a checkbox holds "true" or "" (see MembershipFields).
      member_approval: club.member_approval ? 'true' : '',
    },
    submit: (payload) => saveClubSettings(club._id, withMembership(payload)),
    onSuccess: ({ data }) => {
      // The header and the grid read the club from the shell: hand it the changed one at once.
      const changed = clubFromAnswer(data);
      host.replaceClubs(host.clubs.map((c) => (c._id === changed._id ? changed : c)));
      onSaved();
    },
  });
  return (
    <SchemaForm form={form} submitLabel={clubSettingsTexts.save} savedText={clubSettingsTexts.saved}>
      <ClubSettingsFields form={form} />
      <MembershipFields form={form} />
    </SchemaForm>
  );
}

/** An unticked box sends nothing; for this setting that must mean "off", not "unchanged". */
function withMembership(payload: Record<string, unknown>) {
  return { ...payload, member_approval: payload.member_approval === true };
}

function MembershipFields({ form }: { form: { field(name: string): FieldBinding } }) {
  return (
    <CheckboxField field={form.field('member_approval')} checkedValue="true">
      Neue Mitglieder freigeben: Wer sich registriert, sieht und bucht erst nach Ihrer Freigabe unter
      „Mitglieder“.
    </CheckboxField>
  );
}
