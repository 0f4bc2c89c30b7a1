import { Type } from '@sinclair/typebox';
import { commaList, text, wholeNumber } from '../variable-types';

const PROXY_ADDRESS_OR_CIDR = '^(?=.*[.:])[0-9a-fA-F:.]+(\\/[0-9]{1,3})?$';

/** Who may call the services, whose forwarded addresses count, and how long and how many clients may hold a connection. */
export const httpVariables = {
  CORS_ORIGINS: commaList(text({ format: 'absolute-url', description: 'an origin' }), {
    default: [],
    must: 'be a comma list of origins such as https://panel.example.org',
    description:
      'comma list of origins (`https://panel.example.org`) whose pages may call these services from a browser (CORS, with preflight); none by default, which is all a same-origin deployment needs',
  }),
  // never every entry: a client writes what it likes to the left of what the proxies append
  TRUST_PROXY: Type.Union(
    [
      Type.Literal(false),
      wholeNumber({ minimum: 1, maximum: 16, description: 'the number of proxies' }),
      commaList(text({ pattern: PROXY_ADDRESS_OR_CIDR, description: 'a proxy address or CIDR range' }), {
        description: 'the proxies',
      }),
    ],
    {
      default: false,
      must: 'be false, the number of proxies in front of Caredesk (1 for one reverse proxy), or their addresses/CIDRs (10.0.0.5, 10.1.0.0/16)',
      refused: { true: 'would believe every X-Forwarded-For entry, which any client can write' },
      description:
        'behind reverse proxies: their addresses and CIDR ranges (`10.0.0.5,10.1.0.0/16`) or their number (`1`), see [Behind a TLS reverse proxy](operations.md#behind-a-tls-reverse-proxy); `true` is refused',
    },
  ),
  HTTP_HEADERS_TIMEOUT_MS: wholeNumber({
    default: 10_000,
    atLeast: 1000,
    description:
      "a client must send its request's headers within this; a slower one is closed (Node checks every second)",
  }),
  HTTP_REQUEST_TIMEOUT_MS: wholeNumber({
    default: 15 * 60_000,
    atLeast: 1000,
    defaultNote: '15 min',
    description: 'the whole request, body included; raise it when large uploads come over slow links',
  }),
  HTTP_IDLE_TIMEOUT_MS: wholeNumber({
    default: 60_000,
    atLeast: 1000,
    description: 'a connection that sends and receives nothing this long is closed',
  }),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: wholeNumber({
    default: 5_000,
    atLeast: 1000,
    description: 'how long a kept-alive connection waits for its next request',
  }),
  HTTP_MAX_CONNECTIONS: wholeNumber({
    default: 1024,
    atLeast: 1,
    description:
      "connections open at once; further ones are closed at once until others end (keep it below the process's file limit)",
  }),
};
