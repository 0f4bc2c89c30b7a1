import type { AuthProvider, UserIdentity } from 'react-admin';
import type { OwnSecondFactorStateResponse } from '../../contracts/second-factors';
import { type Permission, permissionsOfInfo } from '../common/permissions';
import type { HttpClient } from '../dataProviders/httpClient';
import { readOwnInfo } from '../dataProviders/ownAccount';
import type { Session } from '../session/session';
import { signInRedirect } from './redirect';

interface CurrentLocation {
  pathname: string;
  search: string;
}

interface AuthProviderOptions {
  session: Session;
  httpClient: HttpClient;
  /** The browser location (the panel uses a BrowserRouter, so window.location is the router's location). */
  getLocation?: () => CurrentLocation;
}

/**
 * The identity react-admin caches: id = uid, fullName = public name (undefined when the user has none), and the second-factor
 * state of /info/ (undefined from a service without second factors).
 */
export interface CaredeskIdentity extends UserIdentity {
  roles: string[];
  secondFactor?: OwnSecondFactorStateResponse;
}

const secondFactorOf = (json: Record<string, unknown>) => {
  const state = json.second_factor;
  return state !== null && typeof state === 'object' ? (state as OwnSecondFactorStateResponse) : undefined;
};

/** The logout params of the account menu; any other logout is a failed session check. */
export const USER_LOGOUT = { userInitiated: true } as const;

export function createAuthProvider({
  session,
  httpClient,
  getLocation = () => window.location,
}: AuthProviderOptions): AuthProvider {
  const notSignedIn = () => {
    const { pathname, search } = getLocation();
    // message: false keeps react-admin from showing a notification
    return { redirectTo: signInRedirect(pathname, search), message: false as const };
  };

  // getIdentity and getPermissions ask at the same moment when the layout opens: they share one GET /info/
  let infoInFlight: Promise<Record<string, unknown>> | null = null;
  const readInfo = () => {
    infoInFlight ??= readOwnInfo(httpClient, session.authUrl).finally(() => {
      infoInFlight = null;
    });
    return infoInFlight;
  };

  return {
    login: ({ username, password }: { username: string; password: string }) => session.login(username, password),

    /**
     * A user-initiated logout (account menu) clears everything and sets the logged-out flag; any other call
     * comes from a failed session check and keeps the stored refresh token, so that the root page can sign in again.
     */
    logout: (params?: { userInitiated?: boolean }) => {
      if (params?.userInitiated) {
        session.logout();
        return Promise.resolve('/login');
      }
      session.dropAccess();
      return Promise.resolve(notSignedIn().redirectTo);
    },

    checkAuth: async () => {
      const token = await session.getAccessToken();
      // react-admin reads redirectTo and message from the rejection: it is its own shape, no Error
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (!token) throw notSignedIn();
    },

    /** 401: the session is gone (same redirect as checkAuth); 403 and everything else keep the session. */
    checkError: (error: { status?: number } | null | undefined) => {
      if (error?.status !== 401) return Promise.resolve();
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- react-admin's shape, as in checkAuth
      return Promise.reject(notSignedIn());
    },

    getIdentity: async (): Promise<CaredeskIdentity> => {
      const json = await readInfo();
      const publicName =
        typeof json.public_name === 'string' && json.public_name.trim() !== '' ? json.public_name : undefined;
      return {
        id: json.uid as string,
        fullName: publicName,
        roles: Array.isArray(json.roles) ? json.roles.filter((role): role is string => typeof role === 'string') : [],
        secondFactor: secondFactorOf(json),
      };
    },

    /** The effective permissions of /info/ (docs/panel.md, By permission); a service without the field grants all. */
    getPermissions: async (): Promise<Permission[]> => permissionsOfInfo(await readInfo()),
  };
}
