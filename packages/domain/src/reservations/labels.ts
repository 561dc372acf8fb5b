/** A booking's label as stored: blank means none, and what is stored is trimmed. */
export function normalizeLabel(label: string | null | undefined): string | undefined {
  const trimmed = label?.trim();
  return trimmed ? trimmed : undefined;
}
