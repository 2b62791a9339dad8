import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** A verifier process (worker.ts) serving HTTP on 127.0.0.1. */
export class Worker {
  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {}

  /** Starts a worker on the shared stores and waits for its port. */
  static start(config: { url: string; keyPrefix: string; recipientDid: string }): Promise<Worker> {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', WORKER, JSON.stringify(config)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n')[0]!;
        if (out.includes('\n')) resolve(new Worker(child, Number(line)));
      });
      child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it listened`)));
    });
  }

  /** POSTs `body` to `path`; the worker's JSON answer. */
  async post(
    path: '/envelope' | '/kel',
    body: unknown,
  ): Promise<{ ok: boolean; code?: string; value?: string }> {
    const response = await fetch(`http://127.0.0.1:${this.port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { ok: boolean; code?: string };
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    await exited;
  }
}
