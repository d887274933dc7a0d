import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { picturePath, type Picture, type PlayBundle, type QuestionWithAnswers, type TriviaAnalysis } from '../../contract';
import { picturesDir } from '../../api/content/pictures/storage';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildTrivia } from '../support/factories';
import { photo, pictureWithGps, putPictureBytes, requestPictureUrl } from '../support/picture-uploads';

let api: TestApi;
let admin: TestClient;
let groupId: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  groupId = (await buildTrivia(api.dataSource, (await buildCompany(api.dataSource)).id, { questions: 0 })).group.id;
});
afterAll(() => api.close());

const upload = async (bytes: Uint8Array, group = groupId) => putPictureBytes(api, await requestPictureUrl(admin, group), bytes);
const uploaded = async (bytes: Uint8Array, group = groupId): Promise<Picture> => {
  const res = await upload(bytes, group);
  expect(res.status, res.text).toBe(201);
  return res.body as Picture;
};
const served = (name: string, width: number, format: 'avif' | 'webp' | 'jpg') => api.client().get(picturePath(name, width, format));
const bytesOf = async (name: string, width: number, format: 'avif' | 'webp' | 'jpg') =>
  Buffer.from(await (await fetch(`${api.baseUrl}${picturePath(name, width, format)}`)).arrayBuffer());

const question = (text: string, picture: unknown, answers: unknown[] = [{ text: 'Sí', isCorrect: true }, { text: 'No' }]) =>
  admin.post(`/api/question-groups/${groupId}/questions`, { text, groupId, picture, answers });

describe('uploading a picture', () => {
  it("refuses a picture's upload URL at the logos' upload route, and a logo's at the pictures'", async () => {
    const pictureUrl = await requestPictureUrl(admin, groupId);
    const asLogo = await putPictureBytes(api, pictureUrl.replace('/api/pictures/uploads/', '/api/uploads/'), await photo(200, 200));
    expect(asLogo.status).toBe(403);
    expect(asLogo.body).toMatchObject({ code: 'upload_url_invalid' });
    const logo = await admin.post('/api/logos/upload-url', { entityType: 'question-group', entityId: groupId });
    expect(logo.status).toBe(200);
    const asPicture = await putPictureBytes(api, String(logo.body.uploadUrl).replace('/api/uploads/', '/api/pictures/uploads/'), await photo(200, 200));
    expect(asPicture.status).toBe(403);
  });

  it('stores a phone photo once, upright and without its metadata, in three widths and three formats, cached for a year', async () => {
    const source = await pictureWithGps(3000, 2000);
    const url = await requestPictureUrl(admin, groupId);
    expect(url).toMatch(/^\/api\/pictures\/uploads\/[\w-]+\.[\w-]+$/);
    const res = await putPictureBytes(api, url, source);
    expect(res.status).toBe(201);
    const picture = res.body as Picture;
    expect(picture).toEqual({ name: expect.stringMatching(/^p[0-9a-f]{24}$/), width: 1200, height: 800 });

    for (const width of [400, 800, 1200]) {
      for (const [format, type] of [['avif', 'image/avif'], ['webp', 'image/webp'], ['jpg', 'image/jpeg']] as const) {
        const reply = await served(picture.name, width, format);
        expect(reply.status).toBe(200);
        expect(reply.headers.get('content-type')).toBe(type);
        expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(await bytesOf(picture.name, width, format)).metadata();
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * 2) / 3));
        // No EXIF (the GPS of the phone that took it), no XMP.
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
      }
    }
    // A question picture at a phone's width is light on booth Wi-Fi.
    expect((await bytesOf(picture.name, 800, 'avif')).length).toBeLessThan(60_000);
    // The URL stored one picture: a second upload through it is refused.
    const again = await putPictureBytes(api, url, source);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'upload_url_used', message: 'Esta URL de subida ya se usó' });
    // The same picture uploaded again is the same picture.
    expect((await uploaded(source)).name).toBe(picture.name);
  });

  it('keeps a picture uploaded again without processing it again, and processes it again when a file of it is missing', async () => {
    const source = await photo(900, 600, 11);
    const picture = await uploaded(source);
    const file = (width: number, format: string) => path.join(picturesDir(api.config.uploadDir), `${picture.name}-${width}.${format}`);
    const written = (await stat(file(400, 'avif'))).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The same bytes (a ZIP imported into another trivia): the stored picture, its files untouched.
    expect(await uploaded(source)).toEqual(picture);
    expect((await stat(file(400, 'avif'))).mtimeMs).toBe(written);
    // A variant lost on disk: the upload processes the picture again and writes it back.
    await unlink(file(800, 'webp'));
    expect(await uploaded(source)).toEqual(picture);
    expect((await served(picture.name, 800, 'webp')).status).toBe(200);
    expect((await stat(file(400, 'avif'))).mtimeMs).toBeGreaterThan(written);
  });

  it('keeps a small picture at its own width and turns it upright from its orientation', async () => {
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await uploaded(sideways)).toMatchObject({ width: 200, height: 300 });
  });

  it('refuses what is not a picture it can serve, with a Spanish message', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    for (const bytes of [Buffer.from('hola, no soy una imagen'), svg, Buffer.alloc(0)]) {
      const res = await upload(bytes);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ code: 'unsupported_media_type', message: 'El archivo no es una imagen JPG, PNG, GIF, WebP o AVIF' });
    }
    const cut = await photo(800, 600);
    const broken = await upload(cut.subarray(0, cut.length / 3));
    expect(broken.status).toBe(422);
    expect(broken.body).toMatchObject({ code: 'picture_unreadable' });
  });

  it('refuses a file over 12 MB before reading it whole', async () => {
    const res = await upload(Buffer.alloc(12 * 1024 * 1024 + 1, 0xff));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'payload_too_large', message: 'La imagen es muy grande. Máximo 12 MB permitido' });
  });

  it('refuses a small file that decodes to a huge image, and an animation of too many frames', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000); // far under the 12 MB limit
    const big = await upload(bomb);
    expect(big.status).toBe(422);
    expect(big.body).toMatchObject({ code: 'picture_too_many_pixels', message: 'La imagen tiene demasiados píxeles (máximo 40 megapíxeles)' });

    const frame = (i: number) => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: (i % 2) * 255, g: (i * 37) % 256, b: 0 } } }).png().toBuffer();
    const frames = await Promise.all(Array.from({ length: 101 }, (_, i) => frame(i)));
    const animation = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(animation, { animated: true }).metadata()).pages).toBe(101);
    const long = await upload(animation);
    expect(long.status).toBe(422);
    expect(long.body).toMatchObject({ code: 'picture_too_many_frames', message: 'La animación tiene demasiados cuadros (máximo 100)' });
    // Within the limit, its first frame is the picture.
    const short = await sharp(frames.slice(0, 3), { join: { animated: true } }).gif().toBuffer();
    expect(await uploaded(short)).toMatchObject({ width: 8, height: 8 });
  });

  it('answers other requests while a large picture is processed', async () => {
    // A phone's 12 MP photo: processing it takes over a second, far longer than the health check's 150 ms wait.
    const large = await photo(4000, 3000);
    const order: string[] = [];
    const processing = upload(large).then((res) => order.push(`upload ${res.status}`));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const health = await api.client().get('/api/health');
    order.push(`health ${health.status}`);
    await processing;
    expect(order).toEqual(['health 200', 'upload 201']);
    // Making and processing the photo takes about 4 s on a busy 2-core machine; a busier one gets room.
  }, 90_000);

  it('hands out upload URLs to admins only, for a trivia that exists', async () => {
    expect((await api.client().post('/api/pictures/upload-url', { questionGroupId: groupId })).status).toBe(401);
    expect((await admin.post('/api/pictures/upload-url', { questionGroupId: 999_999 })).status).toBe(404);
    expect((await putPictureBytes(api, '/api/pictures/uploads/not.signed', await photo(10, 10))).status).toBe(403);
    expect((await api.client().get('/api/pictures/p000000000000000000000000-400.avif')).status).toBe(404);
  });
});

describe('pictures in questions and answers', () => {
  it('places a picture in a question and in its answers, each with its alt text, and the bundle carries them', async () => {
    const [cover, left, right] = await Promise.all([photo(1600, 900, 1), photo(600, 600, 2), photo(600, 600, 3)].map(async (bytes) => uploaded(await bytes)));
    const created = await question('¿Cuál es nuestro stand?', { name: cover!.name, alt: 'Un stand azul con un letrero' }, [
      { text: 'El azul', isCorrect: true, picture: { name: left!.name, alt: 'Stand azul' } },
      { text: 'El verde', picture: { name: right!.name, alt: 'Stand verde' } },
    ]);
    expect(created.status, created.text).toBe(201);
    const body = created.body as QuestionWithAnswers;
    expect(body.picture).toEqual({ name: cover!.name, width: 1200, height: 675, alt: 'Un stand azul con un letrero' });
    expect(body.answers.map((a) => a.picture?.alt)).toEqual(['Stand azul', 'Stand verde']);

    const bundle = (await api.client().get(`/api/play/${groupId}/bundle`)).body as PlayBundle;
    const played = bundle.questions.find((q) => q.id === body.id)!;
    expect(played.picture).toEqual({ name: cover!.name, width: 1200, height: 675, alt: 'Un stand azul con un letrero' });
    expect(bundle.answers[body.id]!.map((a) => a.picture)).toEqual([
      { name: left!.name, width: 600, height: 600, alt: 'Stand azul' },
      { name: right!.name, width: 600, height: 600, alt: 'Stand verde' },
    ]);
    // The phone's bundle has no key, and the pictures' names do not give it away either (they are their contents).
    expect(bundle.answers[body.id]!.every((a) => a.isCorrect === undefined)).toBe(true);
    // The analysis shows them where it shows the question and its answers.
    const analysis = (await admin.get(`/api/question-groups/${groupId}/analysis`)).body as TriviaAnalysis;
    const analysed = analysis.questions.find((q) => q.questionId === body.id)!;
    expect(analysed.picture).toEqual(played.picture);
    expect(analysed.answers.map((a) => a.picture?.alt)).toEqual(['Stand azul', 'Stand verde']);
  });

  it('requires alt text for every picture, naming the field, and refuses a picture that is not stored', async () => {
    const picture = await uploaded(await photo(500, 500, 4));
    const noAlt = await question('¿Sin texto?', { name: picture.name, alt: '   ' });
    expect(noAlt.status).toBe(400);
    expect(noAlt.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'picture.alt', message: 'Escribe el texto alternativo de la imagen' }] });
    const answerNoAlt = await question('¿Respuesta sin texto?', null, [{ text: 'A', isCorrect: true, picture: { name: picture.name } }, { text: 'B' }]);
    expect(answerNoAlt.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'answers.0.picture.alt', message: 'Escribe el texto alternativo de la imagen' }] });
    const unknown = await question('¿Imagen perdida?', { name: 'p0123456789abcdef01234567', alt: 'Nada' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'picture', message: 'La imagen ya no existe: súbela de nuevo' }] });
  });

  it('keeps a picture while a question uses it (a copy too), and removes its files once none does', async () => {
    const picture = await uploaded(await photo(900, 600, 5));
    const created = (await question('¿Se queda?', { name: picture.name, alt: 'Una foto' })).body as QuestionWithAnswers;
    const trivia = (await admin.get(`/api/question-groups/${groupId}`)).body as { companyId: number };
    const copy = await admin.post(`/api/question-groups/${groupId}/copy`, { companyId: trivia.companyId });
    expect(copy.status, copy.text).toBe(201);
    const copied = ((await admin.get(`/api/question-groups/${copy.body.id}/questions`)).body as { text: string; picture: unknown }[]).find((q) => q.text === '¿Se queda?')!;
    expect(copied.picture).toEqual({ name: picture.name, width: 900, height: 600, alt: 'Una foto' });

    // The original question lets go of it: the copy still uses it.
    const edit = await admin.put(`/api/questions/${created.id}`, {
      text: '¿Se queda?',
      groupId,
      picture: null,
      answers: created.answers.map((a) => ({ id: a.id, text: a.text, isCorrect: a.isCorrect })),
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body.picture).toBeNull();
    expect((await served(picture.name, 400, 'webp')).status).toBe(200);

    // The copy is deleted: nothing uses it, and its files go.
    expect((await admin.delete(`/api/question-groups/${copy.body.id}`)).status).toBe(200);
    for (const width of [400, 800, 900]) expect((await served(picture.name, width, 'avif')).status).toBe(404);
  });

  it('keeps an answer\'s picture when an edit leaves it out, and removes it when the edit says null', async () => {
    const picture = await uploaded(await photo(400, 400, 6));
    const created = (await question('¿Qué logo?', null, [{ text: 'Este', isCorrect: true, picture: { name: picture.name, alt: 'Logo redondo' } }, { text: 'Otro' }]))
      .body as QuestionWithAnswers;
    const [first, second] = created.answers;
    const kept = await admin.put(`/api/questions/${created.id}`, { text: '¿Qué logo?', groupId, answers: [{ id: first!.id, text: 'Este', isCorrect: true }, { id: second!.id, text: 'Otro' }] });
    expect(kept.body.answers[0].picture).toEqual({ name: picture.name, width: 400, height: 400, alt: 'Logo redondo' });
    const removed = await admin.put(`/api/questions/${created.id}`, {
      text: '¿Qué logo?',
      groupId,
      answers: [{ id: first!.id, text: 'Este', isCorrect: true, picture: null }, { id: second!.id, text: 'Otro' }],
    });
    expect(removed.body.answers[0].picture).toBeNull();
    expect((await served(picture.name, 400, 'jpg')).status).toBe(404);
  });
});

describe('exporting questions with their pictures', () => {
  it('writes a ZIP of the workbook, with each picture\'s file and alt text in its columns, and the pictures it names, once each', async () => {
    const group = (await buildTrivia(api.dataSource, (await buildCompany(api.dataSource)).id, { questions: 0 })).group.id;
    const [cover, shared] = await Promise.all([photo(1800, 1200, 7), photo(500, 500, 8)].map(async (bytes) => uploaded(await bytes, group)));
    const create = (body: object) => admin.post(`/api/question-groups/${group}/questions`, { groupId: group, ...body });
    expect((await create({ text: '¿Con foto?', picture: { name: cover!.name, alt: 'Portada' }, answers: [{ text: 'Sí', isCorrect: true, picture: { name: shared!.name, alt: 'Logo' } }, { text: 'No' }] })).status).toBe(201);
    expect((await create({ text: '¿Sin foto?', answers: [{ text: 'A', isCorrect: true }, { text: 'B', picture: { name: shared!.name, alt: 'Logo otra vez' } }] })).status).toBe(201);

    const res = await fetch(`${api.baseUrl}/api/question-groups/${group}/questions/export?format=zip`, { headers: { Cookie: admin.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/filename\*=UTF-8''preguntas_.+\.zip$/);
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    expect(Object.keys(zip.files).filter((name) => !zip.files[name]!.dir).sort()).toEqual([`imagenes/${cover!.name}.jpg`, `imagenes/${shared!.name}.jpg`, 'preguntas.xlsx'].sort());
    // Each picture at its largest stored width, as a JPEG.
    const coverFile = await sharp(await zip.file(`imagenes/${cover!.name}.jpg`)!.async('nodebuffer')).metadata();
    expect([coverFile.format, coverFile.width, coverFile.height]).toEqual(['jpeg', 1200, 800]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await zip.file('preguntas.xlsx')!.async('nodebuffer')) as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().slice(1).map((row) => (row as ExcelJS.CellValue[]).slice(1));
    const header = rows[0] as string[];
    expect(header.slice(0, 8)).toEqual(['Pregunta', 'Respuesta 1', 'Respuesta 2', 'Respuesta 3', 'Respuesta 4', 'Correcta', 'Tipo', 'Segundos']);
    expect(header.slice(8, 12)).toEqual(['Imagen', 'Texto alternativo', 'Imagen 1', 'Texto alternativo 1']);
    const cell = (row: number, column: string) => rows[row]![header.indexOf(column)];
    expect([cell(1, 'Pregunta'), cell(1, 'Imagen'), cell(1, 'Texto alternativo'), cell(1, 'Imagen 1'), cell(1, 'Texto alternativo 1')]).toEqual([
      '¿Con foto?',
      `imagenes/${cover!.name}.jpg`,
      'Portada',
      `imagenes/${shared!.name}.jpg`,
      'Logo',
    ]);
    expect([cell(2, 'Imagen'), cell(2, 'Imagen 2'), cell(2, 'Texto alternativo 2')]).toEqual(['', `imagenes/${shared!.name}.jpg`, 'Logo otra vez']);
    // The CSV and XLSX exports stay the import's columns.
    const csv = await (await fetch(`${api.baseUrl}/api/question-groups/${group}/questions/export?format=csv`, { headers: { Cookie: admin.cookieHeader() } })).text();
    expect(csv.split('\r\n')[0]).toBe('Pregunta,Respuesta 1,Respuesta 2,Respuesta 3,Respuesta 4,Correcta,Tipo,Segundos');
    expect((await admin.get(`/api/question-groups/${group}/questions/export?format=pdf`)).body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'format' }] });
  });
});
