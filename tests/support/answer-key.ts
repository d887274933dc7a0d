import type { AnswersByQuestion, PlayBundle } from '../../contract';

/**
 * A trivia's bundle as a test plays it: the public copy a phone gets, with the answer key filled in
 * from the admin's read of the trivia's answers (a test must know which answer is right; a player's
 * device never does unless it is a kiosk set up by staff).
 */
export async function keyedBundle(baseUrl: string, groupId: number, admin: { username: string; password: string }): Promise<PlayBundle> {
  const write = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const login = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: write, body: JSON.stringify(admin) });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const [bundleReply, keyReply] = await Promise.all([fetch(`${baseUrl}/api/play/${groupId}/bundle`), fetch(`${baseUrl}/api/questions/${groupId}/all-answers`, { headers: { cookie } })]);
  if (!bundleReply.ok || !keyReply.ok) throw new Error(`bundle ${bundleReply.status}, answers ${keyReply.status}`);
  const bundle = (await bundleReply.json()) as PlayBundle;
  const key = (await keyReply.json()) as AnswersByQuestion;
  const correct = new Map(Object.values(key).flatMap((answers) => answers.map((a) => [a.id, a.isCorrect] as const)));
  for (const answers of Object.values(bundle.answers)) for (const answer of answers) answer.isCorrect = correct.get(answer.id) ?? false;
  return bundle;
}
