import { useEffect } from 'react';
import interLatin400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import interLatin600 from '@fontsource/inter/files/inter-latin-600-normal.woff2?url';
import interLatin700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import robotoLatin400 from '@fontsource/roboto/files/roboto-latin-400-normal.woff2?url';
import robotoLatin600 from '@fontsource/roboto/files/roboto-latin-600-normal.woff2?url';
import robotoLatin700 from '@fontsource/roboto/files/roboto-latin-700-normal.woff2?url';
import poppinsLatin400 from '@fontsource/poppins/files/poppins-latin-400-normal.woff2?url';
import poppinsLatin600 from '@fontsource/poppins/files/poppins-latin-600-normal.woff2?url';
import poppinsLatin700 from '@fontsource/poppins/files/poppins-latin-700-normal.woff2?url';
import montserratLatin400 from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url';
import montserratLatin600 from '@fontsource/montserrat/files/montserrat-latin-600-normal.woff2?url';
import montserratLatin700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url';
import ralewayLatin400 from '@fontsource/raleway/files/raleway-latin-400-normal.woff2?url';
import ralewayLatin600 from '@fontsource/raleway/files/raleway-latin-600-normal.woff2?url';
import ralewayLatin700 from '@fontsource/raleway/files/raleway-latin-700-normal.woff2?url';
import opensansLatin400 from '@fontsource/open-sans/files/open-sans-latin-400-normal.woff2?url';
import opensansLatin600 from '@fontsource/open-sans/files/open-sans-latin-600-normal.woff2?url';
import opensansLatin700 from '@fontsource/open-sans/files/open-sans-latin-700-normal.woff2?url';
import latoLatin400 from '@fontsource/lato/files/lato-latin-400-normal.woff2?url';
import latoLatin700 from '@fontsource/lato/files/lato-latin-700-normal.woff2?url';

/**
 * The theme fonts (contract THEME_CHOICES.fontFamily), latin 400/600/700. Only the trivia's own
 * font is ever downloaded: its faces are added to the document when its theme is known, and the
 * browser fetches a face only when text uses it. The service worker keeps each fetched file in its
 * font cache, so a kiosk shows the font offline. 'system' downloads nothing.
 */
const FONT_FILES: Record<string, Record<number, string>> = {
  'Inter': { 400: interLatin400, 600: interLatin600, 700: interLatin700 },
  'Roboto': { 400: robotoLatin400, 600: robotoLatin600, 700: robotoLatin700 },
  'Poppins': { 400: poppinsLatin400, 600: poppinsLatin600, 700: poppinsLatin700 },
  'Montserrat': { 400: montserratLatin400, 600: montserratLatin600, 700: montserratLatin700 },
  'Raleway': { 400: ralewayLatin400, 600: ralewayLatin600, 700: ralewayLatin700 },
  'Open Sans': { 400: opensansLatin400, 600: opensansLatin600, 700: opensansLatin700 },
  'Lato': { 400: latoLatin400, 700: latoLatin700 },
};

const added = new Set<string>();

/** Adds the faces of a theme font to the document once; unknown names and 'system' add nothing. */
export function addThemeFont(name: string | undefined, fonts: FontFaceSet = document.fonts): void {
  const files = name ? FONT_FILES[name] : undefined;
  if (!name || !files || added.has(name) || typeof FontFace !== 'function') return;
  added.add(name);
  for (const [weight, url] of Object.entries(files)) {
    fonts.add(new FontFace(name, `url(${url}) format('woff2')`, { weight, style: 'normal', display: 'swap' }));
  }
}

/** The font a CSS font-family list starts with, when it is a quoted name ('Inter', system-ui → Inter). */
function leadingFontName(stack: unknown): string | undefined {
  return typeof stack === 'string' ? /^'([^']+)'/.exec(stack)?.[1] : undefined;
}

/**
 * Adds the fonts the player screen's theme style uses (its --t-font and --t-heading-font, defaults
 * included), so the font a theme shows is decided in one place: the theme style.
 */
export function useThemeFonts(style: Record<string, unknown>): void {
  const body = leadingFontName(style['--t-font']);
  const heading = leadingFontName(style['--t-heading-font']);
  useEffect(() => {
    addThemeFont(body);
    addThemeFont(heading);
  }, [body, heading]);
}
