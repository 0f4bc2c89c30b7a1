import { desc } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { loadConfig } from '../../../server/config';
import { auditEvents } from '../../../server/db/schema';
import { AUTH, basic, createTestApp, testConfig } from '../support/helpers';

test('TRUST_PROXY: off, a hop count, or the proxies themselves; true and anything else stop the start with the forms to write', () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16, ::1' }).trustProxy).toEqual([
    '10.0.0.5',
    '10.1.0.0/16',
    '::1',
  ]);
  expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
    /every X-Forwarded-For entry.*number of proxies.*addresses\/CIDRs/,
  );
  expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY must be false, the number of proxies/);
  expect(() => loadConfig({ TRUST_PROXY: '100' })).toThrow(/TRUST_PROXY/);
});

/** The address the audit trail recorded for a failed sign-in sent with this X-Forwarded-For from this peer. */
async function recordedAddress(
  t: Awaited<ReturnType<typeof createTestApp>>,
  forwardedFor: string,
  remoteAddress: string,
) {
  const response = await t.inject({
    method: 'POST',
    url: `${AUTH}/token/`,
    headers: { ...basic('nobody-here', 'wrong-password'), 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
  expect([401, 429]).toContain(response.statusCode);
  const [event] = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
  return event.address;
}

test('a hop count believes only that many addresses from the right: what a client writes to the left never counts', async () => {
  const oneProxy = await createTestApp({ config: { trustProxy: 1 } });
  try {
    for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      expect(await recordedAddress(oneProxy, `${forged}, 198.51.100.7`, '10.0.0.5')).toBe('198.51.100.7');
    }
    expect(await recordedAddress(oneProxy, '', '198.51.100.8')).toBe('198.51.100.8');
  } finally {
    await oneProxy.close();
  }
  const twoProxies = await createTestApp({ config: { trustProxy: 2 } });
  try {
    expect(await recordedAddress(twoProxies, '203.0.113.9, 198.51.100.7, 10.0.0.4', '10.0.0.5')).toBe('198.51.100.7');
  } finally {
    await twoProxies.close();
  }
});

test('with a hop count, rotating forged entries do not escape the sign-in throttle of the real address', async () => {
  const t = await createTestApp({
    config: { trustProxy: 1, throttle: { ...testConfig().throttle, addressMaxFailures: 3 } },
  });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.inject({
        method: 'POST',
        url: `${AUTH}/token/`,
        headers: { ...basic(`nobody-${i}`, 'wrong-password'), 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
        remoteAddress: '10.0.0.5',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  } finally {
    await t.close();
  }
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
