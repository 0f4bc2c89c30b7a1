import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/mail/AccountEditor';
import '../../../src/resources/mail/AccountList';
import { senderFromExpression } from '../../../src/resources/mail/senderFromExpression';
import { ACCOUNT_UID } from '../support/fakeMailService';
import { openMailScreen, withFakeMailBackend } from '../support/mailBackend';

const fake = withFakeMailBackend();

describe('sender suggestion', () => {
  it('uses a literal address or a domain pattern, otherwise nothing', () => {
    expect(senderFromExpression('^noreply@caredesk\\.example$')).toBe('noreply@caredesk.example');
    expect(senderFromExpression('office@caredesk.example')).toBe('office@caredesk.example');
    expect(senderFromExpression('.*@intern\\.example$')).toBe('noreply@intern.example');
    expect(senderFromExpression('@intern\\.example$')).toBe('noreply@intern.example');
    expect(senderFromExpression('.*')).toBe('');
  });

  it('takes the first alternative of an expression with |, and only an address the expression matches', () => {
    expect(senderFromExpression('^(a|b)@example\\.org$')).toBe('a@example.org');
    expect(senderFromExpression('@(x|y)\\.de$')).toBe('noreply@x.de');
    expect(senderFromExpression('.*@(?:care|office)\\.example$')).toBe('noreply@care.example');
    expect(senderFromExpression('^noreply@caredesk\\.example$|^info@caredesk\\.example$')).toBe(
      'noreply@caredesk.example',
    );
    expect(senderFromExpression('^(info|office)(\\.team)?@(a|b)\\.example$')).toBe('info.team@a.example');
    expect(senderFromExpression('^(?!admin)(a|b)@x\\.org$')).toBe('');
    expect(senderFromExpression('^(a|b@x\\.org$')).toBe('');
    expect(senderFromExpression('^(.*|b)@x\\.org$')).toBe('noreply@x.org');
    expect(senderFromExpression('^(a|b){2}@x\\.org$')).toBe('');
  });
});

describe('test mail dialog', () => {
  it('sends a test mail for an account from the list and shows the reference', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/accounts/', '.*@intern\\.example$');
    await user.click(screen.getByRole('button', { name: 'Send test mail .*@intern\\.example$' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a test mail' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) });
    const send = () => within(dialog).getByRole('button', { name: 'Send' });

    expect(field('Sender')).toHaveValue('noreply@intern.example');
    expect(field('Recipient')).toHaveValue('');
    expect(field('Subject')).toHaveValue('Caredesk test mail');
    expect(field('Message')).toHaveValue('This is a test mail sent from the Caredesk staff panel.');
    expect(send()).toBeDisabled();

    await user.type(field('Recipient'), 'not-an-address');
    await user.tab();
    expect(within(dialog).getByText('Invalid e-mail.')).toBeInTheDocument();
    expect(send()).toBeDisabled();

    await user.clear(field('Recipient'));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    await user.type(field('Recipient'), 'nurse@example.org');
    await user.clear(field('Subject'));
    await user.type(field('Subject'), 'Hello');
    expect(send()).toBeEnabled();
    await user.click(send());

    expect(await within(dialog).findByText(/^The mail was queued with the reference cccccccc-/)).toBeInTheDocument();
    expect(fake.mail.hits('POST', '/send/').map((entry) => entry.body)).toEqual([
      {
        cc: [],
        sender: 'noreply@intern.example',
        to: ['nurse@example.org'],
        subject: 'Hello',
        message: 'This is a test mail sent from the Caredesk staff panel.',
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leaves no tooltip behind on the list after the dialog closed with Escape', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/accounts/', '.*@intern\\.example$');
    await user.click(screen.getByRole('button', { name: 'Send test mail .*@intern\\.example$' }));
    await screen.findByRole('dialog', { name: 'Send a test mail' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 400)); // longer than the tooltip's enter delay
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('is offered on the account editor and shows send failures in the dialog', async () => {
    const { user } = await openMailScreen(fake.backend, `/mailman/accounts/${ACCOUNT_UID}/`, 'Edit');
    await user.click(await screen.findByRole('button', { name: 'Send test mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a test mail' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) });
    expect(field('Sender')).toHaveValue('noreply@caredesk.example');

    fake.backend.server.use(
      (await import('msw')).http.post('http://localhost:3000/api/mail/send/', () =>
        fake.backend.service.problem(400, 'Bad Request', 'The sender address is invalid.', 'sender'),
      ),
    );
    await user.type(field('Recipient'), 'nurse@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText(
        'The mail could not be sent: Bad Request: The sender address is invalid. (in field Sender)',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
    // the dialog does not submit the account form
    expect(fake.mail.hits('PUT', `/administration/accounts/${ACCOUNT_UID}/`)).toHaveLength(0);
  });
});
