import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for the service tests: P-256 keys (ES256), 'none' attestation, the authenticator data with
 * its flags (UP, UV, AT, BE/BS) and signature counter, CBOR of the attestation object and the COSE key by a small encoder.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** The head of a CBOR item: major type and argument (RFC 8949, 3). */
function head(major: number, argument: number): Buffer {
  if (argument < 24) return Buffer.from([(major << 5) | argument]);
  if (argument < 0x100) return Buffer.from([(major << 5) | 24, argument]);
  if (argument < 0x10000) return Buffer.from([(major << 5) | 25, argument >> 8, argument & 0xff]);
  const long = Buffer.alloc(5);
  long[0] = (major << 5) | 26;
  long.writeUInt32BE(argument, 1);
  return long;
}

export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value, 'utf8')]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item)]),
  ]);
}

const FLAG = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attestedData: 0x40 };
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  counter: number;
}

/** COSE_Key of an EC2 P-256 key for ES256: kty 2, alg -7, crv 1, x, y. */
function coseKeyOf(publicKey: KeyObject): Buffer {
  const { x, y } = publicKey.export({ format: 'jwk' });
  return encodeCbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(x!, 'base64url')],
      [-3, Buffer.from(y!, 'base64url')],
    ]),
  );
}

interface AuthenticatorOptions {
  /** The origin the browser would put in the client data; the relying party's by default. */
  origin: string;
  rpId: string;
  /** A synced passkey (BE and BS set) rather than a device-bound security key. */
  synced?: boolean;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

interface AssertionChoices {
  /** Which credential answers (default: the first one allowed). */
  credentialId?: string;
  userVerified?: boolean;
  /** Sign with this counter instead of the next one (a cloned authenticator's). */
  counter?: number;
  origin?: string;
  challenge?: string;
}

export function createSoftwareAuthenticator({ origin, rpId, synced = false }: AuthenticatorOptions) {
  const credentials: Credential[] = [];
  const backup = synced ? FLAG.backupEligible | FLAG.backedUp : 0;

  const authenticatorData = (flags: number, counter: number, attested?: Buffer) => {
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags | backup]), counterBytes, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string, from = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  /** navigator.credentials.create: a new credential for the user, as RegistrationResponseJSON. */
  function register(options: CreationOptions, { userVerified = true, challenge = options.challenge } = {}) {
    const excluded = new Set(options.excludeCredentials?.map((credential) => credential.id));
    if (credentials.some((credential) => excluded.has(b64url(credential.id))))
      throw new Error('InvalidStateError: a credential of this authenticator is excluded');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: Credential = {
      id: randomBytes(16),
      privateKey,
      publicKey,
      userHandle: options.user.id,
      counter: 0,
    };
    credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, coseKeyOf(publicKey)]);
    const flags = FLAG.userPresent | (userVerified ? FLAG.userVerified : 0) | FLAG.attestedData;
    const attestationObject = encodeCbor({ fmt: 'none', attStmt: {}, authData: authenticatorData(flags, 0, attested) });
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get: an assertion as AuthenticationResponseJSON (with the user handle, as a passkey gives it). */
  function assert(options: RequestOptions, choices: AssertionChoices = {}) {
    const allowed = options.allowCredentials?.map((credential) => credential.id);
    const wanted =
      choices.credentialId ??
      credentials.map((credential) => b64url(credential.id)).find((id) => !allowed || allowed.includes(id));
    const credential = credentials.find((each) => b64url(each.id) === wanted);
    if (!credential) throw new Error('NotAllowedError: no credential of this authenticator is allowed');
    credential.counter = choices.counter ?? credential.counter + 1;
    const data = authenticatorData(
      FLAG.userPresent | (choices.userVerified === false ? 0 : FLAG.userVerified),
      credential.counter,
    );
    const clientDataJSON = clientData('webauthn.get', choices.challenge ?? options.challenge, choices.origin);
    const signature = sign('sha256', Buffer.concat([data, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(data),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  return { register, assert, credentialIds: () => credentials.map((credential) => b64url(credential.id)) };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
