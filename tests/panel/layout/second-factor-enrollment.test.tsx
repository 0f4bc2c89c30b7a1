import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../src/account/SecurityPage';
import { withFakeBackend } from '../support/backend';
import { RECRUITER_UID } from '../support/fakeAuthService';
import { VALID_TOTP_CODE } from '../support/fakeSecondFactors';
import { onAPhone } from '../support/phone';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

const backend = withFakeBackend();
afterEach(() => vi.restoreAllMocks());
/** 2026-12-01 12:00 UTC. */
const GRACE_UNTIL = 1_796_126_400;
const bob = () => backend.service.state.users.get(RECRUITER_UID)!;

function openAsBob(path = '/dashboard') {
  storeRefreshToken(backend.service, RECRUITER_UID);
  return renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
}

describe('a session that may only enroll', () => {
  it('shows only the enrollment page: add a factor, save the recovery codes, then continue to the panel', async () => {
    Object.assign(bob(), { secondFactorRequired: true, enrollmentOnly: true });
    const { user } = openAsBob();
    expect(await screen.findByRole('heading', { name: 'Set up a second factor', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryByText('Hello Bob Recruiter!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to the panel' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add authenticator app' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Add authenticator app' })).getByRole('button', {
        name: 'Continue',
      }),
    );
    await user.type(await screen.findByLabelText(/^Code from the app/), `${VALID_TOTP_CODE}{Enter}`);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Your recovery codes' })).getByRole('button', {
        name: 'I have saved them',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Continue to the panel' }));

    expect(await screen.findByText('Hello Bob Recruiter!')).toBeInTheDocument();
    expect(currentUrl()).toBe('/dashboard');
  });

  it('offers Logout', async () => {
    Object.assign(bob(), { secondFactorRequired: true, enrollmentOnly: true });
    const { user } = openAsBob();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentUrl()).toBe('/login'));
  });

  it('speaks German', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    Object.assign(bob(), { secondFactorRequired: true, enrollmentOnly: true });
    openAsBob();
    expect(await screen.findByRole('heading', { name: 'Zweiten Faktor einrichten' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Authenticator-App hinzufügen' })).toBeInTheDocument();
  });
});

describe('the enrollment notice during the grace period', () => {
  it('asks to enroll by the last day, links to the Security page and blocks nothing', async () => {
    Object.assign(bob(), { secondFactorRequired: true, graceUntil: GRACE_UNTIL });
    const { user } = openAsBob();
    expect(await screen.findByText('Hello Bob Recruiter!')).toBeInTheDocument();
    const day = format(new Date(GRACE_UNTIL * 1000), 'MM/dd/yyyy');
    const notice = await screen.findByText(`Your roles require a second factor. Please set one up by ${day}.`);

    await user.click(within(notice.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Set up now' }));

    await waitFor(() => expect(currentUrl()).toBe('/security'));
    expect(await screen.findByText('Your roles require a second factor.')).toBeInTheDocument();
    expect(screen.queryByText(/Please set one up by/)).not.toBeInTheDocument();
  });

  it('closes for the rest of the sign-in: a reload keeps it closed, the next sign-in shows it again', async () => {
    Object.assign(bob(), { secondFactorRequired: true, graceUntil: GRACE_UNTIL });
    const notice = /Please set one up by/;
    const { user } = openAsBob();
    await user.click(within(await screen.findByTestId('second-factor-notice')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(notice)).not.toBeInTheDocument();

    cleanup(); // the tab reloads: the same sign-in goes on with the stored refresh token
    openAsBob();
    expect(await screen.findByText('Hello Bob Recruiter!')).toBeInTheDocument();
    expect(screen.queryByText(notice)).not.toBeInTheDocument();

    cleanup();
    const again = renderApp('/login');
    await again.user.type(await screen.findByLabelText('Username'), 'bobby');
    await again.user.type(screen.getByLabelText('Password'), 'bob-secret{Enter}');
    expect(await screen.findByText(notice)).toBeInTheDocument();
  });

  it('is one line on a phone: a short text, Set up and Close', async () => {
    onAPhone();
    Object.assign(bob(), { secondFactorRequired: true, graceUntil: GRACE_UNTIL });
    openAsBob();
    const day = format(new Date(GRACE_UNTIL * 1000), 'MM/dd/yyyy');
    const notice = await screen.findByTestId('second-factor-notice');
    expect(notice).toHaveTextContent(`Second factor due by ${day}`);
    expect(within(notice).getByRole('link', { name: 'Set up' })).toHaveAttribute('href', '/security');
    expect(within(notice).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(notice).queryByText(/Please set one up/)).not.toBeInTheDocument();
    expect(notice.querySelector('.MuiAlert-icon')).toBeNull();
  });

  it('says nothing to a user whose roles require no factor, or who has one', async () => {
    openAsBob();
    expect(await screen.findByText('Hello Bob Recruiter!')).toBeInTheDocument();
    expect(screen.queryByText(/Please set one up by/)).not.toBeInTheDocument();
  });
});
