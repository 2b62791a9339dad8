/**
 * The signed-object, message, ledger and card groups of vectors/anet.json, judged here by
 * name (the tests that write out each refusal's detail read their inputs from the vectors).
 */
import { MemoryKelPinStore, replayKel } from '@agent-seam/anet-identity';
import { hex, unwrap } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import {
  readTaskMessage,
  verifyAnetCard,
  verifyLedger,
  verifyResult,
  verifySignedObject,
} from '../src/index.js';

const file = loadVectors<any>('anet.json');
const b = (text: string) => unwrap(hex.decode(text));

function pinsOf(group: any, c: any) {
  if (c.pinned === undefined) return 'off' as const;
  const pins = new MemoryKelPinStore();
  const kel = unwrap(replayKel(b(group.kels[c.pinned]), { now: new Date(group.nowMs) }));
  pins.compareAndSet(kel.aid, undefined, { aid: kel.aid, eventIds: kel.states.map((s) => s.id) });
  return pins;
}

/** The verdict on the refusing case `name` of `group` ('anet.objects', 'anet.messages', 'anet.ledger', 'anet.card'). */
export function judgeRefusal(group: string, name: string) {
  const g = file[group];
  const c = g.refuse.find((x: any) => x.name === name);
  if (c === undefined) throw new Error(`no refusing case ${name} in ${group}`);
  const input = (key: string) => (c.asIs?.includes(key) ? c[key] : b(c[key]));
  const signer = () => ({ kel: b(g.kels[c.kel]), now: new Date(g.nowMs) });
  switch (group) {
    case 'anet.objects':
      return verifySignedObject(input('wire'), {
        kind: c.kind,
        ...signer(),
        pins: pinsOf(g, c),
        signer: c.signer,
      });
    case 'anet.messages':
      return c.kind === undefined
        ? verifyResult(input('bytes'), { ...signer(), pins: 'off', requestCid: c.requestCid })
        : readTaskMessage(c.kind, input('bytes'));
    case 'anet.ledger':
      return verifyLedger(input('ledger'), { ...signer(), pins: 'off' });
    default:
      return verifyAnetCard(input('card'), { ...signer(), pins: pinsOf(g, c), variant: c.variant });
  }
}

/** Every refusing case of `group` by name. */
export const refusalNames = (group: string): string[] => file[group].refuse.map((c: any) => c.name);
