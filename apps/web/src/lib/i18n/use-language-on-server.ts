/**
 * A logged-in user's language is also kept on the server (PUT /api/user/language), so the mails the
 * shop sends them are written in it. Sent once per user and choice; only a choice made in this
 * browser is sent, so the English default of a new device never overwrites a choice made elsewhere.
 */
import { useEffect } from 'react';
import { api } from '../api-client';
import { useSession } from '../auth/session';
import { storedLanguage } from './language';
import { useLanguage } from './use-t';

const SENT_KEY = 'mandi.language.sent';

export function useLanguageOnServer(): void {
  const { user } = useSession();
  const language = useLanguage();
  const userId = user?._id;

  useEffect(() => {
    if (!userId || storedLanguage() !== language) return;
    const sent = `${userId}:${language}`;
    try {
      if (localStorage.getItem(SENT_KEY) === sent) return;
    } catch {
      return;
    }
    let isCurrent = true;
    api
      .put('/api/user/language', { language })
      .then(() => {
        if (isCurrent) localStorage.setItem(SENT_KEY, sent);
      })
      // Mails stay in the last language the server heard; the next visit tries again.
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [userId, language]);
}
