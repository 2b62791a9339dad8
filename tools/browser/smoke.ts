// Runs inside headless Chromium against the BUILT packages (see tools/browser-check.ts):
// a cross-section of the published vectors, so "runs in browsers" is a checked claim.
import { canonicalFromJSON, canonicalString, hex, utf8Strict } from '@agent-seam/canonical';
import { verifyCardEnvelope } from '@agent-seam/cardpub';
import { cid, decode, encode } from '@agent-seam/coredet-cbor';
import { encPublicKey, openBox, sealBox } from '@agent-seam/cryptobox';
import { didFromPublicKey, keyPairFromSeed, signEd25519, verifyEd25519 } from '@agent-seam/did';
import { signingPayload, verifyEnvelope } from '@agent-seam/envelope';
import { deriveKeyPair, open, seal } from '@agent-seam/hpke-seal';
import { inclusionProof, leafHash, rootHash, verifyInclusion } from '@agent-seam/merkle';
import {
  cosign,
  cosignatureVerifier,
  ed25519Verifier,
  formatCheckpoint,
  openNote,
  signNote,
} from '@agent-seam/tlog-note';
import { jwkFromPublicKey, signRequest, verifyRequest } from '@agent-seam/wba';

interface Result {
  name: string;
  ok: boolean;
  detail?: string;
}

const bytes = (h: string) => {
  const v = hex.decode(h);
  if (!v.ok) throw new Error('bad hex in vector');
  return v.value;
};
const text = (b: Uint8Array) => {
  const v = utf8Strict.decode(b);
  if (!v.ok) throw new Error('not UTF-8');
  return v.value;
};

export function runSmoke(data: { wire: any }): Result[] {
  const results: Result[] = [];
  const check = (name: string, body: () => boolean) => {
    try {
      results.push({ name, ok: body() });
    } catch (error) {
      results.push({ name, ok: false, detail: String(error) });
    }
  };
  const wire = data.wire;

  for (const c of wire.canonical) {
    check(`canonical/${c.name}`, () => canonicalString(c.payload, { profile: 'seam' }) === c.canonical);
  }
  for (const c of wire.reject.encoding.accept) {
    check(`reject.encoding/accept/${c.name}`, () => {
      const v = canonicalFromJSON(bytes(c.documentHex), { profile: 'seam' });
      return v.ok && text(v.value) === c.canonical;
    });
  }
  for (const c of wire.reject.encoding.refuse) {
    check(
      `reject.encoding/refuse/${c.name}`,
      () => !canonicalFromJSON(bytes(c.documentHex), { profile: 'seam' }).ok,
    );
  }
  for (const c of wire.did) {
    check(`did/${c.did}`, () => didFromPublicKey(bytes(c.publicHex), c.curve) === c.did);
  }
  for (const c of wire.envelope) {
    check(`envelope/${c.name}`, () => {
      const { from, to, messageId, contextId, timestamp, text: body } = c;
      return (
        text(signingPayload({ from, to, messageId, contextId, timestamp, text: body })) === c.signingPayload
      );
    });
  }
  for (const c of wire.reject.message) {
    check(`reject.message/${c.name}`, () => {
      // Cases without a recipient are run as a caller that names none (verifierNamesNoRecipient).
      const v = verifyEnvelope(c.input, { recipientDid: c.recipientDid, now: 'off', replay: 'off' });
      return !v.ok && v.code === c.code;
    });
  }
  for (const c of wire.cardpub) {
    check(`cardpub/${c.name}`, () => {
      const envelope = { v: 1, typ: 'agentcard', card: c.card, ts: c.ts, sig: c.sig };
      return verifyCardEnvelope(envelope, { expectedDid: c.card.did, now: 'off' }).ok;
    });
  }

  check('ed25519/sign-verify', () => {
    const { seed, publicKey } = keyPairFromSeed(new Uint8Array(32).fill(7));
    const message = new TextEncoder().encode('browser');
    const signature = signEd25519(seed, message);
    return (
      verifyEd25519(publicKey, message, signature).ok &&
      !verifyEd25519(publicKey, message.slice(1), signature).ok
    );
  });
  check('cbor/round-trip-and-cid', () => {
    const value = new Map<number, unknown>([
      [1, 'a'],
      [2, new Uint8Array([1, 2, 3])],
      [3, [true, null, -5]],
    ]);
    const encoded = encode(value as any);
    const back = decode(encoded);
    return (
      back.ok &&
      hex.encode(encode(back.value as any)) === hex.encode(encoded) &&
      cid(new TextEncoder().encode('abc'), { codec: 'raw' }).text ===
        'bafkreif2pall7dybz7vecqka3zo24irdwabwdi4wc55jznaq75q7eaavvu'
    );
  });
  check('hpke/seal-open', () => {
    const recipient = deriveKeyPair(new Uint8Array(32).fill(9));
    const info = new TextEncoder().encode('info');
    const aad = new Uint8Array(0);
    const plaintext = new TextEncoder().encode('sealed in a browser');
    const sealed = seal({ recipientPublicKey: recipient.publicKey, info, aad, plaintext });
    const opened = open({
      recipientPrivateKey: recipient.privateKey,
      enc: sealed.enc,
      info,
      aad,
      ciphertext: sealed.ciphertext,
    });
    return opened.ok && text(opened.value) === 'sealed in a browser';
  });
  check('merkle/inclusion', () => {
    const leaves = Array.from({ length: 7 }, (_, i) => new Uint8Array([i]));
    const root = rootHash(leaves);
    const proof = inclusionProof(leaves, 5);
    return verifyInclusion({ leafHash: leafHash(leaves[5]!), index: 5, size: 7, proof, root }).ok;
  });
  check('cryptobox/seal-open', () => {
    const senderSeed = new Uint8Array(32).fill(3);
    const recipientSeed = new Uint8Array(32).fill(9);
    const ad = new TextEncoder().encode('contextId=c1');
    const blob = sealBox({ senderSeed, recipientPub: encPublicKey(recipientSeed), plaintext: ad, ad });
    const opened = openBox({ recipientSeed, senderPub: encPublicKey(senderSeed), blob, ad });
    const wrongAd = openBox({
      recipientSeed,
      senderPub: encPublicKey(senderSeed),
      blob,
      ad: new Uint8Array(0),
    });
    return opened !== null && text(opened) === 'contextId=c1' && wrongAd === null;
  });
  check('wba/sign-verify', () => {
    const seed = new Uint8Array(32).fill(7);
    const now = 1754870400;
    const headers = signRequest({
      seed,
      authority: 'example.com',
      signatureAgent: 'https://bot.example',
      created: now,
      expires: now + 300,
    });
    const jwks = { keys: [jwkFromPublicKey(keyPairFromSeed(seed).publicKey)] };
    const good = verifyRequest({ headers, authority: 'example.com', jwks, now, replay: 'off' });
    const elsewhere = verifyRequest({ headers, authority: 'other.example', jwks, now, replay: 'off' });
    return good.ok && !elsewhere.ok;
  });
  check('tlog-note/cosigned-checkpoint', () => {
    const log = { name: 'example.com/log', seed: new Uint8Array(32).fill(1) };
    const witness = { name: 'witness.example/w1', seed: new Uint8Array(32).fill(2) };
    const body = formatCheckpoint({
      origin: 'example.com/log',
      size: 13n,
      root: new Uint8Array(32),
      extensions: [],
    });
    const note = cosign(signNote(body, [log]), witness, 1_700_000_000);
    const opened = openNote(note, {
      verifiers: [
        ed25519Verifier(log.name, keyPairFromSeed(log.seed).publicKey),
        cosignatureVerifier(witness.name, keyPairFromSeed(witness.seed).publicKey),
      ],
      now: 1_700_000_600,
      maxAge: 3600,
    });
    return opened.ok && opened.value.verifiedBy.length === 2;
  });
  return results;
}
