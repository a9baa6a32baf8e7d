/** The collapsible Filter panel of the products page: categories (multi-select), a price range and the buttons. */
import { PRICE_RANGES } from '@mandi/shared';
import { useId } from 'react';
import { ChevronDownIcon, FilterIcon } from '../../../components/ui/icons/shop-icons';
import { useLanguage, useT } from '../../../lib/i18n';
import { sizedImage } from '../../../lib/sized-image';
import type { Category } from '../../../lib/types';
import { catalogTexts as x } from '../catalog.texts';
import { categoryNameIn } from '../category-name';
import { type FilterSelection, formatPriceRange, toggleCategory } from '../products-filter';

export function FilterPanel({
  isOpen,
  onToggle,
  categories,
  selection,
  onSelectionChange,
  onApply,
  onClear,
  isFilterApplied,
  message,
}: {
  isOpen: boolean;
  onToggle: () => void;
  categories: Category[];
  selection: FilterSelection;
  onSelectionChange: (next: FilterSelection) => void;
  onApply: () => void;
  onClear: () => void;
  isFilterApplied: boolean;
  message: string | null;
}) {
  const panelId = useId();
  const t = useT();
  const language = useLanguage();
  const priceId = useId();
  const categoriesLabelId = useId();

  return (
    <aside aria-label={t(x.filterProducts)}>
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={isOpen}
        aria-controls={panelId}
        className="inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 shadow-sm transition hover:border-green-600 hover:bg-green-50 aria-expanded:border-green-700 aria-expanded:bg-green-50"
      >
        <FilterIcon />
        {t(x.filter)}
        <ChevronDownIcon className={`h-5 w-5 text-stone-500 transition ${isOpen ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={panelId}
        hidden={!isOpen}
        className="card mt-3 grid gap-5 p-4 sm:p-5 md:grid-cols-[1fr_16rem] md:items-start"
      >
        <div>
          <p id={categoriesLabelId} className="field-label">
            {t(x.categories)}
          </p>
          <ul className="flex flex-wrap gap-2" aria-labelledby={categoriesLabelId}>
            {categories.map((category) => {
              const isSelected = selection.categoryIds.includes(category._id);
              return (
                <li key={category._id}>
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    onClick={() =>
                      onSelectionChange({
                        ...selection,
                        categoryIds: toggleCategory(selection.categoryIds, category._id),
                      })
                    }
                    className={`inline-flex items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm font-medium transition ${
                      isSelected
                        ? 'border-green-700 bg-green-700 text-white'
                        : 'border-stone-300 bg-white text-stone-700 hover:border-green-600 hover:bg-green-50'
                    }`}
                  >
                    <img
                      {...sizedImage(category.categoryImage, '24px')}
                      alt=""
                      width={24}
                      height={24}
                      loading="lazy"
                      className="h-6 w-6 rounded-full bg-white object-contain p-0.5"
                    />
                    {categoryNameIn(category, language)}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
        <div>
          <label htmlFor={priceId} className="field-label">
            {t(x.pricePerKg)}
          </label>
          <select
            id={priceId}
            value={selection.priceRange}
            onChange={(event) => onSelectionChange({ ...selection, priceRange: event.target.value })}
            className="field-input"
          >
            <option value="">{t(x.anyPrice)}</option>
            {PRICE_RANGES.map((range) => (
              <option key={range} value={range}>
                {formatPriceRange(range)}
              </option>
            ))}
          </select>
        </div>
        {message && (
          <p className="error-text rounded-lg bg-red-50 px-3 py-2 md:col-span-2" role="alert">
            {message}
          </p>
        )}
        <div className="flex flex-wrap gap-2 md:col-span-2">
          <button type="button" className="btn-primary flex-1 md:min-w-44 md:flex-none" onClick={onApply}>
            {t(x.applyFilter)}
          </button>
          {isFilterApplied && (
            <button type="button" className="btn-secondary flex-1 md:min-w-44 md:flex-none" onClick={onClear}>
              {t(x.clearFilter)}
            </button>
          )}
        </div>
      </div>
    </aside>
  );
}
