import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { ChoiceGroup, CheckboxField, TextAreaField, TextField } from '../../components/waitlist/WaitlistFields.tsx';
import {
  fieldLabels,
  frustrationOptions,
  goalOptions,
  investmentOptions,
  roleOptions,
  type WaitlistInput,
} from '../../lib/waitlist/schema.ts';

export interface WaitlistStepProps {
  step: number;
  register: UseFormRegister<WaitlistInput>;
  errors: FieldErrors<WaitlistInput>;
  showRoleOther: boolean;
}

const id = (field: string) => `waitlist-${field}`;

/** The fields of one wizard step; which fields belong to which step is `waitlistStepFields`. */
export function WaitlistStep({ step, register, errors, showRoleOther }: WaitlistStepProps) {
  const error = (field: keyof WaitlistInput) => errors[field]?.message as string | undefined;
  switch (step) {
    case 0:
      return (
        <div className="space-y-5">
          <TextField id={id('name')} {...fieldLabels.name} required error={error('name')} inputProps={{ ...register('name'), autoComplete: 'name' }} />
          <TextField
            id={id('email')}
            type="email"
            {...fieldLabels.email}
            required
            error={error('email')}
            inputProps={{ ...register('email'), autoComplete: 'email', inputMode: 'email' }}
          />
          <TextField
            id={id('companyName')}
            {...fieldLabels.companyName}
            required
            error={error('companyName')}
            inputProps={{ ...register('companyName'), autoComplete: 'organization' }}
          />
          <ChoiceGroup id={id('role')} type="radio" {...fieldLabels.role} required options={roleOptions} error={error('role')} inputProps={register('role')} columns={2} />
          {showRoleOther ? (
            <TextField id={id('roleOther')} {...fieldLabels.roleOther} error={error('roleOther')} inputProps={register('roleOther')} />
          ) : null}
        </div>
      );
    case 1:
      return <ChoiceGroup id={id('goal')} type="checkbox" {...fieldLabels.goal} required options={goalOptions} error={error('goal')} inputProps={register('goal')} />;
    case 2:
      return (
        <ChoiceGroup
          id={id('frustrations')}
          type="checkbox"
          {...fieldLabels.frustrations}
          required
          options={frustrationOptions}
          error={error('frustrations')}
          inputProps={register('frustrations')}
        />
      );
    case 3:
      return (
        <ChoiceGroup
          id={id('investment')}
          type="radio"
          {...fieldLabels.investment}
          required
          options={investmentOptions}
          error={error('investment')}
          inputProps={register('investment')}
        />
      );
    default:
      return (
        <div className="space-y-5">
          <TextAreaField id={id('additionalInfo')} {...fieldLabels.additionalInfo} error={error('additionalInfo')} textareaProps={register('additionalInfo')} />
          <CheckboxField id={id('earlyAccess')} label={fieldLabels.earlyAccess.label} inputProps={register('earlyAccess')} />
        </div>
      );
  }
}
