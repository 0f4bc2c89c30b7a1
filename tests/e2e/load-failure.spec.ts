import { expect, test } from './support/fixtures';
import { signInThroughForm } from './support/session';

/** The admin tree's chunk (src/App.tsx loads it lazily), as the build names it. */
const ADMIN_TREE_CHUNK = /\/assets\/AdminTree-[\w-]+\.js$/;

test("when the panel's code cannot be loaded (a deployment replaced it, the connection dropped) it says so, and Reload recovers", async ({
  page,
}) => {
  await page.route(ADMIN_TREE_CHUNK, (route) => route.abort('connectionreset'));
  await signInThroughForm(page);

  const alert = page.getByRole('alert').filter({ hasText: 'The panel could not be shown' });
  await expect(alert).toBeVisible();

  await page.unroute(ADMIN_TREE_CHUNK);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('menuitem', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(alert).toHaveCount(0);
});
