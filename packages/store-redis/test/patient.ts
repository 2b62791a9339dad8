/**
 * The tests' client settings: a 10 s command timeout instead of 1 s, so a loaded CI machine
 * (every suite at once on two cores) is not taken for a server away. A server that is away
 * is still refused at once: no command is queued while disconnected.
 */
export const PATIENT = { commandTimeout: 10_000 };
