import { unwrap } from '@agent-seam/canonical';
import { holdFailClosed } from '../../../tools/required-options.ts';
import * as identity from '../src/index.js';
import { replayKel, verifyKeySet, verifyKeySetAsync, verifyNotice, verifyNoticeAsync } from '../src/index.js';
import { AGENT, keySet, NOW, noticeOf, OTHER_WITNESS, pub, WITNESS } from './fixture.js';

/**
 * Issue 32 for anet-identity: every judge of time needs the caller's clock, and a notice
 * needs the witness hubs the caller trusts; left out, `SeamError('missing-option')` names
 * what is missing (there is no opt-out: a log, a notice and a key set are only judged at a
 * time). The resolver's pins, acceptedAtMs and witness roots are held in resolver.test.ts.
 */
const now = new Date(NOW);
const kel = unwrap(replayKel(AGENT.bytes(), { now }));
const roots = { witnessKeys: { [WITNESS]: pub('w0'), [OTHER_WITNESS]: pub('x0') } };

holdFailClosed(identity, {
  verifyNotice: {
    call: (o) => verifyNotice(noticeOf(), o as never),
    given: () => ({ kel }),
    required: () => ({ now, ...roots }),
  },
  verifyNoticeAsync: {
    call: (o) => verifyNoticeAsync(noticeOf(), o as never),
    given: () => ({ kel }),
    required: () => ({ now, ...roots }),
  },
  verifyKeySet: {
    call: (o) => verifyKeySet(keySet(), o as never),
    given: () => ({ kel }),
    required: () => ({ now }),
  },
  verifyKeySetAsync: {
    call: (o) => verifyKeySetAsync(keySet(), o as never),
    given: () => ({ kel }),
    required: () => ({ now }),
  },
  replayKel: {
    call: (o) => replayKel(AGENT.bytes(), o as never),
    required: () => ({ now }),
  },
});
