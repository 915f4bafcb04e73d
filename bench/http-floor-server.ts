/**
 * The floor under bench:http's figures: the least a Node process can do per request for the same
 * routes on this machine, without claimq. One Redis command per request on an auto-pipelined
 * ioredis connection, a JSON answer, nothing else: no API key, no validation, no logs, no Lua.
 *   POST /jobs         HSET of a new job hash, answers {id}
 *   POST /jobs/bulk    one HSET per job in a pipeline, answers {ids}
 *   GET  /jobs/:id     HGETALL, answers the hash
 * FLOOR_SERVER picks the HTTP layer: `node` (node:http alone), `nest-express` or `nest-fastify`
 * (a Nest controller on either adapter, as claimq's own is). REDIS_URL, PORT and HOST as claimq's.
 * Prints "claimq listening" when ready, as bench:http waits for. Run with node -r @swc-node/register.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { Body, Controller, Get, Module, NotFoundException, Param, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import Redis from 'ioredis';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { enableAutoPipelining: true });
const key = (id: string): string => `floor:job:${id}`;

async function createJob(job: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  await redis.hset(key(id), 'type', String(job.type), 'queue', String(job.queue ?? 'default'), 'payload', JSON.stringify(job.payload ?? null), 'status', 'pending', 'createdAt', Date.now());
  return id;
}

async function createJobs(jobs: Record<string, unknown>[]): Promise<string[]> {
  const pipeline = redis.pipeline();
  const ids = jobs.map((job) => {
    const id = randomUUID();
    pipeline.hset(key(id), 'type', String(job.type), 'queue', String(job.queue ?? 'default'), 'payload', JSON.stringify(job.payload ?? null), 'status', 'pending', 'createdAt', Date.now());
    return id;
  });
  await pipeline.exec();
  return ids;
}

async function readJob(id: string): Promise<Record<string, string> | undefined> {
  const job = await redis.hgetall(key(id));
  return Object.keys(job).length === 0 ? undefined : { id, ...job };
}

function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      } catch (err) {
        reject(err as Error);
      }
    });
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'POST' && req.url === '/jobs') return answer(res, 201, { id: await createJob(await readBody(req)) });
  if (req.method === 'POST' && req.url === '/jobs/bulk') return answer(res, 201, { ids: await createJobs((await readBody(req)).jobs as Record<string, unknown>[]) });
  const id = req.method === 'GET' ? /^\/jobs\/([^/?]+)$/.exec(req.url ?? '')?.[1] : undefined;
  if (id !== undefined) {
    const job = await readJob(id);
    return job ? answer(res, 200, job) : answer(res, 404, { statusCode: 404, message: 'not found' });
  }
  answer(res, 404, { statusCode: 404, message: 'not found' });
}

@Controller('jobs')
class FloorController {
  @Post()
  async create(@Body() job: Record<string, unknown>): Promise<{ id: string }> {
    return { id: await createJob(job) };
  }

  @Post('bulk')
  async createMany(@Body() body: { jobs: Record<string, unknown>[] }): Promise<{ ids: string[] }> {
    return { ids: await createJobs(body.jobs) };
  }

  @Get(':id')
  async get(@Param('id') id: string): Promise<Record<string, string>> {
    const job = await readJob(id);
    if (!job) throw new NotFoundException();
    return job;
  }
}

@Module({ controllers: [FloorController] })
class FloorModule {}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  const kind = process.env.FLOOR_SERVER ?? 'node';
  if (kind === 'node') {
    const server = createServer((req, res) => void route(req, res).catch((err: Error) => answer(res, 500, { message: err.message })));
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
  } else if (kind === 'nest-express' || kind === 'nest-fastify') {
    const app = kind === 'nest-express'
      ? await NestFactory.create(FloorModule, { logger: false })
      : await NestFactory.create(FloorModule, new FastifyAdapter({ bodyLimit: 1024 * 1024 }), { logger: false });
    await app.listen(port, host);
  } else {
    throw new Error(`FLOOR_SERVER=${kind}: node, nest-express or nest-fastify`);
  }
  process.stdout.write(`claimq listening (floor: ${kind}) on ${host}:${port}\n`);
  process.on('SIGTERM', () => {
    redis.disconnect();
    process.exit(0);
  });
}

void main();
