// The seam command as a function, for a program that wants to run it in-process.
export { type Command, helpText } from './command.js';
export { EXIT, type Streams } from './io.js';
export { COMMANDS, main } from './main.js';
