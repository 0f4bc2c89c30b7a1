import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/careRequests/incoming/IncomingCareRequestList';
import { incoming2012, incoming2016, SUBMITTED_2016, UID_2016, withFakeCareBackend } from '../support/fakeCareService';
import { INCOMING_PATH, openList, row, switchToGerman } from '../support/incomingCareRequests';
import { currentUrl } from '../support/renderApp';

const fake = withFakeCareBackend();

describe('incoming details dialog', () => {
  it('shows the 2016 layout: affiliate, start, submission time and host, patients, newsletter and referral', async () => {
    const { user } = await openList(fake);
    await user.click(within(row('caredesk.example')).getByRole('button', { name: 'View details' }));
    const dialog = await screen.findByTestId('incoming-details');
    expect(dialog.style.width === '600px' || getComputedStyle(dialog).width === '600px').toBe(true);
    const overview = within(dialog).getByTestId('incoming-overview');
    expect(overview).toHaveTextContent('caredesk');
    expect(overview).toHaveTextContent('At date: 04/01/2026');
    expect(overview).toHaveTextContent(
      new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(
        new Date(SUBMITTED_2016 * 1000),
      ),
    );
    expect(overview).toHaveTextContent('www.caredesk.example');
    expect(within(dialog).getByTestId('incoming-patient-0')).toHaveTextContent('Walker');
    expect(within(dialog).getByTestId('incoming-patient-0')).toHaveTextContent('Highly impaired');
    expect(within(dialog).getByTestId('incoming-patient-1')).toHaveTextContent('Not possible');
    const extra = within(dialog).getByTestId('incoming-extra-2016');
    expect(extra).toHaveTextContent('Newsletter');
    expect(extra).toHaveTextContent('Google');
    expect(within(dialog).queryByTestId('incoming-extra-2012')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('incoming-details')).not.toBeInTheDocument());
  });

  it('closed with Escape, leaves no tooltip over the list that would catch the next click', async () => {
    const { user } = await openList(fake);
    await user.click(within(row('caredesk.example')).getByRole('button', { name: 'View details' }));
    await screen.findByTestId('incoming-details');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('incoming-details')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 400)); // longer than the tooltip's enter delay
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.click(within(row('pflege-old.example')).getByRole('button', { name: 'View details' }));
    expect(await screen.findByTestId('incoming-details')).toHaveTextContent('pflege-old.example');
  });

  it('shows the 2012 layout with its extra details and the patients’ care service and diseases', async () => {
    const { user } = await openList(fake);
    await user.click(within(row('pflege-old.example')).getByRole('button', { name: 'View details' }));
    const dialog = await screen.findByTestId('incoming-details');
    const extra = within(dialog).getByTestId('incoming-extra-2012');
    for (const text of [
      'Two rooms',
      'Female',
      'Conversant',
      '30',
      'Desirable',
      'Only outside',
      'Available',
      'Once a night',
      'House',
      'Newspaper',
    ]) {
      expect(extra).toHaveTextContent(text);
    }
    const patient = within(dialog).getByTestId('incoming-patient-0');
    expect(patient).toHaveTextContent('Confined to bed');
    expect(patient).toHaveTextContent('To be discontinued');
    expect(patient).toHaveTextContent('Dementia, Diabetes');
    expect(within(dialog).getByTestId('incoming-overview')).toHaveTextContent('As soon as possible');
  });

  it('shows a patient without diseases as "None" ("Keine" in German), capitalized like every other value', async () => {
    const healthy = incoming2012();
    healthy.patients[0].details.diseases = [];
    fake.state.items = [incoming2016(), healthy];
    const { user } = await openList(fake);
    await user.click(within(row('pflege-old.example')).getByRole('button', { name: 'View details' }));
    const diseases = () => within(screen.getByTestId('incoming-patient-0')).getByText('Diseases').nextElementSibling;
    await screen.findByTestId('incoming-details');
    await waitFor(() => expect(diseases()).toHaveTextContent(/^None$/));

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('incoming-details')).not.toBeInTheDocument());
    await switchToGerman(user);
    await user.click(within(row('pflege-old.example')).getByRole('button', { name: 'Details anzeigen' }));
    const dialog = await screen.findByTestId('incoming-details');
    await waitFor(() =>
      expect(
        within(within(dialog).getByTestId('incoming-patient-0')).getByText('Krankheiten').nextElementSibling,
      ).toHaveTextContent(/^Keine$/),
    );
  });
});

describe('archived care request view', () => {
  it('opens full screen with sidebar, mission details, patient panels, accommodation and caregiver requirements', async () => {
    const { user } = await openList(fake);
    await user.click(within(row('caredesk.example')).getByRole('button', { name: 'Open archived request' }));
    const view = await screen.findByTestId('archived-request');
    expect(fake.state.archived.at(-1)!.url.pathname).toBe(`/api/care/archived/care-requests/${UID_2016}/`);

    const sidebar = within(view).getByTestId('archived-sidebar');
    for (const text of [
      'caredesk',
      'www.caredesk.example',
      'Core Territory',
      'Mrs.',
      '10xxx',
      'Google',
      'Yes',
      '2016',
      'A-17',
    ]) {
      expect(sidebar).toHaveTextContent(text);
    }
    // the host wraps only after its dots: one unbreakable piece per label, the whole host in the title
    const host = within(sidebar).getByTestId('host-name');
    expect(host).toHaveAttribute('title', 'www.caredesk.example');
    expect([...host.children].map((label) => label.textContent)).toEqual(['www.', 'caredesk.', 'example']);
    for (const label of host.children) expect(getComputedStyle(label).whiteSpace).toBe('nowrap');
    const mission = within(view).getByTestId('archived-mission');
    for (const text of ['04/01/2026', 'Cooking, Laundry, Window cleaning', 'By foot'])
      expect(mission).toHaveTextContent(text);

    const first = within(view).getByTestId('archived-patient-0');
    for (const text of [
      'Walker',
      'Parkinson’s disease, Stroke',
      'Rollator, Care bed',
      'Dependent',
      'Mostly independent',
      'Irrelevant',
    ]) {
      expect(first).toHaveTextContent(text);
    }
    const activities = within(first).getByRole('table', { name: 'Care activities' });
    const cells = within(activities)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['DressingShowering', 'Eating and drinking', 'Bringing to bed', 'None']);
    expect(within(view).getByTestId('archived-patient-1')).toHaveTextContent('Wheelchair');

    const accommodation = within(view).getByTestId('archived-accommodation');
    for (const text of ['Apartment', 'To be arranged', 'Not available']) expect(accommodation).toHaveTextContent(text);
    const requirements = within(view).getByTestId('archived-caregiver-requirements');
    for (const text of ['Unimportant', 'Fluent', 'Non-smokers only', 'Expert', '25', '60'])
      expect(requirements).toHaveTextContent(text);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('archived-request')).not.toBeInTheDocument());
  });
});

describe('a link to an archived request', () => {
  it('opens it over the list (the notification mail of a new request links it); closing drops the link from the URL', async () => {
    const { user } = await openList(fake, `${INCOMING_PATH}?archived=${UID_2016}`);
    expect(await screen.findByTestId('archived-request')).toBeInTheDocument();
    expect(fake.state.archived.at(-1)!.url.pathname).toBe(`/api/care/archived/care-requests/${UID_2016}/`);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('archived-request')).not.toBeInTheDocument());
    expect(currentUrl()).not.toContain('archived=');
  });
});
