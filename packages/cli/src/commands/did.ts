import { base64Strict, base64urlStrict, explainVerdict, hex, unwrap } from '@agent-seam/canonical';
import { encPublicKey, encPublicKeyPq } from '@agent-seam/cryptobox';
import {
  didFromPublicKey,
  jwkFromPublicKey,
  keyPairFromSeed,
  publicKeyFromDid,
  VERIFICATION_KEY_CHECKS,
  verificationKeyFromDid,
} from '@agent-seam/did';
import { thumbprint } from '@agent-seam/wba';
import { type Command, str } from '../command.js';
import { checksText } from '../explain.js';
import { EXIT, print, printJson, readSeed, UsageError } from '../io.js';
import { codeAndDetail } from './shared.js';

/** A public key as typed: 64 hex characters or 43 base64url characters (32 bytes). */
function publicKeyText(text: string): Uint8Array | null {
  const bytes = /^[0-9a-fA-F]{64}$/.test(text)
    ? hex.decode(text.toLowerCase())
    : base64urlStrict.decode(text);
  return bytes.ok && bytes.value.length === 32 ? bytes.value : null;
}

export const did: Command = {
  name: 'did',
  summary: 'an identity in every spelling: did:key, key hex/base64url, JWK, thumbprint, encryption keys',
  usage: `usage: seam did did:key:z6Mk...|PUBKEY [--json]
       seam did --seed-file FILE [--json]

Shows one Ed25519 identity in every spelling the packages use: the did:key, the
public key in hex and base64url, the JWK, its RFC 7638 thumbprint (the Web Bot Auth
keyid). From a seed it also shows the encryption public keys a peer seals boxes to:
the X25519 encPub and the ML-KEM-768 public key (box v2); they are derived from the
seed, so a public key alone cannot give them.

  PUBKEY            the 32-byte public key as 64 hex or 43 base64url characters
  --seed-file FILE  the 32-byte seed as 64 hex characters in a file. A seed is never
                    taken on the command line (it would land in your shell history).
  --json            one JSON object

exit: 0 shown, 1 the DID or key is refused (the check that refused is shown),
      2 bad command line, 4 unreadable seed file`,
  example: `  $ seam did did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK
  did:key             did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK
  public key (hex)    3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29
  ...`,
  options: { 'seed-file': { type: 'string' } },
  run(values, positionals) {
    const seedFile = str(values['seed-file']);
    if ((seedFile === undefined) === (positionals.length !== 1))
      throw new UsageError(
        'seam did takes one did:key or public key, or --seed-file FILE; see seam did --help',
      );
    const seed = seedFile !== undefined ? readSeed(seedFile) : null;
    let didText: string;
    if (seed !== null) didText = didFromPublicKey(keyPairFromSeed(seed).publicKey);
    else if (positionals[0]!.startsWith('did:')) didText = positionals[0]!;
    else {
      const key = publicKeyText(positionals[0]!);
      if (key === null)
        throw new UsageError(
          'a public key is 64 hex or 43 base64url characters (32 bytes); a DID starts did:key:',
        );
      didText = didFromPublicKey(key);
    }
    const decoded = publicKeyFromDid(didText);
    if (decoded.ok && decoded.value.curve === 'p256') {
      const out = { did: didText, curve: 'p256', publicKeyHex: hex.encode(decoded.value.publicKey) };
      if (values.json === true) printJson({ command: 'did', ok: true, ...out });
      else
        print(
          `did:key             ${out.did}\ncurve               P-256\npublic key (hex)    ${out.publicKeyHex}`,
        );
      return EXIT.ok;
    }
    const verdict = verificationKeyFromDid(didText);
    if (!verdict.ok) {
      const checks = explainVerdict(VERIFICATION_KEY_CHECKS, verdict);
      if (values.json === true)
        printJson({
          command: 'did',
          ok: false,
          code: verdict.code,
          detail: verdict.detail,
          explain: { checks },
        });
      else print(`refused: not a usable Ed25519 did:key ${codeAndDetail(verdict)}\n${checksText(checks)}`);
      return EXIT.refused;
    }
    const key = verdict.value;
    const jwk = jwkFromPublicKey(key);
    const out: Record<string, unknown> = {
      did: didText,
      publicKeyHex: hex.encode(key),
      publicKeyBase64url: base64urlStrict.encode(key),
      jwk,
      thumbprint: unwrap(thumbprint(jwk)),
    };
    if (seed !== null) {
      out.encPub = base64Strict.encode(encPublicKey(seed));
      out.encPubPq = base64Strict.encode(encPublicKeyPq(seed));
    }
    if (values.json === true) {
      printJson({ command: 'did', ok: true, ...out });
      return EXIT.ok;
    }
    const lines = [
      ['did:key', out.did],
      ['public key (hex)', out.publicKeyHex],
      ['public key (b64url)', out.publicKeyBase64url],
      ['JWK', JSON.stringify(jwk)],
      ['JWK thumbprint', `${out.thumbprint}  (RFC 7638; the Web Bot Auth keyid)`],
    ];
    if (seed !== null) {
      lines.push(['encPub (X25519)', `${out.encPub}  (base64)`]);
      lines.push([
        'ML-KEM-768 public',
        `${(out.encPubPq as string).slice(0, 40)}...  (1184 bytes; --json has it all)`,
      ]);
    }
    print(lines.map(([k, v]) => `${String(k).padEnd(19)} ${v}`).join('\n'));
    return EXIT.ok;
  },
};
