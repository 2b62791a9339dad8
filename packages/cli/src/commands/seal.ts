import { writeFileSync } from 'node:fs';
import { anetSenderKeyResolver } from '@agent-seam/anet-identity';
import { base64Strict, hex, ok } from '@agent-seam/canonical';
import { verificationKeyFromDid, verifyEd25519 } from '@agent-seam/did';
import {
  type DackKeys,
  deriveKeyPair,
  keyRingOf,
  openEnvelope,
  openEnvelopeV1,
  type ResolveSenderKey,
  SEALED_ENVELOPE_CHECKS,
  SEALED_ENVELOPE_V1_CHECKS,
} from '@agent-seam/hpke-seal';
import { type Command, EXPECTED_OPTION, expectedBytes, oneInput, str, type Values } from '../command.js';
import { EXIT, parseNow, readInput, readSeed, UsageError, warn, write } from '../io.js';
import { replayChoice } from '../replay-file.js';
import { report } from './shared.js';

/** An Ed25519 key option: a did:key, or 32 bytes as standard base64. */
function ed25519Key(text: string, option: string): Uint8Array {
  const key = text.startsWith('did:') ? verificationKeyFromDid(text) : base64Strict.decode(text);
  if (!key.ok || key.value.length !== 32)
    throw new UsageError(`${option} wants an Ed25519 did:key or 32 bytes as standard base64`);
  return key.value;
}

/**
 * The mailbox a v2 capability is judged against: `--mailbox-key KEY --mailbox-epoch N`, or
 * `--no-capabilities` (first-contact sessions only); exactly one (a usage error otherwise).
 */
function mailboxChoice(key: string | undefined, epoch: string | undefined, off: boolean) {
  if (off && (key !== undefined || epoch !== undefined))
    throw new UsageError('give --mailbox-key and --mailbox-epoch, or --no-capabilities, not both');
  if (off)
    return { mailbox: 'off' as const, said: "capabilities NOT accepted: --no-capabilities (mailbox: 'off')" };
  if (key === undefined || epoch === undefined || !/^[1-9][0-9]{0,15}$/.test(epoch))
    throw new UsageError(
      'a capability is judged against your mailbox: give --mailbox-key KEY --mailbox-epoch N (N >= 1), or --no-capabilities to accept first-contact sessions only',
    );
  return {
    mailbox: { publicKey: ed25519Key(key, '--mailbox-key'), epoch: Number(epoch) },
    said: `capabilities judged against your mailbox key at epoch ${epoch}`,
  };
}

/**
 * Whose key signed: a pinned --sender-key, or the key event log, witness notice and key
 * set the message carries, judged by anet-identity's built-in resolver with the witness
 * keys given. The key it answers is kept for --expected.
 */
function senderResolver(values: Values, nowSeconds: number) {
  const pinnedText = str(values['sender-key']);
  const witnessTexts = (values['witness-key'] as string[] | undefined) ?? [];
  const acceptedAt = parseNow(str(values['accepted-at']));
  const used: { key?: Uint8Array } = {};
  if (pinnedText !== undefined) {
    if (witnessTexts.length > 0 || acceptedAt !== undefined)
      throw new UsageError('--sender-key pins the key: drop --witness-key and --accepted-at, or drop it');
    used.key = ed25519Key(pinnedText, '--sender-key');
    const pinned: ResolveSenderKey = () => ok(used.key!);
    return { resolve: pinned, used };
  }
  const witnessKeys: Record<string, Uint8Array> = {};
  for (const text of witnessTexts) {
    const at = text.indexOf('=');
    if (at <= 0) throw new UsageError('--witness-key wants AID=KEY (the witness hub AID, its Ed25519 key)');
    witnessKeys[text.slice(0, at)] = ed25519Key(text.slice(at + 1), '--witness-key');
  }
  const builtIn = anetSenderKeyResolver({
    witnessKeys,
    // One run has no pin history to roll back from.
    pins: 'off',
    acceptedAtMs: Math.floor((acceptedAt ?? nowSeconds) * 1000),
  });
  const resolve: ResolveSenderKey = (query) => {
    const answer = builtIn(query);
    if (answer.ok) used.key = answer.value;
    return answer;
  };
  return { resolve, used };
}

/** An envelope file: its raw bytes, or those bytes as base64 text. */
function envelopeBytes(path: string): Uint8Array {
  const raw = readInput(path);
  const asText = base64Strict.decode(new TextDecoder().decode(raw).trim());
  return asText.ok ? asText.value : raw;
}

/** The dack keys as `seam dack` reads them: one JSON object of hex strings. Secret. */
export const dackKeysJson = (keys: DackKeys) =>
  `${JSON.stringify(
    {
      processedToken: hex.encode(keys.processedToken),
      refusedToken: hex.encode(keys.refusedToken),
      noteKey: hex.encode(keys.noteKey),
      handle: hex.encode(keys.handle),
    },
    null,
    2,
  )}\n`;

export const sealOpen: Command = {
  name: 'seal open',
  summary: 'open an HPKE sealed envelope (v2; v1 with --v1), and explain a refusal',
  usage: `usage: seam seal open FILE|- --aid AID --seed-file SEED --now TIME
                      [--witness-key AID=KEY ...] [--accepted-at TIME] | [--sender-key KEY]
                      (--replay-file PATH | --no-replay-check)
                      (--mailbox-key KEY --mailbox-epoch N | --no-capabilities)
                      [--interaction-seed-file SEED] [--v1] [--dack-keys-out FILE]
                      [--expected FILE] [--json]

Opens the sealed envelope in FILE (raw bytes, or base64) with @agent-seam/hpke-seal's
openEnvelope (openEnvelopeV1 with --v1). Writes the body bytes; on a refusal, every
check in order and the one that refused, and, once the layers are open, the bytes the
inner signature covers (CoreDet, escaped with offsets).

  --aid AID            your own AID: whom the envelope must be addressed to
  --seed-file SEED     the seed of your epoch key (X25519, from deriveKeyPair(seed))
  --interaction-seed-file SEED
                       the seed of your interaction key, for a second layer (v2)
  --witness-key AID=KEY
                       a witness hub you trust and its Ed25519 key (did:key or base64);
                       repeat for several. Without --sender-key the sender's key comes
                       from the key event log, witness notice and key set the message
                       carries (@agent-seam/anet-identity's anetSenderKeyResolver; no pins
                       are kept between runs). A v1 envelope needs no witness.
  --accepted-at TIME   when your hub accepted the envelope: the one-hour grace after a
                       rotation counts to it (default --now)
  --sender-key KEY     instead, the sender's Ed25519 key, pinned: a did:key or base64;
                       taken for every ksn, no key history judged
  --now TIME           your clock for the time checks: RFC 3339 with an offset, or Unix
                       seconds (required: the command never judges by the machine clock)
  --replay-file PATH   the envelopes this machine opened (a small JSON file, created when
                       missing): a second delivery of one (from, mid) is refused
  --no-replay-check    waive the replay check (a one-shot command cannot remember
                       deliveries by itself); said on stderr
  --mailbox-key KEY    your mailbox signing key (Ed25519 did:key or base64) and
  --mailbox-epoch N    its current epoch: a capability credential is judged against them
  --no-capabilities    accept first-contact sessions only: a capability is refused (not v1)
  --dack-keys-out FILE write the secret keys for a delivery confirmation (seam dack)
  --expected FILE      the bytes the sender says its inner signature covers: the first
                       differing byte, and whether the signature holds over them under
                       --sender-key
  --json               one JSON object: the message's fields (body as base64), "explain"

exit: 0 opened (a waived check is said on stderr), 1 refused, 2 bad command line,
      4 unreadable file or seed`,
  example: `  $ seam seal open envelope.bin --aid bafyrei... --seed-file epoch.seed \\
      --witness-key bafyrei...=did:key:z6Mk... --now 2026-01-01T00:00:05Z --replay-file opened.json \\
      --no-capabilities --dack-keys-out dack-keys.json
  hello Bob`,
  options: {
    aid: { type: 'string' },
    'seed-file': { type: 'string' },
    'interaction-seed-file': { type: 'string' },
    'sender-key': { type: 'string' },
    'witness-key': { type: 'string', multiple: true },
    'accepted-at': { type: 'string' },
    now: { type: 'string' },
    'replay-file': { type: 'string' },
    'no-replay-check': { type: 'boolean' },
    'mailbox-key': { type: 'string' },
    'mailbox-epoch': { type: 'string' },
    'no-capabilities': { type: 'boolean' },
    v1: { type: 'boolean' },
    'dack-keys-out': { type: 'string' },
    ...EXPECTED_OPTION,
  },
  run(values, positionals) {
    const bytes = envelopeBytes(oneInput(sealOpen, positionals));
    const ownAid = str(values.aid);
    if (ownAid === undefined)
      throw new UsageError('give --aid AID: your own AID, whom it must be addressed to');
    const epochSeed = readSeed(str(values['seed-file']));
    const now = parseNow(str(values.now));
    if (now === undefined)
      throw new UsageError('give --now TIME: the time the envelope is judged at (RFC 3339 or Unix seconds)');
    const sender = senderResolver(values, now);
    const v1 = values.v1 === true;
    const interactionPath = str(values['interaction-seed-file']);
    const dackOut = str(values['dack-keys-out']);
    if (v1 && (interactionPath !== undefined || dackOut !== undefined))
      throw new UsageError(
        'a v1 envelope has one layer and no delivery confirmation: drop --v1 or those options',
      );
    const replay = replayChoice(str(values['replay-file']), values['no-replay-check'] === true);
    const mailboxKey = str(values['mailbox-key']);
    const mailboxEpoch = str(values['mailbox-epoch']);
    const capabilitiesOff = values['no-capabilities'] === true;
    if (v1 && (mailboxKey !== undefined || mailboxEpoch !== undefined || capabilitiesOff))
      throw new UsageError('a v1 envelope carries no delivery credential: drop --v1 or the mailbox options');
    const mailbox = v1 ? null : mailboxChoice(mailboxKey, mailboxEpoch, capabilitiesOff);
    const said = [replay.said, ...(mailbox === null ? [] : [mailbox.said])];
    // What the inner signature covers, once the opener has opened the layers.
    const signed: { bytes?: Uint8Array; signature?: Uint8Array } = {};
    const options = {
      ownAid,
      keyRing: keyRingOf([deriveKeyPair(epochSeed).privateKey]),
      resolveSenderKey: sender.resolve,
      now,
      replay: replay.replay,
      onSignedBytes: (bytes: Uint8Array, signature: Uint8Array) =>
        Object.assign(signed, { bytes, signature }),
    };
    const verdict = v1
      ? openEnvelopeV1(bytes, options)
      : openEnvelope(bytes, {
          ...options,
          mailbox: mailbox!.mailbox,
          ...(interactionPath !== undefined
            ? { interactionKeyRing: keyRingOf([deriveKeyPair(readSeed(interactionPath)).privateKey]) }
            : {}),
        });
    if (verdict.ok && 'dack' in verdict.value && dackOut !== undefined)
      writeFileSync(dackOut, dackKeysJson(verdict.value.dack), { mode: 0o600 });
    const json = values.json === true;
    if (verdict.ok && !json) {
      // The body is the output; what was waived goes to stderr, never silently.
      for (const line of said) if (line.includes('NOT')) warn(line);
      write(verdict.value.body);
      return EXIT.ok;
    }
    const shown = verdict.ok
      ? {
          ok: true as const,
          value: {
            version: v1 ? 1 : 2,
            from: verdict.value.from,
            ksn: verdict.value.ksn,
            to: verdict.value.to,
            type: verdict.value.type,
            ix: verdict.value.ix,
            mid: verdict.value.mid,
            tsMs: verdict.value.tsMs,
            expMs: verdict.value.expMs,
            body: base64Strict.encode(verdict.value.body),
          },
        }
      : verdict;
    return report({
      command: 'seal open',
      checks: v1 ? SEALED_ENVELOPE_V1_CHECKS : SEALED_ENVELOPE_CHECKS,
      verdict: shown,
      options: { replay: replay.replay },
      signed: signed.bytes ?? null,
      expected: expectedBytes(values),
      holdsOver: (bytes) =>
        signed.signature !== undefined &&
        sender.used.key !== undefined &&
        verifyEd25519(sender.used.key, bytes, signed.signature).ok,
      json,
      extra: { judged: said },
      said,
      okLine: () => 'opened',
    });
  },
};
