/**
 * axe-core scan of the page as it is now; fails on any serious or critical violation.
 *
 *   await expectAccessible(page, 'login');
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical violations on the page, in a form that reads well in a failed assertion. */
export async function blockingViolations(page: Page, options: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation): AxeFinding => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

export async function expectAccessible(page: Page, screen: string, options: { exclude?: string[] } = {}) {
  const findings = await blockingViolations(page, options);
  expect(findings, `serious or critical axe violations on ${screen}`).toEqual([]);
}

/** Every form control and button has an accessible name (axe's label rules), whatever their impact. */
export async function expectLabelled(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withRules(['label', 'select-name', 'button-name', 'input-button-name', 'label-title-only'])
    .analyze();
  const findings = violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(findings, `unlabelled controls on ${screen}`).toEqual([]);
}
