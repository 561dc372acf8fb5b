/** A worker thread's part of a reservations replay (./reservations-replay.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { openSnapshotReader } from './copy-text';
import { replayRange, type ReplayTask } from './reservations-replay';

const task = workerData as ReplayTask;
const reader = await openSnapshotReader(task.connection, task.snapshot);
try {
  parentPort!.postMessage(await replayRange(reader, task.range));
} finally {
  await reader.end();
}
