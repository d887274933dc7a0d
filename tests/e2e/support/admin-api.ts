import { expect, type APIRequestContext } from '@playwright/test';
import type { Company, Picture, QuestionGroup } from '../../../contract';
import { E2E_ADMIN } from '../fixtures';

const JSON_WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/** A page, or a browser context with no page open: either sends requests with its context's cookies. */
export type Requester = { request: APIRequestContext };

/**
 * Signs the context in as the seeded admin through the API's login route, as the login form does:
 * the same session cookie, in the context's own cookie jar, without loading the sign-in page and
 * the dashboard (two page loads). For tests about other screens, which then go where they test (a
 * test that starts on the dashboard loads `/`: one page load); tests about the sign-in screen, the
 * session or the second factor sign in through the form (LoginPage.signInAsAdmin).
 */
export async function signInThroughApi(page: Requester): Promise<void> {
  await postJson(page, '/api/login', E2E_ADMIN);
}

/** A write through the admin API with the signed-in page's session, as the web app sends it. */
export async function postJson<T>(page: Requester, path: string, data: unknown): Promise<T> {
  const reply = await page.request.post(path, { data, headers: JSON_WRITE });
  expect(reply.ok(), `${path}: ${await reply.text()}`).toBe(true);
  return (await reply.json()) as T;
}

/** A picture uploaded for a trivia as the question editor does it: a signed URL, then the file's bytes. */
export async function uploadPicture(page: Requester, questionGroupId: number, bytes: Buffer): Promise<Picture> {
  const { uploadUrl } = await postJson<{ uploadUrl: string }>(page, '/api/pictures/upload-url', { questionGroupId });
  const reply = await page.request.put(uploadUrl, { data: bytes, headers: { 'Content-Type': 'image/jpeg' } });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()) as Picture;
}

/**
 * A booth made through the admin API: a company named `label` and the time, its one site ("Stand
 * `site`") and a four-question trivia (`createFourQuestionTrivia`) named `trivia` and the time.
 */
export async function boothWithTrivia(page: Requester, names: { company: string; site: string; trivia: string }) {
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `${names.company} ${stamp}`, description: 'Feria' });
  await postJson(page, '/api/locations', { name: names.site, companyId: company.id });
  const trivia = await createFourQuestionTrivia(page, company.id, `${names.trivia} ${stamp}`);
  return { company, trivia };
}

/** A trivia of four fixed-order sums (the first answer of each is the correct one), built through the admin API. */
export async function createFourQuestionTrivia(page: Requester, companyId: number, name: string, maxAttempts = 0): Promise<QuestionGroup> {
  const group = await postJson<QuestionGroup>(page, `/api/companies/${companyId}/question-groups`, {
    name,
    description: 'Cuatro preguntas de prueba',
    companyId,
    questionsPerRound: 4,
    randomizeQuestions: false,
    randomizeAnswers: false,
    maxAttempts,
  });
  for (const n of [1, 2, 3, 4]) {
    await postJson(page, `/api/question-groups/${group.id}/questions`, {
      text: `¿Cuánto es ${n} + ${n}? (${name})`,
      groupId: group.id,
      answers: [
        { text: String(n + n), isCorrect: true },
        { text: String(n + n + 1), isCorrect: false },
        { text: String(n * 10), isCorrect: false },
      ],
    });
  }
  return group;
}
