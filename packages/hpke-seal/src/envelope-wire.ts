/**
 * Key numbers, labels and field rules of the sealed envelope (seed 002 tables for v2,
 * ANetCore v0.15 for v1). Entries marked DECIDED are this project's definition where the
 * seed leaves the byte open; spec/hpke-seal.md lists them.
 */
import type { Schema } from './wire-map.js';

/** Suite 1: DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, ChaCha20-Poly1305 in base mode. */
export const SUITE_X25519_CHACHA = 1;

export const LABEL_SEAL_V2 = 'anet-seal/v2';
export const LABEL_IX_V2 = 'anet-ix/v2';
/** DECIDED: the v2 inner signature label, patterned on v1's anet-relay-sig/v1. */
export const LABEL_SIG_V2 = 'anet-seal-sig/v2';
export const LABEL_SEAL_V1 = 'anet-relay/v1';
export const LABEL_SIG_V1 = 'anet-relay-sig/v1';

/** Outer envelope keys. */
export const OUTER = { v: 1, to: 2, suite: 3, kid: 4, enc: 5, ct: 6, access: 7, exp: 8 } as const;
/** Wrap (layer-1 plaintext) keys. */
export const WRAP = { ikid: 1, enc2: 2, ct: 3, pad: 21 } as const;
/** Inner message keys, and the preimage-only keys. */
export const INNER = {
  label: 0,
  from: 1,
  ksn: 2,
  to: 3,
  type: 4,
  ix: 5,
  mid: 6,
  ts: 7,
  exp: 8,
  body: 9,
  kel: 10,
  notices: 11,
  keys: 12,
  grant: 14,
  rk: 15,
  sig: 20,
  padV1: 21,
  enc1: 30,
  kid: 31,
  suite: 32,
  ikid: 33,
  enc2: 34,
} as const;
/** Delivery credential keys (closed key space). */
export const ACCESS = { kind: 1, cap: 2, pop: 3 } as const;
export const ACCESS_KIND_SESSION = 0;
export const ACCESS_KIND_CAPABILITY = 1;
/** Capability as carried (closed key space). */
export const CAP = { body: 1, sig: 2 } as const;
/** DECIDED: the interaction public key of inner key 15 (closed key space). */
export const RK = { suite: 1, pub: 2 } as const;

export const KID_BYTES = 16;
export const SIG_BYTES = 64;
export const MID_BYTES = 16;
export const X25519_BYTES = 32;
export const KEL_MAX_BYTES = 65536;
export const NOTICE_MAX_BYTES = 1024;

/** v1: exactly keys 1-6. */
export const OUTER_V1_SCHEMA: Schema = {
  [OUTER.v]: { kind: 'uint', required: true },
  [OUTER.to]: { kind: 'tstr', required: true, nonEmpty: true },
  [OUTER.suite]: { kind: 'uint', required: true },
  [OUTER.kid]: { kind: 'bstr', required: true, length: KID_BYTES },
  [OUTER.enc]: { kind: 'bstr', required: true, length: X25519_BYTES },
  [OUTER.ct]: { kind: 'bstr', required: true, nonEmpty: true },
};

/** v2 adds the delivery credential and the one-shot expiry. */
export const OUTER_V2_SCHEMA: Schema = {
  ...OUTER_V1_SCHEMA,
  [OUTER.access]: { kind: 'map', required: true },
  [OUTER.exp]: { kind: 'uint' },
};

export const ACCESS_SCHEMA: Schema = {
  [ACCESS.kind]: { kind: 'uint', required: true },
  [ACCESS.cap]: { kind: 'map' },
  [ACCESS.pop]: { kind: 'bstr', length: SIG_BYTES },
};

export const CAP_SCHEMA: Schema = {
  [CAP.body]: { kind: 'bstr', required: true, nonEmpty: true },
  [CAP.sig]: { kind: 'bstr', required: true, length: SIG_BYTES },
};

export const WRAP_SCHEMA: Schema = {
  [WRAP.ikid]: { kind: 'bstr', length: KID_BYTES },
  [WRAP.enc2]: { kind: 'bstr', length: X25519_BYTES },
  [WRAP.ct]: { kind: 'bstr', required: true, nonEmpty: true },
  [WRAP.pad]: { kind: 'bstr', required: true },
};

export const RK_SCHEMA: Schema = {
  [RK.suite]: { kind: 'uint', required: true },
  [RK.pub]: { kind: 'bstr', required: true, length: X25519_BYTES },
};

const INNER_COMMON: Schema = {
  [INNER.from]: { kind: 'tstr', required: true, nonEmpty: true, noNul: true },
  [INNER.ksn]: { kind: 'uint', required: true },
  [INNER.to]: { kind: 'tstr', required: true, nonEmpty: true, noNul: true },
  [INNER.type]: { kind: 'tstr', required: true },
  [INNER.ix]: { kind: 'tstr', required: true, noNul: true },
  [INNER.mid]: { kind: 'bstr', required: true, length: MID_BYTES },
  [INNER.ts]: { kind: 'uint', required: true },
  [INNER.exp]: { kind: 'uint', required: true },
  [INNER.body]: { kind: 'bstr', required: true },
  [INNER.sig]: { kind: 'bstr', required: true, length: SIG_BYTES },
};

/** v2: kel, notices and keys are conditional (absent together in preview frames). */
export const INNER_V2_SCHEMA: Schema = {
  ...INNER_COMMON,
  [INNER.kel]: { kind: 'bstr' },
  [INNER.notices]: { kind: 'array' },
  [INNER.keys]: { kind: 'bstr' },
  [INNER.grant]: { kind: 'map' },
  [INNER.rk]: { kind: 'map' },
};

/** v1: kel and keys required, an unsigned zero pad allowed at key 21. */
export const INNER_V1_SCHEMA: Schema = {
  ...INNER_COMMON,
  [INNER.kel]: { kind: 'bstr', required: true },
  [INNER.keys]: { kind: 'bstr', required: true },
  [INNER.padV1]: { kind: 'bstr' },
};

/** DECIDED: the proof-of-possession label of a capability credential (access kind 1). */
export const LABEL_POP_V2 = 'anet-cap-pop/v2';
/** CapBody keys (closed key space) and its type tag. */
export const CAP_BODY = { tag: 0, owner: 1, epoch: 2, id: 3, class: 4, exp: 5, holder: 6 } as const;
export const CAP_BODY_TAG = 'anet.cap/1';
export const CAP_BODY_SCHEMA: Schema = {
  [CAP_BODY.tag]: { kind: 'tstr', required: true },
  [CAP_BODY.owner]: { kind: 'tstr', required: true, nonEmpty: true },
  [CAP_BODY.epoch]: { kind: 'uint', required: true },
  [CAP_BODY.id]: { kind: 'bstr', required: true, length: 16 },
  [CAP_BODY.class]: { kind: 'uint', required: true },
  [CAP_BODY.exp]: { kind: 'uint', required: true },
  [CAP_BODY.holder]: { kind: 'bstr', required: true, length: 32 },
};
