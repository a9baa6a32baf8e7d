/**
 * The yardstick: a bare Fastify server (no plugins, no database) answering each benchmark's route
 * with a JSON body of the same size, parsed once and serialized per request (as the real server does
 * for every read its response cache has not kept).
 * Usage: node bench/bare-server.mjs <payloads.json> <port>
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [, , payloadFile, port] = process.argv;
const payloads = JSON.parse(fs.readFileSync(payloadFile, 'utf8'));
const app = Fastify({ logger: false });
for (const [name, body] of Object.entries(payloads)) {
  app.get(`/bare/${name}`, async () => body);
  app.post(`/bare/${name}`, async (_request, reply) => reply.status(201).send(body));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
