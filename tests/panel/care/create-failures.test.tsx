import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AdminContext } from 'react-admin';
import { checkFormRules, schemaErrors } from '../../../server/intake/form';
import { submitCareRequest } from '../../../src/dataProviders/careRequests/intake';
import '../../../src/resources/careRequests/create/CareRequestCreate';
import { SubmitResultCard } from '../../../src/resources/careRequests/create/SubmitResultCard';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import {
  button,
  fillContact,
  fillMission,
  fillPatient,
  openStepper,
  START_DATE,
  VALID,
  type User,
} from '../support/careStepper';
import { INTAKE_URL, withFakeCareBackend } from '../support/fakeCareService';
import { dateField } from '../support/dateFields';

const fake = withFakeCareBackend();

/** The real intake's problem body for a form: every refused field with the intake's own reason. */
function intakeProblem(form: Record<string, string>) {
  const first = schemaErrors(form);
  const errors = [...first, ...checkFormRules(form, new Set(first.map((error) => error.field)), new Date())];
  const fields = errors.map((error) => error.field).join(', ');
  return {
    type: 'https://caredesk.example/problems/validation-error',
    title: 'Bad Request',
    status: 400,
    detail: `The care request has invalid fields: ${fields}.`,
    field: errors[0].field,
    errors,
  };
}

/** The intake refuses the first submission as if three values had been changed on the way; later ones are accepted. */
function refuseFirstSubmission() {
  const received: Array<Record<string, string>> = [];
  fake.backend.server.use(
    http.post(INTAKE_URL, async ({ request }) => {
      const form = Object.fromEntries((await request.formData()).entries()) as Record<string, string>;
      received.push(form);
      if (received.length > 1)
        return HttpResponse.json(
          { uid: '7a7a7a7a-0000-4000-8000-000000000002', submitted: 1_772_361_000 },
          { status: 201 },
        );
      return HttpResponse.json(intakeProblem({ ...form, EinsatzPLZ: '1011', P1Mobil: '9', Vorname: 'E'.repeat(129) }), {
        status: 400,
        statusText: 'Bad Request',
      });
    }),
  );
  return received;
}

async function submitTwoPatients(user: User) {
  await fillMission(user, { atDate: true });
  await user.click(button('Add a second patient'));
  await fillPatient(user, 0, [
    'Female',
    'Care level 3',
    'Walker',
    'Slightly impaired',
    'No limitations',
    'Highly impaired',
    'Rarely',
  ]);
  await fillPatient(user, 1, [
    'Male',
    'Care level 5',
    'Confined to bed',
    'Not possible',
    'Not possible',
    'Slightly impaired',
    'Frequently',
  ]);
  await user.click(button('Next'));
  await screen.findByRole('textbox', { name: 'First name' });
  await fillContact(user);
  await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Ring twice');
  await user.click(button('Submit request'));
  return screen.findByTestId('care-request-failed');
}

const patientCombobox = (index: number, label: string) =>
  within(document.querySelector(`[data-patient="${index}"]`) as HTMLElement).getByRole('combobox', { name: label });

describe('create care request: the Failed card', { timeout: 180_000 }, () => {
  it('names the refused fields by their label and patient, keeps the raw answer behind Show details, and goes back to the request intact', async () => {
    const received = refuseFirstSubmission();
    const { user } = await openStepper(fake);
    const card = await submitTwoPatients(user);

    expect(within(card).getByText('Failed')).toBeInTheDocument();
    await waitFor(() => expect(card).toHaveFocus());
    expect(within(card).getByTestId('care-request-failure')).toHaveTextContent('Please correct these fields:');
    const items = within(within(card).getByTestId('care-request-refused-fields'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'ZIP code: A ZIP code has exactly 5 digits',
      'First name: At most 128 characters',
      'Mobility (Patient 2): This value is not accepted',
    ]);
    expect(card).not.toHaveTextContent(/EinsatzPLZ|P1Mobil|Vorname|\{/);
    expect(within(card).queryByTestId('care-request-response')).not.toBeInTheDocument();

    const toggle = within(card).getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(card).getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByTestId('care-request-error')).toHaveTextContent(
      '400 Bad Request: Bad Request: The care request has invalid fields: EinsatzPLZ, Vorname, P1Mobil.',
    );
    expect(within(card).getByTestId('care-request-response')).toHaveTextContent('"field": "P1Mobil"');

    await user.click(within(card).getByRole('button', { name: 'Back to the request' }));
    // step 1, where the first refused field is: its values as sent, the intake's reason on the field, focus on it
    const zip = await screen.findByRole('textbox', { name: 'ZIP code' });
    expect(zip).toHaveValue('10115');
    await waitFor(() => expect(zip).toHaveAccessibleDescription('A ZIP code has exactly 5 digits'));
    await waitFor(() => expect(document.activeElement).toBe(zip));
    expect(screen.getByRole('textbox', { name: 'Origin' })).toHaveValue('https://www.caredesk.example');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Berlin');
    expect(screen.getByRole('radio', { name: 'At date' })).toBeChecked();
    expect(dateField(START_DATE).text()).toBe('05/01/2099');
    expect(screen.getByLabelText('Other persons present in the household')).toBeChecked();
    expect(screen.getByLabelText('Newsletter')).toBeChecked();
    expect(screen.getByLabelText(/Grocery shopping/)).not.toBeChecked();
    await user.type(zip, '{Backspace}5');
    expect(zip).not.toHaveAccessibleDescription('A ZIP code has exactly 5 digits');

    await user.click(button('Next'));
    await screen.findByText('Patient 2');
    const expected = [
      ['Female', 'Care level 3', 'Walker', 'Slightly impaired', 'No limitations', 'Highly impaired', 'Rarely'],
      ['Male', 'Care level 5', 'Confined to bed', 'Not possible', 'Not possible', 'Slightly impaired', 'Frequently'],
    ];
    const labels = ['Gender', 'Care level', 'Mobility', 'Hearing', 'Speaking', 'Seeing', 'Night shifts'];
    for (const [index, values] of expected.entries()) {
      for (const [position, label] of labels.entries())
        expect(patientCombobox(index, label)).toHaveTextContent(values[position]);
    }
    await waitFor(() =>
      expect(patientCombobox(1, 'Mobility')).toHaveAccessibleDescription('This value is not accepted'),
    );

    await user.click(button('Next'));
    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    expect(firstName).toHaveValue('Erika');
    await waitFor(() => expect(firstName).toHaveAccessibleDescription('At most 128 characters'));
    expect(screen.getByRole('combobox', { name: 'Title' })).toHaveTextContent('Family');
    expect(screen.getByRole('combobox', { name: 'Academic title' })).toHaveTextContent('Prof. Dr.');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Mustermann');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('030 123');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('erika@example.org');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Ring twice');

    await user.click(button('Submit request'));
    expect(await screen.findByText('The request has been submitted successfully')).toBeInTheDocument();
    expect(received).toHaveLength(2);
    expect(received[1]).toEqual(received[0]);
  });

  it('speaks German in a German panel: labels, reasons, actions', async () => {
    refuseFirstSubmission();
    const result = await submitCareRequest('http://localhost:3000/api/intake', {
      ...VALID,
      patients: [...VALID.patients, ...VALID.patients],
    });
    render(
      <AdminContext i18nProvider={createI18nProvider('de')}>
        <SubmitResultCard result={result} onReset={() => undefined} onBackToRequest={() => undefined} />
      </AdminContext>,
    );
    const card = screen.getByTestId('care-request-failed');
    expect(within(card).getByText('Fehlgeschlagen')).toBeInTheDocument();
    expect(within(card).getByTestId('care-request-failure')).toHaveTextContent('Bitte korrigieren Sie diese Felder:');
    const items = within(card)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Postleitzahl: Eine Postleitzahl hat genau 5 Ziffern',
      'Vorname: Höchstens 128 Zeichen',
      'Mobilität (Patient 2): Dieser Wert wird nicht angenommen',
    ]);
    for (const name of ['Details anzeigen', 'Zurück zur Anfrage', 'Neue Anfrage senden'])
      expect(within(card).getByRole('button', { name })).toBeInTheDocument();
  });
});

describe('create care request: other failures in one translated sentence', () => {
  const renderCard = async (reply: () => Response, locale: 'en' | 'de' = 'en') => {
    fake.state.intakeReply = reply;
    const result = await submitCareRequest('http://localhost:3000/api/intake', VALID);
    render(
      <AdminContext i18nProvider={createI18nProvider(locale)}>
        <SubmitResultCard result={result} onReset={() => undefined} onBackToRequest={() => undefined} />
      </AdminContext>,
    );
    return screen.getByTestId('care-request-failure');
  };
  const problem =
    (status: number, headers: Record<string, string> = {}) =>
    () =>
      HttpResponse.json({ type: 'about:blank', title: 'x', status, detail: 'x' }, { status, headers }) as Response;

  it('429 with Retry-After says when to try again', async () => {
    expect(await renderCard(problem(429, { 'Retry-After': '37' }))).toHaveTextContent(
      'Too many requests were sent from this address. Please try again in 37 seconds.',
    );
  });

  it('429 without Retry-After, in German', async () => {
    expect(await renderCard(problem(429), 'de')).toHaveTextContent(
      'Von dieser Adresse wurden zu viele Anfragen gesendet. Bitte versuchen Sie es in einer Minute erneut.',
    );
  });

  it('413 says the request is too large', async () => {
    expect(await renderCard(problem(413))).toHaveTextContent(
      'The request is too large. Please shorten the notes and try again.',
    );
  });

  it('a network error says the server could not be reached (German too)', async () => {
    expect(await renderCard(() => HttpResponse.error() as Response, 'de')).toHaveTextContent(
      'Der Server ist nicht erreichbar. Bitte prüfen Sie die Netzwerkverbindung und versuchen Sie es erneut.',
    );
  });

  it('a server error and another refusal name the HTTP status', async () => {
    expect(await renderCard(problem(503))).toHaveTextContent(
      'The server could not process the request (HTTP 503). Please try again later.',
    );
  });

  it('a 415 is a refusal', async () => {
    expect(await renderCard(problem(415))).toHaveTextContent('The server refused the request (HTTP 415).');
  });
});
