// `npm run seed:demo`: fills an empty installation with demo data: panel users of every known role and care requests of
// all three form versions. Uses DATABASE_URL, else the PGlite database in DATA_DIR (stop the server first when using PGlite).
// Refuses, and changes nothing, when the installation already has care requests.
import path from 'node:path';
import { fakerDE } from '@faker-js/faker';
import { generatePassword, hashPassword } from '../server/auth/passwords';
import { isUniqueViolation, insertUser } from '../server/auth/users';
import { demoCareRequests } from '../server/care/demo';
import { vacuumCareRequests, countCareRequests, insertCareRequests } from '../server/care/store';
import { loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db';

const DEMO_CARE_REQUESTS = 250;
const DEMO_USERS = [
  { username: 'petra.schulz', publicName: 'Petra Schulz', roles: ['administrator', 'ceo'] },
  { username: 'jonas.weber', publicName: 'Jonas Weber', roles: ['dispatcher'] },
  { username: 'aylin.demir', publicName: 'Aylin Demir', roles: ['dispatcher', 'recruiter'] },
  { username: 'marek.nowak', publicName: 'Marek Nowak', roles: ['recruiter'] },
  { username: 'ilona.kovacs', publicName: 'Ilona Kovács', roles: ['caregiver'] },
];

async function seedUsers(db: Db): Promise<string[]> {
  const lines: string[] = [];
  for (const user of DEMO_USERS) {
    const password = generatePassword(16);
    try {
      await insertUser(db, { ...user, passwordHash: await hashPassword(password) });
      lines.push(`  ${user.username.padEnd(14)} ${password}  (${user.roles.join(', ')})`);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      lines.push(`  ${user.username.padEnd(14)} exists already, left unchanged`);
    }
  }
  return lines;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    const existing = await countCareRequests(database.db);
    if (existing > 0) {
      console.log(`This installation already has ${existing} care request(s); seed:demo only fills an empty one. Nothing was changed.`);
      return;
    }
    fakerDE.seed(20_16);
    const records = demoCareRequests(DEMO_CARE_REQUESTS, { care: config.care });
    await database.db.transaction((tx) => insertCareRequests(tx, records));
    await vacuumCareRequests(database.db);
    const users = await seedUsers(database.db);
    console.log(`Seeded ${records.length} demo care requests (form versions 2012, 2016-pre and 2016).`);
    console.log('Demo panel users (username, password shown only now, roles):');
    for (const line of users) console.log(line);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
