import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { de } from 'date-fns/locale';
import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../src/resources/careRequests/incoming/IncomingCareRequestList';
import type { Info } from '../../../contracts/auth';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import type { createAuthProvider } from '../../../src/login/authProvider';
import { ADMIN_UID, AUTH_URL, ORIGIN } from '../support/fakeAuthService';
import { archived2016, UID_2016, withFakeCareBackend } from '../support/fakeCareService';
import { renderApp, storeRefreshToken } from '../support/renderApp';

/**
 * The contract: the authProvider's getPermissions answers /info/'s `permissions`. Where the panel does not
 * read them yet, this stands in for it; once it does, its own answer is used.
 */
vi.mock('../../../src/login/authProvider', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/login/authProvider')>();
  return {
    ...original,
    createAuthProvider: (options: Parameters<typeof createAuthProvider>[0]) => {
      const provider = original.createAuthProvider(options);
      return {
        ...provider,
        getPermissions: async (params: unknown) =>
          (await provider.getPermissions?.(params)) ??
          ((await options.httpClient(`${options.session.authUrl}/info/`)).json as Static<typeof Info>).permissions,
      };
    },
  };
});

const fake = withFakeCareBackend();
const CONTACT_URL = `${ORIGIN}/api/care/archived/care-requests/:uid/contact/`;
/** 2026-04-02 09:00 UTC. */
const ERASED_AT = 1_775_120_400;

const CONTACT = {
  salutation: 'mrs',
  academic_title: 'dr',
  first_name: 'Erika',
  last_name: 'Mustermann',
  phone: '+49 30 1234567',
  email: 'erika@example.org',
  notes: 'Call after 5 pm',
  mission_zip_code: '10115',
  mission_city: 'Berlin',
};

const server = {
  permissions: ['care:read', 'care:contact'] as string[],
  erased: null as number | null,
  contactReads: 0,
  erasures: 0,
};

beforeEach(() => {
  server.permissions = ['care:read', 'care:contact'];
  server.erased = null;
  server.contactReads = 0;
  server.erasures = 0;
  fake.backend.server.use(
    http.get(`${AUTH_URL}/info/`, () =>
      HttpResponse.json({
        uid: ADMIN_UID,
        public_name: 'Alice Admin',
        roles: ['dispatcher'],
        permissions: server.permissions,
      }),
    ),
    http.get(`${ORIGIN}/api/care/archived/care-requests/:uid/`, ({ params }) =>
      params.uid === UID_2016
        ? HttpResponse.json({ ...archived2016(), contact_erased: server.erased })
        : HttpResponse.json(
            { type: '/problems/not-found', title: 'Not Found', status: 404, detail: 'no such request' },
            { status: 404 },
          ),
    ),
    http.get(CONTACT_URL, () => {
      server.contactReads += 1;
      if (server.erased !== null)
        return HttpResponse.json(
          { type: '/problems/contact-erased', title: 'Gone', status: 410, detail: 'The contact data was erased.' },
          { status: 410 },
        );
      return HttpResponse.json(CONTACT);
    }),
    http.delete(CONTACT_URL, () => {
      server.erasures += 1;
      server.erased = ERASED_AT;
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

async function openArchived() {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent('/archive/incoming-care-requests/')}`);
  await screen.findByText('caredesk.example');
  const cell = screen.getAllByText('caredesk.example').find((element) => element.closest('tbody tr'))!;
  await rendered.user.click(
    within(cell.closest('tr')!).getByRole('button', { name: /^(Open archived request|Archivierte Anfrage öffnen)$/ }),
  );
  return { ...rendered, view: await screen.findByTestId('archived-request') };
}

describe('contact data of an archived request', () => {
  it('is loaded only on request, then shows every field', async () => {
    const { user, view } = await openArchived();
    const contact = within(view).getByTestId('care-contact');
    expect(contact).toHaveTextContent('every read is recorded in the audit trail');
    expect(server.contactReads).toBe(0);
    await user.click(within(contact).getByRole('button', { name: 'Show contact data' }));
    const data = await within(contact).findByTestId('care-contact-data');
    expect(server.contactReads).toBe(1);
    for (const text of [
      'Mrs.',
      'Dr.',
      'Erika',
      'Mustermann',
      '+49 30 1234567',
      'erika@example.org',
      'Call after 5 pm',
      '10115',
      'Berlin',
    ]) {
      expect(data).toHaveTextContent(text);
    }
    expect(within(contact).queryByRole('button', { name: 'Show contact data' })).not.toBeInTheDocument();
  });

  it('is not offered without care:contact', async () => {
    server.permissions = ['care:read'];
    const { view } = await openArchived();
    expect(within(view).getByTestId('archived-sidebar')).toBeInTheDocument();
    expect(within(view).queryByTestId('care-contact')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show contact data' })).not.toBeInTheDocument();
  });

  it('is erased after confirmation (DELETE .../contact/), after which the view says since when; Cancel erases nothing', async () => {
    const { user, view } = await openArchived();
    const contact = within(view).getByTestId('care-contact');
    await user.click(within(contact).getByRole('button', { name: 'Show contact data' }));
    await within(contact).findByTestId('care-contact-data');

    await user.click(within(contact).getByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase the personal data?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Erase the personal data?' })).not.toBeInTheDocument(),
    );
    expect(server.erasures).toBe(0);

    await user.click(within(contact).getByRole('button', { name: 'Erase personal data' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Erase the personal data?' })).getByRole('button', {
        name: 'Erase personal data',
      }),
    );
    expect(await screen.findByText('The personal data has been erased.')).toBeInTheDocument();
    expect(server.erasures).toBe(1);
    const erasedOn = `Personal data erased on ${format(new Date(ERASED_AT * 1000), 'Pp')}.`;
    await waitFor(() => expect(within(screen.getByTestId('care-contact')).getByText(erasedOn)).toBeInTheDocument());
    expect(screen.queryByTestId('care-contact-data')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('care-contact')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('of an erased request shows the erasure date and offers nothing', async () => {
    server.erased = ERASED_AT;
    const { view } = await openArchived();
    const contact = within(view).getByTestId('care-contact');
    expect(contact).toHaveTextContent(`Personal data erased on ${format(new Date(ERASED_AT * 1000), 'Pp')}.`);
    expect(within(contact).queryByRole('button')).not.toBeInTheDocument();
  });

  it('answered 410 (erased meanwhile) says it has been erased', async () => {
    const { user, view } = await openArchived();
    server.erased = ERASED_AT;
    const contact = within(view).getByTestId('care-contact');
    await user.click(within(contact).getByRole('button', { name: 'Show contact data' }));
    expect(await within(contact).findByText('The personal data of this request has been erased.')).toBeInTheDocument();
    expect(within(contact).queryByRole('button', { name: 'Erase personal data' })).not.toBeInTheDocument();
  });

  it('is in German', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
    const { user, view } = await openArchived();
    const contact = within(view).getByTestId('care-contact');
    expect(contact).toHaveTextContent('Kontakt');
    await user.click(within(contact).getByRole('button', { name: 'Kontaktdaten anzeigen' }));
    const data = await within(contact).findByTestId('care-contact-data');
    for (const text of ['Anrede', 'Frau', 'Vorname', 'Nachname', 'Telefon', 'PLZ des Einsatzorts', 'Ort des Einsatzes'])
      expect(data).toHaveTextContent(text);
    await user.click(within(contact).getByRole('button', { name: 'Personenbezogene Daten löschen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Personenbezogene Daten löschen?' })).getByRole('button', {
        name: 'Personenbezogene Daten löschen',
      }),
    );
    const erasedOn = `Personenbezogene Daten gelöscht am ${format(new Date(ERASED_AT * 1000), 'Pp', { locale: de })}.`;
    await waitFor(() => expect(within(screen.getByTestId('care-contact')).getByText(erasedOn)).toBeInTheDocument());
  });
});
