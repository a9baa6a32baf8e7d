/**
 * "Copy for WhatsApp": the day's list (GET /api/rates/today) in English or Hindi copied to the
 * clipboard; when the browser refuses, the text is shown selected so it can be copied by hand.
 */
import type { RateListLanguage, RatesTodayAnswer } from '@mandi/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessages } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { ratesTodayQuery } from '../api/rates-today';
import { ratesTexts as x } from '../rates.texts';

export function CopyForWhatsApp() {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<RateListLanguage | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [fallback, setFallback] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (fallback !== null) area.current?.select();
  }, [fallback]);

  async function copy(language: RateListLanguage) {
    setBusy(language);
    setStatus(null);
    setFallback(null);
    try {
      const answer: RatesTodayAnswer = await queryClient.fetchQuery({ ...ratesTodayQuery(language), staleTime: 0 });
      try {
        await navigator.clipboard.writeText(answer.text);
        setStatus(t(x.copied));
      } catch {
        setStatus(t(x.copyFailed));
        setFallback(answer.text);
      }
    } catch (error) {
      setStatus(errorMessages(error).join(' '));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="whatsapp-title" className="card flex flex-col gap-3 p-4">
      <h2 id="whatsapp-title" className="font-bold text-stone-900">
        {t(x.whatsapp)}
      </h2>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" disabled={busy !== null} onClick={() => void copy('en')}>
          {t(x.whatsappEnglish)}
        </button>
        <button type="button" className="btn-secondary" disabled={busy !== null} onClick={() => void copy('hi')}>
          {t(x.whatsappHindi)}
        </button>
      </div>
      <p role="status" className={status ? 'text-sm font-semibold text-green-800' : 'sr-only'}>
        {status}
      </p>
      {fallback !== null && (
        <div>
          <label htmlFor="whatsapp-text" className="field-label">
            {t(x.copyText)}
          </label>
          <textarea
            id="whatsapp-text"
            ref={area}
            readOnly
            className="field-input min-h-40 font-mono text-sm"
            value={fallback}
          />
        </div>
      )}
    </section>
  );
}
