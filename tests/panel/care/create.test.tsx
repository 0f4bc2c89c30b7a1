import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/careRequests/create/CareRequestCreate';
import { todayIso } from '../../../src/resources/careRequests/create/validators';
import {
  button,
  englishDay,
  errorsShown,
  fillContact,
  fillMission,
  fillPatient,
  openStepper,
  START_DATE,
  choose,
} from '../support/careStepper';
import { withFakeCareBackend } from '../support/fakeCareService';
import { dateField, typeDate, typeDay } from '../support/dateFields';
import { renderApp, storeRefreshToken } from '../support/renderApp';

const fake = withFakeCareBackend();

describe('create care request: validation per step', () => {
  it('step 1 requires zip code (numeric), city and mission begin, and a start date from today on when "at date"', async () => {
    const { user } = await openStepper(fake);
    expect(screen.getByRole('textbox', { name: 'Origin' })).toHaveValue('https://www.caredesk.example');
    expect(screen.getByText('Mission Details')).toBeInTheDocument();

    await user.click(button('Next'));
    await waitFor(() => expect(errorsShown()).toBe(3));
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '10a15');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Berlin');
    await user.click(screen.getByRole('radio', { name: 'At date' }));
    await user.click(button('Next'));
    expect(await screen.findByText('Only digits are allowed')).toBeInTheDocument();
    expect(errorsShown()).toBe(1); // the start date

    await user.clear(screen.getByRole('textbox', { name: 'ZIP code' }));
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '10115');
    await typeDay(user, START_DATE, '2020-01-01');
    await user.click(button('Next'));
    expect(await screen.findByText(`The date must not be before ${englishDay(todayIso())}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a second patient' })).not.toBeInTheDocument();

    await typeDay(user, START_DATE, '2099-05-01');
    await user.click(button('Next'));
    expect(await screen.findByRole('button', { name: 'Add a second patient' })).toBeInTheDocument();
  });

  it('marks the start date required and takes it as TT.MM.JJJJ in German, whatever the browser speaks', async () => {
    window.localStorage.setItem('RaStore.locale', '"de"');
    storeRefreshToken(fake.backend.service);
    const { user } = renderApp(`/?redirect_to=${encodeURIComponent('/customers/create-care-request/')}`);
    await user.type(await screen.findByRole('textbox', { name: 'Postleitzahl' }), '10115');
    await user.type(screen.getByRole('textbox', { name: 'Ort' }), 'Berlin');
    await user.click(screen.getByRole('radio', { name: 'Zum Datum' }));
    const label = await screen.findByText<HTMLLabelElement>(/^Anreisedatum/, { selector: 'label' });
    expect(label.querySelector('.MuiFormLabel-asterisk')).toHaveTextContent('*');
    await typeDate(user, /^Anreisedatum/, '3105');
    await waitFor(() => expect(dateField(/^Anreisedatum/).text()).toBe('31.05.JJJJ'));
    await user.keyboard('2099');
    await waitFor(() => expect(dateField(/^Anreisedatum/).text()).toBe('31.05.2099'));
    await user.click(button('Weiter'));
    expect(await screen.findByRole('button', { name: 'Zweiten Patienten hinzufügen' })).toBeInTheDocument();
  });

  it('step 2 requires every field of each patient; a second patient can be added and removed; Back keeps step 1', async () => {
    const { user } = await openStepper(fake);
    await fillMission(user);

    await user.click(button('Next'));
    await waitFor(() => expect(errorsShown()).toBe(7));
    await user.click(button('Add a second patient'));
    expect(screen.getByText('Patient 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a second patient' })).not.toBeInTheDocument();
    await user.click(button('Next'));
    await waitFor(() => expect(errorsShown()).toBe(14));
    await user.click(button('Remove the second patient'));
    expect(screen.queryByText('Patient 2')).not.toBeInTheDocument();

    await fillPatient(user, 0, [
      'Female',
      'Care level 0',
      'Fully mobile',
      'No limitations',
      'No limitations',
      'No limitations',
      'Never',
    ]);
    await waitFor(() => expect(errorsShown()).toBe(0));
    await user.click(button('Back'));
    expect(await screen.findByRole('textbox', { name: 'ZIP code' })).toHaveValue('10115');
    await user.click(button('Next'));
    await screen.findByRole('button', { name: 'Add a second patient' });
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveTextContent('Female');
    await user.click(button('Next'));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toBeInTheDocument();
  });

  it('step 3 requires title, academic title, names, phone and a valid e-mail; notes are optional', async () => {
    const { user } = await openStepper(fake);
    await fillMission(user);
    await fillPatient(user, 0, [
      'Male',
      'Care level 1',
      'Walker',
      'Slightly impaired',
      'Highly impaired',
      'Not possible',
      'Rarely',
    ]);
    await user.click(button('Next'));
    await screen.findByRole('textbox', { name: 'First name' });

    await user.click(button('Submit request'));
    await waitFor(() => expect(errorsShown()).toBe(6));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'erika@');
    await user.click(button('Submit request'));
    expect(await screen.findByText('Invalid e-mail.')).toBeInTheDocument();
    expect(fake.state.intake).toHaveLength(0);
  });
});

describe('create care request: submission', () => {
  it('POSTs multipart form data with the German field names, shows the Success card and starts over', async () => {
    const { user } = await openStepper(fake);
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
    await user.click(button('Submit request'));

    expect(await screen.findByText('The request has been submitted successfully')).toBeInTheDocument();
    expect(fake.state.intake).toHaveLength(1);
    // sent as the signed-in user: the intake then checks care:create and audits the request as theirs
    expect(fake.state.intake[0].authorization).toMatch(/^Bearer \S+$/);
    const form = fake.state.intake[0].form!;
    expect(Object.fromEntries(form.entries())).toEqual({
      EinsatzPLZ: '10115',
      EinsatzOrt: 'Berlin',
      BetreuungBeginn: '1',
      Anreisedatum: '2099-05-01',
      WeiterePersonen: '1',
      Einkauf: '0',
      newsletter: '1',
      Anrede: '2',
      Titel: '2',
      Vorname: 'Erika',
      Nachname: 'Mustermann',
      Telefon: '030 123',
      EMail: 'erika@example.org',
      P0Geschlecht: '1',
      P0Pflegegrad: '3',
      P0Mobil: '3',
      P0Hoeren: '1',
      P0Sprechen: '0',
      P0Sehen: '2',
      P0Nacht: '1',
      P1Geschlecht: '0',
      P1Pflegegrad: '5',
      P1Mobil: '5',
      P1Hoeren: '3',
      P1Sprechen: '3',
      P1Sehen: '1',
      P1Nacht: '2',
      WWW: 'https://www.caredesk.example',
      nodelay: '1',
      utm_source: 'caredesk',
      utm_medium: 'panel',
      utm_campaign: 'staff-entry',
    });

    await user.click(button('Submit new request'));
    expect(await screen.findByRole('textbox', { name: 'ZIP code' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Origin' })).toHaveValue('https://www.caredesk.example');
  });

  it('sends ErfahrenVon only with a referral and Anreisedatum only with a start date; one patient sends no P1 fields', async () => {
    const { user } = await openStepper(fake);
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '14467');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Potsdam');
    await user.click(screen.getByRole('radio', { name: 'Unknown' }));
    await user.click(screen.getByLabelText(/Grocery shopping/));
    await choose(user, 'Heard of us through', 'Flyer');
    await user.click(button('Next'));
    await screen.findByRole('button', { name: 'Add a second patient' });
    await fillPatient(user, 0, [
      'Male',
      'Care level 2',
      'Wheelchair',
      'No limitations',
      'No limitations',
      'No limitations',
      'Never',
    ]);
    await user.click(button('Next'));
    await screen.findByRole('textbox', { name: 'First name' });
    await fillContact(user);
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Please call after 5 pm');
    await user.click(button('Submit request'));
    await screen.findByText('The request has been submitted successfully');

    const form = fake.state.intake[0].form!;
    expect(form.get('BetreuungBeginn')).toBe('2');
    expect(form.has('Anreisedatum')).toBe(false);
    expect(form.get('ErfahrenVon')).toBe('6');
    expect(form.get('Einkauf')).toBe('1');
    expect(form.get('WeiterePersonen')).toBe('0');
    expect(form.get('Bemerkungen')).toBe('Please call after 5 pm');
    expect([...form.keys()].filter((key) => key.startsWith('P1'))).toEqual([]);
  });

  it('Submit new request on the Failed card starts over at step 1 with every value reset', async () => {
    fake.state.intakeReply = () =>
      HttpResponse.json(
        { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'no' },
        { status: 400 },
      ) as Response;
    const { user } = await openStepper(fake);
    await fillMission(user);
    await fillPatient(user, 0, [
      'Male',
      'Care level 2',
      'Wheelchair',
      'No limitations',
      'No limitations',
      'No limitations',
      'Never',
    ]);
    await user.click(button('Next'));
    await screen.findByRole('textbox', { name: 'First name' });
    await fillContact(user);
    await user.click(button('Submit request'));

    const card = await screen.findByTestId('care-request-failed');
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByText('The request has been submitted successfully')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Submit new request' }));
    expect(await screen.findByRole('textbox', { name: 'ZIP code' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('');
    expect(screen.getByLabelText('Newsletter')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(errorsShown()).toBe(3));
  });
});

describe('create care request: focus', () => {
  it('moves to the first field of the new step after Next and after Back', async () => {
    const { user } = await openStepper(fake);
    await fillMission(user);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Gender' })));
    await fillPatient(user, 0, [
      'Male',
      'Care level 2',
      'Wheelchair',
      'No limitations',
      'No limitations',
      'No limitations',
      'Never',
    ]);
    await user.click(button('Next'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Title' })));
    await user.click(button('Back'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Gender' })));
    await user.click(button('Back'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Origin' })));
  });
});
