/**
 * The privacy notice's text is not part of the shell's first visit: it loads when the page is
 * opened (shell/src/pages/Privacy.tsx), and a failed load offers a retry instead of a blank page.
 */
import { describe, it } from 'vitest';
import { uiTexts } from '@platzbuchung/ui/texts';
import { mainHeading, openPage, UI_TIMEOUT_MS, useChromium } from './support';

const browser = useChromium();

describe('the privacy notice', () => {
  it('loads its text when opened, and after a failed load shows it on "Erneut versuchen"', async () => {
    await browser.freshContext();
    const page = await browser.newPage();
    await openPage(page, '/impressum');
    await mainHeading(page).getByText('Impressum', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

    // Everything of the start is in; the next script asked for is the notice's own chunk.
    await page.route('**/*.js', (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
    await page.getByRole('alert').getByText(uiTexts.networkError).waitFor({ timeout: UI_TIMEOUT_MS });

    await page.unroute('**/*.js');
    await page.getByRole('button', { name: uiTexts.retry }).click();
    await mainHeading(page)
      .getByText('Datenschutzerklärung', { exact: true })
      .waitFor({ timeout: UI_TIMEOUT_MS });
  });
});
