import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../../server/db';
import { openTestDatabase } from './helpers';
import { startServerProcess, type ServerProcess } from './server-process';

/** Two real server processes on one fresh PostgreSQL database, each with its own data folder and an administrator. */
export interface ServerPair {
  database: Database;
  a: ServerProcess;
  b: ServerProcess;
  /** Stops both processes (SIGTERM, SIGKILL after 10 s), drops the database and removes the data folders. */
  stop(): Promise<void>;
}

export async function startServerPair(
  admin: { username: string; password: string },
  folderPrefix: string,
): Promise<ServerPair> {
  const { database, url, drop } = await openTestDatabase();
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), folderPrefix)));
  const env = {
    DATABASE_URL: url!,
    SECRET_KEY: '74a223180e750d042798043d047a87c0eae5cfa67ff3ee0c948d1a33215d5a69',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    MAIL_WORKER: 'false',
  };
  const started: ServerProcess[] = [];
  async function stop() {
    for (const server of started) {
      server.child.kill('SIGTERM');
      await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      server.child.kill('SIGKILL');
    }
    await database.close();
    await drop();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    for (const dataDir of dataDirs) started.push(await startServerProcess({ ...env, DATA_DIR: dataDir }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { database, a: started[0], b: started[1], stop };
}
