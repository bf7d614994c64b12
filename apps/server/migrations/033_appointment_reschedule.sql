-- Issue 15: an appointment moved to another slot keeps the move in its history (the new start).
alter table appointment_changes add column rescheduled_to timestamptz;
