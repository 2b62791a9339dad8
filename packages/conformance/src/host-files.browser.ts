/**
 * Synchronous reads of the host's files from inside vitest browser mode. Test modules
 * read vectors at import time through a synchronous API (`loadVectors`), so the read
 * must be synchronous too: a synchronous XMLHttpRequest to the `/@seam/` endpoints the
 * host plugin (browser-host.node.ts) serves, limited to the repository and interop data.
 */
export interface HostDirEntry {
  name: string;
  directory: boolean;
}

function get(endpoint: 'file' | 'dir', path: string): Uint8Array | null {
  const request = new XMLHttpRequest();
  request.open('GET', `/@seam/${endpoint}?path=${encodeURIComponent(path)}`, false);
  // Bytes come back one per char: the only way to read binary from a synchronous request.
  request.overrideMimeType('text/plain; charset=x-user-defined');
  request.send();
  if (request.status === 404) return null;
  if (request.status !== 200)
    throw new Error(`conformance: host ${endpoint} ${path}: HTTP ${request.status}`);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/** The bytes of a host file (absolute path), or null when it does not exist. */
export const hostFile = (path: string): Uint8Array | null => get('file', path);

/** The entries of a host directory (absolute path), or null when it does not exist. */
export function hostDir(path: string): HostDirEntry[] | null {
  const bytes = get('dir', path);
  return bytes === null ? null : (JSON.parse(new TextDecoder().decode(bytes)) as HostDirEntry[]);
}

/** A host file as UTF-8 text; throws when it does not exist (the caller asked for a known file). */
export function hostText(path: string): string {
  const bytes = hostFile(path);
  if (bytes === null) throw new Error(`conformance: no file ${path} on the host`);
  return new TextDecoder().decode(bytes);
}
