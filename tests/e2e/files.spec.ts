import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures';
import { signInThroughForm } from './support/session';

/** End to end: file upload, search and download, and a pricing API token, against the real server. */

test('staff upload, find and download a file, and add then revoke a pricing token', async ({ page }) => {
  const suffix = randomBytes(4).toString('hex');
  const fileName = `visit-report-${suffix}.csv`;
  const bytes = Buffer.concat([Buffer.from('client;hours\nMüller;3\n', 'utf8'), randomBytes(2048)]);
  const description = `Weekly visit report ${suffix}`;
  const service = `partner-portal-${suffix}`;

  await signInThroughForm(page);

  await test.step('upload a file through the dialog', async () => {
    await page.getByRole('menuitem', { name: 'Search files', exact: true }).click();
    await expect(page).toHaveURL(/\/filebucket\/search\/?$/);
    // the toolbar's (a fresh server's empty list offers a second one)
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByTestId('upload-file-input')
      .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: bytes });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(fileName);
    const submit = dialog.getByRole('button', { name: 'Upload', exact: true });
    await expect(submit).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog).toBeHidden();
  });

  await test.step('find it by search; the search is kept in the URL', async () => {
    await page.getByPlaceholder('Search', { exact: true }).fill(suffix);
    await expect(page).toHaveURL(new RegExp(`search=${suffix}`));
    const row = page.getByRole('row').filter({ hasText: fileName });
    await expect(row).toHaveCount(1);
    // the description column is shown through Columns (beside it the name had too little room)
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('switch', { name: 'Description' }).click();
    await page.keyboard.press('Escape');
    await expect(row.getByText(description)).toBeVisible();
    await expect(row.getByText('CSV', { exact: true })).toBeVisible();
    await expect(row.getByText('2.0 kB', { exact: true })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/filebucket\/search\/$/);
    await expect(page.getByPlaceholder('Search', { exact: true })).toHaveValue('');
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`search=${suffix}`));
    await expect(page.getByRole('row').filter({ hasText: fileName })).toHaveCount(1);
    await expect(page.getByPlaceholder('Search', { exact: true })).toHaveValue(suffix);
    // a reload (or a shared link) restores the same view
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: fileName })).toHaveCount(1);
    await expect(page.getByPlaceholder('Search', { exact: true })).toHaveValue(suffix);
  });

  await test.step('download it and compare the bytes', async () => {
    const row = page.getByRole('row').filter({ hasText: fileName });
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${fileName}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    const saved = await readFile(await download.path());
    expect(Buffer.compare(saved, bytes)).toBe(0);
  });

  await test.step('add a pricing token', async () => {
    await page.getByRole('menuitem', { name: 'API Access Tokens' }).first().click();
    await expect(page).toHaveURL(/\/pricing\/api-keys\/?$/);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: 'Service' })).toBeFocused();
    await dialog.getByRole('textbox', { name: 'Service' }).fill(service);
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Token' })).toHaveValue(/^.{33}$/);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: service });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Administrator')).toBeVisible();
    await expect(row.getByText('Never')).toBeVisible();
  });

  await test.step('revoke it', async () => {
    const row = page.getByRole('row').filter({ hasText: service });
    await row.getByRole('button', { name: `Revoke ${service}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText(`You are about to revoke the access token for the service ${service}!`),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: `Revoke ${service}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Delete ${service}` })).toBeVisible();
  });
});
