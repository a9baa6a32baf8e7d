/**
 * The admin's slot template form (add, or edit the template given): weekdays, start and end time,
 * capacity (empty: no limit), cut-off minutes before the start, and the zones it serves (none
 * ticked: every zone). Each field's problem is shown beside it; the server's answer below.
 */
import type { SlotTemplate, Zone } from '@mandi/shared/delivery';
import { type FormEvent, useId, useState } from 'react';
import { FormMessages, useActionMessages } from '../../../components/admin/action-messages';
import { type Translate, translate, useT } from '../../../lib/i18n';
import { type SlotTemplateInput, useSaveSlotTemplate } from '../api/admin-delivery';
import { deliveryAdminTexts as x } from '../delivery-admin.texts';
import { formatSlotHours } from './format-slot';

/** Monday first, as the shop's week is read; the values are the contract's (0 = Sunday). */
export const WEEKDAYS = [
  { value: 1, short: x.mon, long: x.monday },
  { value: 2, short: x.tue, long: x.tuesday },
  { value: 3, short: x.wed, long: x.wednesday },
  { value: 4, short: x.thu, long: x.thursday },
  { value: 5, short: x.fri, long: x.friday },
  { value: 6, short: x.sat, long: x.saturday },
  { value: 0, short: x.sun, long: x.sunday },
] as const;

export interface SlotTemplateValues {
  days: number[];
  start: string;
  end: string;
  capacity: string;
  cutoffMinutes: string;
  zoneIds: string[];
}

type SlotErrors = Partial<Record<keyof SlotTemplateValues, string>>;

export const EMPTY_TEMPLATE: SlotTemplateValues = {
  days: [1, 2, 3, 4, 5, 6],
  start: '07:00',
  end: '09:00',
  capacity: '',
  cutoffMinutes: '60',
  zoneIds: [],
};

export function templateToValues(slot: SlotTemplate): SlotTemplateValues {
  return {
    days: [...slot.days],
    start: slot.start,
    end: slot.end,
    capacity: slot.capacity === null ? '' : String(slot.capacity),
    cutoffMinutes: String(slot.cutoffMinutes),
    zoneIds: [...slot.zoneIds],
  };
}

const isTime = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/** The template to send, or the problem of each field. */
export function validateTemplate(
  values: SlotTemplateValues,
  t: Translate = translate,
): { input: SlotTemplateInput | null; errors: SlotErrors } {
  const errors: SlotErrors = {};
  if (!values.days.length) errors.days = t(x.tickAtLeastOneWeekday);
  if (!isTime(values.start)) errors.start = t(x.giveTheStartAsHh);
  if (!isTime(values.end)) errors.end = t(x.giveTheEndAsHh);
  else if (isTime(values.start) && values.end <= values.start) errors.end = t(x.theSlotEndsAfterIt);
  const capacityText = values.capacity.trim();
  if (capacityText !== '' && !(/^\d+$/.test(capacityText) && Number(capacityText) >= 1)) {
    errors.capacity = t(x.theCapacityIsAWhole);
  }
  const cutoffText = values.cutoffMinutes.trim();
  if (!/^\d+$/.test(cutoffText)) errors.cutoffMinutes = t(x.theCutOffIsA);
  if (Object.keys(errors).length) return { input: null, errors };
  return {
    input: {
      days: [...values.days].sort((a, b) => a - b),
      start: values.start,
      end: values.end,
      capacity: capacityText === '' ? null : Number(capacityText),
      cutoffMinutes: Number(cutoffText),
      zoneIds: values.zoneIds,
    },
    errors,
  };
}

export function SlotTemplateForm({
  slot,
  zones,
  onDone,
}: {
  slot: SlotTemplate | null;
  zones: Zone[];
  onDone: () => void;
}) {
  const t = useT();
  const [values, setValues] = useState<SlotTemplateValues>(() => (slot ? templateToValues(slot) : EMPTY_TEMPLATE));
  const [errors, setErrors] = useState<SlotErrors>({});
  const save = useSaveSlotTemplate();
  const messages = useActionMessages();
  const id = useId();
  const errorId = (field: keyof SlotTemplateValues) => `${id}-${field}-error`;
  const describe = (field: keyof SlotTemplateValues, hint?: string) =>
    [hint ?? '', errors[field] ? errorId(field) : ''].filter(Boolean).join(' ') || undefined;
  const errorLine = (field: keyof SlotTemplateValues) =>
    errors[field] && (
      <p id={errorId(field)} className="error-text mt-1">
        {errors[field]}
      </p>
    );

  const flip = <T,>(items: T[], value: T) =>
    items.includes(value) ? items.filter((item) => item !== value) : [...items, value];
  const toggleDay = (day: number) => setValues((current) => ({ ...current, days: flip(current.days, day) }));
  const toggleZone = (zoneId: string) =>
    setValues((current) => ({ ...current, zoneIds: flip(current.zoneIds, zoneId) }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateTemplate(values, t);
    setErrors(checked.errors);
    const { input } = checked;
    if (!input) return;
    const saved = await messages.submit(async () => {
      const result = await save.mutateAsync({ id: slot?._id ?? null, input });
      return t(slot ? x.slotHoursUpdated : x.slotHoursAdded, { hours: formatSlotHours(result) });
    });
    if (saved && !slot) setValues(EMPTY_TEMPLATE);
    if (saved && slot) onDone();
  }

  return (
    <form className="card flex flex-col gap-4 p-5" onSubmit={handleSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-bold text-stone-900">
        {slot ? t(x.editSlotHours, { hours: formatSlotHours(slot) }) : t(x.addASlotTemplate)}
      </h3>
      <fieldset aria-describedby={describe('days')}>
        <legend className="field-label">{t(x.weekdays)}</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => (
            <label
              key={day.value}
              className="flex items-center gap-1.5 rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm has-[:checked]:border-green-700 has-[:checked]:bg-green-50"
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-green-700"
                checked={values.days.includes(day.value)}
                onChange={() => toggleDay(day.value)}
                aria-label={t(day.long)}
              />
              <span aria-hidden="true">{t(day.short)}</span>
            </label>
          ))}
        </div>
        {errorLine('days')}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-start`} className="field-label">
            {t(x.start)}
          </label>
          <input
            id={`${id}-start`}
            type="time"
            className="field-input"
            value={values.start}
            onChange={(event) => setValues((current) => ({ ...current, start: event.target.value }))}
            aria-invalid={errors.start ? true : undefined}
            aria-describedby={describe('start')}
          />
          {errorLine('start')}
        </div>
        <div>
          <label htmlFor={`${id}-end`} className="field-label">
            {t(x.end)}
          </label>
          <input
            id={`${id}-end`}
            type="time"
            className="field-input"
            value={values.end}
            onChange={(event) => setValues((current) => ({ ...current, end: event.target.value }))}
            aria-invalid={errors.end ? true : undefined}
            aria-describedby={describe('end')}
          />
          {errorLine('end')}
        </div>
        <div>
          <label htmlFor={`${id}-capacity`} className="field-label">
            {t(x.capacityOrders)}
          </label>
          <input
            id={`${id}-capacity`}
            inputMode="numeric"
            className="field-input"
            value={values.capacity}
            onChange={(event) => setValues((current) => ({ ...current, capacity: event.target.value }))}
            aria-invalid={errors.capacity ? true : undefined}
            aria-describedby={describe('capacity', `${id}-capacity-hint`)}
          />
          <p id={`${id}-capacity-hint`} className="mt-1 text-xs text-stone-600">
            {t(x.emptyNoLimit)}
          </p>
          {errorLine('capacity')}
        </div>
        <div>
          <label htmlFor={`${id}-cutoff`} className="field-label">
            {t(x.cutOffMinutesBeforeStart)}
          </label>
          <input
            id={`${id}-cutoff`}
            inputMode="numeric"
            className="field-input"
            value={values.cutoffMinutes}
            onChange={(event) => setValues((current) => ({ ...current, cutoffMinutes: event.target.value }))}
            aria-invalid={errors.cutoffMinutes ? true : undefined}
            aria-describedby={describe('cutoffMinutes')}
          />
          {errorLine('cutoffMinutes')}
        </div>
      </div>
      <fieldset aria-describedby={`${id}-zones-hint`}>
        <legend className="field-label">{t(x.zones)}</legend>
        <p id={`${id}-zones-hint`} className="mb-2 text-xs text-stone-600">
          {t(x.noneTickedEveryZone)}
        </p>
        {zones.length === 0 ? (
          <p className="text-sm text-stone-600">{t(x.noZonesYetTheSlot)}</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {zones.map((zone) => (
              <label
                key={zone._id}
                className="flex items-center gap-1.5 rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm has-[:checked]:border-green-700 has-[:checked]:bg-green-50"
              >
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-green-700"
                  checked={values.zoneIds.includes(zone._id)}
                  onChange={() => toggleZone(zone._id)}
                />
                {zone.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <FormMessages success={messages.success} errors={messages.errors} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {t(slot ? x.saveSlot : x.addSlot)}
        </button>
        {slot && (
          <button type="button" className="btn-secondary" onClick={onDone}>
            {t(x.cancelEdit)}
          </button>
        )}
      </div>
    </form>
  );
}
