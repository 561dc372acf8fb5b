/** "Meine Daten herunterladen" in the account panel: everything stored about the member, as one file. */
import { useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { accountTexts } from '@platzbuchung/domain/account/texts';
import type { DownloadedFile } from '@platzbuchung/ui/api/client';
import { ActionNotices } from '@platzbuchung/ui/components/load-state';
import { downloadAccountData } from '../../../shared/auth-api';
import { dataExportMachine } from './data-export-machine';

/** Saves the file as the browser saves downloads, under the name the API gave it. */
function saveToDisk({ blob, fileName }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? accountTexts.exportFileName(new Date().toISOString().slice(0, 10));
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function DataExport() {
  const id = useId();
  const [machine] = useState(() =>
    dataExportMachine.provide({
      actors: { fetchExport: fromPromise<DownloadedFile>(({ signal }) => downloadAccountData(signal)) },
      actions: { saveFile: (_, file) => saveToDisk(file) },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const preparing = snapshot.hasTag('preparing');
  const { message, error } = snapshot.context;

  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        Ihre Daten
      </h2>
      <p className="account-section__hint">{accountTexts.exportHint}</p>
      <button
        type="button"
        className="button account-section__action"
        onClick={() => send({ type: 'export.start' })}
        disabled={preparing}
        aria-busy={preparing}
      >
        {preparing && <span className="spinner" aria-hidden="true" />}
        {accountTexts.exportButton}
      </button>
      {preparing && (
        <p className="account-section__hint" role="status">
          {accountTexts.exportPreparing}
        </p>
      )}
      <ActionNotices message={message} error={error} />
    </section>
  );
}
