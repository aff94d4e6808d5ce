import { Button } from '../ui/Button.tsx';
import { ChoiceGroup, CheckboxField, TextAreaField, TextField } from './WaitlistFields.tsx';
import {
  HONEYPOT_FIELD,
  fieldLabels,
  frustrationOptions,
  goalOptions,
  investmentOptions,
  roleOptions,
  waitlistStepTitles,
} from '../../lib/waitlist/schema.ts';

export interface WaitlistPlainFormProps {
  values: Record<string, string | string[] | boolean>;
  errors: Partial<Record<string, string>>;
  idempotencyKey: string;
  program: string | null;
}

const id = (field: string) => `waitlist-${field}`;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const list = (value: unknown) => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []);

/**
 * The waiting-list form for visitors without JavaScript: the same fields, labels, options and
 * messages as the wizard, in one page, posted to the server, which answers with this page again.
 */
export function WaitlistPlainForm({ values, errors, idempotencyKey, program }: WaitlistPlainFormProps) {
  const step = (index: number) => (
    <h2 className="text-lg font-semibold">
      <span className="text-violet-deep">{index + 1}.</span> {waitlistStepTitles[index]}
    </h2>
  );
  return (
    <form method="post" action="/api/waitlist" noValidate className="space-y-10">
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {program ? <input type="hidden" name="program" value={program} /> : null}
      {errors.form ? (
        <p role="alert" className="rounded-[var(--radius-ui)] border border-error/40 bg-white p-4 font-medium text-error">
          {errors.form}
        </p>
      ) : null}

      <section className="space-y-5">
        {step(0)}
        <TextField id={id('name')} {...fieldLabels.name} required error={errors.name} inputProps={{ name: 'name', defaultValue: text(values.name), autoComplete: 'name' }} />
        <TextField id={id('email')} type="email" {...fieldLabels.email} required error={errors.email} inputProps={{ name: 'email', defaultValue: text(values.email), autoComplete: 'email' }} />
        <TextField
          id={id('companyName')}
          {...fieldLabels.companyName}
          required
          error={errors.companyName}
          inputProps={{ name: 'companyName', defaultValue: text(values.companyName), autoComplete: 'organization' }}
        />
        <ChoiceGroup id={id('role')} type="radio" {...fieldLabels.role} required options={roleOptions} error={errors.role} inputProps={{ name: 'role' }} selected={list(values.role)} columns={2} />
        <TextField
          id={id('roleOther')}
          {...fieldLabels.roleOther}
          hint="Optional: only if you chose Other."
          error={errors.roleOther}
          inputProps={{ name: 'roleOther', defaultValue: text(values.roleOther) }}
        />
      </section>

      <section className="space-y-5">
        {step(1)}
        <ChoiceGroup id={id('goal')} type="checkbox" {...fieldLabels.goal} required options={goalOptions} error={errors.goal} inputProps={{ name: 'goal' }} selected={list(values.goal)} />
      </section>

      <section className="space-y-5">
        {step(2)}
        <ChoiceGroup
          id={id('frustrations')}
          type="checkbox"
          {...fieldLabels.frustrations}
          required
          options={frustrationOptions}
          error={errors.frustrations}
          inputProps={{ name: 'frustrations' }}
          selected={list(values.frustrations)}
        />
      </section>

      <section className="space-y-5">
        {step(3)}
        <ChoiceGroup
          id={id('investment')}
          type="radio"
          {...fieldLabels.investment}
          required
          options={investmentOptions}
          error={errors.investment}
          inputProps={{ name: 'investment' }}
          selected={list(values.investment)}
        />
      </section>

      <section className="space-y-5">
        {step(4)}
        <TextAreaField id={id('additionalInfo')} {...fieldLabels.additionalInfo} error={errors.additionalInfo} textareaProps={{ name: 'additionalInfo', defaultValue: text(values.additionalInfo) }} />
        <CheckboxField id={id('earlyAccess')} label={fieldLabels.earlyAccess.label} inputProps={{ name: 'earlyAccess', value: 'on', defaultChecked: values.earlyAccess === true }} />
      </section>

      {/* A field people never see; bots that fill every input reveal themselves. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={id(HONEYPOT_FIELD)}>Leave this field empty</label>
        <input id={id(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <Button type="submit" variant="hero" size="lg">
        Submit
      </Button>
    </form>
  );
}
