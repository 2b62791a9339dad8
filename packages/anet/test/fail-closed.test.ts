import { MemoryKelPinStore } from '@agent-seam/anet-identity';
import { hex, unwrap } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { holdFailClosed } from '../../../tools/required-options.ts';
import * as anet from '../src/index.js';
import {
  MemoryRelayReplayWindow,
  openBucket,
  openDirEntry,
  verifyAnetCard,
  verifyAnetCardAsync,
  verifyHubRequest,
  verifyHubRequestAsync,
  verifyLedger,
  verifyLedgerAsync,
  verifyPow,
  verifyResult,
  verifyResultAsync,
  verifySignedObject,
  verifySignedObjectAsync,
} from '../src/index.js';

// One accepted case of each group of vectors/anet.json, judged with only its required options.
const file = loadVectors<any>('anet.json');
const b = (text: string) => unwrap(hex.decode(text));
const first = (group: string, keep: (c: any) => boolean = () => true) => {
  const found = file[group].accept.find(keep);
  if (found === undefined) throw new Error(`${group} has no accepted case of that shape`);
  return found;
};
const clockOf = (group: string) => new Date(file[group].nowMs);
/** The clock and a fresh pin store: what every verifier of a signer's log cannot do without. */
const clockAndPins = (group: string) => () => ({ now: clockOf(group), pins: new MemoryKelPinStore() });

const relay = file['anet.relay-auth'];
const request = first(
  'anet.relay-auth',
  (c) => c.before === undefined && c.allowV1 === undefined && c.replay === undefined && c.kel === 'agent',
).request;
const record = () => ({
  method: request.method,
  url: request.url,
  headers: request.headers,
  body: b(request.body),
});
const hubGiven = () => ({
  action: first('anet.relay-auth', (c) => c.request === request).action,
  hub: relay.hub,
  kels: (aid: string) => b(relay.kels[relay.aids[aid]]),
  signerClass: 'agent',
});
const hubRequired = () => ({
  ...clockAndPins('anet.relay-auth')(),
  replay: new MemoryRelayReplayWindow(),
});

const pow = file['anet.pow'];
const solution = first('anet.pow', (c) => c.hour === 'on' && c.bits === undefined);
const powCall = (o: Record<string, unknown>) =>
  verifyPow({ aid: solution.aid, seed: b(solution.seed), nonce: b(solution.nonce) }, {
    hub: pow.hub,
    ...o,
  } as never);

const dir = file['anet.directory'];
const entry = first('anet.directory', (c) => 'box' in c && c.expect.notice === 'verified');
const bucket = first('anet.directory', (c) => 'bucket' in c && c.notices !== 'off');
const dirRequired = () => ({
  ...clockAndPins('anet.directory')(),
  notices: { witnessKeys: { [dir.witness]: b(dir.witnessKey) } },
});

const objects = file['anet.objects'];
const object = first('anet.objects', (c) => c.pinned === undefined && c.asIs === undefined);
const objectGiven = () => ({ kind: object.kind, kel: b(objects.kels[object.kel]), signer: object.signer });

const messages = file['anet.messages'];
const result = first('anet.messages', (c) => 'requestCid' in c && c.requestCid !== 'off');
const resultRequired = () => ({ ...clockAndPins('anet.messages')(), requestCid: result.requestCid });

const ledgers = file['anet.ledger'];
const ledger = first('anet.ledger', (c) => c.expect.events > 1);
const eventPins = Array.from({ length: ledger.expect.events }, (_, i) => `events.${i}.pin`);

const cards = file['anet.card'];
const card = first('anet.card', (c) => c.pinned === undefined);
const cardGiven = () => ({ kel: b(cards.kels[card.kel]), variant: card.variant });

type Spec = Parameters<typeof holdFailClosed>[1][string] & object;
/** A verifier and its ...Async twin, held to the same options: one spec, two entries. */
const twins = (name: string, sync: Spec['call'], async: Spec['call'], spec: Omit<Spec, 'call'>) => ({
  [name]: { ...spec, call: sync },
  [`${name}Async`]: { ...spec, call: async },
});
const withKel = (kels: Record<string, string>, c: { kel: string }) => (o: Record<string, unknown>) =>
  ({ kel: b(kels[c.kel]!), ...o }) as never;

holdFailClosed(anet, {
  ...twins(
    'verifyHubRequest',
    (o) => verifyHubRequest(record(), o as never),
    (o) => verifyHubRequestAsync(record(), o as never),
    { given: hubGiven, required: hubRequired, optOut: { pins: ['pin'], replay: ['replay'] } },
  ),
  verifyPow: {
    call: powCall,
    required: () => ({ hour: { secret: b(pow.secret), now: new Date(pow.nowMs) } }),
    optOut: { hour: ['hour'] },
  },
  openDirEntry: {
    call: (o) => openDirEntry(b(entry.box), { aid: entry.aid, ...o } as never),
    required: dirRequired,
    optOut: { pins: ['pin'], notices: ['notice'] },
  },
  openBucket: {
    call: (o) => openBucket(b(bucket.bucket), { aid: bucket.aid, ...o } as never),
    required: dirRequired,
    optOut: { pins: ['entry.pin'], notices: ['entry.notice'] },
  },
  ...twins(
    'verifySignedObject',
    (o) => verifySignedObject(b(object.wire), o as never),
    (o) => verifySignedObjectAsync(b(object.wire), o as never),
    { given: objectGiven, required: clockAndPins('anet.objects'), optOut: { pins: ['pin'] } },
  ),
  ...twins(
    'verifyResult',
    (o) => verifyResult(b(result.bytes), withKel(messages.kels, result)(o)),
    (o) => verifyResultAsync(b(result.bytes), withKel(messages.kels, result)(o)),
    { required: resultRequired, optOut: { pins: ['receipt.pin'], requestCid: ['binding'] } },
  ),
  ...twins(
    'verifyLedger',
    (o) => verifyLedger(b(ledger.ledger), withKel(ledgers.kels, ledger)(o)),
    (o) => verifyLedgerAsync(b(ledger.ledger), withKel(ledgers.kels, ledger)(o)),
    { required: clockAndPins('anet.ledger'), optOut: { pins: eventPins } },
  ),
  ...twins(
    'verifyAnetCard',
    (o) => verifyAnetCard(b(card.card), o as never),
    (o) => verifyAnetCardAsync(b(card.card), o as never),
    { given: cardGiven, required: clockAndPins('anet.card'), optOut: { pins: ['pin'] } },
  ),
});
