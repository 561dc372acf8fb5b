/**
 * The address of the member's own Warteliste entries: the grid asks for it as it opens
 * (`firstRequestsOf`), and the grid's page answers it inline (docs/architecture/first-visit.md).
 */
export function waitlistPath(clubId: string): string {
  return `/api/waitlist?club_id=${encodeURIComponent(clubId)}`;
}
