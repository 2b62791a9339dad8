import { escapeBytes } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { utf8 } from './helpers.js';

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.

describe('bytes shown to a person: every byte shown, none hidden', () => {
  it('the printable range runs from space to tilde, both shown as themselves', () => {
    // why: show-bytes.ts:17:16 `b >= 0x20` → `b > 0x20`, 17:29 `b <= 0x7e` → `b < 0x7e`, and
    // 16:20 escapeByte → `() => undefined` (the text read "undefined")
    expect(escapeBytes(Uint8Array.of(0x1f, 0x20, 0x7e, 0x7f))).toBe('0  \\x1f ~\\x7f');
  });

  it('tab, return and backslash go by name, and no empty line follows a line that ended', () => {
    // why: show-bytes.ts:13:39 the names → `{}`, 13:44 '\\t', 13:55 '\\n', 13:66 '\\r', 13:77 '\\\\'
    // each → "" (a byte vanished), 41:7 `text !== '' || lines.length === 0` → true and 41:16 ''
    // → "Stryker was here!" (an empty last line was added after a newline or a full line)
    expect(escapeBytes(Uint8Array.of(9, 13, 92, 10))).toBe('0  \\t\\r\\\\\\n');
    expect(escapeBytes(utf8('abcd'), { width: 2 })).toBe('0  ab\n2  cd');
    expect(escapeBytes(new Uint8Array(0))).toBe('0  ');
  });
});
