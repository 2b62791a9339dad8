import {
  anetSenderKeyResolver,
  chooseEncryptionKey,
  keySetUpdate,
  keyStateAt,
  MemoryKelPinStore,
  pinKel,
  pinKelAsync,
  type ReplayedKel,
  replayKel,
  verifyKeySet,
  verifyNotice,
  type WitnessRoots,
} from '@agent-seam/anet-identity';
import { hex, MemoryReplayCache, type Verdict } from '@agent-seam/canonical';
import { deriveKeyPair, keyRingOf, openEnvelope } from '@agent-seam/hpke-seal';
import {
  accepted,
  bytesOf,
  type Case,
  cases,
  type FileReplay,
  Mismatch,
  refused,
  same,
  sides,
} from './replay.js';

const pkg = '@agent-seam/anet-identity';

const value = <T>(v: Verdict<T, string>): T => {
  accepted(v);
  if (!v.ok) throw new Mismatch('unreachable');
  return v.value;
};
/** A received field: bytes from hex, or (named in `asIs`) the JSON value itself, of the wrong type. */
const wire = (c: Case, field: string) => (c.asIs?.includes(field) ? c[field] : bytesOf(c[field]));
const replayed = (kelHex: string, nowMs: number): ReplayedKel =>
  value(replayKel(bytesOf(kelHex), { now: new Date(nowMs) }));
/** A refusal with this code whose detail holds `part` (when the case names one). */
function refusedWith(v: Verdict<unknown, string>, c: Case): void {
  refused(v, c.code);
  if (c.detailHas !== undefined && !(v as { detail?: string }).detail?.includes(c.detailHas))
    throw new Mismatch(`the detail does not name ${c.detailHas}`);
}

export const anetIdentity: FileReplay = {
  file: 'anet_identity.json',
  layout: 'top-level',
  groups: {
    'anet.kel': {
      pkg,
      replay: (g) => {
        const now = new Date(g.nowMs);
        return sides(
          (c) => {
            const kel = value(replayKel(bytesOf(c.kel), { now }));
            same(
              {
                aid: kel.aid,
                version: kel.version,
                kind: kel.kind,
                witness: kel.witness,
                deactivated: kel.deactivated,
              },
              {
                aid: c.aid,
                version: c.version,
                kind: c.kind,
                witness: c.witness,
                deactivated: c.deactivated,
              },
              'log',
            );
            same(
              kel.states.map((s) => [s.status, s.supersededAtMs, s.type, hex.encode(s.key)]),
              c.states,
              'states',
            );
          },
          (c) => refusedWith(replayKel(wire(c, 'kel'), { now }), c),
        )(g);
      },
    },
    'anet.key-state': {
      pkg,
      replay: (g) => {
        const kels = new Map<string, ReplayedKel>();
        const judge = (c: Case) => {
          if (!kels.has(c.kel)) kels.set(c.kel, replayed(g.kels[c.kel], g.nowMs));
          return keyStateAt(kels.get(c.kel)!, {
            ksn: c.ksn,
            tsMs: c.tsMs ?? g.nowMs,
            acceptedAtMs: c.acceptedAtMs ?? c.tsMs ?? g.nowMs,
          });
        };
        return sides(
          (c) => {
            const state = value(judge(c));
            same([state.seq, hex.encode(state.key)], [c.ksn, c.key], 'state');
          },
          (c) => refused(judge(c), c.code),
        )(g);
      },
    },
    'anet.pins': {
      pkg,
      replay: (g) => {
        const run = async (c: Case) => {
          // unavailable: a shared store whose server cannot be reached (every answer rejects).
          const down = () => Promise.reject(new Error('unreachable'));
          const store = c.unavailable === true ? { get: down, compareAndSet: down } : new MemoryKelPinStore();
          for (const step of c.steps) {
            const kel = replayed(g.kels[step.kel], g.nowMs);
            const verdict = c.unavailable === true ? await pinKelAsync(store, kel) : pinKel(store, kel);
            if (step.code === undefined) accepted(verdict, step.outcome);
            else refused(verdict, step.code);
          }
        };
        return sides(run, run)(g);
      },
    },
    'anet.notice': {
      pkg,
      replay: (g) => {
        const kel = (name: string) => bytesOf(g.kels[name]);
        const roots: Record<string, WitnessRoots> = {
          key: { witnessKeys: { [g.witness]: bytesOf(g.witnessKey) } },
          kel: { witnesses: { [g.witness]: kel('hub') } },
          none: { witnessKeys: {} },
          'kel-of-other': { witnesses: { [g.witness]: kel('otherHub') } },
          'kel-as-agent': { witnesses: { [g.witness]: kel('witnessAsAgent') } },
        };
        const judge = (c: Case) =>
          verifyNotice(wire(c, 'notice'), {
            kel: replayed(g.kels[c.kel ?? 'agent'], g.nowMs),
            now: new Date(g.nowMs),
            ...roots[c.roots],
          });
        return sides(
          (c) => {
            const notice = value(judge(c));
            same(
              [notice.aid, notice.witness, notice.witnessKeyFrom],
              [replayed(g.kels.agent, g.nowMs).aid, g.witness, c.from],
              'notice',
            );
          },
          (c) => refused(judge(c), c.code),
        )(g);
      },
    },
    'anet.key-set': {
      pkg,
      replay: (g) => {
        const judge = (c: Case, field = 'keySet') =>
          verifyKeySet(wire(c, field), {
            kel: replayed(g.kels[c.kel ?? 'agent'], c.nowMs ?? g.nowMs),
            now: new Date(c.nowMs ?? g.nowMs),
          });
        const update = (c: Case) => {
          const verdict = keySetUpdate(value(judge(c, 'stored')), value(judge(c, 'candidate')));
          if (c.code === undefined) accepted(verdict, c.outcome);
          else refused(verdict, c.code);
        };
        return [
          ...sides(
            (c) => {
              const set = value(judge(c));
              const mbox =
                set.mbox === undefined
                  ? {}
                  : { mbox: { epoch: set.mbox.epoch, key: hex.encode(set.mbox.key) } };
              same(
                { version: set.version, aid: set.aid, seq: set.seq, keys: set.keys.length, ...mbox },
                c.expect,
                'set',
              );
              const chosen = chooseEncryptionKey(set, c.nowMs ?? g.nowMs);
              if (chosen === undefined || !set.keys.includes(chosen))
                throw new Mismatch('chosen key: not one of the set');
              same(hex.encode(chosen.publicKey), c.choose, 'chosen key');
            },
            (c) => refused(judge(c), c.code),
          )(g),
          ...cases(g.update, update, 'update/'),
        ];
      },
    },
    'anet.resolver': {
      pkg,
      replay: (g) => {
        const recipient = deriveKeyPair(bytesOf(g.recipientIkm));
        const open = (c: Case) => {
          const pins = new MemoryKelPinStore();
          if (c.pinned !== undefined)
            accepted(pinKel(pins, replayed(g.kels[c.pinned], c.nowMs ?? g.nowMs)), 'pinned');
          return openEnvelope(bytesOf(c.envelope), {
            ownAid: g.recipient,
            keyRing: keyRingOf([recipient.privateKey]),
            now: new Date(c.nowMs ?? g.nowMs),
            // Each case is one first delivery: a fresh store judges it once; a session credential, no mailbox.
            replay: new MemoryReplayCache(),
            mailbox: 'off',
            resolveSenderKey: anetSenderKeyResolver({
              witnessKeys: { [g.witness]: bytesOf(g.witnessKey) },
              pins,
              acceptedAtMs: c.acceptedAtMs ?? 'receiver-clock',
            }),
          });
        };
        return sides(
          (c) => same(hex.encode(value(open(c)).senderKey), c.senderKey, 'sender key'),
          (c) => refusedWith(open(c), c),
        )(g);
      },
    },
  },
};
