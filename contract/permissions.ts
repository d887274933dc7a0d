/**
 * Who may do what (docs/permissions.md): the one owner of the rule, read by the API's route guards
 * and by the screens that hide what a role cannot do. An owner may do everything, over every
 * company; anyone else holds a role per company they work on, and reaches nothing else.
 */

/** A user's role over one company. */
export const COMPANY_ROLES = ['organiser', 'staff', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  organiser: 'Organizador',
  staff: 'Personal del evento',
  viewer: 'Cliente (solo lectura)',
};
export const COMPANY_ROLE_HELP: Record<CompanyRole, string> = {
  organiser: 'Contenido, campañas, rankings, análisis, exportaciones, revisión, sorteos, dispositivos y datos de jugadores de la empresa.',
  staff: 'Día del evento: dispositivos, enlaces de kiosco, revisión de resultados retenidos, pantallas y sorteos; rankings de solo lectura.',
  viewer: 'Rankings, campañas, análisis y pantallas de la empresa, sin documentos ni cambios.',
};

/**
 * The actions a company role may be given, each with the roles that have it (what each covers:
 * COMPANY_ACTION_SUMMARIES). Least privilege is the rule: an action lists only the roles that need it.
 */
export const COMPANY_ACTIONS = {
  'content.view': ['organiser', 'staff', 'viewer'],
  'content.edit': ['organiser'],
  'rankings.view': ['organiser', 'staff', 'viewer'],
  'names.view': ['organiser', 'staff'],
  'rankings.moderate': ['organiser'],
  'results.delete': ['organiser'],
  'analysis.view': ['organiser', 'viewer'],
  'exports.people': ['organiser'],
  'review.decide': ['organiser', 'staff'],
  'devices.manage': ['organiser', 'staff'],
  'draws.run': ['organiser', 'staff'],
  'players.manage': ['organiser'],
  'activity.view': ['organiser', 'viewer'],
} as const satisfies Record<string, readonly CompanyRole[]>;
export type CompanyAction = keyof typeof COMPANY_ACTIONS;

/** What each action covers, in the words of docs/permissions.md (which is generated from this file and the routers). */
export const COMPANY_ACTION_SUMMARIES: Record<CompanyAction, string> = {
  'content.view': "See the company, its trivias, campaigns and sites (not the questions' editor, which holds the answer key)",
  'content.edit': "Create, change and delete trivias, questions and answers (the answer key with them), pictures, themes, campaigns, sites, the company's own settings and data-treatment text",
  'rankings.view': 'The rankings of the admin screens',
  'names.view': "Players' names whole in those rankings (without it, as the trivia's or campaign's public screens style them)",
  'rankings.moderate': 'Disqualify a result from a ranking, restore it',
  'results.delete': '"Borrar datos": delete a trivia\'s results',
  'analysis.view': 'The analysis of questions and answers (which answer was right included), and its export (no personal data in either)',
  'exports.people': "Exports that name people: scores, rankings, a draw's entries",
  'review.decide': 'The held results: list them, approve, discard',
  'devices.manage': '"Dispositivos", kiosk setup links, the sync\'s rejections',
  'draws.run': 'Run a draw, set its screen, see and verify draws',
  'players.manage': "Players' personal data: search, history, name changes, duplicates, merges, erasure",
  'activity.view': '"Actividad": who changed what (a viewer\'s without personal data)',
};

/** Whether a company role may do an action. */
export function roleCan(role: CompanyRole, action: CompanyAction): boolean {
  return (COMPANY_ACTIONS[action] as readonly CompanyRole[]).includes(role);
}

/** One company a user works on, and their role there. */
export interface CompanyGrant {
  companyId: number;
  role: CompanyRole;
}

/** Whether a user (an owner, or their grants) may do an action on a company: the screens' copy of the server's rule. */
export function userCan(user: { role: string; companies: CompanyGrant[] }, action: CompanyAction, companyId: number): boolean {
  if (user.role === 'owner') return true;
  const grant = user.companies.find((g) => g.companyId === companyId);
  return grant !== undefined && roleCan(grant.role, action);
}

/** Whether a user may do an action on at least one company (a menu entry, a list's screen). */
export function userCanSomewhere(user: { role: string; companies: CompanyGrant[] }, action: CompanyAction): boolean {
  return user.role === 'owner' || user.companies.some((g) => roleCan(g.role, action));
}

export const ROLE_REFUSAL = 'Tu rol en esta empresa no permite esta acción';
export const PLAYER_OUT_OF_REACH_REFUSAL = 'Este jugador también tiene datos en empresas fuera de tu alcance: pídeselo a un propietario';
