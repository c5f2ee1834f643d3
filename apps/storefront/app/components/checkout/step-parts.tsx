import { useEffect, useRef, type ReactNode } from 'react';

/** A step's problem, in the server's or the shop's words: announced, and focused so keyboard users land on it. */
export function StepAlert({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [children]);
  return <p ref={ref} className="form-alert form-alert--error" role="alert" tabIndex={-1}>{children}</p>;
}

/**
 * A step's heading. A step that opens because the shopper finished the one before it takes focus
 * there, as a new page would put the reader at its top; steps shown when the page opens do not.
 */
export function StepHeading({ id, focus, children }: { id: string; focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Only when the step appears: later renders keep focus where the shopper is.
  const initial = useRef(focus);
  useEffect(() => {
    if (initial.current) ref.current?.focus();
  }, []);
  return <h2 id={id} ref={ref} tabIndex={-1}>{children}</h2>;
}
