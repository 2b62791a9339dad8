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

export const tlogGroups: OpGroup[] = [
  { file, group: 'tlog.note', pkg, replay: (g: Case[]) => each(g, 'accept', opens) },
  { file, group: 'tlog.reject.note', pkg, replay: (g: Case[]) => each(g, 'refuse', noteRefused) },
  { file, group: 'tlog.go-rules', pkg, replay: sides(opens, noteRefused) },
  { file, group: 'tlog.quorum', pkg, replay: sides(opens, noteRefused) },
  {
    file,
    group: 'tlog.checkpoint',
    pkg,
    // Read the body into its fields, then write the fields back into the same body.
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => [
        step('tlog.parseCheckpoint', { text: c.body }, value(checkpointOf(c))),
        step('tlog.formatCheckpoint', checkpointOf(c), value(c.body)),
      ]),
  },
  {
    file,
    group: 'tlog.reject.checkpoint',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [step('tlog.parseCheckpoint', { text: c.body }, refusal(c.code))]),
  },
  {
    file,
    group: 'tlog.vkey',
    pkg,
    // Read the vkey into its fields, then write the fields back into the same vkey.
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => [
        step('tlog.parseVerifierKey', { vkey: c.vkey }, value(verifierKeyOf(c))),
        step('tlog.formatVerifierKey', verifierKeyOf(c), value(c.vkey)),
      ]),
  },
  {
    file,
    group: 'tlog.reject.vkey',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [step('tlog.parseVerifierKey', { vkey: c.vkey }, refusal(c.code))]),
  },
];
