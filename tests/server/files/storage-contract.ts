import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { BlobStorage } from '../../../server/storage';

interface StorageUnderTest {
  storage: BlobStorage;
  /** Everything the store holds, finished or partial. */
  stored(): Promise<string[]>;
  close(): Promise<void>;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `size` pseudo-random bytes made on the fly, failing after `failAfter` bytes when given. */
function generated(size: number, failAfter?: number): Readable & { md5: () => string } {
  const hash = createHash('md5');
  const block = randomBytes(64 * 1024);
  let sent = 0;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return this.destroy(new Error('source failed'));
      if (sent >= size) return this.push(null);
      const chunk = block.subarray(0, Math.min(block.length, size - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return Object.assign(stream, { md5: () => hash.digest('hex') });
}

/** The behaviour every BlobStorage must show, run against one implementation. */
export function blobStorageContract(open: () => StorageUnderTest | Promise<StorageUnderTest>) {
  let under: StorageUnderTest;
  beforeAll(async () => {
    under = await open();
  });
  afterAll(() => under?.close());

  test('put, has, read whole and in ranges, remove', async () => {
    const key = randomUUID();
    const data = randomBytes(100_000);
    expect(await under.storage.has(key)).toBe(false);
    await under.storage.put(key, Readable.from([data.subarray(0, 40_000), data.subarray(40_000)]));
    expect(await under.storage.has(key)).toBe(true);
    expect((await bytesOf(await under.storage.read(key))).equals(data)).toBe(true);
    expect((await bytesOf(await under.storage.read(key, { start: 10, end: 19 }))).equals(data.subarray(10, 20))).toBe(
      true,
    );
    expect(
      (await bytesOf(await under.storage.read(key, { start: 99_999, end: 99_999 }))).equals(data.subarray(99_999)),
    ).toBe(true);
    await under.storage.remove(key);
    expect(await under.storage.has(key)).toBe(false);
    await under.storage.remove(key); // removing twice is no error
  });

  test('an empty blob', async () => {
    const key = randomUUID();
    await under.storage.put(key, Readable.from([]));
    expect(await text(await under.storage.read(key))).toBe('');
    await under.storage.remove(key);
  });

  test('a blob larger than one upload part streams through', async () => {
    const key = randomUUID();
    const source = generated(20 * 1024 * 1024 + 123);
    await under.storage.put(key, source);
    const hash = createHash('md5');
    let size = 0;
    for await (const chunk of await under.storage.read(key)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    expect(size).toBe(20 * 1024 * 1024 + 123);
    expect(hash.digest('hex')).toBe(source.md5());
    await under.storage.remove(key);
  });

  test.each([
    ['at once', 0],
    ['after 12 MiB', 12 * 1024 * 1024],
  ])('a source that fails %s leaves nothing behind', async (_label, failAfter) => {
    const before = await under.stored();
    const key = randomUUID();
    await expect(under.storage.put(key, generated(30 * 1024 * 1024, failAfter))).rejects.toThrow();
    expect(await under.storage.has(key)).toBe(false);
    expect(await under.stored()).toEqual(before);
  });

  test('keys must be generated uids', async () => {
    for (const key of ['../../etc/passwd', 'report.pdf', '', `${randomUUID()}/x`]) {
      await expect(under.storage.put(key, Readable.from(['x']))).rejects.toThrow(/Not a blob key/);
      await expect(under.storage.read(key)).rejects.toThrow(/Not a blob key/);
    }
  });
}
