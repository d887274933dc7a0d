/**
 * What a 404 says of the content every other area points at: a company, a trivia. Below the areas
 * that own them, so an area that only names them (a logo's owner, a picture's trivia) need not
 * import the owner's service.
 */
export const COMPANY_NOT_FOUND = 'Empresa no encontrada';
export const GROUP_NOT_FOUND = 'No se encontró la trivia.';
