import { describe, expect, it } from 'vitest';
import { inParams } from '../../api/platform/access/route-access';
import type { TestClient } from '../support/http-client';
import { activityProblem, UNRECORDED_ROUTES } from './support/permission-activity';
import type { Caller } from './support/permission-callers';
import { expectedOutcome, replyProblem, type DeclaredRoute } from './support/permission-matrix';

/**
 * The matrix's judgement alone, on made-up replies: what it expects of each caller, and that it
 * fails a guard that lets through what it should not, or hides an object unlike a missing one.
 */
const client = {} as TestClient;
const member = (role: 'organiser' | 'staff' | 'viewer', scope: 'in' | 'out'): Caller => ({ kind: 'member', name: `${role} ${scope}`, client, userId: 1, role, scope });
const owner: Caller = { kind: 'owner', name: 'owner', client, userId: 2 };
const signedOut: Caller = { kind: 'signed-out', name: 'signed out', client, userId: null };

// Content edits are the organiser's alone (the issue: staff make no content edits, a viewer no changes).
const edit: DeclaredRoute['access'] = { level: 'company', action: 'content.edit', targets: [inParams('group')] };
const editList: DeclaredRoute['access'] = { level: 'company', action: 'content.edit', targets: [] };
const missingTrivia = { status: 404, body: { error: 'No se encontró la trivia.', message: 'No se encontró la trivia.', code: 'not_found' } };

describe('what the matrix expects', () => {
  it('of a company action on an object: the owner and the role with it pass, a role without it is refused, out of scope it is hidden', () => {
    expect([signedOut, owner, member('organiser', 'in'), member('staff', 'in'), member('viewer', 'out')].map((caller) => expectedOutcome(edit, caller))).toEqual([
      'unauthenticated',
      'passes',
      'passes',
      'role_forbidden',
      'hidden',
    ]);
  });

  it('of a list: a role with the action passes wherever its company is, one without it is refused', () => {
    expect([member('organiser', 'out'), member('viewer', 'in')].map((caller) => expectedOutcome(editList, caller))).toEqual(['passes', 'role_forbidden']);
  });

  it('of the owner’s routes and any signed-in user’s', () => {
    expect(expectedOutcome({ level: 'owner' }, member('organiser', 'in'))).toBe('owner_required');
    expect(expectedOutcome({ level: 'signed-in' }, member('viewer', 'out'))).toBe('passes');
  });
});

describe('what the matrix fails', () => {
  it('a denied role let through, or refused with another code', () => {
    expect(replyProblem('role_forbidden', { status: 200, body: [] }, missingTrivia)).toMatch(/expected 403 role_forbidden, got 200/);
    expect(replyProblem('role_forbidden', { status: 403, body: { code: 'forbidden' } }, missingTrivia)).toMatch(/expected 403 role_forbidden/);
    expect(replyProblem('role_forbidden', { status: 403, body: { code: 'role_forbidden' } }, missingTrivia)).toBeUndefined();
  });

  it('an object beyond reach whose 404 differs from a missing one’s, or that a missing id does not 404', () => {
    expect(replyProblem('hidden', { status: 404, body: { ...missingTrivia.body, error: 'Trivia de otra empresa' } }, missingTrivia)).toMatch(/as a missing id/);
    expect(replyProblem('hidden', missingTrivia, { status: 200, body: [] })).toMatch(/a missing id gets 200/);
    expect(replyProblem('hidden', missingTrivia, missingTrivia)).toBeUndefined();
  });

  it('an allowed caller stopped by a guard, or told the object is missing', () => {
    expect(replyProblem('passes', { status: 403, body: { code: 'role_forbidden' } }, missingTrivia)).toMatch(/expected to pass the guard/);
    expect(replyProblem('passes', missingTrivia, missingTrivia)).toMatch(/expected to pass the guard/);
    expect(replyProblem('passes', { status: 409, body: { code: 'conflict' } }, missingTrivia)).toBeUndefined();
  });

  it('a signed-out call that is not a 401, and a server error whatever was expected', () => {
    expect(replyProblem('unauthenticated', { status: 404, body: { code: 'not_found' } }, undefined)).toMatch(/expected 401/);
    expect(replyProblem('passes', { status: 500, body: { code: 'internal' } }, undefined)).toMatch(/got 500/);
  });
});

describe('what the matrix fails in "Actividad"', () => {
  const write = { method: 'POST', path: '/api/companies/:id/consent-texts' };
  it('a state-changing 2xx without exactly one entry, and a refused or failed call that adds one', () => {
    expect(activityProblem(write, { status: 200, body: {} }, 0)).toMatch(/answered 200 but added 0 entries/);
    expect(activityProblem(write, { status: 201, body: {} }, 2)).toMatch(/added 2 entries.*expected 1/);
    expect(activityProblem(write, { status: 200, body: {} }, 1)).toBeUndefined();
    expect(activityProblem(write, { status: 403, body: { code: 'role_forbidden' } }, 1)).toMatch(/answered 403 and added 1 entries.*expected none/);
    expect(activityProblem(write, { status: 409, body: { code: 'conflict' } }, 0)).toBeUndefined();
  });

  it('lets a 2xx add none only on a route in the one list of unrecorded routes', () => {
    const [name] = Object.keys(UNRECORDED_ROUTES);
    const [method, path] = name!.split(' ');
    expect(activityProblem({ method: method!, path: path! }, { status: 200, body: {} }, 0)).toBeUndefined();
  });
});
