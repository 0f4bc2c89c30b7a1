import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { conflict } from '../../shared/problem';
import type { Authenticator } from '../authenticator';
import type { SessionContext } from '../sessions';
import { isUniqueViolation } from '../users';

export type AuthApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface RouteContext extends SessionContext {
  authenticate: Authenticator;
}

export const TAGS = ['auth'];
export const BEARER = [{ bearer: [] }];

/** Turns the unique-index violation of a username write into 409 on field username. */
export async function rethrowTakenUsername<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('The username is already taken.', 'username', 'username-taken');
    throw error;
  }
}
