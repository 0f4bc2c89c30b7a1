import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { CareRequestValues } from '../../../src/dataProviders/careRequests/formValues';
import { todayIso } from '../../../src/resources/careRequests/create/validators';
import type { withFakeCareBackend } from './fakeCareService';
import { currentUrl, renderApp, storeRefreshToken } from './renderApp';
import { typeDay } from './dateFields';

/** The care request stepper (/customers/create-care-request/) as its tests drive it. */

export const START_DATE = /^Start date/;

const PATH = '/customers/create-care-request/';

export type User = ReturnType<typeof renderApp>['user'];

export async function openStepper(fake: ReturnType<typeof withFakeCareBackend>) {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(PATH)}`);
  await waitFor(() => expect(currentUrl()).toBe(PATH));
  await screen.findByRole('textbox', { name: 'Origin' });
  return rendered;
}

export const button = (name: string) => screen.getByRole('button', { name });
export const errorsShown = () => screen.queryAllByText('This field is required').length;

export async function choose(user: User, label: string, option: string, scope: HTMLElement = document.body) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

export async function fillMission(user: User, { atDate = false } = {}) {
  await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '10115');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Berlin');
  await user.click(screen.getByRole('radio', { name: atDate ? 'At date' : 'As soon as possible' }));
  if (atDate) {
    await screen.findByRole('group', { name: START_DATE });
    await typeDay(user, START_DATE, '2099-05-01');
  }
  await user.click(screen.getByLabelText('Other persons present in the household'));
  await user.click(screen.getByLabelText('Newsletter'));
  await user.click(button('Next'));
  await screen.findByRole('button', { name: 'Add a second patient' });
}

export async function fillPatient(user: User, index: number, values: string[]) {
  const scope = document.querySelector(`[data-patient="${index}"]`) as HTMLElement;
  const labels = ['Gender', 'Care level', 'Mobility', 'Hearing', 'Speaking', 'Seeing', 'Night shifts'];
  for (const [position, label] of labels.entries()) await choose(user, label, values[position], scope);
}

export async function fillContact(user: User) {
  await choose(user, 'Title', 'Family');
  await choose(user, 'Academic title', 'Prof. Dr.');
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Erika');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Mustermann');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '030 123');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'erika@example.org');
}

/** A complete request that the intake accepts. */
export const VALID: CareRequestValues = {
  origin: 'https://www.caredesk.example',
  zipCode: '10115',
  city: 'Berlin',
  missionBegins: '1',
  startDate: todayIso(),
  otherPersonsPresent: true,
  groceryShopping: false,
  newsletter: false,
  referral: null,
  patients: [{ gender: 1, careLevel: 3, mobility: 3, canHear: 1, canTalk: 0, canSee: 2, nightShift: 1 }],
  title: 2,
  academicTitle: 0,
  firstName: 'Erika',
  lastName: 'Mustermann',
  phone: '030 123',
  email: 'erika@example.org',
  notes: '',
};

/** 'YYYY-MM-DD' as the English panel names a day: MM/DD/YYYY. */
export const englishDay = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');
