/**
 * One verifier process of the two-process tests: it connects to the shared Redis stores
 * and serves HTTP on 127.0.0.1 (a free port, printed as the first line of stdout):
 * - POST /envelope { envelope, now }: verifyEnvelopeAsync with the shared replay cache;
 * - POST /kel { kel (hex), nowMs }: replays the log and pins it (pinKelAsync).
 * Each answers { ok, code? }. Started with: node --conditions=source --import tsx worker.ts CONFIG.
 */
import { createServer } from 'node:http';
import { pinKelAsync, replayKel } from '@agent-seam/anet-identity';
import { hex } from '@agent-seam/canonical';
import { verifyEnvelopeAsync } from '@agent-seam/envelope';
import { connectRedisStores } from '../src/index.js';
import { PATIENT } from './patient.js';

const config = JSON.parse(process.argv[2]!) as { url: string; keyPrefix: string; recipientDid: string };
const stores = await connectRedisStores({ url: config.url, keyPrefix: config.keyPrefix, ...PATIENT });

/** verifyEnvelopeAsync with the shared replay cache (a server away: `replay-store-unavailable`). */
async function judgeEnvelope(envelope: unknown, now: number) {
  const verdict = await verifyEnvelopeAsync(envelope, {
    recipientDid: config.recipientDid,
    now,
    replay: stores.replayCache,
  });
  return verdict.ok ? { ok: true } : { ok: false, code: verdict.code };
}

async function pin(kelHex: string, nowMs: number) {
  const bytes = hex.decode(kelHex);
  if (!bytes.ok) return { ok: false, code: 'bad-hex' };
  const kel = replayKel(bytes.value, { now: nowMs / 1000 });
  if (!kel.ok) return { ok: false, code: kel.code };
  const verdict = await pinKelAsync(stores.kelPins, kel.value);
  return verdict.ok ? { ok: true, value: verdict.value } : { ok: false, code: verdict.code };
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', async () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const answer =
      request.url === '/envelope'
        ? await judgeEnvelope(body.envelope, body.now)
        : await pin(body.kel, body.nowMs);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', async () => {
  server.close();
  await stores.close();
  process.exit(0);
});
