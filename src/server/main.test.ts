import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (m) resolve(Number(m[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => output };
}

describe('server process', () => {
  it('refuses to start on a bad variable and names it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fc-main-'));
    const server = startServer({ DATABASE_URL: join(dir, 'x.db'), PORT: 'eighty' });
    await expect(server.ready).rejects.toThrow(/PORT: must be a number/);
    expect(await server.exited).toBe(1);
  });

  it('on SIGTERM finishes the in-flight request, then exits cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fc-main-'));
    const server = startServer({
      DATABASE_URL: join(dir, 'fc.db'),
      PORT: '0',
      LOG_LEVEL: 'info',
      DEMO_DATA: 'false',
    });
    const port = await server.ready;
    const body = JSON.stringify({ probe: 'in flight during shutdown' });
    const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          port,
          method: 'POST',
          path: '/api/health',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      // Half the body now; the rest after the signal, so the request is in flight during shutdown.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    const { status, text } = await reply;
    expect(status).toBe(404);
    expect(JSON.parse(text)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 30_000);
});
