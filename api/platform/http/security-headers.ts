import type { Context, Next } from 'koa';
import helmet from 'koa-helmet';

/**
 * Browser features no page of the app uses are off for every page and any frame: camera,
 * microphone, geolocation. The kiosk mode uses fullscreen and the screen wake lock, on its own
 * origin only.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), fullscreen=(self), screen-wake-lock=(self)';

/**
 * Security headers with a CSP the app itself passes: scripts only from this origin (the Vite build
 * has no inline scripts), inline styles allowed for the trivia themes, images from https too (a
 * theme's background image), and no framing. Plus the Permissions-Policy above, on every reply.
 */
export function securityHeaders(secureCookies: boolean) {
  const helmetHeaders = helmet({
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
  return (ctx: Context, next: Next) => {
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
    return helmetHeaders(ctx, next);
  };
}
