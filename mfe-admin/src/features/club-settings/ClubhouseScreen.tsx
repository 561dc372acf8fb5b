/**
 * Verein, "Aushang im Clubhaus": how the screen names players (a club setting, saved like the
 * others through the one schema form, schema `clubDisplay`) and its secret link, made or renewed,
 * copied with one button and shown as a QR code for the device in the clubhouse to scan.
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
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
import { copyToClipboard } from '@platzbuchung/ui/clipboard';
import type { MessageAnswer } from '../../shared/admin-api';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { fetchDisplayLink, renewDisplayLink, saveDisplayNames } from './display-api';
import { displayLinkMachine } from './display-link-machine';

const nameChoices = DISPLAY_NAMES.map((value) => ({ value, label: displayNamesLabels[value] }));

/** Its own chunk with the QR library: loaded when a link is shown, never with the rest of the area. */
const LinkQrCode = lazy(() => import(/* webpackChunkName: "admin-qr" */ './LinkQrCode'));

export function ClubhouseScreen({ club, onSaved }: { club: Club; onSaved: () => void }) {
  const id = useId();
  const linkField = useRef<HTMLInputElement>(null);
  const [machine] = useState(() =>
    displayLinkMachine.provide({
      actors: {
        loadLink: fromPromise(({ signal }) => fetchDisplayLink(club._id, signal)),
        renewLink: fromPromise(() => renewDisplayLink(club._id)),
        copyLink: fromPromise<void, { url: string }>(({ input }) =>
          copyToClipboard(input.url, linkField.current),
        ),
      },
      actions: {
        selectLink: () => {
          linkField.current?.focus();
          linkField.current?.select();
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { url, displayNames, message, error } = snapshot.context;
  const copyStatus = snapshot.hasTag('copied')
    ? displayTexts.copied
    : snapshot.hasTag('selectedForCopy')
      ? displayTexts.copyFailed
      : '';

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
        <h4 className="display-link__title" id={`${id}-title`}>
          {displayTexts.linkLabel}
        </h4>
        {url ? (
          <>
            <div className="display-link__row">
              <input
                ref={linkField}
                className="field__input display-link__url"
                type="text"
                readOnly
                value={url}
                aria-labelledby={`${id}-title`}
                onFocus={(event) => event.currentTarget.select()}
              />
              <button
                type="button"
                className="button button--primary"
                onClick={() => send({ type: 'link.copy' })}
                disabled={snapshot.hasTag('busy')}
              >
                {displayTexts.copy}
              </button>
            </div>
            {/* Always there, so a screen reader announces "Kopiert." when it appears. */}
            <p className="form__saved display-link__copied" role="status">
              {copyStatus}
            </p>
            <p className="display-link__open">
              <a href={url} target="_blank" rel="noreferrer noopener">
                {displayTexts.open}
              </a>
            </p>
            <Suspense
              fallback={
                <p className="admin-status" role="status">
                  {displayTexts.qrLoading}
                </p>
              }
            >
              <LinkQrCode url={url} />
            </Suspense>
          </>
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
