/**
 * A page sent in answer to a form's post (the waiting list's, showing what to correct) is a history
 * entry that Back can show again only by posting again: Chrome shows "Confirm Form Resubmission" in
 * its place, as when the visitor goes back from /waitlist/joined after correcting their answers.
 * Replacing the entry with itself makes it an ordinary one, which Back loads afresh: the empty form,
 * as the page is sent with no-store and never keeps the answers. The form marks such a page
 * (WaitlistPlainForm). Without JavaScript, the browser's own prompt stays.
 */
export function forgetFormPost(): void {
  if (document.querySelector('[data-answers-post]')) history.replaceState(history.state, '');
}
