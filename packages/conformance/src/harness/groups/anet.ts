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

/** A hub request as it travels: text as it is, or its parts with the body as `bodyHex`. */
const hubRequest = (r: Case): unknown =>
  typeof r === 'string' ? r : { method: r.method, url: r.url, headers: r.headers, bodyHex: r.body };

/** The logs the hub holds by the group's `aids` (what earlier requests are judged with). */
function hubKels(g: Case): Record<string, string> {
  const kels: Record<string, string> = {};
  for (const [aid, name] of Object.entries(g.aids as Record<string, string>)) kels[aid] = g.kels[name];
  return kels;
}

/** The log the case's own request is judged with: its AID holding the log named by `kel` (none when null). */
function ownKel(g: Case, c: Case): Case {
  const aid = typeof c.request === 'string' ? undefined : c.request.headers?.['X-ANet-AID'];
  return aid === undefined ? {} : { ownKel: { aid, ...(c.kel === null ? {} : { kelHex: g.kels[c.kel] }) } };
}

/** The case's replay window: off by name, a store that fails (`windowFails`), or a fresh memory window. */
function windowOf(c: Case): unknown {
  if (c.replay === 'off') return 'off';
  if (c.windowFails === 'every-call' || c.windowFails === 'commit') return { fails: c.windowFails };
  if (c.windowFails !== undefined)
    throw new Error(
      `the vector says windowFails ${JSON.stringify(c.windowFails)}, neither every-call nor commit`,
    );
  return { memory: c.window ?? {} };
}

/** The directory's `notices` switch: off by name, or the group's witness key. */
function noticesOf(g: Case, c: Case): unknown {
  if (c.notices === 'off') return 'off';
  if (c.notices !== 'witness-key')
    throw new Error(`the vector says notices ${JSON.stringify(c.notices)}, neither witness-key nor off`);
  return { witnessKeys: { [g.witness]: g.witnessKey } };
}

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
  {
    file,
    group: 'anet.relay-auth',
    pkg,
    // The case's earlier requests and then its own, fed in order to one window and one pin
    // store: one question, its value every request's outcome (each earlier one accepted).
    replay: (g: Case) => {
      const verify = (c: Case, last: unknown) => {
        const signerClass = c.signerClass ?? 'agent';
        const earlier = (c.before ?? []).map((r: Case) => ({
          version: 'v2',
          aid: r.headers['X-ANet-AID'],
          seq: Number(r.headers['X-ANet-Seq']),
          bodyHex: r.body,
          replay: signerClass,
        }));
        return [
          step(
            'anet.verifyHubRequests',
            {
              requests: [...(c.before ?? []), c.request].map(hubRequest),
              action: c.action,
              hub: c.hub ?? g.hub,
              nowMs: g.nowMs,
              kels: hubKels(g),
              ...ownKel(g, c),
              ...pinned(g, c),
              window: windowOf(c),
              signerClass,
              ...(c.allowV1 === undefined ? {} : { allowV1: c.allowV1 }),
              ...(c.maxBodyBytes === undefined ? {} : { maxBodyBytes: c.maxBodyBytes }),
            },
            value([...earlier, last]),
          ),
        ];
      };
      return sides(
        (c) =>
          verify(c, {
            ...c.expect,
            bodyHex: c.request.body,
            replay: c.replay === 'off' ? 'off-by-caller' : (c.signerClass ?? 'agent'),
          }),
        (c) => verify(c, { code: c.code }),
      )(g);
    },
  },
  {
    file,
    group: 'anet.directory',
    pkg,
    // A case with a `bucket` asks for the AID's entry in it; the others open one sealed entry.
    replay: (g: Case) => {
      const ask = (c: Case, expect: Step['expect']) => {
        const options = {
          aid: c.aid,
          nowMs: g.nowMs,
          notices: noticesOf(g, c),
          ...(c.maxEntryBytes === undefined ? {} : { maxEntryBytes: c.maxEntryBytes }),
          ...(c.maxBucketBytes === undefined ? {} : { maxBucketBytes: c.maxBucketBytes }),
        };
        return 'bucket' in c
          ? step('anet.openBucket', { ...received(c, 'bucket'), ...options }, expect)
          : step('anet.openDirEntry', { ...received(c, 'box'), ...options }, expect);
      };
      return sides(
        (c) => [ask(c, value({ aid: c.aid, ...c.expect }))],
        (c) => [ask(c, refusal(c.code))],
      )(g);
    },
  },
];
