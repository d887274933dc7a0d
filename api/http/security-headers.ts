import helmet from 'koa-helmet';

/**
 * Security headers with a CSP the app itself passes: scripts only from this origin (the Vite build
 * has no inline scripts), inline styles allowed for the trivia themes, images from https too (a
 * theme's background image), and no framing.
 */
export function securityHeaders(secureCookies: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secureCookies,
    crossOriginEmbedderPolicy: false,
  });
}
