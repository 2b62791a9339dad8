/**
 * What the cardpub vector suites share: the ledger, vectors/wire_vectors.json and the
 * package's op table, and a group of that file replayed beside the same group upstream.
 */
import { ledgerGroup, loadInterop, opGroup } from '@agent-seam/conformance';
import { expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { cardpubOps } from '../../cli/src/conformance/ops/cardpub.js';
import { openWireVectors } from '../../did/test/helpers.js';

export const { ledger, ours, impl } = openWireVectors('@agent-seam/cardpub', cardpubOps);
const interop = { interop: true };

/**
 * Our cases of `group` replayed one check per step; upstream's (agent-seam-latest) the same
 * way, or one case saying they are absent; and each upstream case reproduced value for
 * value by ours (the same seeds re-derive them).
 */
export function oursBesideUpstream(group: 'cardpub' | 'domainLinkage'): void {
  ledgerGroup(it, ledger, impl, opGroup(group), ours[group], { perStep: true });
  const upstream = loadInterop('agent-seam-latest/wire_vectors.json')?.[group];
  if (upstream == null) {
    it('interop data absent', () => ledger.interopMissing(group));
    return;
  }
  ledgerGroup(it, ledger, impl, opGroup(group), upstream, {
    perStep: true,
    interop: true,
    prefix: 'upstream:',
  });
  upstream.forEach((c: any, i: number) => {
    it(`${c.name}: vectors/wire_vectors.json reproduces it value for value`, () =>
      ledger.accept(group, `${c.name}/reproduced`, () => expect(ours[group][i]).toEqual(c), interop));
  });
}
