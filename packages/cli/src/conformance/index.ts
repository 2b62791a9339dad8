// Every published vector file with its replayers, in the order the report lists them.
import { canonical } from './canonical.js';
import { merkle } from './merkle.js';
import type { FileReplay } from './replay.js';
import { wire } from './wire.js';

export const REPLAYS: readonly FileReplay[] = [merkle, wire, canonical];
