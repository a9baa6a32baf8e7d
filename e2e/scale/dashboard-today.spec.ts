/**
 * Today on the dashboard at scale (decision 0026): with 100,000 orders on the embedded database the
 * Today panel opens with the server's figures. The first (uncached) answer's time is written to the
 * test's annotations, as the default embedded setup's figure beside the bench's PostgreSQL one.
 */
import { expect, test } from '@playwright/test';
import { E2E_ADMIN, logIn } from '../support';

interface Figures {
  ordersToPack: number;
  ordersPacked: number;
}

test('the Today panel opens with the server’s figures among 100,000 orders', async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const started = performance.now();
  const answer = await page.request.get('/api/admin/dashboard/today');
  const ms = Math.round(performance.now() - started);
  test.info().annotations.push({ type: 'GET /api/admin/dashboard/today, first answer', description: `${ms} ms` });
  console.log(`GET /api/admin/dashboard/today at 100,000 orders (embedded, uncached): ${ms} ms`);
  expect(answer.status()).toBe(200);
  const today = (await answer.json()) as { slots: unknown[]; unslotted: Figures; totals: Figures };

  await page.goto('/admin/home');
  const panel = page.getByRole('region', { name: /^Today, / });
  await expect(panel).toBeVisible();
  if (today.unslotted.ordersToPack + today.unslotted.ordersPacked > 0) {
    const unslotted = panel.getByRole('region', { name: 'Without a slot' });
    await expect(unslotted.getByRole('link', { name: /^Orders to pack/ })).toHaveText(
      `Orders to pack${today.unslotted.ordersToPack}`,
    );
    await expect(unslotted.getByRole('link', { name: /^Orders packed/ })).toHaveText(
      `Orders packed${today.unslotted.ordersPacked}`,
    );
  }
  await expect(panel.getByRole('link', { name: /^Unpaid bills/ })).toBeVisible();
});
