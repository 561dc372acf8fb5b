/**
 * "Meine Daten herunterladen": asks the API for the member's data as one file and hands it to the
 * view to save. While it is being put together the button waits; a failure says why and the button
 * may be pressed again. The calls are named actors and actions, so tests supply their own.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DownloadedFile } from '@platzbuchung/ui/api/client';
import { accountTexts } from '@platzbuchung/domain/account/texts';

interface DataExportContext {
  message: string | null;
  error: string | null;
}

type DataExportEvent = { type: 'export.start' };

const text = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const dataExportMachine = setup({
  types: {
    context: {} as DataExportContext,
    events: {} as DataExportEvent,
  },
  actors: {
    fetchExport: fromPromise<DownloadedFile>(async () => {
      throw new Error('fetchExport muss mit provide() übergeben werden');
    }),
  },
  actions: {
    /** Hands the file to the browser (the view's business: it needs the DOM). */
    saveFile: (_, _file: DownloadedFile) => {},
  },
}).createMachine({
  id: 'dataExport',
  context: { message: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'export.start': { target: 'preparing', actions: assign({ message: null, error: null }) },
      },
    },
    preparing: {
      tags: ['preparing'],
      invoke: {
        src: 'fetchExport',
        onDone: {
          target: 'idle',
          actions: [
            { type: 'saveFile', params: ({ event }) => event.output },
            assign({ message: accountTexts.exportDone }),
          ],
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => text(event.error) }) },
      },
    },
  },
});
