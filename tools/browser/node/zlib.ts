// node:zlib for test files in vitest browser mode: the interop data ships some vector
// files gzipped (supercop, the RFC 9180 set).
import { gunzipSync as gunzip } from 'fflate';
import { FileBytes } from './file-bytes.ts';

export const gunzipSync = (bytes: Uint8Array): FileBytes => FileBytes.wrap(gunzip(bytes));
