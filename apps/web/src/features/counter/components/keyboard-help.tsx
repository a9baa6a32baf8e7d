/** The counter's keys, on screen: every action has one on a PC (docs of the counter screen). */
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { counterTexts as x } from '../counter.texts';
import { counterDevicesTexts } from '../counter-devices.texts';

const KEYS = [
  x.keyLetters,
  x.keyDigits,
  x.keyEnter,
  x.keyEscape,
  x.keyCash,
  x.keyUpi,
  x.keyKhata,
  x.keyRupees,
  x.keyHold,
  x.keyPrint,
  counterDevicesTexts.keyWeigh,
];

export function KeyboardHelp() {
  const t = useT();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="hidden rounded-2xl bg-stone-100 p-3 text-sm text-stone-800 md:block"
    >
      <h2 id={headingId} className="mb-1 font-semibold text-stone-900">
        {t(x.keyboard)}
      </h2>
      <ul className="grid gap-x-6 gap-y-1 lg:grid-cols-2">
        {KEYS.map((text) => (
          <li key={text.id}>{t(text)}</li>
        ))}
      </ul>
    </section>
  );
}
