import { utf8Strict } from '@agent-seam/canonical';
import { keyPairFromSeed, verifyEd25519 } from '@agent-seam/did';
import { verify } from 'web-bot-auth';
import { verifierFromJWK } from 'web-bot-auth/crypto';
import { compare, opsPerSecond } from '../../../tools/bench.js';
import { jwkFromPublicKey, signRequest, verifyRequest } from '../src/index.js';

// One request, signed once, verified by both implementations. The npm package checks
// expiry against the real clock, so the request is signed around it (benches may read it).
const seed = new Uint8Array(32).fill(0x44);
const { publicKey } = keyPairFromSeed(seed);
const now = Math.floor(Date.now() / 1000);
const headers = signRequest({
  seed,
  authority: 'example.com',
  signatureAgent: 'https://agent.example/directory',
  // web-bot-auth@0.1.3 reads the legacy string form only.
  signatureAgentForm: 'legacy',
  created: now - 5,
  expires: now + 295,
});
const jwks = { keys: [jwkFromPublicKey(publicKey)] };
const request = new Request('https://example.com/', { headers: headers as Record<string, string> });

if (!verifyRequest({ replay: 'off', headers, authority: 'example.com', jwks, now }).ok)
  throw new Error('bench: ours refuses');
// The npm verifier's crypto callback is given the same Ed25519 door, so the ratio
// measures parsing, profile checks and base building, not two different curves.
const door = (data: string, signature: Uint8Array) => {
  if (!verifyEd25519(publicKey, utf8Strict.encode(data), signature).ok) throw new Error('bench: refused');
};
await verify(request, door);

compare(
  'Web Bot Auth request verification (same request, same Ed25519 door)',
  {
    name: '@agent-seam/wba verifyRequest',
    run: () => verifyRequest({ replay: 'off', headers, authority: 'example.com', jwks, now }),
  },
  [{ name: 'web-bot-auth@0.1.3 verify', run: () => verify(request, door) }],
);

// What the header source costs: Node's record (the baseline), a Fetch Headers, a Request.
const fetchHeaders = new Headers(headers);
compare(
  'verifyRequest by header source (same request)',
  {
    name: 'headers: record',
    run: () => verifyRequest({ replay: 'off', headers, authority: 'example.com', jwks, now }),
  },
  [
    {
      name: 'headers: Headers',
      run: () => verifyRequest({ replay: 'off', headers: fetchHeaders, authority: 'example.com', jwks, now }),
    },
    {
      name: 'request: Request',
      run: () => verifyRequest({ replay: 'off', request, authority: 'example.com', jwks, now }),
    },
  ],
);

// The npm package's own stack verifies through WebCrypto, which is asynchronous, so it
// cannot be a `compare` contender; it is measured here by awaiting batches, same process.
const native = await verifierFromJWK({ ...jwks.keys[0]!, kty: 'OKP', crv: 'Ed25519' });
await verify(request, native);
async function asyncOpsPerSecond(run: () => Promise<unknown>, ms = 1000): Promise<number> {
  const batch = 20;
  let ops = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    await Promise.all(Array.from({ length: batch }, run));
    ops += batch;
  }
  return (ops * 1000) / (performance.now() - start);
}
const oursHz = opsPerSecond(() =>
  verifyRequest({ replay: 'off', headers, authority: 'example.com', jwks, now }),
);
const nativeHz = await asyncOpsPerSecond(() => verify(request, native));
console.log(
  `  web-bot-auth@0.1.3 verify + its WebCrypto verifier  ${nativeHz.toFixed(1).padStart(12)} ops/s   ours/this = ${(oursHz / nativeHz).toFixed(2)}x (async, batches of 20)`,
);
