/** The bench's sizes (docs/benchmarks.md): the seeded data and the load steps, from the BENCH_* variables. */
export const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200_000);
export const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 1_000_000);
export const CAMPAIGN_ATTEMPTS_PER_TRIVIA = Number(process.env.BENCH_CAMPAIGN_ATTEMPTS ?? 300_000);
/** Seconds of load in each load step (the player hot path, the kiosk path). */
export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Concurrent players, or kiosks, in the load steps. */
export const WORKERS = 16;
