/**
 * Collects the outcome of every check and the figures of every scenario, prints them as they come,
 * and ends with the line the CI reads: `N passed, M failed`.
 */
export interface Figure {
  label: string;
  value: string;
}

export interface ScenarioRecord {
  store: string;
  scenario: string;
  seconds: number;
  figures: Figure[];
  passed: number;
  failed: number;
}

export class Report {
  readonly scenarios: ScenarioRecord[] = [];
  private current: ScenarioRecord | null = null;
  passed = 0;
  failed = 0;

  begin(store: string, scenario: string): void {
    this.current = { store, scenario, seconds: 0, figures: [], passed: 0, failed: 0 };
    this.scenarios.push(this.current);
    console.log(`\n[${store}] ${scenario}`);
  }

  end(seconds: number): void {
    if (this.current) this.current.seconds = seconds;
    console.log(`  (${seconds.toFixed(1)} s)`);
    this.current = null;
  }

  /** Records one check; `detail` says what was seen, so a failure explains itself. */
  check(name: string, ok: boolean, detail = ''): boolean {
    if (ok) this.passed += 1;
    else this.failed += 1;
    if (this.current) {
      if (ok) this.current.passed += 1;
      else this.current.failed += 1;
    }
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
    return ok;
  }

  /** A failure the scenario could not get past (the server would not start, an exception). */
  crash(error: unknown): void {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    this.check('scenario ran to the end', false, message.split('\n').slice(0, 6).join(' | '));
  }

  figure(label: string, value: string | number): void {
    const text = typeof value === 'number' ? String(value) : value;
    this.current?.figures.push({ label, value: text });
    console.log(`       ${label}: ${text}`);
  }

  summary(): string {
    const lines = ['', 'Summary', '-------'];
    for (const s of this.scenarios) {
      const mark = s.failed === 0 ? 'ok  ' : 'FAIL';
      lines.push(
        `${mark} [${s.store}] ${s.scenario}: ${s.passed} passed, ${s.failed} failed, ${s.seconds.toFixed(1)} s`,
      );
      for (const f of s.figures) lines.push(`       ${f.label}: ${f.value}`);
    }
    return lines.join('\n');
  }
}
