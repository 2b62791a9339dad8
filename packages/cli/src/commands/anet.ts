import {
  BUCKET_CHECKS,
  defaultPowRunner,
  KIND_SPECS,
  openBucket,
  POW_CHECKS,
  type PowTask,
  RELAY_ACTIONS,
  RELAY_CHECKS,
  type RelayAction,
  SIGNED_KINDS,
  SIGNED_OBJECT_CHECKS,
  type SignedKind,
  signHubRequest,
  solvePow,
  verifyHubRequest,
  verifyPow,
  verifySignedObject,
} from '@agent-seam/anet';
import { replayKel } from '@agent-seam/anet-identity';
import { hex } from '@agent-seam/canonical';
import { decodeEntries } from '@agent-seam/coredet-cbor';
import { type Command, oneInput, required, str, type Values } from '../command.js';
import {
  EXIT,
  exportStreams,
  parseNow,
  print,
  printJson,
  readInput,
  readSeed,
  signingTime,
  Unreadable,
  UsageError,
  write,
} from '../io.js';
import { kelBytes } from './kel.js';
import { printMade, report, trySign } from './shared.js';
import { requestHeaders } from './wba.js';

/** A raw HTTP request file: the request line and header lines as `seam wba verify` reads them, the body after the blank line. */
function rawRequest(path: string) {
  const raw = readInput(path);
  const text = new TextDecoder().decode(raw);
  const { requestLine, fieldLines, headers } = requestHeaders(text);
  const [method, target] = requestLine.split(' ') as [string, string];
  // The body is the bytes after the first blank line, as received.
  const at = [...text.matchAll(/\r?\n\r?\n/g)][0];
  const head =
    at === undefined ? raw.length : new TextEncoder().encode(text.slice(0, at.index! + at[0].length)).length;
  return { requestLine, fieldLines, headers, method, target, body: raw.subarray(head) };
}

function action(values: Values): RelayAction {
  const a = required(values.action, '--action', `ACTION (one of ${RELAY_ACTIONS.join(', ')})`);
  if (!RELAY_ACTIONS.includes(a as RelayAction))
    throw new UsageError(`--action is one of ${RELAY_ACTIONS.join(', ')}`);
  return a as RelayAction;
}

function hexOption(values: Values, flag: string, what: string): Uint8Array {
  const text = required(values[flag], `--${flag}`, what);
  const bytes = hex.decode(text.toLowerCase());
  if (!bytes.ok) throw new UsageError(`--${flag} is hex`);
  return bytes.value;
}

function judgedNow(values: Values, what: string): number {
  const now = parseNow(str(values.now));
  if (now === undefined) throw new UsageError(`give --now TIME: ${what} (RFC 3339 or Unix seconds)`);
  return now;
}

export const anetRequestSign: Command = {
  name: 'anet request sign',
  summary: 'sign a raw HTTP request for an ANet hub (X-ANet-* headers, relay auth v2)',
  usage: `usage: seam anet request sign REQUEST|- --action ACTION --hub HUB_AID --aid AID --seq N
                              --seed-file SEED [--now TIME] [--json]

Signs a raw HTTP request (request line, header lines, a blank line, the body) with
@agent-seam/anet's signHubRequest and writes it with X-ANet-AID, X-ANet-TS, X-ANet-Seq
and X-ANet-Sig added: Ed25519 over anet-relay/v2/<action>/<aid>/<hub>/<ts>/<digest of
method, path, query and body>.

  --action ACTION   the endpoint's action (${RELAY_ACTIONS.join(', ')})
  --hub HUB_AID     the AID of the hub the request is for
  --aid AID         your AID; --seq N the key state whose key signs (your log's last)
  --seed-file SEED  the 32-byte seed of that key as 64 hex characters
  --now TIME        the signing time (RFC 3339 or Unix seconds); default the machine clock

exit: 0 signed, 1 cannot be signed, 2 bad command line, 4 unreadable file or seed`,
  example: `  $ seam anet request sign send.http --action send --hub bafyrei...hub --aid bafyrei...me \\
      --seq 1 --seed-file me.seed > send.signed.http`,
  options: {
    action: { type: 'string' },
    hub: { type: 'string' },
    aid: { type: 'string' },
    seq: { type: 'string' },
    'seed-file': { type: 'string' },
    now: { type: 'string' },
  },
  run(values, positionals) {
    const r = rawRequest(oneInput(anetRequestSign, positionals, 'REQUEST'));
    const seed = readSeed(str(values['seed-file']));
    const seq = required(values.seq, '--seq', 'N (the key state whose key signs)');
    if (!/^(0|[1-9][0-9]{0,8})$/.test(seq)) throw new UsageError('--seq is a whole number');
    const signed = trySign(() =>
      signHubRequest(
        {
          action: action(values),
          aid: required(values.aid, '--aid', 'AID (your AID)'),
          hub: required(values.hub, '--hub', 'HUB_AID'),
          seq: Number(seq),
          tsMs: signingTime(str(values.now)) * 1000,
          method: r.method,
          target: r.target,
          body: r.body,
        },
        seed,
      ),
    );
    return printMade('anet request sign', values.json === true, signed, (fields) => {
      const kept = r.fieldLines.filter((l) => !/^x-anet-(aid|ts|seq|sig)\s*:/i.test(l));
      const added = Object.entries(fields).map(([name, v]) => `${name}: ${v}`);
      write(`${[r.requestLine, ...kept, ...added].join('\n')}\n\n`);
      write(r.body);
    });
  },
};

// One run keeps neither a relay window nor a pin store: both are off by name, and said.
const NO_WINDOW = 'single use NOT checked: one run keeps no relay replay window';
const NO_PINS = 'pins NOT checked: one run keeps no pin store of key event logs';
const NO_HOUR = "the seed's hour NOT checked: that needs the hub's secret";
const NO_NOTICES = 'witness notices NOT checked: give --witness-kel FILE to judge them';
const WAIVED = 'NOT everything checked';

export const anetRequestVerify: Command = {
  name: 'anet request verify',
  summary: "verify a signed ANet hub request against the signer's key event log",
  usage: `usage: seam anet request verify REQUEST|- --action ACTION --hub HUB_AID --kel FILE --now TIME
                                [--allow-v1] [--json]

Verifies a raw HTTP request (request line, header lines, a blank line, the body) with
@agent-seam/anet's verifyHubRequest: every check in order, the refusing one with its code.
The signer's key comes from --kel at X-ANet-Seq. Single use is not judged here (a hub
keeps a replay window; the command has none) and no log is pinned: both are said NOT checked.

  --action ACTION  the endpoint's action; --hub HUB_AID your hub's AID
  --kel FILE       the signer's key event log (CoreDet bytes, or hex or base64 of them)
  --now TIME       when the request arrived (RFC 3339 or Unix seconds)
  --allow-v1       accept the deprecated version-1 preimage (poll, ack, register, profile)

exit: 0 verified, 1 refused, 2 bad command line, 4 unreadable file`,
  example: `  $ seam anet request verify send.signed.http --action send --hub bafyrei...hub \\
      --kel me.kel --now 2026-01-04T00:00:00Z`,
  options: {
    action: { type: 'string' },
    hub: { type: 'string' },
    kel: { type: 'string' },
    now: { type: 'string' },
    'allow-v1': { type: 'boolean' },
  },
  run(values, positionals) {
    const r = rawRequest(oneInput(anetRequestVerify, positionals, 'REQUEST'));
    const kel = kelBytes(required(values.kel, '--kel', "FILE (the signer's key event log)"));
    const now = judgedNow(values, 'when the request arrived');
    const verdict = verifyHubRequest(
      { method: r.method, url: r.target, headers: r.headers, body: r.body },
      {
        action: action(values),
        hub: required(values.hub, '--hub', 'HUB_AID (your hub)'),
        now,
        kels: () => kel,
        pins: 'off',
        replay: 'off',
        allowV1: values['allow-v1'] === true,
      },
    );
    return report({
      command: 'anet request verify',
      checks: RELAY_CHECKS,
      verdict: verdict.ok
        ? {
            ok: true,
            value: {
              version: verdict.value.version,
              aid: verdict.value.aid,
              seq: verdict.value.seq,
              tsMs: verdict.value.tsMs,
            },
          }
        : verdict,
      options: {},
      signed: null,
      expected: undefined,
      json: values.json === true,
      extra: { judged: { replay: NO_WINDOW, pins: NO_PINS } },
      said: [NO_WINDOW, NO_PINS],
      // Never "verified" with checks waived (the rule of every verify command, spec/cli.md).
      okLine: () =>
        verdict.ok
          ? `signature valid, ${WAIVED}: ${verdict.value.action} by ${verdict.value.aid} (key state ${verdict.value.seq}, ${verdict.value.version})`
          : '',
    });
  },
};

export const anetPowSolve: Command = {
  name: 'anet pow solve',
  summary: 'solve an ANet registration proof of work (a worker thread)',
  usage: `usage: seam anet pow solve --hub HUB_AID --aid AID --seed HEX [--json]

Finds a nonce (8 bytes, printed as hex) such that SHA-256("anet-regpow/v1" 0 hub 0 aid
0 seed nonce) begins with 22 zero bits, with @agent-seam/anet's solvePow on a worker
thread. About four million tries on average; a progress line on a terminal.

  --seed HEX   the seed the hub handed out

exit: 0 solved, 2 bad command line`,
  example: `  $ seam anet pow solve --hub bafyrei...hub --aid bafyrei...me --seed 6f1c...
  00000000001534ab`,
  options: { hub: { type: 'string' }, aid: { type: 'string' }, seed: { type: 'string' } },
  async run(values) {
    const hub = required(values.hub, '--hub', 'HUB_AID');
    const aid = required(values.aid, '--aid', 'AID');
    const seed = hexOption(values, 'seed', 'HEX (the seed the hub handed out)');
    const terminal = exportStreams().stderrIsTerminal !== false && process.stderr.isTTY === true;
    let tried = 0;
    const runner = async (task: PowTask) => {
      const found = await defaultPowRunner(task);
      tried += task.count;
      if (terminal && found === null)
        process.stderr.write(`\rsolving: ${tried.toLocaleString('en')} nonces tried`);
      return found;
    };
    const started = performance.now();
    const found = await solvePow({ hub, aid, seed }, { runner });
    if (terminal) process.stderr.write('\n');
    const ms = Math.round(performance.now() - started);
    if (values.json === true)
      printJson({
        command: 'anet pow solve',
        ok: true,
        nonce: hex.encode(found.nonce),
        attempts: found.attempts,
        ms,
      });
    else print(hex.encode(found.nonce));
    return EXIT.ok;
  },
};

export const anetPowVerify: Command = {
  name: 'anet pow verify',
  summary: 'check an ANet registration proof of work (the work; the seed’s hour needs the hub secret)',
  usage: `usage: seam anet pow verify --hub HUB_AID --aid AID --seed HEX --nonce HEX [--json]

Checks a proof of work with @agent-seam/anet's verifyPow: the nonce at most 32 bytes and
22 leading zero bits. The seed's hour is not judged (that needs the hub's secret): the
output says so.

exit: 0 verified, 1 refused, 2 bad command line`,
  example: `  $ seam anet pow verify --hub bafyrei...hub --aid bafyrei...me --seed 6f1c... --nonce 00000000001534ab`,
  options: {
    hub: { type: 'string' },
    aid: { type: 'string' },
    seed: { type: 'string' },
    nonce: { type: 'string' },
  },
  run(values) {
    const verdict = verifyPow(
      {
        aid: required(values.aid, '--aid', 'AID'),
        seed: hexOption(values, 'seed', 'HEX (the seed the hub handed out)'),
        nonce: hexOption(values, 'nonce', 'HEX'),
      },
      { hub: required(values.hub, '--hub', 'HUB_AID'), hour: 'off' },
    );
    return report({
      command: 'anet pow verify',
      checks: POW_CHECKS,
      verdict,
      options: {},
      signed: null,
      expected: undefined,
      json: values.json === true,
      extra: { judged: { hour: NO_HOUR } },
      said: [NO_HOUR],
      okLine: () => (verdict.ok ? `work valid, ${WAIVED}: ${verdict.value.bits} leading zero bits` : ''),
    });
  },
};

/** The kind of a signed object: --kind, or the version-2 tag at key 0 of its object. */
function kindOf(values: Values, wire: Uint8Array): SignedKind {
  const given = str(values.kind);
  if (given !== undefined) {
    if (!SIGNED_KINDS.includes(given as SignedKind))
      throw new UsageError(`--kind is one of ${SIGNED_KINDS.join(', ')}`);
    return given as SignedKind;
  }
  const entries = decodeEntries(wire);
  const object = entries.ok ? entries.value.find((e) => e.key === 1) : undefined;
  const inner = object === undefined ? undefined : decodeEntries(object.valueBytes);
  const tag = inner?.ok ? inner.value.find((e) => e.key === 0)?.value : undefined;
  const kind = SIGNED_KINDS.find((k) => KIND_SPECS[k].tag === tag);
  if (kind === undefined)
    throw new UsageError(`the object carries no version-2 tag: give --kind (${SIGNED_KINDS.join(', ')})`);
  return kind;
}

export const anetObjectVerify: Command = {
  name: 'anet object verify',
  summary: 'verify an ANet signed object ({1: object, 2: AObj envelope}) against its signer’s log',
  usage: `usage: seam anet object verify FILE --kel FILE --now TIME [--kind KIND] [--signer AID] [--json]

Verifies a signed object in its wire form with @agent-seam/anet's verifySignedObject:
every check in order, the refusing one with its code. The signer's key comes from --kel
at the envelope's key state, judged at the object's own time.

  --kel FILE     the signer's key event log (CoreDet bytes, or hex or base64 of them)
  --now TIME     your clock (the log is replayed at it)
  --kind KIND    ${SIGNED_KINDS.join(', ')}; read from a version-2 object's tag when left out
  --signer AID   who you expect signed (required for a payment-receipt)

exit: 0 verified, 1 refused, 2 bad command line, 4 unreadable file`,
  example: `  $ seam anet object verify receipt.cbor --kel provider.kel --now 2026-01-04T00:00:00Z`,
  options: {
    kel: { type: 'string' },
    now: { type: 'string' },
    kind: { type: 'string' },
    signer: { type: 'string' },
  },
  run(values, positionals) {
    const wire = kelBytes(oneInput(anetObjectVerify, positionals));
    const kind = kindOf(values, wire);
    const signer = str(values.signer);
    if (KIND_SPECS[kind].signerField === undefined && signer === undefined)
      throw new UsageError(`a ${kind} names no signer: give --signer AID`);
    const verdict = verifySignedObject(wire, {
      kind,
      kel: kelBytes(required(values.kel, '--kel', "FILE (the signer's key event log)")),
      now: judgedNow(values, 'your clock'),
      pins: 'off',
      ...(signer === undefined ? {} : { signer }),
    });
    return report({
      command: 'anet object verify',
      checks: SIGNED_OBJECT_CHECKS,
      verdict: verdict.ok
        ? {
            ok: true,
            value: {
              kind,
              version: verdict.value.version,
              cid: verdict.value.cid,
              signer: verdict.value.envelope.signer,
            },
          }
        : verdict,
      options: {},
      signed: verdict.ok ? verdict.value.objectBytes : null,
      expected: undefined,
      json: values.json === true,
      extra: { judged: { pins: NO_PINS } },
      said: [NO_PINS],
      okLine: () =>
        verdict.ok
          ? `signature valid, ${WAIVED}: a ${verdict.value.version} ${kind} signed by ${verdict.value.envelope.signer}, CID ${verdict.value.cid}`
          : '',
    });
  },
};

export const anetDirOpen: Command = {
  name: 'anet dir open',
  summary: "find and open an AID's entry in an ANet directory bucket",
  usage: `usage: seam anet dir open BUCKET_FILE --aid AID --now TIME [--witness-kel FILE] [--json]

Opens the entry of AID in a bucket (the CoreDet array the hub answers with) with
@agent-seam/anet's openBucket: entries under other hashes are not looked at, one that does
not open or is not judged good is skipped (and listed). The entry's log and key set are
judged; its witness notice too when you give the witness hub's log.

  --aid AID             the AID you look up (its hash finds, its key opens the entry)
  --now TIME            your clock (RFC 3339 or Unix seconds)
  --witness-kel FILE    the witness hub's key event log; without it notices are not judged

exit: 0 found, 1 refused or not in the bucket, 2 bad command line, 4 unreadable file`,
  example: `  $ seam anet dir open bucket-2a7.cbor --aid bafyrei...them --now 2026-01-04T00:00:00Z`,
  options: { aid: { type: 'string' }, now: { type: 'string' }, 'witness-kel': { type: 'string' } },
  run(values, positionals) {
    const bucket = kelBytes(oneInput(anetDirOpen, positionals, 'BUCKET_FILE'));
    const aid = required(values.aid, '--aid', 'AID (the AID you look up)');
    const witnessPath = str(values['witness-kel']);
    const witnessKel = witnessPath === undefined ? undefined : kelBytes(witnessPath);
    const now = judgedNow(values, 'your clock');
    const witnessAid = witnessKel === undefined ? undefined : witnessHub(witnessKel, now);
    const verdict = openBucket(bucket, {
      aid,
      now,
      pins: 'off',
      notices: witnessKel === undefined ? 'off' : { witnesses: { [witnessAid!]: witnessKel } },
    });
    const found = verdict.ok
      ? {
          aid: verdict.value.entry.aid,
          hub: verdict.value.entry.hub,
          keySetSeq: verdict.value.entry.keySet.seq,
          keys: verdict.value.entry.keySet.keys.length,
          notice: typeof verdict.value.entry.notice === 'string' ? verdict.value.entry.notice : 'verified',
          card: verdict.value.entry.card !== undefined,
          skipped: verdict.value.skipped,
        }
      : undefined;
    return report({
      command: 'anet dir open',
      checks: BUCKET_CHECKS,
      verdict: found === undefined ? verdict : { ok: true, value: found },
      options: {},
      signed: null,
      expected: undefined,
      json: values.json === true,
      extra: { judged: { pins: NO_PINS, ...(witnessKel === undefined ? { notices: NO_NOTICES } : {}) } },
      said: witnessKel === undefined ? [NO_PINS, NO_NOTICES] : [NO_PINS],
      okLine: () =>
        found === undefined
          ? ''
          : `found: ${found.aid} at hub ${found.hub}, key set ${found.keySetSeq} (${found.keys} keys), notice ${found.notice}${found.skipped.length > 0 ? `; ${found.skipped.length} skipped` : ''}`,
    });
  },
};

/** The AID a witness hub's log replays to: the name its notices are judged under. */
function witnessHub(kel: Uint8Array, now: number): string {
  const replayed = replayKel(kel, { now });
  if (!replayed.ok)
    throw new Unreadable(
      `--witness-kel does not replay [${replayed.code}]: give the witness hub's key event log`,
    );
  return replayed.value.aid;
}
