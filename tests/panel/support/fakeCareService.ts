import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import { beforeEach } from 'vitest';
import type { ArchivedOutput, CareRequestList, IncomingOutput, IncomingPage } from '../../../contracts/care';
import type { ProblemResponse } from '../../../contracts/common';
import type { Accepted } from '../../../contracts/intake';
import { withFakeBackend } from './backend';
import { ORIGIN } from './fakeAuthService';
import { createFakeCareWork } from './fakeCareWork';

export const INTAKE_URL = `${ORIGIN}/api/intake/care-request/`;
const INCOMING_URL = `${ORIGIN}/api/care/incoming/care-requests/`;
const ARCHIVED_URL = `${ORIGIN}/api/care/archived/care-requests/:uid/`;

export const UID_2016 = '0f1e2d3c-0000-4000-8000-000000002016';
const UID_2012 = '0f1e2d3c-0000-4000-8000-000000002012';

/** Epoch seconds of 2026-03-01 10:30 UTC and 2025-12-24 08:00 UTC. */
export const SUBMITTED_2016 = 1_772_361_000;
const SUBMITTED_2012 = 1_766_563_200;

export const incoming2016 = () =>
  ({
    uid: UID_2016,
    form_version: '2016',
    host: 'www.caredesk.example',
    legacy_id: null,
    submitted: SUBMITTED_2016,
    affiliate: 'caredesk',
    optional_territory: false,
    core_territory: true,
    partial_mission_zip_code: '10xxx',
    mission_begins: 'date',
    mission_start_date: '2026-04-01',
    drivers_license_required: true,
    other_persons_present: true,
    archived_request_available: true,
    numberOfPatients: 2,
    status: 'contacting',
    assignee: { uid: '11111111-1111-4111-8111-111111111111', public_name: 'Alice Admin' },
    follow_up: '2026-01-15',
    version: 3,
    details: { newsletter: true, referral: 'google' },
    patients: [
      {
        gender: 'female',
        mobility: 'walker',
        care_level: 3,
        details: {
          can_hear: 'slightly_impaired',
          can_talk: 'no_limitations',
          can_see: 'highly_impaired',
          night_shift: 'rarely',
        },
      },
      {
        gender: 'male',
        mobility: 'wheelchair',
        care_level: 2,
        details: {
          can_hear: 'no_limitations',
          can_talk: 'not_possible',
          can_see: 'no_limitations',
          night_shift: 'never',
        },
      },
    ],
  }) satisfies IncomingOutput;

export const incoming2012 = () =>
  ({
    uid: UID_2012,
    form_version: '2012',
    host: 'pflege-old.example',
    legacy_id: 'L-4711',
    submitted: SUBMITTED_2012,
    affiliate: null,
    optional_territory: true,
    core_territory: false,
    partial_mission_zip_code: '15xxx',
    mission_begins: 'asap',
    mission_start_date: null,
    drivers_license_required: false,
    other_persons_present: false,
    archived_request_available: false,
    numberOfPatients: 1,
    status: 'new',
    assignee: null,
    follow_up: null,
    version: 1,
    details: {
      accommodation: 'two_rooms',
      caregiver_gender: 'female',
      caregiver_language_skills: 'conversant',
      caregiver_minimum_age: 30,
      caregiver_work_experience: 'desirable',
      smokers_allowed: 'only_outside',
      own_bathroom: true,
      television: 'available',
      night_shift: 'once_a_night',
      has_dogs: false,
      has_cats: true,
      housing_type: 'house',
      referral: 'newspaper',
    },
    patients: [
      {
        gender: 'female',
        mobility: 'bedridden',
        care_level: 5,
        details: {
          can_hear: 'not_possible',
          can_talk: 'highly_impaired',
          can_see: 'slightly_impaired',
          night_shift: 'frequent',
          ambulatory_care_service: 'to_be_discontinued',
          diseases: ['dementia', 'diabetes'],
        },
      },
    ],
  }) satisfies IncomingOutput;

export const archived2016 = () =>
  ({
    uid: UID_2016,
    customer_version: '2.0',
    form_version: '2016',
    host: 'www.caredesk.example',
    legacy_id: 'A-17',
    submitted: SUBMITTED_2016,
    affiliate: 'caredesk',
    optional_territory: false,
    core_territory: true,
    newsletter: true,
    referral: 'google',
    contact: { title: 'mrs', partial_zip_code: '10xxx' },
    mission_details: {
      zip_code: '10xxx',
      begins: 'date',
      start_date: '2026-04-01',
      other_persons_present: true,
      other_persons_number: 1,
      other_persons_need_assistance: false,
      pets: true,
      night_shift: 'rarely',
      shops_reachable_by_foot: true,
      transport: false,
      household_activities: ['cooking', 'laundry', 'window_cleaning'],
      relief_breaks: true,
      grocery_shopping: true,
      shops_reachable: 'by_foot',
      smokers_household: false,
      patients: [
        {
          gender: 'female',
          mobility: 'walker',
          care_level: 3,
          ambulatory_care_service: 'yes',
          diseases: ['parkinson', 'stroke'],
          night_shift: 'rarely',
          medical_aids: ['rollator', 'care_bed'],
          abilities: {
            can_hear: 'slightly_impaired',
            can_talk: 'no_limitations',
            can_see: 'highly_impaired',
            can_climb_stairs: 'dependant',
            can_get_out_of_bed: 'mostly_independent',
            can_dress: 'mostly_dependant',
            can_walk: 'independent',
            can_stand: 'irrelevant',
          },
          care_activities: { morning: ['dress', 'shower'], noon: ['ingestion'], evening: ['bring_to_bed'], night: [] },
        },
        {
          gender: 'male',
          mobility: 'wheelchair',
          care_level: 2,
          ambulatory_care_service: null,
          diseases: null,
          night_shift: 'never',
          medical_aids: null,
          abilities: {
            can_hear: 'no_limitations',
            can_talk: 'not_possible',
            can_see: 'no_limitations',
            can_climb_stairs: null,
            can_get_out_of_bed: null,
            can_dress: null,
            can_walk: null,
            can_stand: null,
          },
          care_activities: { morning: null, noon: null, evening: null, night: null },
        },
      ],
    },
    accommodation: {
      accommodation: 'apartment',
      bathroom: true,
      toilet: true,
      television: 'to_be_arranged',
      internet: 'available',
      telephone_flat_rate: 'not_available',
      family_nearby: true,
    },
    caregiver_requirements: {
      gender: 'unimportant',
      language_skills: 'fluent',
      drivers_license: true,
      smokers_allowed: 'nonsmokers_only',
      work_experience: 'expert',
      minimum_age: 25,
      maximum_age: 60,
    },
    contact_erased: null,
  }) satisfies ArchivedOutput;

/** The intake's 201 answer. */
const accepted = (): Response =>
  HttpResponse.json(
    { uid: '7a7a7a7a-0000-4000-8000-000000000001', submitted: 1_772_361_000 } satisfies Static<typeof Accepted>,
    { status: 201 },
  );

/** The incoming list's requests at the start of a test. */
const initialItems = (): IncomingOutput[] => [incoming2016(), incoming2012()];

interface CapturedRequest {
  url: URL;
  form?: FormData;
  authorization?: string | null;
}

/** The fake auth service plus fake intake and care services; every request is recorded. */
export function withFakeCareBackend() {
  const backend = withFakeBackend();
  const state = {
    intake: [] as CapturedRequest[],
    incoming: [] as CapturedRequest[],
    archived: [] as CapturedRequest[],
    intakeReply: accepted,
    items: initialItems(),
  };
  const work = createFakeCareWork(() => state.items);
  const install = () => {
    state.intake = [];
    state.incoming = [];
    state.archived = [];
    state.intakeReply = accepted;
    state.items = initialItems();
    work.state.notes.clear();
    work.state.activity.clear();
    work.state.changes.length = 0;
    work.state.streamRequests.length = 0;
    work.state.streams.clear();
    backend.server.use(
      ...work.handlers,
      http.post(INTAKE_URL, async ({ request }) => {
        state.intake.push({
          url: new URL(request.url),
          form: await request.formData(),
          authorization: request.headers.get('authorization'),
        });
        return state.intakeReply();
      }),
      http.get(INCOMING_URL, ({ request }) => {
        const url = new URL(request.url);
        state.incoming.push({ url });
        const pageSize = Number(url.searchParams.get('page_size') ?? 10);
        const statuses = (JSON.parse(url.searchParams.get('filters') ?? '{}') as Static<typeof CareRequestList.filters>)
          .status;
        const items = statuses ? state.items.filter((item) => statuses.includes(item.status)) : state.items;
        return HttpResponse.json({
          items: items.slice(0, pageSize),
          previous_page: null,
          next_page: null,
          total: items.length,
        } satisfies Static<typeof IncomingPage>);
      }),
      http.get(ARCHIVED_URL, ({ request, params }) => {
        state.archived.push({ url: new URL(request.url) });
        if (params.uid === UID_2016) return HttpResponse.json(archived2016());
        return HttpResponse.json(
          {
            type: '/problems/care-request-not-found',
            title: 'Not Found',
            status: 404,
            detail: 'no such request',
          } satisfies ProblemResponse,
          { status: 404 },
        );
      }),
    );
  };
  beforeEach(install);
  return { backend, state, work };
}
