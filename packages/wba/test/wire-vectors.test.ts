import {
  ledgerGroup,
  loadInterop,
  opGroup,
  packageImplementation,
  replayGroups,
} from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { rejectedSeamError } from '../../../tools/thrown.ts';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { didOps } from '../../cli/src/conformance/ops/did.js';
import { wbaOpTable } from '../../cli/src/conformance/ops/wba.js';
import { DIRECTORY_CHECKS, REQUEST_CHECKS, verifyRequestAsync } from '../src/index.js';

const TITLES = new Set([...REQUEST_CHECKS, ...DIRECTORY_CHECKS].map((c) => c.title));
/**
 * Issue 32: a refusal says what failed in the terms of the input, never the title of a
 * check (the titles stay in REQUEST_CHECKS and DIRECTORY_CHECKS). Every verdict the ops
 * give passes here before it becomes an answer; a bad detail makes its case disagree.
 */
function detailed(verdict: { ok: boolean; detail?: string }): void {
  if (verdict.ok) return;
  expect(typeof verdict.detail, 'a refusal carries a detail').toBe('string');
  expect(verdict.detail!.length).toBeGreaterThan(0);
  expect(TITLES.has(verdict.detail!), 'a detail is never a check title').toBe(false);
}
// vectors/wire_vectors.json's Web Bot Auth groups replayed through their op replayers
// (spec/harness.md, "wba").
// webBotAuth's keys ask for their DID too, which @agent-seam/did answers.
const {
  ledger,
  doc: ours,
  impl,
} = replayGroups(it, describe, {
  file: 'wire_vectors.json',
  package: '@agent-seam/wba',
  ops: { ...didOps, ...wbaOpTable(detailed) },
  groups: [
    'wba.profile',
    'wba.directory',
    'wba.directory.current',
    'wba.dictionary',
    'wba.key-window',
    'wba.card',
    'wba.registry',
    'wba.discovery',
    'wba.request',
    'wba.signature-agent',
    'wba.fetch',
    'wba.replay',
    'wba.structured-fields',
  ],
});
// jwk.refuse's JWK readers are not the verifiers issue 32 is about (a key type they do not
// know is refused without a detail).
const detailFree = packageImplementation('@agent-seam/wba', wbaOpTable());

describe('webBotAuth (upstream group, reproduced from its seed)', () => {
  const upstream = loadInterop('agent-seam-latest/wire_vectors.json')?.webBotAuth;
  if (upstream == null) {
    it('interop data absent', () => ledger.interopMissing('webBotAuth'));
    return;
  }
  // One check per question: each key's JWK, thumbprint input, thumbprint and DID; the
  // request and directory made from the seed, their bases, and each read back.
  ledgerGroup(it, ledger, impl, opGroup('webBotAuth'), upstream, { perStep: true, interop: true });
  it('vectors/wire_vectors.json reproduces the upstream group value for value', () =>
    ledger.accept(
      'webBotAuth',
      'vectors/wire_vectors.json reproduces the upstream group value for value',
      () => {
        const { note: _a, ...mine } = ours.webBotAuth;
        const { note: _b, ...theirs } = upstream;
        expect(mine).toEqual(theirs);
      },
      { interop: true },
    ));
});

describe('jwk.refuse', () => ledgerGroup(it, ledger, detailFree, opGroup('jwk.refuse'), ours['jwk.refuse']));

it('verifyRequestAsync rejects on a caller error, as the sync verifier throws', async () => {
  const g = ours['wba.profile'];
  const options = {
    headers: g.accept[0].headers,
    authority: g.authority,
    jwks: g.jwks,
    replay: 'off' as const,
  };
  expect(
    (await rejectedSeamError(verifyRequestAsync({ ...options, now: undefined as never }))).message,
  ).toMatch(/now/);
});
