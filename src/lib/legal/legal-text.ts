/**
 * The legal texts' plain-text tokens (./contact-links.ts, ./analytics-notice.ts) as the page reads
 * them: a token it does not know, or a passage that an `%if ...%` opens and no `%end if%` closes,
 * would be published as written, markers and all, and an unclosed passage would be shown whatever
 * the site counts, so that the privacy policy could name an analytics service the site does not use.
 * The build (src/content.config.ts) and the editor's save (src/cms/check-save.ts) refuse both.
 */
import { routes } from '../../config/routes.ts';
import {
  ANALYTICS_OFF_MARKER,
  ANALYTICS_ON_MARKER,
  ANALYTICS_SERVICE_TOKEN,
  END_IF_MARKER,
} from './analytics-notice.ts';
import { CONTACT_EMAIL_TOKEN } from './contact-links.ts';

/**
 * The legal texts the site serves, by file name in src/content/legal: its routes (src/pages/privacy-policy.astro,
 * terms-of-service.astro), linked from every page's footer and the waiting-list form, read exactly these.
 */
export const LEGAL_TEXTS: readonly string[] = [routes.privacyPolicy, routes.termsOfService].map((path) =>
  path.slice(1),
);

/**
 * What is wrong with the legal texts' folder, given its files' names (without `.md`): the file of a
 * page the site serves missing (its page would fail for every visitor), or one it has no page for.
 */
export function legalFolderProblem(names: readonly string[]): { name: string; message: string } | undefined {
  const missing = LEGAL_TEXTS.find((name) => !names.includes(name));
  if (missing) {
    return {
      name: missing,
      message:
        `${missing}.md is missing, and every page's footer links to ${routes.legal(missing)}. ` +
        `Restore it, or rename the file back to ${missing}.md`,
    };
  }
  const extra = names.find((name) => !LEGAL_TEXTS.includes(name));
  if (extra) {
    return {
      name: extra,
      message:
        `${extra}.md is not one of the legal pages the site serves (${LEGAL_TEXTS.map((name) => `${name}.md`).join(', ')}), ` +
        'so nothing would show it. Remove it, or move its text into one of them',
    };
  }
  return undefined;
}

const KNOWN = [CONTACT_EMAIL_TOKEN, ANALYTICS_SERVICE_TOKEN, ANALYTICS_ON_MARKER, ANALYTICS_OFF_MARKER, END_IF_MARKER];

/** Anything written like a token: words between two `%`, as "%contact email%" (never "5% to 10%"). */
const TOKEN = /%[A-Za-z][A-Za-z _-]*[A-Za-z]%/g;

export interface LegalTextProblem {
  /** The line in `text` (1 = its first). */
  line: number;
  message: string;
}

/**
 * What in a legal text (its body, or the whole file with the body's lines where they are) the page
 * would show as written instead of acting on it: nothing when every token is known and every passage closed.
 */
export function legalTextProblems(text: string): LegalTextProblem[] {
  const problems: LegalTextProblem[] = [];
  /** The passage open at this point: its marker and line. */
  let open: { marker: string; line: number } | undefined;
  for (const [index, line] of text.split('\n').entries()) {
    for (const [token] of line.matchAll(TOKEN)) {
      const at = { line: index + 1 };
      if (!KNOWN.includes(token)) {
        problems.push({
          ...at,
          message:
            `"${token}" is not one the page knows, so it would show as written. ` +
            `Write one of: ${KNOWN.map((known) => `"${known}"`).join(', ')}`,
        });
      } else if (token === ANALYTICS_ON_MARKER || token === ANALYTICS_OFF_MARKER) {
        if (open) {
          problems.push({
            ...at,
            message: `"${token}" opens a passage while the one "${open.marker}" opened earlier is not closed: add "${END_IF_MARKER}" where that one ends`,
          });
        }
        open = { marker: token, line: at.line };
      } else if (token === END_IF_MARKER) {
        if (!open) {
          problems.push({
            ...at,
            message: `"${END_IF_MARKER}" closes no passage: remove it, or add "${ANALYTICS_ON_MARKER}" where the passage starts`,
          });
        }
        open = undefined;
      } else if (token === ANALYTICS_SERVICE_TOKEN && open?.marker !== ANALYTICS_ON_MARKER) {
        problems.push({
          ...at,
          message: `"${token}" names the analytics service, so it must stand between "${ANALYTICS_ON_MARKER}" and "${END_IF_MARKER}": without analytics it would show as written`,
        });
      }
    }
  }
  if (open) {
    problems.push({
      line: open.line,
      message: `"${open.marker}" opens a passage that no "${END_IF_MARKER}" closes: add "${END_IF_MARKER}" where it ends, or the page shows it whether or not the site counts visits`,
    });
  }
  return problems;
}
