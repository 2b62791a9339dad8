import {
  fetchDirectory,
  type JwkSet,
  REQUEST_CHECKS,
  signatureBases,
  signRequest,
  type VerifiedSignature,
  verifyRequest,
} from '@agent-seam/wba';
import { type Command, EXPECTED_OPTION, expectedBytes, oneInput, str } from '../command.js';
import { compare, comparisonText } from '../explain.js';
import {
  parseNow,
  print,
  readJson,
  readSeed,
  readText,
  signingTime,
  Unreadable,
  Unverifiable,
  UsageError,
  utf8,
} from '../io.js';
import { printMade, report, trySign } from './shared.js';

/**
 * A raw HTTP request as `curl -v` or a proxy log shows it: the request line, then one
 * header field per line until a blank line (curl's `> ` prefix and its `*`/`<` lines are
 * skipped). Field lines are kept as received, repeated names as a list: combining and
 * judging them is the wba package's job. Only the file format is read here.
 */
export function requestHeaders(text: string): {
  requestLine: string;
  fieldLines: string[];
  headers: Record<string, string[]>;
} {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => !/^[*<{}] ?/.test(l))
    .map((l) => l.replace(/^> ?/, ''));
  while (lines.length > 0 && lines[0] === '') lines.shift();
  const requestLine = lines.shift() ?? '';
  if (!/^[A-Z]+ \S+( HTTP\/\d(\.\d)?)?$/.test(requestLine))
    throw new Unreadable(
      'the request file starts with a request line (GET /path HTTP/1.1), then header lines',
    );
  const headers: Record<string, string[]> = {};
  const fieldLines: string[] = [];
  for (const line of lines) {
    if (line === '') break;
    fieldLines.push(line);
    const colon = line.indexOf(':');
    if (colon <= 0)
      throw new Unreadable('each header line of the request file is Name: value (as curl -v shows them)');
    const name = line.slice(0, colon).toLowerCase();
    headers[name] = [...(headers[name] ?? []), line.slice(colon + 1)];
  }
  return { requestLine, fieldLines, headers };
}

/** Where the signer's keys come from: a JWK Set file, or its URL under --allow-network. */
async function directory(where: string | undefined, allowNetwork: boolean, now: number): Promise<JwkSet> {
  if (where === undefined)
    throw new UsageError('give --directory FILE|URL: the signer’s key directory (a JWK Set)');
  if (!/^https?:\/\//.test(where)) return readJson(where) as unknown as JwkSet;
  if (!allowNetwork)
    throw new UsageError(
      '--directory is a URL: add --allow-network to fetch it, or give the JWK Set as a file',
    );
  const fetched = await fetchDirectory(where, { fetch: globalThis.fetch as never, now });
  if (!fetched.ok)
    throw new Unverifiable(
      `the key directory at ${where} could not be used [${fetched.code}]${fetched.detail ? `: ${fetched.detail}` : ''}; give it as a file with --directory FILE`,
    );
  return fetched.value.jwks;
}

export const wbaVerify: Command = {
  name: 'wba verify',
  summary: 'verify a Web Bot Auth (RFC 9421) signed HTTP request, and show its signature base',
  usage: `usage: seam wba verify REQUEST|- --directory FILE|URL --authority HOST --now TIME
                       [--target-uri URI] [--allow-network] [--expected FILE] [--json]

Verifies the signature of a raw HTTP request (the request line and header lines, as
curl -v or a proxy log shows them) with @agent-seam/wba's verifyRequest: every check in
order, the refusing one with its code, and each Signature-Input member's RFC 9421
signature base line by line, built from the received headers and your authority.

  --directory FILE|URL  the signer's key directory: a JWK Set file, or a URL (fetched and
                        its own signature verified) only with --allow-network
  --authority HOST      your own authority (host[:port]) as the signer had to cover it;
                        never taken from the request
  --now TIME            when the request arrived: RFC 3339 or Unix seconds (required)
  --target-uri URI      the request's full URI as your server knows it, for a signature
                        that covers @target-uri (never taken from the request)
  --expected FILE       the signature base the signer says it signed: the first
                        differing byte against the first member's base
  --json                one JSON object; checks and bases under "explain"

exit: 0 verified, 1 refused, 2 bad command line, 4 unreadable file,
      6 the key directory URL could not be fetched or verified`,
  example: `  $ seam wba verify request.txt --directory keys.json --authority shop.example \\
      --now 2026-07-17T09:30:00Z`,
  options: {
    directory: { type: 'string' },
    authority: { type: 'string' },
    now: { type: 'string' },
    'allow-network': { type: 'boolean' },
    'target-uri': { type: 'string' },
    ...EXPECTED_OPTION,
  },
  async run(values, positionals) {
    const path = oneInput(wbaVerify, positionals, 'REQUEST');
    const authority = str(values.authority);
    if (authority === undefined)
      throw new UsageError('give --authority HOST: your own host[:port], as the signer had to cover it');
    const nowText = str(values.now);
    if (nowText === undefined)
      throw new UsageError('give --now TIME: when the request arrived (RFC 3339 or Unix seconds)');
    const now = parseNow(nowText)!;
    const { headers } = requestHeaders(readText(path));
    const expected = expectedBytes(values);
    const jwks = await directory(str(values.directory), values['allow-network'] === true, now);
    const bases = signatureBases(headers, authority);
    const members = bases.ok ? bases.value : [];
    const first = members[0]?.base ?? null;
    const json = values.json === true;
    // One run keeps no store of the requests it has seen, so replay is off by name and the
    // headline says so; the check list shows the replay check as not made.
    const targetUri = str(values['target-uri']);
    const verdict = verifyRequest({
      headers,
      authority,
      jwks,
      now,
      replay: 'off',
      ...(targetUri === undefined ? {} : { targetUri }),
    });
    const code = report({
      command: 'wba verify',
      checks: REQUEST_CHECKS,
      verdict,
      options: {},
      signed: null,
      expected: undefined,
      json,
      extra: {
        bases: members,
        ...(expected !== undefined && first !== null ? { expected: compare(utf8(first), expected) } : {}),
      },
      okLine: (v: VerifiedSignature) =>
        `signature verified: signed by ${v.did} (keyid ${v.keyid}, label ${v.label}); replay NOT judged: one run keeps no store of the requests it has seen`,
    });
    if (!json) {
      for (const m of members)
        print(
          `signature base of ${m.label}${m.keyid !== undefined ? ` (keyid ${m.keyid})` : ''}, line by line:\n${
            m.base === null
              ? `  cannot be built [${m.code}]`
              : m.base
                  .split('\n')
                  .map((l) => `  ${l}`)
                  .join('\n')
          }`,
        );
      if (expected !== undefined && first !== null)
        print(`--expected: ${comparisonText(compare(utf8(first), expected))}`);
    }
    return code;
  },
};

export const wbaSign: Command = {
  name: 'wba sign',
  summary: 'sign a raw HTTP request for Web Bot Auth with a seed file',
  usage: `usage: seam wba sign REQUEST|- --seed-file SEED --authority HOST [--now TIME]
                     [--expires-in SECONDS] [--signature-agent URL]
                     [--nonce TEXT | --no-nonce] [--json]

Signs a raw HTTP request (request line and header lines) with @agent-seam/wba's
signRequest, covering @authority (and Signature-Agent when given), and writes the
request with its Signature-Input, Signature (and Signature-Agent) lines added.

  --seed-file SEED       the 32-byte seed as 64 hex characters; never on the command line
  --authority HOST       the authority the request is for (host[:port])
  --now TIME             created (RFC 3339 or Unix seconds); default the machine clock
  --expires-in SECONDS   expires - created, 1..600 (default 60)
  --signature-agent URL  where the signer's keys are: sent in Signature-Agent as the member
                         under the signature's label (sig1="URL") and covered as
                         "signature-agent";key="sig1", the form the current drafts require
  --signature-agent-type directory|jwks_uri|cimd
                         how that URL resolves to keys (default directory: an origin)
  --legacy-signature-agent
                         send Signature-Agent as one string instead (drafts before -04)
  --nonce TEXT           the nonce parameter (default: 32 fresh random bytes, base64url,
                         so the verifier's replay store can tell requests apart)
  --no-nonce             send no nonce (the verifier's store then keys by signature)

exit: 0 signed, 1 cannot be signed, 2 bad command line, 4 unreadable file or seed`,
  example: `  $ printf 'GET /catalog HTTP/1.1\\nHost: shop.example\\n' \\
      | seam wba sign - --seed-file bot.seed --authority shop.example > request.txt`,
  options: {
    'seed-file': { type: 'string' },
    authority: { type: 'string' },
    now: { type: 'string' },
    'expires-in': { type: 'string' },
    'signature-agent': { type: 'string' },
    nonce: { type: 'string' },
    'no-nonce': { type: 'boolean' },
    'signature-agent-type': { type: 'string' },
    'legacy-signature-agent': { type: 'boolean' },
  },
  run(values, positionals) {
    const path = oneInput(wbaSign, positionals, 'REQUEST');
    const seed = readSeed(str(values['seed-file']));
    const authority = str(values.authority);
    if (authority === undefined)
      throw new UsageError('give --authority HOST: the authority the request is for');
    const lifetime = str(values['expires-in']) ?? '60';
    if (!/^[1-9][0-9]{0,5}$/.test(lifetime)) throw new UsageError('--expires-in wants whole seconds, 1..600');
    const text = readText(path);
    const { requestLine, fieldLines } = requestHeaders(text);
    const created = signingTime(str(values.now));
    const agent = str(values['signature-agent']);
    const nonce = str(values.nonce);
    if (nonce !== undefined && values['no-nonce'] === true)
      throw new UsageError('give --nonce TEXT or --no-nonce, not both');
    const signed = trySign(() =>
      signRequest({
        seed,
        authority,
        created,
        expires: created + Number(lifetime),
        ...(agent !== undefined ? { signatureAgent: agent } : {}),
        ...(values['signature-agent-type'] !== undefined
          ? { signatureAgentType: str(values['signature-agent-type']) as 'directory' }
          : {}),
        ...(values['legacy-signature-agent'] === true ? { signatureAgentForm: 'legacy' as const } : {}),
        ...(values['no-nonce'] === true ? { nonce: false } : nonce !== undefined ? { nonce } : {}),
      }),
    );
    return printMade('wba sign', values.json === true, signed, (fields) => {
      const kept = fieldLines.filter((l) => !(l.slice(0, l.indexOf(':')).toLowerCase() in fields));
      const added = Object.entries(fields).map(([name, v]) => `${name}: ${v}`);
      print([requestLine, ...kept, ...added].join('\n'));
    });
  },
};
