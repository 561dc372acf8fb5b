import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountTexts } from '@platzbuchung/domain/account/texts';
import type { DownloadedFile } from '@platzbuchung/ui/api/client';
import { dataExportMachine } from '../src/features/account/own-data/data-export-machine';

function start(answers: (() => DownloadedFile)[]) {
  const saved: DownloadedFile[] = [];
  let release = () => {};
  const actor = createActor(
    dataExportMachine.provide({
      actors: {
        fetchExport: fromPromise<DownloadedFile>(async () => {
          await new Promise<void>((resolve) => (release = resolve));
          return answers.shift()!();
        }),
      },
      actions: { saveFile: (_, file) => saved.push(file) },
    }),
  ).start();
  return { actor, saved, release: () => release() };
}

const file = (): DownloadedFile => ({
  blob: new Blob(['{}'], { type: 'application/json' }),
  fileName: 'platzbuchung-meine-daten-2026-11-26.json',
});

describe('the data export machine', () => {
  it('waits while the file is put together, then saves it once and says so', async () => {
    const { actor, saved, release } = start([file]);
    actor.send({ type: 'export.start' });
    expect(actor.getSnapshot().hasTag('preparing')).toBe(true);
    // A second press while it runs asks for nothing more.
    actor.send({ type: 'export.start' });
    release();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saved.map((f) => f.fileName)).toEqual(['platzbuchung-meine-daten-2026-11-26.json']);
    expect(actor.getSnapshot().context).toEqual({ message: accountTexts.exportDone, error: null });
  });

  it('says why it failed, saves nothing, and may be tried again', async () => {
    const { actor, saved, release } = start([
      () => {
        throw new Error('Bitte melden Sie sich an.');
      },
      file,
    ]);
    actor.send({ type: 'export.start' });
    release();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saved).toEqual([]);
    expect(actor.getSnapshot().context.error).toBe('Bitte melden Sie sich an.');

    actor.send({ type: 'export.start' });
    expect(actor.getSnapshot().context.error).toBeNull();
    release();
    await waitFor(actor, (s) => s.context.message !== null);
    expect(saved).toHaveLength(1);
  });
});
