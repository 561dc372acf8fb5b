/**
 * The address of the member's own check-in state: "Meine Reservierungen" asks for it as it opens
 * (`firstRequestsOf`), and its page answers it inline (docs/architecture/first-visit.md).
 */
export function ownCheckInPath(clubId: string): string {
  return `/api/account/check-in?club_id=${encodeURIComponent(clubId)}`;
}
