import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { E2E_ADMIN } from '../../playwright.config';

/**
 * End to end: mail providers and accounts configured through the panel, a test mail sent through the panel,
 * delivered by the server's worker to a local SMTP peer (no auth, no TLS) and listed under Delivered Mails.
 */

interface ReceivedMail {
  from: string;
  recipients: string[];
  raw: string;
}

const received: ReceivedMail[] = [];
/** The peer refuses this recipient at RCPT TO with 550 and accepts every other. */
const REFUSED_RECIPIENT = 'gone@example.org';
let peer: SMTPServer;
let peerPort = 0;

test.beforeAll(async () => {
  peer = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // close() ends the server's pooled connections after this instead of the default 30 s, which left both workers idle
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED_RECIPIENT)
        return callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          recipients: session.envelope.rcptTo.map((entry) => entry.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    peer.once('error', reject);
    peer.listen(0, '127.0.0.1', () => resolve());
  });
  peerPort = (peer.server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => peer.close(() => resolve()));
});

async function signIn(page: Page) {
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('staff configure a provider and an account, send a test mail and see it delivered', async ({ page }) => {
  const providerName = `E2E Peer ${peerPort}`;
  const sender = 'e2e-sender@caredesk.test';
  const recipient = 'nurse@example.org';
  const subject = `Caredesk e2e ${Date.now()}`;

  await test.step('sign in and open the providers', async () => {
    await page.goto('/mailman/providers/');
    await expect(page).toHaveURL(/\/login\?redirect_to=%2Fmailman%2Fproviders%2F/);
    await signIn(page);
    await expect(page).toHaveURL(/\/mailman\/providers\/$/);
    await expect(page.getByText('Mail Delivery')).toBeVisible();
  });

  await test.step('add a provider for the local SMTP peer', async () => {
    // the toolbar's (a fresh server's empty list offers a second one)
    await page.getByRole('link', { name: 'Add' }).first().click();
    await expect(page).toHaveURL(/\/mailman\/providers\/add\/$/);
    await page.getByLabel('Name').fill(providerName);
    await page.getByLabel('Host').fill('127.0.0.1');
    await expect(page.getByText('Minimum 4 characters required')).toHaveCount(0);
    await page.getByLabel('Port').fill(String(peerPort));
    await page.getByRole('combobox', { name: /^Security/ }).click();
    await page.getByRole('option', { name: 'No Security' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/mailman\/providers\/$/);
    const row = page.getByRole('row').filter({ hasText: providerName });
    await expect(row.getByText('No Security')).toBeVisible();
    await expect(row.getByRole('cell', { name: String(peerPort), exact: true })).toBeVisible();
  });

  await test.step('add an account for the sender', async () => {
    await page.getByRole('menuitem', { name: 'Accounts' }).click();
    await expect(page).toHaveURL(/\/mailman\/accounts\/$/);
    await page.getByRole('link', { name: 'Add' }).first().click();
    await expect(page).toHaveURL(/\/mailman\/accounts\/add\/$/);
    await page.getByLabel('Regular Expression').fill('^e2e-sender@caredesk\\.test$');
    await page.getByRole('combobox', { name: /^Provider/ }).click();
    await page.getByRole('option', { name: `${providerName} (127.0.0.1)` }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/mailman\/accounts\/$/);
    // accounts keep their matching order, so earlier tests' accounts may fill the first page
    await page.getByPlaceholder('Search', { exact: true }).fill(providerName);
    await expect(page.getByRole('row').filter({ hasText: providerName }).getByText('No credentials')).toBeVisible();
  });

  await test.step('send a test mail through the panel', async () => {
    const row = page.getByRole('row').filter({ hasText: '^e2e-sender@caredesk\\.test$' });
    await row.getByRole('button', { name: /^Send test mail/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a test mail' });
    await expect(dialog.getByLabel('Sender')).toHaveValue(sender);
    await dialog.getByLabel('Recipient').fill(recipient);
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText(/^The mail was queued with the reference [0-9a-f-]{36}\.$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the mail moves to Delivered Mails and the peer received it', async () => {
    await page.getByRole('menuitem', { name: 'Delivered Mails' }).click();
    await expect(page).toHaveURL(/\/mailman\/delivered\/$/);
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(async () => {
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row.getByText(recipient, { exact: true })).toBeVisible();
    await expect(row.getByText(sender, { exact: true })).toBeVisible();

    const mail = received.find((entry) => entry.raw.includes(subject));
    expect(mail, 'the SMTP peer received the test mail').toBeDefined();
    expect(mail!.from).toBe(sender);
    expect(mail!.recipients).toEqual([recipient]);
  });
});

test('a mail the provider refused for one of its recipients is listed as delivered and marked, with the reply', async ({
  page,
  request,
}) => {
  const subject = `Caredesk partly refused ${Date.now()}`;
  const sender = 'office@partly.caredesk.test';

  await test.step('a provider and account for the peer, and a mail to an accepted and a refused recipient, through the API', async () => {
    const basic = Buffer.from(`${E2E_ADMIN.username}:${E2E_ADMIN.password}`).toString('base64');
    const { access_token: token } = await (
      await request.post('/api/auth/token/', { headers: { authorization: `Basic ${basic}` } })
    ).json();
    const headers = { authorization: `Bearer ${token}` };
    const provider = await (
      await request.post('/api/mail/administration/providers/', {
        headers,
        data: { name: 'Partly peer', host: '127.0.0.1', port: peerPort, security: 'none' },
      })
    ).json();
    expect(
      (
        await request.post('/api/mail/administration/accounts/', {
          headers,
          data: { expression: '@partly\\.caredesk\\.test$', provider: { uid: provider.uid }, credentials: null },
        })
      ).status(),
    ).toBe(201);
    const sent = await request.post('/api/mail/send/', {
      headers,
      data: { sender, to: ['nurse@example.org', REFUSED_RECIPIENT], subject, message: 'Hello' },
    });
    expect(sent.status()).toBe(202);
  });

  await test.step('the Delivered list marks the row; its tooltip names the refused recipient with the reply', async () => {
    await page.goto('/mailman/delivered/');
    await signIn(page);
    await expect(page).toHaveURL(/\/mailman\/delivered\/$/);
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(async () => {
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const chip = row.getByText('1 recipient refused');
    await chip.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText(`${REFUSED_RECIPIENT}: 550 5.1.1 Mailbox unavailable`);
    expect(received.find((entry) => entry.raw.includes(subject))?.recipients).toEqual(['nurse@example.org']);
  });
});
