/**
 * Verein, "Aushang im Clubhaus": how the screen names players (a club setting, saved like the
 * others through the one schema form, schema `clubDisplay`) and its secret link, made or renewed.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { displayNamesLabels, displayTexts } from '@platzbuchung/domain/display/texts';
import { DISPLAY_NAMES, type DisplayNames } from '@platzbuchung/domain/schemas';
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import type { Club } from '@platzbuchung/domain/types';
import { SelectField } from '@platzbuchung/ui/components/form-fields';
import { ActionNotices, LoadState } from '@platzbuchung/ui/components/load-state';
import { SchemaForm } from '@platzbuchung/ui/components/schema-form';
import { useSchemaForm } from '@platzbuchung/ui/forms/use-schema-form';
import type { MessageAnswer } from '../../shared/admin-api';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { fetchDisplayLink, renewDisplayLink, saveDisplayNames } from './display-api';
import { displayLinkMachine } from './display-link-machine';

const nameChoices = DISPLAY_NAMES.map((value) => ({ value, label: displayNamesLabels[value] }));

export function ClubhouseScreen({ club, onSaved }: { club: Club; onSaved: () => void }) {
  const [machine] = useState(() =>
    displayLinkMachine.provide({
      actors: {
        loadLink: fromPromise(({ signal }) => fetchDisplayLink(club._id, signal)),
        renewLink: fromPromise(() => renewDisplayLink(club._id)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { url, displayNames, message, error } = snapshot.context;

  return (
    <LoadState
      loading={snapshot.hasTag('loading')}
      loadingText={displayTexts.loading}
      failed={snapshot.matches('loadFailed')}
      error={error}
      onRetry={() => send({ type: 'link.retryLoad' })}
    >
      <p className="admin-part__intro">{displayTexts.cardIntro}</p>
      {displayNames && <NamesForm club={club} displayNames={displayNames} onSaved={onSaved} />}
      <div className="display-link">
        <h4 className="display-link__title">{displayTexts.linkLabel}</h4>
        {url ? (
          <p className="display-link__url">
            <a href={url} target="_blank" rel="noreferrer noopener">
              {url}
            </a>
          </p>
        ) : (
          <p>{displayTexts.noLink}</p>
        )}
        <ActionNotices message={message} error={snapshot.matches('loadFailed') ? null : error} />
        <button
          type="button"
          className="button"
          onClick={() => send({ type: 'link.renew' })}
          disabled={snapshot.hasTag('busy')}
        >
          {url ? displayTexts.renew : displayTexts.make}
        </button>
      </div>
      <ConfirmDialog
        open={snapshot.hasTag('confirming') && url !== null}
        title={displayTexts.renew}
        confirmText={displayTexts.renew}
        busy={snapshot.hasTag('busy')}
        onConfirm={() => send({ type: 'link.confirm' })}
        onCancel={() => send({ type: 'link.cancel' })}
      >
        {displayTexts.renewQuestion}
      </ConfirmDialog>
    </LoadState>
  );
}

function NamesForm({
  club,
  displayNames,
  onSaved,
}: {
  club: Club;
  displayNames: DisplayNames;
  onSaved: () => void;
}) {
  const form = useSchemaForm<MessageAnswer<Club>>({
    schemaName: 'clubDisplay',
    initialValues: { display_names: displayNames },
    submit: (payload) => saveDisplayNames(club, String(payload.display_names)),
    onSuccess: onSaved,
  });
  return (
    <SchemaForm
      form={form}
      submitLabel={clubSettingsTexts.save}
      savedText={clubSettingsTexts.saved}
      requiredHint={false}
    >
      <SelectField
        field={form.field('display_names')}
        label={displayTexts.namesLabel}
        options={nameChoices}
      />
    </SchemaForm>
  );
}
