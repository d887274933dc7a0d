import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../contract';
import { QuestionGroupEntity } from '../../db/entities';
import { startTestApi, type TestApi } from '../support/api-server';
import { bundleVersion } from '../support/bundle-version';
import { buildCompany, buildTrivia } from '../support/factories';
import { NAVY_ON_TEAL_THEME } from '../support/unreadable-theme';
import type { TestClient } from '../support/http-client';
import { replyOf, ROLE_FORBIDDEN, signInAs } from '../support/members';

let api: TestApi;
let admin: TestClient;
let groupId: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const company = await buildCompany(api.dataSource);
  groupId = (await buildTrivia(api.dataSource, company.id, { questions: 1 })).group.id;
});
afterAll(() => api.close());

const group = () => api.dataSource.getRepository(QuestionGroupEntity).findOneByOrFail({ id: groupId });

describe('PATCH /api/question-groups/:id/theme', () => {
  it('stores a valid theme, returns the trivia with it and moves the bundle version', async () => {
    const before = await bundleVersion(api, groupId);
    const theme = {
      ...DEFAULT_THEME,
      primaryColor: '#d6004f',
      backgroundColor: 'linear-gradient(90deg, #e0f2fe, rgb(255, 255, 255))',
      fontFamily: 'Montserrat',
      backgroundImage: 'https://example.com/fondo.png',
    };
    const res = await admin.patch(`/api/question-groups/${groupId}/theme`, { theme });
    expect(res.status).toBe(200);
    expect(res.body.theme).toEqual(theme);
    expect((await api.client().get(`/api/question-groups/${groupId}`)).body.theme.primaryColor).toBe('#d6004f');
    expect(await bundleVersion(api, groupId)).not.toBe(before);
  });

  it.each([
    ['primaryColor', 'red;}body{display:none'],
    ['backgroundColor', 'url(https://evil.example/x.png)'],
    ['backgroundColor', 'linear-gradient(135deg, #fff, #000); color: red'],
    ['backgroundImage', 'javascript:alert(1)'],
    ['backgroundImage', "https://example.com/a.png')"],
    ['containerShadow', '0 0 0 red, inset 0 0 0 url(x)'],
    ['animationStyle', 'spin'],
    ['fontFamily', 'Comic Sans'],
    ['headerColor', 'banana'],
    ['cardHeadingColor', 'blue;}body{display:none'],
    ['cardTextColor', 'expression(alert(1))'],
  ])('refuses %s = %j with 400 and keeps the stored theme', async (field, value) => {
    const before = (await group()).theme;
    const res = await admin.patch(`/api/question-groups/${groupId}/theme`, { theme: { ...DEFAULT_THEME, [field]: value } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.issues[0].path).toBe(`theme.${field}`);
    if (field.endsWith('Color')) expect(res.body.issues[0].message).toBe('Valor de estilo no válido');
    expect((await group()).theme).toEqual(before);
  });

  it('refuses a theme players could not read: 400 theme_unreadable, each load-bearing pair named on the field that fixes it', async () => {
    const before = (await group()).theme;
    const theme = NAVY_ON_TEAL_THEME;
    const res = await admin.patch(`/api/question-groups/${groupId}/theme`, { theme });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('theme_unreadable');
    expect(res.body.issues.map((issue: { path: string }) => issue.path)).toEqual(['theme.headerColor', 'theme.questionTextColor', 'theme.answerTextColor']);
    expect(res.body.issues[1].message).toMatch(/^Texto de la pregunta: \d\.\d\d:1, mínimo 4\.50:1; los jugadores no podrían leerlo\. Prueba #[0-9a-f]{6}\.$/);
    expect(res.body.error).toBe(res.body.issues[0].message);
    expect((await group()).theme).toEqual(before);
  });

  it('stores a theme whose only failing pair is a mark (the progress bar) as given: a warning, not a refusal', async () => {
    const theme = { ...DEFAULT_THEME, progressBarColor: '#e9d5ff', cardHeadingColor: '', cardTextColor: 'rgb(20 20 20)' };
    const res = await admin.patch(`/api/question-groups/${groupId}/theme`, { theme });
    expect(res.status).toBe(200);
    expect(res.body.theme).toEqual(theme);
  });

  it.each(['http://example.com/fondo.png', 'ftp://example.com/fondo.png'])(
    'refuses a background image at %s: the player page loads https images only',
    async (backgroundImage) => {
      const res = await admin.patch(`/api/question-groups/${groupId}/theme`, { theme: { ...DEFAULT_THEME, backgroundImage } });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'theme.backgroundImage', message: 'La imagen de fondo debe ser una URL https' }]);
    },
  );

  it('requires every listed field and refuses unknown ones', async () => {
    const { primaryColor: _omitted, ...withoutPrimary } = DEFAULT_THEME;
    expect((await admin.patch(`/api/question-groups/${groupId}/theme`, { theme: withoutPrimary })).status).toBe(400);
    expect((await admin.patch(`/api/question-groups/${groupId}/theme`, { theme: { ...DEFAULT_THEME, css: 'x' } })).status).toBe(400);
  });

  it('is 401 signed out and 404 for a missing trivia', async () => {
    expect((await api.client().patch(`/api/question-groups/${groupId}/theme`, { theme: DEFAULT_THEME })).status).toBe(401);
    const missing = await admin.patch('/api/question-groups/999999/theme', { theme: DEFAULT_THEME });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('No se encontró la trivia.');
  });
});

describe('a trivia\'s theme for a member', () => {
  it('its organiser saves it; its staff may not; another company\'s trivia is missing', async () => {
    const companyId = (await group()).companyId;
    const other = await buildCompany(api.dataSource, { name: 'Sin tema' });
    const theirs = (await buildTrivia(api.dataSource, other.id, { questions: 0 })).group;
    const theme = { ...DEFAULT_THEME, primaryColor: '#0b6e4f' };
    const organiser = await signInAs(api, 'organiser', companyId);
    expect(await organiser.patch(`/api/question-groups/${groupId}/theme`, { theme })).toMatchObject({ status: 200, body: { theme: { primaryColor: '#0b6e4f' } } });
    const staff = await signInAs(api, 'staff', companyId);
    expect(replyOf(await staff.patch(`/api/question-groups/${groupId}/theme`, { theme: null }))).toEqual(ROLE_FORBIDDEN);
    const missing = replyOf(await organiser.patch('/api/question-groups/999999/theme', { theme }));
    expect(missing.status).toBe(404);
    expect(replyOf(await organiser.patch(`/api/question-groups/${theirs.id}/theme`, { theme }))).toEqual(missing);
    expect((await group()).theme?.primaryColor).toBe('#0b6e4f');
  });
});
