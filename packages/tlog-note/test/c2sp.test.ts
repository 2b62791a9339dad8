import { readFileSync } from 'node:fs';
import { base64Strict, hex, unwrap } from '@agent-seam/canonical';
import { interopPath, openLedger } from '@agent-seam/conformance';
import {
  cosignatureMessage,
  cosignatureVerifier,
  formatVerifierKey,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
  splitNote,
} from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';

/**
 * The examples printed in the C2SP specifications, read in place from the markdown:
 * the example vkey and the note it verifies (signed-note), the checkpoint example
 * (tlog-checkpoint), and the cosigned checkpoint with its signed-message example
 * (tlog-cosignature). Only the first pair comes with a public key, so it is the one
 * verified cryptographically; the others are checked for their parsed structure.
 */
const ledger = openLedger();
const G = 'tlog.c2sp';
const SPEC = interopPath('standards/c2sp-tlog/spec');
const interop = { interop: true };
const utf8 = (s: string) => new TextEncoder().encode(s);

const fenced = (md: string) => [...md.matchAll(/```\n([\s\S]*?)```/g)].map((m) => m[1]!);
/** An indented example block starting with `first`, dedented, each line newline-terminated. */
function indented(md: string, first: string): string {
  const start = md.indexOf(`    ${first}`);
  const lines: string[] = [];
  for (const line of md.slice(start).split('\n')) {
    if (!line.startsWith('    ')) break;
    lines.push(`${line.slice(4)}\n`);
  }
  return lines.join('');
}

describe('tlog.c2sp (examples in the C2SP specs)', () => {
  if (SPEC === null) {
    it('interop data absent', () => ledger.interopMissing(G));
    return;
  }
  const read = (f: string) => readFileSync(`${SPEC}/${f}`, 'utf8');
  const signedNote = read('signed-note.md');
  const vkeyText = signedNote.match(/^ {4}(example\.com\/foo\+\S+)$/m)![1]!;
  const [poem, example] = fenced(signedNote) as [string, string];

  it('vkey/example.com-foo', () =>
    ledger.accept(
      G,
      'vkey/example.com-foo',
      () => {
        const key = unwrap(parseVerifierKey(vkeyText));
        expect(key.name).toBe('example.com/foo');
        expect(hex.encode(key.keyId)).toBe('530d903a');
        expect(key.type).toBe(1);
        expect(formatVerifierKey(key)).toBe(vkeyText);
      },
      interop,
    ));
  it('note/example-message-verifies', () =>
    ledger.accept(
      G,
      'note/example-message-verifies',
      () => {
        const opened = unwrap(openNote(example, { verifiers: [unwrap(parseVerifierKey(vkeyText))] }));
        expect(opened.body).toBe('This is an example message.\n');
        expect(opened.verifiedBy).toEqual([{ name: 'example.com/foo', keyId: '530d903a', type: 'ed25519' }]);
      },
      interop,
    ));
  it('note/example-message-altered', () =>
    ledger.refuse(
      G,
      'note/example-message-altered',
      () => {
        const altered = example.replace('example message', 'example massage');
        expect(openNote(altered, { verifiers: [unwrap(parseVerifierKey(vkeyText))] })).toMatchObject({
          code: 'signature-invalid',
        });
      },
      interop,
    ));
  it('note/example-key-trusted-only-as-cosigner', () =>
    ledger.refuse(
      G,
      'note/example-key-trusted-only-as-cosigner',
      () => {
        const key = unwrap(parseVerifierKey(vkeyText));
        const asWitness = cosignatureVerifier(key.name, key.publicKey);
        expect(openNote(example, { verifiers: [asWitness], now: 'off' })).toMatchObject({
          code: 'no-verified-signature',
        });
      },
      interop,
    ));
  it('note/poem-text-ends-at-last-blank-line', () =>
    ledger.accept(
      G,
      'note/poem-text-ends-at-last-blank-line',
      () => {
        const parts = unwrap(splitNote(utf8(poem)));
        expect(parts.text).toBe(
          'Ognuno sta solo sul cuor della terra\ntrafitto da un raggio di sole:\n\ned è subito sera.\n',
        );
        expect(parts.lines.map((l) => [l.name, l.payload.length])).toEqual([
          ['quasimodo.example/salvatore', 64],
        ]);
      },
      interop,
    ));

  const checkpointNote = fenced(read('tlog-checkpoint.md'))[0]!;
  it('checkpoint/behind-the-sofa', () =>
    ledger.accept(
      G,
      'checkpoint/behind-the-sofa',
      () => {
        const parts = unwrap(splitNote(utf8(checkpointNote)));
        const cp = unwrap(parseCheckpoint(parts.text));
        expect(cp.origin).toBe('example.com/behind-the-sofa');
        expect(cp.size).toBe(20852163n);
        expect(base64Strict.encode(cp.root)).toBe('CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=');
        expect(cp.extensions).toEqual([]);
        expect(parts.lines.map((l) => [l.name, l.payload.length])).toEqual([
          ['example.com/behind-the-sofa', 64],
        ]);
      },
      interop,
    ));

  const cosignatureSpec = read('tlog-cosignature.md');
  const cosigned = fenced(cosignatureSpec)[0]!;
  it('cosignature/witness-line-layout', () =>
    ledger.accept(
      G,
      'cosignature/witness-line-layout',
      () => {
        const parts = unwrap(splitNote(utf8(cosigned)));
        const witness = parts.lines.find((l) => l.name === 'witness.example.com/w1')!;
        expect(hex.encode(witness.keyId)).toBe('8d66cf3f');
        expect(witness.payload.length).toBe(72);
        // The 8-byte big-endian timestamp is the one the signed-message example shows.
        const t = new DataView(witness.payload.buffer, witness.payload.byteOffset).getBigUint64(0);
        expect(cosignatureSpec).toContain(`time ${t}\n`);
        expect(t).toBe(1679315147n);
      },
      interop,
    ));
  it('cosignature/signed-message', () =>
    ledger.accept(
      G,
      'cosignature/signed-message',
      () => {
        const body = unwrap(splitNote(utf8(cosigned))).body;
        const want = indented(cosignatureSpec, 'cosignature/v1');
        expect(new TextDecoder().decode(cosignatureMessage(body, 1679315147n))).toBe(want);
      },
      interop,
    ));
});
