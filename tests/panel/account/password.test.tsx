import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  GENERATED_RANDOM_LENGTH,
  generatePassword,
  satisfiesPasswordRule,
  validateOwnConfirmation,
  validateOwnPassword,
} from '../../../src/account/passwordRules';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID, AUTH_URL, problem } from '../support/fakeAuthService';
import { providerLink } from '../support/fakeAuthUsers';
import { providerInfo } from '../support/fakeProviderSignIn';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

const backend = withFakeBackend();

describe('own password rules', () => {
  it.each([
    ['', 'caredesk.password.required'],
    ['Ab1!xyz', 'caredesk.password.rule'], // 7 characters
    ['abcdefg1!', 'caredesk.password.rule'], // no capital
    ['ABCDEFG1!', 'caredesk.password.rule'], // no lowercase
    ['Abcdefgh!', 'caredesk.password.rule'], // no digit
    ['Abcdefgh1', 'caredesk.password.rule'], // no special character
    ['Abcdefg1!', undefined],
    ['Ärger-1-äöü', undefined],
  ])('%j -> %s', (password, expected) => {
    expect(validateOwnPassword(password)).toBe(expected);
  });

  it('requires the confirmation and equality', () => {
    expect(validateOwnConfirmation('Abcdefg1!', '')).toBe('caredesk.password.required');
    expect(validateOwnConfirmation('Abcdefg1!', 'Abcdefg1?')).toBe('caredesk.password.not_equal');
    expect(validateOwnConfirmation('Abcdefg1!', 'Abcdefg1!')).toBeUndefined();
  });
});

describe('password generator', () => {
  it('makes 10 random characters plus one digit, always satisfying the rule', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_RANDOM_LENGTH + 1);
      expect(password.at(-1)).toMatch(/[0-9]/);
      expect(satisfiesPasswordRule(password), password).toBe(true);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });

  it('takes its randomness from crypto.getRandomValues', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    try {
      generatePassword();
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('satisfies the rule even with the most unfavourable random source', () => {
    const zeros = (array: Uint32Array) => array.fill(0);
    const password = generatePassword(zeros);
    expect(password).toHaveLength(11);
    expect(satisfiesPasswordRule(password)).toBe(true);
  });
});

describe('/new-password screen', () => {
  async function openScreen() {
    storeRefreshToken(backend.service);
    const rendered = renderApp('/?redirect_to=%2Fnew-password');
    await waitFor(() => expect(currentUrl()).toBe('/new-password'));
    await screen.findByRole('button', { name: 'Generate Password' });
    return rendered;
  }
  const passwordInput = () => screen.getByLabelText<HTMLInputElement>(/^New password/);
  const confirmationInput = () => screen.getByLabelText<HTMLInputElement>(/^Confirmation/);

  it("shows 'Required.' for empty fields and sends nothing", async () => {
    const { user } = await openScreen();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText('Required.')).toHaveLength(2);
    expect(backend.service.hits('PUT', '/api/auth/update-password-authentication/')).toHaveLength(0);
  });

  it('shows the complexity rule and the mismatch', async () => {
    const { user } = await openScreen();

    await user.type(passwordInput(), 'simple');
    await user.type(confirmationInput(), 'other');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Min. 8 characters with at least one capital letter, a number and a special character.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The passwords are not equal.')).toBeInTheDocument();
    expect(backend.service.hits('PUT', '/api/auth/update-password-authentication/')).toHaveLength(0);
  });

  it('Generate Password fills both fields, shows the password, and Save updates it', async () => {
    const { user } = await openScreen();
    expect(passwordInput()).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Generate Password' }));

    const generated = passwordInput().value;
    expect(generated).toHaveLength(11);
    expect(satisfiesPasswordRule(generated)).toBe(true);
    expect(confirmationInput()).toHaveValue(generated);
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The password was successfully updated')).toBeInTheDocument();
    expect(backend.service.hits('GET', '/api/auth/info/').some((entry) => entry.search === '?extended=true')).toBe(
      true,
    );
    expect(backend.service.hits('PUT', '/api/auth/update-password-authentication/')[0].body).toEqual({
      username: 'alice',
      password: generated,
    });
    expect(backend.service.state.users.get(ADMIN_UID)!.password).toBe(generated);
    expect(passwordInput()).toHaveValue('');
  });

  it('toggles Show / Hide', async () => {
    const { user } = await openScreen();

    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(confirmationInput()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('shows a failure in a red alert', async () => {
    backend.server.use(
      http.put(`${AUTH_URL}/update-password-authentication/`, () =>
        problem(400, 'Bad Request', 'Password rejected.', 'password'),
      ),
    );
    const { user } = await openScreen();

    await user.type(passwordInput(), 'Abcdefg1!');
    await user.type(confirmationInput(), 'Abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByTestId('global-alert');
    expect(alert).toHaveTextContent('Bad Request: Password rejected. (in field New password)');
    expect(alert.className).toMatch(/filledError/);
  });
});

describe('/new-password of a user who signs in at the provider', () => {
  const alice = () => backend.service.state.users.get(ADMIN_UID)!;
  const open = () => {
    storeRefreshToken(backend.service);
    renderApp('/?redirect_to=%2Fnew-password');
  };

  it('explains that the password is at the provider, and shows no form', async () => {
    backend.service.state.provider = providerInfo();
    alice().providerLink = providerLink();
    open();
    expect(
      await screen.findByText(
        'You sign in with Agency Login, so you have no Caredesk password: change your password at Agency Login.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument();
  });

  it("keeps the first administrator's form", async () => {
    backend.service.state.provider = providerInfo();
    alice().providerLink = providerLink();
    alice().firstAdministrator = true;
    open();
    expect(await screen.findByLabelText(/New password/)).toBeInTheDocument();
    expect(screen.queryByText(/no Caredesk password/)).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    backend.service.state.provider = providerInfo();
    alice().providerLink = providerLink();
    open();
    expect(
      await screen.findByText(/^Sie melden sich über Agency Login an und haben daher kein Caredesk-Passwort/),
    ).toBeInTheDocument();
  });
});
