/**
 * The alert rules and the Grafana dashboard ask only for metrics the server exposes (a renamed
 * metric would otherwise leave an alert that can never fire). promtool tests the rules' logic in
 * CI (.ci/check-alerts.sh); this ties their names to the code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createOperatorMetrics } from '../../../../src/server/metrics/operator-metrics.ts';

/** Every series name /metrics can answer, histogram series included, plus Prometheus's own `up`. */
async function exposedNames(): Promise<Set<string>> {
  const metrics = createOperatorMetrics({ outbox: async () => ({ pending: 0, dead: 0, oldestPendingSeconds: null }) });
  const names = new Set(['up']);
  for (const [, name, type] of (await metrics.scrape()).body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name ?? '');
    if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${name}${suffix}`);
  }
  return names;
}

/** Words with an underscore or a selector in a PromQL expression, less functions and label names. */
function metricNamesIn(expr: string): string[] {
  const notMetrics = new Set(['histogram_quantile', 'status_class', 'count_over_time', 'present_over_time']);
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  return [...withoutStrings.matchAll(/\b([a-z][a-z0-9_]*)(\{)?/g)]
    .filter(([, word = '', selector]) => (word.includes('_') || selector) && !notMetrics.has(word))
    .map(([, word = '']) => word);
}

interface Rule {
  alert: string;
  expr: string;
}

const rules = (
  parse(readFileSync('deploy/prometheus/alerts.yml', 'utf8')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((group) => group.rules);

describe('monitoring configuration', () => {
  it('has every alert the operator needs', () => {
    expect(rules.map((rule) => rule.alert).sort()).toEqual([
      'HttpServerErrors',
      'InstanceDown',
      'LeadDeliveriesFailing',
      'LeadDeliveryDead',
      'LeadDeliveryPendingOverAnHour',
      'LeadStoreDown',
      'PovFeedStale',
      'WaitlistNoStoredLead',
      'WaitlistStoreError',
    ]);
  });

  it('alerts only on metrics the server exposes', async () => {
    const names = await exposedNames();
    for (const rule of rules) {
      const used = metricNamesIn(rule.expr);
      expect(used.length, rule.alert).toBeGreaterThan(0);
      for (const name of used) expect(names, `${rule.alert}: ${name}`).toContain(name);
    }
  });

  it('has each alert tested by promtool, firing and not firing', () => {
    // Every promtool test file beside the rules (.ci/check-alerts.sh runs them all).
    const tests = readdirSync('deploy/prometheus')
      .filter((file) => file.endsWith('.test.yml'))
      .flatMap(
        (file) =>
          (
            parse(readFileSync(`deploy/prometheus/${file}`, 'utf8')) as {
              tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
            }
          ).tests,
      )
      .flatMap((test) => test.alert_rule_test);
    for (const { alert } of rules) {
      const cases = tests.filter((test) => test.alertname === alert);
      expect(
        cases.some((test) => test.exp_alerts.length > 0),
        `${alert} fires in a test`,
      ).toBe(true);
      expect(
        cases.some((test) => test.exp_alerts.length === 0),
        `${alert} stays quiet in a test`,
      ).toBe(true);
    }
  });

  it("draws the dashboard from the server's metrics only", async () => {
    const names = await exposedNames();
    for (const file of readdirSync('deploy/grafana/dashboards')) {
      const dashboard = JSON.parse(readFileSync(`deploy/grafana/dashboards/${file}`, 'utf8')) as {
        panels: { title: string; targets?: { expr: string }[] }[];
      };
      const targets = dashboard.panels.flatMap((panel) =>
        (panel.targets ?? []).map((target) => ({ title: panel.title, expr: target.expr })),
      );
      expect(targets.length).toBeGreaterThan(10);
      for (const { title, expr } of targets) {
        for (const name of metricNamesIn(expr)) expect(names, `${file} "${title}": ${name}`).toContain(name);
      }
    }
  });
});
