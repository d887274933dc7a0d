import { PICTURE_CACHE_NAME } from '../../contract/picture-paths';
import type { PlayBundle } from '../../contract';
import { pictureChoice, type PictureChoice } from './picture-choice';

type Format = 'avif' | 'webp' | 'jpg';

/** Every picture of a trivia as this screen shows it: its questions' and its answers'. */
function choicesOf(bundle: PlayBundle): PictureChoice[] {
  return bundle.questions.flatMap((question) => [
    ...(question.picture ? [pictureChoice(question.picture, 'question')] : []),
    ...(bundle.answers[question.id] ?? []).flatMap((answer) => (answer.picture ? [pictureChoice(answer.picture, 'answer')] : [])),
  ]);
}

let taken: Promise<Format> | undefined;
/**
 * The format this browser takes from the player's `<picture>` (AVIF, then WebP, else the JPEG):
 * asked of the browser itself, by choosing for one picture as the player does.
 */
function browserFormat(choice: PictureChoice): Promise<Format> {
  taken ??= new Promise((resolve) => {
    const picture = document.createElement('picture');
    for (const format of ['avif', 'webp'] as const) {
      const source = document.createElement('source');
      source.type = `image/${format}`;
      source.srcset = choice[format];
      picture.append(source);
    }
    const img = document.createElement('img');
    picture.append(img);
    img.onload = img.onerror = () => resolve((['avif', 'webp'] as const).find((format) => img.currentSrc.endsWith(`.${format}`)) ?? 'jpg');
    img.src = choice.jpg;
  });
  return taken;
}

/** The URLs the player asks for a trivia's pictures at, one per picture. */
async function pictureUrls(bundle: PlayBundle): Promise<string[]> {
  const choices = choicesOf(bundle);
  if (choices.length === 0 || typeof caches === 'undefined') return [];
  const format = await browserFormat(choices[0]!);
  return [...new Set(choices.map((choice) => choice[format]))];
}

export interface PictureReadiness {
  /** Held on this device for offline play. */
  ready: number;
  total: number;
}

/** How many of the trivia's pictures this device holds, as the player will ask for them. */
export async function pictureReadiness(bundle: PlayBundle): Promise<PictureReadiness> {
  const urls = await pictureUrls(bundle);
  if (urls.length === 0) return { ready: 0, total: choicesOf(bundle).length };
  const cache = await caches.open(PICTURE_CACHE_NAME);
  const held = await Promise.all(urls.map((url) => cache.match(url)));
  return { ready: held.filter(Boolean).length, total: urls.length };
}

/**
 * A kiosk stores every picture of its trivia ahead, at the width and in the format its screen will
 * ask for, in the service worker's picture cache (which answers them offline). Those already held
 * are skipped; one that does not arrive is tried again at the next download. Returns the readiness.
 */
export async function downloadPictures(bundle: PlayBundle): Promise<PictureReadiness> {
  const urls = await pictureUrls(bundle);
  if (urls.length > 0) {
    const cache = await caches.open(PICTURE_CACHE_NAME);
    for (const url of urls) {
      if (await cache.match(url)) continue;
      const response = await fetch(url).catch(() => undefined);
      if (response?.ok) await cache.put(url, response).catch(() => undefined);
    }
  }
  return pictureReadiness(bundle);
}
