import { Type, type Static } from '@sinclair/typebox';
import { LAST_EPOCH_SECOND } from './paging';
import { Uid } from './common';
import { closed, nullable } from './schema-kit';

/** Which service an API token opens: a token of one scope is unknown to the other. */
export const API_TOKEN_SCOPES = ['files', 'pricing'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const ApiToken = Type.Object({
  uid: Type.String(),
  created: Type.Integer({ description: 'epoch seconds' }),
  created_by: nullable(Type.String({ description: 'uid of the user who added it' })),
  service: Type.String(),
  last_four: nullable(
    Type.String({
      description:
        "the value's last four characters, to tell tokens apart; null for tokens added before they were kept",
    }),
  ),
  expires: nullable(Type.Integer({ description: 'epoch seconds; refused from then on' })),
  revoked: nullable(Type.Integer({ description: 'epoch seconds' })),
  revoked_by: nullable(Type.String({ description: 'uid of the user who revoked it' })),
});

export const NewApiTokenBody = Type.Object(
  {
    service: Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: '^(?!\\s)(?!.*\\s$)[^\\u0000-\\u001f\\u007f]+$',
      description: 'free of control characters, not starting or ending with whitespace',
    }),
    token: Type.String({
      // the services refuse shorter values when they are presented
      minLength: 16,
      maxLength: 512,
      // it has to fit an Authorization header as one word
      pattern: '^[\\u0021-\\u007e]+$',
      description: 'printable ASCII without spaces, 16 to 512 characters',
    }),
    expires: Type.Optional(
      nullable(
        Type.Integer({
          minimum: 0,
          maximum: LAST_EPOCH_SECOND,
          description: 'epoch seconds, in the future and at most the end of year 9999; null or absent: never',
        }),
      ),
    ),
  },
  closed,
);

export const ApiTokenUidParams = Type.Object({ uid: Uid }, closed);

/** What an outside service learns about the API token it presents. */
export const TokenInfo = Type.Object({
  uid: Type.String(),
  service: Type.String(),
  created: Type.Integer({ description: 'epoch seconds' }),
  expires: nullable(Type.Integer({ description: 'epoch seconds' })),
});

export type ApiTokenResponse = Static<typeof ApiToken>;
export type NewApiToken = Static<typeof NewApiTokenBody>;
export type TokenInfoResponse = Static<typeof TokenInfo>;

export const ApiTokenStatistics = Type.Object({
  expiring: Type.Integer({ description: 'tokens, not revoked, whose expiry lies within the next `within_days` days' }),
  within_days: Type.Integer(),
});
export type ApiTokenStatisticsResponse = Static<typeof ApiTokenStatistics>;
