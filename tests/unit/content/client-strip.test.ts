import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCaseStudies } from '../../support/case-studies.ts';

const home = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../src/content/pages/home.json'), 'utf8')) as {
  trust: { clients: { name: string; sector: string }[] };
};
const studies = readCaseStudies();

describe('the home page client strip', () => {
  it('names each client exactly as a case study describes it, in that study’s sector', () => {
    for (const client of home.trust.clients) {
      const study = studies.find((candidate) => candidate.data.client === client.name);
      expect(study, `${client.name}: no case study describes its client this way`).toBeDefined();
      expect(study!.data.industry.split(' · ')[0], client.name).toBe(client.sector);
    }
  });

  it('shows six different clients', () => {
    expect(new Set(home.trust.clients.map((client) => client.name)).size).toBe(6);
  });
});
