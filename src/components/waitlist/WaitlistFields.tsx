import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The waiting-list form's fields, shared by the wizard dialog (wired to react-hook-form through
 * `inputProps`) and the plain no-JavaScript form on /waitlist (plain names and default values).
 * Every error is tied to its field with aria-invalid and aria-describedby.
 */

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { ref?: unknown };

interface FieldFrame {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
}

const controlClass =
  'mt-2 block w-full rounded-ui border border-line-strong bg-white px-3.5 py-2.5 text-base text-ink shadow-field ' +
  'placeholder:text-muted aria-invalid:border-error aria-invalid:shadow-field-refused';

function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Hint({ id, hint }: { id: string; hint?: string | undefined }) {
  return hint ? (
    <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
      {hint}
    </p>
  ) : null;
}

function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-2 text-sm font-medium text-error">
      {error}
    </p>
  ) : null;
}

function RequiredMark({ required }: { required?: boolean | undefined }) {
  return required ? (
    <span aria-hidden="true" className="text-error">
      {' '}
      *
    </span>
  ) : null;
}

export function TextField({
  id,
  label,
  hint,
  error,
  required,
  type = 'text',
  inputProps,
}: FieldFrame & { type?: 'text' | 'email'; inputProps: InputProps }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
        <RequiredMark required={required} />
      </label>
      <Hint id={id} hint={hint} />
      <input
        id={id}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        className={controlClass}
        {...(inputProps as InputHTMLAttributes<HTMLInputElement>)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export function TextAreaField({
  id,
  label,
  hint,
  error,
  textareaProps,
}: FieldFrame & { textareaProps: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { ref?: unknown } }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <Hint id={id} hint={hint} />
      <textarea
        id={id}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cn(controlClass, 'resize-y')}
        {...(textareaProps as TextareaHTMLAttributes<HTMLTextAreaElement>)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface ChoiceGroupProps extends FieldFrame {
  type: 'radio' | 'checkbox';
  options: readonly string[];
  /** Props for every input (react-hook-form's register result, or `{ name }` for the plain form). */
  inputProps: InputProps;
  /** Values ticked when the plain form is shown again. */
  selected?: readonly string[] | undefined;
  columns?: 1 | 2;
}

export function ChoiceGroup({
  id,
  label,
  hint,
  error,
  required,
  type,
  options,
  inputProps,
  selected,
  columns = 1,
}: ChoiceGroupProps) {
  return (
    <fieldset id={id} aria-describedby={describedBy(id, hint, error)} tabIndex={-1} className="outline-none">
      <legend className="font-medium">
        {label}
        <RequiredMark required={required} />
        {/* The asterisk is hidden from screen readers, and a group has no required state to expose
            (a text field has aria-required): its name says it, or nothing would until a refusal. */}
        {required ? (
          <>
            {' '}
            <span className="sr-only">(required)</span>
          </>
        ) : null}
      </legend>
      <Hint id={id} hint={hint} />
      {/* Directly under the question, above the options: with many options a message below the
          last one sits out of view while focus is on the first. */}
      <FieldError id={id} error={error} />
      <div className={cn('mt-3 grid gap-2', columns === 2 && 'sm:grid-cols-2')}>
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-ui border border-line-strong bg-white px-3.5 py-2.5 has-checked:border-violet-deep has-checked:bg-violet/10"
            >
              <input
                id={optionId}
                type={type}
                value={option}
                aria-invalid={error ? true : undefined}
                defaultChecked={selected ? selected.includes(option) : undefined}
                className="mt-1 size-4 shrink-0 accent-violet-deep"
                {...(inputProps as InputHTMLAttributes<HTMLInputElement>)}
              />
              <span>{option}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function CheckboxField({ id, label, inputProps }: { id: string; label: string; inputProps: InputProps }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-violet-deep"
        {...(inputProps as InputHTMLAttributes<HTMLInputElement>)}
      />
      <span>{label}</span>
    </label>
  );
}
