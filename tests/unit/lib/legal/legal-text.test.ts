/**
 * A legal text's tokens as its page reads them (src/lib/legal/legal-text.ts): a token the page does
 * not know, or a passage left open, would be published as written, and an open passage shown whether
 * or not the site counts visits. Also the folder: exactly the texts the site's routes serve.
 */
import { describe, expect, it } from 'vitest';
import { applyAnalyticsNotice } from '../../../../src/lib/legal/analytics-notice.ts';
import { LEGAL_TEXTS, legalFolderProblem, legalTextProblems } from '../../../../src/lib/legal/legal-text.ts';

const lines = (problems: { line: number }[]) => problems.map(({ line }) => line);

describe('the tokens of a legal text', () => {
  it('passes every token the page knows, in a paragraph or a sentence', () => {
    const text = [
      'Email %contact email%.',
      '%if analytics%',
      'We count visits with %analytics service%.',
      '%end if%',
      'We use %if no analytics%no %end if%analytics tools. 5% to 10% of visits.',
    ].join('\n');
    expect(legalTextProblems(text)).toEqual([]);
  });

  it('refuses a token the page does not know, naming the ones it does', () => {
    const problems = legalTextProblems('Intro.\nEmail %contact-email% or %Contact Email%.');
    expect(lines(problems)).toEqual([2, 2]);
    expect(problems[0]?.message).toMatch(
      /^"%contact-email%" is not one the page knows, so it would show as written\. Write one of: "%contact email%", /,
    );
  });

  it('refuses a passage left open, which the page would show with its markers whatever the site counts', () => {
    const open = '%if analytics%\nWe count visits with %analytics service%.\n\nMore text.';
    expect(legalTextProblems(open)).toEqual([
      { line: 1, message: expect.stringMatching(/^"%if analytics%" opens a passage that no "%end if%" closes/) },
    ]);
    // What the page makes of it: the markers stay, and the passage shows without analytics.
    expect(applyAnalyticsNotice(`<p>${open}</p>`, undefined)).toContain('%if analytics%');
  });

  it('refuses a passage opened inside another, an "end if" that closes none, and the service named outside its passage', () => {
    const text = '%if analytics%\n%if no analytics%\n%end if%\n%end if%\nWe use %analytics service%.';
    expect(legalTextProblems(text).map(({ line, message }) => [line, message.slice(0, 40)])).toEqual([
      [2, '"%if no analytics%" opens a passage whil'],
      [4, '"%end if%" closes no passage: remove it,'],
      [5, '"%analytics service%" names the analytic'],
    ]);
  });
});

describe('the folder of the legal texts', () => {
  it('holds exactly the texts the site serves', () => {
    expect(legalFolderProblem(LEGAL_TEXTS)).toBeUndefined();
    expect(legalFolderProblem(['terms-of-service', 'privacy'])?.message).toMatch(
      /^privacy-policy\.md is missing, and every page's footer links to \/privacy-policy\. Restore it, or rename the file back/,
    );
    expect(legalFolderProblem([...LEGAL_TEXTS, 'cookies'])?.message).toMatch(
      /^cookies\.md is not one of the legal pages the site serves/,
    );
  });
});
