import { hashPassword } from '../passwords';
import { problems } from '../../shared/schemas';
import { Info, InfoQuery, NoQuery, OwnPasswordAuthentication, OwnPasswordAuthenticationBody } from '../schemas';
import { findUsername, setPasswordAuthentication } from '../users';
import { BEARER, rethrowTakenUsername, TAGS, type AuthApp, type RouteContext } from './context';

export function ownAccountRoutes(app: AuthApp, { db, authenticate }: RouteContext) {
  app.get(
    '/info/',
    {
      onRequest: authenticate,
      schema: {
        tags: TAGS,
        summary: 'The signed-in user',
        description: 'With `extended=true` also the username of the password authentication (null when there is none).',
        security: BEARER,
        querystring: InfoQuery,
        response: { 200: Info, ...problems(400, 401) },
      },
    },
    async (request) => {
      const { uid, publicName, roles } = request.user;
      const info = { uid, public_name: publicName, roles };
      if (!request.query.extended) return info;
      return { ...info, authentication: { username: await findUsername(db, uid) } };
    },
  );

  app.put(
    '/update-password-authentication/',
    {
      onRequest: authenticate,
      schema: {
        tags: TAGS,
        summary: "Change the signed-in user's username and password",
        security: BEARER,
        querystring: NoQuery,
        body: OwnPasswordAuthenticationBody,
        response: { 200: OwnPasswordAuthentication, ...problems(400, 401, 409) },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      await rethrowTakenUsername(setPasswordAuthentication(db, request.user.uid, username, await hashPassword(password)));
      return { uid: request.user.uid, username };
    },
  );
}
