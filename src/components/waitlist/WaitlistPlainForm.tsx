import { Button } from '../ui/Button.tsx';
import { HoneypotField } from './HoneypotField.tsx';
import { PrivacyNote } from './PrivacyNote.tsx';
import {
  fieldId as id,
  problemLine,
  problemsTitle,
  WaitlistStepFields,
  type BindField,
} from './WaitlistStepFields.tsx';
import { waitlistFieldKinds, waitlistStepFields, waitlistStepTitles } from '../../lib/waitlist/schema.ts';
import { WAITLIST_FORM_PATH, type WaitlistFormState } from '../../lib/waitlist/api.ts';

export type WaitlistPlainFormProps = Pick<WaitlistFormState, 'values' | 'errors' | 'idempotencyKey' | 'program'>;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const list = (value: unknown) => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []);

/**
 * The form's field errors, listed at its top and focused when the page loads (the GOV.UK error
 * summary): without JavaScript the page is new after each post, and the visitor starts here, with
 * a link to each field in the order of the form. `autoFocus` renders the `autofocus` attribute,
 * which the browser honours on load without any script.
 */
function ErrorSummary({ errors }: { errors: Partial<Record<string, string>> }) {
  const problems = waitlistStepFields
    .flat()
    .flatMap((field) => (errors[field] ? [{ field, message: errors[field] }] : []));
  if (problems.length === 0) return null;
  return (
    <div
      role="alert"
      aria-labelledby="waitlist-error-summary-title"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the page answers a failed submission; focus goes to what went wrong
      autoFocus
      className="rounded-card border-2 border-error bg-white p-5 focus-visible:outline-offset-4 sm:p-6"
    >
      <h2 id="waitlist-error-summary-title" className="text-lg font-semibold text-error">
        {problemsTitle(problems.length)}
      </h2>
      <ul className="mt-3 space-y-2">
        {problems.map(({ field, message }) => (
          <li key={field}>
            <a
              href={`#${id(field)}`}
              className="font-medium text-error underline underline-offset-4 hover:decoration-2"
            >
              {problemLine(field, message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The waiting-list form for visitors without JavaScript: the same fields, labels, options and
 * messages as the wizard, in one page, posted to the page itself: the server answers with a 303 to
 * /waitlist/joined, or with this page again showing the errors.
 */
export function WaitlistPlainForm({ values, errors, idempotencyKey, program }: WaitlistPlainFormProps) {
  // Plain inputs: named for the form post, filled with what the visitor sent last time
  // (choices are ticked through `selected`; their value attribute is the option itself).
  const bind: BindField = (field) => {
    const kind = waitlistFieldKinds[field];
    if (kind === 'flag') return { name: field, value: 'on', defaultChecked: values[field] === true };
    if (kind === 'choice' || kind === 'list') return { name: field };
    return { name: field, defaultValue: text(values[field]) };
  };
  const step = (index: number) => (
    <h2 className="text-lg font-semibold">
      <span className="text-violet-deep">{index + 1}.</span> {waitlistStepTitles[index]}
    </h2>
  );
  return (
    <form
      method="post"
      action={WAITLIST_FORM_PATH}
      noValidate
      // Shown with messages, the page answers a post: the page script makes its history entry an
      // ordinary one, so Back never meets "Confirm Form Resubmission" (src/browser/form-post-entry.ts).
      data-answers-post={Object.keys(errors).length > 0 ? '' : undefined}
      className="space-y-10"
    >
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {program ? <input type="hidden" name="program" value={program} /> : null}
      <ErrorSummary errors={errors} />
      {errors.form ? (
        <p role="alert" className="rounded-ui border border-error/40 bg-white p-4 font-medium text-error">
          {errors.form}
        </p>
      ) : null}

      {waitlistStepTitles.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the steps are a fixed list; the index is the step
        <section key={index} className="space-y-5">
          {step(index)}
          <WaitlistStepFields
            step={index}
            bind={bind}
            errors={errors}
            selected={(field) => list(values[field])}
            showRoleOther
            // Hidden until "Other" is ticked; shown whatever the role once it holds an answer or an
            // error, so that nothing the visitor sent is out of sight.
            roleOtherClassName={text(values.roleOther) || errors.roleOther ? undefined : 'role-other-once-chosen'}
          />
        </section>
      ))}

      <HoneypotField idPrefix="waitlist" />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
        <Button type="submit" variant="hero" size="lg">
          Submit
        </Button>
        <PrivacyNote />
      </div>
    </form>
  );
}
