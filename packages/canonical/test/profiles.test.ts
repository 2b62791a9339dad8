import { canonicalize, canonicalString, profiles } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.

describe('profiles: the exported records are the contract tables', () => {
  // Transcribed from spec/canonical.md "## Profiles" (the README's table says the same): member
  // order, lone surrogate, numbers, not finite, undefined member, repeated name (default).
  const table = {
    seam: ['code point', 'refused', 'python', 'refused', 'refused', 'last wins'],
    jcs: ['UTF-16 unit', 'refused', 'ecmascript', 'refused', 'refused', 'refused'],
    'swarmrelay-v1': ['UTF-16 unit', '\\udxxx lowercase', 'ecmascript', 'refused', 'refused', 'last wins'],
    'agentplane-v1': ['UTF-16 unit', 'refused', 'ecmascript-exact-i64', 'refused', 'refused', 'refused'],
    rfc004: ['UTF-16 unit', '\\udxxx lowercase', 'ecmascript', 'null', 'dropped', 'last wins'],
  } as const;
  // The record's value for each word of the table (the field comments of `Profile`).
  const word: Record<string, string> = {
    'code point': 'code-point',
    'UTF-16 unit': 'utf16',
    refused: 'refuse',
    '\\udxxx lowercase': 'escape',
    null: 'null',
    dropped: 'drop',
    'last wins': 'last-wins',
  };
  // The "defined by" column, the words the spec names each definition with.
  const definedBy = {
    seam: ['agent-seam wire contract', 'CPython json.dumps(sort_keys=True', 'ensure_ascii=False'],
    jcs: ['RFC 8785'],
    'swarmrelay-v1': ['OpenAgentForum', 'swarmrelay-canonical-json-v1'],
    'agentplane-v1': ['agentplane canon v1'],
    rfc004: ['ar-agents RFC-004', 'canonical()'],
  } as const;

  it('each profile holds the rules of its row and names the definition it comes from', () => {
    // why: profiles.ts:48:17, 59:16, 69:28, 80:28 and 90:19 each record → `{}`; every string
    // literal of the five records → "" (49:11 to 57:20, 60:11 to 67:20, 70:11 to 78:20, 81:11 to
    // 88:20, 91:11 to 99:20), the `source` texts (51:7, 61:13, 72:7, 82:13, 93:7) among them
    expect(Object.keys(profiles)).toEqual(Object.keys(table));
    for (const [name, row] of Object.entries(table)) {
      const p = profiles[name as keyof typeof table];
      const [keyOrder, loneSurrogates, numbers, nonFinite, undefinedMembers, duplicateKeys] = row.map(
        (w) => word[w] ?? w,
      );
      expect({ ...p, source: undefined }).toEqual({
        name,
        source: undefined,
        keyOrder,
        loneSurrogates,
        numbers,
        nonFinite,
        undefinedMembers,
        duplicateKeys,
      });
      for (const words of definedBy[name as keyof typeof table]) expect(p.source).toContain(words);
    }
  });
});

describe('a profile is named by its name or one of the records, nothing else', () => {
  const unknown = {
    name: 'SeamError',
    code: 'unknown-profile',
    // The names the README lists ("`profile` is one of ..."), in its order.
    message: 'unknown-profile: profile must be one of: seam, jcs, swarmrelay-v1, agentplane-v1, rfc004',
  };

  it('an array holding a profile name is not that name', () => {
    // why: profiles.ts:105:7 `typeof profile === 'string'` → true (`Object.hasOwn` turns ['seam']
    // into the key 'seam', so the array was taken for the name); 109:42 the message → "", 109:98
    // the separator → ""
    expect(thrown(() => canonicalize(1, { profile: ['seam'] as never }))).toEqual(unknown);
  });

  it('a copy of a profile record is not the record', () => {
    // why: profiles.ts:107:7 `… && profile !== null && includes(…)` → `… && profile !== null ||
    // includes(…)` (any object was taken as a profile)
    expect(thrown(() => canonicalString(1, { profile: { ...profiles.jcs } as never }))).toEqual(unknown);
    expect(canonicalString(1, { profile: profiles.jcs as never })).toBe('1');
  });
});
