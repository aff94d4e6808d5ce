import { HONEYPOT_FIELD } from '../../lib/waitlist/schema.ts';

/**
 * A field people never see; bots that fill every input reveal themselves. Both forms carry it: the
 * plain form posts it, the wizard reads it from its form and sends it in the JSON.
 */
export function HoneypotField({ idPrefix }: { idPrefix: string }) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
