/**
 * The one logo a trivia shows to players, on every player screen, the server's first paint and
 * the big screen: the trivia's own logo, else its company's. No zod here: the player's bundle
 * imports it.
 */
export function triviaLogo(trivia: { logoUrl: string | null; company: { logoUrl: string | null } }): string | null {
  return trivia.logoUrl ?? trivia.company.logoUrl;
}
