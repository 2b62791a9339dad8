import { unwrap } from '@agent-seam/canonical';
import { decodeEntries, encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { type SealEnvelopeOptions, sealEnvelope } from '../src/index.js';
import {
  capability as capabilityFor,
  DAY,
  envelope,
  holder,
  interaction,
  message,
  open,
  put,
  sealOptions,
  seed,
  TS,
  thrownPair,
  utf8,
} from './envelope-fixture.js';

// Each `it` pins one behaviour of sealing; its `why` comment names the mutant(s) of src/ it holds, by
// file:line of the sources the first mutation run saw (main at 1b9b72f). Keys, message and
// envelopes come from envelope-fixture.ts (the seal.v2 vector keys, the package's own assembler).

describe('the sealer writes an envelope of exactly the openers’ default size', () => {
  it('8 MiB on the byte is written and opens; one byte more is refused by the writer', () => {
    // why: seal-v2.ts `sealed.bytes.length <= DEFAULT_MAX_ENVELOPE_BYTES` → `<`. Padmé pads
    // the wrap to a multiple of 131072 near 8 MiB, so an outer extension (outside the
    // padding) fills the rest to the byte.
    const body = new Uint8Array(8_136_464);
    const sealAt = (fill: number) =>
      sealEnvelope({
        ...sealOptions,
        message: { ...message, body },
        outerExtensions: [[64, encode(new Uint8Array(fill))]],
      }).bytes;
    const first = sealAt(100_000).length;
    const exact = sealAt(100_000 + 8 * 1024 * 1024 - first);
    expect(exact.length).toBe(8 * 1024 * 1024);
    expect(open(exact).ok).toBe(true);
    expect(thrownPair(() => sealAt(100_000 + 8 * 1024 * 1024 - first + 1))[0]).toBe('bad-input');
  });
});

// Sealing, outside the verify path: each `why` names the mutant(s) of src/seal-v2.ts the case
// holds, by seal-v2.ts:line:column of the first `--rest` run. What is sealed is opened with the
// package's own opener.
const capability = capabilityFor(seed('holder'));

const grant = encode(new Map([[1, utf8('grant')]]));
const rk = interaction.publicKey;
const seal = (changes: Partial<SealEnvelopeOptions> = {}) => sealEnvelope({ ...sealOptions, ...changes });
const withMessage = (changes: object) => seal({ message: { ...message, ...changes } as never });
const badInput = (text: string) => ({ name: 'SeamError', code: 'bad-input', message: `bad-input: ${text}` });
/** The outer keys of a sealed envelope, in wire order. */
const outerKeys = (bytes: Uint8Array) => unwrap(decodeEntries(bytes)).map((e) => e.key);

describe('what the sealer puts in the envelope', () => {
  it('grant and rk reach the inner message, signed; the opener reads them back', () => {
    // why: seal-v2.ts:108:7 `m.grant !== undefined` -> false, :108:43 `[INNER.grant, m.grant]` -> [],
    // :109:7 `m.rk !== undefined` -> false, :110:5 the rk push -> `;`, :110:18 its entry -> [],
    // :113:46 the RK map's entries -> [], :114:11 `[RK.suite, 1]` -> [], :115:11 `[RK.pub, m.rk]` -> []
    const opened = unwrap(open(withMessage({ grant, rk }).bytes));
    expect([opened.grant, opened.rk]).toEqual([grant, rk]);
  });

  it('a capability access is sealed with its proof and opens as kind 1', () => {
    // why: seal-v2.ts:159:37 `kind === ACCESS_KIND_CAPABILITY` -> false (refused as an unknown kind),
    // :164:7 the cap condition -> false (a good capability refused)
    const opened = unwrap(open(seal({ access: capability }).bytes));
    expect(opened.access).toEqual({
      kind: 1,
      capBody: (capability as { cap: { body: Uint8Array } }).cap.body,
      capSig: (capability as { cap: { sig: Uint8Array } }).cap.sig,
      holderKey: holder.publicKey,
      capability: { id: seed('cap-id').subarray(0, 16), class: 'contact', epoch: 1, expMs: TS + 30 * DAY },
    });
  });

  it('a capability without its parts is bad-input naming them, never a TypeError', () => {
    // why: seal-v2.ts:162:7 `kind === ACCESS_KIND_CAPABILITY` -> false, :164:7 the cap condition
    // -> true (both), :164:7 `&&` -> `||` (both), :164:15 `cap?.body` -> `cap.body`,
    // :167:7 the message -> "" (:165:17 `cap?.sig` -> `cap.sig` is equivalent: spec/hpke-seal.md)
    const want = badInput('a capability access needs cap.body, a 64-byte cap.sig and a 32-byte holderSeed');
    const good = capability as {
      kind: 1;
      cap: { body: Uint8Array; sig: Uint8Array };
      holderSeed: Uint8Array;
    };
    for (const access of [
      { kind: 1 },
      { ...good, cap: undefined },
      { ...good, cap: { body: good.cap.body } },
      { ...good, cap: { sig: good.cap.sig } },
      { ...good, cap: { ...good.cap, sig: good.cap.sig.subarray(0, 63) } },
      { ...good, holderSeed: undefined },
    ])
      expect(thrown(() => seal({ access: access as never }))).toEqual(want);
  });

  it('extensions from key 64 are sealed; below 64 each list is refused by name', () => {
    // why: seal-v2.ts:176:20 `isCount(key) && key >= 64` -> false, :176:36 `>=` -> `>`,
    // :176:64 '${name} keys start at 64' -> ''
    const ext = [[64, encode(1)]] as const;
    const opened = unwrap(
      open(
        seal({ message: { ...message, extensions: ext }, outerExtensions: ext, wrapExtensions: ext }).bytes,
      ),
    );
    const keys = (list: { key: unknown }[]) => list.map((e) => e.key);
    expect([opened.extensions.inner, opened.extensions.wrap, opened.extensions.outer].map(keys)).toEqual([
      [64],
      [64],
      [64],
    ]);
    const low = [[63, encode(1)]] as const;
    expect(thrown(() => seal({ message: { ...message, extensions: low } }))).toEqual(
      badInput('message.extensions keys start at 64'),
    );
    expect(thrown(() => seal({ outerExtensions: low }))).toEqual(
      badInput('outerExtensions keys start at 64'),
    );
    expect(thrown(() => seal({ wrapExtensions: low }))).toEqual(badInput('wrapExtensions keys start at 64'));
  });

  it('only oneShot: true repeats exp in outer key 8', () => {
    // why: seal-v2.ts:269:15 `options.oneShot === true` -> true, -> false, `===` -> `!==`,
    // :269:35 `true` -> `false`
    expect(outerKeys(seal({ oneShot: true }).bytes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(outerKeys(seal({ oneShot: false }).bytes)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(outerKeys(seal().bytes)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(unwrap(decodeEntries(seal({ oneShot: true }).bytes)).find((e) => e.key === 8)?.valueBytes).toEqual(
      encode(message.expMs),
    );
  });

  it("the caller's random source makes the envelope: the same source, the same bytes", () => {
    // why: seal-v2.ts:272:13 `options.random ?? systemRandom` -> `&&` (the given source ignored)
    const fixed = (n: number) => new Uint8Array(n).fill(7);
    const a = seal({ random: fixed, interactionPublicKey: interaction.publicKey });
    const b = seal({ random: fixed, interactionPublicKey: interaction.publicKey });
    expect(a.bytes).toEqual(b.bytes);
    expect(unwrap(open(a.bytes)).layers).toBe(2);
  });

  it('a sig entry in the plan is replaced by the signature and never signed itself', () => {
    // why: seal-v2.ts:226:59 `drop: [INNER.sig]` -> [] (the placeholder signed, so bad-sig)
    expect(open(envelope({ inner: put(20, encode(new Uint8Array(64))) })).ok).toBe(true);
  });
});

describe('the sealer names the wrong argument (SeamError bad-input, never a TypeError)', () => {
  it('the options object', () => {
    // why: seal-v2.ts:129:16 the condition -> true, `&&` -> `||`, `typeof options === 'object'` -> true,
    // :129:47 `options !== null` -> true, :129:65 the message -> ""
    const want = badInput('sealEnvelope takes an options object');
    expect(thrown(() => sealEnvelope(undefined as never))).toEqual(want);
    expect(thrown(() => sealEnvelope(null as never))).toEqual(want);
  });

  it('to: a non-empty string without U+0000', () => {
    // why: seal-v2.ts:124:53 `typeof value === 'string'` -> true (a number reaches .includes),
    // :131:16 -> true, `&&` -> `||`, :131:30 `to.length > 0` -> true, `>` -> `>=`, :131:45 the message -> ""
    const want = badInput('to must be a non-empty AID without U+0000');
    for (const to of ['', 7, 'a\0b']) expect(thrown(() => seal({ to: to as never }))).toEqual(want);
  });

  it('the recipient and interaction keys: 32 bytes', () => {
    // why: seal-v2.ts:132:57 the recipient message -> "", :134:5 the interaction condition -> true,
    // :135:5 its message -> ""
    expect(thrown(() => seal({ recipientPublicKey: new Uint8Array(31) }))).toEqual(
      badInput('recipientPublicKey must be a 32-byte X25519 key'),
    );
    expect(thrown(() => seal({ interactionPublicKey: new Uint8Array(31) }))).toEqual(
      badInput('interactionPublicKey must be a 32-byte X25519 key'),
    );
  });

  it('the message object', () => {
    // why: seal-v2.ts:138:16 the condition -> true, `&&` -> `||`, `typeof m === 'object'` -> true,
    // :138:41 `m !== null` -> true, :138:53 the message -> ""
    const want = badInput('message must be an object');
    expect(thrown(() => seal({ message: undefined as never }))).toEqual(want);
    expect(thrown(() => seal({ message: null as never }))).toEqual(want);
  });

  it('each message field by name', () => {
    // why: seal-v2.ts:139:34 `m.from.length > 0` -> true, `>` -> `>=`, :139:53, :142:30, :143:43 the
    // messages -> "", :145:24 `m.tsMs > 0` -> true, `>` -> `>=`, :148:34 the message -> "",
    // :150:7 `m.history !== undefined` -> false, :155:16 -> true, :155:59 -> "", :156:16 -> true, :156:57 -> ""
    const cases: [object, string][] = [
      [{ from: '' }, 'message.from must be a non-empty AID without U+0000'],
      [{ ix: 'a\0b' }, 'message.ix must be a string without U+0000'],
      [{ mid: new Uint8Array(15) }, 'message.mid must be 16 bytes'],
      [{ tsMs: 0 }, 'message.tsMs must be milliseconds since the Unix epoch, not 0'],
      [{ expMs: -1 }, 'message.expMs must be milliseconds since the Unix epoch'],
      [
        { history: { ...message.history, kel: 'kel' } },
        'message.history needs kel, notice and keys as Uint8Arrays',
      ],
      [{ grant: 'grant' }, 'message.grant must be the encoded Grant map'],
      [{ rk: new Uint8Array(31) }, 'message.rk must be a 32-byte X25519 key'],
    ];
    for (const [changes, text] of cases) expect(thrown(() => withMessage(changes))).toEqual(badInput(text));
  });

  it('the access', () => {
    // why: seal-v2.ts:157:16 `options.access?.kind` -> `options.access.kind` (a TypeError)
    expect(thrown(() => seal({ access: undefined as never }))).toEqual(
      badInput('access.kind must be ACCESS_KIND_SESSION or ACCESS_KIND_CAPABILITY'),
    );
  });
});
