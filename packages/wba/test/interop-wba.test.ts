import { loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { verifyRequest } from '../src/index.js';

const ledger = openLedger();

/**
 * The code each upstream refusal must produce, keyed by the start of its name. The
 * upstream files carry no codes; these are this package's classification, and the
 * test fails if a case has no entry here (a new upstream case must be classified).
 */
const EXPECTED: [string, string][] = [
  ['tampered Signature (', 'bad-signature'],
  ['tampered Signature-Agent', 'bad-signature'],
  ['signed for a DIFFERENT authority', 'bad-signature'],
  ['expired', 'expired'],
  ['created in the future', 'created-in-future'],
  ['lifetime over the request cap', 'lifetime-too-long'],
  ['a VALID signature under a key that is not in the directory', 'unknown-key'],
  ['tag confusion', 'wrong-tag'],
  ['alg="EdDSA"', 'wrong-alg'],
  ['per-item parameters', 'component-parameters'],
  ['duplicate label', 'duplicate-label'],
  ['a repeated parameter name', 'duplicate-parameter'],
  ['no @authority', 'missing-authority'],
  ['an unsupported derived component', 'unsupported-component'],
  ['an uppercase component name', 'uppercase-component'],
  ['a duplicated component', 'duplicate-component'],
  ['parameters on a Signature member', 'signature-member-parameters'],
  ['an absurdly long Signature-Input', 'header-too-long'],
  ['invalid base64 in the Signature value', 'malformed-signature'],
  ['label present in Signature-Input but missing from Signature', 'missing-signature-label'],
  ['trailing comma', 'malformed-signature-input'],
  ['no signature headers at all', 'missing-signature-input'],
  ['Signature present, Signature-Input absent', 'missing-signature-input'],
  // Both mis-spelled keys are unusable, so nothing in the set carries the signed keyid.
  ['a directory JWK whose `x` is laced with whitespace', 'unknown-key'],
  ['a directory JWK whose `x` is a TRAILING-BIT sibling', 'unknown-key'],
];
const expectedCode = (name: string) => EXPECTED.find(([prefix]) => name.startsWith(prefix))?.[1];

const FILES = [
  { group: 'wba', path: 'agent-seam-latest/wba_vectors.json', accepted: 5, refused: 25 },
  { group: 'wba.v0.2', path: 'agent-seam-0.2/wba_vectors.json', accepted: 5, refused: 23 },
];

for (const { group, path, accepted, refused } of FILES) {
  describe(group, () => {
    const file = loadInterop(path);
    if (file === null) {
      it('interop data absent', () => ledger.interopMissing(group));
      return;
    }
    const options = { authority: file.authority, jwks: file.jwks, now: file.now };

    it('holds the case counts this suite was written against', () => {
      expect(file.accept).toHaveLength(accepted);
      expect(file.reject).toHaveLength(refused);
    });

    for (const c of file.accept) {
      it(`accept: ${c.name}`, () =>
        ledger.accept(
          group,
          c.name,
          () => {
            const verdict = verifyRequest({ replay: 'off', ...options, headers: c.headers });
            expect(verdict).toMatchObject({ ok: true, value: { did: c.expect_did } });
          },
          { interop: true },
        ));
    }
    for (const c of file.reject) {
      it(`refuse: ${c.name}`, () =>
        ledger.refuse(
          group,
          c.name,
          () => {
            const code = expectedCode(c.name);
            expect(code, 'every upstream refusal is classified').toBeDefined();
            const verdict = verifyRequest({ replay: 'off', ...options, headers: c.headers });
            expect(verdict.ok ? 'accepted' : verdict.code).toBe(code);
          },
          { interop: true },
        ));
    }
  });
}
