import * as wba from '@agent-seam/wba';
import { compare } from '../../../tools/bench.js';
import { nobleTwin } from '../../../tools/noble-twin.js';

// An RFC 7638 thumbprint (the keyid of a Web Bot Auth key): canonical members, UTF-8,
// SHA-256, base64url. On the hashing door as Node selects it (node:crypto) against the
// same source on the door's noble backend (before).
const twin = await nobleTwin<typeof wba>('wba');
const jwk = { kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs' };
if (!wba.thumbprint(jwk).ok) throw new Error('bench setup: the JWK has no thumbprint');
compare(
  'thumbprint, Ed25519 JWK',
  { name: 'thumbprint, door (node:crypto)', run: () => wba.thumbprint(jwk) },
  [{ name: 'thumbprint, door on noble (before)', run: () => twin.thumbprint(jwk) }],
);
