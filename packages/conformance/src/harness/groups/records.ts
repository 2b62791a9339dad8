import { type Case, each, type OpGroup, refusal, type Step, sides, step, textHex, value } from '../replay.js';

// The signed records of @agent-seam/did as questions (spec/harness.md, "did records"):
// device bindings, owner states and the key-state ratchet.
const pkg = '@agent-seam/did';

/** The owner whose state ownerState's refusals are asked about when a case names none (seed 0x1f). */
const OWNER_ROOT = 'did:key:z6MkixsGj3MVGKMug2VMC2JbtzX3UjaAcfRs7G1RjbSnZJaH';

/** A group of accepted `cases` and refused `reject` cases, each side's questions made with the group at hand. */
const casesAndRejects =
  (accept: (c: Case, g: Case) => Step[], refuse: (c: Case, g: Case) => Step[]) => (g: Case) => [
    ...each(g.cases, 'accept', (c) => accept(c, g), 'cases/'),
    ...each(g.reject, 'refuse', (c) => refuse(c, g), 'reject/'),
  ];

/** A record's members but its signatures. */
const unsigned = (record: Case, signatures = ['sig']) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => !signatures.includes(k)));

export const recordGroups: OpGroup[] = [
  {
    file: 'wire_vectors.json',
    group: 'binding',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => [
        step(
          'binding.payload',
          { rootDid: c.rootDid, deviceDid: c.deviceDid, ts: c.ts },
          value(textHex(c.bindingPayload)),
        ),
      ]),
  },
  {
    file: 'wire_vectors.json',
    group: 'bindingV2',
    pkg,
    // Made from both seeds and read back at the group's clock for the case's device; the
    // verified binding is its members but the two signatures.
    replay: casesAndRejects(
      (c, g) => [
        step(
          'binding.payloadV2',
          { rootDid: c.rootDid, deviceDid: c.deviceDid, ts: c.ts, validUntil: c.validUntil },
          value(textHex(c.bindingPayload)),
        ),
        step(
          'binding.signV2',
          { ts: c.ts, validUntil: c.validUntil, ownerSeedHex: c.ownerSeed, deviceSeedHex: c.deviceSeed },
          value(c.binding),
        ),
        step(
          'binding.verifyV2',
          { binding: c.binding, expectedDeviceDid: c.deviceDid, now: g.checkNow },
          value(unsigned(c.binding, ['sig', 'deviceSig'])),
        ),
      ],
      (c, g) => [
        step(
          'binding.verifyV2',
          { binding: c.input, expectedDeviceDid: c.expectedDeviceDid, now: g.checkNow },
          refusal(c.code),
        ),
      ],
    ),
  },
  {
    file: 'wire_vectors.json',
    group: 'ownerState',
    pkg,
    // Read under its root, signed again from the seed, and its signed bytes the seam form of
    // its members but `sig`.
    replay: casesAndRejects(
      (c) => [
        step(
          'owner.verifyState',
          { record: c.record, rootDid: c.rootDid },
          value({ rootDid: c.rootDid, epoch: c.epoch, revoked: c.record.revoked, ts: c.ts }),
        ),
        step(
          'owner.signState',
          { epoch: c.record.epoch, revoked: c.record.revoked, ts: c.record.ts, ownerSeedHex: c.ownerSeed },
          value(c.record),
        ),
        step(
          'canonical.write',
          { profile: 'seam', json: JSON.stringify(unsigned(c.record)) },
          value(textHex(c.statePayload)),
        ),
      ],
      (c) => [
        step(
          'owner.verifyState',
          { record: c.input, rootDid: c.expectedRootDid ?? OWNER_ROOT },
          refusal(c.code),
        ),
      ],
    ),
  },
  {
    file: 'wire_vectors.json',
    group: 'reject.keystate',
    pkg,
    // The ratchet: both sides answer the operational DID it resolves to (a refusal is a
    // resolution that does not follow the inline record).
    replay: (g: Case) => {
      const resolves = (c: Case) => [
        step(
          'keystate.resolveOpDid',
          { rootDid: g.rootDid, inline: c.inline, now: g.checkNow, pinned: c.pinned ?? null },
          value(c.expect),
        ),
      ];
      return sides(resolves, resolves)(g);
    },
  },
];
