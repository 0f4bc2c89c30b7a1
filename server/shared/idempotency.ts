import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db';
import { idempotencyKeys } from '../db/schema';
import { problems } from '../../contracts/common';
import {
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_PATTERN,
  IdempotencyKeyHeaders,
  idempotencyKeyOf,
} from '../../contracts/idempotency';
import type { HousekeepingJob } from './housekeeping';
import { badRequest, HttpProblem, problemType } from './problem';
import { deriveKey } from './secrets';

/**
 * Idempotent creation (docs/api.md, Idempotent creation): a creating POST declares `config: { idempotent: true }` and answers
 * through `createOnce`. With an `Idempotency-Key`, the key's row (owner, key, a fingerprint of the request, the answer encrypted)
 * is written in the transaction of the effect, so a committed effect always has its answer stored and a retry after a lost
 * answer gets it again. A second request with the key while the first is in flight is refused at once with 409: in this process
 * by the keys it has in flight, across processes by a transaction-scoped advisory lock on the key that the effect's transaction
 * tries to take first. A try-lock answers at once and never deadlocks with the effect's own locks; inserting the row first instead
 * would keep a concurrent insert waiting until a lock_timeout, and the row would need its answer filled in at the end. PGlite's
 * transactions take turns (a second one waits for the first), so there the process's own set is what refuses.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A creating POST that takes an `Idempotency-Key`: its handler answers through createOnce. */
    idempotent?: boolean;
  }
  interface FastifyInstance {
    /** Set on the /api scope (keepIdempotentAnswers). */
    idempotency: IdempotencyKeeper;
  }
}

interface IdempotencyKeeper {
  answerKey: Buffer;
  fingerprintKey: Buffer;
  /** `owner\nkey` of the keyed requests this process is answering now. */
  inFlight: Set<string>;
}

/** What a creating route answers: its status and JSON body, and the created object's address when it has one. */
export interface Answer {
  status: number;
  body: unknown;
  location?: string;
}

interface Creation<T> {
  /** Does the work on the database it is given, in exactly one transaction, whose result is what the effect resolves to. */
  effect: (db: Db) => Promise<T>;
  answer: (value: T) => Answer;
  /** What the fingerprint covers instead of the parsed body, when the effect reads the body itself (an upload); asked when its transaction opens. */
  content?: () => unknown;
}

/** The answer as kept: exactly what was sent. */
interface KeptAnswer {
  status: number;
  contentType: string;
  location?: string;
  body: string;
}

const KEY_TTL_MS = IDEMPOTENCY_KEY_HOURS * 3_600_000;
const JSON_TYPE = 'application/json; charset=utf-8';
const WELL_FORMED_KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** The /api scope's idempotency: keys derived from the master secret, the keys in flight, and each idempotent route's OpenAPI. */
export function keepIdempotentAnswers(api: FastifyInstance, masterSecret: Buffer) {
  const keeper: IdempotencyKeeper = {
    answerKey: deriveKey(masterSecret, 'idempotency-answer'),
    fingerprintKey: deriveKey(masterSecret, 'idempotency-fingerprint'),
    inFlight: new Set(),
  };
  api.decorate('idempotency', keeper);
  api.addHook('onRoute', documentIdempotency);
}

const inFlight = () =>
  new HttpProblem(
    409,
    'Conflict',
    'A request with this Idempotency-Key is still being answered; send it again once that one is done.',
    {
      type: problemType('idempotency-key-in-flight'),
    },
  );

const reused = () =>
  new HttpProblem(
    422,
    'Unprocessable Content',
    `This Idempotency-Key was used for another request (another route or body) within the last ${IDEMPOTENCY_KEY_HOURS} hours.`,
    {
      type: problemType('idempotency-key-reused'),
    },
  );

/** Thrown inside the effect's transaction when another request with the key committed first: the transaction rolls back. */
class AnsweredMeanwhile extends Error {
  constructor(readonly row: typeof idempotencyKeys.$inferSelect) {
    super('The key was answered meanwhile.');
  }
}

/** The key of the request's header; undefined without one. The route's schema checks the header too, but a route may attach its errors. */
function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !WELL_FORMED_KEY.test(value)) {
    throw badRequest(
      `idempotency-key must be ${IdempotencyKeyHeaders.properties['idempotency-key'].description}`,
      'idempotency-key',
    );
  }
  return idempotencyKeyOf(value);
}

/** Keys are per caller: the signed-in user, the API token, or the client address of an anonymous intake. */
function ownerOf(request: FastifyRequest): string {
  if (request.apiCaller) return `token:${request.apiCaller.uid}`;
  const user = request.user as FastifyRequest['user'] | undefined;
  return user ? `user:${user.uid}` : `address:${request.ip}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with every object's keys sorted, so that the same body always gives the same text. */
const canonicalJson = (value: unknown) =>
  JSON.stringify(value ?? null, (_key, item: unknown) =>
    isRecord(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );

/** Method, path and body, keyed (the body may hold personal data or a token value: a plain hash of it could be guessed at). */
function fingerprintOf(keeper: IdempotencyKeeper, request: FastifyRequest, content: unknown): string {
  const path = request.url.split('?')[0];
  return createHmac('sha256', keeper.fingerprintKey)
    .update(`${request.method} ${path}\n${canonicalJson(content)}`)
    .digest('base64url');
}

/** AES-256-GCM as "v1.<iv>.<tag>.<ciphertext>", with owner and key as authenticated data: a row copied to another key does not open. */
function seal(key: Buffer, answer: KeptAnswer, slot: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(slot));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

function unseal(key: Buffer, sealed: string, slot: string): KeptAnswer {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || ciphertext === undefined) throw new Error('unknown idempotency answer encryption format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(slot));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return JSON.parse(
    Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8'),
  ) as KeptAnswer;
}

function send(reply: FastifyReply, answer: KeptAnswer): FastifyReply {
  reply.code(answer.status).type(answer.contentType);
  if (answer.location) reply.header('location', answer.location);
  return reply.send(answer.body);
}

/**
 * Runs a creating route's effect once per `Idempotency-Key` and sends its answer; without a key it simply runs it. The effect's
 * one transaction carries the key: it first takes the key's lock (409 when another request holds it) and looks for a kept answer,
 * and commits the kept answer with the effect.
 */
export async function createOnce<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  creation: Creation<T>,
): Promise<FastifyReply> {
  const keeper = request.server.idempotency;
  if (!keeper || !request.routeOptions.config.idempotent)
    throw new Error(
      `${request.method} ${request.routeOptions.url} answers through createOnce but does not declare config.idempotent.`,
    );
  const key = keyOf(request);
  if (key === undefined) {
    const { status, body, location } = creation.answer(await creation.effect(db));
    if (location) reply.header('location', location);
    return reply.code(status).send(body);
  }
  return new KeyedCreation(keeper, request, reply, ownerOf(request), key).run(db, creation);
}

class KeyedCreation {
  private readonly now = new Date();
  /** Owner and key as one text: the in-flight entry, the lock's name and the answer's authenticated data. */
  private readonly slot: string;
  private fingerprint?: string;

  constructor(
    private readonly keeper: IdempotencyKeeper,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly owner: string,
    private readonly key: string,
  ) {
    this.slot = `${owner}\n${key}`;
  }

  async run<T>(db: Db, creation: Creation<T>): Promise<FastifyReply> {
    if (this.keeper.inFlight.has(this.slot)) throw inFlight();
    this.keeper.inFlight.add(this.slot);
    try {
      if (!creation.content) {
        this.fingerprint = fingerprintOf(this.keeper, this.request, this.request.body);
        const kept = await this.keptRow(db);
        if (kept && this.isLive(kept)) return this.replay(kept);
      }
      return await this.create(db, creation);
    } catch (error) {
      if (error instanceof AnsweredMeanwhile) return this.replay(error.row);
      throw error;
    } finally {
      this.keeper.inFlight.delete(this.slot);
    }
  }

  private async keptRow(executor: Db) {
    const [row] = await executor
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.owner, this.owner), eq(idempotencyKeys.key, this.key)));
    return row;
  }

  /** A key's row counts for 24 hours, whether or not housekeeping has removed it since. */
  private isLive(row: typeof idempotencyKeys.$inferSelect) {
    return row.expiresAt > this.now;
  }

  private replay(row: typeof idempotencyKeys.$inferSelect): FastifyReply {
    if (row.fingerprint !== this.fingerprint) throw reused();
    return send(this.reply, unseal(this.keeper.answerKey, row.answer, this.slot));
  }

  /** Runs the effect on a database whose one transaction carries the key; sends what that transaction kept. */
  private async create<T>(db: Db, creation: Creation<T>): Promise<FastifyReply> {
    let opened = false;
    let kept: { value: unknown; answer: KeptAnswer } | undefined;
    // the effect's one transaction returns what the effect resolves to (checked once it has), so its value is the effect's T
    const answerOf = (value: unknown) => creation.answer(value as T);
    const transaction: Db['transaction'] = async (work, config) => {
      if (opened)
        throw new Error('An idempotent creation carries its key in one transaction; its effect opened a second one.');
      opened = true;
      return db.transaction(async (tx) => {
        this.fingerprint ??= fingerprintOf(this.keeper, this.request, creation.content!());
        await this.claim(tx);
        const value = await work(tx);
        kept = { value, answer: await this.keep(tx, answerOf(value)) };
        return value;
      }, config);
    };
    const keyed = new Proxy(db, {
      get: (target, property, receiver): unknown =>
        property === 'transaction' ? transaction : Reflect.get(target, property, receiver),
    });
    const result = await creation.effect(keyed);
    if (!kept || kept.value !== result)
      throw new Error(
        `${this.request.routeOptions.url}: the effect must resolve to what its one transaction returned.`,
      );
    return send(this.reply, kept.answer);
  }

  /** First in the effect's transaction: the key's lock, and no answer kept for it (one that expired is dropped). */
  private async claim(tx: Db) {
    const locked = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${`idempotency:${this.slot}`}, 0)) as locked`,
    );
    if (!locked.rows[0]?.locked) throw inFlight();
    const row = await this.keptRow(tx);
    if (row && this.isLive(row)) throw new AnsweredMeanwhile(row);
    if (row)
      await tx
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.owner, this.owner), eq(idempotencyKeys.key, this.key)));
  }

  /** The answer as it will be sent (serialized by the route's response schema), kept with the effect. */
  private async keep(tx: Db, { status, body, location }: Answer): Promise<KeptAnswer> {
    const answer: KeptAnswer = {
      status,
      contentType: JSON_TYPE,
      ...(location ? { location } : {}),
      body: this.reply.serializeInput(body as Record<string, unknown>, String(status)) as string,
    };
    await tx.insert(idempotencyKeys).values({
      owner: this.owner,
      key: this.key,
      fingerprint: this.fingerprint!,
      statusCode: status,
      answer: seal(this.keeper.answerKey, answer, this.slot),
      createdAt: this.now,
      expiresAt: new Date(this.now.getTime() + KEY_TTL_MS),
    });
    return answer;
  }
}

const DOCUMENTED =
  `Takes an \`Idempotency-Key\` (docs/api.md, Idempotent creation): the same key with the same request within ${IDEMPOTENCY_KEY_HOURS} hours answers ` +
  'the first answer again without a second effect; 409 `/problems/idempotency-key-in-flight` while a request with the key is being ' +
  'answered, 422 `/problems/idempotency-key-reused` for the key with another route or body.';

/** The app's onRoute hook in the /api scope: an idempotent route documents the header, its 409 and 422, in its OpenAPI. */
export function documentIdempotency(route: RouteOptions): void {
  if (!route.config?.idempotent) return;
  const where = `${[route.method].flat().join(',')} ${route.url}`;
  if (route.method !== 'POST') throw new Error(`${where}: only a creating POST takes an Idempotency-Key.`);
  const schema = (route.schema ??= {}) as {
    description?: string;
    headers?: unknown;
    response?: Record<string | number, unknown>;
  };
  if (schema.headers)
    throw new Error(`${where} declares headers of its own; an idempotent route's headers are IdempotencyKeyHeaders.`);
  schema.headers = IdempotencyKeyHeaders;
  schema.response = { ...problems(409, 422), ...schema.response };
  schema.description = [schema.description, DOCUMENTED].filter(Boolean).join(' ');
}

/** Housekeeping: the rows of keys whose 24 hours have passed. */
export const idempotencyKeysJob: HousekeepingJob = {
  name: 'idempotency-keys',
  async run(db, now) {
    const removed = await db
      .delete(idempotencyKeys)
      .where(lte(idempotencyKeys.expiresAt, now))
      .returning({ key: idempotencyKeys.key });
    return removed.length;
  },
};
