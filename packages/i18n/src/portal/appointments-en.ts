/** Portal catalogue, domain "appointments" (English). */
export const appointmentsEn = {
  nav: { appointments: 'Appointments' },
  title: 'Appointments',
  subtitle: 'Visits booked on doctors’ approved slots: upcoming, waiting and history.',
  tabs: 'Appointment views',
  tab: { upcoming: 'Upcoming', waiting: 'Waiting', history: 'History' },
  status: {
    UPCOMING: 'Upcoming', WAITING_FOR_DOCTOR: 'Waiting for doctor', PROCESSING: 'In progress', PENDING: 'Pending confirmation', COMPLETED: 'Completed', CANCELED: 'Cancelled',
  },
  location: { AT_THE_CLINIC: 'At the clinic', PATIENT_ADDRESS: 'At the patient’s address', ONLINE: 'Video visit' },
  fields: {
    code: 'Code', start: 'Date and time', patient: 'Patient', doctor: 'Doctor', location: 'Location', address: 'Address', reason: 'Reason', note: 'Note',
    status: 'Status', paid: 'Paid', free: 'Free', payment: 'Payment', diagnosis: 'Diagnosis', advice: 'Advice', cancelReason: 'Cancel reason', createdAt: 'Created',
    createdBy: 'Created by', search: 'Search', from: 'From', to: 'To', all: 'All', overdueOnly: 'Overdue only', meetingRoom: 'Meeting room',
  },
  overdue: 'Overdue: confirm',
  list: {
    table: 'Appointments', empty: 'No appointment matches these filters.', open: 'Open appointment {{code}}', new: 'New appointment', total: '{{count}} appointments',
    pagination: 'Pages', previousPage: 'Previous page', nextPage: 'Next page', firstPage: 'First page', lastPage: 'Last page', page: 'Page {{n}}',
  },
  create: {
    title: 'New appointment', patientSearch: 'Type a name, code or phone', day: 'Day', slots: 'Free slots', noSlots: 'No free slot on this day.',
    pickDay: 'Pick a day to see the doctor’s slots.', slot: '{{time}}', booked: 'Booked', submit: 'Book', cancel: 'Cancel', created: 'Appointment {{code}} booked',
    slotRequired: 'Pick a slot', paid: 'Paid appointment',
  },
  detail: {
    title: 'Appointment {{code}}', back: 'Back to appointments', history: 'History', historyTable: 'Status history', when: 'When', who: 'By', change: 'Change',
    created: 'Booked', system: 'System', notFound: 'Appointment not found',
    actions: 'Actions', waiting: 'Patient is waiting', start: 'Start the visit', pending: 'Mark pending confirmation', complete: 'Complete', cancel: 'Cancel appointment',
    print: 'Print slip', printQr: 'Print QR', join: 'Join video visit',
    completeTitle: 'Complete the appointment', completeSubmit: 'Complete', cancelTitle: 'Cancel this appointment?', cancelSubmit: 'Cancel appointment', close: 'Close',
    reschedule: 'Reschedule', rescheduleTitle: 'Move to another slot', rescheduleSubmit: 'Move', rescheduled: 'Appointment moved', rescheduledTo: 'Moved to {{when}}',
    completed: 'Appointment completed', canceled: 'Appointment cancelled', moved: 'Status changed to {{status}}',
  },
  print: {
    title: 'Appointment slip', qrTitle: 'Appointment QR code', qrHint: 'Staff scan this code to open the appointment.', printNow: 'Print', organization: 'CareWatch',
    patientCode: 'Patient code',
  },
};
