/**
 * Drives one RFC 9180 test vector (the format of the CFRG test-vectors file) through
 * the public setup functions and attributes every check to a ledger group.
 */
import { hex, unwrap } from '@agent-seam/canonical';
import type { Ledger } from '@agent-seam/conformance';
import { expect } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { type AeadId, deriveKeyPair } from '../src/index.js';
import { keySchedule, type Mode } from '../src/key-schedule.js';
import { setUpMode } from './setup-by-mode.js';

export interface Rfc9180Vector {
  mode: Mode;
  aead_id: AeadId;
  info: string;
  ikmR: string;
  ikmE: string;
  ikmS?: string;
  skRm: string;
  pkRm: string;
  skEm: string;
  pkEm: string;
  pkSm?: string;
  psk?: string;
  psk_id?: string;
  enc: string;
  shared_secret: string;
  key_schedule_context: string;
  secret: string;
  key: string;
  base_nonce: string;
  exporter_secret: string;
  encryptions: { aad: string; ct: string; nonce: string; pt: string }[] | null;
  exports: { exporter_context: string; L: number; exported_value: string }[];
}

export const bytes = (text: string) => unwrap(hex.decode(text));
const toHex = (b: Uint8Array) => hex.encode(b);
const MODE_NAMES = ['base', 'psk', 'auth', 'authpsk'];

export const vectorLabel = (v: Rfc9180Vector) =>
  `${MODE_NAMES[v.mode]}-${v.aead_id === 0xffff ? 'exportonly' : 'chacha20poly1305'}`;

function setUp(v: Rfc9180Vector) {
  const common = { info: bytes(v.info), aead: v.aead_id };
  return setUpMode(v.mode, {
    sender: { ...common, recipientPublicKey: bytes(v.pkRm), random: () => bytes(v.ikmE) },
    recipient: { ...common, recipientPrivateKey: bytes(v.skRm), enc: bytes(v.enc) },
    psk: { psk: bytes(v.psk ?? ''), pskId: bytes(v.psk_id ?? '') },
    senderKeyPair: v.ikmS === undefined ? undefined : deriveKeyPair(bytes(v.ikmS)),
    senderPublicKey: bytes(v.pkSm ?? ''),
  });
}

/** Number of checks `runVector` attributes for this vector. */
export const checksFor = (v: Rfc9180Vector) => 3 + (v.encryptions?.length ?? 0) + v.exports.length + 1;

export function runVector(ledger: Ledger, group: string, v: Rfc9180Vector): void {
  const label = vectorLabel(v);
  const interop = { interop: true };
  ledger.accept(
    group,
    `${label}/derive-key-pairs`,
    () => {
      const r = deriveKeyPair(bytes(v.ikmR));
      const e = deriveKeyPair(bytes(v.ikmE));
      expect([toHex(r.privateKey), toHex(r.publicKey)]).toEqual([v.skRm, v.pkRm]);
      expect([toHex(e.privateKey), toHex(e.publicKey)]).toEqual([v.skEm, v.pkEm]);
      if (v.ikmS !== undefined) expect(toHex(deriveKeyPair(bytes(v.ikmS)).publicKey)).toBe(v.pkSm);
    },
    interop,
  );
  ledger.accept(
    group,
    `${label}/key-schedule`,
    () => {
      const out = keySchedule({
        mode: v.mode,
        aead: v.aead_id,
        sharedSecret: bytes(v.shared_secret),
        info: bytes(v.info),
        psk: v.psk === undefined ? undefined : bytes(v.psk),
        pskId: v.psk_id === undefined ? undefined : bytes(v.psk_id),
      });
      expect({
        key_schedule_context: toHex(out.keyScheduleContext),
        secret: toHex(out.secret),
        key: toHex(out.key),
        base_nonce: toHex(out.baseNonce),
        exporter_secret: toHex(out.exporterSecret),
      }).toEqual({
        key_schedule_context: v.key_schedule_context,
        secret: v.secret,
        key: v.key,
        base_nonce: v.base_nonce,
        exporter_secret: v.exporter_secret,
      });
    },
    interop,
  );
  const { s, r } = setUp(v);
  ledger.accept(
    group,
    `${label}/encap-decap`,
    () => {
      expect(toHex(s.enc)).toBe(v.enc);
      expect(r.ok).toBe(true);
    },
    interop,
  );
  if (!r.ok) return;
  (v.encryptions ?? []).forEach((e, i) => {
    ledger.accept(
      group,
      `${label}/encryption-${i}`,
      () => {
        expect(toHex(s.context.seal(bytes(e.aad), bytes(e.pt)))).toBe(e.ct);
        expect(toHex(unwrap(r.value.open(bytes(e.aad), bytes(e.ct))))).toBe(e.pt);
      },
      interop,
    );
  });
  v.exports.forEach((x, i) => {
    ledger.accept(
      group,
      `${label}/export-${i}`,
      () => {
        expect(toHex(s.context.export(bytes(x.exporter_context), x.L))).toBe(x.exported_value);
        expect(toHex(r.value.export(bytes(x.exporter_context), x.L))).toBe(x.exported_value);
      },
      interop,
    );
  });
  // One refusal per vector, still driven by the third-party bytes.
  if (v.aead_id === 0xffff) {
    ledger.refuse(
      group,
      `${label}/export-only-cannot-seal`,
      () => {
        expect(thrownSeamError(() => s.context.seal(new Uint8Array(0), new Uint8Array(1))).code).toBe(
          'export-only',
        );
      },
      interop,
    );
  } else {
    ledger.refuse(
      group,
      `${label}/replayed-first-ciphertext`,
      () => {
        // After every vector encryption the recipient's seq has moved on: the first
        // ciphertext no longer opens, because its nonce belongs to seq 0.
        const first = v.encryptions![0]!;
        const verdict = r.value.open(bytes(first.aad), bytes(first.ct));
        expect(verdict.ok ? 'opened' : verdict.code).toBe('decrypt-failed');
      },
      interop,
    );
  }
}
