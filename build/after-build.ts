import type { Plugin } from 'vite';

/** A step run once a build has written everything (vite-plugin-pwa's dist/sw.js included). */
export function afterBuild(name: string, handler: () => void): Plugin {
  return { name, apply: 'build', enforce: 'post', closeBundle: { sequential: true, order: 'post', handler } };
}

