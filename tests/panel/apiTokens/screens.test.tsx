import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../src/resources/apiTokens/FileApiTokens';
import '../../../src/resources/apiTokens/PricingApiTokens';
import { endOfDaySeconds, todayString } from '../../../src/resources/apiTokens/tokenRules';
import { REVOKED_TOKEN_UID, TOKEN_UID, withFakeFilesBackend } from '../support/fakeFilesService';
import { expectPanelPager } from '../support/pager';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';
import { dateField, typeDate, typeDay } from '../support/dateFields';

const EXPIRY = /^Expiry date/;

const fake = withFakeFilesBackend();

async function openTokens(path: string) {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path));
  await screen.findByText('billing-export');
  return rendered;
}

const row = (text: string) => {
  const cell = screen.getAllByText(text).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${text}`);
  return cell.closest('tr') as HTMLElement;
};

const addDays = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return todayString(date);
};

describe('API access token screens', () => {
  it('lists the file tokens with Created, By (public name or Unknown), Service, Expires, Revoked and actions', async () => {
    await openTokens('/filebucket/api-keys/');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Created', 'By', 'Service', 'Expires', 'Revoked', 'Actions']));
    const active = row('billing-export');
    await within(active).findByText('Alice Admin');
    expect(within(active).getByText('Never')).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Revoke billing-export' })).toBeInTheDocument();
    expect(within(active).queryAllByRole('checkbox')).toHaveLength(0); // no action works on several tokens: no selection
    const revoked = row('old-portal');
    await within(revoked).findByText('Unknown');
    expect(within(revoked).queryByRole('button', { name: 'Revoke old-portal' })).not.toBeInTheDocument();
    expect(within(revoked).getByRole('button', { name: 'Delete old-portal' })).toBeInTheDocument();
    expect(within(revoked).getByText(new Date(1_767_100_000_000).toLocaleString('en'))).toBeInTheDocument();
  });

  it('shows 10 tokens per page by default, with 10, 25, 50 and 100 to choose', async () => {
    const [first] = fake.files.tokens.files;
    for (let index = 0; index < 12; index += 1) {
      fake.files.tokens.files.push({
        ...first,
        uid: `t0000000-0000-4000-8000-1000000000${String(index).padStart(2, '0')}`,
        service: `bulk-${index}`,
        created: first.created - 100 - index,
      });
    }
    const { user } = await openTokens('/filebucket/api-keys/');
    await expectPanelPager(user, 10, '1-10 of 14');
  });

  it('searches locally', async () => {
    const { user } = await openTokens('/filebucket/api-keys/');
    const loads = fake.files.hits('GET', '/api/files/administration/access-tokens/').length;
    await user.type(screen.getByPlaceholderText('Search'), 'portal');
    await waitFor(() => expect(screen.queryByText('billing-export')).not.toBeInTheDocument());
    expect(screen.getByText('old-portal')).toBeInTheDocument();
    expect(fake.files.hits('GET', '/api/files/administration/access-tokens/').length - loads).toBeLessThanOrEqual(2);
  });

  it('adds a pricing token with a generated value and an expiry at the end of the chosen day', async () => {
    const { user } = await openTokens('/pricing/api-keys/');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    const service = within(dialog).getByRole('textbox', { name: /^Service/ });
    await waitFor(() => expect(service).toHaveFocus());
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.type(service, 'route-planner');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    const token = within(dialog).getByRole('textbox', { name: /^Token/ });
    expect((token as HTMLInputElement).value).toMatch(/^.{32}\d$/);
    expect(save).toBeEnabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'The token expires' }));
    expect(save).toBeDisabled();
    // ticking the box does not call the empty day wrong before the person has left the field
    expect(within(dialog).queryByText('This field is required')).not.toBeInTheDocument();
    await user.click(dateField(EXPIRY).sections()[0]);
    await user.click(service);
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    // the field applies a typed date after its last key: wait for it on a busy machine
    await typeDay(user, EXPIRY, addDays(-1));
    expect(await within(dialog).findByText('The expiry date cannot be before today')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await typeDay(user, EXPIRY, addDays(7));
    await waitFor(() => expect(save).toBeEnabled());

    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [request] = fake.files.hits('POST', '/api/pricing/administration/access-tokens/');
    expect(request.body).toEqual({
      service: 'route-planner',
      token: (token as HTMLInputElement).value,
      expires: endOfDaySeconds(addDays(7)),
    });
    expect(fake.files.hits('POST', '/api/files/administration/access-tokens/')).toHaveLength(0);
    await screen.findByText('route-planner');
  });

  it('takes the expiry as TT.MM.JJJJ in German, whatever the browser speaks', async () => {
    window.localStorage.setItem('RaStore.locale', '"de"');
    const { user } = await openTokens('/pricing/api-keys/');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Dienst/ }), 'route-planner');
    await user.click(within(dialog).getByRole('button', { name: 'Generieren' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Das Token läuft ab' }));
    expect(dateField(/^Ablaufdatum/).text()).toBe('');
    await typeDate(user, /^Ablaufdatum/, '0102');
    await waitFor(() => expect(dateField(/^Ablaufdatum/).text()).toBe('01.02.JJJJ'));
    await user.keyboard('2099');
    await waitFor(() => expect(dateField(/^Ablaufdatum/).text()).toBe('01.02.2099'));
    const save = within(dialog).getByRole('button', { name: 'Speichern' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(fake.files.hits('POST', '/api/pricing/administration/access-tokens/')).toHaveLength(1));
    expect(fake.files.hits('POST', '/api/pricing/administration/access-tokens/')[0].body).toMatchObject({
      expires: endOfDaySeconds('2099-02-01'),
    });
  });

  it('shows add errors in the dialog and ends the loading state', async () => {
    const { user } = await openTokens('/filebucket/api-keys/');
    fake.files.state.tokenProblem = fake.files.problem(409, 'Conflict', 'The token is already stored.', 'token');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Service/ }), 'dup');
    await user.type(within(dialog).getByRole('textbox', { name: /^Token/ }), 'same-token');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Conflict: The token is already stored. (in field Token)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("shows the value's last four characters, a dash for a token added before they were kept", async () => {
    await openTokens('/filebucket/api-keys/');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).toContain('Ends with');
    expect(within(row('billing-export')).getByTestId('token-last-four')).toHaveTextContent(/^…a1b2$/);
    expect(within(row('old-portal')).getByTestId('token-last-four')).toHaveTextContent(/^—$/);
  });

  it('keeps Delete in its place on revoked rows: Revoke has a slot of its own, empty when not offered', async () => {
    await openTokens('/filebucket/api-keys/');
    const slots = (name: string) => within(row(name)).getAllByTestId('token-action-slot');
    const [activeRevoke, activeDelete] = slots('billing-export');
    const [revokedRevoke, revokedDelete] = slots('old-portal');
    expect(within(activeRevoke).getByRole('button', { name: 'Revoke billing-export' })).toBeInTheDocument();
    expect(revokedRevoke).toBeEmptyDOMElement();
    expect(within(activeDelete).getByRole('button', { name: 'Delete billing-export' })).toBeInTheDocument();
    expect(within(revokedDelete).getByRole('button', { name: 'Delete old-portal' })).toBeInTheDocument();
    for (const slot of [revokedRevoke, activeRevoke]) expect(getComputedStyle(slot).width).toBe('30px');
  });

  it('a tooltip stays away after Escape while the pointer rests on the button, and shows again once it left', async () => {
    const { user } = await openTokens('/filebucket/api-keys/');
    const remove = screen.getByRole('button', { name: 'Delete billing-export' });
    await user.click(remove);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toHaveFocus());
    // what a browser sends when the backdrop under a resting pointer goes away
    fireEvent.mouseOver(remove);
    await new Promise((resolve) => setTimeout(resolve, 400)); // longer than the tooltip's enter delay
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    fireEvent.mouseLeave(remove);
    fireEvent.mouseOver(remove);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete');
  });

  it('copies a generated token with the Copy button and says so; a refused clipboard says how to copy by hand', async () => {
    const { user } = await openTokens('/filebucket/api-keys/');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    const token = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Token/ });
    await user.type(token, 'typed-by-hand-value');
    expect(within(dialog).queryByRole('button', { name: 'Copy token' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy token' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(token.value);

    const refuse = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy token' }));
    expect(
      await screen.findByText('The browser did not allow copying. Select the token and copy it with Ctrl+C.'),
    ).toBeInTheDocument();
    refuse.mockRestore();

    await user.type(token, 'x');
    expect(within(dialog).queryByRole('button', { name: 'Copy token' })).not.toBeInTheDocument();
  });

  it('the revoke and delete buttons leave no tooltip behind after a dialog closed with Escape', async () => {
    const { user } = await openTokens('/filebucket/api-keys/');
    for (const name of ['Revoke billing-export', 'Delete billing-export', 'Delete old-portal']) {
      await user.click(screen.getByRole('button', { name }));
      await screen.findByRole('dialog');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await new Promise((resolve) => setTimeout(resolve, 400)); // longer than the tooltip's enter delay
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    }
  });

  it('deletes after the confirmation with the spec wording', async () => {
    const { user } = await openTokens('/filebucket/api-keys/');
    await user.click(within(row('billing-export')).getByRole('button', { name: 'Delete billing-export' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('You are about to delete the access token for the service billing-export!'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this access token? External services who use this token may not function anymore.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.files.hits('DELETE', `/api/files/administration/access-tokens/${TOKEN_UID}/`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('billing-export')).not.toBeInTheDocument());
  });

  it('revokes after the confirmation with the spec wording; errors stay in the dialog', async () => {
    const { user } = await openTokens('/filebucket/api-keys/');
    await user.click(within(row('billing-export')).getByRole('button', { name: 'Revoke billing-export' }));
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('You are about to revoke the access token for the service billing-export!'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Are you sure you want to revoke this access token? External services who use this token may not function anymore.',
      ),
    ).toBeInTheDocument();

    fake.files.state.tokenProblem = fake.files.problem(409, 'Conflict', 'Already revoked.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText('Conflict: Already revoked.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Revoke' })).toBeEnabled();

    fake.files.state.tokenProblem = null;
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.files.hits('PUT', `/api/files/administration/access-tokens/${TOKEN_UID}/revoke/`)).toHaveLength(2);
    await waitFor(() =>
      expect(
        within(row('billing-export')).queryByRole('button', { name: 'Revoke billing-export' }),
      ).not.toBeInTheDocument(),
    );
    expect(fake.files.hits('PUT', `/api/files/administration/access-tokens/${REVOKED_TOKEN_UID}/revoke/`)).toHaveLength(
      0,
    );
    dialog = screen.queryByRole('dialog') as HTMLElement;
    expect(dialog).toBeNull();
  });
});
