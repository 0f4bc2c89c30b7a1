import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Incoming care requests as the lists show them: nothing in this table identifies a person (the zip code is partial,
 * contact data lives in care_request_contacts). details and patients hold the wire shapes of contracts/care.ts.
 */
export const careRequests = pgTable(
  'care_requests',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    legacyId: text('legacy_id').unique(),
    formVersion: text('form_version').$type<'2012' | '2016-pre' | '2016'>().notNull(),
    submitted: timestamp('submitted', { withTimezone: true }).notNull(),
    host: text('host').notNull(),
    affiliate: text('affiliate'),
    coreTerritory: boolean('core_territory').notNull(),
    optionalTerritory: boolean('optional_territory').notNull(),
    partialMissionZipCode: text('partial_mission_zip_code'),
    missionBegins: text('mission_begins').$type<'asap' | 'date' | 'other'>().notNull(),
    missionStartDate: date('mission_start_date', { mode: 'string' }),
    driversLicenseRequired: boolean('drivers_license_required').notNull(),
    otherPersonsPresent: boolean('other_persons_present').notNull(),
    numberOfPatients: smallint('number_of_patients').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    patients: jsonb('patients').$type<Record<string, unknown>[]>().notNull(),
    /** Lower-case host, affiliate, partial zip code, legacy id and form version, one a line: what the list search matches. */
    searchText: text('search_text').notNull(),
    /** When the contact data was erased (retention or an erasure request); null while it is kept. */
    contactErasedAt: timestamp('contact_erased_at', { withTimezone: true }),
    /** The workflow (server/care/workflow.ts): every request starts new, unassigned, without follow-up, at version 1. */
    status: text('status')
      .$type<'new' | 'contacting' | 'offer_sent' | 'placed' | 'declined' | 'withdrawn'>()
      .notNull()
      .default('new'),
    assigneeUid: uuid('assignee_uid').references(() => users.uid, { onDelete: 'set null' }),
    followUp: date('follow_up', { mode: 'string' }),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('care_requests_form_version_check', sql`${table.formVersion} in ('2012', '2016-pre', '2016')`),
    check(
      'care_requests_status_check',
      sql`${table.status} in ('new', 'contacting', 'offer_sent', 'placed', 'declined', 'withdrawn')`,
    ),
    // the board's columns and the workflow filters (status, assignee, follow-up), each in the default order or by follow-up
    index('care_requests_status_submitted_idx').on(table.status, table.submitted, table.uid),
    index('care_requests_status_follow_up_idx').on(table.status, table.followUp, table.uid),
    // "Mine" and "Unassigned new": the assignee's (or nobody's) requests of some statuses, counted index-only
    index('care_requests_assignee_status_idx').on(table.assigneeUid, table.status, table.submitted, table.uid),
    // "is null" is no equality to PostgreSQL's planner, so unassigned requests get their own index to be read in order
    index('care_requests_unassigned_idx')
      .on(table.status, table.submitted, table.uid)
      .where(sql`${table.assigneeUid} is null`),
    index('care_requests_follow_up_idx').on(table.followUp, table.uid),
    check('care_requests_mission_begins_check', sql`${table.missionBegins} in ('asap', 'date', 'other')`),
    index('care_requests_submitted_idx').on(table.submitted, table.uid),
    // the dashboard's requests per week by territory (server/care/statistics.ts), read without visiting the rows
    index('care_requests_submitted_territory_idx').on(table.submitted, table.coreTerritory, table.optionalTerritory),
    index('care_requests_host_idx').on(table.host, table.uid),
    index('care_requests_affiliate_idx').on(table.affiliate, table.uid),
    index('care_requests_partial_zip_idx').on(table.partialMissionZipCode, table.uid),
    index('care_requests_start_date_idx').on(table.missionStartDate, table.uid),
    index('care_requests_form_version_idx').on(table.formVersion, table.uid),
    index('care_requests_patients_idx').on(table.numberOfPatients, table.uid),
    index('care_requests_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

/** The archived version of an incoming request (same uid). The jsonb columns hold the wire shapes of contracts/care.ts. */
export const archivedCareRequests = pgTable('archived_care_requests', {
  uid: uuid('uid')
    .primaryKey()
    .references(() => careRequests.uid, { onDelete: 'cascade' }),
  customerVersion: text('customer_version').$type<'1.0' | '2.0'>().notNull(),
  newsletter: boolean('newsletter'),
  referral: text('referral'),
  contactTitle: text('contact_title').$type<'mr' | 'mrs' | 'family'>(),
  contactPartialZipCode: text('contact_partial_zip_code'),
  missionDetails: jsonb('mission_details').$type<Record<string, unknown>>().notNull(),
  accommodation: jsonb('accommodation').$type<Record<string, unknown>>().notNull(),
  caregiverRequirements: jsonb('caregiver_requirements').$type<Record<string, unknown>>().notNull(),
});

/** Who asked, and the full mission address: personal data that no list or detail route returns. */
export const careRequestContacts = pgTable('care_request_contacts', {
  uid: uuid('uid')
    .primaryKey()
    .references(() => careRequests.uid, { onDelete: 'cascade' }),
  salutation: text('salutation').$type<'mr' | 'mrs' | 'family'>(),
  academicTitle: text('academic_title').$type<'none' | 'dr' | 'prof_dr'>(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  email: text('email'),
  notes: text('notes'),
  missionZipCode: text('mission_zip_code'),
  missionCity: text('mission_city'),
  /** How the request reached us: utm_source, utm_medium, utm_campaign, nodelay and the full WWW origin. */
  tracking: jsonb('tracking')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
});

/** Staff notes on a request: they may hold personal data, so they are erased with the contact data and never leave the notes routes. */
export const careRequestNotes = pgTable(
  'care_request_notes',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    requestUid: uuid('request_uid')
      .notNull()
      .references(() => careRequests.uid, { onDelete: 'cascade' }),
    authorUid: uuid('author_uid')
      .notNull()
      .references(() => users.uid),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    text: text('text').notNull(),
  },
  (table) => [index('care_request_notes_request_idx').on(table.requestUid, table.createdAt)],
);

/** Which mails were sent about a request (the intake's notice, assignment mails): the activity timeline shows them with their state. */
export const careRequestMails = pgTable(
  'care_request_mails',
  {
    mailUid: uuid('mail_uid').primaryKey(),
    requestUid: uuid('request_uid')
      .notNull()
      .references(() => careRequests.uid, { onDelete: 'cascade' }),
    kind: text('kind').$type<'new-request' | 'assignment'>().notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('care_request_mails_request_idx').on(table.requestUid, table.queuedAt)],
);

/** A user's own care settings; a user without a row has the defaults (assignment mails on, to the username if it is an address). */
export const careUserSettings = pgTable('care_user_settings', {
  userUid: uuid('user_uid')
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  assignmentMails: boolean('assignment_mails').notNull().default(true),
  mailAddress: text('mail_address'),
});

/** Ids of the live events (server/care/events.ts): one sequence, so every process names an event alike for Last-Event-ID. */
export const careEventIds = pgSequence('care_event_ids');
