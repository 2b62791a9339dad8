// node:url for test files in vitest browser mode. The host plugin rewrites a test file's
// import.meta.url to its file: URL, so these are the plain file-URL conversions.
export const fileURLToPath = (url: string | URL): string => decodeURIComponent(new URL(url).pathname);
export const pathToFileURL = (path: string): URL => new URL(`file://${encodeURI(path)}`);
