import { useTranslation } from '../../i18n/react';
import type { ConfigurableOption, ProductDetail } from '../../lib/api/catalog.api';
import { swatchColour, variantFor, type Selection } from '../../lib/variants';

interface SwatchesProps {
  product: ProductDetail;
  option: ConfigurableOption;
  selection: Selection;
  onSelect: (code: string, valueUid: string) => void;
}

/**
 * One configurable attribute as a group of radio buttons drawn as swatches. The legend names
 * the chosen value; out-of-stock values stay selectable (to see them) and say so.
 */
export function Swatches({ product, option, selection, onSelect }: SwatchesProps) {
  const { t } = useTranslation();
  const code = option.attribute_code as string;
  const chosen = option.values?.find((v) => v.uid !== null && v.uid === selection[code]);
  return (
    <fieldset className="swatches">
      <legend className="swatches__legend">
        {option.label}:{' '}
        <span className="swatches__chosen" data-testid="selected-option">
          {chosen?.label ?? t('product.chooseOption')}
        </span>
      </legend>
      <div className="swatches__list">
        {(option.values ?? []).map((value, index) => {
          const uid = value.uid;
          if (uid === null) return null;
          const variant = variantFor(product, selection, code, uid);
          const unavailable = !variant || variant.stock_status !== 'IN_STOCK';
          const colour = swatchColour(value.swatch_data?.value);
          const inputId = `swatch-${code}-${index}`;
          return (
            <div key={uid} className={`swatch${unavailable ? ' swatch--unavailable' : ''}`}>
              <input
                type="radio"
                id={inputId}
                className="swatch__input"
                name={`option-${code}`}
                value={uid}
                checked={selection[code] === uid}
                onChange={() => onSelect(code, uid)}
              />
              <label htmlFor={inputId} className="swatch__label" title={value.label ?? undefined}>
                <span
                  className={`swatch__chip${colour ? '' : ' swatch__chip--text'}`}
                  style={colour ? { backgroundColor: colour } : undefined}
                  aria-hidden="true"
                >
                  {colour ? null : value.label}
                </span>
                <span className="visually-hidden">
                  {value.label}
                  {unavailable ? `, ${t('stock.outOfStock')}` : ''}
                </span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
