import { type Case, each, type OpGroup, refusal, type Step, sides, step, value } from '../replay.js';

// The groups of @agent-seam/anet-identity as questions (spec/harness.md, "anet-identity").
const pkg = '@agent-seam/anet-identity';
const file = 'anet_identity.json';

/**
 * A received field: `<name>Hex` for the case's bytes, or `input` for the JSON value a case
 * names in `asIs` (its wrong type is the point: the verifier receives it as it is).
 */
export const received = (c: Case, field: string, name = field): Case =>
  c.asIs?.includes(field) ? { input: c[field] } : { [`${name}Hex`]: c[field] };

/** Refused with the case's code; a case that pins what the detail names carries it as `detailHas`. */
export const refusedNaming = (op: string, args: Case, c: Case): Step =>
  step(op, c.detailHas === undefined ? args : { ...args, detailHas: c.detailHas }, refusal(c.code));

export const anetIdentityGroups: OpGroup[] = [
  {
    file,
    group: 'anet.kel',
    pkg,
    // A refusal is asked twice: the same bytes fail the same way every time.
    replay: (g: Case) => {
      const args = (c: Case) => ({ ...received(c, 'kel'), nowMs: g.nowMs });
      return sides(
        (c) => [
          step(
            'anet.replayKel',
            args(c),
            value({
              aid: c.aid,
              version: c.version,
              ...(c.kind === undefined ? {} : { kind: c.kind }),
              ...(c.witness === undefined ? {} : { witness: c.witness }),
              deactivated: c.deactivated,
              states: c.states,
            }),
          ),
        ],
        (c) => [refusedNaming('anet.replayKel', args(c), c), refusedNaming('anet.replayKel', args(c), c)],
      )(g);
    },
  },
  {
    file,
    group: 'anet.key-state',
    pkg,
    replay: (g: Case) => {
      const nowMs = g.nowMs;
      const ask = (c: Case, expect: Step['expect']) =>
        step(
          'anet.keyState',
          {
            kelHex: g.kels[c.kel],
            nowMs,
            ksn: c.ksn,
            tsMs: c.tsMs ?? nowMs,
            acceptedAtMs: c.acceptedAtMs ?? c.tsMs ?? nowMs,
          },
          expect,
        );
      return sides(
        (c) => [ask(c, value({ seq: c.ksn, keyHex: c.key }))],
        (c) => [ask(c, refusal(c.code))],
      )(g);
    },
  },
  {
    file,
    group: 'anet.pins',
    pkg,
    // One store fed the case's logs in order: the sequence is one question, its value every outcome.
    replay: (g: Case) => {
      const pin = (c: Case) => [
        step(
          'anet.pinSequence',
          {
            kelsHex: c.steps.map((s: Case) => g.kels[s.kel]),
            nowMs: g.nowMs,
            store: c.unavailable === true ? 'unavailable' : 'memory',
          },
          value(c.steps.map((s: Case) => (s.code === undefined ? s.outcome : { code: s.code }))),
        ),
      ];
      return sides(pin, pin)(g);
    },
  },
  {
    file,
    group: 'anet.notice',
    pkg,
    replay: (g: Case) => {
      const roots: Record<string, Case> = {
        key: { witnessKeys: { [g.witness]: g.witnessKey } },
        kel: { witnesses: { [g.witness]: g.kels.hub } },
        none: { witnessKeys: {} },
        'kel-of-other': { witnesses: { [g.witness]: g.kels.otherHub } },
        'kel-as-agent': { witnesses: { [g.witness]: g.kels.witnessAsAgent } },
      };
      const verify = (c: Case, expect: Step['expect']) =>
        step(
          'anet.verifyNotice',
          {
            ...received(c, 'notice'),
            kelHex: g.kels[c.kel ?? 'agent'],
            nowMs: g.nowMs,
            ...roots[c.roots],
          },
          expect,
        );
      return sides(
        (c) => [verify(c, value({ aid: g.aid, witness: g.witness, witnessKeyFrom: c.from }))],
        (c) => [verify(c, refusal(c.code))],
      )(g);
    },
  },
  {
    file,
    group: 'anet.key-set',
    pkg,
    replay: (g: Case) => {
      const options = (c: Case) => ({ kelHex: g.kels[c.kel ?? 'agent'], nowMs: c.nowMs ?? g.nowMs });
      const verify = (c: Case, expect: Step['expect']) =>
        step('anet.verifyKeySet', { ...received(c, 'keySet'), ...options(c) }, expect);
      return [
        ...sides(
          (c) => [verify(c, value({ ...c.expect, chosenHex: c.choose }))],
          (c) => [verify(c, refusal(c.code))],
        )(g),
        ...each(
          g.update,
          (c) => (c.code === undefined ? 'accept' : 'refuse'),
          (c) => [
            step(
              'anet.keySetUpdate',
              { storedHex: c.stored, candidateHex: c.candidate, ...options(c) },
              c.code === undefined ? value(c.outcome) : refusal(c.code),
            ),
          ],
          'update/',
        ),
      ];
    },
  },
  {
    file,
    group: 'anet.resolver',
    pkg,
    // Each case is one first delivery to the recipient, whose key the request carries as its IKM.
    replay: (g: Case) => {
      const open = (c: Case) => ({
        envelopeHex: c.envelope,
        recipient: g.recipient,
        recipientIkmHex: g.recipientIkm,
        nowMs: c.nowMs ?? g.nowMs,
        witnessKeys: { [g.witness]: g.witnessKey },
        ...(c.pinned === undefined ? {} : { pinnedKelHex: g.kels[c.pinned] }),
        acceptedAtMs: c.acceptedAtMs ?? 'receiver-clock',
      });
      return sides(
        (c) => [step('anet.openWithResolver', open(c), value({ senderKeyHex: c.senderKey }))],
        (c) => [refusedNaming('anet.openWithResolver', open(c), c)],
      )(g);
    },
  },
];
