import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@cityquest/contract/rules';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

type SpaOptions = {
  root: string;
  /** The runtime config served beside index.html, so one build serves any environment. */
  runtimeConfig: Record<string, unknown>;
};

/** True for requests a SPA should answer with index.html: page navigations outside /api and /uploads. */
export function isPageRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/uploads/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * The runtime config travels inside index.html as a JSON data block (not a script, so the CSP needs no
 * exception), which spares the app a request before its first paint; /config.json stays for the dev server.
 */
export function withRuntimeConfig(html: string, runtimeConfig: Record<string, unknown>): string {
  const json = JSON.stringify(runtimeConfig).replaceAll('<', '\\u003c');
  return html.replace(
    '</head>',
    `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script></head>`,
  );
}

/** Serves a built SPA: hashed assets cached for good, index.html never cached, deep links to index.html. */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const indexFile = join(options.root, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`No SPA build at ${options.root}: run npm run build first`);
  const indexHtml = withRuntimeConfig(readFileSync(indexFile, 'utf8'), options.runtimeConfig);
  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return options.runtimeConfig;
  });
  // wildcard: a missing file falls through to the not-found handler, which answers deep links with index.html.
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: true,
    index: false,
    decorateReply: false,
    // The builds write .br and .gz beside each asset; sent as they are when the browser accepts them.
    preCompressed: true,
    setHeaders(res, path) {
      res.header(
        'Cache-Control',
        path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendIndex = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  app.get('/', sendIndex);
  app.decorate('spaIndex', sendIndex);
  app.decorate('spaIndexHtml', indexHtml);
});

declare module 'fastify' {
  interface FastifyInstance {
    spaIndex?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
    /** index.html with its runtime config, as spaIndex sends it. */
    spaIndexHtml?: string;
  }
}
