// The one artifact the runtime matrix runs in every runtime: the in-process replay that
// `seam conformance` runs (every case of every published vector file through the
// packages' public API), its report printed as one marked line of JSON.
import { REPLAYS } from '../../packages/cli/src/conformance/index.ts';
import { replayVectors } from '../../packages/cli/src/conformance/run.ts';

/** Marks the report's line among whatever else a runtime prints. */
export const REPORT_MARK = 'seam-replay-report ';

export async function replay(vectorsDir: string): Promise<void> {
  console.log(REPORT_MARK + JSON.stringify(await replayVectors(vectorsDir, REPLAYS)));
}
