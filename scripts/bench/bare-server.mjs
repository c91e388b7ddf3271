// The baseline: one Fastify route answering a small JSON envelope, no database, no auth.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, statusCode: 200, message: 'OK', data: { ok: true } }));
await app.listen({ port: Number(process.env.BARE_PORT ?? 8299), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
