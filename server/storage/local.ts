import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobStorage, type ByteRange } from './blob-storage';

const PARTIAL_DIR = '.partial';

/** Blobs on local disk: <root>/<first two characters of the key>/<key>, written under <root>/.partial/ and renamed when complete. */
export class LocalBlobStorage implements BlobStorage {
  readonly kind = 'local';

  constructor(readonly root: string) {}

  pathOf(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, key.slice(0, 2), key);
  }

  /** Writes under way, in one folder of the same disk (so the final rename is atomic and a start-up sweep reads only this). */
  private get partialDir(): string {
    return path.join(this.root, PARTIAL_DIR);
  }

  async put(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await mkdir(this.partialDir, { recursive: true });
    const partial = path.join(this.partialDir, `${key}.${randomUUID()}.part`);
    // created before the copy starts: a stream that opened it itself could create it after a failing source had ended the
    // copy and the clean-up below had run, and leave it behind
    const file = await open(partial, 'wx');
    try {
      await pipeline(body, file.createWriteStream());
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    // opened first so that a missing blob fails before any response header is sent
    const handle = await open(this.pathOf(key), 'r');
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Removes temporary files of writes that never finished (a process killed mid-upload) and are older than `olderThanMs`,
   * so that a write still under way in another process is left alone. Returns how many were removed.
   */
  async removeStalePartials(olderThanMs: number): Promise<number> {
    const names = await readdir(this.partialDir).catch(() => []);
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      if (!name.endsWith('.part')) continue;
      const file = path.join(this.partialDir, name);
      const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }));
      if (mtimeMs >= cutoff) continue;
      await rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  async has(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }
}
