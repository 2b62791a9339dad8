// The second implementation (impls/python) judged through `seam conformance --impl`, with its
// floor: every group it declares agrees, and at least FLOOR cases do.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const FLOOR = 130;
const root = join(import.meta.dirname, '..');
const PYTHON_IMPL = '/usr/bin/python3 impls/python/seam_impl.py';

let stdout: string;
let exit = 0;
try {
  stdout = execFileSync(
    'node',
    ['packages/cli/dist/bin.js', 'conformance', '--impl', PYTHON_IMPL, '--json'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
} catch (error) {
  const e = error as { status: number; stdout: string };
  stdout = e.stdout;
  exit = e.status;
}
const report = JSON.parse(stdout) as {
  agreed: number;
  disagreed: number;
  groups: { group: string; declared: boolean; status: string }[];
};
const red = report.groups.filter((g) => g.status === 'red').map((g) => g.group);
const declared = report.groups.filter((g) => g.declared).length;
console.log(
  `python impl: ${report.agreed} cases agree in ${declared} declared groups (floor ${FLOOR}); red: ${red.join(', ') || 'none'}`,
);
console.log(`${report.agreed} passed, ${report.disagreed} failed`);
if (exit !== 0 || red.length > 0 || report.agreed < FLOOR) process.exitCode = 1;
