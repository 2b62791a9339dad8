// The little of Node's Buffer that test code leans on when it reads files or hashes:
// bytes whose toString() is their UTF-8 text. Not installed as a global, so library
// code that used Buffer would still fail in the browser suite.
export class FileBytes extends Uint8Array {
  static wrap(bytes: Uint8Array): FileBytes {
    return new FileBytes(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
  }
  override toString(encoding: 'utf8' | 'hex' = 'utf8'): string {
    if (encoding === 'hex') return Array.from(this, (b) => b.toString(16).padStart(2, '0')).join('');
    return new TextDecoder().decode(this);
  }
}
