/**
 * Verein: the club's settings through the one schema form (schema `clubSettings`), checked in the
 * browser and again by the API, and the record of what was changed by whom.
 */
import { useMemo } from 'react';
import type { HostContract } from '@platzbuchung/domain/host-contract';
import type { Club } from '@platzbuchung/domain/types';
import { ClubSettingsFields } from '@platzbuchung/ui/components/club-settings-fields';
import { CheckboxField } from '@platzbuchung/ui/components/form-fields';
import type { FieldBinding } from '@platzbuchung/ui/forms/use-schema-form';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import {
  fetchChanges,
  fetchMembers,
  saveClubSettings,
  type ClubChange,
  type Member,
  type MessageAnswer,
} from '../../shared/admin-api';
import { formatInstantDe } from '@platzbuchung/domain/club-time';
import { byId, fullName } from '../../shared/names';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { describeChange } from './changes';
import { ClubLocalRules } from './ClubLocalRules';
import { clubFromAnswer } from './local-rules-body';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';

async function loadChanges(clubId: string, signal: AbortSignal) {
  const [changes, members] = await Promise.all([fetchChanges(clubId, signal), fetchMembers(clubId, signal)]);
  return { changes, members };
}

export function ClubSettings({ host, club }: { host: HostContract; club: Club }) {
  const changes = useResource(loadChanges, club._id);
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
      changes.load();
    },
  });

  return (
    <div className="admin-part">
      <h2>Verein</h2>
      <p className="admin-part__intro">
        Plätze und Spielzeiten gelten sofort für den Platzplan. Künftige Reservierungen müssen danach noch
        Platz haben.
      </p>
      <div className="admin-card">
        <SchemaForm form={form} submitLabel="Speichern" successMessage={form.result?.message ?? null}>
          <ClubSettingsFields form={form} />
          <MembershipFields form={form} />
        </SchemaForm>
      </div>

      <h3 className="admin-subtitle">Zeitzone, Buchungszeitraum und Platzordnung</h3>
      <div className="admin-card">
        <ClubLocalRules host={host} club={club} onSaved={changes.load} />
      </div>

      <h3 className="admin-subtitle">Änderungen</h3>
      {changes.loading ? (
        <p className="admin-status" role="status">
          Änderungen werden geladen …
        </p>
      ) : changes.failed ? (
        <FailureNotice message={changes.error} onRetry={changes.retry} />
      ) : (
        changes.data && (
          <ChangeList
            changes={changes.data.changes}
            members={changes.data.members}
            timeZone={club.time_zone}
          />
        )
      )}
    </div>
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

function ChangeList({
  changes,
  members,
  timeZone,
}: {
  changes: ClubChange[];
  members: Member[];
  timeZone: string;
}) {
  const names = useMemo(() => byId(members), [members]);
  if (changes.length === 0)
    return <p className="admin-empty">Noch keine Änderungen an Einstellungen oder Rollen.</p>;
  return (
    <ol className="change-list">
      {changes.map((change) => {
        const view = describeChange(change, names);
        return (
          <li key={change.position} className="change">
            <p className="change__title">{view.title}</p>
            <ul className="change__lines">
              {view.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="log-entry__meta">
              {fullName(change.actor)} ·{' '}
              <time dateTime={change.occurred_at}>{formatInstantDe(timeZone, change.occurred_at)}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
