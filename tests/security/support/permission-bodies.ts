import { DEFAULT_THEME } from '../../../contract';
import type { MatrixObjects } from './permission-objects';

/**
 * A body each write route accepts (its schema in docs/api.md), aimed at the objects: a route reads
 * its body before it looks for the object, so only a valid body lets an id that names nothing get
 * the route's own 404, which the 404 of an object beyond reach must equal. The declared targets
 * are then put over these fields. A route missing here is sent its targets alone; if its missing id
 * then answers 400, the matrix says to add it here.
 */
let made = 0;
const unique = (prefix: string) => `${prefix}-${++made}`;

const trivia = (o: MatrixObjects) => ({ name: 'Trivia de la matriz', companyId: o.company, questionsPerRound: 2, randomizeQuestions: true, randomizeAnswers: true, maxAttempts: 0 });
const campaign = (o: MatrixObjects) => ({
  name: 'Campaña de la matriz',
  companyId: o.company,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  maxAttemptsPerTrivia: 3,
  attemptSelectionMode: 'best',
});
/** A question file with one valid row: an import adds it, a preview shows it. */
const importFile = () => ({ content: Buffer.from('Pregunta,Respuesta 1,Respuesta 2,Correcta\n¿Capital de Colombia?,Bogotá,Lima,1\n').toString('base64') });
const person = () => ({ username: unique('matriz-persona'), firstName: 'Persona', lastName: 'Matriz', email: 'persona@example.com' });

export const VALID_BODIES: Record<string, (o: MatrixObjects) => Record<string, unknown>> = {
  'POST /api/register': () => ({ ...person(), password: 'una-clave-bien-larga-2026' }),
  'POST /api/users': () => ({ ...person(), role: 'member' }),
  'PUT /api/users/:id/access': (o) => ({ role: 'member', companies: [{ companyId: o.company, role: 'viewer' }] }),
  // Off for every caller: turning it off anyway answers 200 (and is recorded).
  'POST /api/account/second-factor/disable': () => ({ proof: '123456' }),
  'POST /api/companies': () => ({ name: unique('Empresa de la matriz') }),
  'PATCH /api/companies/:id': () => ({ name: 'Empresa A' }),
  'POST /api/companies/:id/consent-texts': () => ({ text: 'Acepto el tratamiento de mis datos.' }),
  'POST /api/locations': (o) => ({ name: 'Sede nueva', companyId: o.company }),
  'PATCH /api/locations/:id': (o) => ({ name: 'Sede renombrada', companyId: o.company }),
  'POST /api/companies/:companyId/question-groups': trivia,
  'PATCH /api/question-groups/:id': trivia,
  'PATCH /api/question-groups/:id/theme': () => ({ theme: DEFAULT_THEME }),
  'POST /api/question-groups/:id/questions': (o) => ({ text: 'Pregunta nueva', groupId: o.group }),
  'PATCH /api/questions/:id': (o) => ({ text: 'Pregunta cambiada', groupId: o.group }),
  'PUT /api/questions/:id': (o) => ({
    text: 'Pregunta cambiada',
    groupId: o.group,
    answers: [
      { text: 'Sí', isCorrect: true },
      { text: 'No', isCorrect: false },
    ],
    confirmCorrectChange: true,
  }),
  'POST /api/questions/:id/answers': () => ({ text: 'Otra respuesta', isCorrect: false }),
  'POST /api/question-groups/:id/generate': () => ({ context: 'Historia de Colombia', numQuestions: 1 }),
  'POST /api/question-groups/:id/questions/import/preview': importFile,
  'POST /api/question-groups/:id/questions/import': importFile,
  'POST /api/question-groups/:id/copy': (o) => ({ companyId: o.company }),
  'POST /api/logos/upload-url': (o) => ({ entityType: 'company', entityId: o.company }),
  'PUT /api/companies/:id/logo': () => ({ logoUrl: '/api/uploads/no-subido.png' }),
  'PUT /api/question-groups/:id/logo': () => ({ logoUrl: '/api/uploads/no-subido.png' }),
  'POST /api/pictures/upload-url': (o) => ({ questionGroupId: o.group }),
  'POST /api/player-data/:id/erase': () => ({ action: 'anonymise', confirm: 'OTRO' }),
  'POST /api/player-merges': (o) => ({ keepPlayerId: o.player, playerIds: [o.player, o.otherPlayer] }),
  'POST /api/player-attempts/held/release': (o) => ({ questionGroupId: o.group, ids: [o.attempt] }),
  'POST /api/player-attempts/held/discard': (o) => ({ questionGroupId: o.group, ids: [o.attempt] }),
  'POST /api/ranking-disqualifications': (o) => ({ attemptId: o.attempt, scope: 'attempt', reason: 'Permisos' }),
  'POST /api/ranking-disqualifications/:id/restore': () => ({ reason: 'Permisos' }),
  'POST /api/campaigns/:id/disqualifications': (o) => ({ playerId: o.player, reason: 'Permisos' }),
  'POST /api/campaigns': campaign,
  'PATCH /api/campaigns/:id': campaign,
  'POST /api/campaigns/:id/question-groups/bulk': (o) => ({ questionGroupIds: [o.group], weight: 1 }),
  'POST /api/campaigns/:campaignId/question-groups/:questionGroupId/move': () => ({ direction: 'up' }),
  'POST /api/campaign-question-groups': (o) => ({ campaignId: o.campaign, questionGroupId: o.group, weight: 1 }),
  'PATCH /api/campaign-question-groups/:id': () => ({ order: 1 }),
  'POST /api/question-groups/:id/draws': () => ({ prizes: 1 }),
  'POST /api/campaigns/:id/draws': () => ({ prizes: 1 }),
  'PUT /api/question-groups/:id/draws/screen': () => ({ showHistory: true }),
  'PUT /api/campaigns/:id/draws/screen': () => ({ showHistory: true }),
};
