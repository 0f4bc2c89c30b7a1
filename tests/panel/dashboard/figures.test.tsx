import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { territoryOf } from '../../../src/resources/careRequests/parts/TerritoryChip';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID } from '../support/fakeAuthService';
import { createFakeMailService } from '../support/fakeMailService';
import { createFakeRolePolicy, DISPATCHER_UID, type FakeRolePolicy, NURSE_UID } from '../support/fakeRolePolicy';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

const backend = withFakeBackend();
let policy: FakeRolePolicy;

beforeEach(() => {
  policy = createFakeRolePolicy(() => backend.service);
  policy.addUsers();
  backend.server.use(...policy.handlers, ...createFakeMailService(() => backend.service).handlers);
});

async function openDashboard(uid: string) {
  storeRefreshToken(backend.service, uid);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent('/dashboard')}`);
  await waitFor(() => expect(currentUrl()).toBe('/dashboard'));
  return rendered;
}

// the dashboard is loaded lazily: its first render in a file transforms its modules
const card = (title: string) => screen.findByRole('region', { name: title }, { timeout: 15_000 });
const figureLink = async (region: HTMLElement, name: string) => within(region).findByRole('link', { name });

describe('dashboard figures', () => {
  it('shows every figure to a user holding every permission, each linking to its screen', async () => {
    await openDashboard(ADMIN_UID);
    const mail = await card('Mail delivery');
    expect(await figureLink(mail, 'Queued 3')).toHaveAttribute('href', '/mailman/queue/');
    expect(await figureLink(mail, 'Waiting for another attempt 2')).toHaveAttribute(
      'href',
      '/mailman/failed-temporarily/',
    );
    expect(await figureLink(mail, 'Failed permanently 1')).toHaveAttribute('href', '/mailman/failed-permanently/');
    expect(await figureLink(mail, 'Delivered today 1,234')).toHaveAttribute('href', '/mailman/delivered/');
    expect(within(mail).getByText('1 mail failed permanently and will not be sent on its own.')).toBeInTheDocument();
    expect(within(mail).getByRole('link', { name: 'Review failed mails' })).toHaveAttribute(
      'href',
      '/mailman/failed-permanently/',
    );

    const files = await card('Files');
    expect(await figureLink(files, 'Files stored 1,000,000')).toHaveAttribute('href', '/filebucket/search/');
    expect(await figureLink(files, 'Total size 3.0 GB')).toHaveAttribute('href', '/filebucket/search/');

    const tokens = await card('API access tokens expiring within 14 days');
    expect(await figureLink(tokens, 'Filebucket 2')).toHaveAttribute('href', '/filebucket/api-keys/');
    expect(await figureLink(tokens, 'Pricing 0')).toHaveAttribute('href', '/pricing/api-keys/');

    const users = await card('Users');
    expect(await figureLink(users, 'Locked out 1')).toHaveAttribute('href', '/users/');

    const care = await card('Care requests per week');
    expect(
      await within(care).findByText('64 care requests: 29 in the core territory, 18 in the optional territory.'),
    ).toBeInTheDocument();
    expect(within(care).getByText('The last 12 weeks, days in Europe/Berlin')).toBeInTheDocument();
    expect(within(care).getByRole('link', { name: 'Open the incoming care requests' })).toHaveAttribute(
      'href',
      '/archive/incoming-care-requests/',
    );
    expect([...backend.statisticsHits].sort()).toEqual([
      'care',
      'fileTokens',
      'files',
      'mail',
      'pricingTokens',
      'users',
    ]);
  });

  it('shows a care:work holder their own work: a card of three counts, each a link to its quick view', async () => {
    await openDashboard(ADMIN_UID);
    const card = await screen.findByRole('region', { name: 'My work' }, { timeout: 15_000 });
    expect(await within(card).findByRole('link', { name: 'My requests 2' })).toHaveAttribute(
      'href',
      '/archive/incoming-care-requests/?status=new%2Ccontacting%2Coffer_sent&assignee=me',
    );
    expect(await within(card).findByRole('link', { name: 'Unassigned new 4' })).toHaveAttribute(
      'href',
      '/archive/incoming-care-requests/?status=new&assignee=none',
    );
    expect(await within(card).findByRole('link', { name: 'Follow-ups due 1' })).toHaveAttribute(
      'href',
      expect.stringMatching(/status=new%2Ccontacting%2Coffer_sent&follow_up__to=\d{4}-\d{2}-\d{2}$/),
    );
  });

  it('asks no call to action while no mail has failed', async () => {
    backend.statistics.mail.failed = 0;
    await openDashboard(ADMIN_UID);
    const mail = await card('Mail delivery');
    await figureLink(mail, 'Failed permanently 0');
    expect(within(mail).queryByRole('link', { name: 'Review failed mails' })).not.toBeInTheDocument();
  });

  it('a figure link opens its screen', async () => {
    const { user } = await openDashboard(ADMIN_UID);
    await user.click(await figureLink(await card('Mail delivery'), 'Queued 3'));
    await waitFor(() => expect(currentUrl()).toBe('/mailman/queue/'));
  });

  it('shows a user only the figures of their permissions, and reads no others', async () => {
    await openDashboard(DISPATCHER_UID);
    await card('Mail delivery');
    await card('Files');
    await card('Care requests per week');
    expect(screen.queryByRole('region', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'API access tokens expiring within 14 days' })).not.toBeInTheDocument();
    await waitFor(() => expect(new Set(backend.statisticsHits)).toEqual(new Set(['mail', 'files', 'care'])));
  });

  it('shows a user holding only files:read the file figures alone', async () => {
    policy.policy.set('caregiver', ['files:read']);
    await openDashboard(NURSE_UID);
    await figureLink(await card('Files'), 'Files stored 1,000,000');
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(['Files']);
    expect(backend.statisticsHits.every((hit) => hit === 'files')).toBe(true);
  });

  it('says so when figures cannot be loaded, and still shows the others', async () => {
    backend.statistics.users = null as never;
    await openDashboard(ADMIN_UID);
    expect(
      await within(await card('Users')).findByText('These figures could not be loaded.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await figureLink(await card('Files'), 'Files stored 1,000,000');
  });

  it("colours the chart's territories as the care lists' territory chips do", async () => {
    await openDashboard(ADMIN_UID);
    const care = await card('Care requests per week');
    // the chart is loaded on its own: its legend's marks may come after its labels
    const legendColor = (label: string) =>
      within(care).queryByText(label)?.closest('li')?.querySelector('rect')?.getAttribute('fill');
    const chip = (kind: 'core' | 'optional') =>
      territoryOf({ core_territory: kind === 'core', optional_territory: kind === 'optional', partialZipCode: null })
        .color;
    await waitFor(() => expect(legendColor('Core territory')).toBe(chip('core')));
    await waitFor(() => expect(legendColor('Optional territory')).toBe(chip('optional')));
    expect(chip('core')).not.toBe(chip('optional'));
  });

  it('lays the German failed-mail alert out across its whole width: the button wraps under the text, not beside it', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify('de'));
    await openDashboard(ADMIN_UID);
    const mail = await card('Mailversand');
    const review = await within(mail).findByRole('link', { name: 'Fehlgeschlagene Mails prüfen' });
    const alert = within(mail).getByRole('alert');
    expect(alert.querySelector('.MuiAlert-action')).toBeNull(); // MUI's action column squeezed the sentence
    const call = within(alert).getByTestId('failed-mail-call');
    expect(call).toContainElement(review);
    expect(getComputedStyle(call).flexWrap).toBe('wrap');
    const sentence = within(call).getByText(/endgültig fehlgeschlagen/);
    expect(getComputedStyle(sentence).overflowWrap).toBe('break-word');
  });

  it('speaks German', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify('de'));
    await openDashboard(ADMIN_UID);
    const mail = await card('Mailversand');
    expect(await figureLink(mail, 'Heute zugestellt 1.234')).toHaveAttribute('href', '/mailman/delivered/');
    expect(await figureLink(await card('Dateien'), 'Gesamtgröße 3,0 GB')).toBeInTheDocument();
    expect(
      await within(await card('Betreuungsanfragen pro Woche')).findByText(
        '64 Betreuungsanfragen: 29 im Kerngebiet, 18 im erweiterten Gebiet.',
      ),
    ).toBeInTheDocument();
  });
});
