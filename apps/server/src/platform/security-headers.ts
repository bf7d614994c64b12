import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's declared patient data (route.ts RouteAudit), 'public' for public routes. */
    phi?: 'read' | 'write' | 'export' | 'none' | 'public';
  }
}

/**
 * Content Security Policy of everything the server sends (the two web apps, the API, the API docs): scripts only
 * from our own files (no inline script, no eval); styles also inline (Mantine injects <style> tags and style
 * attributes — styles only, never scripts); images and sounds from us, `data:` (QR codes) and `blob:` (avatars,
 * voice messages); network only to ourselves (the API and the WebSocket on the same origin). Nobody may frame us.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'frame-src': ["'none'"],
};

/**
 * The photo entry's OCR worker and core (tesseract.js, built into /app/ocr/) compile WebAssembly: only those files may
 * ('wasm-unsafe-eval' allows WebAssembly, not JavaScript eval); the pages keep the policy above.
 */
export const OCR_WORKER_CSP = Object.entries({
  ...CSP_DIRECTIVES,
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
})
  .map(([k, v]) => `${k} ${v.join(' ')}`)
  .join('; ');

/**
 * Powerful browser features: the patient app (/app) uses the camera (QR scan, video visits), the microphone (SOS voice
 * message, video visits), the location (SOS) and Bluetooth (the watch), from its own origin only; the portal only the
 * camera and microphone, for video visits (on every portal page: the policy of a single-page app is the one of the page
 * first loaded); the API none.
 */
const OFF = ['payment', 'usb', 'serial', 'hid', 'midi', 'display-capture', 'xr-spatial-tracking'];
export const PERMISSIONS_POLICY = {
  app: [
    'camera=(self)',
    'microphone=(self)',
    'geolocation=(self)',
    'bluetooth=(self)',
    ...OFF.map((f) => `${f}=()`),
  ].join(', '),
  portal: ['camera=(self)', 'microphone=(self)', 'geolocation=()', 'bluetooth=()', ...OFF.map((f) => `${f}=()`)].join(
    ', ',
  ),
  other: ['camera=()', 'microphone=()', 'geolocation=()', 'bluetooth=()', ...OFF.map((f) => `${f}=()`)].join(', '),
};
export const HSTS = 'max-age=31536000; includeSubDomains';

const pathOf = (req: FastifyRequest) => req.url.split('?')[0] ?? '/';
const isAppPath = (p: string) => p === '/app' || p.startsWith('/app/');
/** API answers (and the FHIR API's) carry patient data and tokens: never stored by a browser or a proxy. The docs are not data. */
const isApiData = (p: string) => (p.startsWith('/api/') && !p.startsWith('/api/docs')) || p.startsWith('/fhir/');

/**
 * Security headers on every answer (@fastify/helmet: CSP, frame and MIME-sniffing protection, referrer policy,
 * cross-origin policies), plus what helmet does not set: Permissions-Policy by app, HSTS when the request came over
 * TLS (directly, or through a proxy named in TRUST_PROXY), and `Cache-Control: no-store` on API answers.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // Set below, only when the request came over TLS (a plain-HTTP install on a LAN must stay reachable).
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (req, reply) => {
    const p = pathOf(req);
    reply.header(
      'permissions-policy',
      isAppPath(p)
        ? PERMISSIONS_POLICY.app
        : p.startsWith('/api/') || p.startsWith('/fhir/')
          ? PERMISSIONS_POLICY.other
          : PERMISSIONS_POLICY.portal,
    );
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (p.startsWith('/app/ocr/')) reply.header('content-security-policy', OCR_WORKER_CSP);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    // A route declaring it holds no patient data may keep its own private caching (the scope list: max-age + ETag).
    const phi = req.routeOptions.config?.phi;
    const own = reply.getHeader('cache-control');
    const keep = phi === 'none' && typeof own === 'string' && own.startsWith('private');
    if (isApiData(pathOf(req)) && !keep) reply.header('cache-control', 'no-store');
    return payload;
  });
}
