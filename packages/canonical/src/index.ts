export { base64Strict, base64urlStrict, hex, type SpellingCode, utf8Strict } from './spellings.js';
export { fail, ok, SeamError, unwrap, type Verdict } from './verdict.js';
