import 'fake-indexeddb/auto';
import { v4 as uuid } from 'uuid';
import { DEFAULT_THEME, type PlayBundle } from '../../contract';
import { scoreOf } from '../../contract/play-rules';

import { openTriviaDb } from '../../web/offline/db';

/** A fresh, empty kiosk database in fake-indexeddb. */
export function freshDb() {
  return openTriviaDb(`test-${uuid()}`);
}

/** A bundle shaped like GET /api/play/{id}/bundle: `questionCount` questions of three answers, the first correct. */
export function buildBundle(questionCount = 6, overrides: Partial<PlayBundle['group']> = {}): PlayBundle {
  const questions = Array.from({ length: questionCount }, (_, i) => ({ id: i + 1, text: `Pregunta ${i + 1}`, groupId: 7, createdAt: new Date().toISOString() }));
  const answers = Object.fromEntries(
    questions.map((q) => [q.id, [0, 1, 2].map((k) => ({ id: q.id * 10 + k, text: `Respuesta ${q.id}.${k}`, isCorrect: k === 0, questionId: q.id }))]),
  );
  return {
    version: 'v1',
    group: {
      id: 7,
      name: 'Trivia de prueba',
      description: null,
      instructions: null,
      logoUrl: null,
      companyId: 3,
      questionsPerRound: 4,
      randomizeQuestions: true,
      randomizeAnswers: true,
      theme: DEFAULT_THEME,
      completionRedirectUrl: null,
      maxAttempts: 0,
      publicNames: 'full',
      createdAt: new Date().toISOString(),
      company: { id: 3, name: 'Demo', logoUrl: null },
      ...overrides,
    },
    questions,
    answers,
    documentTypes: [{ id: 1, name: 'Cédula de ciudadanía', code: 'CC', numeric: true }],
    locations: [{ id: 5, name: 'Stand Principal', companyId: 3 }],
  };
}

/** Answers fetch() calls in order with the given handlers; records every request. */
export function scriptedFetch(handlers: ((url: string, init: RequestInit) => Response | Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const handler = handlers.shift();
    if (!handler) throw new TypeError('Failed to fetch');
    return handler(url, init);
  };
  return { fetchStub, calls };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A server that accepts the connection and never answers (a booth's failing Wi-Fi). Like a real
 * fetch it gives up only when the request's signal aborts, with the signal's reason.
 */
export function hangingFetch() {
  const calls: string[] = [];
  const fetchStub = (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push(String(input));
    return new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
    });
  };
  return { fetchStub, calls };
}

/** A percentage round of `total` questions with `correct` right, as the player screen tallies it (`roundTally`). */
export const percentTally = (correct: number, total: number) => ({ correctAnswers: correct, score: scoreOf(correct, total) });
