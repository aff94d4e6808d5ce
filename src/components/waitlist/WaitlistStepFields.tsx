import type { InputHTMLAttributes } from 'react';
import { ChoiceGroup, CheckboxField, TextAreaField, TextField } from './WaitlistFields.tsx';
import {
  fieldLabels,
  frustrationOptions,
  goalOptions,
  investmentOptions,
  roleOptions,
  type WaitlistField,
} from '../../lib/waitlist/schema.ts';

/** What wires an input to its form: react-hook-form's register() in the wizard, name and default value in the plain form. */
export type BindField = (
  field: WaitlistField,
) => Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { ref?: unknown };

export interface WaitlistStepFieldsProps {
  /** 0 to 4, as in `waitlistStepFields`. */
  step: number;
  bind: BindField;
  errors: Partial<Record<string, string | undefined>>;
  /** Options ticked when the plain form is shown again with the visitor's answers. */
  selected?: (field: WaitlistField) => readonly string[];
  /** Whether "Tell us your role" is there: the spec shows it once "Other" is chosen. */
  showRoleOther: boolean;
  /**
   * The plain form has no script to follow the choice: it always shows the field, in a wrapper of
   * this class, which a style rule hides until "Other" is ticked (src/styles/global.css). Passed in
   * rather than written here, so that the class (and its rule) stay out of the wizard's pages.
   */
  roleOtherClassName?: string | undefined;
}

/** The id of a field's input (or group), shared by the labels, the plain form's error summary and its links. */
export const fieldId = (field: string) => `waitlist-${field}`;
const id = fieldId;

/** "There is a problem with 2 answers": the head of both forms' error summaries. */
export const problemsTitle = (count: number) =>
  `There is a problem with ${count === 1 ? 'one answer' : `${count} answers`}`;

/**
 * "Your role: Please select an option", one line of an error summary; a question mark ends a label
 * well enough on its own. Each line leads with its question's label, since two questions share
 * "Please select an option".
 */
export function problemLine(field: WaitlistField, message: string) {
  const { label } = fieldLabels[field];
  return `${label.endsWith('?') ? label : `${label}:`} ${message}`;
}

/** The fields of one waiting-list step, laid out once for the wizard and the no-JavaScript form alike. */
export function WaitlistStepFields({
  step,
  bind,
  errors,
  selected,
  showRoleOther,
  roleOtherClassName,
}: WaitlistStepFieldsProps) {
  const choice = (
    field: 'role' | 'goal' | 'frustrations' | 'investment',
    type: 'radio' | 'checkbox',
    options: readonly string[],
  ) => (
    <ChoiceGroup
      id={id(field)}
      type={type}
      {...fieldLabels[field]}
      required
      options={options}
      error={errors[field]}
      inputProps={bind(field)}
      selected={selected?.(field)}
      columns={field === 'role' ? 2 : 1}
    />
  );
  switch (step) {
    case 0:
      return (
        <div className="space-y-5">
          <TextField
            id={id('name')}
            {...fieldLabels.name}
            required
            error={errors.name}
            inputProps={{ ...bind('name'), autoComplete: 'name' }}
          />
          <TextField
            id={id('email')}
            type="email"
            {...fieldLabels.email}
            required
            error={errors.email}
            inputProps={{ ...bind('email'), autoComplete: 'email', inputMode: 'email' }}
          />
          <TextField
            id={id('companyName')}
            {...fieldLabels.companyName}
            required
            error={errors.companyName}
            inputProps={{ ...bind('companyName'), autoComplete: 'organization' }}
          />
          {choice('role', 'radio', roleOptions)}
          {showRoleOther ? (
            <div className={roleOtherClassName}>
              <TextField
                id={id('roleOther')}
                {...fieldLabels.roleOther}
                error={errors.roleOther}
                inputProps={bind('roleOther')}
              />
            </div>
          ) : null}
        </div>
      );
    case 1:
      return choice('goal', 'checkbox', goalOptions);
    case 2:
      return choice('frustrations', 'checkbox', frustrationOptions);
    case 3:
      return choice('investment', 'radio', investmentOptions);
    default:
      return (
        <div className="space-y-5">
          <TextAreaField
            id={id('additionalInfo')}
            {...fieldLabels.additionalInfo}
            error={errors.additionalInfo}
            textareaProps={bind('additionalInfo') as never}
          />
          <CheckboxField
            id={id('earlyAccess')}
            label={fieldLabels.earlyAccess.label}
            inputProps={bind('earlyAccess')}
          />
        </div>
      );
  }
}
