import { request } from '@playwright/test';

/** One completed attempt as the trivia's CSV export lists it (GET /api/question-groups/{id}/export-scores). */
export interface ExportedScore {
  fullName: string;
  documentNumber: string;
  location: string;
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  overLimit: boolean;
}

/** RFC 4180 rows (quoted cells, doubled quotes, CRLF), the leading BOM dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/**
 * Every completed attempt the server holds for a trivia, read as an admin reads them: signed in
 * through the API, from the CSV export. Unlike the public ranking it hides nothing (over-limit
 * attempts, a player's repeated attempts, a duplicated player all show).
 */
export async function exportedScores(baseURL: string, admin: { username: string; password: string }, groupId: number): Promise<ExportedScore[]> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  try {
    const login = await api.post('/api/login', { data: admin });
    if (!login.ok()) throw new Error(`Admin sign-in failed: ${login.status()} ${await login.text()}`);
    const reply = await api.get(`/api/question-groups/${groupId}/export-scores`);
    if (!reply.ok()) throw new Error(`Export failed: ${reply.status()} ${await reply.text()}`);
    const [header, ...rows] = parseCsv(await reply.text());
    const column = (name: string) => {
      const index = header!.indexOf(name);
      if (index < 0) throw new Error(`No "${name}" column in the export: ${header!.join(', ')}`);
      return index;
    };
    const at = {
      fullName: column('Nombre completo'),
      documentNumber: column('Número de documento'),
      location: column('Sede'),
      score: column('Puntaje (%)'),
      correct: column('Respuestas correctas'),
      total: column('Total de preguntas'),
      overLimit: column('Fuera del límite de intentos'),
    };
    return rows.map((cells) => ({
      fullName: cells[at.fullName]!,
      documentNumber: cells[at.documentNumber]!,
      location: cells[at.location]!,
      score: Number(cells[at.score]),
      correctAnswers: Number(cells[at.correct]),
      totalQuestions: Number(cells[at.total]),
      overLimit: cells[at.overLimit] === 'Sí',
    }));
  } finally {
    await api.dispose();
  }
}
