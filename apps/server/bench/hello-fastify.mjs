// The reference for start-up: the smallest Fastify server answering /api/health.
// Usage: PORT=… node hello-fastify.mjs
import Fastify from 'fastify';

const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
