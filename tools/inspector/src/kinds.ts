import {
  A2A_CHECKS,
  a2aSigningInput,
  anetSenderKeyResolver,
  BOX_CHECKS,
  CARD_ENVELOPE_CHECKS,
  CBOR_DECODE_CHECKS,
  CHECKPOINT_CHECKS,
  type CheckResult,
  type CheckSpec,
  cardEnvelopeSignedBytes,
  DIRECTORY_CHECKS,
  DOMAIN_LINKAGE_CHECKS,
  describeNote,
  domainLinkageSigningInput,
  ENVELOPE_CHECKS,
  envelopeSignedBytes,
  explainCbor,
  explainVerdict,
  hex,
  KEL_CHECKS,
  keyRingOf,
  NOTE_CHECKS,
  type NoteVerifier,
  type OpenedEnvelope,
  type OpenedEnvelopeV1,
  ok,
  openBoxVerdict,
  openEnvelope,
  openEnvelopeV1,
  openNote,
  PARSE_CHECKS,
  parseCheckpoint,
  parseJSON,
  parseTlogProof,
  parseVerifierKey,
  RELAY_CHECKS,
  REQUEST_CHECKS,
  type ReplayedKel,
  relayPreimageV2,
  replayKel,
  requestDigest,
  SEALED_ENVELOPE_CHECKS,
  SEALED_ENVELOPE_V1_CHECKS,
  SIGNED_OBJECT_CHECKS,
  signatureBases,
  TLOG_PROOF_CHECKS,
  VERIFIER_KEY_CHECKS,
  type Verdict,
  verifyA2ACard,
  verifyCardEnvelope,
  verifyDirectory,
  verifyDomainLinkage,
  verifyEnvelope,
  verifyHubRequest,
  verifyRequest,
  verifySignedObject,
  verifyTlogProof,
} from './seam.js';

/**
 * The kinds of artifact the page knows: how to recognise one, which verifier judges it
 * with which of its check lists, and which package function says what was signed. The
 * page only routes: every verdict, check text and signed byte comes from a package.
 */

/** One verifier's checks with their outcomes (the parse boundary, then the verifier). */
export interface Stage {
  title: string;
  checks: CheckResult[];
}

/**
 * Bytes a signature covers, as the package computes them from the received artifact
 * (or, for an unsigned kind, the bytes judged and what the package makes of them).
 */
export interface Signed {
  title: string;
  bytes: Uint8Array | null;
  /** Show the bytes as hex (binary), with the byte at `mark` marked. */
  hex?: boolean;
  mark?: number;
  /** Text the package wrote about the bytes (CBOR diagnostic notation), shown as is. */
  text?: string;
  /** Why there are no bytes (the package's refusal code), when there are none. */
  code?: string;
  /** The bytes are lines of text (a signature base): show each line whole. */
  lines?: boolean;
}

export interface Report {
  verdict: Verdict<unknown>;
  stages: Stage[];
  signed: Signed[];
  /** The heading over `signed` when it is not what was signed. */
  signedHeading?: string;
  /** Something a person should know about what was judged (which of several signatures). */
  note?: string;
}

export type KindId =
  | 'envelope'
  | 'card-envelope'
  | 'domain-linkage'
  | 'a2a-card'
  | 'wba-request'
  | 'wba-directory'
  | 'signed-note'
  | 'checkpoint'
  | 'tlog-proof'
  | 'cbor'
  | 'sealed-box'
  | 'sealed-envelope'
  | 'sealed-envelope-v1'
  | 'kel'
  | 'anet-request'
  | 'anet-object';

export interface Kind {
  id: KindId;
  name: string;
  /** The verifier's option names, as an example for the options box. */
  options: string;
  /** It judges time: the page gives it the clock field as `now` unless the options name one. */
  clock?: true;
  inspect(artifact: string, options: Record<string, unknown>): Report;
}

const UTF8 = new TextEncoder();

/** A check list none of whose checks was reached (an earlier stage refused). */
const unreached = (checks: readonly CheckSpec[]): CheckResult[] =>
  checks.map(({ id, title }) => ({ id, title, outcome: 'not-checked' }));

/**
 * JSON artifacts go through canonical's parse boundary first (under the profile the
 * verifier signs with), so a duplicate name or a number hazard is refused as the
 * package would refuse it, not repaired by JSON.parse.
 */
function judgeJson(
  artifact: string,
  profile: 'seam' | 'jcs',
  verifier: { title: string; checks: readonly CheckSpec[] },
  judge: (value: unknown) => Omit<Report, 'stages'>,
  options: object,
): Report {
  const parsed = parseJSON(artifact.trim(), { profile });
  const parse: Stage = {
    title: `reading the JSON (${profile} profile)`,
    checks: explainVerdict(PARSE_CHECKS, parsed),
  };
  if (!parsed.ok)
    return {
      verdict: parsed,
      stages: [parse, { title: verifier.title, checks: unreached(verifier.checks) }],
      signed: [],
    };
  const judged = judge(parsed.value);
  return {
    ...judged,
    stages: [
      parse,
      { title: verifier.title, checks: explainVerdict(verifier.checks, judged.verdict, options) },
    ],
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const envelope: Kind = {
  id: 'envelope',
  clock: true,
  name: 'six-field signed envelope',
  options: '{ "recipientDid": "did:key:z6Mk…", "now": 1784273681 }',
  inspect: (artifact, options) =>
    judgeJson(
      artifact,
      'seam',
      { title: 'verifyEnvelope', checks: ENVELOPE_CHECKS },
      (value) => ({
        // A page has no replay store: replay is off by name (the verdict then says replay was not judged).
        verdict: verifyEnvelope(value, { now: 'off', replay: 'off', ...options } as never),
        signed: [{ title: 'signingPayload of the six fields received', bytes: envelopeSignedBytes(value) }],
      }),
      options,
    ),
};

const cardEnvelope: Kind = {
  id: 'card-envelope',
  clock: true,
  name: 'Agent Card envelope',
  options: '{ "expectedDid": "did:key:z6Mk…", "now": 1784273681 }',
  inspect: (artifact, options) =>
    judgeJson(
      artifact,
      'seam',
      { title: 'verifyCardEnvelope', checks: CARD_ENVELOPE_CHECKS },
      (value) => ({
        // Time off by name unless the options or the page's clock give now (the verdict then says so).
        verdict: verifyCardEnvelope(value, { now: 'off', ...options } as never),
        signed: [{ title: 'card, ts, typ and v as signed', bytes: cardEnvelopeSignedBytes(value) }],
      }),
      options,
    ),
};

/** A compact JWS, or the first of a DID configuration's linked_dids. */
function linkageToken(artifact: string): { token: unknown; note?: string } {
  const text = artifact.trim();
  if (!text.startsWith('{')) return { token: text };
  try {
    const linked = (JSON.parse(text) as { linked_dids?: unknown }).linked_dids;
    if (Array.isArray(linked))
      return { token: linked[0], note: `verifying the first of ${linked.length} linked_dids` };
  } catch {}
  return { token: text };
}

const domainLinkage: Kind = {
  id: 'domain-linkage',
  clock: true,
  name: 'DIF domain linkage credential (JWT)',
  options: '{ "did": "did:key:z6Mk…", "origin": "https://example.com", "now": 1754870400 }',
  inspect: (artifact, options) => {
    const { token, note } = linkageToken(artifact);
    const verdict = verifyDomainLinkage(token, options as never);
    const report: Report = {
      verdict,
      stages: [
        { title: 'verifyDomainLinkage', checks: explainVerdict(DOMAIN_LINKAGE_CHECKS, verdict, options) },
      ],
      signed: [{ title: 'JWS signing input (header.payload)', bytes: domainLinkageSigningInput(token) }],
    };
    if (note !== undefined) report.note = note;
    return report;
  },
};

/** `{ card, signature }`, or a card carrying `signatures` (the first is judged). */
function a2aParts(value: unknown): { card: unknown; signature: unknown; note?: string } {
  if (isObject(value) && 'card' in value && 'signature' in value)
    return { card: value.card, signature: value.signature };
  const signatures = isObject(value) ? value.signatures : undefined;
  if (Array.isArray(signatures))
    return {
      card: value,
      signature: signatures[0],
      note: `verifying the first of ${signatures.length} signatures`,
    };
  return { card: value, signature: undefined };
}

const a2aCard: Kind = {
  id: 'a2a-card',
  name: 'A2A Agent Card with a JWS signature',
  options: '{ "jwks": { "keys": [ … ] } }',
  inspect: (artifact, options) =>
    judgeJson(
      artifact,
      'jcs',
      { title: 'verifyA2ACard', checks: A2A_CHECKS },
      (value) => {
        const { card, signature, note } = a2aParts(value);
        const judged = {
          verdict: verifyA2ACard(card, signature, options as never),
          signed: [
            { title: 'JWS signing input (protected.payload)', bytes: a2aSigningInput(card, signature) },
          ],
        };
        return note === undefined ? judged : { ...judged, note };
      },
      options,
    ),
};

/**
 * The header fields of a raw HTTP request as a record of field lines, each as written
 * after its colon: wba matches names case-insensitively, combines repeated lines and
 * trims the whitespace around values. An optional request line comes first; the
 * fields end at the first empty line. A line without a colon is kept whole as a name,
 * so the verifier, not this reader, judges it.
 */
export function headerFields(text: string): Record<string, string[]> {
  const lines = text.replace(/^\s+/, '').split(/\r?\n/);
  if (/^[A-Z]+ \S+ HTTP\/\d/.test(lines[0] ?? '')) lines.shift();
  const fields: Record<string, string[]> = {};
  for (const line of lines) {
    if (line === '') break;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1);
    fields[name] = [...(fields[name] ?? []), value];
  }
  return fields;
}

/** A raw request, or a JSON record of header fields (as the vectors hold them). */
function requestHeaders(artifact: string): unknown {
  const text = artifact.trim();
  if (text.startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch {}
  }
  return headerFields(text);
}

/** The signature base of each Signature-Input member, built with the authority given. */
function memberBases(headers: unknown, authority: unknown): Signed[] {
  const bases = typeof authority === 'string' ? signatureBases(headers as never, authority) : null;
  const signed: Signed[] = [];
  if (bases?.ok)
    for (const member of bases.value) {
      const item: Signed = {
        title: `signature base of ${member.label}${member.keyid === undefined ? '' : ` (keyid ${member.keyid})`}`,
        bytes: member.base === null ? null : UTF8.encode(member.base),
        lines: true,
      };
      if (member.code !== undefined) item.code = member.code;
      signed.push(item);
    }
  return signed;
}

/**
 * A key directory's HTTP response as a person pastes it: the status line, header lines,
 * an empty line, then the JWK Set body exactly as received (its Content-Digest is judged
 * over these bytes).
 */
function directoryResponse(artifact: string): { headers: Record<string, string[]>; body: string } {
  const text = artifact.replace(/^\s+/, '');
  const split = /\r?\n\r?\n/.exec(text);
  const head = split === null ? text : text.slice(0, split.index);
  const body = split === null ? '' : text.slice(split.index + split[0].length);
  return { headers: headerFields(head.replace(/^HTTP\/[\d.]+ \d{3}[^\r\n]*\r?\n/, '')), body };
}

const wbaDirectory: Kind = {
  id: 'wba-directory',
  clock: true,
  name: 'Web Bot Auth key directory response (RFC 9421)',
  options: '{ "authority": "bot.example", "now": 1754870460 }',
  inspect: (artifact, options) => {
    const { headers, body } = directoryResponse(artifact);
    const verdict = verifyDirectory({ ...options, headers, body } as never);
    return {
      verdict,
      stages: [{ title: 'verifyDirectory', checks: explainVerdict(DIRECTORY_CHECKS, verdict, options) }],
      signed: memberBases(headers, options.authority),
    };
  },
};

const wbaRequest: Kind = {
  id: 'wba-request',
  clock: true,
  name: 'Web Bot Auth request (RFC 9421)',
  options: '{ "authority": "entry.example", "now": 1754870410, "jwks": { "keys": [ … ] } }',
  inspect: (artifact, options) => {
    const headers = requestHeaders(artifact);
    // A page keeps no store of the requests it has seen: replay is off by name (the value
    // says off-by-caller), and the explanation shows the replay check as not made.
    const verdict = verifyRequest({ ...options, headers, replay: 'off' } as never);
    return {
      verdict,
      stages: [{ title: 'verifyRequest', checks: explainVerdict(REQUEST_CHECKS, verdict, options) }],
      signed: memberBases(headers, options.authority),
    };
  },
};

/**
 * The trusted keys of a note, from vkeys: each through parseVerifierKey (its own stage
 * when one is refused). Options name them as openNote does, with vkeys for keys.
 */
function noteKeys(
  options: Record<string, unknown>,
  verifier: { title: string; checks: readonly CheckSpec[] } = { title: 'openNote', checks: NOTE_CHECKS },
): { report?: Report; open: Record<string, unknown> } {
  const parse = (vkey: unknown, where: string): NoteVerifier | Report => {
    const key = parseVerifierKey(vkey as string);
    if (key.ok) return key.value;
    return {
      verdict: key,
      stages: [
        { title: `verifier key ${where}`, checks: explainVerdict(VERIFIER_KEY_CHECKS, key) },
        { title: verifier.title, checks: unreached(verifier.checks) },
      ],
      signed: [],
    };
  };
  const open: Record<string, unknown> = { ...options };
  const listed = Array.isArray(options.verifiers) ? options.verifiers : [];
  const verifiers: NoteVerifier[] = [];
  for (const [i, vkey] of listed.entries()) {
    const key = parse(vkey, `verifiers[${i}]`);
    if ('verdict' in key) return { report: key, open };
    verifiers.push(key);
  }
  open.verifiers = verifiers;
  const quorum = options.quorum as { log?: unknown; witnesses?: unknown[]; atLeast?: unknown } | undefined;
  if (quorum !== undefined) {
    const log = parse(quorum.log, 'quorum.log');
    if ('verdict' in log) return { report: log, open };
    const witnesses: NoteVerifier[] = [];
    for (const [i, vkey] of (quorum.witnesses ?? []).entries()) {
      const key = parse(vkey, `quorum.witnesses[${i}]`);
      if ('verdict' in key) return { report: key, open };
      witnesses.push(key);
    }
    open.quorum = { log, witnesses, atLeast: quorum.atLeast };
  }
  return { open };
}

/** Each signature line decoded by describeNote, with the bytes its signature covers. */
function noteLines(note: string): Signed[] {
  const described = describeNote(note);
  if (!described.ok) return [];
  return described.value.lines.map((line, i): Signed => {
    const time = line.timestamp === undefined ? '' : `, signed at ${line.timestamp} (Unix seconds)`;
    return {
      title: `line ${i + 1}: ${line.name}, key id ${line.keyId}, ${line.type}${time}`,
      bytes: line.signed,
    };
  });
}

function inspectNote(artifact: string, options: Record<string, unknown>, checkpoint: boolean): Report {
  const keys = noteKeys(options);
  if (keys.report !== undefined) return keys.report;
  // Witness time off by name unless the options give now (the page says what was not judged).
  const verdict = openNote(artifact, { now: 'off', ...keys.open } as never);
  const stages: Stage[] = [{ title: 'openNote', checks: explainVerdict(NOTE_CHECKS, verdict, options) }];
  const report: Report = { verdict, stages, signed: noteLines(artifact) };
  if (verdict.ok) {
    const names = (list: { name: string }[]) => list.map((s) => s.name).join(', ') || 'none';
    report.note = `verified by: ${names(verdict.value.verifiedBy)}; lines from keys you did not give: ${names(verdict.value.unverified)}`;
  }
  if (!checkpoint) return report;
  if (!verdict.ok) {
    stages.push({ title: 'parseCheckpoint (of the note text)', checks: unreached(CHECKPOINT_CHECKS) });
    return report;
  }
  const parsed = parseCheckpoint(verdict.value.body);
  stages.push({
    title: 'parseCheckpoint (of the note text)',
    checks: explainVerdict(CHECKPOINT_CHECKS, parsed),
  });
  return parsed.ok ? report : { ...report, verdict: parsed };
}

const NOTE_OPTIONS =
  '{ "verifiers": ["example.com/log+9be5d3c6+AYqI…"], "quorum": { "log": "…", "witnesses": ["…"], "atLeast": 1 }, "now": 1700000600, "maxAge": 3600 }';

const signedNote: Kind = {
  id: 'signed-note',
  clock: true,
  name: 'signed note (C2SP)',
  options: NOTE_OPTIONS,
  inspect: (artifact, options) => inspectNote(artifact, options, false),
};

const checkpoint: Kind = {
  id: 'checkpoint',
  clock: true,
  name: 'tlog checkpoint (signed note)',
  options: NOTE_OPTIONS,
  inspect: (artifact, options) => inspectNote(artifact, options, true),
};

/**
 * A tlog-proof@v1 file (C2SP), verified offline under the options' policy: the origin, the
 * quorum's keys as vkeys, and the entry as `leafHash` or `entry` (hex). What was signed is
 * the checkpoint note's lines, each decoded with the bytes its signature covers.
 */
const tlogProof: Kind = {
  id: 'tlog-proof',
  clock: true,
  name: 'transparency log proof (C2SP tlog-proof)',
  options:
    '{ "origin": "example.com/log", "quorum": { "log": "example.com/log+…", "witnesses": ["…"], "atLeast": 1 }, "leafHash": "<64 hex>", "now": 1700000600 } (or "entry": "<hex>"; "maxAge": 3600 optional)',
  inspect(artifact, options) {
    const verifier = { title: 'verifyTlogProof', checks: TLOG_PROOF_CHECKS };
    const keys = noteKeys(options, verifier);
    if (keys.report !== undefined) return keys.report;
    const entryHex = (name: string) => {
      const bytes = typeof options[name] === 'string' ? hex.decode(options[name] as string) : null;
      if (bytes !== null && !bytes.ok) throw new Error(`${name} is hex of the bytes`);
      return bytes?.value;
    };
    // Witness times off by name unless the options give now (the page says what was not judged).
    const policy = { now: 'off', ...keys.open, leafHash: entryHex('leafHash'), entry: entryHex('entry') };
    for (const name of ['leafHash', 'entry'] as const) if (policy[name] === undefined) delete policy[name];
    const verdict = verifyTlogProof(artifact, policy as never);
    const file = parseTlogProof(artifact);
    const report: Report = {
      verdict,
      stages: [{ title: verifier.title, checks: explainVerdict(TLOG_PROOF_CHECKS, verdict, policy) }],
      signed: file.ok ? noteLines(new TextDecoder().decode(file.value.note)) : [],
    };
    if (verdict.ok)
      report.note = `entry ${verdict.value.index} of a tree of ${verdict.value.checkpoint.size} leaves; signed by ${verdict.value.verifiedBy.map((s) => s.name).join(', ')}${verdict.value.time === 'off-by-caller' ? '; cosignature times NOT judged (give "now")' : ''}${verdict.value.extra === null ? '' : `; extra data (not signed): ${hex.encode(verdict.value.extra)}`}`;
    return report;
  },
};

/** A binary artifact pasted as hex (white space and either case allowed). */
function hexArtifact(artifact: string): Uint8Array {
  const bytes = hex.decode(artifact.replace(/\s+/g, '').toLowerCase());
  if (!bytes.ok) throw new Error('the artifact is not hex: pairs of hex digits, white space allowed');
  return bytes.value;
}

const cbor: Kind = {
  id: 'cbor',
  name: 'CoreDet-CBOR (hex)',
  options: '{ "maxDepth": 32 } (optional)',
  inspect: (artifact, options) => {
    const bytes = hexArtifact(artifact);
    const explained = explainCbor(bytes, options);
    const { verdict } = explained;
    const input: Signed = {
      title: 'the bytes, first byte that breaks a rule marked',
      bytes,
      hex: true,
    };
    if (!verdict.ok && verdict.offset !== undefined) input.mark = verdict.offset;
    const notation: Signed = {
      title: 'diagnostic notation (RFC 8949 §8, as received)',
      bytes: null,
      text: explained.diagnostic ?? 'none: not even the lenient reader takes these bytes',
    };
    return {
      verdict,
      stages: [{ title: 'decode (strict CoreDet)', checks: explainVerdict(CBOR_DECODE_CHECKS, verdict) }],
      signed: [notation, input],
      signedHeading: 'The item',
    };
  },
};

/** Key material in the options, as lowercase hex; the page never sends it anywhere. */
function hexOption(value: unknown, name: string): Uint8Array {
  const bytes = hex.decode(value);
  if (!bytes.ok) throw new Error(`${name} is the bytes as lowercase hex`);
  return bytes.value;
}

const sealedBox: Kind = {
  id: 'sealed-box',
  name: 'sealed box (cryptobox v1 or v2)',
  options: '{ "recipientSeed": "hex", "senderPub": "hex", "ad": "hex (may be empty)" }',
  inspect: (artifact, options) => {
    const verdict = openBoxVerdict({
      ...options,
      blob: artifact.trim(),
      recipientSeed: hexOption(options.recipientSeed, 'recipientSeed'),
      senderPub: hexOption(options.senderPub, 'senderPub'),
      ad: hexOption(options.ad, 'ad'),
    });
    return {
      verdict,
      stages: [{ title: 'openBoxVerdict', checks: explainVerdict(BOX_CHECKS, verdict) }],
      signed: verdict.ok ? [{ title: 'the plaintext', bytes: verdict.value }] : [],
      signedHeading: 'Opened',
    };
  },
};

/** A list of X25519 private keys in the options, as the key ring an opener looks a kid up in. */
function keyRingOption(options: Record<string, unknown>, name: string) {
  const keys = options[name];
  if (!Array.isArray(keys))
    throw new Error(`${name} is a list of X25519 private keys, each as lowercase hex`);
  return keyRingOf(keys.map((key, i) => hexOption(key, `${name}[${i}]`)));
}

/**
 * What both openers take: the key ring from keys, and the sender's key: the senderKey
 * given, or else anet-identity's built-in resolver judging the key event log, witness
 * notice and key set the message carries against the witness keys given (no pins: the
 * page keeps nothing). The note beside the verdict says which.
 */
function openerOptions(options: Record<string, unknown>): Record<string, unknown> {
  const keyRing = keyRingOption(options, 'keyRing');
  // A page keeps no replay store (off by name); a capability is judged with the mailbox key given.
  const mailbox =
    options.mailboxKey === undefined
      ? 'off'
      : { publicKey: hexOption(options.mailboxKey, 'mailboxKey'), epoch: options.mailboxEpoch };
  const judged = { ...options, keyRing, replay: 'off', mailbox };
  if (options.senderKey !== undefined) {
    const senderKey = hexOption(options.senderKey, 'senderKey');
    return { ...judged, resolveSenderKey: () => ok(senderKey) };
  }
  const given = isObject(options.witnessKeys) ? options.witnessKeys : {};
  const witnessKeys = Object.fromEntries(
    Object.entries(given).map(([aid, key]) => [aid, hexOption(key, `witnessKeys.${aid}`)]),
  );
  const resolveSenderKey = anetSenderKeyResolver({
    witnessKeys,
    pins: 'off',
    acceptedAtMs: 'receiver-clock',
  });
  return { ...judged, resolveSenderKey };
}

const senderKeyNote = (options: Record<string, unknown>) =>
  options.senderKey !== undefined
    ? 'the sender key is the senderKey you gave, for any sender and key number: the page replays no key event log'
    : "the sender key comes from the key event log, notice and key set the message carries (anet-identity's resolver, your witnessKeys, no pins kept)";

function sealedReport<T extends OpenedEnvelope | OpenedEnvelopeV1>(
  opener: string,
  checks: readonly CheckSpec[],
  verdict: Verdict<T>,
  more: (opened: T) => string[],
  options: Record<string, unknown>,
): Report {
  const report: Report = {
    verdict,
    stages: [{ title: opener, checks: explainVerdict(checks, verdict) }],
    signed: [],
    signedHeading: 'Opened',
    note: senderKeyNote(options),
  };
  if (!verdict.ok) return report;
  const m = verdict.value;
  const message = [
    `from ${m.from} (key ${m.ksn} of its key event log)`,
    `to ${m.to}`,
    `type ${m.type}, interaction ${m.ix}, mid ${hex.encode(m.mid)}`,
    `ts ${m.tsMs}, exp ${m.expMs} (ms since the Unix epoch)`,
    ...more(m),
  ];
  report.signed = [
    { title: 'the inner message, signed by the sender', bytes: null, text: message.join('\n') },
    { title: 'the body (the opened plaintext)', bytes: m.body },
  ];
  return report;
}

const SEALED_OPTIONS = (interaction: string) =>
  `{ "ownAid": "bafy…", "now": 1767225660, "keyRing": ["X25519 private key, hex"],${interaction} "senderKey": "Ed25519 public key, hex", "mailboxKey": "Ed25519 public key, hex" and "mailboxEpoch": 2 (to judge capabilities), "maxBytes": 8388608 (optional) }`;

const sealedEnvelope: Kind = {
  id: 'sealed-envelope',
  clock: true,
  name: 'sealed envelope (hpke-seal v2, hex)',
  options: SEALED_OPTIONS(' "interactionKeyRing": ["hex"],'),
  inspect: (artifact, options) => {
    const open = openerOptions(options);
    if (options.interactionKeyRing !== undefined)
      open.interactionKeyRing = keyRingOption(options, 'interactionKeyRing');
    const verdict = openEnvelope(hexArtifact(artifact), open as never);
    return sealedReport(
      'openEnvelope',
      SEALED_ENVELOPE_CHECKS,
      verdict,
      (m) => [
        `${m.layers} HPKE layer${m.layers === 1 ? '' : 's'}, delivery credential kind ${m.access.kind}`,
      ],
      options,
    );
  },
};

const sealedEnvelopeV1: Kind = {
  id: 'sealed-envelope-v1',
  clock: true,
  name: 'sealed envelope (hpke-seal v1, hex)',
  options: SEALED_OPTIONS(''),
  inspect: (artifact, options) =>
    sealedReport(
      'openEnvelopeV1',
      SEALED_ENVELOPE_V1_CHECKS,
      openEnvelopeV1(hexArtifact(artifact), openerOptions(options) as never),
      () => [],
      options,
    ),
};

/** One row per state, as replay left it (times are Unix milliseconds; 0 none). */
const stateRows = (kel: ReplayedKel) =>
  [
    `AID ${kel.aid}, ${kel.version === 'v2' ? 'anet.kel/2' : 'v0.15'}${kel.kind === undefined ? '' : `, ${kel.kind}`}${kel.witness === undefined ? '' : `, witness ${kel.witness}`}`,
    ...kel.states.map(
      (s) =>
        `${s.seq} ${s.type} ${s.status}${s.supersededAtMs === 0 ? '' : ` at ${s.supersededAtMs} by ${s.retiredBy}`}, key ${hex.encode(s.key)}`,
    ),
  ].join('\n');

const kel: Kind = {
  id: 'kel',
  clock: true,
  name: 'ANet key event log (hex)',
  options: '{ "now": 1767225660 }',
  inspect: (artifact, options) => {
    const bytes = hexArtifact(artifact);
    const verdict = replayKel(bytes, { now: options.now as never });
    return {
      verdict,
      stages: [{ title: 'replayKel', checks: explainVerdict(KEL_CHECKS, verdict, options) }],
      signed: verdict.ok
        ? [
            { title: 'the states, one per event', bytes: null, text: stateRows(verdict.value) },
            { title: 'the log as judged (CoreDet)', bytes },
          ]
        : [],
      signedHeading: 'Replayed',
    };
  },
};

/** A raw hub request: the request line, header lines, a blank line, then the body as text. */
function hubRequest(artifact: string) {
  const text = artifact.replace(/^\s+/, '');
  const [method = '', url = ''] = (text.split(/\r?\n/, 1)[0] ?? '').split(' ');
  const blank = /\r?\n\r?\n/.exec(text);
  return {
    method,
    url,
    headers: headerFields(text),
    body: blank === null ? '' : text.slice(blank.index + blank[0].length),
  };
}

/** A signer's key event log given in the options as hex, for a source that answers any AID with it. */
const optionKel = (options: Record<string, unknown>) =>
  typeof options.kel === 'string' ? hexArtifact(options.kel) : undefined;

const anetRequest: Kind = {
  id: 'anet-request',
  clock: true,
  name: 'ANet signed hub request (relay auth v2)',
  options:
    '{ "action": "send", "hub": "bafyrei…", "now": 1767484800, "kel": "<the signer’s key event log, hex>" }',
  inspect: (artifact, options) => {
    const request = hubRequest(artifact);
    const kel = optionKel(options);
    // A page keeps no replay window and no pins: single use and pins are judged by the hub.
    const verdict = verifyHubRequest(request, {
      action: options.action as never,
      hub: options.hub as string,
      now: options.now as never,
      kels: () => kel,
      pins: 'off',
      replay: 'off',
      allowV1: options.allowV1 === true,
    });
    return {
      verdict,
      stages: [{ title: 'verifyHubRequest', checks: explainVerdict(RELAY_CHECKS, verdict, options) }],
      signed: verdict.ok
        ? [
            {
              title: 'the version-2 text the signature covers',
              bytes: relayPreimageV2({
                ...verdict.value,
                digest: requestDigest(verdict.value.method, verdict.value.target, verdict.value.body),
              }),
            },
          ]
        : [],
      note: 'single use and pins are off here: a hub keeps the replay window and the pinned logs',
    };
  },
};

const anetObject: Kind = {
  id: 'anet-object',
  clock: true,
  name: 'ANet signed object ({1: object, 2: AObj envelope}, hex)',
  options: '{ "kind": "receipt", "now": 1767484800, "kel": "<the signer’s key event log, hex>" }',
  inspect: (artifact, options) => {
    const verdict = verifySignedObject(hexArtifact(artifact), {
      kind: options.kind as never,
      kel: optionKel(options) as Uint8Array,
      now: options.now as never,
      pins: 'off',
      ...(typeof options.signer === 'string' ? { signer: options.signer } : {}),
    });
    return {
      verdict,
      stages: [
        { title: 'verifySignedObject', checks: explainVerdict(SIGNED_OBJECT_CHECKS, verdict, options) },
      ],
      signed: verdict.ok
        ? [
            {
              title: `the ${verdict.value.kind} bytes the signature covers`,
              bytes: verdict.value.objectBytes,
              hex: true,
            },
          ]
        : [],
    };
  },
};

export const KINDS: readonly Kind[] = [
  envelope,
  cardEnvelope,
  domainLinkage,
  a2aCard,
  wbaRequest,
  wbaDirectory,
  signedNote,
  checkpoint,
  tlogProof,
  cbor,
  sealedBox,
  sealedEnvelope,
  sealedEnvelopeV1,
  kel,
  anetRequest,
  anetObject,
];

const SEALED_ENVELOPE = /^(?:a[0-9a-f]|b[0-7])010([12])02(?:[67][0-9a-f]|78)/i;
/** An array (of 1 to 65535 items) whose first item is a signed event {1: event map, …}. */
const KEL = /^(?:8[1-9a-f]|9[0-7]|98[0-9a-f]{2}|99[0-9a-f]{4})a301a[5-9a-d]/i;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The kind an artifact looks like, by its shape alone; null when nothing fits. */
export function detectKind(artifact: string): KindId | null {
  const text = artifact.trim();
  if (COMPACT_JWS.test(text)) return 'domain-linkage';
  if (/^(?:[0-9a-fA-F]{2}\s*)+$/.test(text)) {
    // A map that opens with version 1 or 2 (key 1) and a recipient text (key 2).
    const compact = text.replace(/\s+/g, '');
    const version = SEALED_ENVELOPE.exec(compact)?.[1];
    // {1: a map, 2: a map}: an object and its AObj envelope.
    if (version === undefined && /^a201(?:a[1-9a-f]|b[0-7]).*02a[45]01/i.test(compact)) return 'anet-object';
    if (version === undefined) return KEL.test(compact) ? 'kel' : 'cbor';
    return version === '1' ? 'sealed-envelope-v1' : 'sealed-envelope';
  }
  // The shortest box (a nonce and a tag) is 40 base64 characters.
  if (text.length >= 40 && /^[A-Za-z0-9+/]+={0,2}$/.test(text)) return 'sealed-box';
  if (text.startsWith('c2sp.org/tlog-proof@v1\n')) return 'tlog-proof';
  if (/\n\n\u2014 \S+ /.test(artifact))
    return /^[^\n]+\n\d+\n[^\n]+\n/.test(artifact) ? 'checkpoint' : 'signed-note';
  if (/^HTTP\/[\d.]+ \d{3}/.test(text) && /^signature-input[ \t]*:/im.test(text)) return 'wba-directory';
  if (/^signature-input[ \t]*:/im.test(text)) return 'wba-request';
  if (/^x-anet-sig[ \t]*:/im.test(text)) return 'anet-request';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  const names = Object.keys(value).map((n) => n.toLowerCase());
  if (names.includes('signature-input')) return 'wba-request';
  if ('linked_dids' in value) return 'domain-linkage';
  if (value.typ === 'agentcard' || ('card' in value && 'ts' in value)) return 'card-envelope';
  if (('card' in value && 'signature' in value) || 'signatures' in value) return 'a2a-card';
  if ('messageId' in value || ('from' in value && 'to' in value)) return 'envelope';
  return null;
}
