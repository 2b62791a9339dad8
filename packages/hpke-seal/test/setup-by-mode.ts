import {
  type deriveKeyPair,
  type RecipientOptions,
  type SenderOptions,
  setupAuthPSKR,
  setupAuthPSKS,
  setupAuthR,
  setupAuthS,
  setupBaseR,
  setupBaseS,
  setupPSKR,
  setupPSKS,
} from '../src/index.js';
import type { Mode } from '../src/key-schedule.js';

type KeyPair = ReturnType<typeof deriveKeyPair>;

/** What the sender and the recipient setups of any mode are given; each mode takes what it needs. */
export interface ModeParts {
  sender: SenderOptions;
  recipient: RecipientOptions;
  psk: { psk: Uint8Array; pskId: Uint8Array };
  /** The auth modes' sender key pair (absent where the mode is base or psk). */
  senderKeyPair?: KeyPair;
  senderPublicKey: Uint8Array;
}

/** The sender (`s`) and the recipient (`r`) of one RFC 9180 mode: 0 base, 1 psk, 2 auth, 3 auth-psk. */
export function setUpMode(mode: Mode, p: ModeParts) {
  switch (mode) {
    case 0:
      return { s: setupBaseS(p.sender), r: setupBaseR(p.recipient) };
    case 1:
      return { s: setupPSKS({ ...p.sender, ...p.psk }), r: setupPSKR({ ...p.recipient, ...p.psk }) };
    case 2:
      return {
        s: setupAuthS({ ...p.sender, senderKeyPair: p.senderKeyPair! }),
        r: setupAuthR({ ...p.recipient, senderPublicKey: p.senderPublicKey }),
      };
    default:
      return {
        s: setupAuthPSKS({ ...p.sender, ...p.psk, senderKeyPair: p.senderKeyPair! }),
        r: setupAuthPSKR({ ...p.recipient, ...p.psk, senderPublicKey: p.senderPublicKey }),
      };
  }
}
