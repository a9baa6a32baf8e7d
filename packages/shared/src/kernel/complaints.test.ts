import { describe, expect, it } from 'vitest';
import { canMoveComplaint, complaintDeadlines, complaintTicketLabel, isComplaintOverdue } from './complaints.js';

const made = new Date('2026-11-24T06:30:00Z');
const hours = (h: number) => new Date(made.getTime() + h * 3_600_000);

describe('complaint tickets', () => {
  it('writes the ticket with six digits or more', () => {
    expect(complaintTicketLabel(123)).toBe('C-000123');
    expect(complaintTicketLabel(1_234_567)).toBe('C-1234567');
  });

  it('gives 48 hours to acknowledge and 30 days to resolve', () => {
    const { acknowledgeBy, resolveBy } = complaintDeadlines(made);
    expect(acknowledgeBy.toISOString()).toBe('2026-11-26T06:30:00.000Z');
    expect(resolveBy.toISOString()).toBe('2026-12-24T06:30:00.000Z');
  });

  it('is overdue when Open past 48 hours, or not Resolved past 30 days', () => {
    expect(isComplaintOverdue('Open', made, hours(48))).toBe(false);
    expect(isComplaintOverdue('Open', made, hours(48.01))).toBe(true);
    expect(isComplaintOverdue('Acknowledged', made, hours(100))).toBe(false);
    expect(isComplaintOverdue('Acknowledged', made, hours(30 * 24 + 1))).toBe(true);
    expect(isComplaintOverdue('Resolved', made, hours(1000))).toBe(false);
  });

  it('moves forward only; a Resolved complaint is closed', () => {
    expect(canMoveComplaint('Open', 'Acknowledged')).toBe(true);
    expect(canMoveComplaint('Open', 'Resolved')).toBe(true);
    expect(canMoveComplaint('Acknowledged', 'Acknowledged')).toBe(true);
    expect(canMoveComplaint('Acknowledged', 'Resolved')).toBe(true);
    expect(canMoveComplaint('Resolved', 'Acknowledged')).toBe(false);
    expect(canMoveComplaint('Resolved', 'Resolved')).toBe(false);
  });
});
