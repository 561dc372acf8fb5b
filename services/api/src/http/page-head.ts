/**
 * What the server writes into the page's head beside the shell's own elements: the JSON data blocks
 * the shell reads as it starts (their ids are the host contract's), and the connections it opens
 * early.
 */
import {
  INLINE_ANSWERS_ID,
  INLINE_CONFIG_ID,
  INLINE_CONTRACTS_ID,
  INLINE_STARTUP_ID,
  type RemoteContractDeclaration,
  type RemotesConfig,
} from '@platzbuchung/host/contract';

/**
 * A JSON data block for the page's head: a data block is never run, so the CSP (no inline scripts)
 * stays as strict, and `<` is escaped so no text can close the element.
 */
function inlineDataBlock(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
}

export function inlineConfigBlock(config: RemotesConfig): string {
  return inlineDataBlock(INLINE_CONFIG_ID, JSON.stringify(config));
}

export function inlineStartupBlock(startupJson: string): string {
  return inlineDataBlock(INLINE_STARTUP_ID, startupJson);
}

/** Remote name → its contract declaration, so the shell need not ask for `host-contract.json`. */
export function inlineContractsBlock(contracts: Record<string, RemoteContractDeclaration>): string {
  return inlineDataBlock(INLINE_CONTRACTS_ID, JSON.stringify(contracts));
}

/** Request path → its answer, which the screen takes in place of asking (./page-startup). */
export function inlineAnswersBlock(answers: Record<string, unknown>): string {
  return inlineDataBlock(INLINE_ANSWERS_ID, JSON.stringify(answers));
}

/**
 * Connections to the remotes' origins opened while the shell's own files load: the first request
 * there (the contract check, a `fetch` without credentials) and the scripts (with them) use
 * separate connections, so each gets one.
 */
export function preconnectLinks(origins: readonly string[]): string {
  return origins
    .map(
      (origin) =>
        `<link rel="preconnect" href="${origin}" crossorigin /><link rel="preconnect" href="${origin}" />`,
    )
    .join('');
}
