/** Browser figures: filled in once the reservations micro-frontend has landed. */
import type { Figure } from './support/report';

export async function measureBrowser(_runs: number): Promise<Figure[]> {
  throw new Error('the browser benchmark needs the reservations micro-frontend');
}
