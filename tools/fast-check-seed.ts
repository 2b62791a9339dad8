import fc from 'fast-check';

// Property tests draw from one fixed seed so that a run is reproducible: CI judges the
// same inputs every time, and a failure seen once is seen again. Explore other inputs
// with FC_SEED=<n> (fast-check prints the seed and path of any counterexample).
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261202) });
