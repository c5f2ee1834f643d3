import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

/** Whether the view was opened by a hash change (its heading then takes focus) or is the first view. */
export const FocusViewContext = createContext(false);

/**
 * One view of the account app: a section named by its heading. After a hash change the heading
 * takes focus, as a page load would put the reader at the top of the new page.
 */
export function AccountView({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const shouldFocus = useContext(FocusViewContext);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (shouldFocus) heading.current?.focus();
  }, [shouldFocus]);
  return (
    <section className={`account-view${className ? ` ${className}` : ''}`} aria-labelledby="account-view-heading">
      <h2 id="account-view-heading" ref={heading} tabIndex={-1}>{title}</h2>
      {children}
    </section>
  );
}
