import { createPublicKey, diffieHellman } from 'node:crypto';
import { x25519PublicKey, x25519SharedSecret } from '@agent-seam/canonical/x25519';
import { x25519 } from '@noble/curves/ed25519.js';
import { compare } from '../../../tools/bench.js';
import { JWK_PRIVATE_IMPORT, privateKeyFromJwk, privateKeyFromPkcs8 } from '../src/x25519.node.js';

/**
 * The X25519 door on Node (the node:crypto backend) against noble called directly, which
 * is what browsers, Deno, Bun and Workers run and what cryptobox and hpke-seal ran on Node
 * before the door. The bare node:crypto variants are the choices the Node backend measured
 * and did not take (spec/canonical.md): keys imported from DER (PKCS #8 and SPKI) instead of
 * JWK (on Node 24, which refuses the JWK private import, the door takes PKCS #8 itself), and
 * the public key as X25519(k, 9) or exported as SPKI.
 */
const privateKey = Uint8Array.from({ length: 32 }, (_, i) => (i * 29 + 3) & 0xff);
const publicKey = x25519.getPublicKey(Uint8Array.from({ length: 32 }, (_, i) => (i * 17 + 5) & 0xff));
const SPKI = Buffer.from('302a300506032b656e032100', 'hex');
const derPublic = (u: Uint8Array) =>
  createPublicKey({ key: Buffer.concat([SPKI, u]), format: 'der', type: 'spki' });
const jwkPublic = (u: Uint8Array) =>
  createPublicKey({
    key: { kty: 'OKP', crv: 'X25519', x: Buffer.from(u).toString('base64url') },
    format: 'jwk',
  });
const doorPrivate = JWK_PRIVATE_IMPORT ? privateKeyFromJwk : privateKeyFromPkcs8;
const basePoint = jwkPublic(Uint8Array.of(9, ...new Uint8Array(31)));

compare(
  'X25519 shared secret',
  { name: 'door x25519SharedSecret (node:crypto)', run: () => x25519SharedSecret(privateKey, publicKey) },
  [
    { name: 'noble x25519.getSharedSecret', run: () => x25519.getSharedSecret(privateKey, publicKey) },
    {
      name: 'bare diffieHellman, keys from DER',
      run: () =>
        diffieHellman({ privateKey: privateKeyFromPkcs8(privateKey), publicKey: derPublic(publicKey) }),
    },
  ],
);

compare(
  'X25519 public key',
  { name: 'door x25519PublicKey (node:crypto)', run: () => x25519PublicKey(privateKey) },
  [
    { name: 'noble x25519.getPublicKey (Edwards tables)', run: () => x25519.getPublicKey(privateKey) },
    {
      name: 'bare diffieHellman with u = 9',
      run: () => diffieHellman({ privateKey: doorPrivate(privateKey), publicKey: basePoint }),
    },
    {
      name: 'bare createPublicKey, SPKI export',
      run: () =>
        createPublicKey(doorPrivate(privateKey)).export({ format: 'der', type: 'spki' }).subarray(12),
    },
  ],
);
