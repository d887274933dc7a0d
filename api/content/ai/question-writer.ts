import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import { z } from 'zod';
import { correctAnswersProblem, TRUE_FALSE_ANSWERS, type QuestionKind } from '../../../contract';
import type { Config } from '../../platform/config';
import { AppError, serviceUnavailable } from '../../platform/http/errors';

export const AI_NOT_CONFIGURED =
  'La generación con IA no está configurada en el servidor. Pide a quien lo administra que defina OPENAI_API_KEY.';
const AI_TIMEOUT = 'El servicio de IA tardó demasiado en responder. Intenta de nuevo con menos preguntas o más tarde.';
const AI_FAILED = 'El servicio de IA no respondió correctamente. Intenta de nuevo más tarde.';
const AI_MALFORMED = 'El servicio de IA devolvió preguntas con un formato no válido. Intenta de nuevo.';

/** What the model must return: each question with 2 to 6 answers (which are correct is the kind's rule, `parseReply`). */
const generatedQuestionSchema = z.object({
  text: z.string().trim().min(1).max(1000),
  answers: z
    .array(z.object({ text: z.string().trim().min(1).max(500), isCorrect: z.boolean() }))
    .min(2)
    .max(6),
});
const replySchema = z.object({ questions: z.array(generatedQuestionSchema).min(1) });
export type GeneratedQuestion = z.output<typeof generatedQuestionSchema> & { kind: QuestionKind };

/** The same shape as JSON Schema, for the service's structured output mode. */
const REPLY_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['questions'],
  properties: {
    questions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'answers'],
        properties: {
          text: { type: 'string' },
          answers: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['text', 'isCorrect'],
              properties: { text: { type: 'string' }, isCorrect: { type: 'boolean' } },
            },
          },
        },
      },
    },
  },
} as const;

/** What the model is told, per kind of question. */
const INSTRUCTIONS: Record<QuestionKind, string> = {
  choice: [
    'Eres un asistente que escribe preguntas de trivia en español para un stand de un evento.',
    'Escribe preguntas claras basadas solo en el contexto dado.',
    'Cada pregunta tiene entre 2 y 6 respuestas (normalmente 4) y exactamente una es correcta.',
    'Responde solo con JSON: {"questions":[{"text":"...","answers":[{"text":"...","isCorrect":true}]}]}.',
  ].join(' '),
  true_false: [
    'Eres un asistente que escribe preguntas de verdadero o falso en español para un stand de un evento.',
    'Cada pregunta es una afirmación clara basada solo en el contexto dado, verdadera o falsa; mezcla afirmaciones verdaderas y falsas.',
    `Cada pregunta tiene exactamente dos respuestas, "${TRUE_FALSE_ANSWERS[0]}" y "${TRUE_FALSE_ANSWERS[1]}", en ese orden, y exactamente una es correcta.`,
    `Responde solo con JSON: {"questions":[{"text":"...","answers":[{"text":"${TRUE_FALSE_ANSWERS[0]}","isCorrect":true},{"text":"${TRUE_FALSE_ANSWERS[1]}","isCorrect":false}]}]}.`,
  ].join(' '),
  multiple: [
    'Eres un asistente que escribe preguntas de trivia en español para un stand de un evento, en las que el jugador marca todas las respuestas correctas.',
    'Escribe preguntas claras basadas solo en el contexto dado, cuyo enunciado deje claro que puede haber varias respuestas correctas.',
    'Cada pregunta tiene entre 3 y 6 respuestas (normalmente 4) y al menos dos son correctas.',
    'Responde solo con JSON: {"questions":[{"text":"...","answers":[{"text":"...","isCorrect":true}]}]}.',
  ].join(' '),
  poll: [
    'Eres un asistente que escribe preguntas de encuesta en español para un stand de un evento.',
    'Cada pregunta pide la opinión o la preferencia del público sobre el tema del contexto dado; no tiene respuesta correcta.',
    'Cada pregunta tiene entre 2 y 6 respuestas (normalmente 4), todas con "isCorrect": false.',
    'Responde solo con JSON: {"questions":[{"text":"...","answers":[{"text":"...","isCorrect":false}]}]}.',
  ].join(' '),
};

export interface QuestionWriter {
  configured: boolean;
  /** Asks the AI service for questions; throws AppError 503/502/504 with a Spanish message. */
  write(context: string, count: number, kind: QuestionKind): Promise<GeneratedQuestion[]>;
}

/** The OpenAI-compatible service of config.openai, or one that says it is not configured. */
export function createQuestionWriter(config: Config['openai']): QuestionWriter {
  if (!config.apiKey) {
    return {
      configured: false,
      write: () => Promise.reject(serviceUnavailable(AI_NOT_CONFIGURED, { code: 'ai_not_configured' })),
    };
  }
  // No retries: the admin waits in front of a spinner, and retrying a slow service doubles the wait.
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, timeout: config.timeoutMs, maxRetries: 0 });
  return {
    configured: true,
    async write(context, count, kind) {
      const messages = [
        { role: 'system' as const, content: INSTRUCTIONS[kind] },
        { role: 'user' as const, content: `Escribe exactamente ${count} preguntas sobre este contexto:\n\n${context}` },
      ];
      const ask = async (responseFormat: 'json_schema' | 'json_object') => {
        const completion = await client.chat.completions.create({
          model: config.model,
          messages,
          response_format:
            responseFormat === 'json_schema'
              ? { type: 'json_schema', json_schema: { name: 'trivia_questions', strict: true, schema: REPLY_JSON_SCHEMA } }
              : { type: 'json_object' },
        });
        return completion.choices[0]?.message.content;
      };
      let content: string | null | undefined;
      try {
        try {
          content = await ask('json_schema');
        } catch (error) {
          // Some OpenAI-compatible services only know the older JSON mode: ask again in it.
          if (!(error instanceof APIError) || error.status !== 400) throw error;
          content = await ask('json_object');
        }
      } catch (error) {
        if (error instanceof APIConnectionTimeoutError) throw new AppError(504, AI_TIMEOUT, { code: 'ai_timeout' });
        if (error instanceof APIError) throw new AppError(502, AI_FAILED, { code: 'ai_failed', details: error.status ? `HTTP ${error.status}` : undefined });
        throw error;
      }
      return parseReply(content, kind).slice(0, count);
    },
  };
}

/**
 * A true/false question as stored, from the model's: its two answers are always the kind's, the
 * correct one the answer the model marked, named «Verdadero» or «Falso» whatever its case; any
 * other reply is malformed.
 */
function asTrueFalse(question: z.output<typeof generatedQuestionSchema>): GeneratedQuestion {
  const marked = question.answers.find((a) => a.isCorrect)!.text.toLocaleLowerCase('es');
  const correct = TRUE_FALSE_ANSWERS.findIndex((text) => text.toLocaleLowerCase('es') === marked);
  if (question.answers.length !== 2 || correct < 0) throw new AppError(502, AI_MALFORMED, { code: 'ai_failed' });
  return { text: question.text, kind: 'true_false', answers: TRUE_FALSE_ANSWERS.map((text, i) => ({ text, isCorrect: i === correct })) };
}

function parseReply(content: string | null | undefined, kind: QuestionKind): GeneratedQuestion[] {
  let json: unknown;
  try {
    json = JSON.parse(content ?? '');
  } catch {
    throw new AppError(502, AI_MALFORMED, { code: 'ai_failed' });
  }
  const result = replySchema.safeParse(json);
  if (!result.success) throw new AppError(502, AI_MALFORMED, { code: 'ai_failed' });
  return result.data.questions.map((question) => {
    // A poll has no correct answer, whatever the model marked; every other kind exactly one.
    if (kind === 'poll') return { ...question, kind, answers: question.answers.map((a) => ({ ...a, isCorrect: false })) };
    if (correctAnswersProblem(kind, question.answers)) throw new AppError(502, AI_MALFORMED, { code: 'ai_failed' });
    return kind === 'true_false' ? asTrueFalse(question) : { ...question, kind };
  });
}
