import type { OperatorRole } from '@meridian/contracts';

/** The back-office sections, who sees each (the API checks the same roles), in nav order. */
export const NAV_SECTIONS: readonly { path: string; key: string; roles: readonly OperatorRole[] }[] = [
  { path: '/admin', key: 'dashboard', roles: ['admin', 'support', 'reviewer', 'finance', 'release', 'auditor'] },
  { path: '/admin/queues', key: 'queues', roles: ['admin', 'auditor', 'support', 'reviewer', 'finance'] },
  { path: '/admin/support', key: 'support', roles: ['support', 'admin', 'auditor'] },
  { path: '/admin/users', key: 'users', roles: ['admin', 'support', 'reviewer', 'finance', 'auditor'] },
  { path: '/admin/corrections', key: 'corrections', roles: ['finance', 'admin', 'auditor'] },
  { path: '/admin/content', key: 'content', roles: ['support', 'admin', 'auditor'] },
  { path: '/admin/settings', key: 'settings', roles: ['admin', 'auditor'] },
  { path: '/admin/operators', key: 'operators', roles: ['admin', 'auditor'] },
  { path: '/admin/audit', key: 'audit', roles: ['admin', 'auditor'] },
  { path: '/admin/releases', key: 'releases', roles: ['release', 'admin', 'auditor'] },
];
