import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOf, isWebAddress, WEB_ADDRESS_DETAIL } from '../../../contracts/intake-rules';
import { submit, validForm, type FieldProblem } from '../../fixtures/care-form';
import { createTestApp, type TestApp } from '../support/helpers';

describe("the shared web-address rule (the stepper's Origin and the intake's WWW)", () => {
  it.each([
    ['https://www.example.org', 'www.example.org'],
    ['http://www.example.org/anfrage?utm_source=x#form', 'www.example.org'],
    ['HTTPS://WWW.Example.ORG', 'www.example.org'],
    ['www.example.org', 'www.example.org'],
    ['https://localhost', 'localhost'],
    ['localhost:5173', 'localhost'],
    ['https://www.example.org:8443/', 'www.example.org'],
    ['http://192.168.1.20:8080', '192.168.1.20'],
    ['http://[::1]:3000/', '[::1]'],
    ['https://pflege-müller.example/kontakt', 'xn--pflege-mller-klb.example'],
    ['https://bücher.example', 'xn--bcher-kva.example'],
    ['https://例え.テスト/', 'xn--r8jz45g.xn--zckzah'],
    ['https://pflege_team.example/', 'pflege_team.example'],
    ['https://www.example.org./anfrage', 'www.example.org'],
  ])('accepts %s (host %s)', (address, host) => {
    expect(hostOf(address)).toBe(host);
  });

  it.each([
    'not a url',
    'https://not a url',
    'https://www.example.org/ anfrage',
    ' https://www.example.org',
    'https://www.exa\tmple.org',
    'http:/x',
    'http:\\\\x.example',
    'https://x.example\\path',
    'javascript:alert(1)',
    'mailto:pflege@example.org',
    'ftp://files.example.org',
    'https://',
    'http://',
    '//www.example.org',
    'https://user:secret@www.example.org',
    'https://www.example.org:',
    'https://www.example.org:65536',
    'https://www.example.org:port',
    'https://1.2.3',
    'https://256.1.1.1',
    'https://example.123',
    'https://-example.org',
    'https://exa%20mple.org',
    `https://${'a'.repeat(64)}.example`,
    '',
  ])('refuses %j', (address) => {
    expect(isWebAddress(address)).toBe(false);
  });
});

describe('POST /api/intake/care-request/ and the origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withAdmin: false });
  });
  afterAll(async () => t?.close());

  it.each(['not a url', 'http:/x', 'https://user@www.example.org', 'https://1.2.3'])(
    'refuses WWW %j with a problem naming the field',
    async (address) => {
      const response = await submit(t.inject, validForm({ WWW: address }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      const problem = response.json<FieldProblem & { field: string }>();
      expect(problem.field).toBe('WWW');
      expect(problem.errors).toEqual([{ field: 'WWW', detail: WEB_ADDRESS_DETAIL }]);
    },
  );

  it('accepts an IDN origin with a port', async () => {
    const response = await submit(t.inject, validForm({ WWW: 'https://pflege-müller.example:8443/anfrage' }));
    expect(response.statusCode, response.body).toBe(201);
  });
});
