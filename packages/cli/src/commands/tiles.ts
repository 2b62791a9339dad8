import { mkdir, open, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  base64Strict,
  bytesEqual,
  type CheckSpec,
  fail,
  ok,
  SeamError,
  type Verdict,
} from '@agent-seam/canonical';
import { MerkleTree } from '@agent-seam/merkle';
import {
  type Checkpoint,
  formatCheckpoint,
  parseCheckpoint,
  signNote,
  splitNote,
} from '@agent-seam/tlog-note';
import {
  formatTlogProof,
  httpSource,
  storeSource,
  TILE_CHECKPOINT_CHECKS,
  TILE_PROOF_CHECKS,
  TileLog,
  type TileStore,
  writeTileLog,
} from '@agent-seam/tlog-tiles';
import { type Command, oneInput, required, str, type Values } from '../command.js';
import {
  EXIT,
  print,
  printJson,
  readInput,
  readSeed,
  Unreadable,
  UsageError,
  utf8,
  warn,
  write,
} from '../io.js';
import { type ExportLog, exportLog } from './export-log.js';
import { leavesOf } from './merkle.js';
import { CLOCK_HELP, policyOf, QUORUM_OPTIONS } from './proof.js';
import { refusalOf, report, signRefusal, trySign } from './shared.js';

/** A tile directory on disk, as @agent-seam/tlog-tiles reads and writes it. */
function directoryStore(dir: string): TileStore {
  return {
    async read(path, maxBytes) {
      let file: Awaited<ReturnType<typeof open>>;
      try {
        file = await open(join(dir, path));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const size = (await file.stat()).size;
        const bytes = new Uint8Array(Math.min(size, maxBytes + 1));
        const { bytesRead } = await file.read(bytes, 0, bytes.length, 0);
        return bytes.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    },
    async write(path, bytes) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), bytes);
    },
  };
}

/** The checkpoint a note holds (its signatures not judged), or the tlog-note refusal. */
function checkpointOfNote(note: Uint8Array): Verdict<Checkpoint> {
  const parts = splitNote(note);
  return parts.ok ? parseCheckpoint(parts.value.text) : parts;
}

/** The size and root of the checkpoint a directory already holds (its own log: the signatures are not judged), or null. */
async function publishedCheckpoint(store: TileStore): Promise<{ size: number; root: Uint8Array } | null> {
  const note = await store.read('checkpoint', 256 * 1024);
  if (note === null) return null;
  const checkpoint = checkpointOfNote(note);
  if (!checkpoint.ok)
    throw new Unreadable('the directory holds a checkpoint that is not one: seam checkpoint show says why');
  return { size: Number(checkpoint.value.size), root: checkpoint.value.root };
}

/** The leaves to publish and, for an export, the checkpoint its header commits them to. */
async function leavesToPublish(
  values: Values,
): Promise<Verdict<{ leaves: Uint8Array[]; header?: ExportLog['checkpoint'] }>> {
  const exportPath = str(values.export);
  const leavesPath = str(values.leaves);
  if ((exportPath === undefined) === (leavesPath === undefined))
    throw new UsageError(
      'give --leaves FILE (one leaf a line) or --export FILE (an agentplane export: its log of sealed runs)',
    );
  if (leavesPath !== undefined) return ok({ leaves: leavesOf(leavesPath, values.text === true) });
  if (values.text !== undefined)
    throw new UsageError('--text reads --leaves; an export’s leaves are its seals');
  const log = await exportLog(readInput(exportPath!), exportPath!);
  return log.ok ? ok({ leaves: log.value.seals, header: log.value.checkpoint }) : log;
}

/**
 * The checkpoint note to publish: --checkpoint's verbatim (an export's of its own origin), or
 * one signed with --seed-file over the export header's checkpoint or the leaves' tree.
 */
function checkpointToPublish(
  values: Values,
  tree: MerkleTree,
  header: ExportLog['checkpoint'] | undefined,
): Verdict<Uint8Array> {
  const notePath = str(values.checkpoint);
  const seedPath = str(values['seed-file']);
  if ((notePath === undefined) === (seedPath === undefined))
    throw new UsageError(
      'give --seed-file SEED (to sign the checkpoint) or --checkpoint NOTE (a signed one, written verbatim)',
    );
  if (values.origin !== undefined && (header !== undefined || notePath !== undefined))
    throw new UsageError(
      '--origin goes with --leaves and --seed-file: an export’s header and a note name their own',
    );
  if (notePath !== undefined) {
    if (values.name !== undefined) throw new UsageError('--name goes with --seed-file');
    const note = readInput(notePath);
    const checkpoint = checkpointOfNote(note);
    if (!checkpoint.ok) return { ...checkpoint, detail: `--checkpoint ${notePath}: ${checkpoint.detail}` };
    if (header !== undefined && checkpoint.value.origin !== header.origin)
      return fail(
        'origin-mismatch',
        `--checkpoint ${notePath} is of another origin than the export’s header, ${header.origin}`,
      );
    return ok(note);
  }
  const origin =
    header?.origin ?? required(values.origin, '--origin', 'ORIGIN: the log’s name (its checkpoint origin)');
  const seed = readSeed(seedPath);
  const body = formatCheckpoint({
    origin,
    size: BigInt(header?.size ?? tree.size),
    root: header?.root ?? tree.root(),
    extensions: [],
  });
  const signed = trySign(() => signNote(body, [{ name: str(values.name) ?? origin, seed }]));
  return signed.ok ? ok(utf8(signed.value)) : signed;
}

export const tilesWrite: Command = {
  name: 'tiles write',
  summary: 'publish leaves as a static tiled log (C2SP tlog-tiles) with a signed checkpoint',
  usage: `usage: seam tiles write DIR (--leaves FILE [--text] | --export FILE)
                        (--seed-file SEED [--name NAME] | --checkpoint NOTE) [--origin ORIGIN] [--json]

Writes a tiled transparency log into DIR with @agent-seam/tlog-tiles' writeTileLog: the
tiles (tile/<L>/<N>[.p/<W>]), the entry bundles (tile/entries/<N>), and the checkpoint,
written last. When DIR already holds a log, the leaves must extend it (the first ones give
its root again): only the tiles the new leaves complete and the new partial tiles are
written, never a full tile again. Serve DIR as static files; witnesses add their
cosignatures to DIR/checkpoint (seam note cosign).

  --leaves FILE     one leaf a line, as lowercase hex of the leaf data (with --text: each
                    line's UTF-8 bytes, without its newline)
  --export FILE     an agentplane export: its log of sealed runs, each leaf a run's seal (its
                    terminal chain hash), position 0 first. The file must be a whole export
                    @agent-seam/chain's reader finds no fault in (seam export verify FILE);
                    the checkpoint is its header's
  --checkpoint NOTE the log's signed (and cosigned) checkpoint note, written verbatim: it must
                    be of the tree at its size (and an export's origin); no new key is trusted
  --seed-file SEED  otherwise sign the checkpoint with this Ed25519 key as NAME (default: the
                    origin); --origin ORIGIN names the log of --leaves

exit: 0 written, 1 refused (leaves that do not extend the log in DIR, an entry over 65,535
      bytes, an export with findings or a disclosure package, a checkpoint note not of this
      tree), 2 bad command line, 4 unreadable file or seed`,
  example: `  $ seam tiles write ./log --leaves leaves.txt --text --origin example.com/log --seed-file log.seed
  $ seam tiles write ./runs --export export.jsonl --checkpoint export.checkpoint.note`,
  options: {
    leaves: { type: 'string' },
    export: { type: 'string' },
    text: { type: 'boolean' },
    origin: { type: 'string' },
    name: { type: 'string' },
    'seed-file': { type: 'string' },
    checkpoint: { type: 'string' },
  },
  async run(values, positionals) {
    const dir = oneInput(tilesWrite, positionals, 'DIR');
    const json = values.json === true;
    const refuse = (r: { code: string; detail?: string }) =>
      signRefusal('tiles write', json, r.code, r.detail, 'write');
    const source = await leavesToPublish(values);
    if (!source.ok) return refuse(source);
    const { leaves, header } = source.value;
    const tree = MerkleTree.fromLeaves(leaves);
    const checkpoint = checkpointToPublish(values, tree, header);
    if (!checkpoint.ok) return refuse(checkpoint);
    const store = directoryStore(dir);
    const published = await publishedCheckpoint(store);
    if (
      published !== null &&
      (published.size > tree.size || !bytesEqual(tree.rootAt(published.size), published.root))
    )
      return refuse({
        code: 'not-an-extension',
        detail: `the log in ${dir} has ${published.size} leaves that the first ones given do not reproduce`,
      });
    let written: Awaited<ReturnType<typeof writeTileLog>>;
    try {
      written = await writeTileLog(store, tree, {
        from: published?.size ?? 0,
        entries: leaves,
        checkpoint: checkpoint.value,
      });
    } catch (error) {
      if (error instanceof SeamError) return refuse(refusalOf(error));
      throw error;
    }
    const tiles = written.filter(
      (f) => f.path.startsWith('tile/') && !f.path.startsWith('tile/entries/'),
    ).length;
    const summary = {
      dir,
      size: tree.size,
      from: published?.size ?? 0,
      tiles,
      entryBundles: written.length - tiles - 1,
    };
    if (json) printJson({ command: 'tiles write', ok: true, value: summary });
    else
      print(
        `wrote ${tiles} tiles, ${summary.entryBundles} entry bundles and the checkpoint of ${tree.size} leaves (from ${summary.from}) to ${dir}; ${
          values.checkpoint === undefined
            ? `its key: seam note key --seed-file SEED --name ${str(values.name) ?? header?.origin ?? str(values.origin)}`
            : `the checkpoint is ${str(values.checkpoint)}’s`
        }`,
      );
    return EXIT.ok;
  },
};

const isUrl = (where: string) => /^https?:\/\//.test(where);

/** A refusal shown with the check list it belongs to, like every verify command. */
function refusal(
  command: string,
  checks: readonly CheckSpec[],
  verdict: Verdict<unknown>,
  json: boolean,
  policy: ReturnType<typeof policyOf>,
) {
  return report({
    command,
    checks,
    verdict,
    options: { quorum: policy.quorum, ...policy.clock },
    signed: null,
    expected: undefined,
    json,
    said: policy.said,
    okLine: () => '',
  });
}

export const tilesProve: Command = {
  name: 'tiles prove',
  summary: 'read a tiled log (directory or URL): an entry’s tlog-proof, or a consistency proof',
  usage: `usage: seam tiles prove DIR|URL --log VKEY [--origin ORIGIN] [--witness VKEY... --quorum K]
                        [--now TIME|off [--max-age S]] (--index N | --consistency OLD_SIZE) [--json]

Reads the tiled log at DIR (a directory seam tiles write filled) or at URL (its prefix, read
with fetch: the only command that goes to the network, and only to the URL you give) with
@agent-seam/tlog-tiles' TileLog: the checkpoint verified under your keys, then only the
tiles the proof needs, each checked against the checkpoint's root.

  --index N              print entry N's inclusion as a tlog-proof@v1 file, which
                         seam proof verify checks offline
  --consistency OLD_SIZE print the consistency proof from OLD_SIZE leaves to the
                         checkpoint's size, one base64 hash a line
  --origin ORIGIN        the checkpoint origin you accept (default: the --log key's name)
  --log, --witness, --quorum   the keys you trust, as seam proof verify takes them
${CLOCK_HELP}
                    (said on stderr: the proof is the output)

exit: 0 printed, 1 refused (the checkpoint, a tile or the question), 2 bad command line,
      4 no such directory`,
  example: `  $ seam tiles prove https://log.example/tiles/ --log example.com/log+1a2b3c4d+AbC... --index 7 \\
      > entry-7.tlog-proof`,
  options: {
    origin: { type: 'string' },
    index: { type: 'string' },
    consistency: { type: 'string' },
    ...QUORUM_OPTIONS,
  },
  async run(values, positionals) {
    const where = oneInput(tilesProve, positionals, 'DIR or URL');
    const policy = policyOf(values);
    const { quorum } = policy;
    const indexText = str(values.index);
    const oldText = str(values.consistency);
    if ((indexText === undefined) === (oldText === undefined))
      throw new UsageError('give --index N (an inclusion) or --consistency OLD_SIZE (a consistency proof)');
    const number = (indexText ?? oldText)!;
    if (!/^(0|[1-9][0-9]{0,15})$/.test(number) || (oldText !== undefined && number === '0'))
      throw new UsageError(
        indexText !== undefined
          ? '--index wants a leaf number (0-based)'
          : '--consistency wants a tree size of at least 1',
      );
    let source: ReturnType<typeof storeSource>;
    if (isUrl(where)) source = httpSource(fetch, where);
    else {
      if (!(await stat(where).catch(() => null))?.isDirectory())
        throw new Unreadable(
          `${where} is not a directory (nor an http(s) URL): give the log's directory or URL`,
        );
      source = storeSource(directoryStore(where));
    }
    const log = new TileLog({ source, origin: str(values.origin) ?? quorum.log.name, quorum });
    const json = values.json === true;
    const fresh = await log.refresh(policy.clock);
    if (!fresh.ok) return refusal('tiles prove', TILE_CHECKPOINT_CHECKS, fresh, json, policy);
    const n = Number(number);
    const proof = indexText !== undefined ? await log.inclusionProof(n) : await log.consistencyProof(n);
    if (!proof.ok) return refusal('tiles prove', TILE_PROOF_CHECKS, proof, json, policy);
    const text =
      indexText !== undefined
        ? formatTlogProof({ index: n, proof: proof.value, note: fresh.value.note })
        : proof.value.map((h) => `${base64Strict.encode(h)}\n`).join('');
    if (json)
      printJson({
        command: 'tiles prove',
        ok: true,
        value: {
          size: fresh.value.size,
          [indexText !== undefined ? 'tlogProof' : 'consistency']: text,
          reads: log.reads,
          judged: { time: policy.said },
        },
      });
    else {
      // The proof is the output; when the witnesses' times were judged, and whether, goes to stderr.
      for (const line of policy.said) warn(line);
      write(text);
    }
    return EXIT.ok;
  },
};
