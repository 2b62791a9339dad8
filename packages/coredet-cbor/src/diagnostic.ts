import { hex, SeamError } from '@agent-seam/canonical';
import { type Decoded, type DecodeOptions, decode } from './decode.js';
import { fromHalfBits, readFloat32, readFloat64, toHalfBits } from './float.js';

/** The printer recurses once per level; the decoder's maxDepth bounds it, up to this. */
const MAX_PRINT_DEPTH = 1024;

/**
 * One item in RFC 8949 §8 diagnostic notation, written from its bytes so nothing the
 * wire says is lost: map entries in wire order, and every encoding other than the
 * preferred one marked with its §8.1 indicator (`_` indefinite length; `_0`..`_3` an
 * argument of 1, 2, 4 or 8 bytes, or a float of 2, 4 or 8 bytes, wider than needed).
 * The item is read by the lenient decoder first, so foreign, non-deterministic bytes
 * are shown as they are; what not even it reads is refused with its code and offset.
 */
export function diagnosticNotation(
  bytes: Uint8Array,
  options: Omit<DecodeOptions, 'lenient'> = {},
): Decoded<string> {
  if ((options.maxDepth ?? 0) > MAX_PRINT_DEPTH)
    throw new SeamError('bad-argument', `maxDepth above ${MAX_PRINT_DEPTH} cannot be printed`);
  const read = decode(bytes, { ...options, lenient: true });
  if (!read.ok) return read;
  return { ok: true, value: new Printer(bytes).item() };
}

// A leading byte-order mark is text like any other: the default decoder would drop it.
const keepBom = new TextDecoder('utf-8', { ignoreBOM: true });

const SIMPLE: Record<number, string> = { 20: 'false', 21: 'true', 22: 'null', 23: 'undefined' };
const BREAK = 0xff;

/** Walks bytes the lenient decoder accepted (so well-formed, no tag, within bounds). */
class Printer {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  item(): string {
    const ib = this.bytes[this.pos++]!;
    const major = ib >>> 5;
    const ai = ib & 31;
    if (major === 7) return this.simpleOrFloat(ai);
    const indefinite = ai === 31;
    const { arg, indicator } = indefinite ? { arg: 0n, indicator: '_' } : this.argument(ai);
    switch (major) {
      case 0:
        return `${arg}${indicator}`;
      case 1:
        return `${-1n - arg}${indicator}`;
      case 2:
      case 3: {
        if (indefinite) {
          const chunks = this.until(() => this.item());
          return chunks.length === 0 ? `${major === 2 ? "''" : '""'}_` : `(_ ${chunks.join(', ')})`;
        }
        const body = this.bytes.subarray(this.pos, this.pos + Number(arg));
        this.pos += body.length;
        const text = major === 2 ? `h'${hex.encode(body)}'` : JSON.stringify(keepBom.decode(body));
        return `${text}${indicator}`;
      }
      default: {
        const entry = major === 4 ? () => this.item() : () => `${this.item()}: ${this.item()}`;
        const entries = indefinite ? this.until(entry) : Array.from({ length: Number(arg) }, entry);
        const [open, close] = major === 4 ? ['[', ']'] : ['{', '}'];
        return `${open}${indicator === '' ? '' : `${indicator} `}${entries.join(', ')}${close}`;
      }
    }
  }

  /** The head's argument, and `_n` when it takes more bytes than its value needs. */
  private argument(ai: number): { arg: bigint; indicator: string } {
    if (ai < 24) return { arg: BigInt(ai), indicator: '' };
    const width = 1 << (ai - 24);
    let arg = 0n;
    for (let i = 0; i < width; i++) arg = (arg << 8n) | BigInt(this.bytes[this.pos++]!);
    const shortest = arg >= (width === 1 ? 24n : 1n << BigInt(4 * width));
    return { arg, indicator: shortest ? '' : `_${ai - 24}` };
  }

  private until(next: () => string): string[] {
    const out: string[] = [];
    while (this.bytes[this.pos] !== BREAK) out.push(next());
    this.pos++;
    return out;
  }

  private simpleOrFloat(ai: number): string {
    if (ai < 24) return SIMPLE[ai] ?? `simple(${ai})`;
    if (ai === 24) return `simple(${this.bytes[this.pos++]})`;
    const at = this.pos;
    this.pos += 1 << (ai - 24);
    const v =
      ai === 25
        ? fromHalfBits((this.bytes[at]! << 8) | this.bytes[at + 1]!)
        : ai === 26
          ? readFloat32(this.bytes, at)
          : readFloat64(this.bytes, at);
    const needed = Number.isNaN(v) || toHalfBits(v) >= 0 ? 25 : Math.fround(v) === v ? 26 : 27;
    return `${floatText(v)}${ai > needed ? `_${ai - 24}` : ''}`;
  }
}

/** A float as §8 writes it: always with a fraction or an exponent, so 1.0 is not the integer 1. */
function floatText(v: number): string {
  if (Object.is(v, -0)) return '-0.0';
  const text = String(v);
  if (!Number.isFinite(v) || text.includes('.')) return text;
  const e = text.indexOf('e');
  return e < 0 ? `${text}.0` : `${text.slice(0, e)}.0${text.slice(e)}`;
}
