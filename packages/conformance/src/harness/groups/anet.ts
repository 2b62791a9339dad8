import { type Case, type OpGroup, refusal, type Step, sides, step, value } from '../replay.js';
import { received, refusedNaming } from './anet-identity.js';

// The groups of @agent-seam/anet as questions (spec/harness.md, "anet").
const pkg = '@agent-seam/anet';
const file = 'anet.json';

/** A pin store holding the named log first (the rollback cases), when the case names one. */
const pinned = (g: Case, c: Case) => (c.pinned === undefined ? {} : { pinnedKelHex: g.kels[c.pinned] });

/** The case's `hour` switch: off by name, or on with the hub's secret at the group's clock. */
function hourOf(g: Case, c: Case): unknown {
  if (c.hour === 'off') return 'off';
  if (c.hour !== 'on') throw new Error(`the vector says hour ${JSON.stringify(c.hour)}, neither on nor off`);
  return { secretHex: g.secret, nowMs: g.nowMs };
}

/** A group of one op over each case: its args, and the value an accepted case expects. */
const oneOp =
  (op: string, args: (g: Case, c: Case) => Case, accepted: (g: Case, c: Case) => unknown) => (g: Case) =>
    sides(
      (c) => [step(op, args(g, c), value(accepted(g, c)))],
      (c) => [refusedNaming(op, args(g, c), c)],
    )(g);

export const anetGroups: OpGroup[] = [
  {
    file,
    group: 'anet.pow',
    pkg,
    replay: oneOp(
      'anet.verifyPow',
      (g, c) => ({
        ...(c.solution === undefined
          ? { solution: { aid: c.aid, seedHex: c.seed, nonceHex: c.nonce } }
          : { input: c.solution }),
        hub: g.hub,
        hour: hourOf(g, c),
        ...(c.bits === undefined ? {} : { bits: c.bits }),
      }),
      (_g, c) => ({ bits: c.zeroBits, hour: c.expect }),
    ),
  },
  {
    file,
    group: 'anet.objects',
    pkg,
    replay: oneOp(
      'anet.verifySignedObject',
      (g, c) => ({
        ...received(c, 'wire'),
        kind: c.kind,
        kelHex: g.kels[c.kel],
        nowMs: g.nowMs,
        ...pinned(g, c),
        ...(c.signer === undefined ? {} : { signer: c.signer }),
      }),
      (_g, c) => ({ kind: c.kind, ...c.expect }),
    ),
  },
  {
    file,
    group: 'anet.messages',
    pkg,
    // A case with a `requestCid` is a result judged against its request; the others are task messages.
    replay: (g: Case) => {
      const ask = (c: Case, expect: Step['expect']) =>
        'requestCid' in c
          ? step(
              'anet.verifyResult',
              { ...received(c, 'bytes'), kelHex: g.kels[c.kel], nowMs: g.nowMs, requestCid: c.requestCid },
              expect,
            )
          : step('anet.readTaskMessage', { kind: c.kind, ...received(c, 'bytes') }, expect);
      return sides(
        (c) => [
          ask(
            c,
            value(
              'requestCid' in c
                ? { kind: 'result', binding: c.expect }
                : { kind: c.kind, version: c.expect, time: c.time },
            ),
          ),
        ],
        (c) => [ask(c, refusal(c.code))],
      )(g);
    },
  },
  {
    file,
    group: 'anet.ledger',
    pkg,
    replay: oneOp(
      'anet.verifyLedger',
      (g, c) => ({ ...received(c, 'ledger'), kelHex: g.kels[c.kel], nowMs: g.nowMs }),
      (g, c) => ({ ...c.expect, genesis: g.genesis }),
    ),
  },
  {
    file,
    group: 'anet.card',
    pkg,
    replay: oneOp(
      'anet.verifyCard',
      (g, c) => ({
        ...received(c, 'card'),
        kelHex: g.kels[c.kel],
        nowMs: g.nowMs,
        ...pinned(g, c),
        variant: c.variant,
      }),
      (_g, c) => c.expect,
    ),
  },
];
