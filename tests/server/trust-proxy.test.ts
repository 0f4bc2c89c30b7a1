import { desc } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { loadConfig } from '../../server/config';
import { auditEvents } from '../../server/db/schema';
import { AUTH, basic, createTestApp } from './helpers';

test('TRUST_PROXY: off, every entry, or the proxies themselves; anything else stops the start', () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
  expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16, ::1' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
  expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
});

test('behind a trusted proxy, the address the proxy appended counts, not the one the client wrote', async () => {
  const t = await createTestApp({ config: { trustProxy: ['10.0.0.0/8'] } });
  try {
    const response = await t.inject({
      method: 'POST',
      url: `${AUTH}/token/`,
      headers: { ...basic('nobody-here', 'wrong-password'), 'x-forwarded-for': '203.0.113.66, 198.51.100.7' },
      remoteAddress: '10.0.0.5',
    });
    expect(response.statusCode).toBe(401);
    const [event] = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ action: 'sign-in.failure', address: '198.51.100.7' });
  } finally {
    await t.close();
  }
});
