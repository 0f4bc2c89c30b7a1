import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { partialZipCode, territoryOf } from '../../../server/care/territory';

describe('care settings', () => {
  it('default to a Berlin agency: Berlin core, surrounding Brandenburg optional, two-digit partial zip codes, no notification', () => {
    const config = loadConfig({});
    expect(config.care).toEqual({
      intakeRateLimit: 30,
      mailLanguage: 'en',
      coreTerritoryZipPrefixes: ['10', '12', '13', '140', '141'],
      optionalTerritoryZipPrefixes: ['14', '15', '16'],
      partialZipDigits: 2,
      notifyRecipients: [],
      notifySender: 'caredesk@caredesk.example',
      panelUrl: 'http://localhost:8080',
      eventStreams: { perUser: 5, perProcess: 1000 },
      eventHeartbeatMs: 20_000,
    });
    expect(config.serviceUrls.agencyWebsite).toBe('https://www.caredesk.example');
  });

  it('reads every setting', () => {
    const config = loadConfig({
      INTAKE_RATE_LIMIT: '5',
      CORE_TERRITORY_ZIP_PREFIXES: ' 80, 81 ',
      OPTIONAL_TERRITORY_ZIP_PREFIXES: '',
      PARTIAL_ZIP_DIGITS: '3',
      CARE_REQUEST_NOTIFY: 'office@pflege.example, chef@pflege.example',
      CARE_REQUEST_NOTIFY_SENDER: 'intake@pflege.example',
      AGENCY_WEBSITE: 'https://www.pflege.example/start',
      PANEL_URL: 'https://panel.pflege.example/caredesk/',
      CARE_EVENT_STREAMS_PER_USER: '2',
      CARE_EVENT_STREAMS_PER_PROCESS: '300',
      AGENCY_LANGUAGE: 'de',
    });
    expect(config.care).toEqual({
      intakeRateLimit: 5,
      mailLanguage: 'de',
      coreTerritoryZipPrefixes: ['80', '81'],
      optionalTerritoryZipPrefixes: [],
      partialZipDigits: 3,
      notifyRecipients: ['office@pflege.example', 'chef@pflege.example'],
      notifySender: 'intake@pflege.example',
      panelUrl: 'https://panel.pflege.example/caredesk',
      eventStreams: { perUser: 2, perProcess: 300 },
      eventHeartbeatMs: 20_000,
    });
    expect(config.serviceUrls.agencyWebsite).toBe('https://www.pflege.example');
  });

  it.each([
    ['PARTIAL_ZIP_DIGITS', '5'],
    ['PARTIAL_ZIP_DIGITS', '0'],
    ['CORE_TERRITORY_ZIP_PREFIXES', '10,1a'],
    ['OPTIONAL_TERRITORY_ZIP_PREFIXES', '123456'],
    ['CARE_REQUEST_NOTIFY', 'office'],
    ['AGENCY_WEBSITE', 'not a url'],
    ['INTAKE_RATE_LIMIT', 'many'],
    ['CARE_EVENT_STREAMS_PER_USER', '0'],
    ['CARE_EVENT_STREAMS_PER_PROCESS', 'lots'],
    ['PANEL_URL', 'panel.example'],
    ['PANEL_URL', 'ftp://panel.example'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

describe('territory', () => {
  const prefixes = { coreTerritoryZipPrefixes: ['10', '140'], optionalTerritoryZipPrefixes: ['14'] };
  it('puts a zip code matching both lists into the core territory only', () => {
    expect(territoryOf('14050', prefixes)).toEqual({ core_territory: true, optional_territory: false });
    expect(territoryOf('14467', prefixes)).toEqual({ core_territory: false, optional_territory: true });
    expect(territoryOf('80331', prefixes)).toEqual({ core_territory: false, optional_territory: false });
  });

  it('keeps only the first digits of a zip code', () => {
    expect(partialZipCode('10115', 2)).toBe('10xxx');
    expect(partialZipCode('10115', 4)).toBe('1011x');
  });
});
