import { base64Strict, hex } from '@agent-seam/canonical';
import {
  formatCheckpoint,
  formatVerifierKey,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
} from '@agent-seam/tlog-note';
import { accepted, type Case, cases, type FileReplay, Mismatch, refused, same } from './replay.js';

const pkg = '@agent-seam/tlog-note';

// Each vkey is parsed on its own, so a key listed twice is two trusted verifiers.
function key(vkey: string) {
  const v = parseVerifierKey(vkey);
  if (!v.ok) throw new Mismatch(`the case's verifier key is refused [${v.code}]`);
  return v.value;
}

function bytesOf64(text: string): Uint8Array {
  const v = base64Strict.decode(text);
  if (!v.ok) throw new Mismatch('the vector holds a bad base64 note');
  return v.value;
}

const open = (c: Case) =>
  openNote(c.noteBase64 !== undefined ? bytesOf64(c.noteBase64) : c.note, {
    verifiers: c.verifiers?.map(key),
    quorum:
      c.quorum === undefined
        ? undefined
        : { log: key(c.quorum.log), witnesses: c.quorum.witnesses.map(key), atLeast: c.quorum.atLeast },
    // A case without a clock is judged with time off by name: only its one check can refuse it.
    now: c.now ?? 'off',
    maxAge: c.maxAge,
    maxBytes: c.maxBytes,
    maxSignatures: c.maxSignatures,
  });

/** Opens, then compares the body, who verified it, and (where the case says) the unverified lines. */
function opens(c: Case): void {
  const v = open(c);
  accepted(v);
  if (!v.ok) return;
  same(v.value.body, c.body, 'body');
  same(
    v.value.verifiedBy.map((s) => ({
      name: s.name,
      type: s.type,
      ...(s.timestamp === undefined ? {} : { timestamp: String(s.timestamp) }),
    })),
    c.verifiedBy,
    'verifiedBy',
  );
  if (c.unverified !== undefined)
    same(
      v.value.unverified.map(({ name, base64 }) => ({ name, base64 })),
      c.unverified,
      'unverified',
    );
}

const noteRefused = (c: Case) => refused(open(c), c.code);
const acceptAndRefuse = (g: Case) => [...cases(g.accept, opens), ...cases(g.refuse, noteRefused)];

export const tlog: FileReplay = {
  file: 'tlog_note.json',
  layout: 'top-level',
  groups: {
    'tlog.note': { pkg, replay: (g) => cases(g, opens) },
    'tlog.reject.note': { pkg, replay: (g) => cases(g, noteRefused) },
    'tlog.go-rules': { pkg, replay: acceptAndRefuse },
    'tlog.quorum': { pkg, replay: acceptAndRefuse },
    'tlog.checkpoint': {
      pkg,
      replay: (g) =>
        cases(g, (c) => {
          const v = parseCheckpoint(c.body);
          accepted(v);
          if (!v.ok) return;
          same(
            [v.value.origin, v.value.size, base64Strict.encode(v.value.root)],
            [c.origin, BigInt(c.size), c.root],
            'checkpoint',
          );
          same(v.value.extensions, c.extensions, 'extensions');
          same(formatCheckpoint(v.value), c.body, 'formatted again');
        }),
    },
    'tlog.reject.checkpoint': {
      pkg,
      replay: (g) => cases(g, (c) => refused(parseCheckpoint(c.body), c.code)),
    },
    'tlog.vkey': {
      pkg,
      replay: (g) =>
        cases(g, (c) => {
          const v = parseVerifierKey(c.vkey);
          accepted(v);
          if (!v.ok) return;
          same(
            [v.value.name, hex.encode(v.value.keyId), v.value.type, hex.encode(v.value.publicKey)],
            [c.keyName, c.keyId, c.type, c.publicKey],
            'verifier key',
          );
          same(formatVerifierKey(v.value), c.vkey, 'formatted again');
        }),
    },
    'tlog.reject.vkey': { pkg, replay: (g) => cases(g, (c) => refused(parseVerifierKey(c.vkey), c.code)) },
  },
};
