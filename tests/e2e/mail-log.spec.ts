import { expect, test } from './support/fixtures';
import { adminApi, expectJson, type AdminApi } from './support/api';
import { seedAccount, seedProvider, sendMail, uniqueSuffix } from './support/seed';
import { signInWithToken } from './support/session';
import { closedPort, startSmtpPeer, type SmtpPeer } from './support/smtpPeer';

/**
 * End to end: mails queued through the real mail service, delivered by its worker to a local SMTP peer (one
 * recipient refused) or retried against a closed port; the Mail Log finds them, filters by state and opens a mail with
 * its attempts and per-recipient replies; Resend and Cancel act on the real service.
 */

let peer: SmtpPeer;

test.beforeAll(async () => {
  peer = await startSmtpPeer();
});

test.afterAll(async () => {
  await peer.close();
});

/** Waits (bounded) until the mail log lists the mail in this state. */
async function waitForState(api: AdminApi, reference: string, subject: string, state: string) {
  await expect(async () => {
    const page = await expectJson<{ items: { reference_uid: string; state: string }[] }>(
      await api.get(`/api/mail/administration/mails/?query=${encodeURIComponent(subject)}`),
      200,
    );
    expect(page.items.find((item) => item.reference_uid === reference)?.state).toBe(state);
  }).toPass({ timeout: 30_000, intervals: [200, 500, 1000] });
}

test('staff find a mail in the log, filter by state, read its attempts, resend it and cancel a retrying one', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const api = await adminApi(request);
  const deliveredSubject = `Maillog zugestellt ${suffix}`;
  const retrySubject = `Maillog wiederholt ${suffix}`;

  const peerProvider = await seedProvider(api, { name: `Log Peer ${suffix}`, host: '127.0.0.1', port: peer.port });
  await seedAccount(api, `^log-${suffix}@caredesk\\.test$`, peerProvider);
  const deadProvider = await seedProvider(api, {
    name: `Log Dead ${suffix}`,
    host: '127.0.0.1',
    port: await closedPort(),
  });
  await seedAccount(api, `^dead-${suffix}@caredesk\\.test$`, deadProvider);

  const delivered = await sendMail(api, {
    sender: `log-${suffix}@caredesk.test`,
    to: [`ok-${suffix}@example.org`, `refused-${suffix}@example.org`],
    subject: deliveredSubject,
  });
  const retrying = await sendMail(api, {
    sender: `dead-${suffix}@caredesk.test`,
    to: [`later-${suffix}@example.org`],
    subject: retrySubject,
  });
  await waitForState(api, delivered, deliveredSubject, 'delivered');
  await waitForState(api, retrying, retrySubject, 'retrying');

  await signInWithToken(page, request);

  await test.step('search the log and filter by state', async () => {
    await page.goto('/mailman/log/');
    await expect(page.getByRole('heading', { name: 'Mail Log' })).toBeVisible();
    await page.getByPlaceholder('A whole address or Message-ID, or any text', { exact: true }).fill(suffix);
    await expect(page.getByRole('row', { name: new RegExp(deliveredSubject) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(retrySubject) })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=${suffix}`));

    await page
      .getByRole('group', { name: 'Show mails in these states' })
      .getByRole('button', { name: 'Delivered' })
      .click();
    await expect(page).toHaveURL(/state=delivered/);
    await expect(page.getByRole('row', { name: new RegExp(retrySubject) })).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(deliveredSubject) })).toBeVisible();
  });

  await test.step('open the delivered mail: its attempt with each recipient accepted or refused', async () => {
    await page.getByRole('link', { name: deliveredSubject }).click();
    await expect(page).toHaveURL(new RegExp(`/mailman/log/${delivered}/$`));
    const facts = page.getByTestId('mail-detail');
    await expect(facts).toContainText('Delivered');
    await expect(facts).toContainText(`<${delivered}@caredesk.test>`);
    await expect(page.getByTestId('mail-body')).toHaveText('Diese Nachricht kommt aus einem Browsertest.');
    const attempt = page.getByTestId('mail-attempt');
    await expect(attempt).toHaveCount(1);
    await expect(attempt).toContainText(`Log Peer ${suffix} (127.0.0.1)`);
    await expect(attempt).toContainText('Delivered');
    await expect(attempt).toContainText(new RegExp(`ok-${suffix}@example\\.org\\s*accepted\\s*250`));
    await expect(attempt).toContainText(new RegExp(`refused-${suffix}@example\\.org\\s*refused\\s*550`));
    await expect(page.getByRole('button', { name: 'Cancel delivery' })).toHaveCount(0);
  });

  await test.step('resend it: the new mail links back to the original', async () => {
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resend' }).click();
    await expect(page).not.toHaveURL(new RegExp(`/mailman/log/${delivered}/$`));
    await expect(page).toHaveURL(/\/mailman\/log\/[0-9a-f-]{36}\/$/);
    await expect(page.getByTestId('mail-detail')).toContainText('Resent from');
    await expect(page.getByRole('link', { name: delivered })).toBeVisible();
  });

  await test.step('cancel the retrying mail', async () => {
    await page.goto(`/mailman/log/?state=retrying&search=${suffix}`);
    await page.getByRole('link', { name: retrySubject }).click();
    await expect(page).toHaveURL(new RegExp(`/mailman/log/${retrying}/$`));
    await expect(page.getByTestId('mail-attempt').first()).toContainText('Will be retried');
    await page.getByRole('button', { name: 'Cancel delivery' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel delivery' }).click();
    await expect(page.getByTestId('mail-detail')).toContainText('Cancelled');
    await expect(page.getByTestId('mail-detail')).toContainText(/by /);
    await expect(page.getByRole('button', { name: 'Cancel delivery' })).toHaveCount(0);
  });

  await test.step('the Delivered Mails list searches all delivered mails and its rows open the detail too', async () => {
    await page.goto('/mailman/delivered/');
    await page.getByPlaceholder('Search', { exact: true }).fill(deliveredSubject);
    await page.locator(`a[href="/mailman/log/${delivered}/"]`).click();
    await expect(page).toHaveURL(new RegExp(`/mailman/log/${delivered}/$`));
  });
});
