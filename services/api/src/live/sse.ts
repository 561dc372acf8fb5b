/** The live stream's messages as Server-Sent Events text. */
import type { LiveChange } from '@platzbuchung/domain/live/changes';

/** One SSE message; the id lets the browser resume after it. */
export function sseMessage(change: LiveChange): string {
  return `id: ${change.club_seq}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`;
}

/**
 * A clubhouse screen's message: only that the club changed, numbered like the others. The screen,
 * which nobody logs in to, loads its day again; it never sees whose booking it was (user ids).
 */
export function sseSignal(change: LiveChange): string {
  const data = { club_seq: change.club_seq, type: change.type };
  return `id: ${change.club_seq}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Says the stream is live; `resumed: false` tells the screen to load afresh before applying changes. */
export function sseReady(clubSeq: number, resumed: boolean): string {
  return `retry: 3000\nevent: ready\ndata: ${JSON.stringify({ club_seq: clubSeq, resumed })}\n\n`;
}

export const SSE_HEARTBEAT = ':\n\n';
