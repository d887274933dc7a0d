import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeOpenAiBehaviour =
  | { kind: 'questions'; count?: number }
  | { kind: 'malformed' }
  | { kind: 'error'; status?: number }
  | { kind: 'slow'; delayMs: number }
  /** Like an older compatible service: 400 for json_schema, questions in json_object mode. */
  | { kind: 'json-object-only' };

export interface FakeOpenAiRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
}

/** Statements as the API asks for true/false questions: the odd ones true, the even ones false, the marked answer in lower case as a model may write it. */
export function fakeStatements(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    text: `Afirmación IA ${i + 1}`,
    answers: [
      { text: i % 2 === 0 ? 'verdadero' : 'Verdadero', isCorrect: i % 2 === 0 },
      { text: 'Falso', isCorrect: i % 2 === 1 },
    ],
  }));
}

/** Whether the request asks for true/false questions (the API's instructions say so). */
const asksTrueFalse = (body: FakeOpenAiRequest) => /verdadero o falso/i.test(body.messages.find((m) => m.role === 'system')?.content ?? '');

/** Questions in the shape the API asks for; the first answer of each is the correct one. */
export function fakeQuestions(count: number, prefix = 'Pregunta IA') {
  return Array.from({ length: count }, (_, i) => ({
    text: `${prefix} ${i + 1}`,
    answers: [
      { text: `Correcta ${i + 1}`, isCorrect: true },
      { text: `Incorrecta ${i + 1}a`, isCorrect: false },
      { text: `Incorrecta ${i + 1}b`, isCorrect: false },
    ],
  }));
}

function requestedCount(body: FakeOpenAiRequest): number {
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  return Number(/exactamente (\d+) preguntas/.exec(user)?.[1] ?? 5);
}

function completion(content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
  };
}

async function readJson(req: IncomingMessage): Promise<FakeOpenAiRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeOpenAiRequest;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A small OpenAI-compatible chat completions server on 127.0.0.1, for tests: each test sets how it
 * answers (good questions, a malformed reply, an HTTP error, or too slow for the API's time-out).
 */
export async function startFakeOpenAi(port = 0) {
  let behaviour: FakeOpenAiBehaviour = { kind: 'questions' };
  const requests: FakeOpenAiRequest[] = [];
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(res, 404, { error: { message: 'not found' } });
    void readJson(req).then((body) => {
      requests.push(body);
      switch (behaviour.kind) {
        case 'questions': {
          const count = behaviour.count ?? requestedCount(body);
          const questions = asksTrueFalse(body) ? fakeStatements(count) : fakeQuestions(count);
          return send(res, 200, completion(JSON.stringify({ questions })));
        }
        case 'json-object-only':
          if (body.response_format?.type === 'json_schema') {
            return send(res, 400, { error: { message: "response_format 'json_schema' is not supported", type: 'invalid_request_error' } });
          }
          return send(res, 200, completion(JSON.stringify({ questions: fakeQuestions(requestedCount(body)) })));
        case 'malformed':
          // Valid JSON, but an answer list with no correct answer and a missing question text.
          return send(res, 200, completion(JSON.stringify({ questions: [{ answers: [{ text: 'A', isCorrect: false }] }] })));
        case 'error':
          return send(res, behaviour.status ?? 500, { error: { message: 'fake failure', type: 'server_error' } });
        case 'slow': {
          const timer = setTimeout(() => send(res, 200, completion(JSON.stringify({ questions: fakeQuestions(1) }))), behaviour.delayMs);
          res.on('close', () => clearTimeout(timer));
          return;
        }
      }
    });
  });
  server.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    respondWith(next: FakeOpenAiBehaviour) {
      behaviour = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
