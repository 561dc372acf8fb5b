/** The waitlist machine with its calls, keeping the shared list of entries up to date. */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requestErrorText } from '../../shared/popup/request-error';
import { joinWaitlist, leaveWaitlist } from './api';
import {
  waitlistMachine,
  type WaitlistInput,
  type WaitlistOutput,
  type WaitlistRequest,
} from './waitlist-machine';
import { waitlistStore } from './waitlist-store';

async function send(clubId: string, request: WaitlistRequest): Promise<WaitlistOutput> {
  try {
    if ('join' in request) {
      const entry = await joinWaitlist(clubId, request.join);
      waitlistStore.added(clubId, entry);
      return { outcome: 'joined', entry };
    }
    await leaveWaitlist(clubId, request.leave);
    waitlistStore.removed(request.leave);
    return { outcome: 'left', id: request.leave };
  } catch (error) {
    return { outcome: 'failed', error: requestErrorText(error) };
  }
}

interface WaitlistMachineView {
  snapshot: SnapshotFrom<typeof waitlistMachine>;
  send: ActorRefFrom<typeof waitlistMachine>['send'];
  busy: boolean;
}

export function useWaitlistMachine(
  clubId: string,
  input: WaitlistInput,
  onDone: (output: WaitlistOutput) => void,
): WaitlistMachineView {
  const [machine] = useState(() =>
    waitlistMachine.provide({
      actors: { send: fromPromise<WaitlistOutput, WaitlistRequest>(({ input }) => send(clubId, input)) },
    }),
  );
  const [snapshot, sendEvent] = useMachine(machine, { input });
  useEffect(() => {
    if (snapshot.status === 'done') onDone(snapshot.output);
  }, [snapshot.status, snapshot.output, onDone]);
  return { snapshot, send: sendEvent, busy: snapshot.hasTag('sending') };
}
