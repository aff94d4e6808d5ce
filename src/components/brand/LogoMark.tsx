import { useId } from 'react';

/** The firm's mark: a warm-to-cool ring around a single node (a person at the centre of the system). */
export function LogoMark({ className }: { className?: string }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={`mark-${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb86b" />
          <stop offset="0.4" stopColor="#ff8a70" />
          <stop offset="0.75" stopColor="#b69cff" />
          <stop offset="1" stopColor="#7ee0f5" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="9" fill={`url(#mark-${id})`} />
      <circle cx="16" cy="16" r="8.5" fill="none" stroke="#0b1020" strokeWidth="2" opacity="0.85" />
      <circle cx="16" cy="16" r="3.25" fill="#0b1020" />
    </svg>
  );
}
