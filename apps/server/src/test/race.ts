/**
 * Race tests release their requests together and repeat (security checklist: at least 20 requests
 * per round, at least 10 rounds; one success beyond a limit in any round fails). On PostgreSQL
 * (DATABASE_URL) every race runs 10 rounds; the embedded database has one connection, which runs
 * the requests one after another anyway, so two rounds keep that run quick. RACE_ROUNDS overrides both.
 */
export function raceRounds(): number {
  const asked = Number(process.env.RACE_ROUNDS);
  if (Number.isInteger(asked) && asked > 0) return asked;
  return process.env.DATABASE_URL ? 10 : 2;
}

/** Requests released together in one round of a race. */
export const RACE_WIDTH = 20;

/** How long a race test may take: a minute per round, as the rounds set up carts and orders over HTTP. */
export function raceTimeout(rounds = raceRounds()): number {
  return Math.max(60_000, rounds * 60_000);
}
