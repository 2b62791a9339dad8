/** The HPKE info of a sealed-envelope layer: CoreDet {1: label, 2: recipient AID, 3: suite, 4: key id}. */
import { encode } from '@agent-seam/coredet-cbor';

export const sealInfo = (label: string, to: string, suite: number, kid: Uint8Array): Uint8Array =>
  encode(
    new Map<number, string | number | Uint8Array>([
      [1, label],
      [2, to],
      [3, suite],
      [4, kid],
    ]),
  );
