import type { Plugin } from 'vite';

/** In `npm run dev` (one React build), /play-trivia/* gets play.html as the server does. */
export function playerPageInDev(): Plugin {
  return {
    name: 'player-page-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/play-trivia\/[^/?]+\/?(?:\?|$)/.test(req.url) && req.headers.accept?.includes('text/html')) req.url = '/play.html';
        next();
      });
    },
  };
}

