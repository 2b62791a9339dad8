import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import { expectLibraryRules } from './helpers.js';

it('src/ has no Node built-ins and reads no clock', () =>
  expectLibraryRules(fileURLToPath(new URL('../src', import.meta.url))));
