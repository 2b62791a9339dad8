// One vector per shipped entry point, run through nothing but that entry's own exports.
// tools/bundle-check.ts runs each probe in Node (on the package subpath and on the prebuilt
// file) and in Chromium (the prebuilt file loaded by <script type="module">, no bundler).
// No imports: the page loads this module as esbuild's plain transform of it.

/** An entry's exports, and its case (JSON picked from vectors/ by tools/bundle-check.ts). */
type Probe = (entry: any, vector: any) => Promise<string[]>;

const bytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const hexOf = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** The mismatches, each said as `what: got …, wanted …`. */
const expectAll = (checks: [what: string, got: unknown, wanted: unknown][]): string[] =>
  checks
    .filter(([, got, wanted]) => got !== wanted)
    .map(([what, got, wanted]) => `${what}: got ${JSON.stringify(got)}, wanted ${JSON.stringify(wanted)}`);
const codeOf = (verdict: { ok: boolean; code?: string }) => (verdict.ok ? 'accepted' : verdict.code);

export const probes: Record<string, Probe> = {
  async canonical(m, v) {
    return expectAll([['canonicalString', m.canonicalString(v.payload, { profile: 'seam' }), v.canonical]]);
  },
  async did(m, v) {
    const { accept: a, refuse: r } = v;
    return expectAll([
      [
        'verifyEd25519 (accept)',
        codeOf(m.verifyEd25519(bytes(a.publicHex), bytes(a.messageHex), bytes(a.signatureHex))),
        'accepted',
      ],
      [
        'verifyEd25519Async (accept)',
        codeOf(await m.verifyEd25519Async(bytes(a.publicHex), bytes(a.messageHex), bytes(a.signatureHex))),
        'accepted',
      ],
      [
        'verifyEd25519 (refuse)',
        codeOf(m.verifyEd25519(bytes(r.publicHex), bytes(r.messageHex), bytes(r.signatureHex))),
        r.code,
      ],
    ]);
  },
  async envelope(m, v) {
    return expectAll([
      ['verifyRelaySend', codeOf(m.verifyRelaySend(v.send, v.send.sig)), 'accepted'],
      [
        'verifyEnvelope',
        codeOf(
          m.verifyEnvelope(v.message.input, {
            recipientDid: v.message.recipientDid,
            now: 'off',
            replay: 'off',
          }),
        ),
        v.message.code,
      ],
    ]);
  },
  async cardpub(m, v) {
    const verdict = m.verifyCardEnvelope(v.envelope, { expectedDid: v.expectedDid, now: 'off' });
    const async = await m.verifyCardEnvelopeAsync(v.envelope, { expectedDid: v.expectedDid, now: 'off' });
    return expectAll([
      ['verifyCardEnvelope', codeOf(verdict), 'accepted'],
      ['card.did', verdict.value?.card.did, v.expectedDid],
      ['freshness', verdict.value?.freshness, v.freshness],
      ['verifyCardEnvelopeAsync', codeOf(async), 'accepted'],
    ]);
  },
  async wba(m, v) {
    const request = {
      headers: {
        'signature-input': v.request.signatureInput,
        signature: v.request.signature,
        'signature-agent': v.request.signatureAgent,
      },
      authority: v.request.authority,
      jwks: JSON.parse(v.directory.body),
      now: v.request.created,
    };
    const verdict = m.verifyRequest(request);
    return expectAll([
      ['verifyRequest', codeOf(verdict), 'accepted'],
      ['did', verdict.value?.did, v.did],
      ['verifyRequestAsync', codeOf(await m.verifyRequestAsync(request)), 'accepted'],
    ]);
  },
  async 'tlog-note'(m, v) {
    const verifiers = v.verifiers.map((vkey: string) => m.parseVerifierKey(vkey).value);
    const opened = m.openNote(v.note, { verifiers });
    const openedAsync = await m.openNoteAsync(v.note, { verifiers });
    return expectAll([
      ['openNote', codeOf(opened), 'accepted'],
      ['body', opened.value?.body, v.body],
      ['openNoteAsync', codeOf(openedAsync), 'accepted'],
    ]);
  },
  async chain(m, v) {
    const report = await m.verifyExport(v.lines);
    return expectAll([['verifyExport status', report.status, v.expect.status]]);
  },
  async merkle(m, v) {
    const claim = {
      leafHash: bytes(v.leafHash),
      index: BigInt(v.index),
      size: BigInt(v.size),
      proof: v.proof.map(bytes),
      root: bytes(v.root),
    };
    const wrongRoot = { ...claim, root: bytes(v.proof[0]) };
    return expectAll([
      ['verifyInclusion', codeOf(m.verifyInclusion(claim)), 'accepted'],
      ['verifyInclusion (another root)', codeOf(m.verifyInclusion(wrongRoot)), 'root-mismatch'],
    ]);
  },
  async 'coredet-cbor'(m, v) {
    return expectAll([
      ['cid', m.cid(bytes(v.cid.hex), { codec: v.cid.codec }).text, v.cid.cid],
      ['decode', codeOf(m.decode(bytes(v.refuse.hex))), v.refuse.code],
    ]);
  },
  async cryptobox(m, v) {
    const opened = m.openBox({
      recipientSeed: bytes(v.recipientSeedHex),
      senderPub: bytes(v.senderEncPubHex),
      blob: v.blob,
      ad: bytes(v.adHex),
    });
    return expectAll([['openBox', opened === null ? null : hexOf(opened), v.plaintextHex]]);
  },
  async 'hpke-seal'(m, v) {
    const opened = m.open({
      recipientPrivateKey: bytes(v.recipientPrivateKeyHex),
      enc: bytes(v.enc),
      info: bytes(v.info),
      aad: bytes(v.aad),
      ciphertext: bytes(v.ciphertext),
    });
    return expectAll([['open', opened.ok ? hexOf(opened.value) : opened.code, v.plaintext]]);
  },
  async 'anet-identity'(m, v) {
    const now = new Date(v.nowMs);
    const replayed = m.replayKel(bytes(v.accept.kel), { now });
    const viaAsync = await m.replayKelAsync(bytes(v.refuse.kel), { now });
    return expectAll([
      ['replayKel (accept)', replayed.ok ? replayed.value.aid : replayed.code, v.accept.aid],
      ['replayKel (refuse)', codeOf(m.replayKel(bytes(v.refuse.kel), { now })), v.refuse.code],
      ['replayKelAsync (refuse)', codeOf(viaAsync), v.refuse.code],
    ]);
  },
};
