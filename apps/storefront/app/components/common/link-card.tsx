import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The spec's link-card widget (§2): a title leading somewhere the caller chooses. `list` shows a
 * right chevron (drawn by the stylesheet) unless `hideArrow`; `withImage` lays the title over a
 * picture; `club` is the loyalty club's accented card. The whole card is one link named by its title.
 */
export type LinkCardVariant = 'list' | 'withImage' | 'club';

export interface LinkCardProps {
  title: string;
  /** Where the card leads: a path inside the shop. */
  to: string;
  variant?: LinkCardVariant;
  /** The list and club variants' chevron is left out. */
  hideArrow?: boolean;
  /** The withImage variant's picture (decorative: the title names the link). */
  image?: string | null;
  /** A line under the title. */
  children?: ReactNode;
}

export function LinkCard({ title, to, variant = 'list', hideArrow = false, image, children }: LinkCardProps) {
  const withImage = variant === 'withImage';
  return (
    <Link className={`link-card link-card--${variant}${withImage || hideArrow ? '' : ' link-card--arrow'}`} to={to}>
      {withImage && image && <img className="link-card__image" src={image} alt="" width={400} height={300} loading="lazy" />}
      <span className="link-card__text">
        <span className="link-card__title">{title}</span>
        {children && <span className="link-card__detail">{children}</span>}
      </span>
    </Link>
  );
}
