import { COMPANY_ACTION_SUMMARIES, COMPANY_ACTIONS, COMPANY_ROLES, type CompanyAction } from '../../contract';
import type { RouteAccess } from '../../api/platform/access/route-access';

export interface DeclaredRoute {
  method: string;
  path: string;
  access: RouteAccess | undefined;
}

const routeName = (route: DeclaredRoute) => `\`${route.method} ${route.path}\``;
const byPath = (a: DeclaredRoute, b: DeclaredRoute) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method);

/** The key a route is listed under in the matrix: its action, or its level when it has none. */
function accessKey(access: RouteAccess | undefined): string {
  if (!access) return 'undeclared';
  return access.level === 'company' ? access.action : access.level;
}

const LEVELS: { key: string; title: string }[] = [
  { key: 'owner', title: 'Owners only' },
  { key: 'signed-in', title: 'Anyone signed in (their own account, who they are)' },
  { key: 'public', title: 'Public (players, kiosks, public screens; no session needed)' },
];

/**
 * The matrix of docs/permissions.md, written from the contract's table of actions and the routers'
 * declarations: one row per action with the roles that have it, then every route under the action
 * or level it declares.
 */
export function permissionMatrix(routes: DeclaredRoute[]): string {
  const actions = Object.keys(COMPANY_ACTIONS) as CompanyAction[];
  const roleColumns = ['owner', ...COMPANY_ROLES];
  const lines = [
    `| Action | What it covers | ${roleColumns.join(' | ')} |`,
    `|---|---|${roleColumns.map(() => ':-:').join('|')}|`,
    ...actions.map((action) => {
      const roles = COMPANY_ACTIONS[action] as readonly string[];
      return `| \`${action}\` | ${COMPANY_ACTION_SUMMARIES[action]} | ✓ | ${COMPANY_ROLES.map((role) => (roles.includes(role) ? '✓' : '—')).join(' | ')} |`;
    }),
    '',
    `Routes by what they declare (${routes.length} routes):`,
    '',
  ];
  const groups = [...actions.map((action) => ({ key: action, title: `\`${action}\`` })), ...LEVELS];
  for (const group of groups) {
    const members = routes.filter((route) => accessKey(route.access) === group.key).sort(byPath);
    if (members.length) lines.push(`- **${group.title}** (${members.length}): ${members.map(routeName).join(', ')}`);
  }
  const undeclared = routes.filter((route) => !route.access);
  if (undeclared.length) lines.push(`- **Undeclared** (${undeclared.length}): ${undeclared.sort(byPath).map(routeName).join(', ')}`);
  return lines.join('\n');
}
