import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hex, unwrap } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { deriveKeyPair } from '@agent-seam/hpke-seal';
import { signNote } from '@agent-seam/tlog-note';

/**
 * The published vectors as a person would paste them into the page: the artifact as
 * text, the verifier's options as JSON, and what the page must say (accepted, or the
 * refusal code). Cases whose input cannot be pasted as text of its kind (a JWT that is
 * not a string, a header source that is a string) are left out, by a stated rule.
 */
export interface PageCase {
  kind: string;
  name: string;
  artifact: string;
  options: Record<string, unknown>;
  /** The refusal code, or undefined for an accepted artifact. */
  expect?: string;
}

const root = join(import.meta.dirname, '..', '..', '..');
const vectors = (file: string) => JSON.parse(readFileSync(join(root, 'vectors', file), 'utf8'));
const wire = vectors('wire_vectors.json');
const tlog = vectors('tlog_note.json');
const tiles = vectors('tlog_tiles.json');
const cbor = vectors('coredet_cbor.json');
const cryptobox = vectors('cryptobox.json');
const hpkeSeal = vectors('hpke_seal.json');
const anetIdentity = vectors('anet_identity.json');
const anet = vectors('anet.json');

const OPTION_NAMES = [
  'recipientDid',
  'expectedDid',
  'did',
  'origin',
  'now',
  'maxSkew',
  'maxAge',
  'jwks',
  'targetUri',
  'authority',
  'verifiers',
  'quorum',
  'maxBytes',
  'maxSignatures',
  'leafHash',
  'entry',
];

/** The verifier options of a case: group-level ones, overridden by the case's own. */
function optionsOf(...levels: Record<string, unknown>[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const level of levels)
    for (const name of OPTION_NAMES) if (level[name] !== undefined) options[name] = level[name];
  return options;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Header fields written as the raw HTTP request a server receives. */
export function rawRequest(headers: Record<string, string | string[]>, authority: string): string {
  const lines = ['GET /page HTTP/1.1', `Host: ${authority}`];
  for (const [name, value] of Object.entries(headers))
    for (const line of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${line}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

type Raw = Record<string, any>;
/**
 * Vectors whose object cannot arrive as pasted JSON text: a string holding a lone
 * surrogate is refused by canonical's parse boundary (the first stage the page shows)
 * before the verifier ever sees an object, so the page shows the parse code.
 */
const PARSE_REFUSED: Record<string, string> = {
  'a card holding a lone surrogate': 'lone-surrogate',
  'lone-surrogate-text': 'lone-surrogate',
};
const codeOf = (c: Raw): string => PARSE_REFUSED[c.name] ?? c.expect ?? c.code;

function envelopeCases(): PageCase[] {
  const group = wire['envelope.freshness'];
  const out: PageCase[] = [];
  for (const c of group.accept as Raw[])
    out.push({ kind: 'envelope', name: c.name, artifact: json(c.input), options: optionsOf(group, c) });
  for (const c of group.refuse as Raw[])
    out.push({
      kind: 'envelope',
      name: c.name,
      artifact: json(c.input),
      options: optionsOf(group, c),
      expect: codeOf(c),
    });
  // These name their own recipient (or none, for the case that exists for naming none).
  for (const c of wire.reject.message as Raw[])
    out.push({
      kind: 'envelope',
      name: c.name,
      artifact: json(c.input),
      options: optionsOf(c),
      expect: codeOf(c),
    });
  return out;
}

function cardCases(): PageCase[] {
  const group = wire['cardpub.freshness'];
  const out: PageCase[] = [];
  for (const c of group.accept as Raw[])
    out.push({ kind: 'card-envelope', name: c.name, artifact: json(c.envelope), options: optionsOf(c) });
  for (const c of [...group.refuse, ...wire['cardpub.refuse']] as Raw[])
    out.push({
      kind: 'card-envelope',
      name: c.name,
      artifact: json(c.envelope),
      options: optionsOf(c),
      expect: codeOf(c),
    });
  return out;
}

function linkageCases(): PageCase[] {
  const group = wire['domainLinkage.refuse'];
  const out: PageCase[] = [];
  for (const c of [...group.accept, ...group.refuse] as Raw[]) {
    if (typeof c.token !== 'string') continue; // pasted text is always a string
    const item: PageCase = {
      kind: 'domain-linkage',
      name: c.name,
      artifact: c.token,
      options: optionsOf(group, c),
    };
    if (codeOf(c) !== undefined) item.expect = codeOf(c);
    out.push(item);
  }
  return out;
}

function a2aCases(): PageCase[] {
  const group = wire.a2a;
  return [...group.accept, ...group.refuse].map((c: Raw) => {
    const item: PageCase = {
      kind: 'a2a-card',
      name: c.name,
      artifact: json({ card: c.card, signature: c.signature }),
      options: optionsOf(group, c),
    };
    if (codeOf(c) !== undefined) item.expect = codeOf(c);
    return item;
  });
}

/** verifyRequest's options only (the group also holds the signer's DID, for other readers). */
const requestOptions = (...levels: Raw[]) => {
  const { authority, now, jwks, targetUri } = optionsOf(...levels);
  return targetUri === undefined ? { authority, now, jwks } : { authority, now, jwks, targetUri };
};

function wbaCases(): PageCase[] {
  const out: PageCase[] = [];
  // The legacy string form (wba.profile) and the dictionary form with its `;key` member (wba.dictionary).
  for (const group of [wire['wba.profile'], wire['wba.dictionary']]) {
    const headersOf = (c: Raw) =>
      c.agent === undefined ? c.headers : { ...c.headers, 'signature-agent': c.agent };
    for (const c of group.accept as Raw[])
      out.push({
        kind: 'wba-request',
        name: c.name,
        artifact: rawRequest(headersOf(c), group.authority),
        options: requestOptions(group, c),
      });
    for (const c of group.refuse as Raw[]) {
      // A header source that is not an object cannot be pasted as a request.
      if (typeof c.headers !== 'object' || c.headers === null || Array.isArray(c.headers)) continue;
      out.push({
        kind: 'wba-request',
        name: c.name,
        artifact: json(headersOf(c)),
        options: requestOptions(group, c),
        expect: codeOf(c),
      });
    }
  }
  return out;
}

/** A directory response as it arrives: status line, header lines, an empty line, the body as sent. */
function rawResponse(headers: Record<string, string>, body: string): string {
  const lines = ['HTTP/1.1 200 OK', 'content-type: application/http-message-signatures-directory+json'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

function wbaDirectoryCases(): PageCase[] {
  const out: PageCase[] = [];
  // The `;req` and content-digest form (wba.directory.current) and the legacy one (wba.directory).
  for (const group of [wire['wba.directory.current'], wire['wba.directory']])
    for (const c of [...group.accept, ...group.refuse] as Raw[]) {
      // A body that is not text, or headers that are not a record, cannot be pasted as a response.
      if (typeof c.body !== 'string' || typeof c.headers !== 'object') continue;
      const item: PageCase = {
        kind: 'wba-directory',
        name: c.name,
        artifact: rawResponse(c.headers, c.body),
        options: { authority: group.authority, now: group.now },
      };
      if (c.expect !== undefined) item.expect = c.expect;
      out.push(item);
    }
  return out;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const checkpointBodies = new Set((tlog['tlog.checkpoint'] as Raw[]).map((c) => c.body));

function noteCases(): PageCase[] {
  const out: PageCase[] = [];
  const accepting = [...tlog['tlog.note'], ...tlog['tlog.go-rules'].accept, ...tlog['tlog.quorum'].accept];
  // A note whose text is one of the published checkpoints is a checkpoint.
  for (const c of accepting as Raw[])
    out.push({
      kind: checkpointBodies.has(c.body) ? 'checkpoint' : 'signed-note',
      name: c.name,
      artifact: c.note,
      options: optionsOf(c),
    });
  const refusing = [
    ...tlog['tlog.reject.note'],
    ...tlog['tlog.go-rules'].refuse,
    ...tlog['tlog.quorum'].refuse,
  ];
  for (const c of refusing as Raw[]) {
    // Bytes or a number cannot be pasted as text, nor can a lone surrogate (a paste carries
    // UTF-8), nor a carriage return (a text box turns CR LF and CR into LF): those need
    // the exact bytes, which a text box does not keep.
    if (typeof c.note !== 'string' || LONE_SURROGATE.test(c.note) || c.note.includes('\r')) continue;
    out.push({
      kind: 'signed-note',
      name: c.name,
      artifact: c.note,
      options: optionsOf(c),
      expect: codeOf(c),
    });
  }
  return out;
}

/** The log key of the tlog vectors: seed 32 bytes of 1 (the file's note says so). */
const LOG = { name: 'example.com/log', seed: new Uint8Array(32).fill(1) };
const LOG_VKEY = (tlog['tlog.vkey'] as Raw[]).find((k) => k.name === 'log')!.vkey as string;

/**
 * Refused checkpoint bodies, signed by the log so that the note opens and the checkpoint
 * check is what refuses. A body that cannot be signed as note text (not a string, no
 * final newline, a lone surrogate) is left out.
 */
function checkpointCases(): PageCase[] {
  const out: PageCase[] = [];
  for (const c of tlog['tlog.reject.checkpoint'] as Raw[]) {
    let note: string;
    try {
      note = signNote(c.body, [LOG]);
    } catch {
      continue;
    }
    out.push({
      kind: 'checkpoint',
      name: c.name,
      artifact: note,
      options: { verifiers: [LOG_VKEY] },
      expect: c.code,
    });
  }
  return out;
}

/** tlog-proof files as text; a file given as bytes or as a JSON value, or holding a CR, cannot be pasted. */
function tlogProofCases(): PageCase[] {
  const group = tiles['tlog-proof'];
  const out: PageCase[] = [];
  for (const c of group.accept as Raw[])
    out.push({ kind: 'tlog-proof', name: c.name, artifact: c.proof, options: optionsOf(group, c) });
  for (const c of group.refuse as Raw[]) {
    if (typeof c.proof !== 'string' || c.proof.includes('\r')) continue;
    out.push({
      kind: 'tlog-proof',
      name: c.name,
      artifact: c.proof,
      options: optionsOf(group, c),
      expect: c.code,
    });
  }
  return out;
}

function cborCases(): PageCase[] {
  const out: PageCase[] = [];
  // An encode vector holding a raw value copies it verbatim, deterministic or not.
  for (const c of cbor['cbor.encode'] as Raw[])
    if (!JSON.stringify(c.value).includes('"raw"'))
      out.push({ kind: 'cbor', name: c.name, artifact: c.hex, options: {} });
  for (const c of [...cbor['cbor.refuse'], ...cbor['cbor.lenient']] as Raw[]) {
    if (typeof c.hex !== 'string') continue; // not bytes: nothing to paste
    if (c.options?.lenient) continue; // the page judges strictly, as a verifier must
    out.push({
      kind: 'cbor',
      name: c.name,
      artifact: c.hex,
      options: c.options ?? {},
      expect: c.code ?? c.strictCode,
    });
  }
  return out;
}

/** The box's opening inputs, under openBoxVerdict's names, as hex. */
const boxOptions = (c: Raw) => ({
  recipientSeed: c.recipientSeedHex,
  senderPub: c.senderEncPubHex,
  ad: c.adHex,
  ...(c.maxChars === undefined ? {} : { maxChars: c.maxChars }),
});

function boxCases(): PageCase[] {
  const out: PageCase[] = [];
  for (const c of [...cryptobox['box.roundtrip'], ...cryptobox['box.v2']] as Raw[])
    out.push({ kind: 'sealed-box', name: c.name, artifact: c.blob, options: boxOptions(c) });
  for (const c of [...cryptobox['box.reject'], ...cryptobox['box.v2-refuse']] as Raw[]) {
    if (typeof c.blob !== 'string') continue; // not text: nothing to paste
    if (c.opener !== undefined) continue; // judged by another opener (v1 only) than the page's
    out.push({ kind: 'sealed-box', name: c.name, artifact: c.blob, options: boxOptions(c), expect: c.code });
  }
  return out;
}

const bytesOf = (text: string) => unwrap(hex.decode(text));
/** The recipient holds X25519 private keys; the vectors give the ikm each is derived from. */
const x25519 = (ikm: string) => hex.encode(deriveKeyPair(bytesOf(ikm)).privateKey);

/**
 * The runner defaults and `open` overrides of the seal vectors (the file's notes say
 * them), as the page's options: keys as hex, now as Unix seconds (nowMs / 1000 is exact
 * to the millisecond the opener reads).
 */
function sealedOptions(keys: Raw, open: Raw = {}, interaction = true): Record<string, unknown> {
  return {
    ownAid: open.ownAid ?? keys.ownAid,
    now: (open.nowMs ?? keys.nowMs) / 1000,
    keyRing: [x25519(open.keyRing === 'other' ? keys.otherEpochIkm : keys.epochIkm)],
    ...(interaction
      ? { interactionKeyRing: open.interactionKeyRing === 'none' ? [] : [x25519(keys.interactionIkm)] }
      : {}),
    senderKey: hex.encode(keyPairFromSeed(bytesOf(keys.senderSeed)).publicKey),
    ...(open.maxBytes === undefined ? {} : { maxBytes: open.maxBytes }),
    ...(open.mailbox === 'off'
      ? {}
      : {
          mailboxKey: hex.encode(keyPairFromSeed(bytesOf(keys.mailboxSeed)).publicKey),
          mailboxEpoch: keys.mailboxEpoch,
        }),
  };
}

/**
 * Seal vectors the page cannot express, left out: it decodes the hex it is given, so the
 * opener always gets bytes (`asIs`: the envelope as hex text); it files each key under
 * its own key id, so no ring answers an ikid with another key (`wrong-key`); and it
 * answers every sender with the senderKey given, replaying no key event log, so a
 * resolver's refusal cannot arise (`resolver`); and it keeps no replay store, so a
 * second delivery cannot arise either (`replay`).
 */
const sealExpressible = (c: Raw) =>
  c.asIs === undefined &&
  c.open?.interactionKeyRing !== 'wrong-key' &&
  c.open?.resolver === undefined &&
  c.open?.replay === undefined;

function sealedEnvelopeCases(): PageCase[] {
  const out: PageCase[] = [];
  const groups = [
    { kind: 'sealed-envelope', cases: [...hpkeSeal['seal.v2'].accept, ...hpkeSeal['seal.v2-refuse'].refuse] },
    { kind: 'sealed-envelope-v1', cases: [...hpkeSeal['seal.v1'].accept, ...hpkeSeal['seal.v1'].refuse] },
  ];
  const keys = hpkeSeal['seal.v2'].keys as Raw;
  for (const { kind, cases } of groups)
    for (const c of (cases as Raw[]).filter(sealExpressible)) {
      const item: PageCase = {
        kind,
        name: c.name,
        artifact: c.envelope,
        options: sealedOptions(keys, c.open, kind === 'sealed-envelope'),
      };
      if (c.code !== undefined) item.expect = c.code;
      out.push(item);
    }
  return out;
}

/** How many seal vectors the page leaves out, by the rule above (the test holds it to this). */
export const SEAL_LEFT_OUT = [...hpkeSeal['seal.v2-refuse'].refuse, ...hpkeSeal['seal.v1'].refuse].filter(
  (c: Raw) => !sealExpressible(c),
).length;

/** anet-identity's logs (the hex-text refusal cannot be pasted), and its v2 envelopes opened with the built-in resolver (those that need no pin). */
function anetCases(): PageCase[] {
  const kels = anetIdentity['anet.kel'];
  const out: PageCase[] = [...kels.accept, ...kels.refuse]
    .filter((c: Raw) => c.asIs === undefined)
    .map((c: Raw) => ({
      kind: 'kel',
      name: c.name,
      artifact: c.kel,
      options: { now: kels.nowMs / 1000 },
      ...(c.code === undefined ? {} : { expect: c.code }),
    }));
  const r = anetIdentity['anet.resolver'];
  for (const c of [...r.accept, ...r.refuse] as Raw[]) {
    const nowMs = c.nowMs ?? r.nowMs;
    if (c.pinned !== undefined || (c.acceptedAtMs ?? nowMs) !== nowMs) continue;
    out.push({
      kind: 'sealed-envelope',
      name: `anet-identity/${c.name}`,
      artifact: c.envelope,
      options: {
        ownAid: r.recipient,
        now: nowMs / 1000,
        keyRing: [hex.encode(deriveKeyPair(bytesOf(r.recipientIkm)).privateKey)],
        witnessKeys: { [r.witness]: r.witnessKey },
      },
      ...(c.code === undefined ? {} : { expect: c.code }),
    });
  }
  return out;
}

/**
 * anet's hub requests and signed objects as a person pastes them: a raw request (its body as
 * text), an object as hex. Left out: what the page cannot hold (a request that is not an
 * object, a wrong type), and cases that need a replay window, a pin or a limit of the hub's.
 */
function anetPageCases(): PageCase[] {
  const r = anet['anet.relay-auth'];
  const o = anet['anet.objects'];
  const relay = [...r.accept, ...r.refuse]
    .filter((c: Raw) => typeof c.request === 'object' && c.before === undefined && c.pinned === undefined)
    .filter((c: Raw) => c.maxBodyBytes === undefined && c.replay === undefined && c.signerClass === undefined)
    // A window whose store fails is the hub's, not something a person pastes.
    .filter((c: Raw) => c.windowFails === undefined)
    .map((c: Raw) => ({
      kind: 'anet-request',
      name: c.name,
      artifact: [
        `${c.request.method} ${c.request.url} HTTP/1.1`,
        ...Object.entries(c.request.headers).map(([k, v]) => `${k}: ${v}`),
        '',
        new TextDecoder().decode(bytesOf(c.request.body)),
      ].join('\n'),
      options: {
        action: c.action,
        hub: c.hub ?? r.hub,
        now: r.nowMs / 1000,
        ...(c.kel === null ? {} : { kel: r.kels[c.kel] }),
        ...(c.allowV1 ? { allowV1: true } : {}),
      },
      ...(c.code === undefined ? {} : { expect: c.code }),
    }));
  const objects = [...o.accept, ...o.refuse]
    .filter((c: Raw) => c.asIs === undefined && c.pinned === undefined)
    .map((c: Raw) => ({
      kind: 'anet-object',
      name: c.name,
      artifact: c.wire,
      options: {
        kind: c.kind,
        now: o.nowMs / 1000,
        kel: o.kels[c.kel],
        ...(c.signer ? { signer: c.signer } : {}),
      },
      ...(c.code === undefined ? {} : { expect: c.code }),
    }));
  return [...relay, ...objects];
}

export const CASES: PageCase[] = [
  ...envelopeCases(),
  ...cardCases(),
  ...linkageCases(),
  ...a2aCases(),
  ...wbaCases(),
  ...wbaDirectoryCases(),
  ...noteCases(),
  ...checkpointCases(),
  ...tlogProofCases(),
  ...cborCases(),
  ...boxCases(),
  ...sealedEnvelopeCases(),
  ...anetCases(),
  ...anetPageCases(),
];

/** The envelope vector with the bytes its signer signed, for the compare box. */
export const SIGNED_ENVELOPE = {
  input: wire['envelope.freshness'].accept[0].input as Raw,
  recipientDid: wire['envelope.freshness'].recipientDid as string,
};

export const KIND_NAMES: Record<string, string> = {
  envelope: 'six-field signed envelope',
  'card-envelope': 'Agent Card envelope',
  'domain-linkage': 'DIF domain linkage credential (JWT)',
  'a2a-card': 'A2A Agent Card with a JWS signature',
  'wba-request': 'Web Bot Auth request (RFC 9421)',
  'wba-directory': 'Web Bot Auth key directory response (RFC 9421)',
  'signed-note': 'signed note (C2SP)',
  checkpoint: 'tlog checkpoint (signed note)',
  'tlog-proof': 'transparency log proof (C2SP tlog-proof)',
  cbor: 'CoreDet-CBOR (hex)',
  'sealed-box': 'sealed box (cryptobox v1 or v2)',
  'sealed-envelope': 'sealed envelope (hpke-seal v2, hex)',
  'sealed-envelope-v1': 'sealed envelope (hpke-seal v1, hex)',
  kel: 'ANet key event log (hex)',
  'anet-request': 'ANet signed hub request (relay auth v2)',
  'anet-object': 'ANet signed object ({1: object, 2: AObj envelope}, hex)',
};
