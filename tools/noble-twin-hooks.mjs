// Module resolution hooks for tools/noble-twin.ts (they run in Node's loader thread).
// A module whose URL carries ?sha2=noble belongs to the twin graph: the workspace
// sources it imports join the twin (same query), and canonical's #sha2 import resolves
// to the noble backend, sha2.ts, beside the sha2.node.ts the node condition picked.
const TWIN = 'sha2';

const inTwin = (url) => url !== undefined && new URL(url).searchParams.get(TWIN) === 'noble';

function twin(url) {
  const twinUrl = new URL(url);
  twinUrl.searchParams.set(TWIN, 'noble');
  return twinUrl.href;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (!inTwin(context.parentURL)) return resolved;
  if (specifier === '#sha2') return { ...resolved, url: twin(new URL('./sha2.ts', resolved.url).href) };
  if (/\/packages\/[^/]+\/src\/[^/]+\.ts$/.test(new URL(resolved.url).pathname))
    return { ...resolved, url: twin(resolved.url) };
  return resolved;
}
