import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInThroughForm } from './support/session';
import { signInThroughApi } from './support/api';

/**
 * Uploads in the file search with progress and cancel, against the real server. The server is shared with the other browser
 * tests: the files of this one carry a name of their own.
 */

test.use({ viewport: { width: 1280, height: 720 } });

const suffix = randomBytes(4).toString('hex');

/** The stored blobs of the file service (local storage under the server's data folder). */
async function storedBlobs(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'files');
  const folders = await readdir(root).catch(() => [] as string[]);
  const names = await Promise.all(
    folders.map((folder) => readdir(path.join(root, folder)).then((files) => files.map((file) => `${folder}/${file}`))),
  );
  return names.flat().sort();
}

async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

test('uploads show their progress, and Cancel of a large upload stores nothing', async ({ page, request, server }) => {
  await signInThroughForm(page);
  await page.getByRole('menuitem', { name: 'Search files', exact: true }).click();
  const dialog = page.getByRole('dialog');

  await test.step('an empty file is named and not sent', async () => {
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    await dialog
      .getByTestId('upload-file-input')
      .setInputFiles({ name: `empty-${suffix}.csv`, mimeType: 'text/csv', buffer: Buffer.alloc(0) });
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Empty export');
    await expect(dialog.getByRole('alert')).toHaveText(
      `“empty-${suffix}.csv” is empty (0 bytes). Choose a file with content.`,
    );
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('a slow upload shows percent and bytes, then the file is listed', async () => {
    const unthrottle = await throttleUploads(page, 256 * 1024);
    const name = `scan-${suffix}.pdf`;
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    await dialog
      .getByTestId('upload-file-input')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: randomBytes(1024 * 1024) });
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Scanned contract');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const progress = dialog.getByTestId('upload-progress');
    await expect(progress).toHaveText(/^([1-9]|[1-9]\d)% · \d+(\.\d)? (bytes|kB) of 1\.0 MB$/);
    const bar = progress.getByRole('progressbar', { name: 'Upload progress' });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await unthrottle();
    await expect(page.getByText('The file was uploaded.')).toBeVisible();
    await page.getByPlaceholder('Search', { exact: true }).fill(name);
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    await page.getByPlaceholder('Search', { exact: true }).fill('');
  });

  await test.step('Cancel aborts a large upload: no file and no blob is kept', async () => {
    const blobsBefore = await storedBlobs(server.dataDir);
    const unthrottle = await throttleUploads(page, 512 * 1024);
    const name = `archive-${suffix}.zip`;
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    await dialog
      .getByTestId('upload-file-input')
      .setInputFiles({ name, mimeType: 'application/zip', buffer: randomBytes(20 * 1024 * 1024) });
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Large archive');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByTestId('upload-progress')).toHaveText(/^\d+% · .+ of 20\.0 MB$/);
    await expect
      .poll(async () =>
        Number(await dialog.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')),
      )
      .toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The upload was cancelled; nothing was stored.')).toBeVisible();
    await unthrottle();

    const headers = { Authorization: `Bearer ${(await signInThroughApi(request)).access_token}` };
    await expect
      .poll(async () => (await (await request.get(`/api/files/search/?query=${name}`, { headers })).json()).total, {
        timeout: 15_000,
      })
      .toBe(0);
    await expect.poll(() => storedBlobs(server.dataDir), { timeout: 15_000 }).toEqual(blobsBefore);
    await page.getByPlaceholder('Search', { exact: true }).fill(name);
    await expect(page).toHaveURL(new RegExp(`search=${name}`));
    await expect(page.getByRole('cell', { name, exact: true })).toBeHidden();
  });
});
