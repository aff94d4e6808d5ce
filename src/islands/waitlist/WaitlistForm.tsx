import { zodResolver } from '@hookform/resolvers/zod';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/Button.tsx';
import {
  HONEYPOT_FIELD,
  WAITLIST_STEP_COUNT,
  waitlistFieldKinds,
  waitlistFields,
  waitlistSchema,
  waitlistStepFields,
  waitlistStepSchemas,
  waitlistStepTitles,
  type WaitlistField,
  type WaitlistInput,
  type WaitlistValues,
} from '../../lib/waitlist/schema.ts';
import { afterNextFrame } from '../scheduling.ts';
import { submitLead } from './submit-lead.ts';
import {
  problemLine,
  problemsTitle,
  WaitlistStepFields,
  type WaitlistStepFieldsProps,
} from '../../components/waitlist/WaitlistStepFields.tsx';
import { PrivacyNote } from '../../components/waitlist/PrivacyNote.tsx';
import { HoneypotField } from '../../components/waitlist/HoneypotField.tsx';
import { analyticsEvents, track } from '../../lib/analytics/events.ts';

export const SUCCESS_TITLE = 'Success!';
export const SUCCESS_TEXT = "You've been added to the waiting list. We'll be in touch soon.";

/** Each field empty, by its kind in the schema (no option chosen until the visitor picks one). */
const emptyByKind = { text: '', choice: undefined, list: [], flag: false } as const;
// The form starts incomplete on purpose: the schema's required choices are unset until picked.
const emptyValues = Object.fromEntries(
  waitlistFields.map((field) => [field, emptyByKind[waitlistFieldKinds[field]]]),
) as unknown as WaitlistInput;

export interface WaitlistFormProps {
  program: string | null;
  idempotencyKey: string;
  /** As the answers, checked, go to the server. */
  onSend?: () => void;
  onStored: () => void;
  /** A send ended without storing the lead (refused or failed); the form now shows why. */
  onUnsent?: () => void;
  onCancel: () => void;
  submit?: typeof submitLead;
}

/** The step shown: every step is mounted, and all but this one are hidden (below). */
const SHOWN_STEP = '[data-waitlist-step]:not([hidden])';
/** The first field of the step shown (the wizard's dialog focuses it as it opens). */
export const SHOWN_STEP_FIELD = `${SHOWN_STEP} :is(input, textarea)`;

/**
 * One step's fields. Every step stays mounted, hidden but the one shown, so that Next and Previous
 * only hide one and show another: rendering a step's fields afresh (and react-hook-form's
 * registration of each) was most of their script on a phone. A step renders again only when what
 * it shows changes: its own answers' messages, or the role's "Other".
 */
const StepFields = memo(
  WaitlistStepFields,
  (before: WaitlistStepFieldsProps, after: WaitlistStepFieldsProps) =>
    before.step === after.step &&
    before.bind === after.bind &&
    before.showRoleOther === after.showRoleOther &&
    waitlistStepFields[after.step]!.every((field) => before.errors[field] === after.errors[field]),
);

/** The five-step form. It is mounted afresh for each opening of the dialog, which is what resets it. */
export function WaitlistForm({
  program,
  idempotencyKey,
  onSend,
  onStored,
  onUnsent,
  onCancel,
  submit = submitLead,
}: WaitlistFormProps) {
  const [step, setStep] = useState(0);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  // The funnel counts each step once, the furthest reached (going back and forth adds nothing). The
  // first is counted by whoever shows the form (the dialog mounts it before anyone opens it).
  const furthestStep = useRef(0);
  useEffect(() => {
    if (step <= furthestStep.current) return;
    furthestStep.current = step;
    track(analyticsEvents.waitlistStep, { step: step + 1, program });
  }, [step, program]);
  const formRef = useRef<HTMLFormElement>(null);
  // The key that goes with the answers last sent under it. If an answer changes after a failed send,
  // it is a different lead: it gets a new key, so the server stores it instead of answering 422.
  const keyRef = useRef<{ key: string; sentAnswers: string | null }>({ key: idempotencyKey, sentAnswers: null });
  const {
    register,
    trigger,
    getValues,
    clearErrors,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<WaitlistInput, unknown, WaitlistValues>({
    resolver: zodResolver(waitlistSchema),
    defaultValues: emptyValues,
    shouldUnregister: false,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // Each step opens with its first field focused, so keyboard and screen-reader users start in the
  // right place. Not as the form mounts: the dialog focuses the first field as it opens (autofocus,
  // WaitlistWizard.tsx), and the form is mounted while the dialog is closed and invisible, where a
  // focus() moves nothing but forces a style pass over the form (6 ms at 4x, in the idle task that
  // mounts it, where a first tap on Join may be waiting).
  const focusedStep = useRef(step);
  useEffect(() => {
    if (step === focusedStep.current) return;
    focusedStep.current = step;
    stepRef.current?.querySelector<HTMLElement>(SHOWN_STEP_FIELD)?.focus();
  }, [step]);

  // Submit is disabled while a send is on its way, which drops focus to the page. When the send
  // fails, focus goes back to it, now saying "Try again", below the message the alert announces;
  // not when the visitor has meanwhile gone to a field of the form, where they are typing. Decided
  // as the answer comes, before a dialog closed meanwhile opens again (and focuses its first field).
  const focusTryAgain = useRef(true);
  useEffect(() => {
    if (failure && focusTryAgain.current)
      formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [failure]);

  const focusFirstError = (fields: readonly WaitlistField[]) => {
    const first = fields.find((field) => errorsRef.current[field]);
    if (first) setFocus(first);
    refuse(fields, (field) => errorsRef.current[field]?.message);
  };
  const errorsRef = useRef(errors);
  errorsRef.current = errors;

  /**
   * What a refused Next or send says to screen readers, in a status region. Focus goes to the first
   * invalid control, whose message is read with it; but where focus already is there (Enter in the
   * empty first field, or on an option left unticked) it does not move, and nothing would be read.
   * The step's problems, worded as the plain form's summary words them, follow what focus reads.
   * Keyed by the request, so a second refusal with the same words is announced again.
   */
  const [problems, setProblems] = useState<string | null>(null);
  function refuse(fields: readonly WaitlistField[], messageOf: (field: WaitlistField) => string | undefined) {
    const lines = fields.flatMap((field) => {
      const message = messageOf(field);
      return message ? [`${problemLine(field, message)}.`] : [];
    });
    setProblems(lines.length ? `${problemsTitle(lines.length)}. ${lines.join(' ')}` : null);
    setRevealRequest((count) => count + 1);
  }
  /** A new step starts with nothing said about the last one. */
  function goToStep(next: (current: number) => number) {
    setProblems(null);
    setStep(next);
  }

  // After a refused Next or submit, once the messages are rendered: focus has gone to the first
  // invalid control; scroll the step just enough that its message shows too (the message of a
  // choice group sits above its options, the one of a text field below its input). A send the
  // server refused on the step already shown has left focus on the page (Submit was disabled
  // while it went): it goes back to the first invalid control.
  const [revealRequest, setRevealRequest] = useState(0);
  useEffect(() => {
    if (revealRequest === 0) return;
    const shown = stepRef.current?.querySelector(SHOWN_STEP);
    if (!formRef.current?.contains(document.activeElement))
      shown?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    shown?.querySelector('[id$="-error"]')?.scrollIntoView({ block: 'nearest' });
  }, [revealRequest]);

  /**
   * Shows the next step in the tap's own task when this step's answers pass its rules, checked here
   * synchronously; react-hook-form's `trigger` runs the whole schema through its resolver and
   * resolves a promise later, which was about half of Next's task on a phone at 4x CPU. `trigger`
   * still decides when an answer fails: it sets the messages and focuses the first one.
   */
  function next() {
    const fields = waitlistStepFields[step]!;
    if (waitlistStepSchemas[step]!.safeParse(getValues()).success) {
      // A message left by an earlier refused Next goes, as `trigger` would clear it.
      if (fields.some((field) => errorsRef.current[field])) clearErrors([...fields]);
      goToStep((current) => current + 1);
      return;
    }
    void trigger([...fields], { shouldFocus: true }).then((valid) => {
      if (valid) goToStep((current) => current + 1);
      else focusFirstError(fields);
    });
  }

  async function sendValid(values: WaitlistValues) {
    setFailure(null);
    setSending(true);
    const answers = JSON.stringify(values);
    if (keyRef.current.sentAnswers !== null && keyRef.current.sentAnswers !== answers) {
      keyRef.current = { key: crypto.randomUUID(), sentAnswers: null };
    }
    keyRef.current.sentAnswers = answers;
    const honeypot = formRef.current?.elements.namedItem(HONEYPOT_FIELD);
    onSend?.();
    const answered = submit(values, {
      idempotencyKey: keyRef.current.key,
      program,
      honeypot: honeypot instanceof HTMLInputElement ? honeypot.value : '',
    });
    // After the request has left, which does not wait for either.
    console.log('Waiting list submission', values);
    track(analyticsEvents.waitlistSubmitted, { program });
    const outcome = await answered;
    if (outcome.kind === 'stored') {
      // Still "Sending…": the dialog goes with the form in it (onStored), and rendering the form
      // again to say Submit would only make the success message's frame longer.
      track(analyticsEvents.waitlistStored, { program });
      onStored();
      return;
    }
    const active = document.activeElement;
    focusTryAgain.current = !(active?.matches('input, textarea, select') && formRef.current?.contains(active));
    setSending(false);
    onUnsent?.();
    if (outcome.kind === 'invalid') {
      const firstStep = waitlistStepFields.findIndex((fields) => fields.some((field) => field in outcome.errors));
      for (const [field, message] of Object.entries(outcome.errors))
        setError(field as keyof WaitlistInput, { message });
      if (firstStep >= 0) setStep(firstStep);
      refuse(firstStep >= 0 ? waitlistStepFields[firstStep]! : [], (field) => outcome.errors[field]);
      return;
    }
    // The key already holds other answers: "Try again" sends these under a new one.
    if (outcome.keyConflict) keyRef.current = { key: crypto.randomUUID(), sentAnswers: null };
    setFailure(outcome.message);
  }
  // Only the last step's own answers can fail here (each earlier one passed its Next); the resolver
  // focuses the first of them.
  const send = handleSubmit(sendValid, (invalid) => {
    setSending(false);
    refuse(waitlistStepFields[step]!, (field) => invalid[field]?.message);
  });

  // A message stays only while its answer is wrong: a corrected answer is checked again as it
  // changes. (`reValidateMode` does that only once `handleSubmit` has run, and the steps' Next never
  // runs it: every message stayed until the next Next, the field still invalid.)
  const bind = useCallback(
    (field: WaitlistField) =>
      register(field, {
        onChange: () => {
          if (errorsRef.current[field]) void trigger(field);
        },
      }),
    [register, trigger],
  );
  const messages = Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
  const roleOther = watch('role') === 'Other';

  const last = step === WAITLIST_STEP_COUNT - 1;
  const progress = Math.round(((step + 1) / WAITLIST_STEP_COUNT) * 100);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!last) {
          next();
          return;
        }
        // The answers leave in the tap's own task when they pass the schema, checked here
        // synchronously (as Next checks its step), and the button says "Sending…" in the frame after
        // it: the request is on its way while that frame is drawn. react-hook-form's check is left
        // to a task after that frame: run in the tap, it was a third of the tap's task on a phone at
        // 4x CPU. It is there for the answers that fail, which almost never happens here (each
        // earlier step was checked by its Next, and the last step's fields are optional): it sets
        // the messages, the button says Submit again and focus goes to the first message.
        const checked = waitlistSchema.safeParse(getValues());
        if (checked.success) {
          void sendValid(checked.data);
          return;
        }
        setSending(true);
        afterNextFrame(() => void send());
      }}
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="border-b border-line px-6 pb-4">
        <div className="flex items-baseline justify-between gap-4 text-sm">
          <p aria-live="polite" className="font-semibold text-violet-deep">
            Step {step + 1} of {WAITLIST_STEP_COUNT}
            <span className="sr-only">: {waitlistStepTitles[step]}</span>
          </p>
          <p aria-hidden="true" className="text-muted">
            {waitlistStepTitles[step]}
          </p>
        </div>
        <div
          role="progressbar"
          aria-label="Waiting list progress"
          aria-valuemin={1}
          aria-valuemax={WAITLIST_STEP_COUNT}
          aria-valuenow={step + 1}
          aria-valuetext={`Step ${step + 1} of ${WAITLIST_STEP_COUNT}`}
          className="mt-3 h-1.5 overflow-hidden rounded-full bg-stone"
        >
          <div
            // Forced colours drop the gradient (a background image): the system's highlight instead.
            className="h-full rounded-full bg-[image:var(--gradient-accent)] transition-[width] duration-300 forced-colors:bg-[Highlight]"
            style={{ width: `${progress}%` }}
          />
        </div>
      </div>

      <p role="status" className="sr-only">
        {/* A block, as narrow as the hidden region: inline, its one long line would run past the screen's edge. */}
        {problems ? (
          <span key={revealRequest} className="block">
            {problems}
          </span>
        ) : null}
      </p>

      <div ref={stepRef} className="min-h-0 flex-1 overflow-y-auto px-6 py-6">
        {waitlistStepTitles.map((title, index) => (
          <div key={title} data-waitlist-step={index} hidden={index !== step}>
            <StepFields step={index} bind={bind} errors={messages} showRoleOther={index === 0 && roleOther} />
          </div>
        ))}
      </div>

      {failure ? (
        // Shown inside the dialog, above its buttons: a floating toast would cover them on every
        // screen size. Words only, so that on a 320 px phone it leaves room for the step and the
        // buttons: sending again is the form's own button, which now says "Try again".
        <div
          role="alert"
          className="mx-6 mb-3 rounded-ui border border-error/40 bg-white px-4 py-3 text-sm shadow-card"
        >
          <p className="font-semibold text-error">We could not add you to the waiting list</p>
          <p className="text-ink-soft">{failure} Your answers are kept.</p>
        </div>
      ) : null}

      <HoneypotField idPrefix="wizard" />
      {last ? <PrivacyNote className="border-t border-line px-6 pt-3" /> : null}
      <div className={`flex items-center justify-between gap-3 px-6 py-4 ${last ? '' : 'border-t border-line'}`}>
        <Button variant="outline" disabled={step === 0 || sending} onClick={() => goToStep((current) => current - 1)}>
          Previous
        </Button>
        <div className="flex gap-3">
          <Button variant="ghost" className="max-sm:hidden" onClick={onCancel}>
            Cancel
          </Button>
          {last ? (
            <Button type="submit" variant="hero" disabled={sending} aria-disabled={sending || undefined}>
              {sending ? 'Sending…' : failure ? 'Try again' : 'Submit'}
            </Button>
          ) : (
            <Button type="submit">Next</Button>
          )}
        </div>
      </div>
    </form>
  );
}
