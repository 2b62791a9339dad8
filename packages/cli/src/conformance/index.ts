// Every published vector file with its replayers, in the order the report lists them.
import { canonical } from './canonical.js';
import { merkle } from './merkle.js';
import type { FileReplay } from './replay.js';

export const REPLAYS: readonly FileReplay[] = [merkle, canonical];
