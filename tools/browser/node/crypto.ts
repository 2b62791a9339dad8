// node:crypto for test files in vitest browser mode: only the hashes tests use to state
// an expected digest independently of the code under test.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { FileBytes } from './file-bytes.ts';

const hashes = { sha256, sha512 };
type Algorithm = keyof typeof hashes;
const bytesOf = (data: string | Uint8Array) =>
  typeof data === 'string' ? new TextEncoder().encode(data) : data;

function digester(start: () => { update(b: Uint8Array): void; digest(): Uint8Array }) {
  const state = start();
  const self = {
    update(data: string | Uint8Array) {
      state.update(bytesOf(data));
      return self;
    },
    digest(encoding?: 'hex') {
      const out = FileBytes.wrap(state.digest());
      return encoding === 'hex' ? out.toString('hex') : out;
    },
  };
  return self;
}

export const createHash = (algorithm: Algorithm) => digester(() => hashes[algorithm].create());
export const createHmac = (algorithm: Algorithm, key: string | Uint8Array) =>
  digester(() => hmac.create(hashes[algorithm], bytesOf(key)));
