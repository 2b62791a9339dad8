import {
  type Case,
  each,
  given,
  type OpGroup,
  refusal,
  type Step,
  sides,
  step,
  toHex,
  value,
} from '../replay.js';

// The groups of @agent-seam/tlog-note as questions (spec/harness.md, "tlog-note").
const pkg = '@agent-seam/tlog-note';
const file = 'tlog_note.json';

/**
 * Hex of the bytes a base64 text spells (the file spells some notes and roots in base64); a
 * text that is not base64 stays as it is, so that its case disagrees instead of the group failing.
 */
function base64Hex(text: string): string {
  try {
    return toHex(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
  } catch {
    return text;
  }
}

/**
 * What `tlog.open` is asked: the note as text (or as bytes where the file spells it in
 * base64), the trusted keys, the limits and the clock. A case without a clock is judged
 * with time off by name: only its one check can refuse it.
 */
const openArgs = (c: Case) => ({
  ...(c.noteBase64 === undefined ? { note: c.note } : { noteHex: base64Hex(c.noteBase64) }),
  ...given(c, ['verifiers', 'quorum', 'maxAge', 'maxBytes', 'maxSignatures']),
  now: c.now ?? 'off',
});

/** Opens: the body and who verified it; where the case lists them, the lines no trusted key signed. */
const opens = (c: Case): Step[] => [
  step(
    'tlog.open',
    { ...openArgs(c), ...(c.unverified === undefined ? {} : { unverified: true }) },
    value({ body: c.body, verifiedBy: c.verifiedBy, ...given(c, ['unverified']) }),
  ),
];
const noteRefused = (c: Case): Step[] => [step('tlog.open', openArgs(c), refusal(c.code))];

const checkpointOf = (c: Case) => ({
  origin: c.origin,
  size: c.size,
  rootHex: base64Hex(c.root),
  extensions: c.extensions,
});
const verifierKeyOf = (c: Case) => ({
  name: c.keyName,
  keyIdHex: c.keyId,
  type: c.type,
  publicKeyHex: c.publicKey,
});

/** How a text format is asked: its reader and writer ops, and where its text is. */
interface TextFormat {
  read: string;
  write: string;
  /** The reader's argument that holds the text. */
  arg: string;
  /** The case's member that holds the text. */
  member: string;
  fields: (c: Case) => Record<string, unknown>;
}

/**
 * A text format's two groups, `tlog.<name>` and `tlog.reject.<name>`: an accepting text read
 * into its fields, then the fields written back into the same text; a refusing text refused
 * by the reader.
 */
const textFormat = (name: string, { read, write, arg, member, fields }: TextFormat): OpGroup[] => [
  {
    file,
    group: `tlog.${name}`,
    pkg,
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => [
        step(read, { [arg]: c[member] }, value(fields(c))),
        step(write, fields(c), value(c[member])),
      ]),
  },
  {
    file,
    group: `tlog.reject.${name}`,
    pkg,
    replay: (g: Case[]) => each(g, 'refuse', (c) => [step(read, { [arg]: c[member] }, refusal(c.code))]),
  },
];

export const tlogGroups: OpGroup[] = [
  { file, group: 'tlog.note', pkg, replay: (g: Case[]) => each(g, 'accept', opens) },
  { file, group: 'tlog.reject.note', pkg, replay: (g: Case[]) => each(g, 'refuse', noteRefused) },
  { file, group: 'tlog.go-rules', pkg, replay: sides(opens, noteRefused) },
  { file, group: 'tlog.quorum', pkg, replay: sides(opens, noteRefused) },
  ...textFormat('checkpoint', {
    read: 'tlog.parseCheckpoint',
    write: 'tlog.formatCheckpoint',
    arg: 'text',
    member: 'body',
    fields: checkpointOf,
  }),
  ...textFormat('vkey', {
    read: 'tlog.parseVerifierKey',
    write: 'tlog.formatVerifierKey',
    arg: 'vkey',
    member: 'vkey',
    fields: verifierKeyOf,
  }),
];
