import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { deriveKeyPair, seal, setupBaseS } from '../src/index.js';

// Each `why` names the mutant(s) of src/ the case holds by `file.ts:line:column` of the `--rest`
// run's report; mutants no input can tell apart are listed in spec/hpke-seal.md.
const empty = new Uint8Array(0);
const recipient = deriveKeyPair(new Uint8Array(32).fill(7));
const seamError = (code: string, text: string) => ({ name: 'SeamError', code, message: `${code}: ${text}` });
// A point of order 8 (RFC 7748 section 5): X25519 with it is all zero.

describe('psk inputs that do not fit the mode', () => {
  it('a psk without its id says they go together', () => {
    // why: key-schedule.ts:40:36 'psk and pskId must be given together' -> ""
    const options = { recipientPublicKey: recipient.publicKey, info: empty, aad: empty, plaintext: empty };
    expect(thrown(() => seal({ ...options, psk: new Uint8Array(32) }))).toEqual(
      seamError('bad-psk', 'psk and pskId must be given together'),
    );
  });

  it('a psk handed to a base-mode setup is refused, not ignored', () => {
    // why: key-schedule.ts:41:7 `psk.length > 0 && !usesPsk(mode)` -> false, and :42:25 /
    // :42:36 its strings -> "" (no coverage): setupBaseS passes its options to the schedule
    // (a variable, not a literal: the types of setupBaseS leave psk out, JavaScript callers need not)
    const withPsk = {
      recipientPublicKey: recipient.publicKey,
      info: empty,
      psk: new Uint8Array(32),
      pskId: Uint8Array.of(1),
    };
    expect(thrown(() => setupBaseS(withPsk))).toEqual(
      seamError('bad-psk', 'a psk was given for a mode that does not use one'),
    );
  });
});
