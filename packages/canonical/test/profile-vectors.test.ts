import { type ParseOptions, type ProfileName, parseJSON } from '@agent-seam/canonical';
import { replayGroups } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { canonicalOps } from '../../cli/src/conformance/ops/canonical.js';
import { fromHex } from './helpers.js';

/** This repository's own groups in vectors/canonical_profiles.json. */
interface BoundaryCase {
  name: string;
  profile: ProfileName;
  options?: ParseOptions;
  /** Exactly one: the bytes as hex, a string document, or a value of the wrong type. */
  documentHex?: string;
  documentText?: string;
  documentValue?: unknown;
  canonical?: string;
  code?: string;
}
interface SignCase {
  name: string;
  profile: ProfileName;
  construct: string;
  canonical?: string;
  code?: string;
  path?: string;
}

interface SwarmCase {
  name: string;
  payloadJson: string;
  canonical: string;
  utf8Hex: string;
  sha256: string;
  contrast?: { profile: ProfileName; canonical?: string; code?: string };
}
type NonFiniteCase = BoundaryCase & Partial<SignCase>;
interface ProfilesFile {
  'canonical.parseBoundary': { accept: BoundaryCase[]; refuse: BoundaryCase[] };
  'canonical.duplicateKeys': { accept: BoundaryCase[]; refuse: BoundaryCase[] };
  'canonical.nonFinite': { accept: NonFiniteCase[]; refuse: NonFiniteCase[] };
  'canonical.signSide': { accept: SignCase[]; refuse: SignCase[] };
  'profile.swarmrelay-v1': {
    accept: SwarmCase[];
    refuse: { name: string; documentHex: string; code: string }[];
  };
}

// Each group one describe block; profile.swarmrelay-v1 asks each question its own check:
// the bytes read, written from the value, hashed, and the contrast.
const { doc: file } = replayGroups<ProfilesFile>(it, describe, {
  file: 'canonical_profiles.json',
  package: '@agent-seam/canonical',
  ops: canonicalOps,
  groups: [
    'canonical.parseBoundary',
    'canonical.signSide',
    'profile.swarmrelay-v1',
    'canonical.duplicateKeys',
    'canonical.nonFinite',
  ],
  options: (group) => ({ perStep: group === 'profile.swarmrelay-v1' }),
});
const boundary = file['canonical.parseBoundary'];
const sign = file['canonical.signSide'];
const swarm = file['profile.swarmrelay-v1'];
const duplicates = file['canonical.duplicateKeys'];
const nonFinite = file['canonical.nonFinite'];

it('the file holds the cases this suite counts on', () => {
  expect([boundary.accept.length, boundary.refuse.length]).toEqual([17, 25]);
  expect([sign.accept.length, sign.refuse.length]).toEqual([10, 18]);
  expect([swarm.accept.length, swarm.refuse.length, swarm.accept.filter((c) => c.contrast).length]).toEqual([
    9, 3, 3,
  ]);
  expect([duplicates.accept.length, duplicates.refuse.length]).toEqual([8, 6]);
  expect([nonFinite.accept.length, nonFinite.refuse.length]).toEqual([4, 3]);
});

describe('canonical.duplicateKeys', () => {
  // parseJSON reads with the same default, so both entry points give one verdict.
  it('parseJSON gives every case the verdict canonicalFromJSON gives', () => {
    for (const c of [...duplicates.accept, ...duplicates.refuse]) {
      const v = parseJSON(fromHex(c.documentHex!), { ...c.options, profile: c.profile });
      expect(v.ok ? 'accepted' : v.code, c.name).toBe(c.code ?? 'accepted');
    }
  });
});
