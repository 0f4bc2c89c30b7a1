import { problems } from '../../contracts/common';
import { CareRequestUidParams } from '../../contracts/care';
import {
  ActivityPage,
  ActivityQuery,
  Assignees,
  CARE_STATUS_REASONS,
  EditConflict,
  MyCareSettings,
  WorkflowChange,
  WorkflowState,
} from '../../contracts/care-workflow';
import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { routeDocs } from '../shared/route-docs';
import type { ServiceApp } from '../shared/service';
import { requestActivity } from './activity';
import { careSettingsOf, saveCareSettings } from './settings';
import { assignableUsers } from './assignees';
import { NoQuery } from '../../contracts/common';
import { changeWorkflow, workflowState, type WorkflowSettings } from './workflow';

const describe = routeDocs(['care']);

const WORKFLOW =
  'Changes the status, assignee or follow-up of a care request; fields left out stay. `version` must be the current one (every ' +
  'change adds 1), else 409 `/problems/edit-conflict` whose `current` is the state to start again from. Statuses: new, contacting, ' +
  'offer_sent, placed, declined, withdrawn (the last three closed); any status may follow any other. Moving to declined or withdrawn ' +
  `needs a \`reason\` (one of ${CARE_STATUS_REASONS.join(', ')}: a word, so that no personal data enters the trail), else 400 ` +
  '`/problems/reason-required`; a reason with any other change is 400 `/problems/validation-error`. `assignee_uid` must be an unbanned ' +
  'user holding care:work (400 `/problems/invalid-assignee`), null unassigns. A change that changes nothing answers the state as it is. ' +
  'Assigning a request to someone else queues a mail to them (a link and the partial zip code; see `/my-settings/`). Audited as ' +
  '`care-request.workflow` with the version and each changed part {from, to} (the reason with a status); every stream of ' +
  '`/events/` gets `care-request.changed`. 404 `/problems/care-request-not-found` when unknown.';

export function careWorkflowRoutes(app: ServiceApp, db: Db, settings: WorkflowSettings) {
  app.get(
    '/assignees/',
    {
      config: { permission: 'care:work' },
      schema: {
        ...describe(
          'Who a care request may be assigned to',
          'Every unbanned user holding care:work (every unbanned user with ACCESS_POLICY=open), uid and public name only, sorted by ' +
            "public name regardless of case: the choices of the assignee field and of the list's assignee filter.",
        ),
        querystring: NoQuery,
        response: { 200: Assignees, ...problems(401, 403) },
      },
    },
    async () => assignableUsers(db, settings.accessPolicy),
  );

  app.get(
    '/care-requests/:uid/workflow/',
    {
      config: { permission: 'care:read' },
      schema: {
        ...describe(
          "A care request's workflow state",
          'Its status, assignee, follow-up and version, as the incoming list item carries them: what a change (PATCH) starts from. 404 ' +
            '`/problems/care-request-not-found` when unknown.',
        ),
        params: CareRequestUidParams,
        response: { 200: WorkflowState, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => workflowState(db, request.params.uid),
  );

  app.patch(
    '/care-requests/:uid/workflow/',
    {
      config: { permission: 'care:work' },
      schema: {
        ...describe('Work a care request: status, assignee, follow-up (optimistic locking by version)', WORKFLOW),
        params: CareRequestUidParams,
        body: WorkflowChange,
        response: { 200: WorkflowState, ...problems(400, 401, 403, 404), 409: EditConflict },
      },
    },
    async (request) => changeWorkflow(db, request.params.uid, request.body, auditContextOf(request), settings),
  );

  app.get(
    '/care-requests/:uid/activity/',
    {
      config: { permission: 'care:read' },
      schema: {
        ...describe(
          "A care request's timeline, newest first, paged",
          'Received, created in the panel, workflow changes (status with reason, assignee, follow-up, each {from, to}), notes added, ' +
            'edited or deleted (by uid: the text is only in `/notes/`), contact data read or erased (by a person or by retention), and the ' +
            'mails sent about it (the office notice, assignment mails) with their delivery state; each with its actor (null for the web ' +
            'form, retention and mails) and time. `page` ≥ 1, `page_size` 1–100 (default 20). 404 `/problems/care-request-not-found`.',
        ),
        params: CareRequestUidParams,
        querystring: ActivityQuery,
        response: { 200: ActivityPage, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) =>
      requestActivity(db, request.params.uid, {
        page: request.query.page ?? 1,
        pageSize: request.query.page_size ?? 20,
      }),
  );

  const SETTINGS =
    '`assignment_mails` (default true): whether a care request someone else assigns to me is mailed to me; `mail_address` (default ' +
    'null): where, or null for my username when it is an e-mail address (no mail otherwise).';
  app.get(
    '/my-settings/',
    {
      config: { permission: 'care:work' },
      schema: { ...describe('My care settings', SETTINGS), response: { 200: MyCareSettings, ...problems(401, 403) } },
    },
    async (request) => careSettingsOf(db, request.user.uid),
  );

  app.put(
    '/my-settings/',
    {
      config: { permission: 'care:work' },
      schema: {
        ...describe(
          'Change my care settings',
          `${SETTINGS} Audited as \`care-settings.update\` (an address only as "changed").`,
        ),
        body: MyCareSettings,
        response: { 200: MyCareSettings, ...problems(400, 401, 403) },
      },
    },
    async (request) => saveCareSettings(db, request.user.uid, request.body, auditContextOf(request)),
  );
}
