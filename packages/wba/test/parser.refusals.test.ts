import { describe, expect, it } from 'vitest';
import { parseSignature, parseSignatureInput } from '../src/index.js';

// Every refusal is asserted whole: code and detail, whose offset (counted by hand) names where
// the parser stopped, so a check that moved, vanished or let a different refusal fire first
// shows. Each `why` names the mutant of src/structured-fields.ts the case holds.
const refused = (code: string, detail: string) => ({ ok: false, code, detail });
const SI = 'malformed-signature-input';
const SIG = 'malformed-signature';

describe('parseSignatureInput refusals, code and offset', () => {
  it.each([
    // why: the dictionary skeleton: empty, leading space only, trailing comma, missing '='/','.
    ['', SI, 'empty dictionary at offset 0'],
    ['   ', SI, 'empty dictionary at offset 3'],
    ['sig1', SI, "expected '=' at offset 4"],
    ['sig1=("a"),', SI, 'trailing comma at offset 11'],
    ['sig1=("a"), \t', SI, 'trailing comma at offset 13'],
    ['sig1=("a") x', SI, "expected ',' at offset 11"],
    ['sig1=("a"), sig1=("a")', 'duplicate-label', 'label appears twice at offset 16'],
    // why: keys: lowercase letters and '*' start one; a digit, '_', uppercase or a tab do not.
    ['Sig1=("a")', SI, 'expected a lowercase key at offset 0'],
    ['1a=("a")', SI, 'expected a lowercase key at offset 0'],
    ['`a=("a")', SI, 'expected a lowercase key at offset 0'],
    ['{a=("a")', SI, 'expected a lowercase key at offset 0'],
    ['\tsig1=("a")', SI, 'expected a lowercase key at offset 0'],
    // why: the inner list: single spaces only, no parameters on a component, lowercase names.
    ['sig1=("a" )', SI, 'extra space in inner list at offset 10'],
    ['sig1=("a"  "b")', SI, 'extra space in inner list at offset 10'],
    ['sig1=("a""b")', SI, "expected ' ' at offset 9"],
    ['sig1=("a";x=?1)', SI, 'parameter value must be an integer, a string or a token at offset 12'],
    ['sig1=("A")', 'uppercase-component', 'component name is not lowercase at offset 9'],
    ['sig1=("a")x', SI, "expected ',' at offset 10"],
    ['sig1="a"', SI, "expected '(' at offset 5"],
    // why: sf-string: termination, the two escapes, printable ASCII 0x20..0x7e only.
    ['sig1=("a)', SI, 'unterminated string at offset 9'],
    ['sig1=("a\\n")', SI, 'invalid escape in string at offset 9'],
    ['sig1=("a\\', SI, 'invalid escape in string at offset 9'],
    ['sig1=("\u00e9")', SI, 'character outside printable ASCII in string at offset 8'],
    ['sig1=("\u001f")', SI, 'character outside printable ASCII in string at offset 8'],
    ['sig1=("\u007f")', SI, 'character outside printable ASCII in string at offset 8'],
    // why: parameters: a bare name or '=' and an integer, string or token, one spelling of an integer, no repeats.
    ['sig1=("a");k=', SI, 'parameter value must be an integer, a string or a token at offset 13'],
    ['sig1=("a");k=.x', SI, 'parameter value must be an integer, a string or a token at offset 13'],
    ['sig1=("a");k=tok en', SI, "expected ',' at offset 17"],
    ['sig1=("a");n=0123', SI, 'integer with a leading zero at offset 17'],
    ['sig1=("a");n=-01', SI, 'integer with a leading zero at offset 16'],
    ['sig1=("a");n=1234567890123456', SI, 'integer must have 1 to 15 digits at offset 29'],
    ['sig1=("a");n=-', SI, 'integer must have 1 to 15 digits at offset 14'],
    ['sig1=("a");a=1;a=2', 'duplicate-parameter', 'repeated parameter name at offset 18'],
  ])('%j is %s: %s', (text, code, detail) => {
    expect(parseSignatureInput(text)).toEqual(refused(code, detail));
  });

  it('a value that is not a string is not-a-string', () => {
    // why: kills the StringLiteral of run's detail.
    expect(parseSignatureInput(7 as never)).toEqual(
      refused('not-a-string', 'a header value is not a string'),
    );
  });
});

describe('parseSignatureInput acceptances at the edges', () => {
  it('every key character, both key starts, tabs between members, and the text kept', () => {
    // why: kills the range and alternative mutants of isLcAlpha, isKeyStart, isKeyChar and
    // the member separator (a tab is allowed after ',' and before it, not before the first key).
    expect(parseSignatureInput('*a_b-c.d9z=();k=0 \t,\tz=("")')).toEqual({
      ok: true,
      value: [
        {
          label: '*a_b-c.d9z',
          components: [],
          parameters: [{ name: 'k', value: { type: 'integer', value: 0 } }],
          text: '();k=0',
        },
        { label: 'z', components: [{ name: '', parameters: [], text: '""' }], parameters: [], text: '("")' },
      ],
    });
  });

  it('strings hold 0x20 and 0x7e, and both escapes', () => {
    // why: kills c < 0x20 → <= and c > 0x7e → >= (each refused an edge character), and
    // the escape mutants (the escaped character is kept, the backslash dropped).
    expect(parseSignatureInput('a=(" ~" "\\"\\\\");s=" ~"')).toEqual({
      ok: true,
      value: [
        {
          label: 'a',
          components: [
            { name: ' ~', parameters: [], text: '" ~"' },
            { name: '"\\', parameters: [], text: '"\\"\\\\"' },
          ],
          parameters: [{ name: 's', value: { type: 'string', value: ' ~' } }],
          text: '(" ~" "\\"\\\\");s=" ~"',
        },
      ],
    });
  });

  it('integers of 1 and 15 digits, 0 and 9, negative ones', () => {
    // why: kills digits === 0 / digits > 15 boundary mutants, digits > 1 → >= 1 (a lone 0
    // was refused), the isDigit range mutants and the '-' branch.
    expect(parseSignatureInput('a=();x=999999999999999;y=-9;z=0')).toMatchObject({
      ok: true,
      value: [
        {
          parameters: [
            { name: 'x', value: { type: 'integer', value: 999999999999999 } },
            { name: 'y', value: { type: 'integer', value: -9 } },
            { name: 'z', value: { type: 'integer', value: 0 } },
          ],
        },
      ],
    });
  });
});

describe('parseSignature refusals and acceptances', () => {
  it.each([
    // why: a byte sequence is ':' base64 ':' and carries no parameters.
    ['sig1=abc', SIG, "expected ':' at offset 5"],
    ['sig1=:ab', SIG, "expected ':' at offset 8"],
    ['sig1=:a b:', SIG, "expected ':' at offset 7"],
    // why: '_' (0x5f) and '~' (0x7e) lie above 'Z' and are no base64; kills isBase64Char's c <= 0x5a → true.
    ['sig1=:a_b:', SIG, "expected ':' at offset 7"],
    ['sig1=:a~b:', SIG, "expected ':' at offset 7"],
    ['sig1=:YQ==:;x=1', 'signature-member-parameters', 'parameters on a byte sequence member at offset 11'],
    ['sig1=:YQ==:, sig1=:YQ==:', 'duplicate-label', 'label appears twice at offset 17'],
    ['', SIG, 'empty dictionary at offset 0'],
  ])('%j is %s: %s', (text, code, detail) => {
    expect(parseSignature(text)).toEqual(refused(code, detail));
  });

  it('reads every base64 character and keeps the text between the colons', () => {
    // why: kills the isBase64Char range and character mutants and the `!cursor.done` guard.
    expect(parseSignature('a=:AZaz09+/=:, b=::')).toEqual({
      ok: true,
      value: [
        { label: 'a', base64: 'AZaz09+/=' },
        { label: 'b', base64: '' },
      ],
    });
  });
});
