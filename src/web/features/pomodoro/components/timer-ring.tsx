/** A decorative ring that empties as the time runs out; the time itself is written beside it as text. */
export function TimerRing({ fraction, className = '' }: { fraction: number; className?: string }) {
  const radius = 46;
  const circumference = 2 * Math.PI * radius;
  const clamped = Math.min(1, Math.max(0, fraction));
  return (
    <svg viewBox="0 0 100 100" aria-hidden="true" className={`-rotate-90 ${className}`}>
      <circle cx="50" cy="50" r={radius} fill="none" strokeWidth="5" className="stroke-(--line)" />
      <circle
        cx="50"
        cy="50"
        r={radius}
        fill="none"
        strokeWidth="5"
        strokeLinecap="round"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - clamped)}
        className="stroke-(--accent) motion-safe:transition-[stroke-dashoffset] motion-safe:duration-700"
      />
    </svg>
  );
}
