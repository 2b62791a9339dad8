import {
  canonicalFromJSON,
  explainVerdict,
  PARSE_CHECKS,
  type ProfileName,
  profiles,
} from '@agent-seam/canonical';
import { type Command, oneInput, str } from '../command.js';
import { checksText, compare, comparisonText } from '../explain.js';
import { EXIT, print, printJson, readInput, UsageError, write } from '../io.js';
import { codeAndDetail } from './shared.js';

const PROFILES = Object.keys(profiles) as ProfileName[];

export const canon: Command = {
  name: 'canon',
  summary: 'canonical JSON bytes of a document; --check says where it is not canonical',
  usage: `usage: seam canon [--profile P] [--check] [--json] FILE|-

Writes the canonical bytes of the JSON document in FILE (or stdin) to stdout, exactly:
no trailing newline. The document passes canonical's strict parse boundary first
(UTF-8 without BOM, no lone surrogate, numbers the profile can write).

  --profile P   ${PROFILES.join(', ')} (default seam)
  --check       write nothing; exit 1 unless FILE is already byte for byte canonical,
                showing the first differing byte with the bytes around it on both sides
                (a trailing newline is a difference: canonical bytes have none)
  --json        one JSON object instead of the bytes

exit: 0 canonical (or written), 1 not canonical or not JSON the profile accepts,
      2 bad command line, 4 unreadable file`,
  example: `  $ printf '{"b":1,"a":[1.0,"x"]}' | seam canon -
  {"a":[1.0,"x"],"b":1}
  $ printf '{"b":1, "a":2}' > doc.json; seam canon --check doc.json; echo $?
  doc.json: not canonical under seam: first difference at byte 1 ...
  1`,
  options: { profile: { type: 'string' }, check: { type: 'boolean' } },
  run(values, positionals) {
    const path = oneInput(canon, positionals);
    const profile = str(values.profile) ?? 'seam';
    if (!(PROFILES as string[]).includes(profile))
      throw new UsageError(`--profile names one of ${PROFILES.join(', ')}`);
    const input = readInput(path);
    const verdict = canonicalFromJSON(input, { profile: profile as ProfileName });
    const name = path === '-' ? 'stdin' : path;
    if (!verdict.ok) {
      const checks = explainVerdict(PARSE_CHECKS, verdict);
      if (values.json === true)
        printJson({
          command: 'canon',
          profile,
          ok: false,
          code: verdict.code,
          detail: verdict.detail,
          explain: { checks },
        });
      else
        print(
          `${name}: not JSON the ${profile} profile accepts ${codeAndDetail(verdict)}\n${checksText(checks)}`,
        );
      return EXIT.refused;
    }
    if (values.check !== true) {
      if (values.json === true)
        printJson({
          command: 'canon',
          profile,
          ok: true,
          canonical: new TextDecoder().decode(verdict.value),
        });
      else write(verdict.value);
      return EXIT.ok;
    }
    const difference = compare(input, verdict.value);
    if (values.json === true) printJson({ command: 'canon', profile, ok: difference.same, difference });
    else if (difference.same) print(`${name}: canonical under ${profile} (${input.length} bytes)`);
    else
      print(`${name}: not canonical under ${profile}: ${comparisonText(difference, ['input', 'canonical'])}`);
    return difference.same ? EXIT.ok : EXIT.refused;
  },
};
