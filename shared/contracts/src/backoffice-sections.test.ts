import { describe, expect, it } from 'vitest';
import { BACKOFFICE_SECTIONS, BACKOFFICE_SECTION_LIST } from './backoffice-sections.ts';
import { auditEndpoints } from './endpoints/audit.ts';
import { contentAdminEndpoints } from './endpoints/content-admin.ts';
import { customersEndpoints } from './endpoints/customers.ts';
import { operatorsEndpoints } from './endpoints/operators.ts';
import { reviewsEndpoints } from './endpoints/reviews.ts';
import { settingsEndpoints } from './endpoints/settings.ts';
import { supportAdminEndpoints } from './endpoints/support-admin.ts';
import { ANY_OPERATOR, OPERATOR_ROLES, REVIEW_DECIDERS, REVIEW_KINDS } from './operators.ts';

const operatorEndpoints = [
  auditEndpoints,
  contentAdminEndpoints,
  customersEndpoints,
  operatorsEndpoints,
  reviewsEndpoints,
  settingsEndpoints,
  supportAdminEndpoints,
].flatMap((group) => Object.values(group));

describe('the back-office sections table', () => {
  it('lists every section once, the dashboard first, each path unique', () => {
    expect(BACKOFFICE_SECTION_LIST[0]?.key).toBe('dashboard');
    expect(BACKOFFICE_SECTION_LIST[0]?.path).toBe('');
    const paths = BACKOFFICE_SECTION_LIST.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('lets a section be changed only by roles that can read it, and lets auditors read everything and change nothing', () => {
    for (const section of BACKOFFICE_SECTION_LIST) {
      for (const role of section.writers) expect(section.readers, `${section.key}: ${role}`).toContain(role);
      expect(section.readers, section.key).toContain('auditor');
      expect(section.writers, section.key).not.toContain('auditor');
    }
  });

  it('gives every review kind to a queue, decided by exactly its deciders', () => {
    expect([...BACKOFFICE_SECTIONS.queues.reviewKinds].sort()).toEqual([...REVIEW_KINDS].sort());
    expect([...BACKOFFICE_SECTIONS.queues.writers].sort()).toEqual([...new Set(Object.values(REVIEW_DECIDERS).flat())].sort());
    expect(BACKOFFICE_SECTIONS.corrections.writers).toEqual(REVIEW_DECIDERS.correction);
  });

  it("is where every operator endpoint's caller list comes from: a section's readers or writers, or any operator", () => {
    const lists = [ANY_OPERATOR, ...BACKOFFICE_SECTION_LIST.flatMap((s) => [s.readers, s.writers])];
    const roleLists = operatorEndpoints.filter((endpoint) => Array.isArray(endpoint.callers));
    expect(roleLists.length).toBeGreaterThan(20);
    for (const endpoint of roleLists) {
      expect(
        lists.some((list) => list === endpoint.callers),
        `${endpoint.operationId} declares its own role list`,
      ).toBe(true);
    }
  });

  it('names only known roles', () => {
    for (const section of BACKOFFICE_SECTION_LIST) {
      for (const role of [...section.readers, ...section.writers]) expect(OPERATOR_ROLES).toContain(role);
    }
  });
});
