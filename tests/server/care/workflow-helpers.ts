import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../support/helpers';
import { unique } from '../support/helpers';
import { CARE, submit, validForm, type Form } from '../../fixtures/care-form';
import type { WorkflowChangeInput, WorkflowStateOutput } from '../../../contracts/care-workflow';

/** What the care workflow tests share: submitted requests, signed-in staff and the workflow, notes and list calls. */

export const workflowUrl = (uid: string) => `${CARE}/care-requests/${uid}/workflow/`;
export const notesUrl = (uid: string) => `${CARE}/care-requests/${uid}/notes/`;
export const activityUrl = (uid: string) => `${CARE}/care-requests/${uid}/activity/`;

export async function submitted(t: TestApp, form: Form = validForm()): Promise<string> {
  const response = await submit(t.inject, form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ uid: string }>().uid;
}

export interface Staff {
  uid: string;
  publicName: string;
  username: string;
  token: string;
}

/** A user with the roles, signed in; the username is an e-mail address, so that assignment mails have somewhere to go. */
export async function staff(
  t: TestApp,
  roles: string[],
  username = `${unique('staff')}@agency.example`,
): Promise<Staff> {
  const user = await t.createUser({ roles, username });
  const { access_token } = await t.signIn(user.username, user.password);
  return {
    uid: user.domain_user.uid,
    publicName: user.domain_user.public_name,
    username: user.username,
    token: access_token,
  };
}

export function patchWorkflow(
  t: TestApp,
  uid: string,
  change: Record<string, unknown>,
  token?: string,
): Promise<LightMyRequestResponse> {
  return t.as({ method: 'PATCH', url: workflowUrl(uid), payload: change, token });
}

/** Applies a change that must succeed and answers the new state. */
export async function worked(
  t: TestApp,
  uid: string,
  change: Partial<WorkflowChangeInput>,
  token?: string,
): Promise<WorkflowStateOutput> {
  const response = await patchWorkflow(t, uid, change, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WorkflowStateOutput>();
}

export async function incomingItem(t: TestApp, uid: string) {
  const filters = encodeURIComponent(JSON.stringify({}));
  const response = await t.as({
    method: 'GET',
    url: `${CARE}/incoming/care-requests/?page_size=100&filters=${filters}`,
  });
  return response
    .json<{ items: (WorkflowStateOutput & Record<string, unknown>)[] }>()
    .items.find((item) => item.uid === uid);
}

export async function listUids(
  t: TestApp,
  filters: Record<string, unknown>,
  query = '',
  token?: string,
): Promise<string[]> {
  const response = await t.as({
    method: 'GET',
    url: `${CARE}/incoming/care-requests/?page_size=100&filters=${encodeURIComponent(JSON.stringify(filters))}${query}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: { uid: string }[] }>().items.map((item) => item.uid);
}
