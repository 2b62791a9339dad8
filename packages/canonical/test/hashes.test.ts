import { createSha256, hmacSha256, sha256, sha512 } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.

describe('the hashing door: arguments and digests taken twice', () => {
  it('an argument that is not bytes is named, and so is a digest taken twice', () => {
    // why: hashes.ts:32:93, 35:93 and 73:45 'the input' → "", 39:40 'the key' → "", 39:74 'the
    // message' → "", 84:66 the message → ""
    const bad = (what: string) => ({
      name: 'SeamError',
      code: 'bad-argument',
      message: `bad-argument: ${what} must be a Uint8Array`,
    });
    const notBytes = 'x' as unknown as Uint8Array;
    const bytes0 = new Uint8Array(0);
    expect(thrown(() => sha256(notBytes))).toEqual(bad('the input'));
    expect(thrown(() => sha512(notBytes))).toEqual(bad('the input'));
    expect(thrown(() => createSha256().update(notBytes))).toEqual(bad('the input'));
    expect(thrown(() => hmacSha256(notBytes, bytes0))).toEqual(bad('the key'));
    expect(thrown(() => hmacSha256(bytes0, notBytes))).toEqual(bad('the message'));
    const hasher = createSha256();
    hasher.digest();
    expect(thrown(() => hasher.digest())).toEqual({
      name: 'SeamError',
      code: 'finished',
      message: 'finished: the digest was already taken',
    });
  });
});
