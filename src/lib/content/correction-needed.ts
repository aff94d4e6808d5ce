/**
 * A content entry's problems that no schema states (its Markdown body: src/content/markdown-loader.ts;
 * a solution's link: src/pages/solutions.astro), written as the build states a schema's, in the
 * shape the build's report and the editor's publishing page read back (src/lib/content/build-failure.ts,
 * SCHEMA_HEADER and FIELD_LINE): a header naming the entry and its file, then each problem on a line,
 * `  **body**: line 27: “…”: what to do`. Apart from the reader, which reads files on the server, so
 * that the pages that state a problem take nothing else with them.
 */
export function correctionNeeded(
  entry: { collection: string; id: string; file: string },
  problems: readonly { field?: string | undefined; line?: number | undefined; message: string }[],
): string {
  return [
    `**${entry.collection} → ${entry.id}** text needs a correction (${entry.file}).`,
    ...problems.map(
      ({ field, line, message }) => `  ${field ? `**${field}**: ` : ''}${line ? `line ${line}: ` : ''}${message}`,
    ),
  ].join('\n');
}
