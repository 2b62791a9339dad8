import * as cbor from '@agent-seam/coredet-cbor';
import { compare } from '../../../tools/bench.js';
import { nobleTwin } from '../../../tools/noble-twin.js';

// A CID is SHA-256 of the block plus a few header bytes: on the hashing door as Node
// selects it (node:crypto) against the same source on the door's noble backend (before).
const twin = await nobleTwin<typeof cbor>('coredet-cbor');
for (const size of [100, 1400, 64 * 1024, 1 << 20]) {
  const block = Uint8Array.from({ length: size }, (_, i) => (i * 13) & 0xff);
  const label = size >= 1024 ? `${(size / 1024).toFixed(size >= 1 << 20 ? 0 : 1)} KB` : `${size} B`;
  compare(
    `cid (dag-cbor), ${label} block`,
    { name: 'cid, door (node:crypto)', run: () => cbor.cid(block, { codec: 'dag-cbor' }) },
    [{ name: 'cid, door on noble (before)', run: () => twin.cid(block, { codec: 'dag-cbor' }) }],
  );
}
