import { type Case, each, type OpGroup, refusal, sides, step, textHex, value } from '../replay.js';

// The groups of @agent-seam/canonical as questions (spec/harness.md, "canonical").
const pkg = '@agent-seam/canonical';

const parse = (profile: string, documentHex: string, options?: Case) =>
  ({ profile, documentHex, ...(options === undefined ? {} : { options }) }) as Record<string, unknown>;

/**
 * A parse-boundary case's document as the request carries it: its bytes as hex, a string the
 * caller holds (`documentText`), or a value of another type handed over as it is (`input`).
 */
const documentOf = (c: Case) =>
  c.documentHex !== undefined
    ? { documentHex: c.documentHex }
    : 'documentText' in c
      ? { documentText: c.documentText }
      : { input: c.documentValue };

const parseDocument = (c: Case) => ({
  profile: c.profile,
  ...documentOf(c),
  ...(c.options === undefined ? {} : { options: c.options }),
});

/** A construct written under the case's profile: its canonical text, or its code and the path its refusal names. */
const writeConstruct = (c: Case) =>
  step(
    'canonical.writeConstruct',
    { profile: c.profile, construct: c.construct, ...(c.code === undefined ? {} : { explain: true }) },
    c.code === undefined ? value(textHex(c.canonical)) : value({ code: c.code, path: c.path ?? null }),
  );

export const canonicalGroups: OpGroup[] = [
  {
    file: 'wire_vectors.json',
    group: 'canonical',
    pkg,
    // The sign side and the parse boundary write the same bytes.
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => [
        step(
          'canonical.write',
          { profile: 'seam', json: JSON.stringify(c.payload) },
          value(textHex(c.canonical)),
        ),
        step(
          'canonical.parse',
          parse('seam', textHex(JSON.stringify(c.payload))),
          value(textHex(c.canonical)),
        ),
      ]),
  },
  {
    file: 'wire_vectors.json',
    group: 'numberHazards',
    pkg,
    // Received Python bytes read back as they are; a signer never emits the float; JCS writes JavaScript's spelling.
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [
        step('canonical.parse', parse('seam', textHex(c.pythonCanonical)), value(textHex(c.pythonCanonical))),
        step('canonical.write', { profile: 'seam', json: c.pythonCanonical }, refusal('number-hazard')),
        step(
          'canonical.write',
          { profile: 'jcs', json: c.pythonCanonical },
          value(textHex(c.javascriptWouldWrite)),
        ),
      ]),
  },
  {
    file: 'wire_vectors.json',
    group: 'reject.encoding',
    pkg,
    replay: sides(
      (c) => [step('canonical.parse', parse('seam', c.documentHex), value(textHex(c.canonical)))],
      (c) => [step('canonical.parse', parse('seam', c.documentHex), refusal(c.category))],
    ),
  },
  {
    file: 'canonical_profiles.json',
    group: 'canonical.duplicateKeys',
    pkg,
    replay: sides(
      (c) => [
        step('canonical.parse', parse(c.profile, c.documentHex, c.options), value(textHex(c.canonical))),
      ],
      (c) => [step('canonical.parse', parse(c.profile, c.documentHex, c.options), refusal(c.code))],
    ),
  },
  {
    file: 'canonical_profiles.json',
    group: 'canonical.parseBoundary',
    pkg,
    replay: sides(
      (c) => [step('canonical.parse', parseDocument(c), value(textHex(c.canonical)))],
      (c) => [step('canonical.parse', parseDocument(c), refusal(c.code))],
    ),
  },
  {
    file: 'canonical_profiles.json',
    group: 'profile.swarmrelay-v1',
    pkg,
    // The hub's bytes: read and written again (its UTF-8 the case's), written from the value the
    // hub parsed, hashed (the hub's checksum); another profile's reading of the same bytes is
    // the contrast's.
    replay: sides(
      (c) => {
        const payloadHex = textHex(c.payloadJson);
        const contrast = c.contrast;
        return [
          step('canonical.parse', parse('swarmrelay-v1', payloadHex), value(c.utf8Hex)),
          step(
            'canonical.write',
            { profile: 'swarmrelay-v1', json: c.payloadJson },
            value(textHex(c.canonical)),
          ),
          step('canonical.sha256', { dataHex: c.utf8Hex }, value(c.sha256)),
          ...(contrast === undefined
            ? []
            : [
                step(
                  'canonical.parse',
                  parse(contrast.profile, payloadHex),
                  contrast.code === undefined ? value(textHex(contrast.canonical)) : refusal(contrast.code),
                ),
              ]),
        ];
      },
      (c) => [step('canonical.parse', parse('swarmrelay-v1', c.documentHex), refusal(c.code))],
    ),
  },
  {
    file: 'canonical_profiles.json',
    group: 'canonical.signSide',
    pkg,
    replay: sides(
      (c) => [writeConstruct(c)],
      (c) => [writeConstruct(c)],
    ),
  },
  {
    file: 'canonical_profiles.json',
    group: 'canonical.nonFinite',
    pkg,
    // A case is a document for the parse boundary or a construct for the sign side.
    replay: sides(
      (c) => [
        c.construct === undefined
          ? step('canonical.parse', parse(c.profile, c.documentHex), value(textHex(c.canonical)))
          : writeConstruct(c),
      ],
      (c) => [
        c.construct === undefined
          ? step('canonical.parse', parse(c.profile, c.documentHex), refusal(c.code))
          : writeConstruct(c),
      ],
    ),
  },
];
