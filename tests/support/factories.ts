import type { DataSource } from 'typeorm';
import { DEFAULT_THEME } from '../../contract';
import {
  AnswerEntity,
  CompanyEntity,
  LocationEntity,
  PlayerEntity,
  QuestionEntity,
  QuestionGroupEntity,
} from '../../db/entities';

/** Small factories for tests that need data but are not about creating it. */
export async function buildCompany(ds: DataSource, overrides: Partial<CompanyEntity> = {}) {
  return ds.getRepository(CompanyEntity).save({ name: 'Acme', description: null, logoUrl: null, ...overrides });
}

export async function buildLocation(ds: DataSource, companyId: number, name = 'Sede Central') {
  return ds.getRepository(LocationEntity).save({ name, companyId });
}

export async function buildTrivia(
  ds: DataSource,
  companyId: number,
  options: { questions?: number; answersPerQuestion?: number; overrides?: Partial<QuestionGroupEntity> } = {},
) {
  const { questions = 5, answersPerQuestion = 3, overrides = {} } = options;
  const group = await ds.getRepository(QuestionGroupEntity).save({
    name: 'Trivia de prueba',
    description: 'Para pruebas',
    companyId,
    questionsPerRound: 5,
    randomizeQuestions: true,
    randomizeAnswers: true,
    theme: DEFAULT_THEME,
    maxAttempts: 0,
    // Made before the rounds tests play on it, which are placed up to two hours back (player-flow.ts).
    createdAt: new Date(Date.now() - 3 * 3600_000),
    ...overrides,
  });
  const items: { question: QuestionEntity; answers: AnswerEntity[] }[] = [];
  for (let q = 0; q < questions; q++) {
    const question = await ds.getRepository(QuestionEntity).save({ text: `Pregunta ${q + 1}`, groupId: group.id });
    const answers = await ds.getRepository(AnswerEntity).save(
      Array.from({ length: answersPerQuestion }, (_, a) => ({ text: `Respuesta ${q + 1}.${a + 1}`, isCorrect: a === 0, questionId: question.id })),
    );
    items.push({ question, answers });
  }
  return { group, items };
}

export async function buildPlayer(
  ds: DataSource,
  overrides: Partial<PlayerEntity> & { documentTypeId?: number } = {},
): Promise<PlayerEntity & { documentNumber: string }> {
  const [type] = await ds.query(`SELECT id FROM document_types WHERE code = 'CC'`);
  return ds.getRepository(PlayerEntity).save({
    fullName: 'Laura Gómez',
    firstName: 'Laura',
    lastName: 'Gómez',
    documentTypeId: type.id,
    documentNumber: `${Math.floor(1e7 + Math.random() * 9e7)}`,
    locationId: null,
    ...overrides,
  }) as Promise<PlayerEntity & { documentNumber: string }>;
}
