import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Theme } from '../../../contract';
import { animationClass, themeVariables } from '../../../contract/theme-variables';

/**
 * What the first paint of a trivia's page shows before any script runs: its theme, logo and title.
 * The page carries it (data-first-paint) for the player screen's first render.
 */
export interface FirstPaintTrivia {
  name: string;
  theme: Theme | null;
  /** The trivia's logo, else its company's (as the player screen picks it); null for none. */
  logoUrl: string | null;
  companyName: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const ROOT_MARK = /(<div\b[^>]*?\bdata-first-paint)\s+hidden(?=[\s>])/;
const TITLE_MARK = /(<h1\b[^>]*\bdata-trivia-title\b[^>]*>)(<\/h1>)/;
const CARD_ANIMATION_MARK = /(<section class="player-card) player-enter-fade"/;

/**
 * The player page (play.html) with the trivia's first paint shown: the hidden screen in it gets the
 * theme's custom properties and is shown, its title and logo are filled in and its card takes the
 * theme's animation, as the player screen renders its loading state (web/player/first-paint.ts), so
 * the script renders over the same elements and nothing moves. Undefined when the page has no such
 * screen.
 */
export function renderPlayerPage(template: string, trivia: FirstPaintTrivia): string | undefined {
  if (!ROOT_MARK.test(template) || !TITLE_MARK.test(template)) return undefined;
  const style = Object.entries(themeVariables(trivia.theme))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
  const logo = trivia.logoUrl
    ? `<img src="${escapeHtml(trivia.logoUrl)}" alt="${escapeHtml(`Logo de ${trivia.companyName}`)}" class="size-12 rounded-xl bg-white/70 object-contain p-1">`
    : '';
  const animation = animationClass(trivia.theme);
  return template
    .replace(ROOT_MARK, (_, start: string) => `${start}="${escapeHtml(JSON.stringify(trivia))}" style="${escapeHtml(style)}"`)
    .replace(TITLE_MARK, (_, open: string, close: string) => `${logo}${open}${escapeHtml(trivia.name)}${close}`)
    .replace(CARD_ANIMATION_MARK, (_, start: string) => `${start}${animation ? ` ${animation}` : ''}"`);
}

/**
 * Sends a rendered page: compressed as the client accepts (brotli, else gzip), revalidated on every
 * load with an ETag of its content (304 when unchanged).
 */
export function sendPage(ctx: Context, html: string): void {
  ctx.vary('Accept-Encoding');
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'text/html; charset=utf-8';
  ctx.status = 200;
  ctx.etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br') {
    ctx.set('Content-Encoding', 'br');
    ctx.body = brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length } });
  } else if (encoding === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzipSync(html, { level: 9 });
  } else {
    ctx.body = html;
  }
}
