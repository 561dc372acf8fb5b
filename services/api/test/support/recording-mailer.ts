import type { EnqueuedMail, Mailer } from '@platzbuchung/mailer/mailer';
import type { ResetMailRequest } from '@platzbuchung/mailer/reset-mail';
import { resetMailJobId } from '@platzbuchung/mailer/reset-mail';

/** A mailer that only remembers what it was asked to send: tests read the links from it. */
export interface RecordingMailer extends Mailer {
  readonly requests: ResetMailRequest[];
  /** Makes the next enqueues fail, like an unreachable Redis. */
  failWith: Error | undefined;
}

export function recordingMailer(): RecordingMailer {
  const mailer: RecordingMailer = {
    mode: 'inline',
    requests: [],
    failWith: undefined,
    async enqueueResetMail(mail: ResetMailRequest): Promise<EnqueuedMail> {
      if (mailer.failWith) throw mailer.failWith;
      mailer.requests.push({ ...mail });
      return { jobId: resetMailJobId(mail.requestId) };
    },
    async close() {},
  };
  return mailer;
}
