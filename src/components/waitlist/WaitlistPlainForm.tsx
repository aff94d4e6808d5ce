import { Button } from '../ui/Button.tsx';
import { WaitlistStepFields, type BindField } from './WaitlistStepFields.tsx';
import { HONEYPOT_FIELD, waitlistFieldKinds, waitlistStepTitles } from '../../lib/waitlist/schema.ts';
import { WAITLIST_FORM_PATH, type WaitlistFormState } from '../../lib/waitlist/api.ts';

export type WaitlistPlainFormProps = Pick<WaitlistFormState, 'values' | 'errors' | 'idempotencyKey' | 'program'>;

const id = (field: string) => `waitlist-${field}`;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const list = (value: unknown) => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []);

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
    <form method="post" action={WAITLIST_FORM_PATH} noValidate className="space-y-10">
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {program ? <input type="hidden" name="program" value={program} /> : null}
      {errors.form ? (
        <p
          role="alert"
          className="rounded-[var(--radius-ui)] border border-error/40 bg-white p-4 font-medium text-error"
        >
          {errors.form}
        </p>
      ) : null}

      {waitlistStepTitles.map((_, index) => (
        <section key={index} className="space-y-5">
          {step(index)}
          <WaitlistStepFields
            step={index}
            bind={bind}
            errors={errors}
            selected={(field) => list(values[field])}
            showRoleOther
          />
        </section>
      ))}

      {/* A field people never see; bots that fill every input reveal themselves. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={id(HONEYPOT_FIELD)}>Leave this field empty</label>
        <input
          id={id(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <Button type="submit" variant="hero" size="lg">
        Submit
      </Button>
    </form>
  );
}
