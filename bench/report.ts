/**
 * The results table, as aligned text for the terminal and as Markdown for docs/PERFORMANCE.md.
 * A figure over its budget is marked: "!" in the terminal, bold in Markdown.
 */
import type { Budgets } from './budgets.ts';
import type { Medians } from './evaluate.ts';

export interface Row {
  label: string;
  medians: Medians | null;
  lcpToReference: number | null;
  /** Why there are no figures (the route did not answer 200, or Lighthouse failed). */
  error?: string;
}

interface Cell {
  text: string;
  over: boolean;
}

const headings = [
  'Route',
  'Perf',
  'A11y',
  'BP',
  'SEO',
  'FCP s',
  'LCP s',
  'xRef',
  'TBT ms',
  'CLS',
  'JS@load KB',
  'All@load KB',
  'JS KB',
  'CSS KB',
  'Font KB',
  'Img KB',
  'Doc KB',
  'Total KB',
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function cells(row: Row, budgets: Budgets, checked: boolean): Cell[] {
  const cell = (text: string, over = false): Cell => ({ text, over: checked && over });
  const m = row.medians;
  if (!m) return [cell(row.label), cell(`no figures: ${row.error ?? 'unknown error'}`)];
  const ratio = row.lcpToReference;
  return [
    cell(row.label),
    cell(String(m.scores.performance), m.scores.performance < budgets.scores.performance),
    cell(String(m.scores.accessibility), m.scores.accessibility < budgets.scores.accessibility),
    cell(String(m.scores.bestPractices), m.scores.bestPractices < budgets.scores.bestPractices),
    cell(String(m.scores.seo), m.scores.seo < budgets.scores.seo),
    cell((m.fcpMs / 1000).toFixed(2), m.fcpMs > budgets.fcpMs),
    cell((m.lcpMs / 1000).toFixed(2), m.lcpMs > budgets.lcpMs),
    cell(ratio === null ? '-' : ratio.toFixed(2), ratio !== null && ratio > budgets.lcpToReference),
    cell(String(Math.round(m.tbtMs)), m.tbtMs > budgets.tbtMs),
    cell(m.cls.toFixed(3), m.cls > budgets.cls),
    cell(kb(m.firstLoad.jsBytes), m.firstLoad.jsBytes > budgets.firstLoadJsBytes),
    cell(kb(m.firstLoad.totalBytes), m.firstLoad.totalBytes > budgets.firstLoadBytes),
    cell(kb(m.bytes.script)),
    cell(kb(m.bytes.stylesheet)),
    cell(kb(m.bytes.font)),
    cell(kb(m.bytes.image)),
    cell(kb(m.bytes.document)),
    cell(kb(m.bytes.total)),
  ];
}

/** The reference row is shown for comparison, never checked against the budgets. */
function grid(reference: Row, rows: Row[], budgets: Budgets): Cell[][] {
  return [cells(reference, budgets, false), ...rows.map((row) => cells(row, budgets, true))];
}

export function textTable(reference: Row, rows: Row[], budgets: Budgets): string {
  const body = grid(reference, rows, budgets).map((line) => line.map((c) => (c.over ? `${c.text}!` : c.text)));
  // A row without figures is a label and a message; it does not set the column widths.
  const full = [headings, ...body.filter((line) => line.length === headings.length)];
  const widths = headings.map((_, column) => Math.max(...full.map((line) => line[column]?.length ?? 0)));
  const format = (line: string[]) =>
    line
      .map((text, column) => (column === 0 ? text.padEnd(widths[column]!) : text.padStart(widths[column]!)))
      .join('  ');
  const formatRow = (line: string[]) =>
    line.length === headings.length ? format(line) : `${line[0]!.padEnd(widths[0]!)}  ${line[1]}`;
  return [format(headings), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(formatRow)].join('\n');
}

export function markdownTable(reference: Row, rows: Row[], budgets: Budgets): string {
  const body = grid(reference, rows, budgets).map((line) => line.map((c) => (c.over ? `**${c.text}**` : c.text)));
  const align = headings.map((_, column) => (column === 0 ? ':--' : '--:'));
  const pad = (line: string[]) =>
    line.length === headings.length ? line : [line[0]!, line[1]!, ...Array<string>(headings.length - 2).fill('')];
  return [headings, align, ...body.map(pad)].map((line) => `| ${line.join(' | ')} |`).join('\n');
}
