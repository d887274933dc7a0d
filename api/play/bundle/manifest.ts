import { DEFAULT_THEME, type Theme } from '../../../contract';
import { shortName } from './short-name';

/** A web app manifest, as much of it as a trivia's install needs. */
export interface TriviaManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: 'es';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** A manifest colour from a theme value: a gradient gives its first colour (a manifest takes no gradient). */
function plainColor(value: string, fallback: string): string {
  if (!/gradient\(/i.test(value)) return value;
  return /#[0-9a-f]{3,8}\b|rgba?\([^)]*\)|hsla?\([^)]*\)/i.exec(value)?.[0] ?? fallback;
}

/**
 * The manifest of one trivia: installing the app from /play-trivia/:id opens that trivia. Its `id`
 * and `start_url` are the trivia's address, so each trivia installs as its own app, and its scope
 * is that address too (the admin app keeps /manifest.webmanifest, whose start_url is /).
 */
export function triviaManifest(group: { id: number; name: string; theme: Theme | null }): TriviaManifest {
  const theme = { ...DEFAULT_THEME, ...group.theme };
  const address = `/play-trivia/${group.id}`;
  return {
    id: address,
    name: group.name,
    short_name: shortName(group.name),
    description: `${group.name}: juega con o sin conexión y compite en el ranking`,
    lang: 'es',
    start_url: address,
    scope: address,
    display: 'standalone',
    theme_color: plainColor(theme.primaryColor, '#6d28d9'),
    background_color: plainColor(theme.backgroundColor, '#ffffff'),
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
