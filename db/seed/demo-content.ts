import type { EntityManager } from 'typeorm';
import { DEFAULT_THEME, type Theme } from '../../contract';
import { AnswerEntity, CompanyEntity, LocationEntity, QuestionEntity, QuestionGroupEntity } from '../entities';

export const DEMO_THEME: Theme = {
  ...DEFAULT_THEME,
  backgroundColor: 'linear-gradient(135deg, #eef2ff, #fdf4ff)',
  primaryColor: '#6d28d9',
  accentColor: '#f59e0b',
  fontFamily: 'Poppins',
};

const DEMO_QUESTIONS: { text: string; answers: string[]; correct: number }[] = [
  { text: '¿Cuál es el planeta más grande del sistema solar?', answers: ['Saturno', 'Júpiter', 'Neptuno', 'Tierra'], correct: 1 },
  { text: '¿Cuántos continentes hay en la Tierra?', answers: ['5', '6', '7', '8'], correct: 2 },
  { text: '¿Qué gas absorben las plantas para la fotosíntesis?', answers: ['Oxígeno', 'Nitrógeno', 'Dióxido de carbono', 'Helio'], correct: 2 },
  { text: '¿En qué año llegó el ser humano a la Luna?', answers: ['1965', '1969', '1972', '1975'], correct: 1 },
  { text: '¿Cuál es el río más caudaloso del mundo?', answers: ['Nilo', 'Amazonas', 'Misisipi', 'Yangtsé'], correct: 1 },
  { text: '¿Quién escribió «Cien años de soledad»?', answers: ['Mario Vargas Llosa', 'Julio Cortázar', 'Gabriel García Márquez', 'Isabel Allende'], correct: 2 },
  { text: '¿Cuál es el océano más grande?', answers: ['Atlántico', 'Índico', 'Ártico', 'Pacífico'], correct: 3 },
  { text: '¿Cuántos lados tiene un hexágono?', answers: ['5', '6', '7', '8'], correct: 1 },
  { text: '¿Qué órgano bombea la sangre en el cuerpo humano?', answers: ['Pulmón', 'Hígado', 'Corazón', 'Riñón'], correct: 2 },
  { text: '¿Cuál es el símbolo químico del oro?', answers: ['Ag', 'Au', 'Go', 'Or'], correct: 1 },
];

const DEMO_INSTRUCTIONS =
  '<p>Responde <strong>5 preguntas</strong> de cultura general.</p><ul><li>Lee cada pregunta con atención.</li><li>Tu respuesta no se puede cambiar.</li><li>¡Gana quien acierte más en menos tiempo!</li></ul>';

/** A company with two sites and a themed, playable trivia, so a first start shows the product working. */
export async function seedDemoContent(em: EntityManager): Promise<{ companyId: number; questionGroupId: number }> {
  return em.transaction(async (tx) => {
    const company = await tx.save(
      tx.create(CompanyEntity, { name: 'Demo Eventos', description: 'Empresa de demostración con una trivia lista para jugar' }),
    );
    await tx.save([
      tx.create(LocationEntity, { name: 'Stand Principal', companyId: company.id }),
      tx.create(LocationEntity, { name: 'Stand Norte', companyId: company.id }),
    ]);
    const group = await tx.save(
      tx.create(QuestionGroupEntity, {
        name: 'Trivia de Cultura General',
        description: 'Diez preguntas de cultura general; cada ronda toma cinco al azar.',
        instructions: DEMO_INSTRUCTIONS,
        companyId: company.id,
        questionsPerRound: 5,
        randomizeQuestions: true,
        randomizeAnswers: true,
        theme: DEMO_THEME,
        maxAttempts: 0,
      }),
    );
    for (const item of DEMO_QUESTIONS) {
      const question = await tx.save(tx.create(QuestionEntity, { text: item.text, groupId: group.id }));
      await tx.save(
        item.answers.map((text, index) =>
          tx.create(AnswerEntity, { text, isCorrect: index === item.correct, questionId: question.id }),
        ),
      );
    }
    return { companyId: company.id, questionGroupId: group.id };
  });
}
