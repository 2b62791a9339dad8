// pnpm fuzz [--target <name>[,<name>]] [--list] [--report]
//
// Corpus-mutation fuzzing (fast-check) of the entry points that read attacker bytes.
// The corpus is every string of every published vector file (vectors/*.json), plus the
// hex strings decoded to bytes and a few messages signed here with fixed keys, so the
// mutations start from inputs that reach deep into each reader. For every input:
//   - the entry point returns (a Verdict, or a report), it never throws;
//   - the same bytes give the same verdict twice (determinism);
//   - where an independent check exists, `ok` is only returned when it agrees
//     (multiformats for base58/CIDs, structured-headers for RFC 8941, node:crypto
//     Ed25519 for note and record signatures, a naive RFC 6962 tree for Merkle proofs,
//     JSON.parse, round trips through the package's own encoder for canonical
//     CBOR/notes), and a signed or sealed input must open to exactly what was signed or
//     sealed (anything else would be a forgery).
// Budget: FUZZ_RUNS inputs per target (default 1000, the seeded pass `pnpm test` runs),
// or FUZZ_SECONDS per target when set. FUZZ_SEED picks the seed (default fixed).
// --report writes reports/fuzz.md with the executions per target.
import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  base64Strict,
  canonicalFromJSON,
  hex,
  type ProfileName,
  parseJSON,
  profiles,
} from '@agent-seam/canonical';
import {
  a2aSigningInput,
  cardEnvelopePayload,
  domainLinkageSigningInput,
  signA2ACard,
  signCardEnvelope,
  signDomainLinkage,
  verifyA2ACard,
  verifyCardEnvelope,
  verifyDomainLinkage,
} from '@agent-seam/cardpub';
import { ExportVerifier, parseGraderSidecar, recordSigningInput } from '@agent-seam/chain';
import { decode, encode, parseCid, parseDiagnostic } from '@agent-seam/coredet-cbor';
import { openBoxVerdict, openPayload, readSealedField } from '@agent-seam/cryptobox';
import { didFromSeed, keyPairFromSeed, publicKeyFromDid } from '@agent-seam/did';
import {
  invitePayload,
  relaySendMessage,
  signEnvelope,
  signInvite,
  signListenToken,
  signRelaySend,
  verifyEnvelope,
  verifyInvite,
  verifyListenToken,
  verifyRelaySend,
} from '@agent-seam/envelope';
import {
  deriveKeyPair,
  keyRingOf,
  type OpenEnvelopeV2Options,
  open,
  openEnvelope,
  openEnvelopeV1,
  readDack,
} from '@agent-seam/hpke-seal';
import { leafHash, verifyConsistency, verifyInclusion } from '@agent-seam/merkle';
import {
  formatCheckpoint,
  formatVerifierKey,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
} from '@agent-seam/tlog-note';
import {
  jwkFromPublicKey,
  parseSignature,
  parseSignatureInput,
  signRequest,
  verifyRequest,
} from '@agent-seam/wba';
import fc from 'fast-check';
import { base58btc } from 'multiformats/bases/base58';
import { CID } from 'multiformats/cid';
import { parseDictionary, serializeDictionary } from 'structured-headers';
import { MemoryKeyRing } from '../packages/cryptobox/test/memory-ring.ts';
import { naiveRoot } from '../packages/merkle/test/reference.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const utf8 = new TextEncoder();
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

// ---------------------------------------------------------------------------------------
// The corpus: every string in every published vector, and the bytes behind hex strings.

const vectorDocs: Record<string, unknown> = Object.fromEntries(
  readdirSync(join(root, 'vectors'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f, JSON.parse(readFileSync(join(root, 'vectors', f), 'utf8'))]),
);
const allStrings: string[] = [];
(function walk(value: unknown): void {
  if (typeof value === 'string') allStrings.push(value);
  else if (Array.isArray(value)) value.forEach(walk);
  else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
})(vectorDocs);
const isHex = (s: string) => s.length > 0 && s.length % 2 === 0 && /^[0-9a-f]+$/.test(s);
const hexBytes = allStrings
  .filter(isHex)
  .map((s) => hex.decode(s))
  .flatMap((v) => (v.ok ? [v.value] : []));
const stringSeeds = (pick: (s: string) => boolean = () => true): Uint8Array[] => {
  const picked = allStrings.filter(pick);
  return (picked.length > 0 ? picked : allStrings).map((s) => utf8.encode(s));
};
const doc = (name: string) => vectorDocs[name] as Record<string, any>;
const bytesOf = (h: string) => {
  const v = hex.decode(h);
  if (!v.ok) throw new Error('unreadable vector hex');
  return v.value;
};
/** An Ed25519 public key as node:crypto (OpenSSL) takes it, for the independent checks. */
const spki = (key: Uint8Array) =>
  createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), key]),
    format: 'der',
    type: 'spki',
  });
/** Received JSON as a reader gets it: the parsed value, or the text itself when it is not JSON. */
const jsonOrText = (input: Uint8Array): unknown => {
  try {
    return JSON.parse(text(input));
  } catch {
    return text(input);
  }
};
const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

// ---------------------------------------------------------------------------------------
// Targets. `run` returns something comparable (the verdict's code, or a digest of its
// value); `disagrees` returns why an independent check refuses an `ok`, or null.

interface Target {
  name: string;
  seeds: Uint8Array[];
  run(input: Uint8Array): unknown;
  disagrees?(input: Uint8Array, outcome: any): string | null;
}

const verdictOf = (v: { ok: boolean; code?: string; value?: unknown }) =>
  v.ok ? { ok: true, value: v.value } : { ok: false, code: v.code };

const targets: Target[] = [];

/**
 * The one explained exception to the fixed point (a finding of the long run; vector
 * `integer-spelling-of-double-beyond-u64`, spec/canonical.md): under agentplane-v1 a whole
 * double from 2^64 up to 1e21 (or below -2^63) is written, as the interop vectors pin it,
 * as an integer literal outside i64/u64, which the profile's reader refuses. Allowed
 * exactly when the refused number is such a literal and is the ECMAScript spelling of a
 * double.
 */
function doubleSpelledBeyondI64(
  profile: ProfileName,
  output: string,
  refusal: { code: string; detail?: string },
): boolean {
  const at = /number at offset (\d+)/.exec(refusal.detail ?? '');
  if (profile !== 'agentplane-v1' || refusal.code !== 'number-hazard' || at === null) return false;
  const literal = /^-?\d+/.exec(output.slice(Number(at[1])))?.[0] ?? '';
  const n = literal === '' ? 0n : BigInt(literal);
  const outsideI64 = n < -(2n ** 63n) || n > 2n ** 64n - 1n;
  return (
    outsideI64 &&
    String(Number(literal)) === literal &&
    /^[\],}]?$/.test(output[Number(at[1]) + literal.length] ?? '')
  );
}

// canonical: the JSON boundary, once per profile.
targets.push({
  name: 'canonical.parseJSON',
  seeds: stringSeeds((s) => /^[[{"\d-]/.test(s.trim())),
  run: (input) => verdictOf(parseJSON(input)),
  disagrees(input, outcome) {
    if (!outcome.ok) return null;
    try {
      JSON.parse(text(input));
      return null;
    } catch {
      return 'JSON.parse refuses a document parseJSON accepted';
    }
  },
});
for (const profile of Object.keys(profiles) as ProfileName[])
  targets.push({
    name: `canonical.canonicalFromJSON(${profile})`,
    seeds: stringSeeds((s) => /^[[{"\d-]/.test(s.trim())),
    run: (input) => {
      const v = canonicalFromJSON(input, { profile });
      return v.ok ? { ok: true, value: hex.encode(v.value) } : { ok: false, code: v.code };
    },
    disagrees(_input, outcome) {
      if (!outcome.ok) return null;
      const out = hex.decode(outcome.value);
      if (!out.ok) return 'unreadable output';
      const again = canonicalFromJSON(out.value, { profile });
      if (!again.ok && doubleSpelledBeyondI64(profile, text(out.value), again)) return null;
      if (!again.ok || hex.encode(again.value) !== outcome.value)
        return 'canonical output is not a fixed point';
      return null;
    },
  });

// did: did:key decode, checked against multiformats' base58btc.
targets.push({
  name: 'did.publicKeyFromDid',
  seeds: stringSeeds((s) => s.startsWith('did:key:')),
  run: (input) => {
    const v = publicKeyFromDid(text(input));
    return v.ok
      ? { ok: true, value: { curve: v.value.curve, key: hex.encode(v.value.publicKey) } }
      : verdictOf(v);
  },
  disagrees(input, outcome) {
    if (!outcome.ok) return null;
    const did = text(input);
    try {
      const raw = base58btc.decode(did.slice('did:key:'.length));
      if (!hex.encode(raw).endsWith(outcome.value.key)) return 'multiformats decodes another key';
      return null;
    } catch {
      return 'multiformats refuses the base58btc';
    }
  },
});

// coredet-cbor: strict decode must round-trip through the encoder byte for byte;
// lenient decode must never throw.
targets.push({
  name: 'coredet-cbor.decode(strict)',
  seeds: hexBytes,
  run: (input) => {
    const v = decode(input);
    return v.ok ? { ok: true, value: v.value } : verdictOf(v);
  },
  disagrees(input, outcome) {
    if (!outcome.ok) return null;
    const again = encode(outcome.value);
    if (hex.encode(again) !== hex.encode(input)) return 'strict decode accepted a non-canonical spelling';
    return null;
  },
});
targets.push({
  name: 'coredet-cbor.decode(lenient)',
  seeds: hexBytes,
  run: (input) => {
    const v = decode(input, { lenient: true });
    return v.ok ? { ok: true } : verdictOf(v);
  },
});
targets.push({
  name: 'coredet-cbor.parseCid',
  seeds: stringSeeds((s) => s.startsWith('b')),
  run: (input) => {
    const v = parseCid(text(input));
    return v.ok ? { ok: true, value: hex.encode(v.value.bytes) } : verdictOf(v);
  },
  disagrees(input, outcome) {
    if (!outcome.ok) return null;
    try {
      const theirs = CID.parse(text(input));
      return hex.encode(theirs.bytes) === outcome.value ? null : 'multiformats reads other CID bytes';
    } catch {
      return 'multiformats refuses the CID';
    }
  },
});

// Diagnostic notation: whatever parseDiagnostic accepts, encode writes and strict decode reads.
targets.push({
  name: 'coredet-cbor.parseDiagnostic',
  seeds: stringSeeds(),
  run: (input) => {
    const v = parseDiagnostic(text(input));
    return v.ok ? { ok: true, value: hex.encode(encode(v.value)) } : verdictOf(v);
  },
  disagrees(_input, outcome) {
    if (!outcome.ok) return null;
    const bytes = hex.decode(outcome.value);
    return bytes.ok && decode(bytes.value).ok ? null : 'the parsed value is not strict CoreDet once encoded';
  },
});

// cryptobox: boxes from the vectors, opened with their keys; an `ok` must give back the
// plaintext that was sealed (anything else would be a forgery).
{
  const box = doc('cryptobox.json');
  const opened = [...box['box.roundtrip'], ...box['box.v2']];
  const cases = opened.map((c: any) => ({
    recipientSeed: hex.decode(c.recipientSeedHex),
    senderPub: hex.decode(c.senderEncPubHex),
    ad: hex.decode(c.adHex),
    plaintext: c.plaintextHex as string,
  }));
  const one = cases[0]!;
  const keys = {
    recipientSeed: (one.recipientSeed as any).value,
    senderPub: (one.senderPub as any).value,
    ad: (one.ad as any).value,
  };
  // Every vector box is judged under the first vector's keys: only boxes sealed to them may open.
  const plaintexts = new Set(
    cases
      .filter(
        (c) =>
          (c.recipientSeed as any).value &&
          hex.encode((c.recipientSeed as any).value) === hex.encode(keys.recipientSeed),
      )
      .filter((c) => hex.encode((c.senderPub as any).value) === hex.encode(keys.senderPub))
      .filter((c) => hex.encode((c.ad as any).value) === hex.encode(keys.ad))
      .map((c) => c.plaintext),
  );
  targets.push({
    name: 'cryptobox.openBox',
    seeds: [...opened, ...box['box.reject'], ...box['box.v2-refuse']].map((c: any) =>
      utf8.encode(String(c.blob)),
    ),
    run: (input) => {
      const v = openBoxVerdict({ ...keys, blob: text(input) });
      return v.ok ? { ok: true, value: hex.encode(v.value) } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !plaintexts.has(outcome.value) ? 'a box opened to a plaintext nobody sealed' : null,
  });
  // The field values of the published sealed-field vectors ({"output": <value>}).
  const fields = [...box['sealed.field'].accept, ...box['sealed.field'].refuse].map((c: any) =>
    utf8.encode(JSON.stringify(JSON.parse(c.json).output)),
  );
  targets.push({
    name: 'cryptobox.readSealedField',
    seeds: fields,
    run: (input) => {
      let value: unknown;
      try {
        value = JSON.parse(text(input));
      } catch {
        value = text(input);
      }
      const v = readSealedField(value);
      return v.ok ? { ok: true } : verdictOf(v);
    },
  });
}

// merkle: claims from the vectors, mutated as text; the published leaves give an
// independent answer (a naive tree over them) for every size they cover. The oracle asks
// what a proof promises: the root it names is the root of a tree (the naive tree of some
// size) that holds the leaf at that index, or that extends the tree of the old root. It
// does not ask that the claimed size be that tree's size: RFC 9162's walk does not bind
// it (a finding of the long run, explained in RELIABILITY.md): for a leaf on the left edge
// a proof for size 13 verifies as well under a claimed size 12 (same path shape, same
// root); the size is bound by the signed checkpoint that carries the root.
{
  const proofs = doc('merkle.json')['merkle.proofs'];
  const leaves: Uint8Array[] = proofs.leaves.map((s: string) => utf8.encode(s));
  const sizeOfRoot = new Map(
    leaves.map((_, i) => [hex.encode(naiveRoot(leaves.slice(0, i + 1))), BigInt(i + 1)] as const),
  );
  const treeOf = (root: unknown) =>
    root instanceof Uint8Array ? (sizeOfRoot.get(hex.encode(root)) ?? null) : null;
  const h = (s: unknown) => {
    const v = typeof s === 'string' ? hex.decode(s) : null;
    return v?.ok ? v.value : s;
  };
  const claimOf = (input: Uint8Array): Record<string, unknown> | null => {
    try {
      const c = JSON.parse(text(input));
      if (c === null || typeof c !== 'object') return null;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(c))
        out[k] =
          k === 'proof' && Array.isArray(v)
            ? v.map(h)
            : typeof v === 'string' && /^\d+$/.test(v)
              ? BigInt(v)
              : h(v);
      return out;
    } catch {
      return null;
    }
  };
  const seeds = (list: unknown[]) => list.map((c) => utf8.encode(JSON.stringify(c)));
  const reject = doc('merkle.json')['merkle.reject'] as { kind: string; claim: unknown }[];
  targets.push({
    name: 'merkle.verifyInclusion',
    seeds: seeds([...proofs.inclusion, ...reject.filter((r) => r.kind === 'inclusion').map((r) => r.claim)]),
    run: (input) => {
      const claim = claimOf(input);
      return claim === null ? null : verdictOf(verifyInclusion(claim as never));
    },
    disagrees(input, outcome) {
      if (!outcome?.ok) return null;
      const c = claimOf(input)!;
      const i = BigInt(c.index as bigint);
      const size = treeOf(c.root);
      if (size === null || i >= size) return 'no naive tree with that root holds that index';
      if (
        i >= BigInt(leaves.length) ||
        hex.encode(leafHash(leaves[Number(i)]!)) !== hex.encode(c.leafHash as Uint8Array)
      )
        return 'the leaf at that index is another one';
      return null;
    },
  });
  targets.push({
    name: 'merkle.verifyConsistency',
    seeds: seeds([
      ...proofs.consistency,
      ...reject.filter((r) => r.kind !== 'inclusion').map((r) => r.claim),
    ]),
    run: (input) => {
      const claim = claimOf(input);
      return claim === null ? null : verdictOf(verifyConsistency(claim as never));
    },
    disagrees(input, outcome) {
      if (!outcome?.ok) return null;
      const c = claimOf(input)!;
      const [m, n] = [treeOf(c.rootM), treeOf(c.rootN)];
      if (m === null || n === null || m > n) return 'no naive tree with the new root extends the old one';
      return null;
    },
  });
}

// tlog-note: notes from the vectors opened with every published verifier key; each
// Ed25519 signature an `ok` reports is checked again with node:crypto.
{
  const tlog = doc('tlog_note.json');
  const vkeys = new Set<string>();
  (function walk(v: unknown): void {
    if (typeof v === 'string' && /^[^+\s]+\+[0-9a-f]{8}\+[A-Za-z0-9+/=]+$/.test(v)) vkeys.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  })(tlog);
  const verifiers = [...vkeys].map(parseVerifierKey).flatMap((v) => (v.ok ? [v.value] : []));
  // One verifier per (name, key id): two answering to the same pair make a line ambiguous.
  const distinct = [...new Map(verifiers.map((v) => [`${v.name}+${hex.encode(v.keyId)}`, v])).values()];
  targets.push({
    name: 'tlog-note.openNote',
    seeds: stringSeeds((s) => s.includes('\n\n\u2014 ')),
    run: (input) => {
      const v = openNote(input, { verifiers: distinct });
      return v.ok
        ? { ok: true, value: v.value.verifiedBy.map((s) => `${s.name}/${s.keyId}/${s.type}`) }
        : verdictOf(v);
    },
    disagrees(input, outcome) {
      if (!outcome.ok) return null;
      const note = text(input);
      const cut = note.lastIndexOf('\n\n');
      const body = note.slice(0, cut + 1);
      for (const entry of outcome.value as string[]) {
        const [name, keyId, type] = entry.split('/');
        if (type !== 'ed25519') continue;
        const key = distinct.find((v) => v.name === name && hex.encode(v.keyId) === keyId)!;
        const good = note
          .slice(cut + 2)
          .split('\n')
          .filter((line) => line.startsWith(`\u2014 ${name} `))
          .map((line) => Buffer.from(line.slice(`\u2014 ${name} `.length), 'base64'))
          .some(
            (sig) =>
              sig.length === 68 &&
              sig.subarray(0, 4).toString('hex') === keyId &&
              nodeVerify(null, Buffer.from(body), spki(key.publicKey), sig.subarray(4)),
          );
        if (!good) return `node:crypto finds no valid signature by ${name}`;
      }
      return null;
    },
  });
  targets.push({
    name: 'tlog-note.parseCheckpoint',
    seeds: stringSeeds((s) => s.split('\n').length >= 3),
    run: (input) => {
      const v = parseCheckpoint(text(input));
      return v.ok ? { ok: true, value: formatCheckpoint(v.value) } : verdictOf(v);
    },
    disagrees: (input, outcome) =>
      outcome.ok && outcome.value !== text(input)
        ? 'an accepted checkpoint does not format back to its text'
        : null,
  });
  targets.push({
    name: 'tlog-note.parseVerifierKey',
    seeds: [...vkeys].map((s) => utf8.encode(s)),
    run: (input) => {
      const v = parseVerifierKey(text(input));
      return v.ok ? { ok: true, value: formatVerifierKey(v.value) } : verdictOf(v);
    },
    disagrees: (input, outcome) =>
      outcome.ok && outcome.value !== text(input)
        ? 'an accepted vkey does not format back to its text'
        : null,
  });
}

// wba: the RFC 8941 parsers against structured-headers, and verifyRequest on requests
// signed here; an `ok` must carry the same dictionaries as what was signed.
{
  const seed = new Uint8Array(32).fill(7);
  const jwk = jwkFromPublicKey(keyPairFromSeed(seed).publicKey);
  const signed = [0, 1].map((n) =>
    signRequest({
      seed,
      authority: 'example.com',
      created: 1_700_000_000 + n,
      expires: 1_700_000_300 + n,
      signatureAgent: 'https://agent.example',
      ...(n === 1 ? { nonce: 'abc', label: 'x' } : {}),
    }),
  );
  const fields = signed.flatMap((s) => [s['signature-input'], s.signature]);
  const sfSeeds = [
    ...fields.map((s) => utf8.encode(s)),
    ...stringSeeds((s) => s.includes('=') && s.length < 400),
  ];
  const sameAsSfLibrary = (input: Uint8Array, outcome: any) => {
    if (!outcome.ok) return null;
    try {
      parseDictionary(text(input));
      return null;
    } catch {
      return 'structured-headers refuses a field we accepted';
    }
  };
  targets.push({
    name: 'wba.parseSignatureInput',
    seeds: sfSeeds,
    run: (input) => verdictOf(parseSignatureInput(text(input))),
    disagrees: sameAsSfLibrary,
  });
  targets.push({
    name: 'wba.parseSignature',
    seeds: sfSeeds,
    run: (input) => verdictOf(parseSignature(text(input))),
    // Explained disagreement: parseSignature leaves the base64 of each member to the
    // verifier (spec/wba.md), which refuses bad base64 as bad-signature-encoding. So an
    // `ok` structured-headers refuses is allowed only when some member's base64 is one
    // base64Strict refuses too.
    disagrees: (input, outcome) =>
      sameAsSfLibrary(input, outcome) === null ||
      outcome.value.some((m: { base64: string }) => !base64Strict.decode(m.base64).ok)
        ? null
        : 'structured-headers refuses a Signature whose base64 is all strict',
  });
  const canonicalSf = (s: string) => serializeDictionary(parseDictionary(s));
  const signedPairs = new Set(
    signed.map((s) => `${canonicalSf(s['signature-input'])}\n${canonicalSf(s.signature)}`),
  );
  targets.push({
    name: 'wba.verifyRequest',
    seeds: signed.map((s) => utf8.encode(`${s['signature-input']}\n${s.signature}\n${s['signature-agent']}`)),
    run: (input) => {
      const [sigInput = '', signature = '', agent] = text(input).split('\n');
      const headers: Record<string, string> = { 'signature-input': sigInput, signature };
      if (agent !== undefined) headers['signature-agent'] = agent;
      const v = verifyRequest({
        headers,
        authority: 'example.com',
        jwks: { keys: [jwk] },
        now: 1_700_000_100,
        replay: 'off',
      });
      return v.ok ? { ok: true, value: v.value.label } : verdictOf(v);
    },
    disagrees(input, outcome) {
      if (!outcome.ok) return null;
      const [sigInput = '', signature = ''] = text(input).split('\n');
      try {
        const pair = `${canonicalSf(sigInput)}\n${canonicalSf(signature)}`;
        return signedPairs.has(pair) ? null : 'a request verified with fields nobody signed';
      } catch {
        return 'structured-headers refuses fields verifyRequest accepted';
      }
    },
  });
}

// hpke-seal: single-shot open of the published base-mode vectors (enc ‖ ciphertext,
// mutated together) under the first vector's info and aad; only its plaintext may come out.
{
  const rt = doc('hpke_seal.json')['hpke.roundtrip'];
  const first = rt.accept[0];
  const recipientPrivateKey = deriveKeyPair(bytesOf(rt.recipientIkm)).privateKey;
  targets.push({
    name: 'hpke-seal.open',
    seeds: [...rt.accept, ...rt.refuse]
      .filter(
        (c: any) =>
          typeof c.enc === 'string' && typeof c.ciphertext === 'string' && isHex(c.enc + c.ciphertext),
      )
      .map((c: any) => bytesOf(c.enc + c.ciphertext)),
    run: (input) => {
      const v = open({
        recipientPrivateKey,
        info: bytesOf(first.info),
        aad: bytesOf(first.aad),
        enc: input.subarray(0, 32),
        ciphertext: input.subarray(32),
      });
      return v.ok ? { ok: true, value: hex.encode(v.value) } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && outcome.value !== first.plaintext
        ? 'open returned a plaintext that was not sealed'
        : null,
  });
}

// envelope: envelopes signed here with fixed keys, mutated as JSON text; an `ok` must
// carry exactly the six fields one of them signed (anything else would be a forgery).
{
  const bob = didFromSeed(new Uint8Array(32).fill(2));
  const alice = new Uint8Array(32).fill(1);
  const sent = [
    { to: bob, messageId: 'msg-0001', contextId: null, timestamp: 1_784_280_600, text: 'lunch at noon?' },
    {
      to: bob,
      messageId: 'm\u00e9-2',
      contextId: 'ctx',
      timestamp: 1_784_280_601,
      text: '\u{1f600} "quoted" \\',
    },
  ].map((fields) => signEnvelope(fields, alice));
  const six = (e: object) =>
    JSON.stringify(
      ['contextId', 'from', 'messageId', 'text', 'timestamp', 'to'].map(
        (k) => (e as Record<string, unknown>)[k],
      ),
    );
  const signedSix = new Set(sent.map(six));
  targets.push({
    name: 'envelope.verifyEnvelope',
    seeds: [...sent.map((e) => utf8.encode(JSON.stringify(e))), ...stringSeeds((x) => x.includes('"sig"'))],
    run: (input) => {
      // replay off: a fuzzer sends one message many times; it judges everything else.
      const v = verifyEnvelope(jsonOrText(input), { recipientDid: bob, now: 1_784_280_650, replay: 'off' });
      return v.ok ? { ok: true, value: six(v.value as never) } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !signedSix.has(outcome.value) ? 'an envelope verified with fields nobody signed' : null,
  });
}

// envelope: the relay and invite readers, on messages signed here with fixed keys and
// mutated as JSON text; an `ok` must be for exactly what was signed.
{
  const alice = new Uint8Array(32).fill(1);
  const aliceDid = didFromSeed(alice);
  const bobDid = didFromSeed(new Uint8Array(32).fill(2));
  const NOW = 1_784_280_650;
  const invites = [
    { did: aliceDid, exp: '2026-07-18T00:00:00Z', name: 'alice', relay: 'https://relay.example' },
    { did: aliceDid, exp: '2026-07-17T10:00:01Z', tags: ['a', 1, null, { n: 'é' }] },
  ].map((card) => signInvite(card, alice));
  const invitePayloads = new Set(invites.map((c) => hex.encode(invitePayload(c))));
  targets.push({
    name: 'envelope.verifyInvite',
    seeds: invites.map((c) => utf8.encode(JSON.stringify(c))),
    run: (input) => {
      const v = verifyInvite(jsonOrText(input), { now: NOW });
      return v.ok ? { ok: true, value: hex.encode(invitePayload(v.value)) } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !invitePayloads.has(outcome.value)
        ? 'an invite verified with members nobody signed'
        : null,
  });

  const sends = [
    { to: bobDid, from: aliceDid, id: 'msg-1', blob: 'AAECAwQ=' },
    { to: bobDid, from: aliceDid, id: '\u00e9-2', blob: '' },
  ];
  const sent = new Set(sends.map(relaySendMessage));
  targets.push({
    name: 'envelope.verifyRelaySend',
    seeds: sends.map((fields) => utf8.encode(JSON.stringify({ fields, sig: signRelaySend(fields, alice) }))),
    run: (input) => {
      const value = jsonOrText(input);
      const fields = field(value, 'fields');
      const v = verifyRelaySend(fields, field(value, 'sig'));
      return v.ok ? { ok: true, value: relaySendMessage(fields as never) } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !sent.has(outcome.value) ? 'a relay send verified that nobody signed' : null,
  });

  const relayUrl = 'https://relay.example';
  const minute = Math.floor(NOW / 60);
  const claims = [
    { did: aliceDid, minute },
    { did: aliceDid, minute: minute - 1 },
  ];
  const listened = new Set(claims.map((c) => `${c.did} ${c.minute}`));
  targets.push({
    name: 'envelope.verifyListenToken',
    seeds: claims.map((c) =>
      utf8.encode(JSON.stringify({ ...c, token: signListenToken({ ...c, relayUrl }, alice) })),
    ),
    run: (input) => {
      const value = jsonOrText(input);
      const did = field(value, 'did');
      const m = field(value, 'minute');
      const v = verifyListenToken(field(value, 'token'), {
        did: did as string,
        minute: m as number,
        relayUrl,
        now: NOW,
      });
      return v.ok ? { ok: true, value: `${did} ${m}` } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !listened.has(outcome.value) ? 'a listen token verified for a claim nobody signed' : null,
  });
}

// cardpub: card envelopes, A2A card signatures (JWS) and domain linkage credentials,
// signed here with fixed keys; an `ok` must cover exactly bytes that were signed.
{
  const seed = new Uint8Array(32).fill(3);
  const did = didFromSeed(seed);
  const NOW = 1_784_280_650;
  const cards = [
    { did, name: 'agent', skills: ['a', 'b'], url: 'https://agent.example' },
    { did, name: 'x\u00e9', n: -12, nested: { t: true, z: null } },
  ];
  const envelopes = cards.map((card, i) => signCardEnvelope(card, seed, NOW - 60 * i));
  const envelopePayloads = new Set(envelopes.map((e) => hex.encode(cardEnvelopePayload(e.card, e.ts))));
  targets.push({
    name: 'cardpub.verifyCardEnvelope',
    seeds: envelopes.map((e) => utf8.encode(JSON.stringify(e))),
    run: (input) => {
      const v = verifyCardEnvelope(jsonOrText(input), { expectedDid: did, now: NOW });
      return v.ok
        ? { ok: true, value: hex.encode(cardEnvelopePayload(v.value.card, v.value.ts)) }
        : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !envelopePayloads.has(outcome.value)
        ? 'a card envelope verified that nobody signed'
        : null,
  });

  const jwks = { keys: [{ ...jwkFromPublicKey(keyPairFromSeed(seed).publicKey), kid: 'k1' }] };
  const a2a = cards.map((card) => {
    const signature = signA2ACard(card, seed, { kid: 'k1', jku: 'https://agent.example/jwks.json' });
    return { card: { ...card, signatures: [signature] }, signature };
  });
  const a2aInputs = new Set(a2a.map(({ card, signature }) => hex.encode(a2aSigningInput(card, signature)!)));
  targets.push({
    name: 'cardpub.verifyA2ACard',
    seeds: a2a.map((x) => utf8.encode(JSON.stringify(x))),
    run: (input) => {
      const value = jsonOrText(input);
      const card = field(value, 'card');
      const signature = field(value, 'signature');
      const v = verifyA2ACard(card, signature, { jwks });
      return v.ok ? { ok: true, value: hex.encode(a2aSigningInput(card, signature)!) } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !a2aInputs.has(outcome.value)
        ? 'an A2A signature verified over bytes nobody signed'
        : null,
  });

  const origin = 'https://agent.example';
  const linkages = [
    signDomainLinkage(seed, { origin, nbf: NOW - 3600, exp: NOW + 3600 }),
    signDomainLinkage(seed, { origin: 'https://AGENT.example:443/', nbf: NOW - 1, exp: NOW + 1 }),
  ];
  const linkageInputs = new Set(linkages.map((jwt) => hex.encode(domainLinkageSigningInput(jwt)!)));
  targets.push({
    name: 'cardpub.verifyDomainLinkage',
    seeds: linkages.map((jwt) => utf8.encode(jwt)),
    run: (input) => {
      const jwt = text(input);
      const v = verifyDomainLinkage(jwt, { did, origin, now: NOW });
      return v.ok ? { ok: true, value: hex.encode(domainLinkageSigningInput(jwt)!) } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !linkageInputs.has(outcome.value) ? 'a domain linkage verified that nobody signed' : null,
  });
}

// cryptobox: sealed-payload envelopes from the vectors, opened under the first one's
// associated data and the vectors' key ring; only a plaintext sealed under that ad may come out.
{
  const { kek, payloads } = doc('cryptobox.json')['sealed.payload'];
  const rejects = doc('cryptobox.json')['sealed.reject'].cases as any[];
  const ad = bytesOf(payloads[0].adHex);
  const sealed = new Set(
    payloads.filter((c: any) => c.adHex === payloads[0].adHex).map((c: any) => c.plaintextHex as string),
  );
  targets.push({
    name: 'cryptobox.openPayload',
    seeds: [...payloads, ...rejects.filter((c) => typeof c.envelopeHex === 'string')].map((c: any) =>
      bytesOf(c.envelopeHex),
    ),
    run: (input) => {
      const v = openPayload(input, { ad, keyRing: new MemoryKeyRing(kek.name, bytesOf(kek.hex)) });
      return v.ok ? { ok: true, value: hex.encode(v.value) } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !sealed.has(outcome.value) ? 'a payload opened to a plaintext nobody sealed' : null,
  });
}

// hpke-seal: sealed envelopes v2 and v1 and delivery acknowledgements from the vectors,
// opened with the vectors' keys at the vectors' clock; an `ok` must give back a message
// (mid and body) or a note that was sealed.
{
  const file = doc('hpke_seal.json');
  const keys = file['seal.v2'].keys;
  const sender = keyPairFromSeed(bytesOf(keys.senderSeed));
  const options: OpenEnvelopeV2Options = {
    ownAid: keys.ownAid,
    now: new Date(keys.nowMs),
    keyRing: keyRingOf([deriveKeyPair(bytesOf(keys.epochIkm)).privateKey]),
    interactionKeyRing: keyRingOf([deriveKeyPair(bytesOf(keys.interactionIkm)).privateKey]),
    resolveSenderKey: (q) =>
      q.from === keys.from && q.ksn === 0
        ? { ok: true, value: sender.publicKey }
        : { ok: false, code: 'bad-key-state', detail: 'unknown sender key' },
    mailbox: { publicKey: keyPairFromSeed(bytesOf(keys.mailboxSeed)).publicKey, epoch: keys.mailboxEpoch },
    // A fuzzer opens one envelope many times: replay is off by name, everything else judged.
    replay: 'off',
  };
  const message = (o: { mid: Uint8Array; body: Uint8Array }) => `${hex.encode(o.mid)}/${hex.encode(o.body)}`;
  const hexSeeds = (cases: any[]) =>
    cases.filter((c) => !c.asIs && typeof c.envelope === 'string').map((c) => bytesOf(c.envelope));
  const v2 = file['seal.v2'].accept.map((c: any) => `${c.expect.mid}/${c.expect.body}`);
  targets.push({
    name: 'hpke-seal.openEnvelope(v2)',
    seeds: hexSeeds([...file['seal.v2'].accept, ...file['seal.v2-refuse'].refuse]),
    run: (input) => {
      const v = openEnvelope(input, options);
      return v.ok ? { ok: true, value: message(v.value) } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !v2.includes(outcome.value) ? 'an envelope opened to a message nobody sealed' : null,
  });
  // v1 vectors state no expected message; the accepted ones, opened once here, are the
  // only messages that were sealed.
  const v1Accept = hexSeeds(file['seal.v1'].accept);
  const v1 = v1Accept.map((e) => {
    const o = openEnvelopeV1(e, options);
    if (!o.ok) throw new Error('a v1 accept vector does not open');
    return message(o.value);
  });
  targets.push({
    name: 'hpke-seal.openEnvelopeV1',
    seeds: [...v1Accept, ...hexSeeds(file['seal.v1'].refuse)],
    run: (input) => {
      const v = openEnvelopeV1(input, options);
      return v.ok ? { ok: true, value: message(v.value) } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !v1.includes(outcome.value) ? 'a v1 envelope opened to a message nobody sealed' : null,
  });
  const dack = file['seal.dack'];
  const opened = openEnvelope(bytesOf(dack.envelope), options);
  if (!opened.ok) throw new Error('the dack vector envelope does not open');
  const notes = dack.accept.map((c: any) => JSON.stringify(c.note));
  targets.push({
    name: 'hpke-seal.readDack',
    seeds: [...dack.accept, ...dack.refuse].filter((c: any) => !c.asIs).map((c: any) => bytesOf(c.dack)),
    run: (input) => {
      const v = readDack(opened.value.dack, input);
      return v.ok ? { ok: true, value: JSON.stringify(v.value) } : verdictOf(v);
    },
    disagrees: (_input, outcome) =>
      outcome.ok && !notes.includes(outcome.value) ? 'a dack read to a note nobody wrote' : null,
  });
}

// chain: the export line reader (every line of a mutated export) and the grader sidecar.
{
  const chain = doc('chain.json');
  const exports = [...chain['export.sound'], ...chain['export.findings']].map((c: any) =>
    utf8.encode((c.lines as string[]).join('\n')),
  );
  targets.push({
    name: 'chain.verifyExport(lines)',
    seeds: exports,
    run: (input) => {
      const verifier = new ExportVerifier({});
      for (const line of text(input).split('\n')) verifier.push(line);
      const report = verifier.finish();
      return {
        ok: report.status === 'sound',
        report: JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? `${v}` : v)),
      };
    },
  });
  // With the record key: a `sound` report must be for records whose signatures
  // node:crypto (OpenSSL's Ed25519) verifies, each over its record's signing input.
  const recordKeyHex = 'd04ab232742bb4ab3a1368bd4615e4e6d0224ab71a016baf8520a332c9778737';
  const recordKey = bytesOf(recordKeyHex);
  const keyed = [...chain['export.sound'], ...chain['export.findings']].filter(
    (c: any) => c.options?.keys?.['test-record'] === recordKeyHex,
  );
  targets.push({
    name: 'chain.verifyExport(keys)',
    seeds: keyed.map((c: any) => utf8.encode((c.lines as string[]).join('\n'))),
    run: (input) => {
      const verifier = new ExportVerifier({ keys: new Map([['test-record', recordKey]]) });
      for (const line of text(input).split('\n')) verifier.push(line);
      const report = verifier.finish();
      return {
        ok: report.status === 'sound',
        report: JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? `${v}` : v)),
      };
    },
    disagrees(input, outcome) {
      if (!outcome.ok) return null;
      for (const line of text(input).split('\n')) {
        const record = jsonOrText(utf8.encode(line));
        const signature = field(record, 'signature') as { key_id?: unknown; signature?: unknown } | undefined;
        const hash = field(record, 'hash');
        if (typeof signature !== 'object' || typeof hash !== 'string') continue;
        const h = hex.decode(hash);
        const sig = typeof signature?.signature === 'string' ? hex.decode(signature.signature) : null;
        if (!h.ok || h.value.length !== 32 || sig === null || !sig.ok)
          return 'a sound export holds an unreadable record signature';
        if (!nodeVerify(null, recordSigningInput(h.value), spki(recordKey), sig.value))
          return 'node:crypto refuses a record signature of a sound export';
      }
      return null;
    },
  });
  targets.push({
    name: 'chain.parseGraderSidecar',
    seeds: stringSeeds((s) => s.includes('grader')),
    run: (input) => {
      const v = parseGraderSidecar(input);
      return v.ok ? { ok: true } : verdictOf(v);
    },
  });
}

// ---------------------------------------------------------------------------------------
// Mutation of corpus entries.

type Op =
  | { k: 'flip'; at: number; bit: number }
  | { k: 'set'; at: number; byte: number }
  | { k: 'insert'; at: number; bytes: Uint8Array }
  | { k: 'delete'; at: number; len: number }
  | { k: 'duplicate'; at: number; len: number }
  | { k: 'splice'; at: number; other: number; from: number; len: number }
  | { k: 'truncate'; at: number };

const INTERESTING = [
  0, 1, 0x0a, 0x20, 0x22, 0x2b, 0x2c, 0x2f, 0x30, 0x3b, 0x3d, 0x5c, 0x7f, 0x80, 0xc0, 0xff,
];
const at = fc.nat();
const len = fc.integer({ min: 1, max: 24 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constant('flip' as const), at, bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({
    k: fc.constant('set' as const),
    at,
    byte: fc.oneof(fc.constantFrom(...INTERESTING), fc.integer({ min: 0, max: 255 })),
  }),
  fc.record({ k: fc.constant('insert' as const), at, bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ k: fc.constant('delete' as const), at, len }),
  fc.record({ k: fc.constant('duplicate' as const), at, len }),
  fc.record({ k: fc.constant('splice' as const), at, other: fc.nat(), from: fc.nat(), len }),
  fc.record({ k: fc.constant('truncate' as const), at }),
);

function mutate(seeds: Uint8Array[], pick: number, ops: Op[]): Uint8Array {
  let b = seeds[pick % seeds.length]!;
  for (const o of ops) {
    const p = b.length === 0 ? 0 : o.at % (b.length + 1);
    const join = (...parts: Uint8Array[]) => {
      const out = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
      let off = 0;
      for (const x of parts) {
        out.set(x, off);
        off += x.length;
      }
      return out;
    };
    if (o.k === 'flip' && p < b.length)
      b = join(b.subarray(0, p), Uint8Array.of(b[p]! ^ (1 << o.bit)), b.subarray(p + 1));
    else if (o.k === 'set' && p < b.length)
      b = join(b.subarray(0, p), Uint8Array.of(o.byte), b.subarray(p + 1));
    else if (o.k === 'insert') b = join(b.subarray(0, p), o.bytes, b.subarray(p));
    else if (o.k === 'delete') b = join(b.subarray(0, p), b.subarray(p + o.len));
    else if (o.k === 'duplicate') b = join(b.subarray(0, p + o.len), b.subarray(p));
    else if (o.k === 'splice') {
      const other = seeds[o.other % seeds.length]!;
      const from = other.length === 0 ? 0 : o.from % other.length;
      b = join(b.subarray(0, p), other.subarray(from, from + o.len), b.subarray(p));
    } else if (o.k === 'truncate') b = b.subarray(0, p);
  }
  return b;
}

// ---------------------------------------------------------------------------------------

/**
 * Fuzzes one target; returns the inputs executed and how many were accepted (an oracle
 * that never sees an `ok` checks nothing). Throws (fast-check's report) on a finding.
 */
export function fuzzTarget(
  target: Target,
  budget: { runs: number; seconds?: number; seed: number },
): { executed: number; accepted: number } {
  let executed = 0;
  let accepted = 0;
  const stable = (v: unknown) =>
    JSON.stringify(v, (_k, x) =>
      typeof x === 'bigint' ? `${x}n` : x instanceof Uint8Array ? hex.encode(x) : x,
    );
  fc.assert(
    fc.property(fc.nat(), fc.array(op, { maxLength: 5 }), (pick, ops) => {
      const input = mutate(target.seeds, pick, ops);
      executed++;
      const first = target.run(input);
      if ((first as { ok?: boolean } | null)?.ok === true) accepted++;
      const second = target.run(input.slice());
      if (stable(first) !== stable(second)) throw new Error('two runs on the same bytes disagree');
      const why = target.disagrees?.(input, first) ?? null;
      if (why !== null) throw new Error(why);
    }),
    budget.seconds === undefined
      ? { numRuns: budget.runs, seed: budget.seed }
      : {
          numRuns: Number.MAX_SAFE_INTEGER,
          interruptAfterTimeLimit: budget.seconds * 1000,
          markInterruptAsFailure: false,
          seed: budget.seed,
        },
  );
  return { executed, accepted };
}

export const TARGETS = targets;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const only = process.argv.includes('--target')
    ? process.argv[process.argv.indexOf('--target') + 1]!.split(',')
    : null;
  if (process.argv.includes('--list')) {
    for (const t of targets) console.log(`${t.name} (${t.seeds.length} seeds)`);
    process.exit(0);
  }
  const { FUZZ_RUNS = '1000', FUZZ_SECONDS, FUZZ_SEED = '20261202' } = process.env;
  const seconds = FUZZ_SECONDS ? Number(FUZZ_SECONDS) : undefined;
  const budget = { runs: Number(FUZZ_RUNS), seconds, seed: Number(FUZZ_SEED) };
  const rows: string[] = [];
  let failed = 0;
  for (const target of targets.filter((t) => only === null || only.includes(t.name))) {
    if (target.seeds.length === 0) throw new Error(`${target.name} has an empty corpus`);
    try {
      const { executed, accepted } = fuzzTarget(target, budget);
      if (target.disagrees && accepted === 0)
        throw new Error('no input was accepted: the oracle was never asked');
      rows.push(`| ${target.name} | ${target.seeds.length} | ${executed} | ${accepted} | none |`);
      console.log(`fuzz ${target.name}: ${executed} inputs (${accepted} accepted), no finding`);
    } catch (error) {
      failed++;
      rows.push(`| ${target.name} | ${target.seeds.length} | - | - | FINDING |`);
      const cause = (error as Error).cause;
      console.error(
        `fuzz ${target.name}: FINDING\n${(error as Error).message}${cause instanceof Error ? `\n${cause.message}` : ''}`,
      );
    }
  }
  if (process.argv.includes('--report'))
    writeFileSync(
      join(root, 'reports', 'fuzz.md'),
      [
        '# Fuzz run',
        '',
        `Command: \`${seconds ? `FUZZ_SECONDS=${seconds}` : `FUZZ_RUNS=${budget.runs}`} FUZZ_SEED=${budget.seed} pnpm fuzz --report\``,
        '',
        '| target | corpus seeds | inputs executed | accepted (ok) | findings |',
        '| --- | ---: | ---: | ---: | --- |',
        ...rows,
        '',
      ].join('\n'),
    );
  if (failed > 0) process.exit(1);
}
