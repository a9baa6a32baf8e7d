/** The header's search: a keyword opens the products screen searched for it; nothing opens every product. */
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

export function SearchForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    navigate(text ? paths.productSearch(text) : paths.products());
    onDone();
  }

  return (
    <search>
      <form onSubmit={handleSubmit} className="flex items-end gap-2 p-4">
        <div className="flex-1">
          <label htmlFor={inputId} className="field-label">
            Search products
          </label>
          <input
            ref={inputRef}
            id={inputId}
            name="search"
            type="search"
            placeholder="Mango, tomato, paneer…"
            autoComplete="off"
            enterKeyHint="search"
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-primary h-[2.625rem]">
          Search
        </button>
      </form>
    </search>
  );
}
